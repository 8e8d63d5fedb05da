import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

extension ExpressionChecker {
    func checkSubscript(_ baseExpression: ExpressionSyntax, _ indexExpression: ExpressionSyntax, at range: SourceRange, _ scope: Scope) -> Checked {
        let base = check(baseExpression, scope)
        guard let (index, indexInfo) = integer(indexExpression, scope) else { return .invalid }
        switch base.value {
        case .zone(let z):
            guard let zone = zoneInfo(z) else { return .invalid }
            let piles = zone.piles
            if case .integer(let n)? = indexInfo.known {
                guard (1...piles.count).contains(n) else {
                    report(.indexOutOfRange, "zone \(Spelling.quoted(zone.name)) has piles 1 to \(piles.count), not \(n)", at: indexExpression.range)
                    return .invalid
                }
                return Checked(value: .pile(.constant(piles.lowerBound + n - 1)), readsTable: true)
            }
            let outside = fault(.readMissingCard, "a pile number outside 1 to \(piles.count) of \(Spelling.quoted(zone.name)) was read", at: range)
            return Checked(value: .pile(.zonePile(piles, index, fault: outside)), readsTable: true)
        case .cards, .pile:
            guard let slice = sliceTerm(base, at: baseExpression.range) else { return .invalid }
            let outside = fault(.readMissingCard, "a card number outside the run was read", at: range)
            return Checked(value: .card(.element(slice, index, fault: outside)), readsTable: true)
        case .invalid:
            return .invalid
        default:
            report(.invalidOperands, "\(base.value.type.withArticle) cannot be indexed; only zones and runs can", at: baseExpression.range)
            return .invalid
        }
    }

    func checkCall(_ function: Identifier, _ arguments: [ExpressionSyntax], at range: SourceRange, _ scope: Scope) -> Checked {
        if scope.variables[function.name] == nil, declaredDefinitions[function.name] != nil {
            return checkDefinitionCall(function, arguments, at: range, scope)
        }
        if function.name == "uses" { return checkUses(arguments, at: range, scope) }
        let arity = Keywords.functions.filter { $0.key != "uses" }
        guard let expected = arity[function.name] else {
            report(.unknownFunction, "there is no function \(Spelling.quoted(function.name))", at: function.range,
                   help: Spelling.closest(to: function.name, among: Array(arity.keys) + ["uses"] + Array(declaredDefinitions.keys)).map { "did you mean \(Spelling.quoted($0))?" }
                       ?? "the functions are builds, sequence, segments, min, max, abs, top and uses, and the definitions with parameters")
            return .invalid
        }
        guard arguments.count == expected else {
            report(.wrongArgumentCount, "\(Spelling.quoted(function.name)) takes \(expected) arguments, not \(arguments.count)", at: range)
            return .invalid
        }
        let checked = arguments.map { check($0, scope) }
        if checked.contains(where: { $0.value.type == .invalid }) { return .invalid }
        let reads = checked.contains { $0.readsTable }
        switch function.name {
        case "builds":
            guard case .card(let lower) = checked[0].value else { return argumentMismatch(.card, checked[0], arguments[0]) }
            guard case .card(let upper) = checked[1].value else { return argumentMismatch(.card, checked[1], arguments[1]) }
            guard case .relation(let choice) = checked[2].value else { return argumentMismatch(.relation, checked[2], arguments[2]) }
            let term = choice.distributed({ BoolTerm.builds(lower, upper, $0) }, choosing: BoolTerm.conditional)
            return Checked(value: .boolean(term), readsTable: reads)
        case "sequence", "segments":
            guard let slice = sliceTerm(checked[0], at: arguments[0].range) else { return .invalid }
            guard case .relation(let choice) = checked[1].value else { return argumentMismatch(.relation, checked[1], arguments[1]) }
            if function.name == "sequence" {
                return Checked(value: .boolean(choice.distributed({ BoolTerm.sequence(slice, $0) }, choosing: BoolTerm.conditional)), readsTable: reads)
            }
            return Checked(value: .integer(choice.distributed({ IntTerm.segments(slice, $0) }, choosing: IntTerm.conditional)), nonNegative: true, readsTable: reads)
        case "min", "max":
            guard case .integer(let a) = checked[0].value else { return argumentMismatch(.integer, checked[0], arguments[0]) }
            guard case .integer(let b) = checked[1].value else { return argumentMismatch(.integer, checked[1], arguments[1]) }
            let isMin = function.name == "min"
            var known: KnownValue?
            if case .integer(let x)? = checked[0].known, case .integer(let y)? = checked[1].known {
                known = .integer(isMin ? min(x, y) : max(x, y))
            }
            let nonNegative = isMin ? checked[0].nonNegative && checked[1].nonNegative : checked[0].nonNegative || checked[1].nonNegative
            return Checked(value: .integer(isMin ? .minimum(a, b) : .maximum(a, b)), known: known, nonNegative: nonNegative, readsTable: reads)
        case "abs":
            guard case .integer(let a) = checked[0].value else { return argumentMismatch(.integer, checked[0], arguments[0]) }
            var known: KnownValue?
            if case .integer(let x)? = checked[0].known { known = .integer(x < 0 ? Arithmetic.subtract(0, x) : x) }
            return Checked(value: .integer(.absolute(a)), known: known, nonNegative: true, readsTable: reads)
        default:
            guard let pile = pileTerm(checked[0], at: arguments[0].range) else { return .invalid }
            guard case .integer(let n) = checked[1].value else { return argumentMismatch(.integer, checked[1], arguments[1]) }
            return Checked(value: .cards(.topCards(pile, n)), readsTable: true)
        }
    }

