/// Compiles a lift or accept rule's clauses into one closure per clause, with each clause's
/// condition tested inline when it has a direct shape. `if not pile.empty { require builds(top,
/// run.first, r) }` is then two closure calls (the `if`, then the `require`) instead of four
/// (each of those and each of their conditions), and the relation's suit and rank rules are
/// inlined into them too; see `SpecialisedTests.swift`.
enum Judgement {
    static func compose(_ operations: [Operation]) -> JudgementCode {
        if let judgement = compose(operations[...]) { return judgement.code }
        return { _ in -1 }
    }

    /// The judgement of the clauses, or nil when they allow every move without testing anything.
    private static func compose(_ operations: ArraySlice<Operation>) -> JudgementValue? {
        guard let operation = operations.first else { return nil }
        let next = compose(operations.dropFirst())
        switch operation {
        case .require(let condition, let refusal):
            return specialised(condition, RequireClause(refusal: refusal, next: next?.code))
        case .conditional(let condition, let then, let otherwise):
            return specialised(condition, IfClause(then: compose(then[...])?.code, otherwise: compose(otherwise[...])?.code, next: next?.code))
        default:
            // The checker keeps table changes out of lift and accept rules.
            return next
        }
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
        let refusal = refusal
        guard let next else {
            return JudgementValue { f throws(EvaluationFault) in try test.holds(&f) ? -1 : refusal }
        }
        return JudgementValue { f throws(EvaluationFault) in
            guard try test.holds(&f) else { return refusal }
            return try next(&f)
        }
    }
}

/// `if test { … } else { … }`, then the clauses after it. An empty branch is not called.
private struct IfClause: TestVisitor {
    let then: JudgementCode?
    let otherwise: JudgementCode?
    let next: JudgementCode?

    func visit<Test: FrameTest>(_ test: Test) -> JudgementValue? {
        switch (then, otherwise, next) {
        case (let then?, nil, nil):
            return JudgementValue { f throws(EvaluationFault) in try test.holds(&f) ? then(&f) : -1 }
        case (nil, let otherwise?, nil):
            return JudgementValue { f throws(EvaluationFault) in try test.holds(&f) ? -1 : otherwise(&f) }
        case (let then?, let otherwise?, nil):
            return JudgementValue { f throws(EvaluationFault) in try test.holds(&f) ? then(&f) : otherwise(&f) }
        case (let then?, nil, let next?):
            return JudgementValue { f throws(EvaluationFault) in
                if try test.holds(&f) {
                    let verdict = try then(&f)
                    if verdict >= 0 { return verdict }
                }
                return try next(&f)
            }
        case (nil, nil, let next):
            // Both branches are empty, but testing the condition may still fault.
            let rest: JudgementCode
            if let next { rest = next } else { rest = { _ in -1 } }
            return JudgementValue { f throws(EvaluationFault) in
                _ = try test.holds(&f)
                return try rest(&f)
            }
        case (let then, let otherwise, let next?):
            let allow: JudgementCode = { _ in -1 }
            let yes: JudgementCode, no: JudgementCode
            if let then { yes = then } else { yes = allow }
            if let otherwise { no = otherwise } else { no = allow }
            return JudgementValue { f throws(EvaluationFault) in
                let verdict = try test.holds(&f) ? yes(&f) : no(&f)
                if verdict >= 0 { return verdict }
                return try next(&f)
            }
        }
    }
}
