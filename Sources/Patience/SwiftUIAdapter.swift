#if canImport(SwiftUI)
import SwiftUI

// Thin glue between SwiftUI's drag-and-drop types (iOS, macOS and visionOS 27) and the
// library's mirrors of them. It holds no game logic: every answer comes from `Game`.

@available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
extension Patience.CardDropSession {
    /// Copies what the library needs from SwiftUI's drop session: the dragged cards and the suggested operations.
    public init(_ session: SwiftUI.DropSession) {
        let cards = session.localSession?.draggedItemIDs(for: Card.self) ?? []
        var operations: [Patience.DropOperation] = []
        if session.suggestedOperations.contains(.move) { operations.append(.move) }
        if session.suggestedOperations.contains(.copy) { operations.append(.copy) }
        self.init(draggedItemIDs: cards, suggestedOperations: operations)
    }
}

@available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
extension Patience.ReorderDifference.Destination where ItemID == Card, CollectionID == PileID {
    /// The library's destination for SwiftUI's.
    public init(_ destination: SwiftUI.ReorderDifference<Card, PileID>.Destination) {
        self.init(position: .end, collectionID: destination.collectionID)
    }
}

@available(iOS 27.0, macOS 27.0, visionOS 27.0, *)
extension Game {
    /// The answer for `.dropConfiguration { session in game.dropConfiguration(for: session) }`.
    public func dropConfiguration(for session: SwiftUI.DropSession) -> SwiftUI.DropConfiguration {
        guard let swiftUIDestination = session.reorderDestination(for: PlacedCard.self, in: PileID.self) else {
            return SwiftUI.DropConfiguration(operation: .forbidden)
        }
        let destination = Patience.ReorderDifference<Card, PileID>.Destination(swiftUIDestination)
        let allowed = validateMove(session: Patience.CardDropSession(session), destination: destination)
        return allowed
            ? SwiftUI.DropConfiguration(operation: .move, destination: swiftUIDestination)
            : SwiftUI.DropConfiguration(operation: .forbidden)
    }

    /// Applies the difference SwiftUI hands to `reorderContainer(for:in:move:)`.
    public mutating func moveCards(difference: SwiftUI.ReorderDifference<Card, PileID>) throws(Refusal) {
        try insertCards(difference.sources, to: Patience.ReorderDifference<Card, PileID>.Destination(difference.destination))
    }
}
#endif
