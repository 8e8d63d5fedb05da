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
            let zoneNames: [Identifier], body: [Statement], context: RuleContext
            switch declaration.kind {
            case .lift(let z, let b): (zoneNames, body, context) = (z, b, .lift)
            case .accept(let z, let b): (zoneNames, body, context) = (z, b, .accept)
            default: continue
            }
            checker.currentFile = declaration.file
            let clauses = checker.checkRule(body, Scope(context), refusalCode: refusal, file: declaration.file)
            for zoneName in zoneNames {
                guard let zone = zone(named: zoneName, file: declaration.file, diagnostics: &diagnostics) else { continue }
                rules[zone.index] = CheckedRule(clauses: clauses, file: declaration.file, range: declaration.range, bound: cost.steps(body))
            }
        }
        return rules
    }

    func capacities(_ declarations: [Declaration], checkingReferences diagnostics: inout [Diagnostic]) -> [CheckedCapacity?] {
        var result = [CheckedCapacity?](repeating: nil, count: zones.ordered.count)
        for declaration in declarations {
            guard case .capacity(let zoneNames, let value) = declaration.kind else { continue }
            checker.currentFile = declaration.file
            let checked = checker.integer(value, Scope(.accept))
            for zoneName in zoneNames {
                guard let zone = zone(named: zoneName, file: declaration.file, diagnostics: &diagnostics), let (term, info) = checked else { continue }
                if case .integer(let n)? = info.known, n < 1 {
                    diagnostics.append(Diagnostic(.alwaysFalse, "a capacity below 1 refuses every move to zone \(Spelling.quoted(zone.name))", at: value.range,
                                                  file: declaration.file))
                }
                result[zone.index] = CheckedCapacity(value: term, file: declaration.file, range: declaration.range, bound: cost.steps(value))
            }
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

extension RuleChecking {
    /// Checks the removals: each binds 1 to 4 different variables to piles of its zones, in
    /// increasing pile order, and names the pile the cards go to.
    func removals(_ declarations: [Declaration], checkingReferences diagnostics: inout [Diagnostic]) -> [CheckedRemoval] {
        var removals: [CheckedRemoval] = []
        for declaration in declarations {
            guard case .removal(let name, let variables, let zoneNames, let destination, let condition) = declaration.kind else { continue }
            checker.currentFile = declaration.file
            guard (1...RuleLimits.removalPiles).contains(variables.count) else {
                diagnostics.append(Diagnostic(.invalidRemoval, "a removal takes the top cards of 1 to \(RuleLimits.removalPiles) piles, not \(variables.count)",
                                              at: name.range, file: declaration.file))
                continue
            }
            var seen = Set<String>()
            if let twice = variables.first(where: { !seen.insert($0.name).inserted }) {
                diagnostics.append(Diagnostic(.invalidRemoval, "\(Spelling.quoted(twice.name)) is named twice; each variable stands for a different pile",
                                              at: twice.range, file: declaration.file))
                continue
            }
            var candidates = Set<Int>()
            var zonesFound = true
            for zoneName in zoneNames {
                guard let zone = zone(named: zoneName, file: declaration.file, diagnostics: &diagnostics) else {
                    zonesFound = false
                    continue
                }
                candidates.formUnion(zone.piles)
            }
            var scope = Scope(.table)
            var slots: [Int] = []
            for variable in variables {
                checker.warnIfShadowing(variable, scope)
                let slot = checker.allocatePileSlot(for: variable)
                slots.append(slot)
                scope = scope.binding(variable.name, to: .pile(slot: slot))
            }
            var conditionTerm: BoolTerm?
            var conditionFailed = false
            if let condition {
                if let (term, info) = checker.boolean(condition, scope) {
                    checker.lintCondition(info, at: condition.range, refuses: true)
                    conditionTerm = term
                } else {
                    conditionFailed = true
                }
            }
            let target = checker.pile(destination, scope)
            guard zonesFound, !conditionFailed, let target else { continue }
            if candidates.count < variables.count {
                diagnostics.append(Diagnostic(.invalidRemoval, "\(Spelling.quoted(name.name)) takes \(variables.count) piles, but its zones have only \(candidates.count)",
                                              at: name.range, file: declaration.file))
                continue
            }
            removals.append(CheckedRemoval(name: name.name, candidates: candidates.sorted(), slots: slots, condition: conditionTerm, destination: target,
                                           file: declaration.file, range: declaration.range,
                                           bound: cost.steps(removal: destination, condition: condition, variables: Set(variables.map(\.name)))))
        }
        return removals
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
