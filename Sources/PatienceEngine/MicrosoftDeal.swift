import PatienceDiagnostics
import PatienceCards

/// The numbered deals of Microsoft FreeCell, extended the way FreeCell Pro numbers them.
///
/// A deal number picks the seed of the C runtime's linear congruential generator. With a
/// 32-bit `state`, wrapping modulo 2^32, each draw is
///
///     state = state * 214013 + 2531011
///
/// and returns a value that depends on the deal number `n`:
///
/// - Deals 1 to 2^31 - 1: the seed is `n`, and a draw returns `(state >> 16) & 0x7FFF`.
/// - Deals 2^31 to 2^32 - 1: the seed is `n`, and a draw returns
///   `((state >> 16) & 0x7FFF) | 0x8000`.
/// - Deals 2^32 to 2^33 - 1: the seed is `n - 2^32`, and a draw returns
///   `((state >> 16) & 0xFFFF) + 1`.
///
/// The deck starts as 52 cards where card `i` has rank `i / 4 + 1` (aces first) and suit
/// `i % 4` in the order clubs, diamonds, hearts, spades. Each of 52 steps draws `r`, takes
/// `j = r mod remaining`, deals the card at `j`, and moves the last remaining card into
/// slot `j`. Dealt card `i` goes on top of column `i % 8`, so the first eight cards dealt
/// are the bottoms of the eight columns.
///
/// The output was checked byte for byte against `make-microsoft-freecell-board -t N` from
/// Freecell Solver 5.0.0 for every deal from 1 to 32000 (pinned in the tests by block
/// hashes) and for a sample of 33,404 deal numbers across ``range``: the first and last
/// thousand of each of the three ranges above, 999,000 to 1,000,000, and 27,000 chosen at
/// random.
public enum MicrosoftDeal {
    /// The deal numbers this type can produce: 1 to 2^33 - 1.
    public static let range: ClosedRange<Int> = 1...8_589_934_591

    /// The number of tableau columns the cards are dealt into.
    public static let columnCount = 8

    /// The 52 cards of deal `n` in dealing order, or nil if `n` is outside ``range``.
    public static func cards(forDeal n: Int) -> [Card]? {
        guard range.contains(n) else { return nil }
        var random = DealRandom(deal: n)
        var deck = (0..<52).map { Card(rank: $0 / 4 + 1, suit: Suit.allCases[$0 % 4]) }
        var dealt: [Card] = []
        dealt.reserveCapacity(52)
        for remaining in stride(from: 52, to: 0, by: -1) {
            let j = Int(random.next() % UInt32(remaining))
            dealt.append(deck[j])
            deck[j] = deck[remaining - 1]
        }
        return dealt
    }

    /// The eight tableau columns of deal `n`, each listed from its bottom card to its top
    /// card, or nil if `n` is outside ``range``.
    public static func columns(forDeal n: Int) -> [[Card]]? {
        guard let cards = cards(forDeal: n) else { return nil }
        var columns = Array(repeating: [Card](), count: columnCount)
        for (i, card) in cards.enumerated() {
            columns[i % columnCount].append(card)
        }
        return columns
    }
}

/// The random draws of one Microsoft deal, per the table in ``MicrosoftDeal``.
private struct DealRandom {
    private enum Scheme {
        /// Deals below 2^31: fifteen bits per draw.
        case classic
        /// Deals from 2^31 to 2^32 - 1: fifteen bits with bit 15 set.
        case highBitSet
        /// Deals from 2^32: sixteen bits plus one.
        case sixteenBitsPlusOne
    }

    private var state: UInt32
    private let scheme: Scheme

    init(deal n: Int) {
        if n < 1 << 31 {
            scheme = .classic
            state = UInt32(truncatingIfNeeded: n)
        } else if n < 1 << 32 {
            scheme = .highBitSet
            state = UInt32(truncatingIfNeeded: n)
        } else {
            scheme = .sixteenBitsPlusOne
            state = UInt32(truncatingIfNeeded: n - (1 << 32))
        }
    }

    mutating func next() -> UInt32 {
        state = state &* 214_013 &+ 2_531_011
        switch scheme {
        case .classic: return (state >> 16) & 0x7FFF
        case .highBitSet: return ((state >> 16) & 0x7FFF) | 0x8000
        case .sixteenBitsPlusOne: return ((state >> 16) & 0xFFFF) + 1
        }
    }
}
