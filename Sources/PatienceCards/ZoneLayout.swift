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
    /// How many piles each row holds, top row first (`in rows 1, 2, 3`), the rows centred on each
    /// other; nil when not written.
    public var rowLengths: [Int]?
    /// Whether each row of the zone lies half a place over the row above it (`overlapping`), as the
    /// rows of a pyramid do.
    public var overlapping: Bool
    /// Where each pile stands (`at (2, 0), …`), in half places, pile order; nil when not written.
    /// The zones of one band placed this way share one grid.
    public var places: [GridPlace]?

    /// The layout asked for `zone`; nil fields keep the standard ones.
    public init(zone: String, row: Int? = nil, side: LayoutSide? = nil, fan: PileFan? = nil, pilesPerRow: Int? = nil,
                rowLengths: [Int]? = nil, overlapping: Bool = false, places: [GridPlace]? = nil) {
        self.zone = zone
        self.row = row
        self.side = side
        self.fan = fan
        self.pilesPerRow = pilesPerRow
        self.rowLengths = rowLengths
        self.overlapping = overlapping
        self.places = places
    }

    /// Whether the declaration moves the zone (names a band or a side), rather than only changing how it shows its cards.
    public var moves: Bool { row != nil || side != nil }
}

/// A pile's place in a grid of a picture, counted in half places from the grid's top left corner:
/// a place is one card with its label and the gaps around it, so that piles two apart stand side
/// by side and piles one apart overlap by half, as the cards of a pyramid do.
public struct GridPlace: Hashable, Sendable {
    /// Half places from the left edge of the grid.
    public var column: Int
    /// Half places from the top edge of the grid.
    public var row: Int

    /// The place `column` half places right of and `row` half places below the grid's corner.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

extension RuleLimits {
    /// The largest coordinate of a `layout … at (column, row)` place, in half places.
    package static let layoutGridExtent = 104

    /// The most bands a `layout` declaration may name (`row 1` to `row 9`).
    package static let layoutRows = 9
}
