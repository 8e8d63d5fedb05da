import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// Reads `RuleFacts` from checked declarations. It only looks at the syntax tree; values come
/// from the option settings the game was compiled with.
struct RuleFactFinder {
    let parts: PartIndex
    let zoneNames: [String]
    let optionValues: [String: Int]
    let definitions: [String: ExpressionSyntax]
    let relations: [String: BuildRelation]

    init(parts: PartIndex, zoneNames: [String], optionValues: [String: Int]) {
        self.parts = parts
        self.zoneNames = zoneNames
        self.optionValues = optionValues
        var definitions: [String: ExpressionSyntax] = [:]
        for declaration in parts.definitions {
            if case .definition(let name, _, let value) = declaration.kind { definitions[name.name] = value }
        }
        self.definitions = definitions
        var relations: [String: BuildRelation] = [:]
        for declaration in parts.relations {
            if case .relation(let name, let suit, let step, let wraps) = declaration.kind {
                relations[name.name] = BuildRelation(suit: suit, step: step, wraps: wraps)
            }
        }
        self.relations = relations
    }

    /// Whether the rules use a construct of state (memory, removals,
    /// shuffles, parameterised definitions, a deck with a shape) that these facts do not yet
    /// describe: such rules get the facts that assume nothing.
    var usesUndescribedConstructs: Bool {
        if !parts.memories.isEmpty || !parts.removals.isEmpty { return true }
        if let decks = parts.decks, case .decks(_, _, let shape) = decks.kind,
           shape.filter != nil || shape.jokers != nil || shape.acesHigh { return true }
        for declaration in parts.definitions {
            if case .definition(_, let parameters, _) = declaration.kind, !parameters.isEmpty { return true }
        }
        func shuffles(_ body: [Statement]) -> Bool {
            body.contains { statement in
                switch statement.kind {
                case .shuffle, .set: return true
                case .conditional(_, let then, let otherwise): return shuffles(then) || shuffles(otherwise)
                case .forEach(_, _, let inner): return shuffles(inner)
                default: return false
                }
            }
        }
        for declaration in parts.actions + parts.effects + parts.deals {
            switch declaration.kind {
            case .action(_, _, _, _, let body), .effect(_, let body): if shuffles(body) { return true }
            case .deal(_, _, _, _, _, let arrangement): if shuffles(arrangement.afterEachCard ?? []) { return true }
            default: break
            }
        }
        return false
    }