    private func argumentMismatch(_ expected: ValueType, _ found: Checked, _ argument: ExpressionSyntax) -> Checked {
        mismatch(expected: expected, found: found.value.type, at: argument.range)
        return .invalid
    }

    func checkUnary(_ op: UnaryOperator, _ operand: ExpressionSyntax, _ scope: Scope) -> Checked {
        switch op {
        case .not:
            guard let (value, info) = boolean(operand, scope) else { return .invalid }
            var known: KnownValue?
            if case .boolean(let b)? = info.known { known = .boolean(!b) }
            return Checked(value: .boolean(.not(value)), known: known, readsTable: info.readsTable)
        case .negate:
            guard let (value, info) = integer(operand, scope) else { return .invalid }
            var known: KnownValue?
            if case .integer(let n)? = info.known { known = .integer(Arithmetic.subtract(0, n)) }
            return Checked(value: .integer(.negate(value)), known: known, readsTable: info.readsTable)
        }
    }

    func checkBinary(_ op: BinaryOperator, _ leftExpression: ExpressionSyntax, _ rightExpression: ExpressionSyntax, at range: SourceRange, _ scope: Scope) -> Checked {
        switch op {
        case .and, .or:
            let left = boolean(leftExpression, scope)
            // The right operand is evaluated only when the left is true (`and`) or false (`or`).
            let established = left.map { Guards.established(by: leftExpression, term: $0.0, holding: op == .and, in: scope) } ?? Guards()
            let right = guarded(by: established) { boolean(rightExpression, scope) }
            guard let (l, li) = left, let (r, ri) = right else { return .invalid }
            var known: KnownValue?
            if case .boolean(let a)? = li.known, case .boolean(let b)? = ri.known { known = .boolean(op == .and ? a && b : a || b) }
            if op == .and, li.known == .boolean(false) || ri.known == .boolean(false) { known = .boolean(false) }
            if op == .or, li.known == .boolean(true) || ri.known == .boolean(true) { known = .boolean(true) }
            return Checked(value: .boolean(op == .and ? .and(l, r) : .or(l, r)), known: known, readsTable: li.readsTable || ri.readsTable)
        case .equal, .notEqual:
            return checkEquality(op, leftExpression, rightExpression, scope)
        case .in:
            return checkMembership(leftExpression, rightExpression, scope)
        case .less, .lessEqual, .greater, .greaterEqual:
            let left = integer(leftExpression, scope)
            let right = integer(rightExpression, scope)
            guard let (l, li) = left, let (r, ri) = right else { return .invalid }
            let comparison: Comparison = op == .less ? .less : op == .lessEqual ? .lessEqual : op == .greater ? .greater : .greaterEqual
            var known: KnownValue?
            if case .integer(let a)? = li.known, case .integer(let b)? = ri.known { known = .boolean(comparison.holds(a, b)) }
            // A size or count is never negative, so comparing one with zero or less can be decided now.
            if li.nonNegative, case .integer(let b)? = ri.known, b <= 0 {
                if op == .less { known = .boolean(false) }
                if op == .greaterEqual { known = .boolean(true) }
            }
            if ri.nonNegative, case .integer(let a)? = li.known, a <= 0 {
                if op == .greater { known = .boolean(false) }
                if op == .lessEqual { known = .boolean(true) }
            }
            return Checked(value: .boolean(.compare(l, comparison, r)), known: known, readsTable: li.readsTable || ri.readsTable)
        default:
            return checkArithmetic(op, leftExpression, rightExpression, at: range, scope)
        }
    }

