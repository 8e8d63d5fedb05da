import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats
import Patience
import PatienceCommandLine

/// Writes a syntax tree as a fully bracketed S-expression without source ranges, so tests can
/// assert the exact shape of a parse (grouping, associativity, optional parts) in one string,
/// and two parses can be compared while ignoring where their text stood.
package enum SyntaxTreeDump {
    package static func file(_ file: RuleFile) -> String {
        file.declarations.map(declaration).joined(separator: "\n")
    }

    package static func declaration(_ d: Declaration) -> String {
        let body: String
        switch d.kind {
        case .game(let name): body = "(game \(quoted(name)))"
        case .extends(let path): body = "(extends \(quoted(path)))"
        case .decks(let count, let suits, let shape):
            var text = "(decks \(expression(count))" + (suits.map { " suits \(expression($0))" } ?? "")
            if let filter = shape.filter { text += " where \(expression(filter))" }
            if let jokers = shape.jokers { text += " jokers \(expression(jokers))" }
            if shape.acesHigh { text += " aces-high" }
            body = text + ")"
        case .option(let name, let domain, let value):
            let items = domain.map { item -> String in
                switch item {
                case .integer(let n): return String(n)
                case .range(let low, let high): return "\(low)...\(high)"
                case .boolean(let b): return "bool(\(b))"
                case .unlimited: return "unlimited"
                }
            }
            body = "(option \(name.name) [\(items.joined(separator: " "))] \(expression(value)))"
        case .zone(let name, let count, let role):
            body = "(zone \(name.name) \(expression(count))" + (role.map { " as \($0.name)" } ?? "") + ")"
        case .deal(let zone, let count, let filter, let facing, let order, let arrangement):
            var text = "(deal \(zone.name) "
            switch count {
            case .rest: text += "rest"
            case .count(let n): text += expression(n)
            }
            if let filter { text += " where \(expression(filter))" + (arrangement.inDealtOrder ? " in-dealt-order" : "") }
            switch facing {
            case .allUp: text += " up"
            case .allDown: text += " down"
            case .topUp(let n): text += " top \(expression(n))"
            }
            text += order == .byRow ? " by-row" : " by-pile"
            if let split = arrangement.splitBefore { text += " split-before \(expression(split))" }
            if let moving = arrangement.moving { text += " moving \(expression(moving)) to-\(arrangement.movingTo.rawValue)" }
            if let afterEachCard = arrangement.afterEachCard { text += " after-each-card \(block(afterEachCard))" }
            body = text + ")"
        case .relation(let name, let suit, let step, let wraps):
            body = "(relation \(name.name) \(suit) \(step)" + (wraps ? " wrapping" : "") + ")"
        case .definition(let name, let parameters, let value):
            let list = parameters.isEmpty ? "" : " (" + parameters.map { "\($0.name.name):\($0.type.rawValue)" }.joined(separator: " ") + ")"
            body = "(let \(name.name)\(list) \(expression(value)))"
        case .memory(let name, let initial): body = "(memory \(name.name) \(expression(initial)))"
        case .removal(let name, let variables, let zones, let destination, let condition):
            body = "(remove \(name.name) (\(variables.map(\.name).joined(separator: " "))) in (\(zones.map(\.name).joined(separator: " "))) to \(expression(destination))"
                + (condition.map { " when \(expression($0))" } ?? "") + ")"
        case .score(let value): body = "(score \(expression(value)))"
        case .reference(let program, let name): body = "(reference \(program.name) \(quoted(name)))"
        case .difference(let program, let kind, let reason): body = "(differs \(program.name) \(kind.text) \(quoted(reason)))"
        case .lift(let zone, let statements): body = "(lift \(zone.name) \(block(statements)))"
        case .accept(let zone, let statements): body = "(accept \(zone.name) \(block(statements)))"
        case .capacity(let zone, let value): body = "(capacity \(zone.name) \(expression(value)))"
        case .action(let name, let pile, let guardCondition, let limit, let statements):
            var text = "(action \(name.name) tap \(pile.name)"
            if let guardCondition { text += " when \(expression(guardCondition))" }
            if let limit { text += " limit \(expression(limit))" }
            body = text + " \(block(statements)))"
        case .effect(let name, let statements): body = "(effect \(name.name) \(block(statements)))"
        case .win(let condition): body = "(won \(expression(condition)))"
        case .layout(let zone, let layout):
            var text = "(layout \(zone.name)"
            if let row = layout.row { text += " row \(expression(row))" }
            if let side = layout.side { text += " side-\(side.rawValue)" }
            switch layout.fan {
            case .down?: text += " fan-down"
            case .right(let showing)?: text += " fan-right" + (showing.map { " \(expression($0))" } ?? "")
            case .stacked?: text += " stacked"
            case nil: break
            }
            if let perRow = layout.pilesPerRow { text += " per-row \(expression(perRow))" }
            if let lengths = layout.rowLengths { text += " rows (" + lengths.map(expression).joined(separator: " ") + ")" }
            if layout.overlapping { text += " overlapping" }
            if let places = layout.places { text += " at (" + places.map { "(\(expression($0.column)) \(expression($0.row)))" }.joined(separator: " ") + ")" }
            body = text + ")"
        }
        return d.isOverride ? "(override \(body))" : body
    }

    package static func block(_ statements: [Statement]) -> String {
        "{" + statements.map(statement).joined(separator: " ") + "}"
    }

    package static func statement(_ s: Statement) -> String {
        func facing(_ f: Facing?) -> String {
            switch f {
            case nil: return ""
            case .up?: return " up"
            case .down?: return " down"
            }
        }
        switch s.kind {
        case .require(let condition, let reason):
            return "(require \(expression(condition))" + (reason.map { " \(quoted($0))" } ?? "") + ")"
        case .conditional(let condition, let then, let otherwise):
            return "(if \(expression(condition)) \(block(then)) \(block(otherwise)))"
        case .forEach(let variable, let collection, let body):
            return "(for \(variable.name) \(expression(collection)) \(block(body)))"
        case .deal(let count, let from, let to, let f):
            return "(deal \(expression(count)) \(expression(from)) \(expression(to))\(facing(f)))"
        case .move(let count, let from, let to, let f):
            return "(move \(expression(count)) \(expression(from)) \(expression(to))\(facing(f)))"
        case .tryMove(let count, let from, let to):
            return "(try-move \(expression(count)) \(expression(from)) \(expression(to)))"
        case .flip(let pile):
            return "(flip \(expression(pile)))"
        case .shuffle(let pile):
            return "(shuffle \(expression(pile)))"
        case .set(let name, let value):
            return "(set \(name.name) \(expression(value)))"
        }
    }

    package static func expression(_ e: ExpressionSyntax) -> String {
        switch e.kind {
        case .integer(let n): return String(n)
        case .boolean(let b): return "bool(\(b))"
        case .unlimited: return "unlimited"
        case .rank(let r): return "rank(\(r))"
        case .card(let rank, let suit): return "card(\(rank)\(suit.letter))"
        case .suit(let suit): return "suit(\(suit))"
        case .color(let color): return "colour(\(color))"
        case .name(let name): return name
        case .member(let base, let property): return "(. \(expression(base)) \(property.name))"
        case .subscripted(let base, let index): return "([] \(expression(base)) \(expression(index)))"
        case .call(let function, let arguments):
            return "(call \(function.name)" + arguments.map { " " + expression($0) }.joined() + ")"
        case .unary(.negate, let operand): return "(neg \(expression(operand)))"
        case .unary(.not, let operand): return "(not \(expression(operand)))"
        case .binary(let op, let left, let right): return "(\(op.rawValue) \(expression(left)) \(expression(right)))"
        case .conditional(let c, let t, let o): return "(if \(expression(c)) \(expression(t)) \(expression(o)))"
        case .quantifier(let q, let variable, let collection, let body):
            return "(\(q.rawValue) \(variable.name) \(expression(collection)) \(expression(body)))"
        case .list(let items): return "(list" + items.map { " " + expression($0) }.joined() + ")"
        case .invalid: return "<invalid>"
        }
    }

    private static func quoted(_ text: String) -> String { Printer.quote(text) }
}
