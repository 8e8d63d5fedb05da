import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// Reads and writes tables as fc-solve / PySol board text: tableau piles are the columns,
/// cell piles the `Freecells:` line, foundations the `Foundations:` line and the stock the `Talon:` line.
extension GameRules {
    /// The board text of a table. Waste and reserve cards have no place in the format and are left out.
    /// When every free cell is empty the board has no free cells at all, so that its plain rendering
    /// has no `Freecells:` line: an opening FreeCell table prints as `make-microsoft-freecell-board -t` prints it.
    ///
    /// Board text writes a suit's foundation as its highest rank, meaning that every card of the
    /// suit up to that rank is home. Foundations that hold anything else (a suit's cards past
    /// one deck, as two completed Spider runs of spades, or cards with gaps, as Golf's) cannot be
    /// written, and are refused rather than misdescribed.
    public func boardText(for table: CardTable) throws(Refusal) -> BoardText {
        var homed: [Suit: [Int]] = [:]
        for pile in piles(withRole: .foundation) {
            for placed in table.piles[pile].cards { homed[placed.card.suit, default: []].append(placed.card.rank) }
        }
        var foundations: [Suit: Int] = [:]
        // In suit order, so that the refusal names the same suit on every run.
        for suit in Suit.allCases {
            guard let ranks = homed[suit] else { continue }
            guard ranks.sorted() == Array(1...ranks.count) else {
                let sorted = ranks.sorted()
                let repeated = zip(sorted, sorted.dropFirst()).first { $0 == $1 }?.0
                let held = repeated.map { "\(Card(rank: $0, suit: suit)) more than once, as a game of several decks can" }
                    ?? sorted.map { Card(rank: $0, suit: suit).description }.joined(separator: " ")
                        + (sorted.count == 1 ? ", which is not an ace" : ", which do not run from the ace up")
                throw Refusal(code: .boardDoesNotFitZones,
                              message: "the foundations hold \(held); board text shows a suit's foundation only as its cards from the ace up, in one deck")
            }
            foundations[suit] = ranks.count
        }
        let cells = piles(withRole: .cell).map { table.piles[$0].top?.card }
        let stock = piles(withRole: .stock).flatMap { table.piles[$0].cards.map(\.card) }
        return BoardText(foundations: foundations, freecells: cells.contains { $0 != nil } ? cells : [],
                         talon: stock.isEmpty ? nil : stock,
                         columns: piles(withRole: .tableau).map { table.piles[$0].cards })
    }

    /// Builds a table from board text. Every card of the game must appear exactly as often as the decks hold it.
    public func table(from board: BoardText) throws(Refusal) -> CardTable {
        let tableau = piles(withRole: .tableau), cells = piles(withRole: .cell)
        let foundations = piles(withRole: .foundation), stock = piles(withRole: .stock)
        guard board.columns.count == tableau.count else {
            throw Refusal(code: .boardDoesNotFitZones, message: "the board has \(board.columns.count) columns, but the game has \(tableau.count) tableau piles")
        }
        let heldCells = board.freecells.compactMap { $0 }
        guard heldCells.count <= cells.count else {
            throw Refusal(code: .boardDoesNotFitZones, message: "the board fills \(heldCells.count) free cells, but the game has \(cells.count)")
        }
        var piles = Array(repeating: Pile(), count: pileCount)
        for (column, pile) in zip(board.columns, tableau) { piles[pile].cards = column }
        for (index, card) in board.freecells.enumerated() {
            guard let card else { continue }
            // A card past the game's last cell would otherwise vanish and be reported as missing.
            guard index < cells.count else {
                throw Refusal(code: .boardDoesNotFitZones, message: "the board puts \(card) in free cell \(index + 1), but the game has \(cells.count)")
            }
            piles[cells[index]].cards = [PlacedCard(card, faceUp: true)]
        }
        let homed = board.foundations.filter { $0.value > 0 }.sorted { $0.key.rawValue < $1.key.rawValue }
        guard homed.count <= foundations.count else {
            throw Refusal(code: .boardDoesNotFitZones, message: "the board builds \(homed.count) foundations, but the game has \(foundations.count)")
        }
        for ((suit, rank), pile) in zip(homed, foundations) {
            piles[pile].cards = (1...min(rank, 13)).map { PlacedCard(Card(rank: $0, suit: suit), faceUp: true) }
        }
        if let talon = board.talon {
            guard let first = stock.first else {
                throw Refusal(code: .boardDoesNotFitZones, message: "the board has a talon, but the game has no stock")
            }
            piles[first].cards = talon.map { PlacedCard($0, faceUp: false) }
        }
        try checkCards(piles)
        return CardTable(piles: piles, actionUses: Array(repeating: 0, count: actions.count), memory: memorySlots.map(\.initial))
    }
}
