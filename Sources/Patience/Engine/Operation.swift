/// A compiled statement of a rule, action or effect body.
enum Operation: Sendable {
    /// Refuses unless the condition holds; the refusal is `GameRules.refusals[index]`, kept aside so
    /// that evaluating a clause copies no strings.
    case require(BoolCode, refusal: Int)
    case conditional(BoolCode, [Operation], [Operation])
    /// Runs the body once per pile of a zone, with the pile in `slot`.
    /// Each pile visited spends one step of the frame's budget; `exhausted` is thrown past it.
    case forEach(slot: Int, piles: Range<Int>, body: [Operation], exhausted: EvaluationFault)
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

/// A lift or accept rule compiled to one closure: -1 when every requirement holds, otherwise the
/// index of the refusing requirement in `GameRules.refusals`.
typealias JudgementCode = @Sendable (inout Frame) throws(EvaluationFault) -> Int

/// A judgement closure kept in a struct: a closure stored straight in an array or optional is
/// kept in its most general form and every call goes through a conversion thunk; a struct field
/// keeps the closure's own form.
struct JudgementBox: Sendable {
    let call: JudgementCode
}

/// An integer closure kept in a struct, for the same reason as `JudgementBox`.
struct IntCodeBox: Sendable {
    let call: IntCode
}

enum Judgement {
    /// Chains a rule's clauses into a single closure, so judging a move walks no enum values.
    static func compose(_ operations: [Operation]) -> JudgementCode {
        compose(operations[...])
    }

    private static func compose(_ operations: ArraySlice<Operation>) -> JudgementCode {
        guard let operation = operations.first else { return { _ in -1 } }
        let rest = operations.dropFirst()
        switch operation {
        case .require(let condition, let refusal):
            if rest.isEmpty {
                return { f throws(EvaluationFault) in try condition(&f) ? -1 : refusal }
            }
            let next = compose(rest)
            return { f throws(EvaluationFault) in
                if try !condition(&f) { return refusal }
                return try next(&f)
            }
        case .conditional(let condition, let then, let otherwise):
            let thenCode = compose(then), otherwiseCode = compose(otherwise)
            if rest.isEmpty {
                return { f throws(EvaluationFault) in try condition(&f) ? thenCode(&f) : otherwiseCode(&f) }
            }
            let next = compose(rest)
            return { f throws(EvaluationFault) in
                let verdict = try condition(&f) ? thenCode(&f) : otherwiseCode(&f)
                if verdict >= 0 { return verdict }
                return try next(&f)
            }
        default:
            // The checker keeps table changes out of lift and accept rules.
            return compose(rest)
        }
    }
}
