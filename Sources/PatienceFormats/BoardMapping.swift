import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// Reads and writes tables as fc-solve / PySol board text: tableau piles are the columns, cell
/// piles the `Freecells:` line, foundations the `Foundations:` line, the stock the `Talon:` line,
/// and waste and reserve piles one `Waste:` or `Reserve:` line each.
extension GameRules {
    /// The board text of a table, which reads back with ``table(from:)`` to the same piles and
    /// cards (board text writes no copy numbers, so copies come back in order of appearance).
    /// When every free cell is empty the board has no free cells at all, so that its plain rendering
    /// has no `Freecells:` line: an opening FreeCell table prints as `make-microsoft-freecell-board -t` prints it.
    ///
    /// Foundations are written by suit, as fc-solve writes them, when the game has one per suit and
    /// that reads back to the same piles; otherwise pile by pile, as PySol writes them (`-`, `S-5`, or the cards, such as `3S`
    /// or `KS,QS,JS`). What board text has no form for is refused rather than misdescribed
    /// (``DiagnosticCode/boardDoesNotFitZones``): a face-down card on a foundation, a free cell of
    /// more than one card or a face-down one, a face-up card in the stock or cards in a second
    /// stock; and the uses of an action with a limit, such as a redeal, which board text cannot
    /// count (``DiagnosticCode/boardCannotCountActionUses``). Nor can it hold a joker, a card in a
    /// hidden zone, memory other than the values a deal starts with, or what a table's shuffles
    /// are drawn from (``DiagnosticCode/boardDoesNotFitZones``): JSON positions hold all of these.
    public func boardText(for table: CardTable) throws(DiagnosticsError) -> BoardText {
        try checkBoardCanDescribe(table)
        for (index, action) in actions.enumerated() where action.isLimited && table.actionUses[index] > 0 {
            let uses = table.actionUses[index]
            throw DiagnosticsError(.boardCannotCountActionUses, "\(Spelling.quoted(actionNames[index])) has been used \(uses) time\(uses == 1 ? "" : "s"), which board text cannot say; write the table with '--format json' instead")
        }
        let cellPiles = piles(withRole: .cell)
        for pile in cellPiles where table.piles[pile].count > 1 || table.piles[pile].cards.contains(where: { !$0.isFaceUp }) {
            throw DiagnosticsError(.boardDoesNotFitZones, "\(address(ofPile: pile)) holds \(Self.describe(table.piles[pile])); board text shows a free cell only as one face-up card")
        }
        let stockPiles = piles(withRole: .stock)
        for (position, pile) in stockPiles.enumerated() where !table.piles[pile].isEmpty {
            if position > 0 {
                throw DiagnosticsError(.boardDoesNotFitZones, "\(address(ofPile: pile)) holds cards; board text has one talon, for the first stock pile")
            }
            if let up = table.piles[pile].cards.first(where: \.isFaceUp) {
                throw DiagnosticsError(.boardDoesNotFitZones, "\(address(ofPile: pile)) holds \(up.card) face up; board text shows the talon only face down")
            }
        }
        let cells = cellPiles.map { table.piles[$0].top?.card }
        let stock = stockPiles.first.map { table.piles[$0].cards.map(\.card) } ?? []
        var board = BoardText(freecells: cells.contains { $0 != nil } ? cells : [],
                              talon: stock.isEmpty ? nil : stock,
                              wastes: Self.trimmed(piles(withRole: .waste).map { table.piles[$0].cards }),
                              reserves: Self.trimmed(piles(withRole: .reserve).map { table.piles[$0].cards }),
                              columns: piles(withRole: .tableau).map { table.piles[$0].cards })
        try writeFoundations(of: table, into: &board)
        if let waste = pysolWastePile, board.wastes.count == 1, board.wastes[0].allSatisfy(\.isFaceUp) {
            // PySol writes the one waste of a game without foundations, Golf's, as its foundation.
            board.foundationPiles = [board.wastes[0].isEmpty ? .empty : .cards(table.piles[waste].cards.map(\.card))]
            board.wastes = []
        }
        return board
    }

