/// A suit, in the order clubs, diamonds, hearts, spades (the order Microsoft's deals use).
public enum Suit: Int, Sendable, Codable, Hashable, CaseIterable {
    case clubs = 0, diamonds, hearts, spades

    /// The suit's letter in board text and card literals: `C`, `D`, `H`, `S`.
    public var letter: Character {
        switch self {
        case .clubs: return "C"
        case .diamonds: return "D"
        case .hearts: return "H"
        case .spades: return "S"
        }
    }

    /// The suit symbol shown on a terminal.
    public var symbol: Character {
        switch self {
        case .clubs: return "♣"
        case .diamonds: return "♦"
        case .hearts: return "♥"
        case .spades: return "♠"
        }
    }

    /// Red for diamonds and hearts, black for clubs and spades.
    @inlinable @inline(__always) public var color: CardColor { self == .diamonds || self == .hearts ? .red : .black }

    /// The suit of a letter `C`, `D`, `H` or `S` (either case); nil for any other.
    public init?(letter: Character) {
        switch letter {
        case "C", "c": self = .clubs
        case "D", "d": self = .diamonds
        case "H", "h": self = .hearts
        case "S", "s": self = .spades
        default: return nil
        }
    }
}

/// A card's colour, derived from its suit.
public enum CardColor: Int, Sendable, Codable, Hashable {
    case black = 0, red
}

/// One physical card. The raw value is its identity: `copy * 52 + suit * 13 + (rank - 1)`,
/// so two cards of the same rank and suit in a multi-deck game stay distinct while the
/// rank, suit and colour are pure arithmetic on the identity.
public struct Card: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The card's identity: `copy * 52 + suit * 13 + (rank - 1)`.
    public let rawValue: UInt16

    /// The largest number of copies of one rank and suit a game may hold (Spider with one suit needs 8).
    public static let maximumCopies = 16

    /// The card with this identity.
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The raw value of the first joker: jokers come after every copy of every ordinary card.
    public static let firstJokerRawValue: UInt16 = UInt16(52 * maximumCopies)

    /// The `number`-th joker of a game, from 0.
    public static func joker(_ number: Int) -> Card { Card(rawValue: firstJokerRawValue + UInt16(number)) }

    /// True for a joker, which has no rank and no suit.
    @inlinable @inline(__always) public var isJoker: Bool { rawValue >= Card.firstJokerRawValue }

    /// What two cards that compare equal share: rank and suit for ordinary cards (any copy), and
    /// one value for every joker.
    @inlinable @inline(__always) public var value: Int { isJoker ? 52 : Int(rawValue % 52) }

    /// The card of this rank (1 to 13), suit and copy (from 0, below `maximumCopies`).
    public init(rank: Int, suit: Suit, copy: Int = 0) {
        precondition((1...13).contains(rank) && (0..<Card.maximumCopies).contains(copy), "card out of range")
        rawValue = UInt16(copy * 52 + suit.rawValue * 13 + rank - 1)
    }

    /// 1 (ace) to 13 (king).
    @inlinable @inline(__always) public var rank: Int { Int(rawValue % 13) + 1 }
    /// `% 4` always gives a suit; the `?? .clubs` only spares a force unwrap.
    @inlinable @inline(__always) public var suit: Suit { Suit(rawValue: Int(rawValue / 13) % 4) ?? .clubs }
    @inlinable @inline(__always) public var suitIndex: Int { Int(rawValue / 13) % 4 }
    /// Diamonds (1) and hearts (2) are red, read from the suit index without building a `Suit`.
    @inlinable @inline(__always) public var color: CardColor { (suitIndex &- 1) & 3 < 2 ? .red : .black }
    /// Which copy of this rank and suit the card is (its deck index), from 0.
    public var copy: Int { Int(rawValue / 52) }

    /// The card in board-text form, such as `TS` or `AH`; a joker is `JK`.
    public var boardText: String { isJoker ? "JK" : String(Card.rankLetter(rank)) + String(suit.letter) }

    /// The card as a rule file writes it, such as `10S` or `AH`; a joker is `JK`.
    public var description: String { isJoker ? "JK" : Card.rankName(rank) + String(suit.letter) }

    /// Cards order by identity: copy, then suit, then rank.
    public static func < (lhs: Card, rhs: Card) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `A`, `2`…`9`, `T`, `J`, `Q`, `K` as board text writes ranks.
    public static func rankLetter(_ rank: Int) -> Character {
        Array("A23456789TJQK")[rank - 1]
    }

    /// `A`, `2`…`10`, `J`, `Q`, `K` as rule files write ranks.
    public static func rankName(_ rank: Int) -> String {
        switch rank {
        case 1: return "A"
        case 11: return "J"
        case 12: return "Q"
        case 13: return "K"
        default: return String(rank)
        }
    }

    /// Reads a rank written as `A`, `2`…`10`, `T`, `J`, `Q` or `K` (either case); nil otherwise.
    public static func rank(from text: Substring) -> Int? {
        switch text.uppercased() {
        case "A", "1": return 1
        case "T", "10": return 10
        case "J": return 11
        case "Q": return 12
        case "K": return 13
        default:
            guard let n = Int(text), (2...9).contains(n) else { return nil }
            return n
        }
    }
}
