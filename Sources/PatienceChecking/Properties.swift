/// Every property of the language, stated once. The checker resolves `x.name` through this table
/// (`Property.named(_:on:)`) and then gives each property its typed term in one `switch`; the
/// suggestions for an unknown property come from it; and `PropertyTableTests` checks that
/// Grammar.md's section 4.1 lists exactly these rows.
package enum Property: CaseIterable, Sendable {
    case cardRank, cardSuit, cardColour, cardFaceUp, cardJoker
    case runSize, runEmpty, runFirst, runLast, runFaceUp
    case pileSize, pileEmpty, pileTop, pileBottom, pileCards, pileIndex, pileFaceDown
    case zonePiles, zoneSize, zoneEmpty
    case suitColour

    /// What a property is read from, as Grammar.md's table names it.
    package enum Base: String, CaseIterable, Sendable {
        case card, run, pile, zone
        /// A zone of more than one pile (its `size` totals its piles).
        case zoneOfSeveralPiles = "zone of several piles"
        case suit
    }

    /// One row of the table: the base, every spelling, the result and what it means.
    package struct Row: Sendable {
        package var base: Base
        package var names: [String]
        package var result: ValueType
        /// How it is evaluated, in words: the meaning column of Grammar.md.
        package var meaning: String
        /// The run-time fault it can raise, if any.
        package var fault: String?
    }

    /// The row of this property.
    package var row: Row {
        switch self {
        case .cardRank: Row(base: .card, names: ["rank"], result: .integer, meaning: "1 (ace) to 13 (king)")
        case .cardSuit: Row(base: .card, names: ["suit"], result: .suit, meaning: "")
        case .cardColour: Row(base: .card, names: ["color", "colour"], result: .color, meaning: "red for diamonds and hearts")
        case .cardFaceUp: Row(base: .card, names: ["faceup"], result: .boolean, meaning: "the card shows its face")
        case .cardJoker: Row(base: .card, names: ["joker"], result: .boolean, meaning: "the card is a joker (7.2)")
        case .runSize: Row(base: .run, names: ["size"], result: .integer, meaning: "number of cards")
        case .runEmpty: Row(base: .run, names: ["empty"], result: .boolean, meaning: "`size == 0`")
        case .runFirst: Row(base: .run, names: ["first"], result: .card, meaning: "the bottom card of the run", fault: "P0610")
        case .runLast: Row(base: .run, names: ["last"], result: .card, meaning: "the top card of the run", fault: "P0610")
        case .runFaceUp: Row(base: .run, names: ["faceup"], result: .boolean, meaning: "every card of the run is face up (true for an empty run)")
        case .pileSize: Row(base: .pile, names: ["size", "count"], result: .integer, meaning: "number of cards")
        case .pileEmpty: Row(base: .pile, names: ["empty"], result: .boolean, meaning: "no cards")
        case .pileTop: Row(base: .pile, names: ["top"], result: .card, meaning: "the top card", fault: "P0610")
        case .pileBottom: Row(base: .pile, names: ["bottom"], result: .card, meaning: "the bottom card", fault: "P0610")
        case .pileCards: Row(base: .pile, names: ["cards"], result: .cards, meaning: "all its cards")
        case .pileIndex: Row(base: .pile, names: ["index"], result: .integer, meaning: "its 1-based position in its zone")
        case .pileFaceDown: Row(base: .pile, names: ["facedown"], result: .integer, meaning: "how many are face down")
        case .zonePiles: Row(base: .zone, names: ["piles"], result: .integer, meaning: "how many piles (a constant)")
        case .zoneSize: Row(base: .zoneOfSeveralPiles, names: ["size"], result: .integer, meaning: "the total number of cards in its piles")
        case .zoneEmpty: Row(base: .zone, names: ["empty"], result: .boolean, meaning: "every pile is empty")
        case .suitColour: Row(base: .suit, names: ["color", "colour"], result: .color, meaning: "")
        }
    }

    /// The property `name` of a value of `base`, or nil when there is none. A zone of several
    /// piles has the zone's properties and its own; a zone of one pile also has every pile
    /// property (Grammar.md 4.1), which the checker tries after this.
    package static func named(_ name: String, on base: Base) -> Property? {
        allCases.first { property in
            let row = property.row
            return row.names.contains(name) && (row.base == base || (base == .zoneOfSeveralPiles && row.base == .zone))
        }
    }

    /// The first spelling of every property of `base`, for suggestions and help.
    package static func names(on base: Base) -> [String] {
        allCases.filter { $0.row.base == base || (base == .zoneOfSeveralPiles && $0.row.base == .zone) }.map { $0.row.names[0] }
    }
}
