import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

extension ExpressionChecker {
    /// Checks `all`, `any`, `count`, `sum` and `first`. Each ranges over a zone's piles or a run's
    /// cards, both finite, and every step spends one unit of the check's budget.
    func checkQuantifier(_ q: Quantifier, _ variable: Identifier, _ collectionExpression: ExpressionSyntax, _ bodyExpression: ExpressionSyntax,
                         at range: SourceRange, _ scope: Scope) -> Checked {
        warnIfShadowing(variable, scope)
        let exhausted = fault(.evaluationBudgetExceeded, "the check took more steps than its bound", at: range, canFire: false)
        let collection = check(collectionExpression, scope)
        let loop: Loop, inner: Scope, overPiles: Bool
        switch collection.value {
        case .zone(let z):
            guard let zone = zoneInfo(z) else { return .invalid }
            let slot = allocatePileSlot(for: variable)
            loop = .piles(zone.piles, slot: slot, exhausted: exhausted)
            inner = scope.binding(variable.name, to: .pile(slot: slot))
            overPiles = true
        case .cards, .pile:
            guard let slice = sliceTerm(collection, at: collectionExpression.range) else { return .invalid }
            let slot = allocateCardSlot(for: variable)
            loop = .cards(slice, slot: slot, exhausted: exhausted)
            inner = scope.binding(variable.name, to: .card(slot: slot))
            overPiles = false
        case .invalid:
            return .invalid
        default:
            report(.typeMismatch, "\(Spelling.quoted(q.rawValue)) ranges over a zone or a run of cards, not \(collection.value.type.withArticle)",
                   at: collectionExpression.range)
            return .invalid
        }
        switch q {
        case .all, .any, .count, .first:
            guard let (body, _) = boolean(bodyExpression, inner) else { return .invalid }
            switch q {
            case .all: return Checked(value: .boolean(.all(loop, body)), readsTable: true)
            case .any: return Checked(value: .boolean(.any(loop, body)), readsTable: true)
            case .count: return Checked(value: .integer(.count(loop, body)), nonNegative: true, readsTable: true)
            default:
                // Proven by an `any` of the same text, or by a zone known to hold a card when the
                // condition asks only that the pile hold one.
                var proven = guards.matches.contains(Guards.Match(text: Guards.matchText(variable, collectionExpression, bodyExpression),
                                                                  variables: scope.variables))
                if case .piles(let piles, let slot, _) = loop, guards.nonEmptyZones.contains(piles), Guards.saysOnlyNonEmpty(body, slot: slot) {
                    proven = true
                }
                let missing = fault(.readMissingCard, "'first' found nothing that matched", at: range, canFire: !proven)
                if overPiles { return Checked(value: .pile(.first(loop, body, fault: missing)), readsTable: true) }
                return Checked(value: .card(.first(loop, body, fault: missing)), readsTable: true)
            }
        case .sum:
            guard let (body, info) = integer(bodyExpression, inner) else { return .invalid }
            return Checked(value: .integer(.sum(loop, body)), nonNegative: info.nonNegative, readsTable: true)
        }
    }

    func warnIfShadowing(_ variable: Identifier, _ scope: Scope) {
        let name = variable.name
        if zones[name] != nil || options[name] != nil || declaredDefinitions[name] != nil || scope.variables[name] != nil
            || scope.context.contextNames.contains(name) {
            report(.shadowedName, "\(Spelling.quoted(name)) hides another name of the same spelling inside this expression", at: variable.range,
                   help: "choose another variable name")
        }
    }

    /// Gives a pile variable its own frame slot, reporting the variable that passes the limit.
    func allocatePileSlot(for variable: Identifier) -> Int {
        defer { pileSlotCount += 1 }
        if pileSlotCount == RuleLimits.variables { reportTooManyVariables(at: variable) }
        return pileSlotCount
    }

    func allocateCardSlot(for variable: Identifier) -> Int {
        defer { cardSlotCount += 1 }
        if cardSlotCount == RuleLimits.variables { reportTooManyVariables(at: variable) }
        return cardSlotCount
    }

    private func reportTooManyVariables(at variable: Identifier) {
        report(.tooManyVariables, "the rules bind more than \(RuleLimits.variables) variables of one kind; \(Spelling.quoted(variable.name)) is one too many",
               at: variable.range, help: "share a quantifier through a 'let' definition instead of repeating it")
    }
}
