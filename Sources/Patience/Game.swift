import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// The state of a game that can be saved and restored: the table and the undo and redo history.
public struct GameState: Hashable, Sendable, Codable {
    /// The table as it is now.
    public var table: CardTable
    /// The tables before each play, oldest first; `undo` returns to the last.
    public var undoStack: [CardTable]
    /// The tables undone, most recently undone last; `redo` returns to the last.
    public var redoStack: [CardTable]

    /// A state with this table and history.
    public init(table: CardTable, undoStack: [CardTable] = [], redoStack: [CardTable] = []) {
        self.table = table
        self.undoStack = undoStack
        self.redoStack = redoStack
    }
}

/// The facade a drag-and-drop UI drives. Every answer comes from the game's rule file through
/// `GameRules`; a refused move or action leaves the state exactly as it was.
public struct Game: Sendable {
    /// The compiled rules every answer comes from.
    public let rules: GameRules
    /// The table and its history, to save with `JSONEncoder` and restore with `init(rules:state:)`.
    public private(set) var state: GameState

    /// Deals a new game; throws when the deal does not suit the game (a Microsoft deal of a game
    /// of two decks, a card order that is not the game's cards).
    public init(rules: GameRules, deal: DealSource) throws(DiagnosticsError) {
        self.rules = rules
        state = GameState(table: try rules.deal(deal))
    }

    /// Restores a saved game. Throws when a table of the state, current or in the history, does not
    /// fit these rules (a save of another game, or of other option values).
    public init(rules: GameRules, state: GameState) throws(DiagnosticsError) {
        for table in [state.table] + state.undoStack + state.redoStack {
            if let problem = rules.problem(forRestoring: table) { throw problem }
        }
        self.rules = rules
        self.state = state
    }

    /// The table as it is now.
    public var table: CardTable { state.table }

    // MARK: Reading the table

    /// Where a card lies: its pile and its position from the bottom.
    public func location(of card: Card) -> (pile: Int, position: Int)? {
        for (p, pile) in table.piles.enumerated() {
            if let position = pile.cards.firstIndex(where: { $0.card == card }) { return (p, position) }
        }
        return nil
    }

    /// The cards of a pile, bottom first.
    public func cards(in pile: PileID) -> [PlacedCard] {
        rules.pileIndex(of: pile).map { table.piles[$0].cards } ?? []
    }

    /// The cards that lift together with `card`, bottom first, or none when the rules do not let it
    /// lift. In a game with removals, the face-up top card of a pile a removal takes from lifts
    /// alone too, so that it can be dropped on its partner (see `validateMove`).
    public func cardStack(startingAt card: Card) -> [Card] {
        guard let (pile, position) = location(of: card) else { return [] }
        let cards = table.piles[pile].cards
        let move = Move(source: pile, count: cards.count - position, destination: pile)
        guard rules.liftRefusal(for: move, on: table) == nil else {
            if rules.hasRemovals, position == cards.count - 1, cards[position].isFaceUp, rules.removalTakes(fromPile: pile) { return [card] }
            return []
        }
        return cards[position...].map(\.card)
    }

    /// What a drag of `card` offers.
    public func dragConfiguration(for card: Card) -> DragConfiguration {
        let stack = cardStack(startingAt: card)
        return DragConfiguration(items: stack, allowedOperations: stack.isEmpty ? [] : [.move])
    }

    // MARK: Validating

    /// Whether dropping the session's cards on `destination` is legal. Cheap enough for every drag update.
    public func validateMove<Session: DropSession>(session: Session, destination: ReorderDifference<Card, PileID>.Destination) -> Bool
    where Session.ItemID == Card {
        // The same check as `explainMove`, without building a message.
        if rules.hasRemovals, removal(dropping: session.draggedItemIDs, on: destination) != nil { return true }
        guard case .success(let move) = resolve(session.draggedItemIDs, to: destination) else { return false }
        return rules.allows(move, on: table)
    }

    /// The removal a drop stands for, if any: one card dropped on another pile's top card removes
    /// the two when a removal of the game takes them, and one card dropped on the pile a removal
    /// of that card alone would send it to removes it. A drop that is a removal is never a move.
    func removal(dropping cards: [Card], on destination: ReorderDifference<Card, PileID>.Destination) -> [Int]? {
        guard cards.count == 1, let (pile, position) = location(of: cards[0]), position == table.piles[pile].count - 1,
              let target = rules.pileIndex(of: destination.collectionID) else { return nil }
        if target != pile, !table.piles[target].isEmpty {
            let pair = [pile, target].sorted()
            if rules.allowsRemoval(of: pair, on: table) { return pair }
        }
        if rules.removalDestination(of: [pile], on: table) == target { return [pile] }
        return nil
    }

    /// Why dropping the session's cards on `destination` is refused, or nil when it is legal.
    public func explainMove<Session: DropSession>(session: Session, destination: ReorderDifference<Card, PileID>.Destination) -> Refusal?
    where Session.ItemID == Card {
        if rules.hasRemovals, removal(dropping: session.draggedItemIDs, on: destination) != nil { return nil }
        switch resolve(session.draggedItemIDs, to: destination) {
        case .success(let move): return rules.refusal(for: move, on: table)
        case .failure(let refusal): return refusal
        }
    }

