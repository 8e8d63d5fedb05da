import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// A change a drag-and-drop UI asks for: move `sources` to `destination`. It mirrors the shape
/// of SwiftUI's `ReorderDifference` (iOS, macOS and visionOS 27), member for member — `sources`,
/// `destination`, `Destination` with `position` and `collectionID`, and `Destination.Position`
/// with `before(_:)` and `end` — so app code reads the same on both sides.
public struct ReorderDifference<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// The moved items, bottom card first.
    public var sources: [ItemID]
    /// Where the items go.
    public var destination: Destination

    /// A difference moving `sources` to `destination`.
    public init(sources: [ItemID], destination: Destination) {
        self.sources = sources
        self.destination = destination
    }

    /// Where in which collection the items go, as SwiftUI's `ReorderDifference.Destination`.
    public struct Destination: Hashable, Sendable {
        /// The place within the collection.
        public var position: Position
        /// The collection (for the library, the pile).
        public var collectionID: CollectionID

        /// A destination in `collectionID`, at its end unless told otherwise; SwiftUI's
        /// `init(position:collectionID:)`.
        public init(position: Position = .end, collectionID: CollectionID) {
            self.position = position
            self.collectionID = collectionID
        }

        /// A place within a collection, as SwiftUI's `ReorderDifference.Destination.Position`.
        public enum Position: Hashable, Sendable {
            /// At the index of the given item, before it.
            case before(ItemID)
            /// After the last item.
            case end
        }
    }
}

/// What a drop would do, with the cases of SwiftUI's `DropOperation`.
public enum DropOperation: String, Hashable, Sendable, Codable, CaseIterable {
    /// Move the dragged items (the only operation a card game allows).
    case move
    /// Copy the dragged items.
    case copy
    /// The drop is not allowed here now.
    case forbidden
    /// Cancel the drag; nothing is transferred.
    case cancel
    /// Make an alias of the dragged items.
    case alias
    /// Delete the dragged items (a drop on a trash bin).
    case delete
}

/// A drag in progress: the dragged items and the operations the source suggests. SwiftUI's
/// `DropSession` is a struct read through `localSession?.draggedItemIDs(for:)` and
/// `suggestedOperations`; this protocol asks for the same two answers, so that the library can
/// be driven and tested without SwiftUI (`CardDropSession`, or the adapter's copy of a SwiftUI session).
public protocol DropSession<ItemID> {
    associatedtype ItemID: Hashable & Sendable
    /// The dragged items, bottom card first.
    var draggedItemIDs: [ItemID] { get }
    /// The operations the drag source offers, most preferred first.
    var suggestedOperations: [DropOperation] { get }
}

/// A plain drop session value, for tests, the command line, and adapters that copy a UI's session.
public struct CardDropSession: DropSession, Hashable, Sendable {
    /// The dragged cards, bottom card first.
    public var draggedItemIDs: [Card]
    /// The operations the drag source offers, most preferred first.
    public var suggestedOperations: [DropOperation]

    /// A session dragging `draggedItemIDs`, offering a move unless told otherwise.
    public init(draggedItemIDs: [Card], suggestedOperations: [DropOperation] = [.move]) {
        self.draggedItemIDs = draggedItemIDs
        self.suggestedOperations = suggestedOperations
    }
}

/// The answer to a drop hovering over a destination: the operation to show, and where the cards
/// would go, as SwiftUI's `DropConfiguration(operation:destination:)` carries them.
public struct DropConfiguration: Hashable, Sendable {
    /// `.move` when the drop is legal, `.forbidden` otherwise.
    public var operation: DropOperation
    /// Where the cards would go; nil when the drop is forbidden.
    public var destination: ReorderDifference<Card, PileID>.Destination?

    /// A configuration with this operation and destination.
    public init(operation: DropOperation, destination: ReorderDifference<Card, PileID>.Destination? = nil) {
        self.operation = operation
        self.destination = destination
    }
}

/// What a card offers when a drag starts: the cards that come with it, and the operations
/// allowed. SwiftUI's `DragConfiguration(allowMove:allowDelete:)` carries only the operations;
/// the adapter builds it from `allowedOperations`.
public struct DragConfiguration: Hashable, Sendable {
    /// The cards that lift together, bottom first; empty when the card cannot be dragged.
    public var items: [Card]
    /// `[.move]` when the card can be dragged, `[]` otherwise.
    public var allowedOperations: [DropOperation]

    /// A configuration lifting `items` with these operations.
    public init(items: [Card], allowedOperations: [DropOperation]) {
        self.items = items
        self.allowedOperations = allowedOperations
    }

    /// Whether the card can be dragged at all.
    public var isEnabled: Bool { !items.isEmpty }
}
