import PatienceDiagnostics
import PatienceCards

/// A card as it lies in a pile: which card, and whether it shows its face.
public struct PlacedCard: Hashable, Sendable, Codable, Identifiable {
    /// A card on the table is identified by the card itself, which is what a UI drags.
    public var id: Card { card }

    /// Which card it is.
    public var card: Card
    /// Whether its face shows.
    public var isFaceUp: Bool

    /// The card, face up or down.
    public init(_ card: Card, faceUp: Bool) {
        self.card = card
        self.isFaceUp = faceUp
    }
}

/// One pile of cards. Index 0 is the bottom card; the last element is the top card.
public struct Pile: Hashable, Sendable, Codable {
    /// The cards, bottom first.
    public var cards: [PlacedCard]

    /// A pile of these cards, bottom first.
    public init(_ cards: [PlacedCard] = []) { self.cards = cards }

    /// Whether the pile holds no card.
    public var isEmpty: Bool { cards.isEmpty }
    /// How many cards the pile holds.
    public var count: Int { cards.count }
    /// The top card, or nil for an empty pile.
    public var top: PlacedCard? { cards.last }
    /// How many cards lie face down.
    public var faceDownCount: Int { cards.reduce(0) { $0 + ($1.isFaceUp ? 0 : 1) } }
}

/// The address of a pile: its zone's name and its 1-based index in that zone.
/// This is the pipeline's `CollectionID`.
public struct PileID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The zone's name, as the rule file declares it.
    public var zone: String
    /// The pile's position in its zone, from 1.
    public var index: Int

    /// The address of pile `index` (from 1) of `zone`.
    public init(zone: String, index: Int) {
        self.zone = zone
        self.index = index
    }

    /// `tableau[3]`, the pile's address as the move notation writes it for a zone of several piles.
    public var description: String { "\(zone)[\(index)]" }
}

/// The whole state of a game in play: every pile, plus how often each action has been used.
/// It is a plain value: copying it snapshots the game.
public struct CardTable: Hashable, Sendable, Codable {
    /// All piles, zone after zone in declaration order; `GameRules.zones` maps them to zones.
    public var piles: [Pile]
    /// How many times each action has been taken, indexed like `GameRules.actions`.
    public var actionUses: [Int]

    /// A table of these piles and action counts.
    public init(piles: [Pile], actionUses: [Int]) {
        self.piles = piles
        self.actionUses = actionUses
    }

    /// Every card on the table, in pile order.
    public var allCards: [Card] { piles.flatMap { $0.cards.map(\.card) } }
}