    func facts(actionCount: Int) -> RuleFacts {
        if usesUndescribedConstructs {
            var facts = RuleFacts.unknown(zones: zoneNames, actions: actionCount)
            facts.assumesNothing = true
            return facts
        }
        var zones = zoneNames.map {
            RuleFacts.ZoneFacts(name: $0, pilesAreInterchangeable: true, hasLift: false, hasAccept: false, givesCards: false,
                                isChangedByActionsOrEffects: false, isReadElsewhere: false, liftIsPrefixClosed: false, buildsOnTop: nil)
        }
        let index = Dictionary(zoneNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        func mark(_ names: Set<String>, _ change: (inout RuleFacts.ZoneFacts) -> Void) {
            for name in names { if let i = index[name] { change(&zones[i]) } }
        }

        // Every expression of the rules, with `let`s expanded, for the facts that any use breaks.
        var all: [ExpressionSyntax] = []
        // Zones named outside the actions, each with the zone whose rule names it (nil: an
        // effect, a capacity or the win condition), for `actionsAreIsolated`.
        var namedOutsideActions: [(names: Set<String>, owner: String?)] = []
        // The loader splits a rule serving several zones into one part per zone.
        for declaration in parts.lifts {
            guard case .lift(let served, let body) = declaration.kind, served.count == 1, let zone = served.first, let i = index[zone.name] else { continue }
            zones[i].hasLift = true
            zones[i].givesCards = true
            zones[i].liftIsPrefixClosed = liftIsPrefixClosed(body)
            zones[i].liftTakesOneCard = requiresOneCard(body)
            let read = expressions(in: body)
            all += read
            mark(zoneNamesRead(read).subtracting([zone.name])) { $0.isReadElsewhere = true }
            namedOutsideActions.append((zoneNamesRead(read), zone.name))
        }
        for declaration in parts.accepts {
            guard case .accept(let served, let body) = declaration.kind, served.count == 1, let zone = served.first, let i = index[zone.name] else { continue }
            zones[i].hasAccept = true
            zones[i].buildsOnTop = relationsOnTop(body, pileKnownNonEmpty: false).map { Array($0).sorted { "\($0)" < "\($1)" } }
            zones[i].acceptTakesOneCard = requiresOneCard(body)
            if let relations = zones[i].buildsOnTop, relations.count == 1 {
                zones[i].acceptsAnyBuildOnTop = acceptsAnyBuild(on: body, by: relations[0])
            }
            let read = expressions(in: body)
            all += read
            mark(zoneNamesRead(read).subtracting([zone.name])) { $0.isReadElsewhere = true }
            namedOutsideActions.append((zoneNamesRead(read), zone.name))
        }
        for declaration in parts.capacities {
            guard case .capacity(_, let value) = declaration.kind else { continue }
            let expanded = expand(value)
            all.append(expanded)
            namedOutsideActions.append((zoneNamesRead([expanded]), nil))
            var monotone = Set<String>()
            if !isMonotoneCapacity(expanded, zonesRead: &monotone) {
                mark(zoneNamesRead([expanded])) { $0.isReadElsewhere = true }
            }
        }
        var limits: [RuleFacts.ActionLimit] = []
        var tapped: [Int] = []
        var effectsOnlyFlip = true
        var actionZoneNames = Set<String>()
        for declaration in parts.actions {
            guard case .action(_, let pile, let guardCondition, let limit, let body) = declaration.kind else { continue }
            mark([pile.name]) { $0.isChangedByActionsOrEffects = true }
            let read = [guardCondition, limit].compactMap { $0 }.map { expand($0) } + expressions(in: body)
            all += read
            actionZoneNames.formUnion(zoneNamesRead(read).union(touchedZones(body)).union([pile.name]))
            mark(zoneNamesRead(read)) { $0.isReadElsewhere = true }
            mark(touchedZones(body)) { $0.isChangedByActionsOrEffects = true }
            mark(transferSources(body)) { $0.givesCards = true }
            if let limit {
                let value = constantValue(limit)
                limits.append(value.map { $0 == Int.max ? .none : .constant($0) } ?? .readFromTable)
            } else {
                limits.append(.none)
            }
            tapped.append(index[pile.name] ?? 0)
        }
        for declaration in parts.effects {
            guard case .effect(_, let body) = declaration.kind else { continue }
            if !isFlipOnlyBody(body) { effectsOnlyFlip = false }
            let read = expressions(in: body)
            all += read
            namedOutsideActions.append((zoneNamesRead(read).union(touchedZones(body)), nil))
            mark(zoneNamesRead(conditions(in: body))) { $0.isReadElsewhere = true }
            mark(touchedZones(body)) { $0.isChangedByActionsOrEffects = true }
            mark(transferSources(body)) { $0.givesCards = true }
        }
        var wonZones: [Int] = []
        var winFills: RuleFacts.WinFill?
        if let win = parts.win, case .win(let condition) = win.kind {
            let expanded = expand(condition)
            all.append(expanded)
            wonZones = zoneNamesRead([expanded]).compactMap { index[$0] }.sorted()
            namedOutsideActions.append((zoneNamesRead([expanded]), nil))
            winFills = winFill(expanded, index: index)
        }

        // Pile interchangeability: anything that tells piles apart, anywhere in the rules.
        var distinguished = Set<String>()
        var readsIndex = false
        var readsFaces = false
        var readsUses = false
        var suitLiteral = false, colourLiteral = false, colourCompared = false
        for expression in all {
            walk(expression) { e in
                switch e.kind {
                case .subscripted(let base, _): distinguished.formUnion(zoneNamesRead([base]))
                case .member(_, let property):
                    if property.name == "index" { readsIndex = true }
                    if property.name == "faceup" || property.name == "facedown" { readsFaces = true }
                    if property.name == "color" || property.name == "colour" { colourCompared = true }
                case .quantifier(.first, let variable, let collection, let body):
                    if !isEmptinessTest(body, of: variable.name) { distinguished.formUnion(zoneNamesRead([collection])) }
                case .call(let function, _): if function.name == "uses" { readsUses = true }
                case .suit, .card: suitLiteral = true
                case .color: colourLiteral = true
                case .name(let name):
                    if let relation = relations[name], relation.suit == .alternateColour || relation.suit == .sameColour { colourCompared = true }
                default: break
                }
            }
        }
        for declaration in parts.actions + parts.effects {
            let body: [Statement]
            switch declaration.kind {
            case .action(_, _, _, _, let b), .effect(_, let b): body = b
            default: continue
            }
            distinguished.formUnion(orderDependentZones(body))
        }
        for i in zones.indices where readsIndex || distinguished.contains(zones[i].name) {
            zones[i].pilesAreInterchangeable = false
        }

        // Reads below the top card, per zone.
        var below = Set<String>()
        for declaration in parts.lifts + parts.accepts {
            switch declaration.kind {
            case .lift(let zones, let body), .accept(let zones, let body):
                below.formUnion(belowTop(body, bindings: ["pile": Set(zones.map(\.name))]))
            default: break
            }
        }
        for declaration in parts.capacities {
            if case .capacity(let zones, let value) = declaration.kind { below.formUnion(belowTop(expand(value), bindings: ["pile": Set(zones.map(\.name))])) }
        }
        for declaration in parts.actions {
            if case .action(_, let pile, let guardCondition, let limit, let body) = declaration.kind {
                let bindings: [String: Set<String>] = ["pile": [pile.name]]
                for e in [guardCondition, limit].compactMap({ $0 }) { below.formUnion(belowTop(expand(e), bindings: bindings)) }
                below.formUnion(belowTop(body, bindings: bindings))
            }
        }
        for declaration in parts.effects {
            if case .effect(_, let body) = declaration.kind { below.formUnion(belowTop(body, bindings: [:])) }
        }
        if let win = parts.win, case .win(let condition) = win.kind { below.formUnion(belowTop(expand(condition), bindings: [:])) }
        for i in zones.indices { zones[i].readsBelowTop = below.contains(zones[i].name) }

        let symmetry: RuleFacts.SuitSymmetry = suitLiteral ? .none : colourLiteral ? .withinColour : colourCompared ? .colourClasses : .anySuit
        while limits.count < actionCount { limits.append(.readFromTable) }
        var facts = RuleFacts(zones: zones, suitSymmetry: symmetry, readsFaces: readsFaces, copiesAreInterchangeable: true,
                              wonZones: wonZones, winFills: winFills, actionLimits: limits, tappedZones: tapped, effectsOnlyFlip: effectsOnlyFlip)
        facts.readsActionUses = readsUses
        facts.actionZones = actionZoneNames.compactMap { index[$0] }.sorted()
        facts.stockTurn = stockTurn(index: index)
        // A rule of a zone the actions name may read the others (moves out of or into it are not
        // independent of the actions anyway); any other rule that names one breaks isolation.
        facts.actionsAreIsolated = !parts.actions.isEmpty && !readsUses && namedOutsideActions.allSatisfy { named, owner in
            owner.map { actionZoneNames.contains($0) } == true || named.isDisjoint(with: actionZoneNames)
        }
        return facts
    }

    // MARK: Walking the tree

    /// The expression with every `let` name replaced by its definition (definitions are not recursive).
    func expand(_ expression: ExpressionSyntax, depth: Int = 0) -> ExpressionSyntax {
        guard depth < 64 else { return expression }
        func e(_ x: ExpressionSyntax) -> ExpressionSyntax { expand(x, depth: depth + 1) }
        var kind = expression.kind
        switch expression.kind {
        case .name(let name):
            if let definition = definitions[name] { return e(definition) }
        case .member(let base, let property): kind = .member(e(base), property)
        case .subscripted(let base, let index): kind = .subscripted(e(base), e(index))
        case .call(let function, let arguments): kind = .call(function, arguments.map(e))
        case .unary(let op, let operand): kind = .unary(op, e(operand))
        case .binary(let op, let left, let right): kind = .binary(op, e(left), e(right))
        case .conditional(let c, let t, let o): kind = .conditional(e(c), e(t), e(o))
        case .quantifier(let q, let variable, let collection, let body): kind = .quantifier(q, variable, e(collection), e(body))
        case .list(let items): kind = .list(items.map(e))
        default: break
        }
        return ExpressionSyntax(kind, range: expression.range)
    }

    func walk(_ expression: ExpressionSyntax, _ visit: (ExpressionSyntax) -> Void) {
        var stack = [expression]
        while let e = stack.popLast() {
            visit(e)
            switch e.kind {
            case .member(let base, _): stack.append(base)
            case .subscripted(let base, let index): stack += [base, index]
            case .call(_, let arguments): stack += arguments
            case .unary(_, let operand): stack.append(operand)
            case .binary(_, let left, let right): stack += [left, right]
            case .conditional(let c, let t, let o): stack += [c, t, o]
            case .quantifier(_, _, let collection, let body): stack += [collection, body]
            case .list(let items): stack += items
            default: break
            }
        }
    }

    /// Every expression of a body, `let`s expanded.
    func expressions(in body: [Statement]) -> [ExpressionSyntax] {
        var result: [ExpressionSyntax] = []
        for statement in body {
            switch statement.kind {
            case .require(let condition, _): result.append(expand(condition))
            case .conditional(let condition, let then, let otherwise):
                result.append(expand(condition))
                result += expressions(in: then) + expressions(in: otherwise)
            case .forEach(_, let collection, let inner):
                result.append(expand(collection))
                result += expressions(in: inner)
            case .deal(let count, let from, let to, _), .move(let count, let from, let to, _), .tryMove(let count, let from, let to):
                result += [expand(count), expand(from), expand(to)]
            case .flip(let pile), .shuffle(let pile): result.append(expand(pile))
            case .set(_, let value): result.append(expand(value))
            }
        }
        return result
    }

    /// The expressions of a body that decide something (conditions and counts), not the piles a statement acts on.
    func conditions(in body: [Statement]) -> [ExpressionSyntax] {
        var result: [ExpressionSyntax] = []
        for statement in body {
            switch statement.kind {
            case .require(let condition, _): result.append(expand(condition))
            case .conditional(let condition, let then, let otherwise): result += [expand(condition)] + conditions(in: then) + conditions(in: otherwise)
            case .forEach(_, _, let inner): result += conditions(in: inner)
            case .deal(let count, _, _, _), .move(let count, _, _, _), .tryMove(let count, _, _): result.append(expand(count))
            case .flip, .shuffle: break
            case .set(_, let value): result.append(expand(value))
            }
        }
        return result
    }

    /// The zone names some expression mentions.
    func zoneNamesRead(_ expressions: [ExpressionSyntax]) -> Set<String> {
        let zones = Set(zoneNames)
        var result = Set<String>()
        for expression in expressions { result.formUnion(NameCollector.names(in: expression).intersection(zones)) }
        return result
    }

    /// The zones an action or effect body changes, beyond `for p in Z { flip p }`, which only turns cards over.
    func touchedZones(_ body: [Statement]) -> Set<String> {
        var result = Set<String>()
        for statement in body {
            switch statement.kind {
            case .forEach(_, let collection, let inner):
                if !inner.allSatisfy(isFlipOnly) { result.formUnion(zoneNamesRead([expand(collection)])) }
                result.formUnion(touchedZones(inner))
            case .conditional(_, let then, let otherwise): result.formUnion(touchedZones(then).union(touchedZones(otherwise)))
            case .deal(_, let from, let to, _), .move(_, let from, let to, _), .tryMove(_, let from, let to):
                result.formUnion(zoneNamesRead([expand(from), expand(to)]))
            case .flip(let pile), .shuffle(let pile): result.formUnion(zoneNamesRead([expand(pile)]))
            case .require, .set: break
            }
        }
        return result
    }

    /// A body that only turns cards over: flips, and loops of flips.
    private func isFlipOnlyBody(_ body: [Statement]) -> Bool {
        body.allSatisfy { statement in
            switch statement.kind {
            case .flip: return true
            case .forEach(_, _, let inner): return isFlipOnlyBody(inner)
            default: return false
            }
        }
    }

    private func isFlipOnly(_ statement: Statement) -> Bool {
        if case .flip = statement.kind { return true }
        return false
    }

    /// The zones a body may move cards out of (a loop variable stands for its zone).
    func transferSources(_ body: [Statement], loops: [String: ExpressionSyntax] = [:]) -> Set<String> {
        var result = Set<String>()
        for statement in body {
            switch statement.kind {
            case .forEach(let variable, let collection, let inner):
                var inner2 = loops
                inner2[variable.name] = collection
                result.formUnion(transferSources(inner, loops: inner2))
            case .conditional(_, let then, let otherwise):
                result.formUnion(transferSources(then, loops: loops).union(transferSources(otherwise, loops: loops)))
            case .deal(_, let from, _, _), .move(_, let from, _, _), .tryMove(_, let from, _):
                result.formUnion(zoneNamesRead([expand(from)] + NameCollector.names(in: from).compactMap { name in loops[name].map { expand($0) } }))
                // `pile` in a body may be any pile the action taps: counted through the action's zone.
            default: break
            }
        }
        return result
    }

    /// Zones whose piles a body treats by their order: a `for` over the zone whose body moves
    /// cards other than from its own pile to the first empty pile of another zone, or a
    /// `try move` aimed at the zone (it takes the first pile that accepts).
    func orderDependentZones(_ body: [Statement]) -> Set<String> {
        var result = Set<String>()
        for statement in body {
            switch statement.kind {
            case .forEach(let variable, let collection, let inner):
                if !isLocal(inner, to: variable.name) { result.formUnion(zoneNamesRead([expand(collection)])) }
                result.formUnion(orderDependentZones(inner))
            case .conditional(_, let then, let otherwise):
                result.formUnion(orderDependentZones(then).union(orderDependentZones(otherwise)))
            case .tryMove(_, _, let to):
                result.formUnion(zoneNamesRead([expand(to)]))
            default: break
            }
        }
        return result
    }

    /// Whether a loop body touches only its own pile `variable`: it reads no other zone's piles
    /// and moves cards only from `variable` to the first empty pile of a zone (`first(f in Z: f.empty)`).
    private func isLocal(_ body: [Statement], to variable: String) -> Bool {
        for statement in body {
            switch statement.kind {
            case .require(let condition, _):
                if !zoneNamesRead([expand(condition)]).isEmpty { return false }
            case .conditional(let condition, let then, let otherwise):
                if !zoneNamesRead([expand(condition)]).isEmpty { return false }
                if !isLocal(then, to: variable) || !isLocal(otherwise, to: variable) { return false }
            case .forEach: return false
            case .flip(let pile):
                guard case .name(variable) = pile.kind else { return false }
            case .deal(let count, let from, let to, _), .move(let count, let from, let to, _):
                guard case .name(variable) = from.kind, zoneNamesRead([expand(count)]).isEmpty else { return false }
                guard case .quantifier(.first, let v, _, let test) = expand(to).kind, isEmptinessTest(test, of: v.name) else { return false }
            case .tryMove, .shuffle, .set: return false
            }
        }
        return true
    }

    /// `v.empty`.
    func isEmptinessTest(_ expression: ExpressionSyntax, of variable: String) -> Bool {
        if case .member(let base, let property) = expression.kind, property.name == "empty", case .name(variable) = base.kind { return true }
        return false
    }

    // MARK: Reading below the top

    /// The zones whose piles a body reads below their top cards.
    func belowTop(_ body: [Statement], bindings: [String: Set<String>]) -> Set<String> {
        var result = Set<String>()
        for statement in body {
            switch statement.kind {
            case .require(let c, _): result.formUnion(belowTop(expand(c), bindings: bindings))
            case .conditional(let c, let then, let otherwise):
                result.formUnion(belowTop(expand(c), bindings: bindings))
                result.formUnion(belowTop(then, bindings: bindings).union(belowTop(otherwise, bindings: bindings)))
            case .forEach(let v, let collection, let inner):
                var scoped = bindings
                scoped[v.name] = pileZones(expand(collection), bindings: bindings)
                result.formUnion(belowTop(inner, bindings: scoped))
            case .deal(let n, let from, let to, _), .move(let n, let from, let to, _), .tryMove(let n, let from, let to):
                for e in [n, from, to] { result.formUnion(belowTop(expand(e), bindings: bindings)) }
            case .flip(let p): result.formUnion(belowTop(expand(p), bindings: bindings))
            case .shuffle(let p): result.formUnion(pileZones(expand(p), bindings: bindings))
            case .set(_, let value): result.formUnion(belowTop(expand(value), bindings: bindings))
            }
        }
        return result
    }

    /// The zones whose piles an expression reads below their top cards.
    func belowTop(_ e: ExpressionSyntax, bindings: [String: Set<String>]) -> Set<String> {
        var result = Set<String>()
        switch e.kind {
        case .member(let base, let property):
            if ["cards", "bottom", "facedown"].contains(property.name) { result.formUnion(pileZones(base, bindings: bindings)) }
            result.formUnion(belowTop(base, bindings: bindings))
        case .call(let function, let arguments):
            if function.name == "top" || function.name == "sequence" || function.name == "segments", let first = arguments.first {
                // `sequence(run, r)` reads the moving run, not a pile.
                if !(function.name != "top" && { if case .name("run") = first.kind { return true } else { return false } }()) {
                    result.formUnion(pileZones(first, bindings: bindings))
                }
            }
            for a in arguments { result.formUnion(belowTop(a, bindings: bindings)) }
        case .quantifier(_, let v, let collection, let body):
            var scoped = bindings
            scoped[v.name] = pileZones(collection, bindings: bindings)
            result.formUnion(belowTop(collection, bindings: bindings))
            result.formUnion(belowTop(body, bindings: scoped))
        case .subscripted(let base, let index): result.formUnion(belowTop(base, bindings: bindings).union(belowTop(index, bindings: bindings)))
        case .unary(_, let x): result.formUnion(belowTop(x, bindings: bindings))
        case .binary(_, let l, let r): result.formUnion(belowTop(l, bindings: bindings).union(belowTop(r, bindings: bindings)))
        case .conditional(let c, let t, let o):
            for x in [c, t, o] { result.formUnion(belowTop(x, bindings: bindings)) }
        case .list(let items): for x in items { result.formUnion(belowTop(x, bindings: bindings)) }
        default: break
        }
        return result
    }

    /// The zones whose piles an expression may stand for: zones it names, piles bound to zones,
    /// and, for `source`, every zone cards can leave.
    func pileZones(_ e: ExpressionSyntax, bindings: [String: Set<String>]) -> Set<String> {
        var result = zoneNamesRead([e])
        for name in NameCollector.names(in: e) {
            if let zones = bindings[name] { result.formUnion(zones) }
            if name == "source" || name == "run" {
                for declaration in parts.lifts { result.formUnion(declaration.servedZones.map(\.name)) }
            }
        }
        return result
    }

    // MARK: Particular facts

    /// Whether a capacity formula only grows when piles it counts become empty: sums, products
    /// and powers of constants and `count(v in Z: v.empty [and v != pile])`.
    func isMonotoneCapacity(_ expression: ExpressionSyntax, zonesRead: inout Set<String>) -> Bool {
        switch expression.kind {
        case .integer, .unlimited: return true
        case .name(let name): return optionValues[name] != nil
        case .binary(let op, let left, let right):
            guard op == .add || op == .multiply || op == .power else { return false }
            return isMonotoneCapacity(left, zonesRead: &zonesRead) && isMonotoneCapacity(right, zonesRead: &zonesRead)
        case .quantifier(.count, let variable, let collection, let body):
            guard case .name(let zone) = collection.kind, zoneNames.contains(zone) else { return false }
            func emptinessConjunction(_ e: ExpressionSyntax) -> Bool {
                switch e.kind {
                case .binary(.and, let l, let r): return emptinessConjunction(l) && emptinessConjunction(r)
                case .binary(.notEqual, let l, let r):
                    if case .name(variable.name) = l.kind, case .name(let other) = r.kind { return other == "pile" || other == "source" }
                    return false
                default: return isEmptinessTest(e, of: variable.name)
                }
            }
            guard emptinessConjunction(body) else { return false }
            zonesRead.insert(zone)
            return true
        default: return false
        }
    }

    /// Whether a top-level `require` of the body limits the run to one card (`run.size == 1` or `run.size <= 1`).
    func requiresOneCard(_ body: [Statement]) -> Bool {
        body.contains { statement in
            guard case .require(let raw, _) = statement.kind else { return false }
            guard case .binary(let op, let left, let right) = expand(raw).kind, op == .equal || op == .lessEqual,
                  case .member(let base, let property) = left.kind, property.name == "size", case .name("run") = base.kind,
                  case .integer(let n) = right.kind else { return false }
            return n == 1
        }
    }

    /// Whether, on a pile that is not empty, the accept rule `body` takes any one card that builds
    /// on the top card by `relation`: past `if pile.empty` tests (only the other branch runs), its
    /// statements are only `require run.size == 1` (or `<= 1`) and `require builds(top,
    /// run.first, r)` with r `relation`.
    func acceptsAnyBuild(on body: [Statement], by relation: BuildRelation) -> Bool {
        for (offset, statement) in body.enumerated() {
            switch statement.kind {
            case .require(let raw, _):
                let condition = expand(raw)
                if requiresOneCard([statement]) { continue }
                guard topBuildRelation(condition) == relation else { return false }
            case .conditional(let raw, let then, let otherwise):
                let condition = expand(raw)
                let rest = Array(body[(offset + 1)...])
                if isPileEmpty(condition) { return acceptsAnyBuild(on: otherwise + rest, by: relation) }
                if case .unary(.not, let inner) = condition.kind, isPileEmpty(inner) { return acceptsAnyBuild(on: then + rest, by: relation) }
                return false
            default:
                return false
            }
        }
        return true
    }

    /// Whether each `require` of a lift rule survives dropping the run's top card.
    func liftIsPrefixClosed(_ body: [Statement]) -> Bool {
        body.allSatisfy { statement in
            guard case .require(let raw, _) = statement.kind else { return false }
            let condition = expand(raw)
            switch condition.kind {
            case .call(let function, let arguments) where function.name == "sequence" && arguments.count == 2:
                if case .name("run") = arguments[0].kind { return true }
                return false
            case .binary(let op, let left, let right) where op == .equal || op == .lessEqual || op == .less:
                guard case .member(let base, let property) = left.kind, property.name == "size", case .name("run") = base.kind else { return false }
                guard case .integer(let n) = right.kind else { return false }
                return op == .equal ? n == 1 : true
            default: return false
            }
        }
    }

    /// The relations a card put on a non-empty pile must build on `top` by, along every path
    /// of an accept rule; nil when some path puts no such requirement.
    func relationsOnTop(_ body: [Statement], pileKnownNonEmpty: Bool) -> Set<BuildRelation>? {
        for (offset, statement) in body.enumerated() {
            let rest = Array(body[(offset + 1)...])
            switch statement.kind {
            case .require(let condition, _):
                let c = expand(condition)
                // A rule that only ever accepts onto an empty pile puts nothing on a top card.
                if requiresEmptyPile(c) { return [] }
                if let relations = requiredRelations(c) { return relations }
            case .conditional(let condition, let then, let otherwise):
                let c = expand(condition)
                // An option's value is known: only its branch can run.
                if case .name(let option) = c.kind, let value = optionValues[option] {
                    return relationsOnTop((value != 0 ? then : otherwise) + rest, pileKnownNonEmpty: pileKnownNonEmpty)
                }
                if case .unary(.not, let inner) = c.kind, case .name(let option) = inner.kind, let value = optionValues[option] {
                    return relationsOnTop((value == 0 ? then : otherwise) + rest, pileKnownNonEmpty: pileKnownNonEmpty)
                }
                if isPileEmpty(c) {
                    // The empty branch is not about a top card; the other is, together with what follows.
                    return relationsOnTop(otherwise + rest, pileKnownNonEmpty: true)
                }
                if case .unary(.not, let inner) = c.kind, isPileEmpty(inner) {
                    return relationsOnTop(then + rest, pileKnownNonEmpty: true)
                }
                // Either branch may run: both must bind the card, or what follows must.
                if let a = relationsOnTop(then + rest, pileKnownNonEmpty: pileKnownNonEmpty),
                   let b = relationsOnTop(otherwise + rest, pileKnownNonEmpty: pileKnownNonEmpty) {
                    return a.union(b)
                }
                return nil
            default:
                return nil
            }
        }
        return nil
    }

    private func isPileEmpty(_ e: ExpressionSyntax) -> Bool { isEmptinessTest(e, of: "pile") }

    /// `pile.empty`, or a conjunction holding it.
    private func requiresEmptyPile(_ e: ExpressionSyntax) -> Bool {
        if isPileEmpty(e) { return true }
        if case .binary(.and, let left, let right) = e.kind { return requiresEmptyPile(left) || requiresEmptyPile(right) }
        return false
    }

    /// `builds(top, run.first, r)`, or a conjunction holding one, or a disjunction of them.
    private func requiredRelations(_ condition: ExpressionSyntax) -> Set<BuildRelation>? {
        switch condition.kind {
        case .call:
            return topBuildRelation(condition).map { [$0] }
        case .binary(.and, let left, let right):
            return requiredRelations(left) ?? requiredRelations(right)
        case .binary(.or, let left, let right):
            guard let a = requiredRelations(left), let b = requiredRelations(right) else { return nil }
            return a.union(b)
        default:
            return nil
        }
    }

    /// The relation `r` of `builds(top, run.first, r)`, nil for any other expression.
    private func topBuildRelation(_ condition: ExpressionSyntax) -> BuildRelation? {
        guard case .call(let function, let arguments) = condition.kind, function.name == "builds", arguments.count == 3,
              case .name("top") = arguments[0].kind,
              case .member(let base, let property) = arguments[1].kind, property.name == "first", case .name("run") = base.kind,
              case .name(let name) = arguments[2].kind else { return nil }
        return relations[name]
    }

    /// The constant value of an action's limit: an integer, `unlimited` or an option.
    func constantValue(_ expression: ExpressionSyntax) -> Int? {
        switch expand(expression).kind {
        case .integer(let n): return n
        case .name(let name): return optionValues[name]
        default: return nil
        }
    }

    private func winFill(_ condition: ExpressionSyntax, index: [String: Int]) -> RuleFacts.WinFill? {
        switch condition.kind {
        case .quantifier(.all, let variable, let collection, let body) where isEmptinessTest(body, of: variable.name):
            guard case .name(let zone) = collection.kind, let z = index[zone] else { return nil }
            return RuleFacts.WinFill(zone: z, cards: 0, wholeZone: false)
        case .quantifier(.all, let variable, let collection, let body):
            guard case .name(let zone) = collection.kind, let z = index[zone],
                  case .binary(.equal, let left, let right) = body.kind,
                  case .member(let base, let property) = left.kind, property.name == "size", case .name(variable.name) = base.kind,
                  case .integer(let n) = right.kind else { return nil }
            return RuleFacts.WinFill(zone: z, cards: n, wholeZone: false)
        case .member(let base, let property) where property.name == "empty":
            guard case .name(let zone) = base.kind, let z = index[zone] else { return nil }
            return RuleFacts.WinFill(zone: z, cards: 0, wholeZone: true)
        case .binary(.equal, let left, let right):
            guard case .member(let base, let property) = left.kind, property.name == "size", case .name(let zone) = base.kind,
                  let z = index[zone], case .integer(let n) = right.kind else { return nil }
            return RuleFacts.WinFill(zone: z, cards: n, wholeZone: true)
        default:
            return nil
        }
    }
}

