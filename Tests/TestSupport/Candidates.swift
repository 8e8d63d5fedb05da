import PatienceEngine

/// The plays a test tries on a table, legal or not.
package enum Candidates {
    /// Every move a player could ask for: each source pile, each run length 1...its size, each
    /// destination pile (the source itself included), in `legalMoves`' order.
    package static func moves(on table: CardTable) -> [Move] {
        var moves: [Move] = []
        for source in table.piles.indices {
            for count in stride(from: 1, through: table.piles[source].count, by: 1) {
                for destination in table.piles.indices {
                    moves.append(Move(source: source, count: count, destination: destination))
                }
            }
        }
        return moves
    }
}