    /// Refuses what board text has no form for beyond piles and action uses.
    private func checkBoardCanDescribe(_ table: CardTable) throws(DiagnosticsError) {
        let json = "; write the table with '--format json' instead"
        for pile in table.piles.indices where zone(ofPile: pile).role == .hidden && !table.piles[pile].isEmpty {
            throw DiagnosticsError(.boardDoesNotFitZones, "\(address(ofPile: pile)) is in a hidden zone and holds cards, which board text has no line for" + json)
        }
        if let pile = table.piles.indices.first(where: { table.piles[$0].cards.contains { $0.card.isJoker } }) {
            throw DiagnosticsError(.boardDoesNotFitZones, "\(address(ofPile: pile)) holds a joker, which board text cannot write" + json)
        }
        let initial = memorySlots.map(\.initial)
        if table.memory != initial, let slot = table.memory.indices.first(where: { !initial.indices.contains($0) || table.memory[$0] != initial[$0] }) {
            let name = memorySlots.indices.contains(slot) ? Spelling.quoted(memorySlots[slot].name) : "memory \(slot + 1)"
            throw DiagnosticsError(.boardDoesNotFitZones, "\(name) holds \(table.memory[slot]), not the value a deal starts with, and board text cannot say so" + json)
        }
        if table.shuffles != 0 || table.seed != 0 {
            throw DiagnosticsError(.boardDoesNotFitZones, "the table's shuffles are drawn from a seed that board text cannot say" + json)
        }
    }

    /// The waste pile that PySol's board text writes as the `Foundations:` line: the only one of a
    /// game that has no foundations, as Golf's.
    private var pysolWastePile: Int? {
        let wastes = piles(withRole: .waste)
        return piles(withRole: .foundation).isEmpty && wastes.count == 1 ? wastes[0] : nil
    }

    /// Piles without the empty ones at the end, which reading supplies again.
    private static func trimmed(_ piles: [[PlacedCard]]) -> [[PlacedCard]] {
        var piles = piles
        while piles.last?.isEmpty == true { piles.removeLast() }
        return piles
    }

    private static func describe(_ pile: Pile) -> String {
        pile.cards.map { $0.isFaceUp ? $0.card.description : "\($0.card) face down" }.joined(separator: " ")
    }

    /// The `Foundations:` line: none when every foundation is empty; by suit when the game has one
    /// foundation per suit and reading it back puts every suit on the same pile; else pile by pile.
    private func writeFoundations(of table: CardTable, into board: inout BoardText) throws(DiagnosticsError) {
        var entries: [BoardText.FoundationEntry] = []
        for pile in piles(withRole: .foundation) { entries.append(try foundationEntry(of: table.piles[pile], at: pile)) }
        // Read by suit, the suits go to the first piles in suit order, and the rest stay empty.
        var suits: [Suit] = []
        var bySuit: [Suit: Int] = [:]
        var seenEmpty = false
        var fitsBySuit = true
        for entry in entries {
            switch entry {
            case .empty: seenEmpty = true
            case .run(let suit, let rank):
                if seenEmpty || bySuit[suit] != nil || (suits.last.map { $0.rawValue > suit.rawValue } ?? false) { fitsBySuit = false }
                suits.append(suit)
                bySuit[suit] = rank
            case .cards: fitsBySuit = false
            }
        }
        // Nothing home needs no line; fc-solve's by-suit form fits one foundation per suit of one deck.
        if entries.allSatisfy({ $0 == .empty }) { return }
        guard !fitsBySuit || entries.count != Suit.allCases.count else {
            board.foundations = bySuit
            return
        }
        var listed = entries
        // A line of distinct suits, each from the ace, with no empty pile would read as by suit:
        // its lone aces are written as cards, as PySol writes Black Hole's, or else its first run,
        // to say that it lists piles.
        let saysPiles = seenEmpty || bySuit.count < suits.count || listed.contains { if case .cards = $0 { return true } else { return false } }
        if !saysPiles {
            let loneAces = listed.indices.filter { if case .run(_, 1) = listed[$0] { return true } else { return false } }
            for index in loneAces.isEmpty ? Array(listed.indices.prefix(1)) : loneAces {
                if case .run(let suit, let rank) = listed[index] { listed[index] = .cards((1...rank).map { Card(rank: $0, suit: suit) }) }
            }
        }
        board.foundationPiles = listed
    }

    /// How the `Foundations:` line writes one foundation pile, listed by pile.
    private func foundationEntry(of pile: Pile, at index: Int) throws(DiagnosticsError) -> BoardText.FoundationEntry {
        let cards = pile.cards
        guard let first = cards.first else { return .empty }
        guard cards.allSatisfy(\.isFaceUp) else {
            throw DiagnosticsError(.boardDoesNotFitZones, "\(address(ofPile: index)) holds \(Self.describe(pile)); board text shows a foundation only face up")
        }
        let suit = first.card.suit
        if cards.enumerated().allSatisfy({ $0.element.card.suit == suit && $0.element.card.rank == $0.offset + 1 }) {
            return .run(suit, rank: cards.count)
        }
        return .cards(cards.map(\.card))
    }

