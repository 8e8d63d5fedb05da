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
    /// The most piles one zone may have.
    package static let pilesPerZone = 52
    /// The most parameters one definition may take.
    package static let parametersPerDefinition = 4
    /// The most piles one removal may take cards from.
    package static let removalPiles = 4
    /// The most jokers one deck may add.
    package static let jokersPerDeck = 4
    /// The most `memory` declarations a game may have.
    package static let memories = 64
}
