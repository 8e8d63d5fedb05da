import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// The static bound on evaluation steps (see Grammar.md, "Cost model"). A step is one element
/// visited by a quantifier or one pile visited by `for`. The bound of an expression is:
///
/// - 0 for literals and names;
/// - the sum of the bounds of its parts for operators, calls, properties and conditionals;
/// - for `q(x in C: body)`: bound(C) + n × (1 + bound(body)), where n is the zone's pile count
///   when C names a zone, and the game's card count otherwise (no run or pile holds more);
/// - for a `let` name, the bound of its definition, since it is evaluated where it is used.
///
/// A statement list's bound is the sum of its statements'; `for p in Z { body }` costs
/// |Z| × (1 + bound(body)). The engine gives each check exactly its rule's bound as a budget.
///
/// A definition's bound is worked out once and remembered, so the bound of a whole file takes
/// time linear in its size however often its definitions are used. A call of a parameterised
/// definition costs its arguments' bounds plus its body's, the parameters counting as variables.
struct CostModel {
    let zonePiles: [String: Int]
    /// Each definition's parameters (none for a plain `let`) and body.
    let definitions: [String: (parameters: Set<String>, body: ExpressionSyntax)]
    let cardCount: Int
    private let memo = Memo()

    /// The bounds of definitions worked out so far, and those being worked out (a cycle, which
    /// the checker reports, counts as unbounded).
    private final class Memo {
        var bounds: [String: Int] = [:]
        var inProgress: Set<String> = []
    }

    init(zonePiles: [String: Int], definitions: [String: (parameters: Set<String>, body: ExpressionSyntax)], cardCount: Int) {
        self.zonePiles = zonePiles
        self.definitions = definitions
        self.cardCount = cardCount
    }

    /// The bound of evaluating a definition's body once.
    /// Definitions nested deeper than 64 are an error the checker reports (`P0004`); `depth` keeps
    /// the recursion through them that shallow.
    private func definitionSteps(_ name: String, depth: Int) -> Int {
        if let known = memo.bounds[name] { return known }
        guard depth < 64, let definition = definitions[name], !memo.inProgress.contains(name) else { return Int.max }
        memo.inProgress.insert(name)
        let steps = steps(definition.body, bound: definition.parameters, depth: depth + 1)
        memo.inProgress.remove(name)
        memo.bounds[name] = steps
        return steps
    }

    /// Saturates so that a pathological rule cannot overflow the bound.
    private func add(_ a: Int, _ b: Int) -> Int { Arithmetic.add(a, b) }
    private func times(_ a: Int, _ b: Int) -> Int { Arithmetic.multiply(a, b) }

    func steps(_ e: ExpressionSyntax, bound names: Set<String> = [], depth: Int = 0) -> Int {
        guard depth < 64 else { return Int.max }
        switch e.kind {
        case .name(let name):
            if !names.contains(name), definitions[name] != nil { return definitionSteps(name, depth: depth) }
            return 0
        case .member(let base, _): return steps(base, bound: names, depth: depth)
        case .subscripted(let base, let index):
            return add(steps(base, bound: names, depth: depth), steps(index, bound: names, depth: depth))
        case .call(let function, let arguments):
            let given = arguments.reduce(0) { add($0, steps($1, bound: names, depth: depth)) }
            if !names.contains(function.name), definitions[function.name] != nil { return add(given, definitionSteps(function.name, depth: depth)) }
            return given
        case .unary(_, let operand): return steps(operand, bound: names, depth: depth)
        case .binary(_, let left, let right):
            return add(steps(left, bound: names, depth: depth), steps(right, bound: names, depth: depth))
        case .conditional(let c, let t, let o):
            return add(steps(c, bound: names, depth: depth), add(steps(t, bound: names, depth: depth), steps(o, bound: names, depth: depth)))
        case .list(let items):
            return items.reduce(0) { add($0, steps($1, bound: names, depth: depth)) }
        case .quantifier(_, let variable, let collection, let body):
            let inner = names.union([variable.name])
            return add(steps(collection, bound: names, depth: depth),
                       times(size(of: collection, bound: names), add(1, steps(body, bound: inner, depth: depth))))
        default:
            return 0
        }
    }

    /// How many elements a quantifier or `for` over `collection` can visit.
    func size(of collection: ExpressionSyntax, bound names: Set<String>) -> Int {
        if case .name(let name) = collection.kind, !names.contains(name), let piles = zonePiles[name] { return piles }
        return cardCount
    }

    /// A removal's bound: its condition's and its destination's, for one set of piles.
    func steps(removal destination: ExpressionSyntax, condition: ExpressionSyntax?, variables: Set<String>) -> Int {
        add(steps(destination, bound: variables), condition.map { steps($0, bound: variables) } ?? 0)
    }

    /// An action's bound: its body's, its guard's and its limit's together.
    func steps(action body: [Statement], guardCondition: ExpressionSyntax?, limit: ExpressionSyntax?) -> Int {
        [guardCondition, limit].compactMap { $0 }.reduce(steps(body)) { add($0, steps($1)) }
    }

    func steps(_ statements: [Statement], bound names: Set<String> = []) -> Int {
        statements.reduce(0) { total, statement in
            let cost: Int
            switch statement.kind {
            case .require(let condition, _): cost = steps(condition, bound: names)
            case .conditional(let condition, let then, let otherwise):
                cost = add(steps(condition, bound: names), add(steps(then, bound: names), steps(otherwise, bound: names)))
            case .forEach(let variable, let collection, let body):
                cost = add(steps(collection, bound: names),
                           times(size(of: collection, bound: names), add(1, steps(body, bound: names.union([variable.name])))))
            case .deal(let count, let from, let to, _), .move(let count, let from, let to, _), .tryMove(let count, let from, let to):
                cost = add(steps(count, bound: names), add(steps(from, bound: names), steps(to, bound: names)))
            case .flip(let pile), .shuffle(let pile): cost = steps(pile, bound: names)
            case .set(_, let value): cost = steps(value, bound: names)
            }
            return add(total, cost)
        }
    }
}