    private func checkEquality(_ op: BinaryOperator, _ leftExpression: ExpressionSyntax, _ rightExpression: ExpressionSyntax, _ scope: Scope) -> Checked {
        let left = check(leftExpression, scope)
        let right = check(rightExpression, scope)
        let equal = op == .equal
        let reads = left.readsTable || right.readsTable
        var known: KnownValue?
        if let a = left.known, let b = right.known { known = .boolean((a == b) == equal) }
        switch (left.value, right.value) {
        case (.invalid, _), (_, .invalid):
            return .invalid
        case (.integer(let l), .integer(let r)), (.suit(let l), .suit(let r)), (.color(let l), .color(let r)):
            return Checked(value: .boolean(.compare(l, equal ? .equal : .notEqual, r)), known: known, readsTable: reads)
        case (.boolean(let l), .boolean(let r)):
            return Checked(value: .boolean(.sameTruth(l, r, equal: equal)), known: known, readsTable: reads)
        case (.card(let l), .card(let r)):
            // Cards compare by value (rank and suit), not identity, so `top == KS` works in any deck.
            return Checked(value: .boolean(.sameCard(l, r, equal: equal)), readsTable: reads)
        case (.pile, .pile), (.pile, .zone), (.zone, .pile), (.zone, .zone):
            guard let l = pileTerm(left, at: leftExpression.range), let r = pileTerm(right, at: rightExpression.range) else { return .invalid }
            return Checked(value: .boolean(.samePile(l, r, equal: equal)), readsTable: reads)
        default:
            let help = left.value.type == .card || right.value.type == .card ? "compare a property such as '.rank' or '.suit'" : nil
            report(.invalidOperands, "cannot compare \(left.value.type.withArticle) with \(right.value.type.withArticle)",
                   at: leftExpression.range.union(rightExpression.range), help: help)
            return .invalid
        }
    }

    /// `p in zone`: whether the pile is one of the zone's piles.
    private func checkMembership(_ pileExpression: ExpressionSyntax, _ zoneExpression: ExpressionSyntax, _ scope: Scope) -> Checked {
        let left = check(pileExpression, scope)
        let right = check(zoneExpression, scope)
        if left.value.type == .invalid || right.value.type == .invalid { return .invalid }
        guard let pile = pileTerm(left, at: pileExpression.range) else { return .invalid }
        guard case .zone(let z) = right.value, let zone = zoneInfo(z) else {
            report(.typeMismatch, "'in' tests whether a pile lies in a zone, but this is \(right.value.type.withArticle)", at: zoneExpression.range,
                   help: "name a zone after 'in', as in 'source in reserve'")
            return .invalid
        }
        let exhausted = fault(.evaluationBudgetExceeded, "the check took more steps than its bound", at: zoneExpression.range, canFire: false)
        return Checked(value: .boolean(.pileInZone(pile, zone.piles, exhausted: exhausted)), readsTable: true)
    }

