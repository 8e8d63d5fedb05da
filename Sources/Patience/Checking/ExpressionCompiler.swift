/// Type-checks expressions and compiles them to closures, reporting every name and type error.
/// One compiler serves a whole game, so `let` definitions are compiled once and shared.
final class ExpressionCompiler {
    let options: [String: OptionInfo]
    let zones: [String: ZoneInfo]
    let relations: [String: BuildRelation]
    let definitions: [String: Declaration]
    /// For each flat pile index, the flat index of its zone's first pile (to compute `pile.index`).
    let zoneStartOfPile: [Int]
    let zoneOfPile: [Int]
    var diagnostics: [Diagnostic] = []
    /// The refusals of every `require` compiled so far, indexed by `Operation.require`.
    var refusals: [Refusal] = []
    var pileSlotCount = 0
    /// Card slot 0 is `card` in a deal filter; quantifiers take the slots after it.
    var cardSlotCount = 1
    private var compiledDefinitions: [String: Compiled] = [:]
    private var definitionsInProgress: [String] = []
    private var reportedDefinitionDepth = false
    /// How many more candidate names suggestions may compare with. Each unknown name is compared
    /// with every name in the game, so thousands of each would take minutes without a bound.
    private var spellingComparisonsLeft = 20_000
    /// The zones by their index, for the lookups a zone's code makes.
    private let zonesByIndex: [Int: ZoneInfo]
    /// Names the rules referred to, so the checker can flag unused options.
    private(set) var usedNames: Set<String> = []

    /// Where faults are described; shared by every compiler of one game.
    let faults: FaultTable

