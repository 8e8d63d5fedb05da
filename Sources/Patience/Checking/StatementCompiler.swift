/// What kind of body a statement list is, which decides the statements it may hold.
enum BodyKind {
    /// `lift` or `accept`: only `require` and `if`; a failed requirement refuses with `refusalCode`.
    case rule(refusalCode: DiagnosticCode)
    /// An action: requirements and table changes.
    case action
    /// An effect: table changes only.
    case effect
    /// A deal line's `after each card` body: table changes only, like an effect.
    case afterDealtCard
}

extension ExpressionCompiler {
    /// Compiles a statement list, reporting statements that do not belong in this kind of body.
    func compileBody(_ statements: [Statement], _ scope: Scope, kind: BodyKind, file: String) -> [Operation] {
        statements.compactMap { compileStatement($0, scope, kind: kind, file: file) }
    }

    private func compileStatement(_ statement: Statement, _ scope: Scope, kind: BodyKind, file: String) -> Operation? {
        switch statement.kind {
        case .require(let condition, let reason):
            switch kind {
            case .effect:
                report(.misplacedStatement, "'require' cannot appear in an effect; effects refuse nothing", at: statement.range,
                       help: "use 'if' to make part of the effect conditional")
                return nil
            case .afterDealtCard:
                report(.misplacedStatement, "'require' cannot appear in a deal line's 'after each card'; the deal refuses nothing",
                       at: statement.range, help: "use 'if' to make part of it conditional")
                return nil
            case .rule, .action:
                break
            }
            guard let (code, info) = boolean(condition, scope) else { return nil }
            lintCondition(info, at: condition.range, refuses: true)
            let refusalCode: DiagnosticCode
            if case .rule(let c) = kind { refusalCode = c } else { refusalCode = .actionRefused }
            let message = reason ?? "the rule requires \(Printer.print(condition))"
            refusals.append(Refusal(code: refusalCode, message: message, file: file, range: statement.range))
            return .require(Condition(code: code, direct: info.directTest), refusal: refusals.count - 1)
        case .conditional(let condition, let then, let otherwise):
            guard let (code, info) = boolean(condition, scope) else {
                _ = compileBody(then, scope, kind: kind, file: file)
                _ = compileBody(otherwise, scope, kind: kind, file: file)
                return nil
            }
            lintCondition(info, at: condition.range, refuses: false)
            return .conditional(Condition(code: code, direct: info.directTest), compileBody(then, scope, kind: kind, file: file), compileBody(otherwise, scope, kind: kind, file: file))
        case .forEach(let variable, let collection, let body):
            let compiled = compile(collection, scope)
            guard case .zone(let z) = compiled.code, let zone = zoneInfo(z) else {
                if compiled.code.type != .invalid {
                    report(.typeMismatch, "'for' ranges over the piles of a zone, not \(compiled.code.type.withArticle)", at: collection.range)
                }
                return nil
            }
            warnIfShadowing(variable, scope)
            let slot = allocatePileSlot(for: variable)
            let inner = scope.binding(variable.name, to: .pile(slot: slot))
            let exhausted = fault(.evaluationBudgetExceeded, "the statement took more steps than its bound", at: statement.range)
            return .forEach(slot: slot, piles: zone.piles, body: compileBody(body, inner, kind: kind, file: file), exhausted: exhausted)
        case .deal(let count, let from, let to, let facing), .move(let count, let from, let to, let facing):
            guard !isRule(kind, statement) else { return nil }
            let oneAtATime = { if case .deal = statement.kind { return true } else { return false } }()
            let n = integer(count, scope)
            let source = pile(from, scope)
            let destination = pile(to, scope)
            guard let (n, _) = n, let source, let destination else { return nil }
            return .transfer(oneAtATime: oneAtATime, count: n, from: source, to: destination, facing: facing)
        case .tryMove(let count, let from, let to):
            guard !isRule(kind, statement) else { return nil }
            let n = integer(count, scope)
            let source = pile(from, scope)
            let target = compile(to, scope)
            guard let (n, _) = n, let source else { return nil }
            if case .zone(let z) = target.code, let zone = zoneInfo(z), zone.piles.count > 1 {
                return .tryMove(count: n, from: source, to: .zone(zone.piles))
            }
            guard let destination = pileCode(target, at: to.range) else { return nil }
            return .tryMove(count: n, from: source, to: .pile(destination))
        case .flip(let target):
            guard !isRule(kind, statement) else { return nil }
            guard let p = pile(target, scope) else { return nil }
            return .flip(p)
        }
    }

    private func isRule(_ kind: BodyKind, _ statement: Statement) -> Bool {
        guard case .rule = kind else { return false }
        report(.misplacedStatement, "lift and accept rules only judge a move; they cannot change the table", at: statement.range,
               help: "put table changes in an 'effect' or an 'action'")
        return true
    }

    /// Warns about a condition whose outcome is known without a table.
    func lintCondition(_ info: Compiled, at range: SourceRange, refuses: Bool) {
        guard case .boolean(let value)? = info.known else { return }
        if value {
            if refuses {
                report(.alwaysTrue, "this condition always holds, so it refuses nothing", at: range, help: "remove the requirement")
            }
        } else {
            report(.alwaysFalse, refuses ? "this condition can never hold, so the rule refuses every move" : "this condition can never hold",
                   at: range)
        }
    }
}