    private func checkArithmetic(_ op: BinaryOperator, _ leftExpression: ExpressionSyntax, _ rightExpression: ExpressionSyntax, at range: SourceRange, _ scope: Scope) -> Checked {
        let left = integer(leftExpression, scope)
        let right = integer(rightExpression, scope)
        guard let (l, li) = left, let (r, ri) = right else { return .invalid }
        let arithmetic: ArithmeticOperator
        switch op {
        case .add: arithmetic = .add
        case .subtract: arithmetic = .subtract
        case .multiply: arithmetic = .multiply
        case .power: arithmetic = .power
        case .divide: arithmetic = .divide
        default: arithmetic = .remainder
        }
        var known: KnownValue?
        if case .integer(let a)? = li.known, case .integer(let b)? = ri.known {
            if let value = Arithmetic.apply(arithmetic, a, b) {
                known = .integer(value)
            } else {
                report(.divisionByZero, "this divides by zero", at: range)
                return .invalid
            }
        }
        let nonNegative = li.nonNegative && ri.nonNegative && op != .subtract
        let canFault = arithmetic == .divide || arithmetic == .remainder
        // A divisor known not to be zero, such as `p.index / 2`, cannot make the division fault.
        let divisorIsNonZero = { if case .integer(let b)? = ri.known { return b != 0 } else { return false } }()
        let zero = canFault ? fault(.divisionByZero, "a rule divided by zero", at: range, canFire: !divisorIsNonZero) : nil
        return Checked(value: .integer(.arithmetic(arithmetic, l, r, fault: zero)), known: known, nonNegative: nonNegative,
                       readsTable: li.readsTable || ri.readsTable)
    }

    func checkConditional(_ conditionExpression: ExpressionSyntax, _ thenExpression: ExpressionSyntax, _ elseExpression: ExpressionSyntax, at range: SourceRange, _ scope: Scope) -> Checked {
        let condition = boolean(conditionExpression, scope)
        let then = guarded(by: established(by: conditionExpression, condition?.0, holding: true, scope)) { check(thenExpression, scope) }
        let otherwise = guarded(by: established(by: conditionExpression, condition?.0, holding: false, scope)) { check(elseExpression, scope) }
        guard let (c, ci) = condition else { return .invalid }
        let reads = ci.readsTable || then.readsTable || otherwise.readsTable
        // A constant condition picks a branch now, but both branches must still agree in type.
        if case .boolean(let b)? = ci.known, then.value.type == otherwise.value.type
            || then.value.type == .invalid || otherwise.value.type == .invalid {
            return b ? then : otherwise
        }
        switch (then.value, otherwise.value) {
        case (.invalid, _), (_, .invalid): return .invalid
        case (.integer(let a), .integer(let b)):
            return Checked(value: .integer(.conditional(c, a, b)), nonNegative: then.nonNegative && otherwise.nonNegative, readsTable: reads)
        case (.boolean(let a), .boolean(let b)):
            return Checked(value: .boolean(.conditional(c, a, b)), readsTable: reads)
        case (.suit(let a), .suit(let b)):
            return Checked(value: .suit(.conditional(c, a, b)), readsTable: reads)
        case (.color(let a), .color(let b)):
            return Checked(value: .color(.conditional(c, a, b)), readsTable: reads)
        case (.card(let a), .card(let b)):
            return Checked(value: .card(.conditional(c, a, b)), readsTable: reads)
        case (.pile, .pile), (.pile, .zone), (.zone, .pile), (.zone, .zone):
            // A one-pile zone stands for its pile, so either branch may name one.
            guard let a = pileTerm(then, at: thenExpression.range), let b = pileTerm(otherwise, at: elseExpression.range) else { return .invalid }
            return Checked(value: .pile(.conditional(c, a, b)), readsTable: reads)
        case (.suitList(let a), .suitList(let b)):
            return Checked(value: .suitList(.conditional(c, a, b)), readsTable: reads)
        case (.relation(let a), .relation(let b)):
            return Checked(value: .relation(.conditional(c, a, b)), readsTable: reads)
        default:
            let message = then.value.type == otherwise.value.type
                ? "a conditional cannot choose between values of type \(then.value.type.rawValue)"
                : "both branches must have the same type, but one is \(then.value.type.withArticle) and the other \(otherwise.value.type.withArticle)"
            report(.typeMismatch, message, at: range)
            return .invalid
        }
    }

    func checkList(_ items: [ExpressionSyntax], at range: SourceRange, _ scope: Scope) -> Checked {
        var suits: [Suit] = []
        for item in items {
            guard case .suit(let suit) = item.kind else {
                let found = check(item, scope)
                mismatch(expected: .suit, found: found.value.type, at: item.range)
                if found.value.type == .invalid || found.value.type == .suit {
                    report(.typeMismatch, "a list may only hold suits written out, such as [spades, hearts]", at: item.range)
                }
                return .invalid
            }
            suits.append(suit)
        }
        return Checked(value: .suitList(.constant(suits)))
    }
}
