#if canImport(SwiftUI)
import SwiftUI
import UniformTypeIdentifiers

// Thin glue between SwiftUI's drag-and-drop types (iOS, macOS and visionOS 27) and the
// library's mirrors of them. It holds no game logic: every answer comes from `Game`.
//
// Every SwiftUI name below is spelled as Apple's documentation spells it:
// `DropSession` (`localSession`, `DropSession.LocalSession.draggedItemIDs(for:)`,
// `suggestedOperations: DropOperation.Set`, `reorderDestination(for:in:)`),
// `ReorderDifference` (`sources`, `destination`, `Destination.position`,
// `Destination.collectionID`, `Destination.Position.before(_:)` and `.end`),
// `DropConfiguration` (`init(operation:)`, `init(operation:destination:)`),
// `DragConfiguration` (`init(allowMove:allowDelete:)`), and the view modifiers an app applies:
// `reorderContainer(for:in:isEnabled:move:)`, `dropDestination(for:isEnabled:action:)`,
// `dropConfiguration(_:)`, `dragContainer(for:in:_:)`, `draggable(containerItemID:containerNamespace:)`
// and `dragConfiguration(_:)`.

/// Cards travel in a drag as JSON, so that `dragContainer(for:in:_:)` and
/// `dropDestination(for:isEnabled:action:)` can name `PlacedCard` as their item type.
@available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
extension PlacedCard: @retroactive Transferable {
    /// A placed card as JSON (`Codable`).
    public static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .json)
    }
}

@available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
extension Patience.CardDropSession {
    /// Copies what the library needs from SwiftUI's drop session: the dragged cards (a drag from
    /// this app carries their IDs) and the suggested operations.
    public init(_ session: SwiftUI.DropSession) {
        let cards = session.localSession?.draggedItemIDs(for: Card.self) ?? []
        let suggested = session.suggestedOperations
        var operations: [Patience.DropOperation] = []
        let pairs: [(SwiftUI.DropOperation.Set, Patience.DropOperation)] = [
            (.move, .move), (.copy, .copy), (.alias, .alias), (.delete, .delete),
        ]
        for (set, operation) in pairs where suggested.contains(set) { operations.append(operation) }
        self.init(draggedItemIDs: cards, suggestedOperations: operations)
    }
}

@available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
extension Patience.ReorderDifference.Destination where ItemID == Card, CollectionID == PileID {
    /// The library's destination for SwiftUI's, position included.
    public init(_ destination: SwiftUI.ReorderDifference<Card, PileID>.Destination) {
        switch destination.position {
        case .before(let card): self.init(position: .before(card), collectionID: destination.collectionID)
        case .end: self.init(position: .end, collectionID: destination.collectionID)
        }
    }
}

@available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
extension SwiftUI.DragConfiguration {
    /// SwiftUI's drag configuration for the library's: a card that lifts allows a move, and
    /// nothing is ever deleted by dragging.
    public init(_ configuration: Patience.DragConfiguration) {
        self.init(allowMove: configuration.allowedOperations.contains(.move), allowDelete: false)
    }
}

@available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
extension Game {
    /// The answer for `.dropConfiguration { session in game.dropConfiguration(for: session) }`:
    /// `.move` with the reorder destination when the drop is legal, `.forbidden` otherwise.
    public func dropConfiguration(for session: SwiftUI.DropSession) -> SwiftUI.DropConfiguration {
        guard let swiftUIDestination = session.reorderDestination(for: PlacedCard.self, in: PileID.self) else {
            return SwiftUI.DropConfiguration(operation: .forbidden)
        }
        let destination = Patience.ReorderDifference<Card, PileID>.Destination(swiftUIDestination)
        guard validateMove(session: Patience.CardDropSession(session), destination: destination) else {
            return SwiftUI.DropConfiguration(operation: .forbidden)
        }
        return SwiftUI.DropConfiguration(operation: .move, destination: swiftUIDestination)
    }

    /// Applies the difference SwiftUI hands to `reorderContainer(for:in:isEnabled:move:)`.
    public mutating func moveCards(difference: SwiftUI.ReorderDifference<Card, PileID>) throws(Refusal) {
        try insertCards(difference.sources, to: Patience.ReorderDifference<Card, PileID>.Destination(difference.destination))
    }
}
#endif
