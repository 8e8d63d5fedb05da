/// Compiles the per-zone rules and the actions of a game.
struct RuleCompilation {
    let compiler: ExpressionCompiler
    let zones: ZoneTable
    let cost: CostModel

    private func zone(named name: Identifier, file: String, diagnostics: inout [Diagnostic]) -> ZoneInfo? {
        if let zone = zones.byName[name.name] { return zone }
        let help = compiler.closestName(to: name.name, among: zones.byName.keys).map { "did you mean \(Spelling.quoted($0))?" }
            ?? (name.name.count < Spelling.longestQuote ? "declare it with 'zone \(name.name) 1'" : "declare it with a 'zone' line")
        diagnostics.append(Diagnostic(.unknownZone, "there is no zone \(Spelling.quoted(name.name))", at: name.range, help: help, file: file))
        return nil
    }

    /// Compiles `lift` or `accept` rules into a table indexed by zone.
    func zoneRules(_ declarations: [Declaration], refusal: DiagnosticCode, checkingReferences diagnostics: inout [Diagnostic]) -> [RuleProgram?] {
        var programs = [RuleProgram?](repeating: nil, count: zones.ordered.count)
        for declaration in declarations {
            let zoneName: Identifier, body: [Statement], context: RuleContext
            switch declaration.kind {
            case .lift(let z, let b): (zoneName, body, context) = (z, b, .lift)
            case .accept(let z, let b): (zoneName, body, context) = (z, b, .accept)
            default: continue
            }
            compiler.currentFile = declaration.file
            let operations = compiler.compileBody(body, Scope(context), kind: .rule(refusalCode: refusal), file: declaration.file)
            guard let zone = zone(named: zoneName, file: declaration.file, diagnostics: &diagnostics) else { continue }
            programs[zone.index] = RuleProgram(operations: operations, file: declaration.file, range: declaration.range,
                                               bound: cost.steps(body))
        }
        return programs
    }

    func capacities(_ declarations: [Declaration], checkingReferences diagnostics: inout [Diagnostic]) -> [CapacityProgram?] {
        var result = [CapacityProgram?](repeating: nil, count: zones.ordered.count)
        for declaration in declarations {
            guard case .capacity(let zoneName, let value) = declaration.kind else { continue }
            compiler.currentFile = declaration.file
            let compiled = compiler.integer(value, Scope(.accept))
            guard let zone = zone(named: zoneName, file: declaration.file, diagnostics: &diagnostics), let (code, info) = compiled else { continue }
            if case .integer(let n)? = info.known, n < 1 {
                diagnostics.append(Diagnostic(.alwaysFalse, "a capacity below 1 refuses every move to zone \(Spelling.quoted(zone.name))", at: value.range,
                                              file: declaration.file))
            }
            result[zone.index] = CapacityProgram(code: code, file: declaration.file, range: declaration.range, bound: cost.steps(value))
        }
        return result
    }

    func actions(_ declarations: [Declaration], checkingReferences diagnostics: inout [Diagnostic]) -> [ActionProgram] {
        var programs: [ActionProgram] = []
        for declaration in declarations {
            guard case .action(let name, let pileName, let guardExpression, let limitExpression, let body) = declaration.kind else { continue }
            let scope = Scope(.action)
            compiler.currentFile = declaration.file
            var guardCode: BoolCode?
            if let guardExpression, let (code, info) = compiler.boolean(guardExpression, scope) {
                compiler.lintCondition(info, at: guardExpression.range, refuses: true)
                guardCode = code
            }
            var limitCode: IntCode?
            if let limitExpression, let (code, _) = compiler.integer(limitExpression, scope) { limitCode = code }
            let operations = compiler.compileBody(body, scope, kind: .action, file: declaration.file)
            guard let zone = zone(named: pileName, file: declaration.file, diagnostics: &diagnostics) else { continue }
            let bound = [guardExpression, limitExpression].compactMap { $0 }.reduce(cost.steps(body)) { Saturating.add($0, cost.steps($1)) }
            programs.append(ActionProgram(name: name.name, zone: zone.piles, guardCondition: guardCode, limit: limitCode,
                                          body: operations, file: declaration.file, range: declaration.range, bound: bound))
        }
        return programs
    }
}

/// Works out, for one set of option values, how many cards each deal line gives each pile,
/// and checks that the deal uses exactly the cards of the declared decks.
struct DealPlanner {
    let compiler: ExpressionCompiler
    let settings: SettingsEvaluator
    let zones: ZoneTable
    let deck: [Card]?
    let cost: CostModel

