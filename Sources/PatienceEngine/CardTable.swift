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

/// The whole state of a game in play: every pile, how often each action has been used, the
/// values of the game's `memory` declarations, and what its shuffles are drawn from.
/// It is a plain value: copying it snapshots the game, so undo, redo and saved games restore
/// all of it, and two tables are equal only when all of it is.
public struct CardTable: Hashable, Sendable, Codable {
    /// All piles, zone after zone in declaration order; `GameRules.zones` maps them to zones.
    public var piles: [Pile]
    /// How many times each action has been taken, indexed like `GameRules.actions`.
    public var actionUses: [Int]
    /// The value of each `memory` declaration, in declaration order (a condition is 0 or 1).
    public var memory: [Int]
    /// The seed the table's shuffles are drawn from, fixed by the deal (see `GameRules.shuffleSeed(for:)`).
    public var seed: UInt64
    /// How many `shuffle` statements have shuffled cards so far; the next shuffle draws from
    /// `seed` and this count, so every shuffle of a game differs and replays exactly.
    public var shuffles: Int

    /// A table of these piles and action counts; a game without memory or shuffles needs none of the rest.
    public init(piles: [Pile], actionUses: [Int], memory: [Int] = [], seed: UInt64 = 0, shuffles: Int = 0) {
        self.piles = piles
        self.actionUses = actionUses
        self.memory = memory
        self.seed = seed
        self.shuffles = shuffles
    }

    /// Every card on the table, in pile order.
    public var allCards: [Card] { piles.flatMap { $0.cards.map(\.card) } }

    private enum CodingKeys: String, CodingKey {
        case piles, actionUses, memory, seed, shuffles
    }

    /// Reads a table; a table saved before memory and shuffles existed reads with none.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        piles = try container.decode([Pile].self, forKey: .piles)
        actionUses = try container.decode([Int].self, forKey: .actionUses)
        memory = try container.decodeIfPresent([Int].self, forKey: .memory) ?? []
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed) ?? 0
        shuffles = try container.decodeIfPresent(Int.self, forKey: .shuffles) ?? 0
    }

    /// Writes every part of the table.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(piles, forKey: .piles)
        try container.encode(actionUses, forKey: .actionUses)
        try container.encode(memory, forKey: .memory)
        try container.encode(seed, forKey: .seed)
        try container.encode(shuffles, forKey: .shuffles)
    }
}
