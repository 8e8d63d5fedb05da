import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// Where each zone of a game goes in a picture of its table, and how its piles show their cards.
///
/// A plan is a list of bands, top to bottom. Each band has a left group and a right group of
/// zones: the left group starts at the left edge, the right group ends at the right edge, and the
/// zones of a group stand side by side in the order given. A zone's piles stand in a row, in
/// rows of ``ZonePlacement/pilesPerRow`` piles, or at the places of a grid (a pyramid, a cross). ``standard(for:)`` derives a plan from the zones'
/// roles and the rule file's `layout` declarations (``GameRules/layout``).
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

/// One zone's place in a ``LayoutPlan``.
public struct ZonePlacement: Hashable, Sendable {
    /// The zone's name, as the rule file declares it.
    public var zone: String
    /// How each pile of the zone shows its cards.
    public var fan: PileFan
    /// The most piles side by side before the next row starts; nil for all in one row.
    public var pilesPerRow: Int?
    /// Where each pile stands, in half places from the corner of the zone's grid, in pile order;
    /// nil to stand them in rows. Piles one half place apart overlap, the later over the earlier.
    public var places: [GridPlace]?
    /// Whether the zone's places are in a grid it shares with the other zones of its band that
    /// share one (a cross of several zones), rather than in a grid of its own.
    public var sharesGrid: Bool

    /// Places the zone named `zone`, its piles fanned by `fan`, `pilesPerRow` to a row (all in one
    /// when nil), or at `places` in a grid of its own or, when `sharesGrid`, the band's shared one.
    public init(zone: String, fan: PileFan, pilesPerRow: Int? = nil, places: [GridPlace]? = nil, sharesGrid: Bool = false) {
        self.zone = zone
        self.fan = fan
        self.pilesPerRow = pilesPerRow
        self.places = places
        self.sharesGrid = sharesGrid
    }

    /// The places of `lengths` rows, top row first, centred on the widest; each row lies half a
    /// place over the one above when `overlapping`, a whole place below it otherwise.
    public static func places(rows lengths: [Int], overlapping: Bool) -> [GridPlace] {
        let widest = lengths.max() ?? 0
        return lengths.enumerated().flatMap { row, length in
            (0..<length).map { GridPlace(column: widest - length + 2 * $0, row: row * (overlapping ? 1 : 2)) }
        }
    }
}

extension LayoutPlan {
    /// The most tableau piles the standard plan puts in one row; more are split into balanced rows
    /// (Baker's Dozen's thirteen as seven and six, Fan's eighteen as two rows of nine).
    static let tableauRowLimit = 10

