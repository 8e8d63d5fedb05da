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
    /// Where they go.
    public var destination: Destination

    /// A difference moving `sources` to `destination`.
    public init(sources: [ItemID], destination: Destination) {
        self.sources = sources
        self.destination = destination
    }

    /// Where in which collection the items go.
    public struct Destination: Hashable, Sendable {
        /// Where in the collection: before an item, or at the end.
        public var position: Position
        /// The collection, for Patience the pile.
        public var collectionID: CollectionID

        /// A destination in `collectionID`, at the end unless `position` says otherwise.
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
    /// The dragged cards, bottom first.
    public var draggedItemIDs: [Card]
    /// The operations the drag allows.
    public var suggestedOperations: [DropOperation]

    /// A session dragging these cards.
    public init(draggedItemIDs: [Card], suggestedOperations: [DropOperation] = [.move]) {
        self.draggedItemIDs = draggedItemIDs
        self.suggestedOperations = suggestedOperations
    }
}

/// The answer to a drop hovering over a destination: the operation to show, and where the cards would go.
public struct DropConfiguration: Hashable, Sendable {
    /// What a drop here would do: `.move`, or `.forbidden`.
    public var operation: DropOperation
    /// Where the cards would go; nil when the drop is forbidden.
    public var destination: ReorderDifference<Card, PileID>.Destination?

    /// A configuration with this operation and destination.
    public init(operation: DropOperation, destination: ReorderDifference<Card, PileID>.Destination? = nil) {
        self.operation = operation
        self.destination = destination
    }
}

/// What a card offers when a drag starts: the cards that come with it, and the operations allowed.
public struct DragConfiguration: Hashable, Sendable {
    /// The cards that lift together, bottom first; empty when the card cannot be dragged.
    public var items: [Card]
    /// What a drag of these cards may do: `.move` when they can lift, nothing otherwise.
    public var allowedOperations: [DropOperation]

    /// A configuration lifting `items` with these operations.
    public init(items: [Card], allowedOperations: [DropOperation]) {
        self.items = items
        self.allowedOperations = allowedOperations
    }

    /// Whether a drag can start: some cards lift.
    public var isEnabled: Bool { !items.isEmpty }
}