    func plan(_ declarations: [Declaration], diagnostics: inout [Diagnostic]) -> [DealStep]? {
        var steps: [DealStep] = []
        var total = 0
        var rest: Declaration?
        var failed = false
        var picked = Set<Card>()
        for declaration in declarations {
            guard case .deal(let zoneName, let count, let filterExpression, let facing, let order, let arrangement) = declaration.kind else { continue }
            compiler.currentFile = declaration.file
            guard let zone = zones.byName[zoneName.name] else {
                let help = compiler.closestName(to: zoneName.name, among: zones.byName.keys).map { "did you mean \(Spelling.quoted($0))?" }
                diagnostics.append(Diagnostic(.unknownZone, "there is no zone \(Spelling.quoted(zoneName.name))", at: zoneName.range, help: help, file: declaration.file))
                failed = true
                continue
            }
            let afterEachCard = arrangement.afterEachCard
            let afterEach = afterEachCard.map { body in
                compiler.compileBody(body, Scope(.dealtCard), kind: .afterDealtCard, file: declaration.file)
            }
            var counts: [Int]?
            switch count {
            case .rest:
                if let filterExpression {
                    diagnostics.append(Diagnostic(.dealMismatch, "a 'rest' line takes every card left, so it cannot filter them",
                                                  at: filterExpression.range, help: "give the line a card count, or remove 'where'"))
                    failed = true
                }
                if let rest {
                    diagnostics.append(Diagnostic(.dealMismatch, "only one deal line can take the rest of the cards", at: declaration.range,
                                                  notes: [DiagnosticNote(message: "the first is here", range: rest.range)], file: declaration.file))
                    failed = true
                }
                rest = declaration
            case .count(let expression):
                guard let perPile = evaluatePerPile(expression, zone, declaration.file, &diagnostics) else { failed = true; continue }
                counts = perPile
                total += perPile.reduce(0, +)
            }
            var faceUp = Array(repeating: Int.max, count: zone.piles.count)
            switch facing {
            case .allUp: break
            case .allDown: faceUp = Array(repeating: 0, count: zone.piles.count)
            case .topUp(let expression):
                guard let perPile = evaluatePerPile(expression, zone, declaration.file, &diagnostics) else { failed = true; continue }
                faceUp = perPile
            }
            var filter: BoolCode?
            if let filterExpression {
                guard let (code, _) = compiler.boolean(filterExpression, Scope(.dealFilter)) else { failed = true; continue }
                filter = code
                if let deck, let counts {
                    let needed = counts.reduce(0, +)
                    let matching = deck.filter { !picked.contains($0) && settings.boolean(code, card: $0, file: declaration.file, into: &diagnostics) }
                    if matching.count < needed {
                        diagnostics.append(Diagnostic(.dealMismatch, "this deal needs \(needed) cards matching its filter, but the decks hold only \(matching.count)",
                                                      at: filterExpression.range, file: declaration.file))
                        failed = true
                    }
                    picked.formUnion(matching.prefix(needed))
                }
            }
            guard let placement = arrange(arrangement, count: count, &diagnostics) else { failed = true; continue }
            steps.append(DealStep(piles: zone.piles, counts: counts, faceUp: faceUp, order: order, filter: filter,
                                  splitBefore: placement.splitBefore, moving: placement.moving, movingTo: arrangement.movingTo,
                                  afterEachCard: afterEach, afterEachCardBound: afterEachCard.map { cost.steps($0) } ?? 0))
        }
        guard let deck, !failed else { return nil }
        if total > deck.count {
            diagnostics.append(Diagnostic(.dealMismatch, "the deal places \(total) cards, \(total - deck.count) more than the \(deck.count) the decks hold",
                                          at: declarations.first?.range ?? .fileStart, file: declarations.first?.file))
            return nil
        }
        if rest == nil && total < deck.count {
            let missing = deck.count - total
            diagnostics.append(Diagnostic(.dealMismatch, "the deal places \(total) of the \(deck.count) cards; \(missing) \(missing == 1 ? "is" : "are") never dealt",
                                          at: declarations.last?.range ?? .fileStart,
                                          help: "add a line such as 'deal stock rest face down'", file: declarations.last?.file))
            return nil
        }
        return steps
    }

    /// Compiles a deal line's `split before` and `moving … to` conditions, which read `card` as a `where` filter does.
    private func arrange(_ arrangement: DealArrangement, count: DealCount,
                         _ diagnostics: inout [Diagnostic]) -> (splitBefore: BoolCode?, moving: BoolCode?)? {
        var result: (splitBefore: BoolCode?, moving: BoolCode?) = (nil, nil)
        if let condition = arrangement.splitBefore {
            guard let (code, info) = compiler.boolean(condition, Scope(.dealFilter)) else { return nil }
            compiler.lintCondition(info, at: condition.range, refuses: false)
            guard case .rest = count else {
                diagnostics.append(Diagnostic(.dealMismatch, "'split before' decides how many cards each pile gets, so the line must deal the rest",
                                              at: condition.range, help: "write 'deal ZONE rest … by pile split before …'"))
                return nil
            }
            result.splitBefore = code
        }
        if let condition = arrangement.moving {
            guard let (code, info) = compiler.boolean(condition, Scope(.dealFilter)) else { return nil }
            compiler.lintCondition(info, at: condition.range, refuses: false)
            result.moving = code
        }
        return result
    }

    private func evaluatePerPile(_ expression: Expression, _ zone: ZoneInfo, _ file: String, _ diagnostics: inout [Diagnostic]) -> [Int]? {
        guard let (code, _) = compiler.integer(expression, Scope(.dealCount)) else { return nil }
        var result: [Int] = []
        for index in 1...zone.piles.count {
            guard let n = settings.integer(code, index: index, at: expression.range, file: file, into: &diagnostics) else { return nil }
            guard n >= 0 && n <= 1_000 else {
                diagnostics.append(Diagnostic(.dealMismatch, "pile \(index) of \(Spelling.quoted(zone.name)) would get \(n) cards", at: expression.range, file: file))
                return nil
            }
            result.append(n)
        }
        return result
    }
}
