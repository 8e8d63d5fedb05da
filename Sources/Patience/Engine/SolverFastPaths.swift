/// Fast paths for the solver (the `PatienceSolver` target), package-internal: the same
/// evaluator and effects as `applying(_:to:)` and `legalMoves(on:)`, minus work a search does not
/// need. Nothing here states a rule; every check still comes from the compiled rules.
extension GameRules {
    /// Applies a move that `legalMoves(on:)` listed for this very table, with its effects,
    /// without judging it again, moving the run without a temporary array. Nil when an effect
    /// faults (the move is then not made, as `applying` would refuse it).
    package func applyingListed(_ move: Move, to table: Table) -> Table? {
        let n = move.count
        guard move.source != move.destination, table.piles.indices.contains(move.source), table.piles.indices.contains(move.destination),
              n >= 1, n <= table.piles[move.source].cards.count else { return nil }
        var piles = table.piles
        let sourceCards = piles[move.source].cards
        piles[move.destination].cards.append(contentsOf: sourceCards[(sourceCards.count - n)...])
        piles[move.source].cards.removeLast(n)
        guard !effects.isEmpty else { return Table(piles: piles, actionUses: table.actionUses) }
        let settled: [Pile]? = Frame.changing(piles) { f in
            do throws(EvaluationFault) {
                try settle(&f)
                return f.piles
            } catch {
                return nil
            }
        }
        return settled.map { Table(piles: $0, actionUses: table.actionUses) }
    }

    /// Every legal move, as `legalMoves(on:)` lists them, appended to `moves` (which the caller reuses).
    package func appendLegalMoves(on table: Table, to moves: inout [Move]) {
        Frame.judging(table.piles) { f in
            let piles = f.piles
            for source in piles.indices where zoneGives(zoneOfPile[source]) {
                let cards = piles[source].cards
                var count = 1
                while count <= cards.count && cards[cards.count - count].isFaceUp {
                    if liftRejection(of: Move(source: source, count: count, destination: source), in: &f) == nil {
                        for destination in piles.indices where destination != source && zoneReceives(zoneOfPile[destination]) {
                            if acceptRejection(destination: destination, in: &f) == nil {
                                moves.append(Move(source: source, count: count, destination: destination))
                            }
                        }
                    }
                    count += 1
                }
            }
        }
    }
}
