import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// A change a drag-and-drop UI asks for: move `sources` to `destination`. It mirrors the shape
/// of SwiftUI's `ReorderDifference`, so app code reads the same on both sides.
public struct ReorderDifference<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// The moved items, bottom card first.
    public var sources: [ItemID]
    public var destination: Destination

    public init(sources: [ItemID], destination: Destination) {
        self.sources = sources
        self.destination = destination
    }

    /// Where in which collection the items go.
    public struct Destination: Hashable, Sendable {
        public var position: Position
        public var collectionID: CollectionID

        public init(position: Position = .end, collectionID: CollectionID) {
            self.position = position
            self.collectionID = collectionID
        }
    }

    /// A place within a collection.
    public enum Position: Hashable, Sendable {
        /// Before the given item.
        case before(ItemID)
        /// After the last item.
        case end
    }
}

/// What a drop would do, as in SwiftUI.
public enum DropOperation: String, Hashable, Sendable, Codable, CaseIterable {
    case move
    case copy
    case forbidden
    case cancel
}

/// A drag in progress: the dragged items and the operations the source suggests.
public protocol DropSession<ItemID> {
    associatedtype ItemID: Hashable & Sendable
    /// The dragged items, bottom card first.
    var draggedItemIDs: [ItemID] { get }
    /// The operations the drag source offers, most preferred first.
    var suggestedOperations: [DropOperation] { get }
}

/// A plain drop session value, for tests, the command line, and adapters that copy a UI's session.
public struct CardDropSession: DropSession, Hashable, Sendable {
    public var draggedItemIDs: [Card]
    public var suggestedOperations: [DropOperation]

    public init(draggedItemIDs: [Card], suggestedOperations: [DropOperation] = [.move]) {
        self.draggedItemIDs = draggedItemIDs
        self.suggestedOperations = suggestedOperations
    }
}

/// The answer to a drop hovering over a destination: the operation to show, and where the cards would go.
public struct DropConfiguration: Hashable, Sendable {
    public var operation: DropOperation
    public var destination: ReorderDifference<Card, PileID>.Destination?

    public init(operation: DropOperation, destination: ReorderDifference<Card, PileID>.Destination? = nil) {
        self.operation = operation
        self.destination = destination
    }
}

/// What a card offers when a drag starts: the cards that come with it, and the operations allowed.
public struct DragConfiguration: Hashable, Sendable {
    /// The cards that lift together, bottom first; empty when the card cannot be dragged.
    public var items: [Card]
    public var allowedOperations: [DropOperation]

    public init(items: [Card], allowedOperations: [DropOperation]) {
        self.items = items
        self.allowedOperations = allowedOperations
    }

    public var isEnabled: Bool { !items.isEmpty }
}
