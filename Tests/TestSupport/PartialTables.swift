import PatienceCards
import PatienceEngine
import PatienceFormats

extension Positions {
    /// Lays out a board that holds only some of the game's cards: columns on the tableau piles,
    /// cells on the cell piles, homed suits on the foundations in suit order.
    package static func partialTable(_ rules: GameRules, _ board: BoardText) -> CardTable? {
        let tableau = rules.piles(withRole: .tableau), cells = rules.piles(withRole: .cell), foundations = rules.piles(withRole: .foundation)
        guard board.columns.count == tableau.count else { return nil }
        var table = CardTable(piles: Array(repeating: Pile(), count: rules.pileCount), actionUses: Array(repeating: 0, count: rules.actionNames.count))
        for (column, pile) in zip(board.columns, tableau) { table.piles[pile].cards = column }
        for (index, card) in board.freecells.enumerated() {
            guard let card else { continue }
            guard index < cells.count else { return nil }
            table.piles[cells[index]].cards = [PlacedCard(card, faceUp: true)]
        }
        let homed = board.foundations.sorted { $0.key.rawValue < $1.key.rawValue }
        guard homed.count <= foundations.count else { return nil }
        for ((suit, rank), pile) in zip(homed, foundations) {
            table.piles[pile].cards = (1...rank).map { PlacedCard(Card(rank: $0, suit: suit), faceUp: true) }
        }
        return table
    }
}
