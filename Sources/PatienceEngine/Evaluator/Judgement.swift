import PatienceDiagnostics
import PatienceCards

/// Compiles a lift or accept rule's clauses into one closure per clause, with each clause's
/// condition tested inline when it has a direct shape (see `FrameTests.swift`), and two
/// common pairs of clauses into one closure: `if pile.empty { … }` with a branch that is a single
/// `require`, and a cheap guard followed by a last `require`. `if not pile.empty { require
/// builds(top, run.first, r) }` is then one closure call, with the relation's suit and rank rules
/// inlined, instead of four (the `if`, the `require` and each of their conditions).
enum Judgement {
    static func compose(_ clauses: [Clause]) -> JudgementCode {
        // `if let`, not `??`: the generic `??` would wrap the closure in conversion thunks.
        if let judgement = compose(clauses[...]) { return judgement.code }
        return allowEverything
    }

    /// The judgement of the clauses, or nil when they allow every move without testing anything.
    private static func compose(_ clauses: ArraySlice<Clause>) -> JudgementValue? {
        guard let clause = clauses.first else { return nil }
        // A fused pair needs no closure for its last clause, so the rest is compiled only when used.
        if case .require(let condition, let refusal) = clause, clauses.count == 2,
           case .require(let last, let lastRefusal) = clauses[clauses.startIndex + 1],
           let pair = requirePair(condition, refusal, last, lastRefusal) {
            return pair
        }
        let next = compose(clauses.dropFirst())
        switch clause {
        case .require(let condition, let refusal):
            return specialised(condition, RequireClause(refusal: refusal, next: next?.code))
        case .conditional(let condition, let then, let otherwise):
            if case .pileEmpty(.destination, let empty)? = condition.direct,
               let fused = ifDestination(empty: empty, then: then, otherwise: otherwise, next: next?.code) {
                return fused
            }
            return specialised(condition, IfClause(then: compose(then[...])?.code, otherwise: compose(otherwise[...])?.code, next: next?.code))
        case .forEach(let slot, let piles, let body, let exhausted):
            return JudgementValue(code: forEach(slot: slot, piles: piles, body: compose(body[...])?.code, exhausted: exhausted, next: next?.code))
        }
    }

    /// `for p in zone { … }` in a rule: the body's judgement once per pile, stopping at the first refusal.
    private static func forEach(slot: Int, piles: Range<Int>, body: JudgementCode?, exhausted: EvaluationFault,
                                next: JudgementCode?) -> JudgementCode {
        let loop = PileLoop(piles: piles, slot: slot, binds: true, exhausted: exhausted, excluded: nil)
        let node = ForEachNode(loop: loop, body: body, next: next)
        return { f throws(EvaluationFault) in
            var verdict = -1
            try node.loop.visit(&f) { f, _ throws(EvaluationFault) in
                verdict = try node.body(&f)
                return verdict < 0
            }
            if verdict >= 0 { return verdict }
            return try node.next(&f)
        }
    }

    /// `require g; require t` with `g` a cheap guard (`pile.empty`, `run.size == n`) as one closure.
    private static func requirePair(_ first: Condition, _ firstRefusal: Int, _ last: Condition, _ lastRefusal: Int) -> JudgementValue? {
        switch first.direct {
        case .pileEmpty(.destination, let empty)?:
            return specialised(last, RequirePair(guardTest: DestinationEmptiness(empty: empty), guardRefusal: firstRefusal, refusal: lastRefusal))
        case .compare(.runSize, .equal, let size)?:
            return specialised(last, RequirePair(guardTest: RunSizeIs(size: size), guardRefusal: firstRefusal, refusal: lastRefusal))
        default:
            return nil
        }
    }

    /// `if pile.empty { … } else { … }` with one branch a single `require`, as one closure that
    /// tests that requirement inline. The branch for a pile with cards is preferred: most piles
    /// a card is offered to hold cards.
    private static func ifDestination(empty: Bool, then: [Clause], otherwise: [Clause], next: JudgementCode?) -> JudgementValue? {
        let (whenEmpty, whenNot) = empty ? (then, otherwise) : (otherwise, then)
        for (holdsCards, branch, other) in [(true, whenNot, whenEmpty), (false, whenEmpty, whenNot)] {
            guard branch.count == 1, case .require(let condition, let refusal) = branch[0] else { continue }
            let clause = FusedIf(guardTest: DestinationEmptiness(empty: !holdsCards), refusal: refusal,
                                 other: compose(other[...])?.code, next: next)
            return specialised(condition, clause)
        }
        return nil
    }

    private static func specialised<Visitor: TestVisitor>(_ condition: Condition, _ visitor: Visitor) -> Visitor.Output {
        if let direct = condition.direct { return direct.specialised(visitor) }
        return visitor.visit(ClosureTest(code: condition.code))
    }
}

/// A judgement returned from generic code; see `BoolCodeValue` for why it is wrapped.
struct JudgementValue {
    let code: JudgementCode
}

/// `require test else …`, then the clauses after it.
private struct RequireClause: TestVisitor {
    let refusal: Int
    let next: JudgementCode?

    func visit<Test: FrameTest>(_ test: Test) -> JudgementValue? {
        let node = RequireNode(test: test, refusal: refusal, next: next)
        if next == nil { return JudgementValue { f throws(EvaluationFault) in try node.test.holds(&f) ? -1 : node.refusal } }
        return JudgementValue { f throws(EvaluationFault) in
            guard try node.test.holds(&f) else { return node.refusal }
            return try node.next(&f)
        }
    }
}

/// What a clause's closure captures, as one reference: a closure's forwarding thunk copies every
/// captured value into registers on each call, so capturing a clause's parts one by one costs
/// more than loading the few a check needs from one object.
private final class RequireNode<Test: FrameTest>: Sendable {
    let test: Test
    let refusal: Int
    /// The clauses after this one; unused when there are none.
    let next: JudgementCode