    init(options: [String: OptionInfo], zones: [String: ZoneInfo], relations: [String: BuildRelation],
         definitions: [String: Declaration], faults: FaultTable = FaultTable()) {
        self.faults = faults
        self.options = options
        self.zones = zones
        self.relations = relations
        self.definitions = definitions
        let ordered = zones.values.sorted { $0.index < $1.index }
        var starts: [Int] = []
        var owners: [Int] = []
        for zone in ordered {
            for _ in zone.piles {
                starts.append(zone.piles.lowerBound)
                owners.append(zone.index)
            }
        }
        zoneStartOfPile = starts
        zoneOfPile = owners
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

    /// The file of the declaration being compiled, recorded on each finding.
    var currentFile: String?

    /// Registers a place that can fault at evaluation time, returning the fault to throw there.
    func fault(_ code: DiagnosticCode, _ message: String, at range: SourceRange) -> EvaluationFault {
        faults.add(code, message, file: currentFile, range: range)
    }

    func report(_ code: DiagnosticCode, _ message: String, at range: SourceRange, help: String? = nil) {
        diagnostics.append(Diagnostic(code, message, at: range, help: help, file: currentFile))
    }

    // MARK: Typed access

    func integer(_ e: Expression, _ scope: Scope) -> (IntCode, Compiled)? {
        let c = compile(e, scope)
        switch c.code {
        case .integer(let code): return (code, c)
        case .invalid: return nil
        default:
            mismatch(expected: .integer, found: c.code.type, at: e.range)
            return nil
        }
    }

    func boolean(_ e: Expression, _ scope: Scope) -> (BoolCode, Compiled)? {
        let c = compile(e, scope)
        switch c.code {
        case .boolean(let code): return (code, c)
        case .invalid: return nil
        default:
            mismatch(expected: .boolean, found: c.code.type, at: e.range)
            return nil
        }
    }

    func pile(_ e: Expression, _ scope: Scope) -> PileCode? {
        let c = compile(e, scope)
        return pileCode(c, at: e.range)
    }

    func pileCode(_ c: Compiled, at range: SourceRange) -> PileCode? {
        switch c.code {
        case .pile(let code): return code
        case .zone(let index):
            guard let zone = zoneInfo(index) else { return nil }
            if zone.piles.count == 1 {
                let pile = zone.piles.lowerBound
                return { _ in pile }
            }
            report(.zoneIsNotAPile, "zone \(Spelling.quoted(zone.name)) has \(zone.piles.count) piles; name one of them",
                   at: range, help: "write '\(zone.name)[1]', or use 'for p in \(zone.name) { … }'")
            return nil
        case .invalid: return nil
        default:
            mismatch(expected: .pile, found: c.code.type, at: range)
            return nil
        }
    }

    func cards(_ c: Compiled, at range: SourceRange) -> SliceCode? {
        switch c.code {
        case .cards(let code): return code
        case .pile, .zone:
            guard let pile = pileCode(c, at: range) else { return nil }
            return { f throws(EvaluationFault) in
                let p = try pile(&f)
                return CardSlice(pile: p, start: 0, count: f.piles[p].cards.count)
            }
        case .invalid: return nil
        default:
            mismatch(expected: .cards, found: c.code.type, at: range)
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

    // MARK: Compilation

    func compile(_ e: Expression, _ scope: Scope) -> Compiled {
        switch e.kind {
        case .integer(let n): return literalInteger(n)
        case .unlimited: return literalInteger(Int.max)
        case .rank(let r): return literalInteger(r)
        case .boolean(let b):
            return Compiled(code: .boolean { _ in b }, known: .boolean(b))
        case .suit(let suit):
            let raw = suit.rawValue
            return Compiled(code: .suit { _ in raw })
        case .color(let color):
            let raw = color.rawValue
            return Compiled(code: .color { _ in raw })
        case .card(let rank, let suit):
            let placed = PlacedCard(Card(rank: rank, suit: suit), faceUp: true)
            return Compiled(code: .card { _ in placed })
        case .name(let name):
            return compileName(name, at: e.range, scope)
        case .member(let base, let property):
            return compileMember(base, property, scope)
        case .subscripted(let base, let index):
            return compileSubscript(base, index, at: e.range, scope)
        case .call(let function, let arguments):
            return compileCall(function, arguments, at: e.range, scope)
        case .unary(let op, let operand):
            return compileUnary(op, operand, scope)
        case .binary(let op, let left, let right):
            return compileBinary(op, left, right, at: e.range, scope)
        case .conditional(let condition, let then, let otherwise):
            return compileConditional(condition, then, otherwise, at: e.range, scope)
        case .quantifier(let q, let variable, let collection, let body):
            return compileQuantifier(q, variable, collection, body, at: e.range, scope)
        case .list(let items):
            return compileList(items, at: e.range, scope)
        case .invalid:
            return .invalid
        }
    }

    private func literalInteger(_ n: Int) -> Compiled {
        Compiled(code: .integer { _ in n }, known: .integer(n), nonNegative: n >= 0)
    }

    // MARK: Names

    private func compileName(_ name: String, at range: SourceRange, _ scope: Scope) -> Compiled {
        usedNames.insert(name)
        if let variable = scope.variables[name] {
            switch variable {
            case .pile(let slot): return Compiled(code: .pile { f in f.pileSlots[slot] }, readsTable: true, directPile: .slot(slot))
            case .card(let slot): return Compiled(code: .card { f in f.cardSlots[slot] }, readsTable: true, directCard: .slot(slot))
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
            let value = option.value
            switch option.type {
            case .boolean: return Compiled(code: .boolean { _ in value != 0 })
            default: return Compiled(code: .integer { _ in value })
            }
        }
        if !scope.context.readsTable, zones[name] != nil || definitions[name] != nil {
            report(.nameUnavailableHere, "\(Spelling.quoted(name)) depends on the table, but only options and literals can be used here",
                   at: range)
            return .invalid
        }
        if let zone = zones[name] {
            return Compiled(code: .zone(zone.index), readsTable: true)
        }
        if definitions[name] != nil {
            return compileDefinition(name, at: range)
        }
        if let relation = relations[name] {
            return Compiled(code: .relation(relation))
        }
        var suggestion: String?
        if spellingComparisonsLeft > 0 {
            var candidates = Set(options.keys).union(zones.keys).union(definitions.keys).union(relations.keys)
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
        case "index": return "'index' is the pile's position, available in a deal's card count"
        default: return "'card' is available in a deal's 'where' filter"
        }
    }

    private func contextName(_ name: String, at range: SourceRange, _ scope: Scope) -> Compiled {
        switch name {
        case "pile":
            if scope.context == .lift { return Compiled(code: .pile { f in f.source }, readsTable: true, directPile: .source) }
            return Compiled(code: .pile { f in f.destination }, readsTable: true, directPile: .destination)
        case "source":
            return Compiled(code: .pile { f in f.source }, readsTable: true, directPile: .source)
        case "run":
            return Compiled(code: .cards { f in f.run }, readsTable: true, isRun: true)
        case "top":
            let empty = fault(.readMissingCard, "'top' was read, but the destination is empty", at: range)
            return Compiled(code: .card { f throws(EvaluationFault) in
                guard let top = f.piles[f.destination].cards.last else { throw empty }
                return top
            }, readsTable: true, directCard: .top(.destination, empty))
        case "index":
            return Compiled(code: .integer { f in f.destination }, nonNegative: true)
        default:
            return Compiled(code: .card { f in f.cardSlots[0] })
        }
    }

    private func compileDefinition(_ name: String, at range: SourceRange) -> Compiled {
        if let done = compiledDefinitions[name] { return done }
        if let cycleStart = definitionsInProgress.firstIndex(of: name) {
            let cycle = definitionsInProgress[cycleStart...] + [name]
            report(.cyclicDefinition, "\(Spelling.quoted(name)) is defined in terms of itself: \(cycle.joined(separator: " → "))", at: range,
                   help: "definitions cannot be recursive; write the value out")
            return .invalid
        }
        guard let declaration = definitions[name], case .definition(_, let value) = declaration.kind else { return .invalid }
        // Each definition compiled inside another recurses once more; a long chain would overflow the stack.
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
        let compiled = compile(value, Scope(.table))
        definitionsInProgress.removeLast()
        compiledDefinitions[name] = compiled
        return compiled
    }

    // MARK: Members

    private func compileMember(_ baseExpression: Expression, _ property: Identifier, _ scope: Scope) -> Compiled {
        let base = compile(baseExpression, scope)
        let name = property.name
        let range = property.range
        switch base.code {
        case .invalid:
            return .invalid
        case .card(let card):
            if let direct = base.directCard {
                switch name {
                case "rank": return Compiled(code: .integer { f throws(EvaluationFault) in try direct.read(&f).card.rank }, nonNegative: true, readsTable: true,
                                             directInt: .rank(direct))
                case "suit": return Compiled(code: .suit { f throws(EvaluationFault) in try direct.read(&f).card.suitIndex }, readsTable: true,
                                             directInt: .suit(direct))
                case "color", "colour": return Compiled(code: .color { f throws(EvaluationFault) in try direct.read(&f).card.color.rawValue }, readsTable: true,
                                                        directInt: .color(direct))
                case "faceup": return Compiled(code: .boolean { f throws(EvaluationFault) in try direct.read(&f).isFaceUp }, readsTable: true)
                default: break
                }
            }
            switch name {
            case "rank": return Compiled(code: .integer { f throws(EvaluationFault) in try card(&f).card.rank }, nonNegative: true, readsTable: base.readsTable)
            case "suit": return Compiled(code: .suit { f throws(EvaluationFault) in try card(&f).card.suitIndex }, readsTable: base.readsTable)
            case "color", "colour": return Compiled(code: .color { f throws(EvaluationFault) in try card(&f).card.color.rawValue }, readsTable: base.readsTable)
            case "faceup": return Compiled(code: .boolean { f throws(EvaluationFault) in try card(&f).isFaceUp }, readsTable: base.readsTable)
            default: return unknownProperty(name, of: .card, at: range, known: ["rank", "suit", "color", "faceup"])
            }
        case .cards(let slice):
            if base.isRun, let direct = runMember(name, fault: baseExpression.range) { return direct }
            return cardsMember(slice, name, at: range, fault: baseExpression.range)
        case .pile(let pile):
            if let direct = base.directPile, let member = directPileMember(direct, name, fault: baseExpression.range) { return member }
            return pileMember(pile, name, at: range, fault: baseExpression.range)
        case .zone(let index):
            guard let zone = zoneInfo(index) else { return .invalid }
            let piles = zone.piles
            switch name {
            case "piles":
                let n = piles.count
                return Compiled(code: .integer { _ in n }, known: .integer(n), nonNegative: true)
            case "size" where piles.count > 1:
                return Compiled(code: .integer { f in
                    var total = 0
                    for p in piles { total += f.piles[p].cards.count }
                    return total
                }, nonNegative: true, readsTable: true)
            case "empty":
                return Compiled(code: .boolean { f in piles.allSatisfy { f.piles[$0].cards.isEmpty } }, readsTable: true)
            default:
                if piles.count == 1 {
                    let only = piles.lowerBound
                    if let member = directPileMember(.constant(only), name, fault: baseExpression.range) { return member }
                    return pileMember({ _ in only }, name, at: range, fault: baseExpression.range)
                }
                return unknownProperty(name, of: .zone, at: range, known: ["piles", "size", "empty"],
                                       extraHelp: "zone \(Spelling.quoted(zone.name)) has \(piles.count) piles; name one, as in '\(zone.name)[1].\(name)'")
            }
        case .suit(let suit):
            if name == "color" || name == "colour" {
                return Compiled(code: .color { f throws(EvaluationFault) in Suit(rawValue: try suit(&f))?.color.rawValue ?? 0 })
            }
            return unknownProperty(name, of: .suit, at: range, known: ["color"])
        default:
            return unknownProperty(name, of: base.code.type, at: range, known: [])
        }
    }

    /// `run.size`, `run.first` and `run.last`, read straight from the frame.
    private func runMember(_ name: String, fault: SourceRange) -> Compiled? {
        switch name {
        case "size": return Compiled(code: .integer { f in f.runCount }, nonNegative: true, readsTable: true, directInt: .runSize)
        case "first", "last":
            let empty = self.fault(.readMissingCard, "the \(name) card of an empty run was read", at: fault)
            let direct: DirectCard = name == "first" ? .runFirst(empty) : .runLast(empty)
            return Compiled(code: .card { f throws(EvaluationFault) in try direct.read(&f) }, readsTable: true, directCard: direct)
        default: return nil
        }
    }

    /// `size`, `empty` and `top` of a pile the frame names directly.
    private func directPileMember(_ pile: DirectPile, _ name: String, fault: SourceRange) -> Compiled? {
        switch name {
        case "size", "count":
            return Compiled(code: .integer { f in f.piles[pile.read(&f)].cards.count }, nonNegative: true, readsTable: true,
                            directInt: .pileSize(pile))
        case "empty":
            let test = DirectTest.pileEmpty(pile, empty: true)
            return Compiled(code: .boolean(test.code), readsTable: true, directTest: test)
        case "top":
            let empty = self.fault(.readMissingCard, "the top card of an empty pile was read", at: fault)
            let direct = DirectCard.top(pile, empty)
            return Compiled(code: .card { f throws(EvaluationFault) in try direct.read(&f) }, readsTable: true, directCard: direct)
        default: return nil
        }
    }

    private func cardsMember(_ slice: @escaping SliceCode, _ name: String, at range: SourceRange, fault: SourceRange) -> Compiled {
        switch name {
        case "size": return Compiled(code: .integer { f throws(EvaluationFault) in try slice(&f).count }, nonNegative: true, readsTable: true)
        case "empty": return Compiled(code: .boolean { f throws(EvaluationFault) in try slice(&f).count == 0 }, readsTable: true)
        case "first", "last":
            let first = name == "first"
            let empty = self.fault(.readMissingCard, "the \(name) card of an empty run was read", at: fault)
            return Compiled(code: .card { f throws(EvaluationFault) in
                let s = try slice(&f)
                guard s.count > 0 else { throw empty }
                return f.card(in: s, at: first ? 0 : s.count - 1)
            }, readsTable: true)
        case "faceup":
            return Compiled(code: .boolean { f throws(EvaluationFault) in
                let s = try slice(&f)
                let cards = f.piles[s.pile].cards
                for i in s.start..<(s.start + s.count) where !cards[i].isFaceUp { return false }
                return true
            }, readsTable: true)
        default:
            return unknownProperty(name, of: .cards, at: range, known: ["size", "empty", "first", "last", "faceup"])
        }
    }

    private func pileMember(_ pile: @escaping PileCode, _ name: String, at range: SourceRange, fault: SourceRange) -> Compiled {
        switch name {
        case "size", "count":
            return Compiled(code: .integer { f throws(EvaluationFault) in try f.piles[pile(&f)].cards.count }, nonNegative: true, readsTable: true)
        case "empty":
            return Compiled(code: .boolean { f throws(EvaluationFault) in try f.piles[pile(&f)].cards.isEmpty }, readsTable: true)
        case "top", "bottom":
            let top = name == "top"
            let empty = self.fault(.readMissingCard, "the \(name) card of an empty pile was read", at: fault)
            return Compiled(code: .card { f throws(EvaluationFault) in
                let cards = try f.piles[pile(&f)].cards
                guard let card = top ? cards.last : cards.first else { throw empty }
                return card
            }, readsTable: true)
        case "cards":
            return Compiled(code: .cards { f throws(EvaluationFault) in
                let p = try pile(&f)
                return CardSlice(pile: p, start: 0, count: f.piles[p].cards.count)
            }, readsTable: true)
        case "index":
            let starts = zoneStartOfPile
            return Compiled(code: .integer { f throws(EvaluationFault) in
                let p = try pile(&f)
                return p - starts[p] + 1
            }, nonNegative: true, readsTable: true)
        case "facedown":
            return Compiled(code: .integer { f throws(EvaluationFault) in
                let cards = try f.piles[pile(&f)].cards
                var n = 0
                for c in cards where !c.isFaceUp { n += 1 }
                return n
            }, nonNegative: true, readsTable: true)
        default:
            return unknownProperty(name, of: .pile, at: range, known: ["size", "empty", "top", "bottom", "cards", "index", "facedown"])
        }
    }

    private func unknownProperty(_ name: String, of type: ValueType, at range: SourceRange, known: [String], extraHelp: String? = nil) -> Compiled {
        var help = Spelling.closest(to: name, among: known).map { "did you mean \(Spelling.quoted($0))?" }
        if help == nil, name == "colour", known.contains("color") { help = "did you mean 'color'?" }
        if help == nil { help = extraHelp ?? (known.isEmpty ? nil : "\(type.withArticle) has: \(known.joined(separator: ", "))") }
        report(.unknownProperty, "\(Spelling.quoted(name)) is not a property of \(type.withArticle)", at: range, help: help)
        return .invalid
    }
}
