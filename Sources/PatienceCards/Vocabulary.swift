/// How a card's suit must relate to the card it goes on.
@usableFromInline
package enum SuitRelation: String, Hashable, Sendable, CaseIterable {
    case sameSuit = "same suit"
    case alternateColour = "alternate colour"
    case sameColour = "same colour"
    case anySuit = "any suit"
    case otherSuit = "other suit"
}

/// How a card's rank must relate to the card it goes on.
@usableFromInline
package enum RankStep: String, Hashable, Sendable, CaseIterable {
    case down
    case up
    case upOrDown = "up or down"
    case sameRank = "same rank"
    case anyRank = "any rank"
}

/// Whether a statement turns the moved cards face up, face down, or leaves them as they are.
package enum Facing: String, Hashable, Sendable {
    case up = "face up"
    case down = "face down"
}

/// The order in which a `deal` line fills its zone's piles.
package enum DealOrder: String, Hashable, Sendable {
    /// A card to each pile in turn, as a dealer deals rows.
    case byRow = "by row"
    /// Each pile filled before the next.
    case byPile = "by pile"
}

/// Which end of its pile a deal line's `moving … to` clause puts the cards it names.
package enum PileEnd: String, Hashable, Sendable {
    case bottom
    case top
}
