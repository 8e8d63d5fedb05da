extension GameRules {
    /// Why a table from outside, such as a saved game, cannot be a table of this game, or nil when it
    /// can: it must have this game's piles and actions and hold exactly its cards, each copy once.
    /// The engine indexes piles by zone, so a table that does not fit must never reach it.
    public func refusal(forRestoring table: Table) -> Refusal? {
        guard table.piles.count == pileCount, table.actionUses.count == actions.count else {
            return Refusal(code: .boardDoesNotFitZones,
                           message: "the table has \(table.piles.count) piles and \(table.actionUses.count) action counts, "
                               + "but \(name) has \(pileCount) piles and \(actions.count) actions")
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
}
