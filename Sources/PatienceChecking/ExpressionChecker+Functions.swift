import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// A parameterised definition as the checker resolved it: its body's index in
/// `CheckedGame.definitions`, its result, and the frame slot of each parameter.
struct CheckedFunction {
    var index: Int
    var result: CheckedValue
    var parameters: [(type: ParameterType, variable: BoundVariable)]
    var readsTable: Bool
    var nonNegative: Bool
}

extension ExpressionChecker {
    /// `name(arguments)` for a `let` with parameters. The body is checked once, the first time
    /// the definition is used, with each parameter a variable in its own frame slot; every call
    /// then refers to that one body. A definition cannot call itself, directly or through
    /// others (`P0306`), so its slots are never needed by two calls at once.
    func checkDefinitionCall(_ function: Identifier, _ arguments: [ExpressionSyntax], at range: SourceRange, _ scope: Scope) -> Checked {
        usedNames.insert(function.name)
        guard let declaration = declaredDefinitions[function.name], case .definition(_, let parameters, _) = declaration.kind else { return .invalid }
        guard !parameters.isEmpty else {
            report(.wrongArgumentCount, "\(Spelling.quoted(function.name)) is a definition without parameters", at: range,
                   help: "write it without parentheses: '\(function.name)'")
            return .invalid
        }
        guard arguments.count == parameters.count else {
            report(.wrongArgumentCount, "\(Spelling.quoted(function.name)) takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s"), not \(arguments.count)",
                   at: range)
            return .invalid
        }
        let checked = arguments.map { check($0, scope) }
        guard let body = checkFunction(function.name, at: function.range) else { return .invalid }
        var terms: [ArgumentTerm] = []
        for ((type, variable), (argument, value)) in zip(body.parameters, zip(arguments, checked)) {
            if value.value.type == .invalid { return .invalid }
            switch (type, variable) {
            case (.pile, .pile(let slot)):
                guard let pile = pileTerm(value, at: argument.range) else { return .invalid }
                terms.append(.pile(slot: slot, pile))
            case (.card, .card(let slot)):
                guard case .card(let card) = value.value else {
                    mismatch(expected: .card, found: value.value.type, at: argument.range)
                    return .invalid
                }
                terms.append(.card(slot: slot, card))
            case (.number, .number(let slot)):
                guard case .integer(let n) = value.value else {
                    mismatch(expected: .integer, found: value.value.type, at: argument.range)
                    return .invalid
                }
                terms.append(.number(slot: slot, n))
            default:
                return .invalid
            }
        }
        let reads = body.readsTable || checked.contains { $0.readsTable }
        let index = body.index
        switch body.result {
        case .integer: return Checked(value: .integer(.call(index, terms)), nonNegative: body.nonNegative, readsTable: reads)
        case .suit: return Checked(value: .suit(.call(index, terms)), readsTable: reads)
        case .color: return Checked(value: .color(.call(index, terms)), readsTable: reads)
        case .boolean: return Checked(value: .boolean(.call(index, terms)), readsTable: reads)
        case .card: return Checked(value: .card(.call(index, terms)), readsTable: reads)
        case .cards: return Checked(value: .cards(.call(index, terms)), readsTable: reads)
        case .pile: return Checked(value: .pile(.call(index, terms)), readsTable: reads)
        default: return .invalid
        }
    }

    /// Checks a parameterised definition's body once and records it; nil when it has an error.
    func checkFunction(_ name: String, at range: SourceRange) -> CheckedFunction? {
        if let done = checkedFunctions[name] {
            if faultingDefinitions.contains(name) { faultUses += 1 }
            return done
        }
        if let cycleStart = definitionsInProgress.firstIndex(of: name) {
            let cycle = definitionsInProgress[cycleStart...] + [name]
            report(.cyclicDefinition, "\(Spelling.quoted(name)) is defined in terms of itself: \(cycle.joined(separator: " → "))", at: range,
                   help: "definitions cannot be recursive; write the value out")
            return nil
        }
        guard let declaration = declaredDefinitions[name], case .definition(_, let parameters, let value) = declaration.kind else { return nil }
        if definitionsInProgress.count >= Parser.maximumNesting {
            if !reportedDefinitionDepth {
                reportedDefinitionDepth = true
                report(.nestingTooDeep, "definitions nest deeper than \(Parser.maximumNesting) levels", at: range,
                       help: "write some of the values out instead of defining them through other definitions")
            }
            return nil
        }
        let outerFile = currentFile
        currentFile = declaration.file
        defer { currentFile = outerFile }
        var scope = Scope(.table)
        var slots: [(type: ParameterType, variable: BoundVariable)] = []
        var names = Set<String>()
        if parameters.count > RuleLimits.parametersPerDefinition {
            report(.tooManyParameters, "a definition takes at most \(RuleLimits.parametersPerDefinition) parameters, and \(Spelling.quoted(name)) takes \(parameters.count)",
                   at: parameters[RuleLimits.parametersPerDefinition].name.range)
            return nil
        }
        for parameter in parameters {
            let identifier = parameter.name
            if RuleContext.allContextNames.contains(identifier.name) {
                report(.nameUnavailableHere, "\(Spelling.quoted(identifier.name)) is a name the rules give to the move being judged, so a parameter cannot take it",
                       at: identifier.range, help: "choose another name")
                return nil
            }
            guard names.insert(identifier.name).inserted else {
                report(.duplicateDeclaration, "the parameter \(Spelling.quoted(identifier.name)) is named twice", at: identifier.range)
                return nil
            }
            warnIfShadowing(identifier, scope)
            let variable: BoundVariable
            switch parameter.type {
            case .pile: variable = .pile(slot: allocatePileSlot(for: identifier))
            case .card: variable = .card(slot: allocateCardSlot(for: identifier))
            case .number:
                // A number takes two card slots of the frame (see `CardSlots`), so numbers count
                // against the same limit of variables as cards do.
                let slot = allocateCardSlot(for: identifier)
                _ = allocateCardSlot(for: identifier)
                variable = .number(slot: slot)
            }
            slots.append((parameter.type, variable))
            scope = scope.binding(identifier.name, to: variable)
        }
        definitionsInProgress.append(name)
        let faultUsesBefore = faultUses
        let checked = unguarded { check(value, scope) }
        if faultUses != faultUsesBefore { faultingDefinitions.insert(name) }
        definitionsInProgress.removeLast()
        guard let reference = reference(to: checked.value, named: name) else {
            if checked.value.type != .invalid {
                report(.typeMismatch, "a definition with parameters gives a number, condition, suit, colour, card, run or pile, not \(checked.value.type.withArticle)",
                       at: value.range)
            }
            return nil
        }
        let index = definitions.count - 1
        nameParameters(zip(parameters, slots).map { parameter, slot in
            switch slot.variable {
            case .pile(let n): return DefinitionTerm.Parameter(name: parameter.name.name, slot: n, isPile: true)
            case .card(let n), .number(let n): return DefinitionTerm.Parameter(name: parameter.name.name, slot: n, isPile: false)
            }
        })
        let function = CheckedFunction(index: index, result: reference, parameters: slots, readsTable: checked.readsTable, nonNegative: checked.nonNegative)
        checkedFunctions[name] = function
        return function
    }

    /// `uses(action)`: how often the named action has been taken.
    func checkUses(_ arguments: [ExpressionSyntax], at range: SourceRange, _ scope: Scope) -> Checked {
        guard arguments.count == 1 else {
            report(.wrongArgumentCount, "'uses' takes 1 argument, the name of an action, not \(arguments.count)", at: range)
            return .invalid
        }
        guard case .name(let name) = arguments[0].kind else {
            report(.unknownAction, "'uses' takes the name of an action", at: arguments[0].range,
                   help: actionIndices.isEmpty ? "the game declares no action" : "the actions are \(actionIndices.keys.sorted().joined(separator: ", "))")
            return .invalid
        }
        guard scope.context.readsTable else {
            report(.nameUnavailableHere, "'uses' reads the table, but only options and literals can be used here", at: range)
            return .invalid
        }
        guard let index = actionIndices[name] else {
            let help = closestName(to: name, among: actionIndices.keys).map { "did you mean \(Spelling.quoted($0))?" }
                ?? (actionIndices.isEmpty ? "the game declares no action" : "the actions are \(actionIndices.keys.sorted().joined(separator: ", "))")
            report(.unknownAction, "there is no action \(Spelling.quoted(name))", at: arguments[0].range, help: help)
            return .invalid
        }
        return Checked(value: .integer(.actionUses(index)), nonNegative: true, readsTable: true)
    }
}
