/// How a pile shows the cards it holds in a picture of the table.
public enum PileFan: Hashable, Sendable {
    /// Squared up: only the top card shows, with the number of cards beside it (stock, foundations).
    case stacked
    /// Fanned towards the bottom of the picture, each card showing its rank and suit (tableau).
    case down
    /// The top `showing` cards fanned a little to the right, the others squared under them (waste).
    case right(showing: Int)
}

/// The side of a band of the picture a zone stands on: the left group starts at the left edge,
/// the right group ends at the right edge.
public enum LayoutSide: String, Hashable, Sendable, CaseIterable {
    case left, right
}

/// What a rule file's `layout ZONE …` declaration asks of the picture of its table: where the
/// zone stands and how its piles show their cards. Every field left nil keeps what the zone's
/// role gives it (Grammar.md 7.17).
public struct ZoneLayout: Hashable, Sendable {
    /// The zone's name.
    public var zone: String
    /// The band, counted from 1 at the top of the picture (the standard layout puts stock, waste,
    /// cells and foundations in band 1, reserves and tableau in band 2).
    public var row: Int?
    /// The side of the band.
    public var side: LayoutSide?
    /// How its piles show their cards.
    public var fan: PileFan?
    /// The most piles side by side before the next row of the zone starts.
    public var pilesPerRow: Int?

    /// The layout asked for `zone`; nil fields keep the standard ones.
    public init(zone: String, row: Int? = nil, side: LayoutSide? = nil, fan: PileFan? = nil, pilesPerRow: Int? = nil) {
        self.zone = zone
        self.row = row
        self.side = side
        self.fan = fan
        self.pilesPerRow = pilesPerRow
    }

    /// Whether the declaration moves the zone (names a band or a side), rather than only changing how it shows its cards.
    public var moves: Bool { row != nil || side != nil }
}

extension RuleLimits {
    /// The most bands a `layout` declaration may name (`row 1` to `row 9`).
    package static let layoutRows = 9
}
