import PatienceDiagnostics
import PatienceCards

/// A tap of a stock that turns by fixed transfers, made without running the actions' code: what
/// the rules' own taps were seen to do along a walk from a table (`GameRules.stockTurn`). While
/// the stock holds cards, a tap deals `count` of them (all, when it holds fewer) onto the waste
/// and counts a use of `drawAction`; once it is empty, the whole waste goes back and counts a use
/// of `backAction`; with both empty, nothing happens and the tap is refused.
///
/// It is exact only where the rules show (`RuleFacts.stockTurn`) that what a tap does depends on
/// nothing but which of the two piles are empty, and the effects run after a tap would change
/// nothing (the solver's `SearchSpace.tapsSettle`): the walk then saw every case there is.
package struct StockTurn: Hashable, Sendable {
    package var stock: Int
    package var waste: Int
    package var count: Int
    package var drawAction: Int
    package var backAction: Int
    package var drawOneAtATime: Bool
    package var drawFacing: Facing?
    package var backOneAtATime: Bool
    package var backFacing: Facing?
}

extension GameRules {
    /// The stock turn the rules' taps of `stock` make, found by tapping from `root` (through the
    /// rest of the stock, the turn back and a whole pass more) and keeping the one way of
    /// transferring the cards that gives every table of the walk exactly; nil when none does, a
    /// tap is refused on the way, or the walk never turns the waste back.
    package func stockTurn(stock s: Int, waste w: Int, count: Int, root: CardTable) -> StockTurn? {
        guard fits(root), root.piles.indices.contains(s), root.piles.indices.contains(w), s != w, count >= 1 else { return nil }
        var walk = [root]
        var drawAction: Int?, backAction: Int?
        for _ in 0..<(root.piles[s].count + 1 + root.piles[s].count + root.piles[w].count) {
            let before = walk[walk.count - 1]
            guard let next = try? tapping(pile: s, on: before) else { return nil }
            let used = before.actionUses.indices.filter { before.actionUses[$0] != next.actionUses[$0] }
            guard used.count == 1 else { return nil }
            if before.piles[s].isEmpty {
                guard backAction == nil || backAction == used[0] else { return nil }
                backAction = used[0]
            } else {
                guard drawAction == nil || drawAction == used[0] else { return nil }
                drawAction = used[0]
            }
            walk.append(next)
        }
        guard let drawAction, let backAction else { return nil }
        let facings: [Facing?] = [nil, .up, .down]
        for drawOneAtATime in [true, false] {
            for drawFacing in facings {
                for backOneAtATime in [true, false] {
                    for backFacing in facings {
                        let turn = StockTurn(stock: s, waste: w, count: count, drawAction: drawAction, backAction: backAction,
                                             drawOneAtATime: drawOneAtATime, drawFacing: drawFacing,
                                             backOneAtATime: backOneAtATime, backFacing: backFacing)
                        if reproduces(turn, walk) { return turn }
                    }
                }
            }
        }
        return nil
    }

    /// Whether `turn` makes each table of `walk` from the one before.
    private func reproduces(_ turn: StockTurn, _ walk: [CardTable]) -> Bool {
        var work = WorkingTable(rules: self, table: walk[0])
        for next in walk.dropFirst() {
            guard self.turn(turn, on: &work), work.table.piles == next.piles, work.table.actionUses == next.actionUses,
                  work.table.memory == next.memory, work.table.shuffles == next.shuffles else { return false }
        }
        return true
    }

    /// Makes one tap of the stock by `turn` on the working table, recorded in the journal; false,
    /// with nothing changed, when both piles are empty.
    package func turn(_ turn: StockTurn, on work: inout WorkingTable) -> Bool {
        let stock = work.table.piles[turn.stock].cards.count
        if stock > 0 {
            work.transfer(min(turn.count, stock), from: turn.stock, to: turn.waste, oneAtATime: turn.drawOneAtATime, facing: turn.drawFacing,
                          countingUseOf: turn.drawAction, by: self)
            return true
        }
        let waste = work.table.piles[turn.waste].cards.count
        guard waste > 0 else { return false }
        work.transfer(waste, from: turn.waste, to: turn.stock, oneAtATime: turn.backOneAtATime, facing: turn.backFacing,
                      countingUseOf: turn.backAction, by: self)
        return true
    }
}
