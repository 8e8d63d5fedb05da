/// A compiled statement of a rule, action or effect body.
enum Operation: Sendable {
    /// Refuses unless the condition holds; the refusal is `GameRules.refusals[index]`, kept aside so
    /// that evaluating a clause copies no strings.
    case require(BoolCode, refusal: Int)
    case conditional(BoolCode, [Operation], [Operation])
    /// Runs the body once per pile of a zone, with the pile in `slot`.
    case forEach(slot: Int, piles: Range<Int>, body: [Operation])
    /// Moves up to `count` cards; one at a time (reversing them) or as a block (keeping their order).
    case transfer(oneAtATime: Bool, count: IntCode, from: PileCode, to: PileCode, facing: Facing?)
    /// Makes a move only if the game's lift, accept and capacity rules allow it.
    case tryMove(count: IntCode, from: PileCode, to: TryTarget)
    /// Turns the pile's top card face up if it is face down.
    case flip(PileCode)
}

/// Where `try move` may put its cards: one pile, or the first pile of a zone that accepts them.
enum TryTarget: Sendable {
    case pile(PileCode)
    case zone(Range<Int>)
}
