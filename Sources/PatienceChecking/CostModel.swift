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
/// - for a `let` name, the bound of its definition, since it is evaluated where it is used;
/// - for `p in Z`: bound(p) + n, n the zone's pile count, the piles a walk to `p` visits.
///
/// A statement list's bound is the sum of its statements'; `for p in Z { body }` costs
/// |Z| × (1 + bound(body)). The engine gives each check exactly its rule's bound as a budget.
///
/// The model also measures a rule's *expanded size*: the number of syntax nodes it has with every
/// definition written out where it is used, which is what one evaluation of the rule walks
/// through. Both measures are worked out once per definition and reused, so that measuring is
/// linear in the file's size even when definitions fan out (`let f0 = f1 + f1`, `let f1 = f2 + f2`, …).
/// A call of a parameterised definition costs its arguments' measures plus its body's, the
/// parameters counting as variables.
struct CostModel {
    let zonePiles: [String: Int]
    /// Each definition's parameters (none for a plain `let`) and body.
    let definitions: [String: Definition]
    /// A definition's parameters and body.
    typealias Definition = (parameters: Set<String>, body: ExpressionSyntax)
    let cardCount: Int
    /// Each definition's step bound and expanded size, worked out once.
    private let definitionSteps: [String: Int]
    private let definitionSizes: [String: Int]

    /// The largest static step bound a rule may have. A step costs some tens of nanoseconds
    /// in the engine, so a check within this bound stays well under a millisecond: a drag
    /// update must never wait on one.
    static let maximumSteps = 100_000
    /// The largest expanded size a rule may have, in syntax nodes. With the step bound it keeps
    /// one check's work (at most the expanded size for each step) within reach of a drag update.
    static let maximumExpandedSize = 10_000

    /// A model of plain `let` definitions, none of which takes parameters.
    init(zonePiles: [String: Int], plainDefinitions: [String: ExpressionSyntax], cardCount: Int) {
        self.init(zonePiles: zonePiles, definitions: plainDefinitions.mapValues { (parameters: [], body: $0) }, cardCount: cardCount)
    }

    init(zonePiles: [String: Int], definitions: [String: Definition], cardCount: Int) {
        self.zonePiles = zonePiles
        self.definitions = definitions
        self.cardCount = cardCount
        let walker = Walker(zonePiles: zonePiles, cardCount: cardCount)
        definitionSteps = Self.memoised(definitions, .steps, walker)
        definitionSizes = Self.memoised(definitions, .size, walker)
    }

    /// Works out a measure for every definition, each from the already known measures of the
    /// definitions it uses. A cycle (reported as P0306 elsewhere) counts as 0 where it closes.
    private static func memoised(_ definitions: [String: Definition], _ measure: Measure, _ walker: Walker) -> [String: Int] {
        var known: [String: Int] = [:]
        var visiting: Set<String> = []
        func cost(of name: String) -> Int {
            if let done = known[name] { return done }
            guard let definition = definitions[name], visiting.insert(name).inserted else { return 0 }
            // A chain of definitions deeper than the nesting limit is P0004; stop rather than recurse on.
            guard visiting.count <= 64 else { return Int.max }
            let value = walker.walk(definition.body, definition.parameters, measure, cost(of:))
            visiting.remove(name)
            known[name] = value
            return value
        }
        for name in definitions.keys.sorted() { _ = cost(of: name) }
        return known
    }

    private var walker: Walker { Walker(zonePiles: zonePiles, cardCount: cardCount) }

    func steps(_ e: ExpressionSyntax, bound names: Set<String> = []) -> Int {
        walker.walk(e, names, .steps) { definitionSteps[$0] ?? 0 }
    }

    /// The expression's expanded size: its syntax nodes, with each definition it uses counted in full.
    func size(_ e: ExpressionSyntax) -> Int {
        walker.walk(e, [], .size) { definitionSizes[$0] ?? 0 }
    }

    /// How many elements a quantifier or `for` over `collection` can visit.
    func size(of collection: ExpressionSyntax, bound names: Set<String>) -> Int {
        walker.size(of: collection, bound: names)
    }

    /// A removal's bound: its condition's and its destination's, for one set of piles.
    func steps(removal destination: ExpressionSyntax, condition: ExpressionSyntax?, variables: Set<String>) -> Int {
        Arithmetic.add(steps(destination, bound: variables), condition.map { steps($0, bound: variables) } ?? 0)
    }

    /// A removal's expanded size: its condition's and its destination's.
    func size(removal destination: ExpressionSyntax, condition: ExpressionSyntax?) -> Int {
        Arithmetic.add(size(destination), condition.map { size($0) } ?? 0)
    }

    /// An action's bound: its body's, its guard's and its limit's together.
    func steps(action body: [Statement], guardCondition: ExpressionSyntax?, limit: ExpressionSyntax?) -> Int {
        [guardCondition, limit].compactMap { $0 }.reduce(steps(body)) { Arithmetic.add($0, steps($1)) }
    }

