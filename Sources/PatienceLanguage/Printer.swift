import PatienceDiagnostics
import PatienceCards

/// Prints a rule file back as canonical source text. Parsing the output gives the same tree
/// (apart from source ranges), which the round-trip tests check for every bundled game.
package enum Printer {
    package static func print(_ file: RuleFile) -> String {
        file.declarations.map(print).joined(separator: "\n") + "\n"
    }

    package static func print(_ declaration: Declaration) -> String {
        let prefix = declaration.isOverride ? "override " : ""
        switch declaration.kind {
        case .game(let name): return prefix + "game \(quote(name))"
        case .extends(let path): return prefix + "extends \(quote(path))"
        case .decks(let count, let suits, let shape):
            var text = prefix + "decks \(print(count))" + (suits.map { " suits \(print($0))" } ?? "")
            if let filter = shape.filter { text += " where \(print(filter))" }
            if let jokers = shape.jokers { text += " jokers \(print(jokers))" }
            if shape.acesHigh { text += " aces high" }
            return text
        case .option(let name, let domain, let value):
            let items = domain.map { item -> String in
                switch item {
                case .integer(let n): return String(n)
                case .range(let low, let high): return "\(low) ... \(high)"
                case .boolean(let b): return String(b)
                case .unlimited: return "unlimited"
                }
            }
            return prefix + "option \(name.name): \(items.joined(separator: " | ")) = \(print(value))"
        case .zone(let name, let count, let role):
            return prefix + "zone \(name.name) \(print(count))" + (role.map { " as \($0.name)" } ?? "")
        case .deal(let zone, let count, let filter, let facing, let order, let arrangement):
            var text = prefix + "deal \(zone.name) "
            switch count {
            case .rest: text += "rest"
            case .count(let n): text += "\(print(n)) cards"
            }
            if let filter { text += " where \(print(filter))" + (arrangement.inDealtOrder ? " in dealt order" : "") }
            switch facing {
            case .allUp: text += " face up"
            case .allDown: text += " face down"
            case .topUp(let n): text += " with top \(print(n)) face up"
            }
            text += " \(order.rawValue)"
            if let split = arrangement.splitBefore { text += " split before \(print(split))" }
            if let moving = arrangement.moving { text += " moving \(print(moving)) to \(arrangement.movingTo.rawValue)" }
            if let afterEachCard = arrangement.afterEachCard { text += " after each card " + print(block: afterEachCard, indent: 0) }
            return text
        case .relation(let name, let suit, let step, let wraps):
            return prefix + "relation \(name.name) = \(suit.rawValue) \(step.rawValue)" + (wraps ? " wrapping" : "")
        case .definition(let name, let parameters, let value):
            let list = parameters.isEmpty ? "" : "(" + parameters.map { "\($0.name.name): \($0.type.rawValue)" }.joined(separator: ", ") + ")"
            return prefix + "let \(name.name)\(list) = \(print(value))"
        case .memory(let name, let initial):
            return prefix + "memory \(name.name) = \(print(initial))"
        case .removal(let name, let variables, let zones, let destination, let condition):
            var text = prefix + "remove \(name.name)(\(variables.map(\.name).joined(separator: ", ")) in \(zones.map(\.name).joined(separator: ", ")))"
            text += " to \(print(destination))"
            if let condition { text += " when \(print(condition))" }
            return text
        case .score(let value):
            return prefix + "score = \(print(value))"
        case .reference(let program, let name):
            return prefix + "reference \(program.name) \(Printer.quote(name))"
        case .difference(let program, let kind, let reason):
            return prefix + "differs \(program.name) \(kind.text) \(Printer.quote(reason))"
        case .lift(let zone, let body):
            return prefix + "lift \(zone.name) " + print(block: body, indent: 0)
        case .accept(let zone, let body):
            return prefix + "accept \(zone.name) " + print(block: body, indent: 0)
        case .capacity(let zone, let value):
            return prefix + "capacity \(zone.name) = \(print(value))"
        case .action(let name, let pile, let guardCondition, let limit, let body):
            var text = prefix + "action \(name.name): tap \(pile.name)"
            if let guardCondition { text += " when \(print(guardCondition))" }
            if let limit { text += " limit \(print(limit))" }
            return text + " " + print(block: body, indent: 0)
        case .effect(let name, let body):
            return prefix + "effect \(name.name) " + print(block: body, indent: 0)
        case .win(let condition):
            return prefix + "won when \(print(condition))"
        case .layout(let zone, let layout):
            return prefix + "layout \(zone.name)" + layoutClauses(layout) { print($0) }.map { " " + $0 }.joined()
        }
    }

    static func print(block: [Statement], indent: Int) -> String {
        if block.isEmpty { return "{}" }
        let pad = String(repeating: "  ", count: indent + 1)
        let lines = block.map { pad + print($0, indent: indent + 1) }
        return "{\n" + lines.joined(separator: "\n") + "\n" + String(repeating: "  ", count: indent) + "}"
    }

    static func print(_ statement: Statement, indent: Int) -> String {
        func facing(_ f: Facing?) -> String { f.map { " \($0.rawValue)" } ?? "" }
        switch statement.kind {
        case .require(let condition, let reason):
            return "require \(print(condition))" + (reason.map { " else \(quote($0))" } ?? "")
        case .conditional(let condition, let then, let otherwise):
            var text = "if \(print(condition)) \(print(block: then, indent: indent))"
            if !otherwise.isEmpty { text += " else \(print(block: otherwise, indent: indent))" }
            return text
        case .forEach(let variable, let collection, let body):
            return "for \(variable.name) in \(print(collection)) \(print(block: body, indent: indent))"
        case .deal(let count, let from, let to, let f):
            return "deal \(print(count)) from \(print(from)) to \(print(to))" + facing(f)
        case .move(let count, let from, let to, let f):
            return "move \(print(count)) from \(print(from)) to \(print(to))" + facing(f)
        case .tryMove(let count, let from, let to):
            return "try move \(print(count)) from \(print(from)) to \(print(to))"
        case .flip(let pile):
            return "flip \(print(pile))"
        case .shuffle(let pile):
            return "shuffle \(print(pile))"
        case .set(let name, let value):
            return "set \(name.name) = \(print(value))"
        }
    }

    /// Prints an expression fully parenthesised where precedence requires it.
    package static func print(_ expression: ExpressionSyntax) -> String {
        print(expression, context: 0)
    }

    private static func print(_ expression: ExpressionSyntax, context: Int) -> String {
        switch expression.kind {
        case .integer(let n): return String(n)
        case .boolean(let b): return String(b)
        case .unlimited: return "unlimited"
        case .rank(let r): return Card.rankName(r)
        case .card(let rank, let suit): return Card.rankName(rank) + String(suit.letter)
        case .suit(let suit): return Keywords.suits.first { $0.value == suit }?.key ?? String(suit.letter)
        case .color(let color): return color == .red ? "red" : "black"
        case .name(let name): return name
        case .member(let base, let property): return print(base, context: 9) + "." + property.name
        case .subscripted(let base, let index): return print(base, context: 9) + "[\(print(index))]"
        case .call(let function, let arguments):
            return function.name + "(" + arguments.map { print($0) }.joined(separator: ", ") + ")"
        case .unary(.negate, let operand): return wrap("-" + print(operand, context: 7), when: context > 7)
        case .unary(.not, let operand): return wrap("not " + print(operand, context: 3), when: context > 3)
        case .binary(let op, let left, let right):
            let p = op.precedence
            // Left-associative operators need parentheses on an equal-precedence right operand;
            // '^' is right-associative, and comparisons do not chain at all.
            let leftContext = op == .power || p == 4 ? p + 1 : p
            let rightContext = op == .power ? p : p + 1
            let text = print(left, context: leftContext) + " \(op.rawValue) " + print(right, context: rightContext)
            return wrap(text, when: context > p)
        case .conditional(let condition, let then, let otherwise):
            return wrap("if \(print(condition)) then \(print(then)) else \(print(otherwise))", when: context > 0)
        case .quantifier(let q, let variable, let collection, let body):
            return "\(q.rawValue)(\(variable.name) in \(print(collection)): \(print(body)))"
        case .list(let items): return "[" + items.map { print($0) }.joined(separator: ", ") + "]"
        case .invalid: return "<invalid>"
        }
    }

    private static func wrap(_ text: String, when needed: Bool) -> String { needed ? "(" + text + ")" : text }

    package static func quote(_ text: String) -> String {
        var out = "\""
        for ch in text {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(ch)
            }
        }
        return out + "\""
    }
}

extension Printer {
    /// The clauses of a `layout` declaration as written, in their order, each expression printed by `expression`.
    package static func layoutClauses(_ layout: LayoutSyntax, _ expression: (ExpressionSyntax) -> String) -> [String] {
        var clauses: [String] = []
        if let row = layout.row { clauses.append("row \(expression(row))") }
        if let side = layout.side { clauses.append(side.rawValue) }
        switch layout.fan {
        case .down?: clauses.append("fan down")
        case .right(let showing)?: clauses.append("fan right" + (showing.map { " " + expression($0) } ?? ""))
        case .stacked?: clauses.append("stacked")
        case nil: break
        }
        if let perRow = layout.pilesPerRow { clauses.append("in rows of \(expression(perRow))") }
        if let lengths = layout.rowLengths { clauses.append("in rows " + lengths.map(expression).joined(separator: ", ")) }
        if layout.overlapping { clauses.append("overlapping") }
        if let places = layout.places {
            clauses.append("at " + places.map { "(\(expression($0.column)), \(expression($0.row)))" }.joined(separator: ", "))
        }
        return clauses
    }
}
