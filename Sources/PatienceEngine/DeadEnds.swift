import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// The most distinct layouts `isDeadEnd(_:)` visits before it answers that it cannot tell.
    public static let deadEndSearchLimit = 2_000

    /// True when the game is not won, no move is legal now, and none becomes legal (nor is the
    /// game won) after any sequence of taps: turning the stock over and over, redealing as often
    /// as the rules allow, brings nothing that can be played. A stuck table (`isStuck`) is a dead
    /// end; so is a Klondike table whose remaining stock cards all have nowhere to go, which
    /// unlimited redeals would otherwise let a player turn over forever.
    ///
    /// It follows every tap from every layout reached, each layout once: a layout seen before,
    /// even with more actions used since, offers no move the first visit did not, unless a rule
    /// reads the counts of uses (`uses(a)`), when the counts are part of the layout. When more
    /// than `deadEndSearchLimit` layouts would be visited it answers false, as it cannot tell.
    public func isDeadEnd(_ table: CardTable) -> Bool {
        guard fits(table), !isWon(table), legalMoves(on: table).isEmpty, !hasRemovals || legalRemovals(on: table).isEmpty else { return false }
        let tappable = tappablePiles
        var seen: Set<CardTable> = [layout(of: table)]
        var pending = [table]
        while let current = pending.popLast() {
            for pile in tappable {
                guard let next = try? tapping(pile: pile, on: current) else { continue }
                if isWon(next) || !legalMoves(on: next).isEmpty || (hasRemovals && !legalRemovals(on: next).isEmpty) { return false }
                guard seen.insert(layout(of: next)).inserted else { continue }
                if seen.count > GameRules.deadEndSearchLimit { return false }
                pending.append(next)
            }
        }
        return true
    }

    /// What a visit depends on: the piles and the memory (which rules may read), and the counts of
    /// uses only where a rule reads them.
    private func layout(of table: CardTable) -> CardTable {
        CardTable(piles: table.piles, actionUses: facts.readsActionUses ? table.actionUses : [], memory: table.memory,
                  seed: table.seed, shuffles: table.shuffles)
    }
}