    /// An action's expanded size: its body's, its guard's and its limit's together.
    func size(action body: [Statement], guardCondition: ExpressionSyntax?, limit: ExpressionSyntax?) -> Int {
        [guardCondition, limit].compactMap { $0 }.reduce(size(body)) { Arithmetic.add($0, size($1)) }
    }

    func steps(_ statements: [Statement], bound names: Set<String> = []) -> Int {
        walker.walk(statements, names, .steps) { definitionSteps[$0] ?? 0 }
    }

    /// The statements' expanded size.
    func size(_ statements: [Statement]) -> Int {
        walker.walk(statements, [], .size) { definitionSizes[$0] ?? 0 }
    }

    /// The two measures.
    enum Measure {
        /// Elements visited by quantifiers and `for`.
        case steps
        /// Syntax nodes, with definitions written out.
        case size
    }

    /// One traversal for both measures, given the measure of each definition.
    struct Walker {
        let zonePiles: [String: Int]
        let cardCount: Int

        /// Saturates so that a pathological rule cannot overflow the bound.
        private func add(_ a: Int, _ b: Int) -> Int { Arithmetic.add(a, b) }
        private func times(_ a: Int, _ b: Int) -> Int { Arithmetic.multiply(a, b) }

        func walk(_ e: ExpressionSyntax, _ names: Set<String>, _ measure: Measure, _ definition: (String) -> Int) -> Int {
            let node = measure == .size ? 1 : 0
            let parts: Int
            switch e.kind {
            case .name(let name):
                parts = names.contains(name) ? 0 : definition(name)
            case .member(let base, _):
                parts = walk(base, names, measure, definition)
            case .subscripted(let base, let index):
                parts = add(walk(base, names, measure, definition), walk(index, names, measure, definition))
            case .call(let function, let arguments):
                let given = arguments.reduce(0) { add($0, walk($1, names, measure, definition)) }
                parts = add(given, names.contains(function.name) ? 0 : definition(function.name))
            case .unary(_, let operand):
                parts = walk(operand, names, measure, definition)
            case .binary(let op, let left, let right):
                let operands = add(walk(left, names, measure, definition), walk(right, names, measure, definition))
                // `p in zone` visits the zone's piles up to `p`, as `any(t in zone: t == p)` would.
                parts = op == .in && measure == .steps ? add(operands, size(of: right, bound: names)) : operands
            case .conditional(let c, let t, let o):
                parts = add(walk(c, names, measure, definition), add(walk(t, names, measure, definition), walk(o, names, measure, definition)))
            case .list(let items):
                parts = items.reduce(0) { add($0, walk($1, names, measure, definition)) }
            case .quantifier(_, let variable, let collection, let body):
                let inner = names.union([variable.name])
                let collectionCost = walk(collection, names, measure, definition)
                let bodyCost = walk(body, inner, measure, definition)
                switch measure {
                case .steps: parts = add(collectionCost, times(size(of: collection, bound: names), add(1, bodyCost)))
                case .size: parts = add(collectionCost, bodyCost)
                }
            default:
                parts = 0
            }
            return add(node, parts)
        }

        func walk(_ statements: [Statement], _ names: Set<String>, _ measure: Measure, _ definition: (String) -> Int) -> Int {
            statements.reduce(0) { total, statement in
                let node = measure == .size ? 1 : 0
                let cost: Int
                switch statement.kind {
                case .require(let condition, _): cost = walk(condition, names, measure, definition)
                case .conditional(let condition, let then, let otherwise):
                    cost = add(walk(condition, names, measure, definition),
                               add(walk(then, names, measure, definition), walk(otherwise, names, measure, definition)))
                case .forEach(let variable, let collection, let body):
                    let bodyCost = walk(body, names.union([variable.name]), measure, definition)
                    let collectionCost = walk(collection, names, measure, definition)
                    switch measure {
                    case .steps: cost = add(collectionCost, times(size(of: collection, bound: names), add(1, bodyCost)))
                    case .size: cost = add(collectionCost, bodyCost)
                    }
                case .deal(let count, let from, let to, _), .move(let count, let from, let to, _), .tryMove(let count, let from, let to):
                    cost = add(walk(count, names, measure, definition), add(walk(from, names, measure, definition), walk(to, names, measure, definition)))
                case .flip(let pile), .shuffle(let pile): cost = walk(pile, names, measure, definition)
                case .set(_, let value): cost = walk(value, names, measure, definition)
                }
                return add(total, add(node, cost))
            }
        }

        /// How many elements a quantifier or `for` over `collection` can visit.
        func size(of collection: ExpressionSyntax, bound names: Set<String>) -> Int {
            if case .name(let name) = collection.kind, !names.contains(name), let piles = zonePiles[name] { return piles }
            return cardCount
        }
    }
}
