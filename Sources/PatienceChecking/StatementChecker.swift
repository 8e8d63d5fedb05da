import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// What kind of body a statement list is, which decides the statements it may hold.
enum BodyKind {
    /// An action: requirements and table changes.
    case action
    /// An effect: table changes only.
    case effect
    /// A deal line's `after each card` body: table changes only, like an effect.
    case afterDealtCard
}

extension ExpressionChecker {
    /// Checks a lift or accept rule's body: only `require` and `if`, which judge a move; a failed
    /// requirement refuses with `refusalCode`.
    func checkRule(_ statements: [Statement], _ scope: Scope, refusalCode: DiagnosticCode, file: String) -> [ClauseTerm] {
        statements.compactMap { statement -> ClauseTerm? in
            switch statement.kind {
            case .require(let condition, let reason):
                guard let (term, refusal) = checkRequire(condition, reason, scope, code: refusalCode, at: statement.range, file: file) else { return nil }
                return .require(term, refusal: refusal)
            case .conditional(let condition, let then, let otherwise):
                let checked = checkCondition(condition, scope)
                let thenClauses = guarded(by: established(by: condition, checked, holding: true, scope)) {
                    checkRule(then, scope, refusalCode: refusalCode, file: file)
                }
                let otherClauses = guarded(by: established(by: condition, checked, holding: false, scope)) {
                    checkRule(otherwise, scope, refusalCode: refusalCode, file: file)
                }
                return checked.map { .conditional($0, thenClauses, otherClauses) }
            case .forEach(let variable, let collection, let body):
                guard let (piles, slot, inner, exhausted) = checkLoop(variable, collection, scope, at: statement.range) else { return nil }
                return .forEach(piles: piles, slot: slot, body: checkRule(body, inner, refusalCode: refusalCode, file: file), exhausted: exhausted)
            case .deal, .move, .tryMove, .flip, .shuffle, .set:
                report(.misplacedStatement, "lift and accept rules only judge a move; they cannot change the table", at: statement.range,
                       help: "put table changes in an 'effect' or an 'action'")
                return nil
            }
        }
    }

    /// Checks an action, effect or `after each card` body, reporting statements that do not belong in it.
    /// The guards around a body hold until a statement changes the table; a loop whose body
    /// changes the table starts without them, since its second pass sees the first one's changes.
    func checkBody(_ statements: [Statement], _ scope: Scope, kind: BodyKind, file: String) -> [StatementTerm] {
        let saved = guards
        defer { guards = saved }
        return statements.compactMap { statement -> StatementTerm? in
            if statement.changesTable, case .forEach = statement.kind { guards = Guards() }
            let term = checkStatement(statement, scope, kind: kind, file: file)
            if statement.changesTable { guards = Guards() }
            return term
        }
    }

