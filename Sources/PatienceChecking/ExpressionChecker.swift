import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// Type-checks expressions and resolves their names, reporting every name and type error, and
/// gives their checked terms. One checker serves a whole game, so `let` definitions are checked
/// once and shared: a use of one is a reference to it, however often it is used.
final class ExpressionChecker {
    let options: [String: OptionInfo]
    let zones: [String: ZoneInfo]
    let relations: [String: BuildRelation]
    let declaredDefinitions: [String: Declaration]
    var diagnostics: [Diagnostic] = []
    /// The refusals of every `require` checked so far, by `ClauseTerm.require`'s index.
    var refusals: [RuleSite] = []
    /// Every place that can fault, by `FaultSite`.
    var faults: [RuleSite] = []
    /// Grows with every fault a checked expression may raise: each fault site made, and each use
    /// of a definition whose own check made or used one. A body may fault at run time exactly
    /// when this grew while it was checked (see `Checker`'s effects).
    var faultUses = 0
    /// How many times `move.…` has been read, so that the checker can tell which effects read the play.
    var playReads = 0
    /// The definitions whose values may fault.
    var faultingDefinitions: Set<String> = []
    /// What the conditions around the expression being checked establish (see `Guards`).
    var guards = Guards()
    /// The definitions checked so far, by their index in `CheckedGame.definitions`.
    private(set) var definitions: [DefinitionTerm] = []
    var pileSlotCount = 0
    /// Card slot 0 is `card` in a deal filter; quantifiers take the slots after it.
    var cardSlotCount = 1
    var checkedDefinitions: [String: Checked] = [:]
    var definitionsInProgress: [String] = []
    var reportedDefinitionDepth = false
    /// How many more candidate names suggestions may compare with. Each unknown name is compared
    /// with every name in the game, so thousands of each would take minutes without a bound.
    private var spellingComparisonsLeft = 20_000
    /// The zones by their index, for the lookups a zone's value makes.
    private let zonesByIndex: [Int: ZoneInfo]
    /// Names the rules referred to, so the checker can flag unused options.
    var usedNames: Set<String> = []
    /// How the deck reads ranks: with aces high, the rank letter `A` is 14.
    var cardOrder = CardOrder()
    /// The game's `memory` declarations, by name: slot and whether it holds a condition.
    var memories: [String: (slot: Int, isCondition: Bool)] = [:]
    /// The game's actions by name, with their index, for `uses`.
    var actionIndices: [String: Int] = [:]
    /// Parameterised definitions checked so far: their index, result type and parameter slots.
    var checkedFunctions: [String: CheckedFunction] = [:]

