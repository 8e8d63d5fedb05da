import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// Where each zone of a game goes in a picture of its table, and how its piles show their cards.
///
/// A plan is a list of bands, top to bottom. Each band has a left group and a right group of
/// zones: the left group starts at the left edge, the right group ends at the right edge, and the
/// zones of a group stand side by side in the order given. A zone's piles stand in a row, or in
/// rows of ``ZonePlacement/pilesPerRow`` piles. ``standard(for:)`` derives a plan from the zones'
/// roles; a rule file will one day be able to state its own (the report of issue 19 proposes a
/// `layout` declaration whose checked form is this value).
public struct LayoutPlan: Hashable, Sendable {
    /// One horizontal band of the picture.
    public struct Band: Hashable, Sendable {
        /// Zones from the left edge, left to right.
        public var left: [ZonePlacement]
        /// Zones that end at the right edge, left to right.
        public var right: [ZonePlacement]

        /// A band with zones from the left edge and zones that end at the right edge.
        public init(left: [ZonePlacement], right: [ZonePlacement] = []) {
            self.left = left
            self.right = right
        }

        /// Every placement of the band, left group first.
        public var placements: [ZonePlacement] { left + right }
    }

    /// The bands, top to bottom.
    public var bands: [Band]

    /// A plan of the given bands, top to bottom.
    public init(bands: [Band]) { self.bands = bands }

    /// The names of the zones the plan places, in band order.
    public var zoneNames: [String] { bands.flatMap { $0.placements.map(\.zone) } }
}

/// How a pile shows the cards it holds.
public enum PileFan: Hashable, Sendable {
    /// Squared up: only the top card shows, with the number of cards beside it (stock, foundations).
    case stacked
    /// Fanned towards the bottom of the picture, each card showing its rank and suit (tableau).
    case down
    /// The top `showing` cards fanned a little to the right, the others squared under them (waste).
    case right(showing: Int)
}

/// One zone's place in a ``LayoutPlan``.
public struct ZonePlacement: Hashable, Sendable {
    /// The zone's name, as the rule file declares it.
    public var zone: String
    /// How each pile of the zone shows its cards.
    public var fan: PileFan
    /// The most piles side by side before the next row starts; nil for all in one row.
    public var pilesPerRow: Int?

    /// Places the zone named `zone`, its piles fanned by `fan`, `pilesPerRow` to a row (all in one when nil).
    public init(zone: String, fan: PileFan, pilesPerRow: Int? = nil) {
        self.zone = zone
        self.fan = fan
        self.pilesPerRow = pilesPerRow
    }
}

extension LayoutPlan {
    /// The most tableau piles the standard plan puts in one row; more are split into balanced rows
    /// (Baker's Dozen's thirteen as seven and six, Fan's eighteen as two rows of nine).
    static let tableauRowLimit = 10

    /// The plan a game gets from its zones' roles, as players lay such games out:
    ///
    /// - first band: stock, waste and cells from the left (in that order, zones of one role in
    ///   declaration order), foundations at the right;
    /// - second band: reserves from the left (Canfield's beside its tableau), then the tableau.
    ///
    /// Stock, foundations, cells and reserves are stacked, a waste fans its top three cards to the
    /// right and the tableau fans down, at most ten piles to a row. When the first band would be
    /// more than half as wide again as the second (Eight Off's eight cells and four foundations
    /// over eight columns), its zones wrap into as few rows as make it fit.
    public static func standard(for rules: GameRules) -> LayoutPlan {
        func zones(_ role: String) -> [Zone] { rules.zones.filter { roleName(of: $0) == role } }
        func place(_ zone: Zone, _ fan: PileFan, perRow: Int? = nil) -> ZonePlacement {
            ZonePlacement(zone: zone.name, fan: fan, pilesPerRow: perRow)
        }
        var topLeft = zones("stock").map { place($0, .stacked) } + zones("waste").map { place($0, .right(showing: 3)) }
            + zones("cell").map { place($0, .stacked) }
        var topRight = zones("foundation").map { place($0, .stacked) }
        let tableau = zones("tableau").map { zone in
            place(zone, .down, perRow: balancedRow(zone.piles.count, limit: tableauRowLimit))
        }
        let lower = zones("reserve").map { place($0, .stacked) } + tableau

        // Widths in piles: a fanned waste is about one and a half piles wide, and the gap between
        // the two groups about half a pile.
        func width(_ placements: [ZonePlacement], rows: Int) -> Double {
            placements.reduce(0.0) { sum, placement in
                let piles = Double(rules.zones.first { $0.name == placement.zone }.map { perRow($0.piles.count, rows: rows) } ?? 1)
                if case .right = placement.fan { return sum + piles + 0.5 }
                return sum + piles
            }
        }
        let lowerWidth = max(1, lower.reduce(0.0) { sum, placement in
            sum + Double(placement.pilesPerRow ?? rules.zones.first { $0.name == placement.zone }?.piles.count ?? 1)
        })
        let gap = topLeft.isEmpty || topRight.isEmpty ? 0 : 0.5
        var rows = 1
        while width(topLeft + topRight, rows: rows) + gap > lowerWidth * 1.5 && rows < 4 { rows += 1 }
        if rows > 1 {
            func wrapped(_ placement: ZonePlacement) -> ZonePlacement {
                var placement = placement
                if let zone = rules.zones.first(where: { $0.name == placement.zone }), zone.piles.count > 1 {
                    placement.pilesPerRow = perRow(zone.piles.count, rows: rows)
                }
                return placement
            }
            topLeft = topLeft.map(wrapped)
            topRight = topRight.map(wrapped)
        }

        var bands: [Band] = []
        if !topLeft.isEmpty || !topRight.isEmpty { bands.append(Band(left: topLeft, right: topRight)) }
        if !lower.isEmpty { bands.append(Band(left: lower)) }
        return LayoutPlan(bands: bands)
    }

    /// The piles per row that split `count` piles into balanced rows of at most `limit`; nil for one row.
    private static func balancedRow(_ count: Int, limit: Int) -> Int? {
        guard count > limit else { return nil }
        let rows = (count + limit - 1) / limit
        return (count + rows - 1) / rows
    }

    private static func perRow(_ count: Int, rows: Int) -> Int { (count + rows - 1) / rows }

    /// A zone's role by name (`stock`, `tableau`), whether the engine spells it as text or as an
    /// enumeration whose cases are the roles' names.
    static func roleName(of zone: Zone) -> String { "\(zone.role)" }
}
