/// How a game's deck reads its cards when it has jokers or ranks its aces high (Grammar.md 7.2).
/// A game with neither reads cards as `Card` does, and the engine then uses none of this.
///
/// - With **aces high**, an ace's rank is 14 and the literal `A` means 14; relations compare the
///   ranks in the order 2 < 3 < … < K < A, and `wrapping` joins the ace to the two.
/// - A **joker** has rank 0 and a suit of its own (4), which equals no suit literal; jokers are
///   black and red in turn (the first black). Every joker compares equal to every other joker
///   and to no other card, and every relation holds between a joker and any card: jokers are wild.
@usableFromInline
package struct CardOrder: Hashable, Sendable, Codable {
    /// The deck says `aces high`.
    @usableFromInline package var acesHigh: Bool
    /// The deck has jokers.
    @usableFromInline package var hasJokers: Bool

    /// The order of a deck; the defaults are the standard deck's.
    package init(acesHigh: Bool = false, hasJokers: Bool = false) {
        self.acesHigh = acesHigh
        self.hasJokers = hasJokers
    }

    /// True when the order is the standard one, ace low and no jokers.
    package var isStandard: Bool { !acesHigh && !hasJokers }

    /// The suit value of a joker: it equals no suit.
    @usableFromInline package static let jokerSuit = 4

    /// The card's rank as rules read it.
    @inlinable @inline(__always)
    package func rank(_ card: Card) -> Int {
        if card.isJoker { return 0 }
        let rank = card.rank
        return acesHigh && rank == 1 ? 14 : rank
    }

    /// The card's suit index as rules read it (0 clubs … 3 spades, 4 for a joker).
    @inlinable @inline(__always)
    package func suit(_ card: Card) -> Int { card.isJoker ? CardOrder.jokerSuit : card.suitIndex }

    /// The card's colour (0 black, 1 red).
    @inlinable @inline(__always)
    package func color(_ card: Card) -> Int {
        card.isJoker ? Int((card.rawValue - Card.firstJokerRawValue) & 1) : card.color.rawValue
    }

    /// The rank written as a rank letter: `A` is 14 with aces high.
    package func literal(rank: Int) -> Int { acesHigh && rank == 1 ? 14 : rank }

    /// Whether `upper` may lie on `lower` under `relation` in this order.
    @inlinable @inline(__always)
    package func builds(_ relation: BuildRelation, _ lower: Card, _ upper: Card) -> Bool {
        if lower.isJoker || upper.isJoker { return true }
        guard acesHigh else { return relation.builds(lower, upper) }
        // Aces high: the relation's rank rules apply to the positions 1 (two) … 13 (ace).
        return relation.suitFits(lower, upper) && relation.rankFits(position(lower.rank), position(upper.rank))
    }

    @inlinable @inline(__always)
    func position(_ rank: Int) -> Int { rank == 1 ? 13 : rank - 1 }
}
