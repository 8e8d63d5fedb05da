import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// Why a table from outside, such as a saved game, cannot be a table of this game, or nil when it
    /// can: it must have this game's piles and actions and hold exactly its cards, each copy once.
    /// The engine indexes piles by zone, so a table that does not fit must never reach it.
    public func refusal(forRestoring table: CardTable) -> Refusal? {
        guard table.piles.count == pileCount, table.actionUses.count == actions.count else {
            return Refusal(code: .boardDoesNotFitZones,
                           message: "the table has \(table.piles.count) piles and \(table.actionUses.count) action counts, "
                               + "but \(name) has \(pileCount) piles and \(actions.count) actions")
        }
        guard table.memory.count == memorySlots.count else {
            return Refusal(code: .boardDoesNotFitZones,
                           message: "the table keeps \(table.memory.count) memories, but \(name) declares \(memorySlots.count)")
        }
        if let index = memorySlots.indices.first(where: { memorySlots[$0].isCondition && !(0...1).contains(table.memory[$0]) }) {
            return Refusal(code: .boardDoesNotFitZones,
                           message: "the table holds \(table.memory[index]) for the condition \(Spelling.quoted(memorySlots[index].name)), which is 0 or 1")
        }
        if table.shuffles < 0 {
            return Refusal(code: .boardDoesNotFitZones, message: "the table counts \(table.shuffles) shuffles, and no count can be negative")
        }
        // No play lowers a count, so a negative one can only come from a damaged save; it would let
        // an action run more often than its limit allows.
        if let index = table.actionUses.firstIndex(where: { $0 < 0 }) {
            return Refusal(code: .boardDoesNotFitZones,
                           message: "the table counts \(table.actionUses[index]) uses of \(Spelling.quoted(actions[index].name)), and no count can be negative")
        }
        guard table.allCards.sorted() != deck.sorted() else { return nil }
        do {
            try checkCards(table.piles)
        } catch {
            return error
        }
        // Every value is there as often as the decks hold it, but the copies themselves differ.
        return Refusal(code: .duplicateCard, message: "the table's cards are not this game's copies of its cards")
    }

    /// Checks that piles hold exactly the game's cards, naming what is duplicated or missing.
    package func checkCards(_ piles: [Pile]) throws(Refusal) {
        var expected: [Int: Int] = [:]
        for card in deck { expected[card.value, default: 0] += 1 }
        var found: [Int: Int] = [:]
        for pile in piles { for placed in pile.cards { found[placed.card.value, default: 0] += 1 } }
        // Every joker has the value 52, past the 52 values of the ordinary cards.
        func card(_ value: Int) -> Card { value == 52 ? Card.joker(0) : Card(rawValue: UInt16(value)) }
        for (value, count) in found.sorted(by: { $0.key < $1.key }) where count > (expected[value] ?? 0) {
            let card = card(value)
            guard let held = expected[value] else {
                throw Refusal(code: .unknownCard, message: "\(card) is not a card of this game")
            }
            throw Refusal(code: .duplicateCard, message: "\(card) appears \(count) times, but the decks hold \(held)")
        }
        let missing = expected.sorted(by: { $0.key < $1.key }).filter { (found[$0.key] ?? 0) < $0.value }
        if !missing.isEmpty {
            let names = missing.prefix(8).map { card($0.key).description }.joined(separator: " ")
            let total = missing.reduce(0) { $0 + $1.value - (found[$1.key] ?? 0) }
            throw Refusal(code: .missingCards, message: "\(total) card\(total == 1 ? " is" : "s are") missing: \(names)\(missing.count > 8 ? " …" : "")")
        }
    }
}