    /// The drop configuration to show while hovering over `destination`.
    public func dropConfiguration<Session: DropSession>(session: Session, destination: ReorderDifference<Card, PileID>.Destination) -> DropConfiguration
    where Session.ItemID == Card {
        let allowed = validateMove(session: session, destination: destination) && session.suggestedOperations.contains(.move)
        return DropConfiguration(operation: allowed ? .move : .forbidden, destination: allowed ? destination : nil)
    }

    /// Turns dragged cards and a destination into a move. Cards always go on top of the destination
    /// pile, so a position before a card of that pile is read as the top too.
    func resolve(_ cards: [Card], to destination: ReorderDifference<Card, PileID>.Destination) -> Result<Move, Refusal> {
        guard let target = rules.pileIndex(of: destination.collectionID) else {
            return .failure(Refusal(code: .noSuchPile, message: "there is no pile \(destination.collectionID)"))
        }
        if case .before(let card) = destination.position, location(of: card)?.pile != target {
            return .failure(Refusal(code: .noSuchPile, message: "\(card) is not in \(destination.collectionID)"))
        }
        guard let first = cards.first else { return .failure(Refusal(code: .emptyRun, message: "no cards are dragged")) }
        guard let (pile, position) = location(of: first) else {
            return .failure(Refusal(code: .cardNotInPile, message: "\(first) is not on the table"))
        }
        let lifted = table.piles[pile].cards[position...].map(\.card)
        guard lifted == cards else {
            return .failure(Refusal(code: .cardNotInPile, message: "the dragged cards are not \(first) and the cards on it"))
        }
        return .success(Move(source: pile, count: cards.count, destination: target))
    }

    // MARK: Playing

    /// Applies a reorder from the UI: validates again, then moves the cards and runs the effects.
    public mutating func moveCards(difference: ReorderDifference<Card, PileID>) throws(Refusal) {
        try insertCards(difference.sources, to: difference.destination)
    }

    /// Puts the given cards (a card and those on it) on the destination pile, if the rules allow it.
    /// A drop that stands for a removal (see `validateMove`) carries out the removal instead.
    public mutating func insertCards(_ cards: [Card], to destination: ReorderDifference<Card, PileID>.Destination) throws(Refusal) {
        if rules.hasRemovals, let piles = removal(dropping: cards, on: destination) {
            try apply(.remove(piles: piles))
            return
        }
        switch resolve(cards, to: destination) {
        case .success(let move): try apply(.move(move))
        case .failure(let refusal): throw refusal
        }
    }

    /// Taps a pile, taking the action its rules give it.
    public mutating func tap(_ pile: PileID) throws(Refusal) {
        guard let index = rules.pileIndex(of: pile) else {
            throw Refusal(code: .noSuchPile, message: "there is no pile \(pile)")
        }
        try apply(.tap(pile: index))
    }

    /// Removes the top cards of these piles together, if a removal of the game allows it.
    public mutating func remove(_ piles: [PileID]) throws(Refusal) {
        var indices: [Int] = []
        for pile in piles {
            guard let index = rules.pileIndex(of: pile) else { throw Refusal(code: .noSuchPile, message: "there is no pile \(pile)") }
            indices.append(index)
        }
        try apply(.remove(piles: indices.sorted()))
    }

    /// The game's score now, or nil when it declares none.
    public var score: Int? { rules.score(of: table) }

    /// Applies a move or tap given in flat pile indices.
    public mutating func apply(_ play: Play) throws(Refusal) {
        let next = try rules.applying(play, to: table)
        state.undoStack.append(state.table)
        state.redoStack.removeAll()
        state.table = next
    }

    /// Every legal move and tap now, in the rules' stable order.
    public var legalPlays: [Play] { rules.legalPlays(on: table) }

    /// Takes back the last play with its effects. False when there is nothing to undo.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let previous = state.undoStack.popLast() else { return false }
        state.redoStack.append(state.table)
        state.table = previous
        return true
    }

    /// Plays again the last play that was undone. False when there is nothing to redo.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let next = state.redoStack.popLast() else { return false }
        state.undoStack.append(state.table)
        state.table = next
        return true
    }

    /// Whether there is a play to take back.
    public var canUndo: Bool { !state.undoStack.isEmpty }
    /// Whether there is a play taken back to make again.
    public var canRedo: Bool { !state.redoStack.isEmpty }
    /// Whether the rule file's win condition holds on the table.
    public var isWon: Bool { rules.isWon(table) }
    /// Whether no move and no tap is legal, and the game is not won.
    public var isStuck: Bool { rules.isStuck(table) }
    /// See `GameRules.isDeadEnd(_:)`: no move is possible now or after any number of taps.
    public var isDeadEnd: Bool { rules.isDeadEnd(table) }
}
