extension ExpressionCompiler {
    /// Compiles `all`, `any`, `count`, `sum` and `first`. Each ranges over a zone's piles or a run's
    /// cards, both finite, and every step spends one unit of the frame's budget.
    func compileQuantifier(_ q: Quantifier, _ variable: Identifier, _ collectionExpression: Expression, _ bodyExpression: Expression,
                           at range: SourceRange, _ scope: Scope) -> Compiled {
        warnIfShadowing(variable, scope)
        let exhausted = fault(.evaluationBudgetExceeded, "the check took more steps than its bound", at: range)
        let collection = compile(collectionExpression, scope)
        switch collection.code {
        case .zone(let z):
            guard let zone = zoneInfo(z) else { return .invalid }
            let slot = allocatePileSlot(for: variable)
            let inner = scope.binding(variable.name, to: .pile(slot: slot))
            return quantify(q, body: bodyExpression, scope: inner, at: range, elements: .pile,
                            overZone: ZoneLoop(piles: zone.piles, slot: slot, exhausted: exhausted)) { f, visit throws(EvaluationFault) in
                for p in zone.piles {
                    try Self.spend(&f, exhausted)
                    f.pileSlots[slot] = p
                    if try !visit(&f, p) { return }
                }
            } element: { f in f.pileSlots[slot] }
        case .cards, .pile:
            guard let slice = cards(collection, at: collectionExpression.range) else { return .invalid }
            let slot = allocateCardSlot(for: variable)
            let inner = scope.binding(variable.name, to: .card(slot: slot))
            return quantify(q, body: bodyExpression, scope: inner, at: range, elements: .card) { f, visit throws(EvaluationFault) in
                let s = try slice(&f)
                for i in 0..<s.count {
                    try Self.spend(&f, exhausted)
                    f.cardSlots[slot] = f.card(in: s, at: i)
                    if try !visit(&f, i) { return }
                }
            } element: { _ in slot }
        case .invalid:
            return .invalid
        default:
            report(.typeMismatch, "\(Spelling.quoted(q.rawValue)) ranges over a zone or a run of cards, not \(collection.code.type.withArticle)",
                   at: collectionExpression.range)
            return .invalid
        }
    }

    private enum ElementKind { case pile, card }

    /// A quantifier over the piles of a zone, which `all`, `any` and `count` loop over in place.
    private struct ZoneLoop {
        var piles: Range<Int>
        var slot: Int
        var exhausted: EvaluationFault
    }

    @inline(__always)
    static func spend(_ f: inout Frame, _ exhausted: EvaluationFault) throws(EvaluationFault) {
        f.budget -= 1
        if f.budget < 0 { throw exhausted }
    }

    func warnIfShadowing(_ variable: Identifier, _ scope: Scope) {
        let name = variable.name
        if zones[name] != nil || options[name] != nil || definitions[name] != nil || scope.variables[name] != nil
            || scope.context.contextNames.contains(name) {
            report(.shadowedName, "\(Spelling.quoted(name)) hides another name of the same spelling inside this expression", at: variable.range,
                   help: "choose another variable name")
        }
    }

    /// Gives a pile variable its own frame slot, reporting the variable that passes the limit.
    func allocatePileSlot(for variable: Identifier) -> Int {
        defer { pileSlotCount += 1 }
        if pileSlotCount == PileSlots.capacity { reportTooManyVariables(at: variable) }
        return pileSlotCount
    }

    private func allocateCardSlot(for variable: Identifier) -> Int {
        defer { cardSlotCount += 1 }
        if cardSlotCount == CardSlots.capacity { reportTooManyVariables(at: variable) }
        return cardSlotCount
    }

    private func reportTooManyVariables(at variable: Identifier) {
        report(.tooManyVariables, "the rules bind more than \(PileSlots.capacity) variables of one kind; \(Spelling.quoted(variable.name)) is one too many",
               at: variable.range, help: "share a quantifier through a 'let' definition instead of repeating it")
    }

