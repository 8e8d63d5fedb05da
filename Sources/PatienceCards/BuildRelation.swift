/// A build relation: how the card placed on top must relate to the card below it.
/// It is the product of a suit relation and a rank step, optionally wrapping from king to ace.
public struct BuildRelation: Hashable, Sendable {
    public var suit: SuitRelation
    public var step: RankStep
    public var wraps: Bool

    public init(suit: SuitRelation, step: RankStep, wraps: Bool) {
        self.suit = suit
        self.step = step
        self.wraps = wraps
    }

    /// Whether `upper` may lie on `lower`.
    @inline(__always)
    public func builds(_ lower: Card, _ upper: Card) -> Bool {
        suitFits(lower, upper) && rankFits(lower.rank, upper.rank)
    }

    /// Whether the suits of the two cards meet the suit relation.
    @inline(__always)
    public func suitFits(_ lower: Card, _ upper: Card) -> Bool {
        switch suit {
        case .sameSuit: return SameSuitRule.fits(lower, upper)
        case .alternateColour: return AlternateColourRule.fits(lower, upper)
        case .sameColour: return SameColourRule.fits(lower, upper)
        case .anySuit: return AnySuitRule.fits(lower, upper)
        case .otherSuit: return OtherSuitRule.fits(lower, upper)
        }
    }

    /// Whether two ranks (or rank positions) meet the rank step.
    @inline(__always)
    public func rankFits(_ lower: Int, _ upper: Int) -> Bool {
        switch step {
        case .down: return DownRule.fits(lower, upper, wraps: wraps)
        case .up: return UpRule.fits(lower, upper, wraps: wraps)
        case .upOrDown: return UpOrDownRule.fits(lower, upper, wraps: wraps)
        case .sameRank: return SameRankRule.fits(lower, upper, wraps: wraps)
        case .anyRank: return AnyRankRule.fits(lower, upper, wraps: wraps)
        }
    }
}