    /// Builds a table from board text. Every card of the game must appear exactly as often as the decks hold it.
    public func table(from board: BoardText) throws(DiagnosticsError) -> CardTable {
        let tableau = piles(withRole: .tableau), cells = piles(withRole: .cell)
        let foundations = piles(withRole: .foundation), stock = piles(withRole: .stock)
        // The lines that only some games have are checked first: they tell a board of another game best.
        for (lines, role, label) in [(board.wastes, ZoneRole.waste, "Waste:"), (board.reserves, .reserve, "Reserve:")] {
            let count = piles(withRole: role).count
            guard lines.count <= count else {
                throw DiagnosticsError(.boardDoesNotFitZones, "the board has \(lines.count) \(label) line\(lines.count == 1 ? "" : "s"), but the game has \(count) \(role.rawValue) pile\(count == 1 ? "" : "s")")
            }
        }
        var board = board
        if pysolWastePile != nil, board.wastes.isEmpty, let entries = board.foundationPiles, entries.count == 1 {
            // PySol's form of Golf's waste: the foundation line of a game without foundations.
            board.foundationPiles = nil
            switch entries[0] {
            case .empty: board.wastes = [[]]
            case .run(let suit, let rank): board.wastes = [Self.run(of: suit, to: rank)]
            case .cards(let cards): board.wastes = [cards.map { PlacedCard($0, faceUp: true) }]
            }
        }
        if let entries = board.foundationPiles, entries.count > foundations.count {
            throw DiagnosticsError(.boardDoesNotFitZones, "the board lists \(entries.count) foundation pile\(entries.count == 1 ? "" : "s"), but the game has \(foundations.count)")
        }
        guard board.columns.count == tableau.count else {
            throw DiagnosticsError(.boardDoesNotFitZones, "the board has \(board.columns.count) columns, but the game has \(tableau.count) tableau piles")
        }
        let heldCells = board.freecells.compactMap { $0 }
        guard heldCells.count <= cells.count else {
            throw DiagnosticsError(.boardDoesNotFitZones, "the board fills \(heldCells.count) free cells, but the game has \(cells.count)")
        }
        var piles = Array(repeating: Pile(), count: pileCount)
        for (index, card) in board.freecells.enumerated() {
            guard let card else { continue }
            // A card past the game's last cell would otherwise vanish and be reported as missing.
            guard index < cells.count else {
                throw DiagnosticsError(.boardDoesNotFitZones, "the board puts \(card) in free cell \(index + 1), but the game has \(cells.count)")
            }
            piles[cells[index]].cards = [PlacedCard(card, faceUp: true)]
        }
        for (lines, role) in [(board.wastes, ZoneRole.waste), (board.reserves, .reserve)] {
            for (cards, pile) in zip(lines, self.piles(withRole: role)) { piles[pile].cards = cards }
        }
        if let entries = board.foundationPiles {
            for (entry, pile) in zip(entries, foundations) {
                switch entry {
                case .empty: break
                case .run(let suit, let rank): piles[pile].cards = Self.run(of: suit, to: rank)
                case .cards(let cards): piles[pile].cards = cards.map { PlacedCard($0, faceUp: true) }
                }
            }
        } else {
            let homed = board.foundations.filter { $0.value > 0 }.sorted { $0.key.rawValue < $1.key.rawValue }
            guard homed.count <= foundations.count else {
                throw DiagnosticsError(.boardDoesNotFitZones, "the board builds \(homed.count) foundations, but the game has \(foundations.count)")
            }
            for ((suit, rank), pile) in zip(homed, foundations) { piles[pile].cards = Self.run(of: suit, to: rank) }
        }
        for (column, pile) in zip(board.columns, tableau) { piles[pile].cards = column }
        if let talon = board.talon {
            guard let first = stock.first else {
                throw DiagnosticsError(.boardDoesNotFitZones, "the board has a talon, but the game has no stock")
            }
            piles[first].cards = talon.map { PlacedCard($0, faceUp: false) }
        }
        try checkCards(piles)
        return CardTable(piles: piles, actionUses: Array(repeating: 0, count: actions.count), memory: memorySlots.map(\.initial))
    }

    private static func run(of suit: Suit, to rank: Int) -> [PlacedCard] {
        (1...min(max(rank, 1), 13)).map { PlacedCard(Card(rank: $0, suit: suit), faceUp: true) }
    }
}
