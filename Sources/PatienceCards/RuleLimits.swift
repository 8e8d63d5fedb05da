/// Limits of the rule language that both the checker and the engine rely on (Grammar.md, "Limits").
@usableFromInline
package enum RuleLimits {
    /// The most variables of one kind (piles, cards) a game's rules may bind: the engine keeps
    /// each kind in a fixed number of frame slots, so that evaluating a rule allocates nothing.
    /// Inlinable, so that the engine's slot checks compare with a constant: a `static let` read
    /// from another module is a call, and one that initialises another global a `swift_once` on every read.
    @inlinable package static var variables: Int { 32 }
    /// The most decks a game may use.
    package static let decks = 4
    /// The most piles one zone may have: one per card of two decks, as a table of squares
    /// such as Crazy Quilt's 64 needs. Nothing below depends on a zone's piles fitting a word:
    /// piles are numbered across the table by `Int`, and the move lister's per-zone bitsets
    /// (`GameRules.listingIndexSlot`) are used only for zones of at most 64 piles.
    package static let pilesPerZone = 104
    /// The most cards a pile fanned to the right may show (`layout … fan right N`).
    package static let fannedCards = 52
    /// The most parameters one definition may take.
    package static let parametersPerDefinition = 4
    /// The most piles one removal may take cards from.
    package static let removalPiles = 4
    /// The most jokers one deck may add.
    package static let jokersPerDeck = 4
    /// The most `memory` declarations a game may have.
    package static let memories = 64
}
