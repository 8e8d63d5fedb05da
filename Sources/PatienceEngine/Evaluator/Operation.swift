import PatienceDiagnostics
import PatienceCards

/// A compiled condition of a `require` or `if`: its closure, and its shape when it is simple
/// enough for a rule's judgement to test it inline (see `Judgement`).
package struct Condition: Sendable {
    let code: BoolCode
    let direct: DirectTest?

    package init(code: @escaping BoolCode, direct: DirectTest?) {
        self.code = code
        self.direct = direct
    }
}

/// A compiled clause of a lift or accept rule. Rules only judge a move, and no clause can change
/// the table: that is what lets `Frame.judging` read the caller's piles in place.
package indirect enum Clause: Sendable {
    /// Refuses unless the condition holds; the refusal is `GameRules.refusals[index]`.
    case require(Condition, refusal: Int)
    case conditional(Condition, [Clause], [Clause])
    /// Judges the body once per pile of a zone, with the pile in `slot`, each pile one step.
    case forEach(slot: Int, piles: Range<Int>, body: [Clause], exhausted: EvaluationFault)
}

/// A compiled statement of an action, an effect or a deal line's `after each card` body.
package indirect enum Operation: Sendable {
    /// Refuses unless the condition holds; the refusal is `GameRules.refusals[index]`, kept aside so
    /// that evaluating a clause copies no strings.
    case require(Condition, refusal: Int)
    case conditional(Condition, [Operation], [Operation])
    /// Runs the body once per pile of a zone, with the pile in `slot`.
    /// Each pile visited spends one step of the frame's budget; `exhausted` is thrown past it.
    case forEach(slot: Int, piles: Range<Int>, body: [Operation], exhausted: EvaluationFault)
    /// Moves up to `count` cards; one at a time (reversing them) or as a block (keeping their order).
    case transfer(oneAtATime: Bool, count: IntCode, from: PileCode, to: PileCode, facing: Facing?)
    /// Makes a move only if the game's lift, accept and capacity rules allow it.
    case tryMove(count: IntCode, from: PileCode, to: TryTarget)
    /// Turns the pile's top card face up if it is face down.
    case flip(PileCode)
    /// `for p in zone { flip p }`, the commonest effect (turning up the card a move uncovers),
    /// run without a closure per pile: the loop's closures were retained and released at each
    /// pile, a third of a Klondike search's time. Same steps and binding as `forEach`.
    case flipTops(slot: Int, piles: Range<Int>, exhausted: EvaluationFault)
    /// Puts the cards of a pile, or of all a zone's piles, in a seeded random order.
    case shuffle(ShuffleTarget)
    /// Stores a value in the table's memory slot.
    case set(slot: Int, value: IntCode)
}

/// What `shuffle` shuffles: one pile, or every pile of a zone together.
package enum ShuffleTarget: Sendable {
    case pile(PileCode)
    case zone(Range<Int>)
}

/// Where `try move` may put its cards: one pile, or the first pile of a zone that accepts them.
package enum TryTarget: Sendable {
    case pile(PileCode)
    case zone(Range<Int>)
}

/// A lift or accept rule compiled to one closure: -1 when every requirement holds, otherwise the
/// index of the refusing requirement in `GameRules.refusals`.
typealias JudgementCode = @Sendable (inout Frame) throws(EvaluationFault) -> Int

/// The compiled move rules of one zone: its lift and accept judgements, its capacity formula
/// and their step budgets.
///
/// It is a class so that the hot path can reach it through `Unmanaged` and call its closures
/// without reference counting: `GameRules.zoneRules` keeps every instance alive, and
/// `GameRules.zoneRuleRefs` holds the same instances unretained for checks to borrow. Loading a
/// closure out of an array instead retains and releases its context on every check, which costs
/// more than the rest of a typical check together.
///
/// The closures are not optional: binding an optional closure copies (and retains) it, while
/// calling a `let` closure of a borrowed instance does not. A missing rule is a flag instead.
/// An accept rule split for move listing (see `RuleProgram.listing`); a struct rather than a
/// tuple, so that each closure is stored as it is rather than behind conversion thunks.
struct ListingJudgement: Sendable {
    let perZone: JudgementCode
    let perDestination: JudgementCode
}