    /// Builds the quantifier from an iteration that calls `visit` per element until it returns false.
    private func quantify(
        _ q: Quantifier, body bodyExpression: Expression, scope: Scope, at range: SourceRange, elements: ElementKind,
        overZone: ZoneLoop? = nil,
        iterate: @escaping @Sendable (inout Frame, (inout Frame, Int) throws(EvaluationFault) -> Bool) throws(EvaluationFault) -> Void,
        element: @escaping @Sendable (Frame) -> Int
    ) -> Compiled {
        switch q {
        case .all, .any, .count, .first:
            guard let (body, info) = boolean(bodyExpression, scope) else { return .invalid }
            if let loop = overZone, q != .first {
                if let test = info.directTest,
                   let direct = ZoneTestLoop.compile(q, piles: loop.piles, slot: loop.slot, exhausted: loop.exhausted, body: test) {
                    return direct
                }
                return Self.zoneQuantifier(q, loop, body: body)
            }
            switch q {
            case .all:
                return Compiled(code: .boolean { f throws(EvaluationFault) in
                    var result = true
                    try iterate(&f) { f, _ throws(EvaluationFault) in
                        if try !body(&f) { result = false }
                        return result
                    }
                    return result
                }, readsTable: true)
            case .any:
                return Compiled(code: .boolean { f throws(EvaluationFault) in
                    var result = false
                    try iterate(&f) { f, _ throws(EvaluationFault) in
                        if try body(&f) { result = true }
                        return !result
                    }
                    return result
                }, readsTable: true)
            case .count:
                return Compiled(code: .integer { f throws(EvaluationFault) in
                    var n = 0
                    try iterate(&f) { f, _ throws(EvaluationFault) in
                        if try body(&f) { n += 1 }
                        return true
                    }
                    return n
                }, nonNegative: true, readsTable: true)
            default:
                return compileFirst(body: body, at: range, elements: elements, iterate: iterate, element: element)
            }
        case .sum:
            guard let (body, info) = integer(bodyExpression, scope) else { return .invalid }
            return Compiled(code: .integer { f throws(EvaluationFault) in
                var total = 0
                try iterate(&f) { f, _ throws(EvaluationFault) in
                    total = Saturating.add(total, try body(&f))
                    return true
                }
                return total
            }, nonNegative: info.nonNegative, readsTable: true)
        }
    }

    /// `all`, `any` and `count` over a zone's piles as one loop that calls the body directly,
    /// with the same steps, budget and variable binding as the general iteration.
    private static func zoneQuantifier(_ q: Quantifier, _ loop: ZoneLoop, body: @escaping BoolCode) -> Compiled {
        let piles = loop.piles, slot = loop.slot, exhausted = loop.exhausted
        switch q {
        case .all:
            return Compiled(code: .boolean { f throws(EvaluationFault) in
                for p in piles {
                    try spend(&f, exhausted)
                    f.pileSlots[slot] = p
                    if try !body(&f) { return false }
                }
                return true
            }, readsTable: true)
        case .any:
            return Compiled(code: .boolean { f throws(EvaluationFault) in
                for p in piles {
                    try spend(&f, exhausted)
                    f.pileSlots[slot] = p
                    if try body(&f) { return true }
                }
                return false
            }, readsTable: true)
        default:
            return Compiled(code: .integer { f throws(EvaluationFault) in
                var n = 0
                for p in piles {
                    try spend(&f, exhausted)
                    f.pileSlots[slot] = p
                    if try body(&f) { n += 1 }
                }
                return n
            }, nonNegative: true, readsTable: true)
        }
    }

    private func compileFirst(body: @escaping BoolCode, at range: SourceRange, elements: ElementKind,
                              iterate: @escaping @Sendable (inout Frame, (inout Frame, Int) throws(EvaluationFault) -> Bool) throws(EvaluationFault) -> Void,
                              element: @escaping @Sendable (Frame) -> Int) -> Compiled {
        let missing = fault(.readMissingCard, "'first' found nothing that matched", at: range)
        let search: @Sendable (inout Frame) throws(EvaluationFault) -> Void = { f throws(EvaluationFault) in
            var found = false
            try iterate(&f) { f, _ throws(EvaluationFault) in
                found = try body(&f)
                return !found
            }
            if !found { throw missing }
        }
        // Iteration stops on the match, so the variable's slot still holds it.
        switch elements {
        case .pile:
            return Compiled(code: .pile { f throws(EvaluationFault) in
                try search(&f)
                return element(f)
            }, readsTable: true)
        case .card:
            return Compiled(code: .card { f throws(EvaluationFault) in
                try search(&f)
                return f.cardSlots[element(f)]
            }, readsTable: true)
        }
    }
}