    init(test: Test, refusal: Int, next: JudgementCode?) {
        self.test = test
        self.refusal = refusal
        if let next { self.next = next } else { self.next = allowEverything }
    }
}

/// `if test { … } else { … }`, then the clauses after it. An empty branch is not called.
private struct IfClause: TestVisitor {
    let then: JudgementCode?
    let otherwise: JudgementCode?
    let next: JudgementCode?

    func visit<Test: FrameTest>(_ test: Test) -> JudgementValue? {
        let node = IfNode(test: test, then: then, otherwise: otherwise, next: next)
        switch (then != nil, otherwise != nil, next != nil) {
        case (true, false, false):
            return JudgementValue { f throws(EvaluationFault) in try node.test.holds(&f) ? node.then(&f) : -1 }
        case (false, true, false):
            return JudgementValue { f throws(EvaluationFault) in try node.test.holds(&f) ? -1 : node.otherwise(&f) }
        case (true, true, false), (false, false, false):
            // With both branches empty the test still runs, since it may fault.
            return JudgementValue { f throws(EvaluationFault) in try node.test.holds(&f) ? node.then(&f) : node.otherwise(&f) }
        case (true, false, true):
            return JudgementValue { f throws(EvaluationFault) in
                if try node.test.holds(&f) {
                    let verdict = try node.then(&f)
                    if verdict >= 0 { return verdict }
                }
                return try node.next(&f)
            }
        case (_, _, true):
            return JudgementValue { f throws(EvaluationFault) in
                let verdict = try node.test.holds(&f) ? node.then(&f) : node.otherwise(&f)
                if verdict >= 0 { return verdict }
                return try node.next(&f)
            }
        }
    }
}

private final class IfNode<Test: FrameTest>: Sendable {
    let test: Test
    /// The branches and the clauses after the `if`; each allows everything when it is empty.
    let then: JudgementCode
    let otherwise: JudgementCode
    let next: JudgementCode

    init(test: Test, then: JudgementCode?, otherwise: JudgementCode?, next: JudgementCode?) {
        self.test = test
        if let then { self.then = then } else { self.then = allowEverything }
        if let otherwise { self.otherwise = otherwise } else { self.otherwise = allowEverything }
        if let next { self.next = next } else { self.next = allowEverything }
    }
}

/// `require guard; require test`, both tested inline.
private struct RequirePair<Guard: FrameTest>: TestVisitor {
    let guardTest: Guard
    let guardRefusal: Int
    let refusal: Int

    func visit<Test: FrameTest>(_ test: Test) -> JudgementValue? {
        let node = RequirePairNode(guardTest: guardTest, guardRefusal: guardRefusal, test: test, refusal: refusal)
        return JudgementValue { f throws(EvaluationFault) in
            guard try node.guardTest.holds(&f) else { return node.guardRefusal }
            return try node.test.holds(&f) ? -1 : node.refusal
        }
    }
}

private final class RequirePairNode<Guard: FrameTest, Test: FrameTest>: Sendable {
    let guardTest: Guard
    let guardRefusal: Int
    let test: Test
    let refusal: Int

    init(guardTest: Guard, guardRefusal: Int, test: Test, refusal: Int) {
        (self.guardTest, self.guardRefusal, self.test, self.refusal) = (guardTest, guardRefusal, test, refusal)
    }
}

/// What a rule's `for` clause captures; see `RequireNode`.
private final class ForEachNode: Sendable {
    let loop: PileLoop
    let body: JudgementCode
    let next: JudgementCode

    init(loop: PileLoop, body: JudgementCode?, next: JudgementCode?) {
        self.loop = loop
        if let body { self.body = body } else { self.body = allowEverything }
        if let next { self.next = next } else { self.next = allowEverything }
    }
}

/// The judgement of no clauses.
private let allowEverything: JudgementCode = { _ in -1 }

/// `if guard { require test } else { other }`, then the clauses after it, with the guard and the
/// test inline. A missing `other` or `next` is a flag rather than an optional closure, so that
/// the check neither binds an optional closure nor calls an empty one.
private struct FusedIf<Guard: FrameTest>: TestVisitor {
    let guardTest: Guard
    let refusal: Int
    let other: JudgementCode?
    let next: JudgementCode?

    func visit<Test: FrameTest>(_ test: Test) -> JudgementValue? {
        let node = FusedIfNode(guardTest: guardTest, test: test, refusal: refusal, other: other, next: next)
        return JudgementValue { f throws(EvaluationFault) in try node.judge(&f) }
    }
}

/// What a `FusedIf` closure captures; see `RequireNode`.
private final class FusedIfNode<Guard: FrameTest, Test: FrameTest>: Sendable {
    let guardTest: Guard
    let test: Test
    let refusal: Int
    let hasOther: Bool
    let other: JudgementCode
    let hasNext: Bool
    let next: JudgementCode

    init(guardTest: Guard, test: Test, refusal: Int, other: JudgementCode?, next: JudgementCode?) {
        self.guardTest = guardTest
        self.test = test
        self.refusal = refusal
        hasOther = other != nil
        hasNext = next != nil
        if let other { self.other = other } else { self.other = allowEverything }
        if let next { self.next = next } else { self.next = allowEverything }
    }

    @inline(__always)
    func judge(_ f: inout Frame) throws(EvaluationFault) -> Int {
        let verdict: Int
        if try guardTest.holds(&f) {
            verdict = try test.holds(&f) ? -1 : refusal
        } else if hasOther {
            verdict = try other(&f)
        } else {
            verdict = -1
        }
        if verdict >= 0 || !hasNext { return verdict }
        return try next(&f)
    }
}