    private func checkStatement(_ statement: Statement, _ scope: Scope, kind: BodyKind, file: String) -> StatementTerm? {
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
            case .action:
                break
            }
            guard let (term, refusal) = checkRequire(condition, reason, scope, code: .actionRefused, at: statement.range, file: file) else { return nil }
            return .require(term, refusal: refusal)
        case .conditional(let condition, let then, let otherwise):
            let checked = checkCondition(condition, scope)
            let thenStatements = guarded(by: established(by: condition, checked, holding: true, scope)) {
                checkBody(then, scope, kind: kind, file: file)
            }
            let otherStatements = guarded(by: established(by: condition, checked, holding: false, scope)) {
                checkBody(otherwise, scope, kind: kind, file: file)
            }
            return checked.map { .conditional($0, thenStatements, otherStatements) }
        case .forEach(let variable, let collection, let body):
            guard let (piles, slot, inner, exhausted) = checkLoop(variable, collection, scope, at: statement.range) else { return nil }
            return .forEach(piles: piles, slot: slot, body: checkBody(body, inner, kind: kind, file: file), exhausted: exhausted)
        case .deal(let count, let from, let to, let facing), .move(let count, let from, let to, let facing):
            let oneAtATime = { if case .deal = statement.kind { return true } else { return false } }()
            let n = integer(count, scope)
            let source = pile(from, scope)
            let destination = pile(to, scope)
            guard let (n, _) = n, let source, let destination else { return nil }
            return .transfer(oneAtATime: oneAtATime, count: n, from: source, to: destination, facing: facing)
        case .tryMove(let count, let from, let to):
            let n = integer(count, scope)
            let source = pile(from, scope)
            let target = check(to, scope)
            guard let (n, _) = n, let source else { return nil }
            if case .zone(let z) = target.value, let zone = zoneInfo(z), zone.piles.count > 1 {
                return .tryMove(count: n, from: source, to: .zone(zone.piles))
            }
            guard let destination = pileTerm(target, at: to.range) else { return nil }
            return .tryMove(count: n, from: source, to: .pile(destination))
        case .flip(let target):
            guard let p = pile(target, scope) else { return nil }
            return .flip(p)
        case .shuffle(let target):
            let checked = check(target, scope)
            if case .zone(let z) = checked.value, let zone = zoneInfo(z), zone.piles.count > 1 {
                return .shuffle(.zone(zone.piles))
            }
            guard let p = pileTerm(checked, at: target.range) else { return nil }
            return .shuffle(.pile(p))
        case .set(let name, let value):
            usedNames.insert(name.name)
            let checked = check(value, scope)
            guard let memory = memories[name.name] else {
                let help = closestName(to: name.name, among: memories.keys).map { "did you mean \(Spelling.quoted($0))?" }
                    ?? "declare it with 'memory \(name.name) = 0'"
                report(.unknownMemory, "there is no memory \(Spelling.quoted(name.name))", at: name.range, help: help)
                return nil
            }
            switch (memory.isCondition, checked.value) {
            case (false, .integer(let term)): return .set(slot: memory.slot, term)
            case (true, .boolean(let term)): return .set(slot: memory.slot, .truth(term))
            case (_, .invalid): return nil
            default:
                mismatch(expected: memory.isCondition ? .boolean : .integer, found: checked.value.type, at: value.range)
                return nil
            }
        }
    }

    /// A `for` statement's zone, its variable's slot, the scope of its body and its fault.
    private func checkLoop(_ variable: Identifier, _ collection: ExpressionSyntax, _ scope: Scope,
                           at range: SourceRange) -> (Range<Int>, Int, Scope, FaultSite)? {
        let checked = check(collection, scope)
        guard case .zone(let z) = checked.value, let zone = zoneInfo(z) else {
            if checked.value.type != .invalid {
                report(.typeMismatch, "'for' ranges over the piles of a zone, not \(checked.value.type.withArticle)", at: collection.range)
            }
            return nil
        }
        warnIfShadowing(variable, scope)
        let slot = allocatePileSlot(for: variable)
        let exhausted = fault(.evaluationBudgetExceeded, "the statement took more steps than its bound", at: range, canFire: false)
        return (zone.piles, slot, scope.binding(variable.name, to: .pile(slot: slot)), exhausted)
    }

    /// A `require`'s condition and the index of its refusal.
    private func checkRequire(_ condition: ExpressionSyntax, _ reason: String?, _ scope: Scope, code: DiagnosticCode,
                              at range: SourceRange, file: String) -> (BoolTerm, Int)? {
        guard let (term, info) = boolean(condition, scope) else { return nil }
        lintCondition(info, at: condition.range, refuses: true)
        let message = reason ?? "the rule requires \(Printer.print(condition))"
        refusals.append(RuleSite(code: code, message: message, file: file, range: range))
        return (term, refusals.count - 1)
    }

    /// An `if`'s condition, linted; nil when it has an error.
    private func checkCondition(_ condition: ExpressionSyntax, _ scope: Scope) -> BoolTerm? {
        guard let (term, info) = boolean(condition, scope) else { return nil }
        lintCondition(info, at: condition.range, refuses: false)
        return term
    }

    /// Warns about a condition whose outcome is known without a table.
    func lintCondition(_ info: Checked, at range: SourceRange, refuses: Bool) {
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
