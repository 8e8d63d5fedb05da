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

    @inline(__always)
    func suitFits(_ lower: Card, _ upper: Card) -> Bool {
        switch suit {
        case .sameSuit: return lower.suitIndex == upper.suitIndex
        case .alternateColour: return lower.color != upper.color
        case .sameColour: return lower.color == upper.color
        case .anySuit: return true
        case .otherSuit: return lower.suitIndex != upper.suitIndex
        }
    }

    @inline(__always)
    func rankFits(_ lower: Int, _ upper: Int) -> Bool {
        switch step {
        case .down: return upper == lower - 1 || (wraps && lower == 1 && upper == 13)
        case .up: return upper == lower + 1 || (wraps && lower == 13 && upper == 1)
        case .upOrDown:
            return upper == lower - 1 || upper == lower + 1
                || (wraps && ((lower == 1 && upper == 13) || (lower == 13 && upper == 1)))
        case .sameRank: return upper == lower
        case .anyRank: return true
        }
    }
}
