import PatienceDiagnostics
import PatienceCards

/// The layout documents of declarations and statements without blocks.
extension Formatter {
    /// How far a `require`'s `else "reason"` moves in when it goes onto a line of its own.
    static let reasonIndent = 2

    /// A declaration that is one line unless it is too long (everything but the rules, actions
    /// and effects, and deal lines with `after each card`).
    func lineDoc(_ declaration: Declaration) -> LayoutDoc {
        switch declaration.kind {
        case .game(let name): return .text("game \(Printer.quote(name))")
        case .extends(let path): return .text("extends \(Printer.quote(path))")
        case .decks(let count, let suits, let shape):
            var parts: [LayoutDoc] = [.text("decks "), doc(count)]
            if let suits { parts += [.text(" suits "), doc(suits)] }
            if let filter = shape.filter { parts += [.text(" where "), doc(filter)] }
            if let jokers = shape.jokers { parts += [.text(" jokers "), doc(jokers)] }
            if shape.acesHigh { parts.append(.text(" aces high")) }
            return .concat(parts)
        case .option(let name, let domain, let value):
            let items = domain.map { item -> String in
                switch item {
                case .integer(let n): return String(n)
                case .range(let low, let high): return "\(low) ... \(high)"
                case .boolean(let b): return String(b)
                case .unlimited: return "unlimited"
                }
            }
            return .concat([.text("option \(name.name): \(items.joined(separator: " | ")) = "), doc(value)])
        case .zone(let name, let count, let role):
            return .concat([.text("zone \(name.name) "), doc(count), .text(role.map { " as \($0.name)" } ?? "")])
        case .relation(let name, let suit, let step, let wraps):
            return .text("relation \(name.name) = \(suit.rawValue) \(step.rawValue)" + (wraps ? " wrapping" : ""))
        case .definition(let name, let parameters, let value):
            let list = parameters.isEmpty ? "" : "(" + parameters.map { "\($0.name.name): \($0.type.rawValue)" }.joined(separator: ", ") + ")"
            return .concat([.text("let \(name.name)\(list) = "), doc(value)])
        case .memory(let name, let initial):
            return .concat([.text("memory \(name.name) = "), doc(initial)])
        case .removal(let name, let variables, let zones, let destination, let condition):
            let head = "remove \(name.name)(\(variables.map(\.name).joined(separator: ", ")) in \(zones.map(\.name).joined(separator: ", ")))"
            var clauses: [LayoutDoc] = [.line, .concat([.text("to "), doc(destination)])]
            if let condition { clauses += [.line, .concat([.text("when "), doc(condition)])] }
            return .group(.concat([.text(head), .indent(Formatter.continuationIndent, .concat(clauses))]))
        case .score(let value):
            return .concat([.text("score = "), doc(value)])
        case .reference(let program, let name):
            return .text("reference \(program.name) \(Printer.quote(name))")
        case .difference(let program, let kind, let reason):
            // The reason is prose and may be long: it goes onto a line of its own when it does not fit.
            return .group(.concat([.text("differs \(program.name) \(kind.text)"),
                                   .indent(Formatter.continuationIndent, .concat([.line, .text(Printer.quote(reason))]))]))
        case .capacity(let zone, let value):
            return .concat([.text("capacity \(zone.name) = "), doc(value)])
        case .win(let condition):
            return .concat([.text("won when "), doc(condition)])
        case .layout(let zone, let layout):
            // Its expressions are settings, short enough never to need a break; a long list of
            // places is packed line by line.
            var head = layout
            head.places = nil
            let text = "layout \(zone.name)" + Printer.layoutClauses(head) { doc($0).flat }.map { " " + $0 }.joined()
            guard let places = layout.places, !places.isEmpty else { return .text(text) }
            var items: [LayoutDoc] = []
            for (i, place) in places.enumerated() {
                if i > 0 { items.append(.line) }
                let written = "(\(doc(place.column).flat), \(doc(place.row).flat))" + (i < places.count - 1 ? "," : "")
                items.append(.text(i == 0 ? text + " at " + written : written))
            }
            return .indent(Formatter.continuationIndent, .fill(items))
        case .deal:
            return dealDoc(declaration, prefix: "")
        case .lift(let zone, _): return .text("lift \(zone.name) {}")
        case .accept(let zone, _): return .text("accept \(zone.name) {}")
        case .action(let name, let pile, _, _, _): return .text("action \(name.name): tap \(pile.name) {}")
        case .effect(let name, _): return .text("effect \(name.name) {}")
        }
    }