final class ZoneRules: Sendable {
    let gives: Bool
    let lift: JudgementCode
    let liftBudget: Int
    let receives: Bool
    let accept: JudgementCode
    /// The accept rule's bound plus the capacity formula's.
    let acceptBudget: Int
    let hasCapacity: Bool
    let capacity: IntCode
    /// For move listing: the accept clauses that read no destination, judged once per run and
    /// zone (`hasZoneClauses`), and the rest, judged per destination (the whole rule when none
    /// is split off); and whether the capacity is worked out per zone rather than per destination.
    let hasZoneClauses: Bool
    let zoneClauses: JudgementCode
    let destinationClauses: JudgementCode
    let capacityPerZone: Bool
    /// Whether the capacity reads the destination but neither the source nor the run, so that it
    /// has one value for each destination of a table, which listing works out once (`ListedCapacities`).
    let capacityPerDestination: Bool
    /// Where the per-destination clauses accept a run on a pile with cards exactly when its
    /// bottom card builds on the pile's top by one relation (`RuleProgram.buildsOnTop`): whether
    /// it does, `topBuilds[top.rawValue * rawCount + bottom.rawValue]`, for every pair of the
    /// deck's cards. Empty otherwise, and piles without cards are judged by the clauses.
    let topBuilds: [Bool]
    let rawCount: Int
    /// For each top card (by raw value), the bottom cards that build on it: `accepted[acceptedStart[t]..<acceptedStart[t + 1]]`.
    let acceptedStart: [Int]
    let accepted: [Int]
    /// Whether the per-destination clauses refuse every pile with cards (`RuleProgram.onlyEmpty`).
    let onlyEmpty: Bool
    /// Whether, besides its plain checks, the accept rule is only the clause `topBuilds` stands
    /// for (`RuleProgram.remainderBuildsOnTop`) and there is no capacity: then `GameRules.allows`
    /// judges a run dropped on a pile with cards by the look-up alone, without a frame.
    let acceptsByTopAlone: Bool
    /// Whether a run whose bottom card is `bottom` builds on a pile whose top card is `top`, from
    /// `topBuilds`; nil when there is no such table or a card is not the deck's.
    @inline(__always)
    func topBuild(_ top: Card, _ bottom: Card) -> Bool? {
        let a = Int(top.rawValue), b = Int(bottom.rawValue)
        guard a < rawCount && b < rawCount else { return nil }
        return topBuilds[a &* rawCount &+ b]
    }
    /// Whether listing can tell the piles with cards that accept a run from an index of the
    /// table's tops (`topBuilds`, or none at all with `onlyEmpty`), judging only those and the empty piles.
    var isIndexed: Bool { !topBuilds.isEmpty || onlyEmpty }
    /// For `GameRules.allows`: each rule's clauses that are plain checks, and the judgement of
    /// the others (`RuleProgram.precheck`, `RuleProgram.remainder`), a flag when there are none.
    let liftPrecheck: RulePrecheck
    /// The lift rule's `require sequence(run, r)` (`RuleProgram.runSequence`), judged with the
    /// plain checks; `hasLiftSequence` says whether there is one (a flag and a plain value, which
    /// `GameRules.screen` reads in fewer instructions than an optional).
    let hasLiftSequence: Bool
    let liftSequence: BuildRelation
    let hasLiftRemainder: Bool
    let liftRemainder: JudgementCode
    let acceptPrecheck: RulePrecheck
    let hasAcceptRemainder: Bool
    let acceptRemainder: JudgementCode

    init(lift: JudgementCode?, liftBudget: Int,
         liftPrecheck: RulePrecheck = RulePrecheck(), liftSequence: BuildRelation? = nil, liftRemainder: JudgementCode? = nil,
         acceptPrecheck: RulePrecheck = RulePrecheck(), acceptRemainder: JudgementCode? = nil,
         accept: JudgementCode?, acceptBudget: Int, capacity: IntCode?,
         listing: ListingJudgement? = nil, capacityReadsDestination: Bool = true, capacityReadsRun: Bool = true, buildsOnTop: BuildRelation? = nil,
         remainderBuildsOnTop: Bool = false, onlyEmpty: Bool = false, deck: [Card] = []) {
        self.onlyEmpty = onlyEmpty
        self.liftPrecheck = liftPrecheck
        hasLiftSequence = liftSequence != nil
        self.liftSequence = liftSequence ?? BuildRelation(suit: .anySuit, step: .anyRank, wraps: false)
        self.acceptPrecheck = acceptPrecheck
        hasLiftRemainder = liftRemainder != nil
        hasAcceptRemainder = acceptRemainder != nil
        if let liftRemainder { self.liftRemainder = liftRemainder } else { self.liftRemainder = { _ in -1 } }
        if let acceptRemainder { self.acceptRemainder = acceptRemainder } else { self.acceptRemainder = { _ in -1 } }
        // `if let`, not `??`: the generic `??` would store each closure behind two conversion thunks.
        gives = lift != nil
        if let lift { self.lift = lift } else { self.lift = { _ in -1 } }
        self.liftBudget = liftBudget
        receives = accept != nil
        let acceptCode: JudgementCode
        if let accept { acceptCode = accept } else { acceptCode = { _ in -1 } }
        self.accept = acceptCode
        self.acceptBudget = acceptBudget
        hasCapacity = capacity != nil
        if let capacity { self.capacity = capacity } else { self.capacity = { _ in Int.max } }
        hasZoneClauses = listing != nil
        if let listing {
            zoneClauses = listing.perZone
            destinationClauses = listing.perDestination
        } else {
            zoneClauses = { _ in -1 }
            destinationClauses = acceptCode
        }
        capacityPerZone = capacity != nil && !capacityReadsDestination
        capacityPerDestination = capacity != nil && capacityReadsDestination && !capacityReadsRun
        let rawCount = Int(deck.map(\.rawValue).max() ?? 0) + 1
        if let buildsOnTop, !deck.isEmpty, rawCount <= 1024 {
            var table = Array(repeating: false, count: rawCount * rawCount)
            for top in deck {
                for bottom in deck where buildsOnTop.builds(top, bottom) { table[Int(top.rawValue) * rawCount + Int(bottom.rawValue)] = true }
            }
            topBuilds = table
            self.rawCount = rawCount
            acceptsByTopAlone = remainderBuildsOnTop && capacity == nil
            var start: [Int] = [], list: [Int] = []
            for top in 0..<rawCount {
                start.append(list.count)
                for bottom in 0..<rawCount where table[top * rawCount + bottom] { list.append(bottom) }
            }
            start.append(list.count)
            acceptedStart = start
            accepted = list
        } else {
            topBuilds = []
            self.rawCount = 0
            acceptsByTopAlone = false
            acceptedStart = []
            accepted = []
        }
    }
}