    /// The plan a game gets from its zones' roles, as players lay such games out, adjusted by the
    /// rule file's `layout` declarations (``GameRules/layout``, Grammar.md 7.17):
    ///
    /// - first band: stock, waste and cells from the left (in that order, zones of one role in
    ///   declaration order), foundations at the right;
    /// - second band: reserves from the left (Canfield's beside its tableau), then the tableau.
    ///
    /// Stock, foundations, cells and reserves are stacked, a waste fans its top three cards to the
    /// right and the tableau fans down, at most ten piles to a row. A `layout` declaration then
    /// changes its zone's fan and piles per row where it says so, and a declaration that names a
    /// row or a side takes the zone from its place to the end of that side of that band (bands
    /// counted from 1 at the top, a side defaulting to the one the role gives), in declaration order.
    /// Rows of given lengths (`in rows 1, 2, 3`) and `overlapping` rows become places in the
    /// zone's own grid; the zones placed `at` places of one band share one grid, which stands
    /// where the first of them stands.
    /// Finally, when the first band would be more than half as wide again as the widest other band
    /// (Eight Off's eight cells and four foundations over eight columns), its zones whose piles per
    /// row no declaration fixes wrap into as few rows as make it fit.
    public static func standard(for rules: GameRules) -> LayoutPlan {
        func zones(_ role: String) -> [Zone] { rules.zones.filter { roleName(of: $0) == role } }
        func place(_ zone: Zone, _ fan: PileFan, perRow: Int? = nil) -> ZonePlacement {
            ZonePlacement(zone: zone.name, fan: fan, pilesPerRow: perRow)
        }
        // bands[row][side]: rows from 0 at the top, side 0 left and 1 right.
        var bands = Array(repeating: [[ZonePlacement]](repeating: [], count: 2), count: max(2, RuleLimits.layoutRows))
        bands[0][0] = zones("stock").map { place($0, .stacked) } + zones("waste").map { place($0, .right(showing: 3)) }
            + zones("cell").map { place($0, .stacked) }
        bands[0][1] = zones("foundation").map { place($0, .stacked) }
        bands[1][0] = zones("reserve").map { place($0, .stacked) } + zones("tableau").map { zone in
            place(zone, .down, perRow: balancedRow(zone.piles.count, limit: tableauRowLimit))
        }

        // The rule file's declarations, the first for each zone the game shows.
        var fixedPerRow: Set<String> = []
        var declared: Set<String> = []
        for request in rules.layout where declared.insert(request.zone).inserted {
            guard let row = bands.firstIndex(where: { $0.contains { $0.contains { $0.zone == request.zone } } }) else { continue }
            let side = bands[row][0].contains { $0.zone == request.zone } ? 0 : 1
            let index = bands[row][side].firstIndex { $0.zone == request.zone }!
            var placement = bands[row][side][index]
            if let fan = request.fan { placement.fan = fan }
            if let perRow = request.pilesPerRow {
                placement.pilesPerRow = perRow
                fixedPerRow.insert(request.zone)
            }
            let count = rules.zones.first { $0.name == request.zone }?.piles.count ?? 0
            if let places = request.places {
                placement.places = places
                placement.sharesGrid = true
            } else if let lengths = request.rowLengths {
                placement.places = ZonePlacement.places(rows: lengths, overlapping: request.overlapping)
            } else if request.overlapping {
                let perRow = max(1, placement.pilesPerRow ?? count)
                placement.places = (0..<count).map { GridPlace(column: 2 * ($0 % perRow), row: $0 / perRow) }
            }
            if placement.places != nil { fixedPerRow.insert(request.zone) }
            if request.moves {
                bands[row][side].remove(at: index)
                let newRow = min(bands.count, max(1, request.row ?? row + 1)) - 1
                let newSide = request.side.map { $0 == .left ? 0 : 1 } ?? side
                bands[newRow][newSide].append(placement)
            } else {
                bands[row][side][index] = placement
            }
        }
        // The zones of a band that share a grid stand together, where the first of them stands.
        for row in bands.indices {
            let sharing = (bands[row][0] + bands[row][1]).filter(\.sharesGrid)
            guard sharing.count > 1, let first = sharing.first else { continue }
            let side = bands[row][0].contains(first) ? 0 : 1
            let others = Set(sharing.dropFirst().map(\.zone))
            for s in 0...1 { bands[row][s].removeAll { others.contains($0.zone) } }
            let index = bands[row][side].firstIndex(of: first)!
            bands[row][side].insert(contentsOf: sharing.dropFirst(), at: index + 1)
        }
        bands = bands.filter { !$0[0].isEmpty || !$0[1].isEmpty }
        guard !bands.isEmpty else { return LayoutPlan(bands: []) }

        // Widths in piles: a waste fanning three cards is about one and a half piles wide, and the gap between
        // the two groups about half a pile.
        func pileCount(_ placement: ZonePlacement) -> Int {
            // A zone standing at places is as wide as its widest place.
            if let places = placement.places { return ((places.map(\.column).max() ?? 0) + 2) / 2 }
            return rules.zones.first { $0.name == placement.zone }?.piles.count ?? 1
        }
        // The zones of a shared grid count once, as wide as the grid.
        func collapsed(_ placements: [ZonePlacement]) -> [ZonePlacement] {
            let shared = placements.filter(\.sharesGrid).flatMap { $0.places ?? [] }
            let grid = shared.isEmpty ? [] : [ZonePlacement(zone: "", fan: .stacked, places: shared, sharesGrid: true)]
            return placements.filter { !$0.sharesGrid } + grid
        }
        func width(_ placements: [ZonePlacement], rows: Int) -> Double {
            collapsed(placements).reduce(0.0) { sum, placement in
                let count = pileCount(placement)
                let fixed = placement.places != nil || fixedPerRow.contains(placement.zone) || rows == 1
                let piles = Double(fixed ? min(count, placement.pilesPerRow ?? count) : perRow(count, rows: rows))
                if case .right(let showing) = placement.fan { return sum + piles * (1 + Double(max(0, showing - 1)) * 0.25) }
                return sum + piles
            }
        }
        func bandWidth(_ band: [[ZonePlacement]], rows: Int) -> Double {
            width(band[0] + band[1], rows: rows) + (band[0].isEmpty || band[1].isEmpty ? 0 : 0.5)
        }
        let others = bands.dropFirst().map { band in
            collapsed(band[0] + band[1]).reduce(0.0) { sum, placement in
                let count = pileCount(placement)
                return sum + Double(min(count, placement.pilesPerRow ?? count))
            }
        }
        let otherWidth = max(1, others.max() ?? 0)
        var rows = 1
        if !others.isEmpty {
            while bandWidth(bands[0], rows: rows) > otherWidth * 1.5 && rows < 4 { rows += 1 }
        }
        if rows > 1 {
            func wrapped(_ placement: ZonePlacement) -> ZonePlacement {
                var placement = placement
                let count = pileCount(placement)
                if !fixedPerRow.contains(placement.zone), count > 1 { placement.pilesPerRow = perRow(count, rows: rows) }
                return placement
            }
            bands[0] = bands[0].map { $0.map(wrapped) }
        }
        return LayoutPlan(bands: bands.map { Band(left: $0[0], right: $0[1]) })
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