    /// A deal line without its `after each card` block, with its clauses packed line by line.
    /// The words a deal line may leave out (`face up`, `by row`) and the choice of `card` or
    /// `cards` stay as written.
    func dealDoc(_ declaration: Declaration, prefix: String) -> LayoutDoc {
        guard case .deal(let zone, let count, let filter, let facing, let order, let arrangement) = declaration.kind else { return .text("") }
        let written = dealWords(declaration)
        var head: [LayoutDoc] = [.text("\(prefix)deal \(zone.name) ")]
        switch count {
        case .rest: head.append(.text("rest"))
        case .count(let n): head += [doc(n), .text(" " + written.cardWord)]
        }
        var clauses: [LayoutDoc] = []
        if let filter { clauses.append(.concat([.text("where "), doc(filter), .text(arrangement.inDealtOrder ? " in dealt order" : "")])) }
        switch facing {
        case .allUp: if written.faceUp { clauses.append(.text("face up")) }
        case .allDown: clauses.append(.text("face down"))
        case .topUp(let n): clauses.append(.concat([.text("with top "), doc(n), .text(" face up")]))
        }
        if order == .byPile || written.byRow { clauses.append(.text(order.rawValue)) }
        if let split = arrangement.splitBefore { clauses.append(.concat([.text("split before "), doc(split)])) }
        if let moving = arrangement.moving {
            clauses.append(.concat([.text("moving "), doc(moving), .text(" to \(arrangement.movingTo.rawValue)")]))
        }
        var parts: [LayoutDoc] = [.concat(head)]
        for clause in clauses { parts += [.line, clause] }
        return .indent(Formatter.continuationIndent, .fill(parts))
    }

    /// What a deal line says in words the tree does not keep, read from its tokens.
    private func dealWords(_ declaration: Declaration) -> (cardWord: String, faceUp: Bool, byRow: Bool) {
        guard case .deal(let zone, let count, let filter, let facing, _, let arrangement) = declaration.kind else { return ("cards", true, true) }
        var next: Int
        var cardWord = "cards"
        switch count {
        case .rest:
            next = tokenIndex(atOrAfter: zone.range.end.offset) + 1
        case .count(let n):
            let word = tokenIndex(atOrAfter: n.range.end.offset)
            if tokens[word].word == "card" { cardWord = "card" }
            next = word + 1
        }
        if let filter { next = tokenIndex(atOrAfter: filter.range.end.offset) + (arrangement.inDealtOrder ? 3 : 0) }
        var faceUp = false
        switch facing {
        case .allUp:
            if tokens[next].word == "face" {
                faceUp = true
                next += 2
            }
        case .allDown: next += 2
        case .topUp(let n): next = tokenIndex(atOrAfter: n.range.end.offset) + 2
        }
        let byRow = next + 1 < tokens.count && tokens[next].word == "by" && tokens[next + 1].word == "row"
        return (cardWord, faceUp, byRow)
    }

    /// A statement without a block.
    func lineDoc(_ statement: Statement) -> LayoutDoc {
        func facing(_ f: Facing?) -> LayoutDoc { .text(f.map { " \($0.rawValue)" } ?? "") }
        switch statement.kind {
        case .require(let condition, let reason):
            var parts: [LayoutDoc] = [.text("require "), doc(condition)]
            if let reason { parts.append(.indent(Formatter.reasonIndent, .concat([.line, .text("else \(Printer.quote(reason))")]))) }
            return .group(.concat(parts))
        case .deal(let count, let from, let to, let f):
            return .concat([.text("deal "), doc(count), .text(" from "), doc(from), .text(" to "), doc(to), facing(f)])
        case .move(let count, let from, let to, let f):
            return .concat([.text("move "), doc(count), .text(" from "), doc(from), .text(" to "), doc(to), facing(f)])
        case .tryMove(let count, let from, let to):
            return .concat([.text("try move "), doc(count), .text(" from "), doc(from), .text(" to "), doc(to)])
        case .flip(let pile):
            return .concat([.text("flip "), doc(pile)])
        case .shuffle(let pile):
            return .concat([.text("shuffle "), doc(pile)])
        case .set(let name, let value):
            return .concat([.text("set \(name.name) = "), doc(value)])
        case .conditional(let condition, _, _):
            return .concat([.text("if "), doc(condition), .text(" {}")])
        case .forEach(let variable, let collection, _):
            return .concat([.text("for \(variable.name) in "), doc(collection), .text(" {}")])
        }
    }
}
