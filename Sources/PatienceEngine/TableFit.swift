import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// Whether `table` has this game's shape: its piles and action counts. Every public question
    /// and play that takes a table checks this first, in two comparisons, because the engine
    /// indexes piles by zone: a table that does not fit is refused (`applying`, `tapping`,
    /// `refusal(for:on:)`) or has no legal plays and is neither won nor stuck, never a trap.
    /// `problem(forRestoring:)` also checks the cards, and says what is wrong.
    @inline(__always)
    package func fits(_ table: CardTable) -> Bool {
        table.piles.count == pileCount && table.actionUses.count == actions.count
    }

    /// The refusal of a play on a table that does not fit (see `fits(_:)`).
    package func misfit(_ table: CardTable) -> Refusal {
        Refusal(code: .boardDoesNotFitZones, message: "this table does not fit \(name): it has \(table.piles.count) piles and \(table.actionUses.count) action counts, "
                + "but the game has \(pileCount) piles and \(actions.count) actions")
    }

    /// How a refusal names a flat pile index that is not on the table: counted from 1, as
    /// messages count piles, without overflowing for `Int.max`.
    package static func pileNumber(_ pile: Int) -> String {
        pile == Int.max ? "9223372036854775808" : "\(pile + 1)"
    }

    /// Why a table from outside, such as a saved game, cannot be a table of this game, or nil when it
    /// can: it must have this game's piles and actions and hold exactly its cards, each copy once.
    /// The engine indexes piles by zone, so a table that does not fit must never reach it.
    public func problem(forRestoring table: CardTable) -> DiagnosticsError? {
        guard table.piles.count == pileCount, table.actionUses.count == actions.count else {
            return DiagnosticsError(.boardDoesNotFitZones, "the table has \(table.piles.count) piles and \(table.actionUses.count) action counts, "
                               + "but \(name) has \(pileCount) piles and \(actions.count) actions")
        }
        // No play lowers a count, so a negative one can only come from a damaged save; it would let
        // an action run more often than its limit allows.
        if let index = table.actionUses.firstIndex(where: { $0 < 0 }) {
            return DiagnosticsError(.boardDoesNotFitZones, "the table counts \(table.actionUses[index]) uses of \(Spelling.quoted(actions[index].name)), and no count can be negative")
        }
        guard table.allCards.sorted() != deck.sorted() else { return nil }
        // A raw value past every copy a game can have is no card at all; counted by rank and
        // suit alone, it would be reported as a duplicate of the card it shares them with.
        if let stray = table.allCards.first(where: { Int($0.rawValue) >= 52 * Card.maximumCopies }) {
            return DiagnosticsError(.unknownCard, "the table holds a card with raw value \(stray.rawValue), which is no card of any deck "
                                    + "(a card's raw value is below \(52 * Card.maximumCopies))")
        }
        do {
            try checkCards(table.piles)
        } catch {
            return error
        }
        // Every value is there as often as the decks hold it, but the copies themselves differ.
        return DiagnosticsError(.duplicateCard, "the table's cards are not this game's copies of its cards")
    }

    /// Checks that piles hold exactly the game's cards, naming what is duplicated or missing.
    package func checkCards(_ piles: [Pile]) throws(DiagnosticsError) {
        var expected: [Int: Int] = [:]
        for card in deck { expected[Int(card.rawValue % 52), default: 0] += 1 }
        var found: [Int: Int] = [:]
        for pile in piles { for placed in pile.cards { found[Int(placed.card.rawValue % 52), default: 0] += 1 } }
        for (value, count) in found.sorted(by: { $0.key < $1.key }) where count > (expected[value] ?? 0) {
            let card = Card(rawValue: UInt16(value))
            guard let held = expected[value] else {
                throw DiagnosticsError(.unknownCard, "\(card) is not a card of this game")
            }
            throw DiagnosticsError(.duplicateCard, "\(card) appears \(count) times, but the decks hold \(held)")
        }
        let missing = expected.sorted(by: { $0.key < $1.key }).filter { (found[$0.key] ?? 0) < $0.value }
        if !missing.isEmpty {
            let names = missing.prefix(8).map { Card(rawValue: UInt16($0.key)).description }.joined(separator: " ")
            let total = missing.reduce(0) { $0 + $1.value - (found[$1.key] ?? 0) }
            throw DiagnosticsError(.missingCards, "\(total) card\(total == 1 ? " is" : "s are") missing: \(names)\(missing.count > 8 ? " …" : "")")
        }
    }
}
