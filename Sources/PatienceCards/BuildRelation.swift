/// A build relation: how the card placed on top must relate to the card below it.
/// It is the product of a suit relation and a rank step, optionally wrapping from king to ace.
@usableFromInline
package struct BuildRelation: Hashable, Sendable {
    /// How the upper card's suit must relate to the lower card's.
    @usableFromInline package var suit: SuitRelation
    /// How the upper card's rank must relate to the lower card's.
    @usableFromInline package var step: RankStep
    /// Whether ranks turn the corner, a king next to an ace.
    @usableFromInline package var wraps: Bool

    /// A relation of this suit rule and rank step.
    package init(suit: SuitRelation, step: RankStep, wraps: Bool) {
        self.suit = suit
        self.step = step
        self.wraps = wraps
    }

    /// Whether `upper` may lie on `lower`.
    @inlinable @inline(__always)
    package func builds(_ lower: Card, _ upper: Card) -> Bool {
        suitFits(lower, upper) && rankFits(lower.rank, upper.rank)
    }

    /// Whether the suits of the two cards meet the suit relation.
    @inlinable @inline(__always)
    package func suitFits(_ lower: Card, _ upper: Card) -> Bool {
        switch suit {
        case .sameSuit: return SameSuitRule.fits(lower, upper)
        case .alternateColour: return AlternateColourRule.fits(lower, upper)
        case .sameColour: return SameColourRule.fits(lower, upper)
        case .anySuit: return AnySuitRule.fits(lower, upper)
        case .otherSuit: return OtherSuitRule.fits(lower, upper)
        }
    }

    /// Whether two ranks (or rank positions) meet the rank step.
    @inlinable @inline(__always)
    package func rankFits(_ lower: Int, _ upper: Int) -> Bool {
        switch step {
        case .down: return DownRule.fits(lower, upper, wraps: wraps)
        case .up: return UpRule.fits(lower, upper, wraps: wraps)
        case .upOrDown: return UpOrDownRule.fits(lower, upper, wraps: wraps)
        case .sameRank: return SameRankRule.fits(lower, upper, wraps: wraps)
        case .anyRank: return AnyRankRule.fits(lower, upper, wraps: wraps)
        }
    }
}