    init(options: [String: OptionInfo], zones: [String: ZoneInfo], relations: [String: BuildRelation],
         definitions: [String: Declaration]) {
        self.options = options
        self.zones = zones
        self.relations = relations
        self.declaredDefinitions = definitions
        zonesByIndex = Dictionary(zones.values.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The name among `candidates` closest to a misspelt `name`, while the budget for suggestions lasts.
    func closestName<C: Collection>(to name: String, among candidates: C) -> String? where C.Element == String {
        guard spellingComparisonsLeft >= candidates.count else {
            spellingComparisonsLeft = 0
            return nil
        }
        spellingComparisonsLeft -= candidates.count
        return Spelling.closest(to: name, among: candidates)
    }

    /// The file of the declaration being checked, recorded on each finding.
    var currentFile: String?

    /// Registers a place that can fault at evaluation time.
    /// A place where evaluation may fail at run time. `canFire` is false for running out of steps:
    /// the engine gives every rule and effect its static step bound as its budget, so that fault
    /// is only a safety net under a sound bound and cannot make a body fault.
    func fault(_ code: DiagnosticCode, _ message: String, at range: SourceRange, canFire: Bool = true) -> FaultSite {
        faults.append(RuleSite(code: code, message: message, file: currentFile ?? "", range: range))
        if canFire { faultUses += 1 }
        return faults.count - 1
    }

    /// Checks `body` with `added` guards on top of the current ones.
    func guarded<T>(by added: Guards, _ body: () -> T) -> T {
        let saved = guards
        guards.formUnion(added)
        defer { guards = saved }
        return body()
    }

    /// Checks `body` without any guard: a definition is shared by all its uses.
    func unguarded<T>(_ body: () -> T) -> T {
        let saved = guards
        guards = Guards()
        defer { guards = saved }
        return body()
    }

    func report(_ code: DiagnosticCode, _ message: String, at range: SourceRange, help: String? = nil) {
        diagnostics.append(Diagnostic(code, message, at: range, help: help, file: currentFile))
    }

    // MARK: Typed access

    func integer(_ e: ExpressionSyntax, _ scope: Scope) -> (IntTerm, Checked)? {
        let c = check(e, scope)
        switch c.value {
        case .integer(let term): return (term, c)
        case .invalid: return nil
        default:
            mismatch(expected: .integer, found: c.value.type, at: e.range)
            return nil
        }
    }

    func boolean(_ e: ExpressionSyntax, _ scope: Scope) -> (BoolTerm, Checked)? {
        let c = check(e, scope)
        switch c.value {
        case .boolean(let term): return (term, c)
        case .invalid: return nil
        default:
            mismatch(expected: .boolean, found: c.value.type, at: e.range)
            return nil
        }
    }

    func pile(_ e: ExpressionSyntax, _ scope: Scope) -> PileTerm? {
        pileTerm(check(e, scope), at: e.range)
    }

    /// A pile, or a zone of one pile standing for its pile.
    func pileTerm(_ c: Checked, at range: SourceRange) -> PileTerm? {
        switch c.value {
        case .pile(let term): return term
        case .zone(let index):
            guard let zone = zoneInfo(index) else { return nil }
            if zone.piles.count == 1 { return .constant(zone.piles.lowerBound) }
            report(.zoneIsNotAPile, "zone \(Spelling.quoted(zone.name)) has \(zone.piles.count) piles; name one of them",
                   at: range, help: "write '\(zone.name)[1]', or use 'for p in \(zone.name) { … }'")
            return nil
        case .invalid: return nil
        default:
            mismatch(expected: .pile, found: c.value.type, at: range)
            return nil
        }
    }

    /// A run of cards, or a pile (or one-pile zone) standing for all its cards.
    func sliceTerm(_ c: Checked, at range: SourceRange) -> SliceTerm? {
        switch c.value {
        case .cards(let term): return term
        case .pile, .zone:
            guard let pile = pileTerm(c, at: range) else { return nil }
            return .pileCards(pile)
        case .invalid: return nil
        default:
            mismatch(expected: .cards, found: c.value.type, at: range)
            return nil
        }
    }

    func zoneInfo(_ index: Int) -> ZoneInfo? { zonesByIndex[index] }

    func mismatch(expected: ValueType, found: ValueType, at range: SourceRange) {
        guard found != .invalid else { return }
        var help: String?
        if expected == .boolean && found == .integer { help = "compare it, as in 'x > 0'" }
        if expected == .pile && found == .cards { help = "a run is a list of cards; name its pile instead" }
        if expected == .integer && found == .card { help = "use '.rank' for the card's rank" }
        report(.typeMismatch, "expected \(expected.withArticle), found \(found.withArticle)", at: range, help: help)
    }

    // MARK: Expressions

    func check(_ e: ExpressionSyntax, _ scope: Scope) -> Checked {
        switch e.kind {
        case .integer(let n): return literalInteger(n)
        case .unlimited: return literalInteger(Int.max)
        case .rank(let r): return literalInteger(cardOrder.literal(rank: r))
        case .boolean(let b):
            return Checked(value: .boolean(.constant(b)), known: .boolean(b))
        case .suit(let suit):
            return Checked(value: .suit(.constant(suit.rawValue)))
        case .color(let color):
            return Checked(value: .color(.constant(color.rawValue)))
        case .card(let rank, let suit):
            return Checked(value: .card(.literal(Card(rank: rank, suit: suit))))
        case .name(let name):
            return checkName(name, at: e.range, scope)
        case .member(let base, let property):
            return checkMember(base, property, scope)
        case .subscripted(let base, let index):
            return checkSubscript(base, index, at: e.range, scope)
        case .call(let function, let arguments):
            return checkCall(function, arguments, at: e.range, scope)
        case .unary(let op, let operand):
            return checkUnary(op, operand, scope)
        case .binary(let op, let left, let right):
            return checkBinary(op, left, right, at: e.range, scope)
        case .conditional(let condition, let then, let otherwise):
            return checkConditional(condition, then, otherwise, at: e.range, scope)
        case .quantifier(let q, let variable, let collection, let body):
            return checkQuantifier(q, variable, collection, body, at: e.range, scope)
        case .list(let items):
            return checkList(items, at: e.range, scope)
        case .invalid:
            return .invalid
        }
    }

    private func literalInteger(_ n: Int) -> Checked {
        Checked(value: .integer(.constant(n)), known: .integer(n), nonNegative: n >= 0)
    }

    // MARK: Names

    private func checkName(_ name: String, at range: SourceRange, _ scope: Scope) -> Checked {
        usedNames.insert(name)
        if let variable = scope.variables[name] {
            switch variable {
            case .pile(let slot): return Checked(value: .pile(.variable(slot: slot)), readsTable: true)
            case .card(let slot): return Checked(value: .card(.variable(slot: slot)), readsTable: true)
            case .number(let slot): return Checked(value: .integer(.numberParameter(slot: slot)), readsTable: true)
            }
        }
        if scope.context.contextNames.contains(name) {
            return contextName(name, at: range, scope)
        }
        if RuleContext.allContextNames.contains(name) {
            report(.nameUnavailableHere, "\(Spelling.quoted(name)) is not available here", at: range,
                   help: availabilityHelp(for: name))
            return .invalid
        }
        if let option = options[name] {
            // Not `known`: the lints must not call a condition on an option always true or false.
            switch option.type {
            case .boolean: return Checked(value: .boolean(.constant(option.value != 0)))
            default: return Checked(value: .integer(.constant(option.value)))
            }
        }
        if !scope.context.readsTable, zones[name] != nil || declaredDefinitions[name] != nil || memories[name] != nil {
            report(.nameUnavailableHere, "\(Spelling.quoted(name)) depends on the table, but only options and literals can be used here",
                   at: range)
            return .invalid
        }
        if let zone = zones[name] {
            return Checked(value: .zone(zone.index), readsTable: true)
        }
        if let memory = memories[name] {
            if memory.isCondition { return Checked(value: .boolean(.memory(memory.slot)), readsTable: true) }
            return Checked(value: .integer(.memory(memory.slot)), readsTable: true)
        }
        if let declaration = declaredDefinitions[name] {
            if case .definition(_, let parameters, _) = declaration.kind, !parameters.isEmpty {
                let list = parameters.map(\.name.name).joined(separator: ", ")
                report(.wrongArgumentCount, "\(Spelling.quoted(name)) takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s")", at: range,
                       help: "call it as '\(name)(\(list))'")
                return .invalid
            }
            return checkDefinition(name, at: range)
        }
        if let relation = relations[name] {
            return Checked(value: .relation(.fixed(relation)))
        }
        var suggestion: String?
        if spellingComparisonsLeft > 0 {
            var candidates = Set(options.keys).union(zones.keys).union(declaredDefinitions.keys).union(relations.keys).union(memories.keys)
            candidates.formUnion(scope.variables.keys)
            candidates.formUnion(scope.context.contextNames)
            suggestion = closestName(to: name, among: candidates)
        }
        // The name was most likely meant, so it does not count as unused.
        if let suggestion { usedNames.insert(suggestion) }
        let help = suggestion.map { "did you mean \(Spelling.quoted($0))?" }
        report(.unknownName, "cannot find \(Spelling.quoted(name)) among the zones, options, definitions and relations", at: range, help: help)
        return .invalid
    }

    private func availabilityHelp(for name: String) -> String {
        switch name {
        case "run": return "'run' is the lifted cards, available in 'lift' and 'accept' rules"
        case "top": return "'top' is the destination's top card, available in 'accept' rules"
        case "source": return "'source' is the pile a run comes from, available in 'accept' rules"
        case "pile": return "'pile' is available in 'lift', 'accept' and action rules, and in a deal line's 'after each card'"
        case "index": return "'index' is the pile's position, available in a deal line's card count, face-up count and conditions on 'card'"
        case "move": return "'move' is the play that set the effects off, available in 'effect' bodies, as in 'move.destination'"
        default: return "'card' is available in a deal line's 'where' filter and conditions on 'card'"
        }
    }

    private func contextName(_ name: String, at range: SourceRange, _ scope: Scope) -> Checked {
        switch name {
        case "pile":
            return Checked(value: .pile(scope.context == .lift ? .source : .destination), readsTable: true)
        case "source":
            return Checked(value: .pile(.source), readsTable: true)
        case "run":
            return Checked(value: .cards(.run), readsTable: true)
        case "top":
            let empty = fault(.readMissingCard, "'top' was read, but the destination is empty", at: range,
                              canFire: !guards.nonEmptyPiles.contains(.destination))
            return Checked(value: .card(.end(.destination, fromTop: true, fault: empty)), readsTable: true)
        case "index":
            return Checked(value: .integer(.dealIndex), nonNegative: true)
        case "move":
            report(.nameUnavailableHere, "'move' is the play that set the effects off; read one of its properties",
                   at: range, help: "write 'move.source', 'move.destination' or 'move.size'")
            return .invalid
        default:
            return Checked(value: .card(.variable(slot: 0)))
        }
    }

    /// `move.source`, `move.destination` and `move.size` in an effect: the play that set the effects off.
    private func playMember(_ property: Identifier) -> Checked {
        playReads += 1
        switch property.name {
        case "source": return Checked(value: .pile(.playSource), readsTable: true)
        case "destination": return Checked(value: .pile(.playDestination), readsTable: true)
        case "size": return Checked(value: .integer(.playSize), nonNegative: true, readsTable: true)
        default:
            let known = ["source", "destination", "size"]
            let help = Spelling.closest(to: property.name, among: Set(known)).map { "did you mean \(Spelling.quoted($0))?" }
                ?? "'move' has the properties 'source', 'destination' and 'size'"
            report(.unknownProperty, "'move' has no property \(Spelling.quoted(property.name))", at: property.range, help: help)
            return .invalid
        }
    }

    /// A definition is checked the first time it is used (or at the end, if never) and referred to
    /// by number afterwards; a definition that is a zone or a relation is resolved in place.
    func checkDefinition(_ name: String, at range: SourceRange) -> Checked {
        if let done = checkedDefinitions[name] {
            if faultingDefinitions.contains(name) { faultUses += 1 }
            return done
        }
        if let cycleStart = definitionsInProgress.firstIndex(of: name) {
            let cycle = definitionsInProgress[cycleStart...] + [name]
            report(.cyclicDefinition, "\(Spelling.quoted(name)) is defined in terms of itself: \(cycle.joined(separator: " → "))", at: range,
                   help: "definitions cannot be recursive; write the value out")
            return .invalid
        }
        guard let declaration = declaredDefinitions[name], case .definition(_, _, let value) = declaration.kind else { return .invalid }
        // Each definition checked inside another recurses once more; a long chain would overflow the stack.
        if definitionsInProgress.count >= Parser.maximumNesting {
            if !reportedDefinitionDepth {
                reportedDefinitionDepth = true
                let first = definitionsInProgress[0]
                report(.nestingTooDeep, "definitions nest deeper than \(Parser.maximumNesting) levels, from \(Spelling.quoted(first)) to \(Spelling.quoted(name))",
                       at: range, help: "write some of the values out instead of defining them through other definitions")
            }
            return .invalid
        }
        definitionsInProgress.append(name)
        let outerFile = currentFile
        currentFile = declaration.file
        defer { currentFile = outerFile }
        let faultUsesBefore = faultUses
        var checked = unguarded { check(value, Scope(.table)) }
        if faultUses != faultUsesBefore { faultingDefinitions.insert(name) }
        definitionsInProgress.removeLast()
        if let reference = reference(to: checked.value, named: name) { checked.value = reference }
        checkedDefinitions[name] = checked
        return checked
    }

    /// Records the parameters of the definition recorded last, for descriptions.
    func nameParameters(_ parameters: [DefinitionTerm.Parameter]) {
        guard !definitions.isEmpty else { return }
        definitions[definitions.count - 1].parameters = parameters
    }

    /// Records a definition's term and gives the reference to it; nil for values that are not terms.
    func reference(to value: CheckedValue, named name: String) -> CheckedValue? {
        let index = definitions.count
        switch value {
        case .integer(let t):
            definitions.append(DefinitionTerm(name: name, value: .integer(t)))
            return .integer(.definition(index))
        case .suit(let t):
            definitions.append(DefinitionTerm(name: name, value: .integer(t)))
            return .suit(.definition(index))
        case .color(let t):
            definitions.append(DefinitionTerm(name: name, value: .integer(t)))
            return .color(.definition(index))
        case .boolean(let t):
            definitions.append(DefinitionTerm(name: name, value: .boolean(t)))
            return .boolean(.definition(index))
        case .card(let t):
            definitions.append(DefinitionTerm(name: name, value: .card(t)))
            return .card(.definition(index))
        case .cards(let t):
            definitions.append(DefinitionTerm(name: name, value: .cards(t)))
            return .cards(.definition(index))
        case .pile(let t):
            definitions.append(DefinitionTerm(name: name, value: .pile(t)))
            return .pile(.definition(index))
        case .zone, .relation, .suitList, .invalid:
            return nil
        }
    }

    // MARK: Members

    private func checkMember(_ baseExpression: ExpressionSyntax, _ property: Identifier, _ scope: Scope) -> Checked {
        if case .name("move") = baseExpression.kind, scope.variables["move"] == nil, scope.context.contextNames.contains("move") {
            return playMember(property)
        }
        let base = check(baseExpression, scope)
        let name = property.name
        let range = property.range
        let reads = base.readsTable
        switch base.value {
        case .invalid:
            return .invalid
        case .card(let card):
            switch Property.named(name, on: .card) {
            case .cardRank: return Checked(value: .integer(.rank(card)), nonNegative: true, readsTable: reads)
            case .cardSuit: return Checked(value: .suit(.suit(card)), readsTable: reads)
            case .cardColour: return Checked(value: .color(.color(card)), readsTable: reads)
            case .cardFaceUp: return Checked(value: .boolean(.cardFaceUp(card)), readsTable: reads)
            case .cardJoker: return Checked(value: .boolean(.isJoker(card)), readsTable: reads)
            default: return unknownProperty(name, of: .card, at: range, known: Property.names(on: .card))
            }
        case .cards(let slice):
            return cardsMember(slice, name, at: range, fault: baseExpression.range)
        case .pile(let pile):
            return pileMember(pile, name, at: range, fault: baseExpression.range)
        case .zone(let index):
            guard let zone = zoneInfo(index) else { return .invalid }
            let piles = zone.piles
            switch Property.named(name, on: piles.count > 1 ? .zoneOfSeveralPiles : .zone) {
            case .zonePiles:
                let n = piles.count
                return Checked(value: .integer(.constant(n)), known: .integer(n), nonNegative: true)
            case .zoneSize:
                return Checked(value: .integer(.zoneSize(piles)), nonNegative: true, readsTable: true)
            case .zoneEmpty:
                if piles.count == 1 { return Checked(value: .boolean(.pileEmpty(.constant(piles.lowerBound))), readsTable: true) }
                return Checked(value: .boolean(.zoneEmpty(piles)), readsTable: true)
            default:
                if piles.count == 1 {
                    return pileMember(.constant(piles.lowerBound), name, at: range, fault: baseExpression.range)
                }
                return unknownProperty(name, of: .zone, at: range, known: Property.names(on: .zoneOfSeveralPiles),
                                       extraHelp: "zone \(Spelling.quoted(zone.name)) has \(piles.count) piles; name one, as in '\(zone.name)[1].\(name)'")
            }
        case .suit(let suit):
            if Property.named(name, on: .suit) == .suitColour {
                return Checked(value: .color(.suitColor(suit)), readsTable: reads)
            }
            return unknownProperty(name, of: .suit, at: range, known: Property.names(on: .suit))
        default:
            return unknownProperty(name, of: base.value.type, at: range, known: [])
        }
    }

    private func cardsMember(_ slice: SliceTerm, _ name: String, at range: SourceRange, fault faultRange: SourceRange) -> Checked {
        switch Property.named(name, on: .run) {
        case .runSize: return Checked(value: .integer(.sliceSize(slice)), nonNegative: true, readsTable: true)
        case .runEmpty: return Checked(value: .boolean(.sliceEmpty(slice)), readsTable: true)
        case .runFirst, .runLast:
            let empty = fault(.readMissingCard, "the \(name) card of an empty run was read", at: faultRange, canFire: !holdsACard(slice))
            return Checked(value: .card(.endOfSlice(slice, fromTop: name == "last", fault: empty)), readsTable: true)
        case .runFaceUp:
            return Checked(value: .boolean(.sliceFaceUp(slice)), readsTable: true)
        default:
            return unknownProperty(name, of: .cards, at: range, known: Property.names(on: .run))
        }
    }

    /// Whether the guards show that a run holds a card: a pile's cards, or `top(p, k)` with a
    /// constant `k` of at least one, from a pile that holds one.
    private func holdsACard(_ slice: SliceTerm) -> Bool {
        switch slice {
        case .pileCards(let pile): return holdsACard(pile)
        case .topCards(let pile, .constant(let k)): return k >= 1 && holdsACard(pile)
        default: return false
        }
    }

    /// Whether the guards show that a pile holds a card, or it is the pile `first(p in zone: …)`
    /// found with a condition that asks, among other things, that `p` hold one.
    private func holdsACard(_ pile: PileTerm) -> Bool {
        if guards.nonEmptyPiles.contains(pile) { return true }
        if case .first(.piles(_, let slot, _), let body, _) = pile { return Guards.nonEmpty(body).contains(.variable(slot: slot)) }
        return false
    }

    private func pileMember(_ pile: PileTerm, _ name: String, at range: SourceRange, fault faultRange: SourceRange) -> Checked {
        switch Property.named(name, on: .pile) {
        case .pileSize:
            return Checked(value: .integer(.pileSize(pile)), nonNegative: true, readsTable: true)
        case .pileEmpty:
            return Checked(value: .boolean(.pileEmpty(pile)), readsTable: true)
        case .pileTop, .pileBottom:
            let empty = fault(.readMissingCard, "the \(name) card of an empty pile was read", at: faultRange,
                              canFire: !holdsACard(pile))
            return Checked(value: .card(.end(pile, fromTop: name == "top", fault: empty)), readsTable: true)
        case .pileCards:
            return Checked(value: .cards(.pileCards(pile)), readsTable: true)
        case .pileIndex:
            return Checked(value: .integer(.pileIndex(pile)), nonNegative: true, readsTable: true)
        case .pileFaceDown:
            return Checked(value: .integer(.faceDownCount(pile)), nonNegative: true, readsTable: true)
        default:
            return unknownProperty(name, of: .pile, at: range, known: Property.names(on: .pile))
        }
    }

    private func unknownProperty(_ name: String, of type: ValueType, at range: SourceRange, known: [String], extraHelp: String? = nil) -> Checked {
        var help = Spelling.closest(to: name, among: known).map { "did you mean \(Spelling.quoted($0))?" }
        if help == nil, name == "colour", known.contains("color") { help = "did you mean 'color'?" }
        if help == nil { help = extraHelp ?? (known.isEmpty ? nil : "\(type.withArticle) has: \(known.joined(separator: ", "))") }
        report(.unknownProperty, "\(Spelling.quoted(name)) is not a property of \(type.withArticle)", at: range, help: help)
        return .invalid
    }
}
