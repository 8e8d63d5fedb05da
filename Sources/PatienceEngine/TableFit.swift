import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// Whether `table` has this game's shape: its piles, action counts and memories. Every public
    /// question and play that takes a table checks this first, in three comparisons, because the engine
    /// indexes piles by zone: a table that does not fit is refused (`applying`, `tapping`,
    /// `refusal(for:on:)`) or has no legal plays and is neither won nor stuck, never a trap.
    /// `problem(forRestoring:)` also checks the cards, and says what is wrong.
    @inline(__always)
    package func fits(_ table: CardTable) -> Bool {
        table.piles.count == pileCount && table.actionUses.count == actions.count && table.memory.count == memorySlots.count
    }

    /// The refusal of a play on a table that does not fit (see `fits(_:)`).
    package func misfit(_ table: CardTable) -> Refusal {
        if table.piles.count == pileCount, table.actionUses.count == actions.count {
            return Refusal(code: .boardDoesNotFitZones, message: "this table does not fit \(name): it keeps \(table.memory.count) memories, "
                           + "but the game declares \(memorySlots.count)")
        }
        return Refusal(code: .boardDoesNotFitZones, message: "this table does not fit \(name): it has \(table.piles.count) piles and \(table.actionUses.count) action counts, "
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
        guard table.memory.count == memorySlots.count else {
            return DiagnosticsError(.boardDoesNotFitZones, "the table keeps \(table.memory.count) memories, but \(name) declares \(memorySlots.count)")
        }
        if let index = memorySlots.indices.first(where: { memorySlots[$0].isCondition && !(0...1).contains(table.memory[$0]) }) {
            return DiagnosticsError(.boardDoesNotFitZones, "the table holds \(table.memory[index]) for the condition \(Spelling.quoted(memorySlots[index].name)), which is 0 or 1")
        }
        if table.shuffles < 0 {
            return DiagnosticsError(.boardDoesNotFitZones, "the table counts \(table.shuffles) shuffles, and no count can be negative")
        }
        // No play lowers a count, so a negative one can only come from a damaged save; it would let
        // an action run more often than its limit allows.
        if let index = table.actionUses.firstIndex(where: { $0 < 0 }) {
            return DiagnosticsError(.boardDoesNotFitZones, "the table counts \(table.actionUses[index]) uses of \(Spelling.quoted(actions[index].name)), and no count can be negative")
        }
        guard table.allCards.sorted() != deck.sorted() else { return nil }
        // A raw value past every copy a game can have is no card at all; counted by rank and
        // suit alone, it would be reported as a duplicate of the card it shares them with.
        if let stray = table.allCards.first(where: { Int($0.rawValue) >= 52 * Card.maximumCopies && !($0.isJoker && deck.contains($0)) }) {
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
        for card in deck { expected[card.value, default: 0] += 1 }
        var found: [Int: Int] = [:]
        for pile in piles { for placed in pile.cards { found[placed.card.value, default: 0] += 1 } }
        // Every joker has the value 52, past the 52 values of the ordinary cards.
        func card(_ value: Int) -> Card { value == 52 ? Card.joker(0) : Card(rawValue: UInt16(value)) }
        for (value, count) in found.sorted(by: { $0.key < $1.key }) where count > (expected[value] ?? 0) {
            let card = card(value)
            guard let held = expected[value] else {
                throw DiagnosticsError(.unknownCard, "\(card) is not a card of this game")
            }
            throw DiagnosticsError(.duplicateCard, "\(card) appears \(count) times, but the decks hold \(held)")
        }
        let missing = expected.sorted(by: { $0.key < $1.key }).filter { (found[$0.key] ?? 0) < $0.value }
        if !missing.isEmpty {
            let names = missing.prefix(8).map { card($0.key).description }.joined(separator: " ")
            let total = missing.reduce(0) { $0 + $1.value - (found[$1.key] ?? 0) }
            throw DiagnosticsError(.missingCards, "\(total) card\(total == 1 ? " is" : "s are") missing: \(names)\(missing.count > 8 ? " …" : "")")
        }
    }
}
