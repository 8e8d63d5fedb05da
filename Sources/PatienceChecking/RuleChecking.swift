import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// Checks the per-zone rules and the actions of a game.
struct RuleChecking {
    let checker: ExpressionChecker
    let zones: ZoneTable
    let cost: CostModel

    private func zone(named name: Identifier, file: String, diagnostics: inout [Diagnostic]) -> ZoneInfo? {
        checker.zone(named: name, in: zones, file: file, diagnostics: &diagnostics)
    }

    /// Checks `lift` or `accept` rules into a table indexed by zone.
    func zoneRules(_ declarations: [Declaration], refusal: DiagnosticCode, checkingReferences diagnostics: inout [Diagnostic]) -> [CheckedRule?] {
        var rules = [CheckedRule?](repeating: nil, count: zones.ordered.count)
        for declaration in declarations {
            let zoneName: Identifier, body: [Statement], context: RuleContext
            switch declaration.kind {
            case .lift(let z, let b): (zoneName, body, context) = (z, b, .lift)
            case .accept(let z, let b): (zoneName, body, context) = (z, b, .accept)
            default: continue
            }
            checker.currentFile = declaration.file
            let clauses = checker.checkRule(body, Scope(context), refusalCode: refusal, file: declaration.file)
            guard let zone = zone(named: zoneName, file: declaration.file, diagnostics: &diagnostics) else { continue }
            rules[zone.index] = CheckedRule(clauses: clauses, file: declaration.file, range: declaration.range, bound: cost.steps(body))
        }
        return rules
    }

    func capacities(_ declarations: [Declaration], checkingReferences diagnostics: inout [Diagnostic]) -> [CheckedCapacity?] {
        var result = [CheckedCapacity?](repeating: nil, count: zones.ordered.count)
        for declaration in declarations {
            guard case .capacity(let zoneName, let value) = declaration.kind else { continue }
            checker.currentFile = declaration.file
            let checked = checker.integer(value, Scope(.accept))
            guard let zone = zone(named: zoneName, file: declaration.file, diagnostics: &diagnostics), let (term, info) = checked else { continue }
            if case .integer(let n)? = info.known, n < 1 {
                diagnostics.append(Diagnostic(.alwaysFalse, "a capacity below 1 refuses every move to zone \(Spelling.quoted(zone.name))", at: value.range,
                                              file: declaration.file))
            }
            result[zone.index] = CheckedCapacity(value: term, file: declaration.file, range: declaration.range, bound: cost.steps(value))
        }
        return result
    }

    func actions(_ declarations: [Declaration], checkingReferences diagnostics: inout [Diagnostic]) -> [CheckedAction] {
        var actions: [CheckedAction] = []
        for declaration in declarations {
            guard case .action(let name, let pileName, let guardExpression, let limitExpression, let body) = declaration.kind else { continue }
            let scope = Scope(.action)
            checker.currentFile = declaration.file
            var guardTerm: BoolTerm?
            if let guardExpression, let (term, info) = checker.boolean(guardExpression, scope) {
                checker.lintCondition(info, at: guardExpression.range, refuses: true)
                guardTerm = term
            }
            var limitTerm: IntTerm?
            if let limitExpression, let (term, _) = checker.integer(limitExpression, scope) { limitTerm = term }
            let statements = checker.checkBody(body, scope, kind: .action, file: declaration.file)
            guard let zone = zone(named: pileName, file: declaration.file, diagnostics: &diagnostics) else { continue }
            actions.append(CheckedAction(name: name.name, piles: zone.piles, guardCondition: guardTerm, limit: limitTerm, body: statements,
                                         file: declaration.file, range: declaration.range,
                                         bound: cost.steps(action: body, guardCondition: guardExpression, limit: limitExpression)))
        }
        return actions
    }
}

extension ExpressionChecker {
    /// The zone a declaration names, or a finding that there is none.
    func zone(named name: Identifier, in zones: ZoneTable, file: String, diagnostics: inout [Diagnostic]) -> ZoneInfo? {
        if let zone = zones.byName[name.name] { return zone }
        let help = closestName(to: name.name, among: zones.byName.keys).map { "did you mean \(Spelling.quoted($0))?" }
            ?? (name.name.count < Spelling.longestQuote ? "declare it with 'zone \(name.name) 1'" : "declare it with a 'zone' line")
        diagnostics.append(Diagnostic(.unknownZone, "there is no zone \(Spelling.quoted(name.name))", at: name.range, help: help, file: file))
        return nil
    }
}
