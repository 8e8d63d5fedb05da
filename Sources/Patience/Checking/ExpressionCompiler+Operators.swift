extension ExpressionCompiler {
    func compileSubscript(_ baseExpression: Expression, _ indexExpression: Expression, at range: SourceRange, _ scope: Scope) -> Compiled {
        let base = compile(baseExpression, scope)
        guard let (index, indexInfo) = integer(indexExpression, scope) else { return .invalid }
        switch base.code {
        case .zone(let z):
            guard let zone = zoneInfo(z) else { return .invalid }
            let piles = zone.piles
            if case .integer(let n)? = indexInfo.known, !(1...piles.count).contains(n) {
                report(.indexOutOfRange, "zone \(Spelling.quoted(zone.name)) has piles 1 to \(piles.count), not \(n)", at: indexExpression.range)
                return .invalid
            }
            let outside = fault(.readMissingCard, "a pile number outside 1 to \(piles.count) of \(Spelling.quoted(zone.name)) was read", at: range)
            return Compiled(code: .pile { f throws(EvaluationFault) in
                let i = try index(&f)
                guard i >= 1 && i <= piles.count else { throw outside }
                return piles.lowerBound + i - 1
            }, readsTable: true)
        case .cards, .pile:
            guard let slice = cards(base, at: baseExpression.range) else { return .invalid }
            let outside = fault(.readMissingCard, "a card number outside the run was read", at: range)
            return Compiled(code: .card { f throws(EvaluationFault) in
                let s = try slice(&f)
                let i = try index(&f)
                guard i >= 1 && i <= s.count else { throw outside }
                return f.card(in: s, at: i - 1)
            }, readsTable: true)
        case .invalid:
            return .invalid
        default:
            report(.invalidOperands, "\(base.code.type.withArticle) cannot be indexed; only zones and runs can", at: baseExpression.range)
            return .invalid
        }
    }

    func compileCall(_ function: Identifier, _ arguments: [Expression], at range: SourceRange, _ scope: Scope) -> Compiled {
        let arity: [String: Int] = ["builds": 3, "sequence": 2, "segments": 2, "min": 2, "max": 2, "top": 2]
        guard let expected = arity[function.name] else {
            report(.unknownFunction, "there is no function \(Spelling.quoted(function.name))", at: function.range,
                   help: Spelling.closest(to: function.name, among: arity.keys).map { "did you mean \(Spelling.quoted($0))?" }
                       ?? "the functions are builds, sequence, segments, min, max and top")
            return .invalid
        }
        guard arguments.count == expected else {
            report(.wrongArgumentCount, "\(Spelling.quoted(function.name)) takes \(expected) arguments, not \(arguments.count)", at: range)
            return .invalid
        }
        let compiled = arguments.map { compile($0, scope) }
        if compiled.contains(where: { $0.code.type == .invalid }) { return .invalid }
        let reads = compiled.contains { $0.readsTable }
        switch function.name {
        case "builds":
            guard case .card(let lower) = compiled[0].code else { return argumentMismatch(.card, compiled[0], arguments[0]) }
            guard case .card(let upper) = compiled[1].code else { return argumentMismatch(.card, compiled[1], arguments[1]) }
            guard case .relation(let relation) = compiled[2].code else { return argumentMismatch(.relation, compiled[2], arguments[2]) }
            if case .top(.destination, let empty)? = compiled[0].directCard, case .runFirst(let noRun)? = compiled[1].directCard {
                // `builds(top, run.first, r)`, the commonest accept clause, read in one place.
                let test = DirectTest.buildsOnTop(relation, empty: empty, noRun: noRun)
                return Compiled(code: .boolean(test.code), readsTable: reads, directTest: test)
            }
            if let l = compiled[0].directCard, let u = compiled[1].directCard {
                return Compiled(code: .boolean { f throws(EvaluationFault) in
                    relation.builds(try l.read(&f).card, try u.read(&f).card)
                }, readsTable: reads)
            }
            return Compiled(code: .boolean { f throws(EvaluationFault) in
                relation.builds(try lower(&f).card, try upper(&f).card)
            }, readsTable: reads)
        case "sequence":
            guard let slice = cards(compiled[0], at: arguments[0].range) else { return .invalid }
            guard case .relation(let relation) = compiled[1].code else { return argumentMismatch(.relation, compiled[1], arguments[1]) }
            if compiled[0].isRun {
                let test = DirectTest.runSequence(relation)
                return Compiled(code: .boolean(test.code), readsTable: reads, directTest: test)
            }
            return Compiled(code: .boolean { f throws(EvaluationFault) in
                let s = try slice(&f)
                guard s.count > 1 else { return true }
                let cards = f.piles[s.pile].cards
                var i = s.start + 1
                let end = s.start + s.count
                while i < end {
                    if !relation.builds(cards[i - 1].card, cards[i].card) { return false }
                    i += 1
                }
                return true
            }, readsTable: reads)
        case "segments":
            // How many pieces the cards fall into when cut wherever a card does not follow the
            // relation on the card below it: 1 for a sequence, 0 for no cards.
            guard let slice = cards(compiled[0], at: arguments[0].range) else { return .invalid }
            guard case .relation(let relation) = compiled[1].code else { return argumentMismatch(.relation, compiled[1], arguments[1]) }
            return Compiled(code: .integer { f throws(EvaluationFault) in
                let s = try slice(&f)
                guard s.count > 0 else { return 0 }
                let cards = f.piles[s.pile].cards
                var pieces = 1
                var i = s.start + 1
                let end = s.start + s.count
                while i < end {
                    if !relation.builds(cards[i - 1].card, cards[i].card) { pieces += 1 }
                    i += 1
                }
                return pieces
            }, nonNegative: true, readsTable: reads)
        case "min", "max":
            guard case .integer(let a) = compiled[0].code else { return argumentMismatch(.integer, compiled[0], arguments[0]) }
            guard case .integer(let b) = compiled[1].code else { return argumentMismatch(.integer, compiled[1], arguments[1]) }
            let isMin = function.name == "min"
            var known: KnownValue?
            if case .integer(let x)? = compiled[0].known, case .integer(let y)? = compiled[1].known {
                known = .integer(isMin ? min(x, y) : max(x, y))
            }
            let nonNegative = isMin ? compiled[0].nonNegative && compiled[1].nonNegative : compiled[0].nonNegative || compiled[1].nonNegative
            return Compiled(code: .integer { f throws(EvaluationFault) in
                let x = try a(&f), y = try b(&f)
                return isMin ? Swift.min(x, y) : Swift.max(x, y)
            }, known: known, nonNegative: nonNegative, readsTable: reads)
        default:
            guard let pile = pileCode(compiled[0], at: arguments[0].range) else { return .invalid }
            guard case .integer(let n) = compiled[1].code else { return argumentMismatch(.integer, compiled[1], arguments[1]) }
            return Compiled(code: .cards { f throws(EvaluationFault) in
                let p = try pile(&f)
                let size = f.piles[p].cards.count
                let take = Swift.max(0, Swift.min(try n(&f), size))
                return CardSlice(pile: p, start: size - take, count: take)
            }, readsTable: true)
        }
    }

    private func argumentMismatch(_ expected: ValueType, _ found: Compiled, _ argument: Expression) -> Compiled {
        mismatch(expected: expected, found: found.code.type, at: argument.range)
        return .invalid
    }

    func compileUnary(_ op: UnaryOperator, _ operand: Expression, _ scope: Scope) -> Compiled {
        switch op {
        case .not:
            guard let (value, info) = boolean(operand, scope) else { return .invalid }
            var known: KnownValue?
            if case .boolean(let b)? = info.known { known = .boolean(!b) }
            if let test = info.directTest?.negated {
                return Compiled(code: .boolean(test.code), known: known, readsTable: info.readsTable, directTest: test)
            }
            return Compiled(code: .boolean { f throws(EvaluationFault) in try !value(&f) }, known: known, readsTable: info.readsTable)
        case .negate:
            guard let (value, info) = integer(operand, scope) else { return .invalid }
            var known: KnownValue?
            if case .integer(let n)? = info.known { known = .integer(Saturating.subtract(0, n)) }
            return Compiled(code: .integer { f throws(EvaluationFault) in Saturating.subtract(0, try value(&f)) }, known: known, readsTable: info.readsTable)
        }
    }

    func compileBinary(_ op: BinaryOperator, _ leftExpression: Expression, _ rightExpression: Expression, at range: SourceRange, _ scope: Scope) -> Compiled {
        switch op {
        case .and, .or:
            let left = boolean(leftExpression, scope)
            let right = boolean(rightExpression, scope)
            guard let (l, li) = left, let (r, ri) = right else { return .invalid }
            var known: KnownValue?
            if case .boolean(let a)? = li.known, case .boolean(let b)? = ri.known { known = .boolean(op == .and ? a && b : a || b) }
            if op == .and, li.known == .boolean(false) || ri.known == .boolean(false) { known = .boolean(false) }
            if op == .or, li.known == .boolean(true) || ri.known == .boolean(true) { known = .boolean(true) }
            let reads = li.readsTable || ri.readsTable
            if known == nil, let a = li.directTest, let b = ri.directTest {
                let test: DirectTest = op == .and ? .both(a, b) : .either(a, b)
                return Compiled(code: .boolean(test.code), readsTable: reads, directTest: test)
            }
            if op == .and {
                return Compiled(code: .boolean { f throws(EvaluationFault) in
                    guard try l(&f) else { return false }
                    return try r(&f)
                }, known: known, readsTable: reads)
            }
            return Compiled(code: .boolean { f throws(EvaluationFault) in
                if try l(&f) { return true }
                return try r(&f)
            }, known: known, readsTable: reads)
        case .equal, .notEqual:
            return compileEquality(op, leftExpression, rightExpression, scope)
        case .less, .lessEqual, .greater, .greaterEqual:
            let left = integer(leftExpression, scope)
            let right = integer(rightExpression, scope)
            guard let (l, li) = left, let (r, ri) = right else { return .invalid }
            let compare: (Int, Int) -> Bool
            switch op {
            case .less: compare = (<)
            case .lessEqual: compare = (<=)
            case .greater: compare = (>)
            default: compare = (>=)
            }
            var known: KnownValue?
            if case .integer(let a)? = li.known, case .integer(let b)? = ri.known { known = .boolean(compare(a, b)) }
            // A size or count is never negative, so comparing one with zero or less can be decided now.
            if li.nonNegative, case .integer(let b)? = ri.known, b <= 0 {
                if op == .less { known = .boolean(false) }
                if op == .greaterEqual { known = .boolean(true) }
            }
            if ri.nonNegative, case .integer(let a)? = li.known, a <= 0 {
                if op == .greater { known = .boolean(false) }
                if op == .lessEqual { known = .boolean(true) }
            }
            let reads = li.readsTable || ri.readsTable
            if case .integer(let k)? = ri.known, known == nil {
                if let value = li.directInt {
                    let comparison: Comparison = op == .less ? .less : op == .lessEqual ? .lessEqual : op == .greater ? .greater : .greaterEqual
                    let test = DirectTest.compare(value, comparison, k)
                    return Compiled(code: .boolean(test.code), readsTable: reads, directTest: test)
                }
                switch op {
                case .less: return Compiled(code: .boolean { f throws(EvaluationFault) in try l(&f) < k }, readsTable: reads)
                case .lessEqual: return Compiled(code: .boolean { f throws(EvaluationFault) in try l(&f) <= k }, readsTable: reads)
                case .greater: return Compiled(code: .boolean { f throws(EvaluationFault) in try l(&f) > k }, readsTable: reads)
                default: return Compiled(code: .boolean { f throws(EvaluationFault) in try l(&f) >= k }, readsTable: reads)
                }
            }
            switch op {
            case .less: return Compiled(code: .boolean { f throws(EvaluationFault) in try l(&f) < r(&f) }, known: known, readsTable: reads)
            case .lessEqual: return Compiled(code: .boolean { f throws(EvaluationFault) in try l(&f) <= r(&f) }, known: known, readsTable: reads)
            case .greater: return Compiled(code: .boolean { f throws(EvaluationFault) in try l(&f) > r(&f) }, known: known, readsTable: reads)
            default: return Compiled(code: .boolean { f throws(EvaluationFault) in try l(&f) >= r(&f) }, known: known, readsTable: reads)
            }
        default:
            return compileArithmetic(op, leftExpression, rightExpression, at: range, scope)
        }
    }

    /// `+`, `-`, `*` and `^`, which cannot fault, as one closure each that calls its operands
    /// directly and reads a constant operand (`free + 1`, `2 ^ n`) from its context.
    private static func arithmetic(_ op: BinaryOperator, _ l: @escaping IntCode, _ lk: KnownValue?,
                                   _ r: @escaping IntCode, _ rk: KnownValue?) -> IntCode? {
        let leftConstant: Int?, rightConstant: Int?
        if case .integer(let k)? = lk { leftConstant = k } else { leftConstant = nil }
        if case .integer(let k)? = rk { rightConstant = k } else { rightConstant = nil }
        switch (op, leftConstant, rightConstant) {
        case (.add, _, let k?): return { f throws(EvaluationFault) in Saturating.add(try l(&f), k) }
        case (.add, _, _): return { f throws(EvaluationFault) in Saturating.add(try l(&f), try r(&f)) }
        case (.subtract, _, let k?): return { f throws(EvaluationFault) in Saturating.subtract(try l(&f), k) }
        case (.subtract, _, _): return { f throws(EvaluationFault) in Saturating.subtract(try l(&f), try r(&f)) }
        case (.multiply, _, let k?): return { f throws(EvaluationFault) in Saturating.multiply(try l(&f), k) }
        case (.multiply, _, _): return { f throws(EvaluationFault) in Saturating.multiply(try l(&f), try r(&f)) }
        case (.power, 2?, _):
            // `2 ^ n`, as in FreeCell's capacity: a shift, saturating as `Saturating.power` does.
            return { f throws(EvaluationFault) in
                let n = try r(&f)
                return n < 0 ? 0 : n >= Int.bitWidth - 1 ? Int.max : 1 << n
            }
        case (.power, let k?, _): return { f throws(EvaluationFault) in Saturating.power(k, try r(&f)) }
        case (.power, _, _): return { f throws(EvaluationFault) in Saturating.power(try l(&f), try r(&f)) }
        default: return nil
        }
    }

    private func compileEquality(_ op: BinaryOperator, _ leftExpression: Expression, _ rightExpression: Expression, _ scope: Scope) -> Compiled {
        let left = compile(leftExpression, scope)
        let right = compile(rightExpression, scope)
        let negate = op == .notEqual
        let reads = left.readsTable || right.readsTable
        var known: KnownValue?
        if let a = left.known, let b = right.known { known = .boolean((a == b) != negate) }
        func intLike(_ c: Code) -> IntCode? {
            switch c {
            case .integer(let x), .suit(let x), .color(let x): return x
            default: return nil
            }
        }
        switch (left.code, right.code) {
        case (.invalid, _), (_, .invalid):
            return .invalid
        case (.integer, .integer), (.suit, .suit), (.color, .color):
            guard let l = intLike(left.code), let r = intLike(right.code) else { return .invalid }
            // Comparing with a constant, the commonest case (`run.size == 1`), calls one closure, not two.
            if case .integer(let k)? = right.known, known == nil {
                if let value = left.directInt {
                    let test = DirectTest.compare(value, negate ? .notEqual : .equal, k)
                    return Compiled(code: .boolean(test.code), readsTable: reads, directTest: test)
                }
                return Compiled(code: .boolean { f throws(EvaluationFault) in (try l(&f) == k) != negate }, readsTable: reads)
            }
            return Compiled(code: .boolean { f throws(EvaluationFault) in try (l(&f) == r(&f)) != negate }, known: known, readsTable: reads)
        case (.boolean(let l), .boolean(let r)):
            return Compiled(code: .boolean { f throws(EvaluationFault) in try (l(&f) == r(&f)) != negate }, known: known, readsTable: reads)
        case (.card(let l), .card(let r)):
            // Cards compare by value (rank and suit), not identity, so `top == KS` works in any deck.
            return Compiled(code: .boolean { f throws(EvaluationFault) in
                try (l(&f).card.rawValue % 52 == r(&f).card.rawValue % 52) != negate
            }, readsTable: reads)
        case (.pile, .pile), (.pile, .zone), (.zone, .pile), (.zone, .zone):
            guard let l = pileCode(left, at: leftExpression.range), let r = pileCode(right, at: rightExpression.range) else { return .invalid }
            if known == nil, let a = left.directPile, let b = right.directPile {
                let test = DirectTest.samePile(a, b, same: !negate)
                return Compiled(code: .boolean(test.code), readsTable: reads, directTest: test)
            }
            return Compiled(code: .boolean { f throws(EvaluationFault) in try (l(&f) == r(&f)) != negate }, readsTable: reads)
        default:
            let help = left.code.type == .card || right.code.type == .card ? "compare a property such as '.rank' or '.suit'" : nil
            report(.invalidOperands, "cannot compare \(left.code.type.withArticle) with \(right.code.type.withArticle)",
                   at: leftExpression.range.union(rightExpression.range), help: help)
            return .invalid
        }
    }

    private func compileArithmetic(_ op: BinaryOperator, _ leftExpression: Expression, _ rightExpression: Expression, at range: SourceRange, _ scope: Scope) -> Compiled {
        let left = integer(leftExpression, scope)
        let right = integer(rightExpression, scope)
        guard let (l, li) = left, let (r, ri) = right else { return .invalid }
        let reads = li.readsTable || ri.readsTable
        let apply: @Sendable (Int, Int) -> Int?
        switch op {
        case .add: apply = Saturating.add
        case .subtract: apply = Saturating.subtract
        case .multiply: apply = Saturating.multiply
        case .power: apply = Saturating.power
        case .divide: apply = { $1 == 0 ? nil : ($0 == Int.min && $1 == -1 ? Int.max : $0 / $1) }
        default: apply = { $1 == 0 ? nil : ($1 == -1 ? 0 : $0 % $1) }
        }
        var known: KnownValue?
        if case .integer(let a)? = li.known, case .integer(let b)? = ri.known {
            if let value = apply(a, b) {
                known = .integer(value)
            } else {
                report(.divisionByZero, "this divides by zero", at: range)
                return .invalid
            }
        }
        let nonNegative = li.nonNegative && ri.nonNegative && op != .subtract
        if let code = Self.arithmetic(op, l, li.known, r, ri.known) {
            return Compiled(code: .integer(code), known: known, nonNegative: nonNegative, readsTable: reads)
        }
        let zero = fault(.divisionByZero, "a rule divided by zero", at: range)
        let code: IntCode = { f throws(EvaluationFault) in
            guard let value = apply(try l(&f), try r(&f)) else { throw zero }
            return value
        }
        return Compiled(code: .integer(code), known: known, nonNegative: nonNegative, readsTable: reads)
    }

    func compileConditional(_ conditionExpression: Expression, _ thenExpression: Expression, _ elseExpression: Expression, at range: SourceRange, _ scope: Scope) -> Compiled {
        let condition = boolean(conditionExpression, scope)
        let then = compile(thenExpression, scope)
        let otherwise = compile(elseExpression, scope)
        guard let (c, ci) = condition else { return .invalid }
        let reads = ci.readsTable || then.readsTable || otherwise.readsTable
        // A constant condition picks a branch now, but both branches must still agree in type.
        if case .boolean(let b)? = ci.known, then.code.type == otherwise.code.type
            || then.code.type == .invalid || otherwise.code.type == .invalid {
            return b ? then : otherwise
        }
        switch (then.code, otherwise.code) {
        case (.invalid, _), (_, .invalid): return .invalid
        case (.integer(let a), .integer(let b)):
            return Compiled(code: .integer { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) },
                            nonNegative: then.nonNegative && otherwise.nonNegative, readsTable: reads)
        case (.boolean(let a), .boolean(let b)):
            return Compiled(code: .boolean { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }, readsTable: reads)
        case (.suit(let a), .suit(let b)):
            return Compiled(code: .suit { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }, readsTable: reads)
        case (.color(let a), .color(let b)):
            return Compiled(code: .color { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }, readsTable: reads)
        case (.card(let a), .card(let b)):
            return Compiled(code: .card { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }, readsTable: reads)
        case (.pile(let a), .pile(let b)):
            return Compiled(code: .pile { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }, readsTable: reads)
        case (.pile, .zone), (.zone, .pile), (.zone, .zone):
            // A one-pile zone stands for its pile, so either branch may name one.
            guard let a = pileCode(then, at: thenExpression.range), let b = pileCode(otherwise, at: elseExpression.range) else { return .invalid }
            return Compiled(code: .pile { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }, readsTable: reads)
        case (.suitList(let a), .suitList(let b)):
            return Compiled(code: .suitList { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }, readsTable: reads)
        default:
            let message = then.code.type == otherwise.code.type
                ? "a conditional cannot choose between values of type \(then.code.type.rawValue)"
                : "both branches must have the same type, but one is \(then.code.type.withArticle) and the other \(otherwise.code.type.withArticle)"
            report(.typeMismatch, message, at: range)
            return .invalid
        }
    }

    func compileList(_ items: [Expression], at range: SourceRange, _ scope: Scope) -> Compiled {
        var suits: [Suit] = []
        for item in items {
            guard case .suit(let suit) = item.kind else {
                let found = compile(item, scope)
                mismatch(expected: .suit, found: found.code.type, at: item.range)
                if found.code.type == .invalid || found.code.type == .suit {
                    report(.typeMismatch, "a list may only hold suits written out, such as [spades, hearts]", at: item.range)
                }
                return .invalid
            }
            suits.append(suit)
        }
        let chosen = suits
        return Compiled(code: .suitList { _ in chosen })
    }
}
