import PatienceDiagnostics
import PatienceCards

/// Fast paths for the solver (the `PatienceSolver` target), package-internal: the same
/// evaluator and effects as `applying(_:to:)` and `legalMoves(on:)`, minus work a search does not
/// need. Nothing here states a rule; every check still comes from the compiled rules.
extension GameRules {
    /// Applies a move that `legalMoves(on:)` listed for this very table, with its effects,
    /// without judging it again, moving the run without a temporary array. Nil when an effect
    /// faults (the move is then not made, as `applying` would refuse it).
    package func applyingListed(_ move: Move, to table: CardTable) -> CardTable? {
        let n = move.count
        guard move.source != move.destination, table.piles.indices.contains(move.source), table.piles.indices.contains(move.destination),
              n >= 1, n <= table.piles[move.source].cards.count else { return nil }
        var moved = table
        let sourceCards = moved.piles[move.source].cards
        moved.piles[move.destination].cards.append(contentsOf: sourceCards[(sourceCards.count - n)...])
        moved.piles[move.source].cards.removeLast(n)
        guard !effects.isEmpty else { return moved }
        return Frame.changing(moved) { f in
            do throws(EvaluationFault) {
                try settle(&f, after: PlayContext(move))
                return f.table
            } catch {
                return nil
            }
        }
    }
}
