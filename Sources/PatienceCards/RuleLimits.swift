/// Limits of the rule language that both the checker and the engine rely on (Grammar.md, "Limits").
package enum RuleLimits {
    /// The most variables of one kind (piles, cards) a game's rules may bind: the engine keeps
    /// each kind in a fixed number of frame slots, so that evaluating a rule allocates nothing.
    package static let variables = 32
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
