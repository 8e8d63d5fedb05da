import PatienceCards
import PatienceChecking

extension Phrases {
    typealias Item = RulesDescription.Item

    /// The clauses of a lift or accept rule as list items: each `require` a condition that must
    /// hold, each `if` a condition with what follows it.
    func clauses(_ clauses: [ClauseTerm]) -> [Item] {
        clauses.flatMap { clause -> [Item] in
            switch clause {
            case .require(let condition, _):
                return [Item(Self.sentence(bool(condition)))]
            case .conditional(let condition, let then, let otherwise):
                if let known = Self.fold(condition) { return self.clauses(known ? then : otherwise) }
                var items = [Item("If \(bool(condition)):", self.clauses(then).ifEmpty("anything goes"))]
                if !otherwise.isEmpty { items.append(Item("Otherwise:", self.clauses(otherwise))) }
                return items
            case .forEach(let piles, let slot, let body, _):
                var inner = self
                let name = inner.bind(slot: slot, pile: true)
                return [Item("For every \(pileNoun(piles)) \(name):", inner.clauses(body))]
            }
        }
    }

    /// The statements of an action, an effect or a deal's `after each card`, as list items.
    func statements(_ statements: [StatementTerm]) -> [Item] {
        statements.flatMap { statement -> [Item] in
            switch statement {
            case .require(let condition, _):
                return [Item("Only if \(bool(condition)).")]
            case .conditional(let condition, let then, let otherwise):
                if let known = Self.fold(condition) { return self.statements(known ? then : otherwise) }
                var items = [Item("If \(bool(condition)):", self.statements(then).ifEmpty("nothing happens"))]
                if !otherwise.isEmpty { items.append(Item("Otherwise:", self.statements(otherwise))) }
                return items
            case .forEach(let piles, let slot, let body, _):
                var inner = self
                let name = inner.bind(slot: slot, pile: true)
                return [Item("For every \(pileNoun(piles)) \(name):", inner.statements(body))]
            case .transfer(let oneAtATime, let count, let from, let to, let facing):
                let cards = count == .pileSize(from) ? "every card" : cardCount(count)
                let how = oneAtATime ? (isOne(count) ? "" : ", one at a time") : ""
                let block = !oneAtATime && !isOne(count) ? " together, keeping their order," : ""
                return [Item(Self.sentence("\(oneAtATime ? "deal" : "move") \(cards)\(block) from \(pile(from)) to \(pile(to))\(how)\(facingPhrase(facing))"))]
            case .tryMove(let count, let from, let to):
                let target: String
                switch to {
                case .pile(let p): target = pile(p)
                case .zone(let piles): target = "the first \(pileNoun(piles)) that takes them"
                }
                return [Item(Self.sentence("move \(cardCount(count)) from \(pile(from)) to \(target), if the rules allow that move"))]
            case .flip(let p):
                return [Item(Self.sentence("turn the top card of \(pile(p)) face up if it is face down"))]
            case .shuffle(.pile(let p)):
                return [Item(Self.sentence("shuffle \(pile(p))"))]
            case .shuffle(.zone(let piles)):
                return [Item(Self.sentence("shuffle the cards of \(zonePhrase(piles)) together, dealing them back as many to each pile"))]
            case .set(let slot, let value):
                if game.memories.indices.contains(slot), game.memories[slot].isCondition, case .truth(let condition) = value {
                    if let known = Self.fold(condition) { return [Item(Self.sentence("set \(memoryName(slot)) to \(known)"))] }
                    return [Item(Self.sentence("remember as \(memoryName(slot)) whether \(bool(condition))"))]
                }
                return [Item(Self.sentence("set \(memoryName(slot)) to \(integer(value))"))]
            }
        }
    }

    func isOne(_ count: IntTerm) -> Bool { count == .constant(1) }

    /// `1 card`, `3 cards`, `the number of cards in the waste` (as cards).
    func cardCount(_ count: IntTerm) -> String {
        if case .constant(let n) = count, n != Int.max { return n == 1 ? "1 card" : "\(n) cards" }
        if case .constant = count { return "every card" }
        if case .pileSize(let p) = count { return "all the cards of \(pile(p))" }
        return "\(integer(count)) cards"
    }

    func facingPhrase(_ facing: Facing?) -> String {
        switch facing {
        case .up: return ", face up"
        case .down: return ", face down"
        case nil: return ""
        }
    }

    /// Capitalises the first letter and ends with a full stop.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let body = first.uppercased() + text.dropFirst()
        return body.hasSuffix(".") || body.hasSuffix(":") ? body : body + "."
    }
}

extension Array where Element == RulesDescription.Item {
    /// This list, or one item saying `text` when it is empty.
    func ifEmpty(_ text: String) -> [RulesDescription.Item] {
        isEmpty ? [RulesDescription.Item(text.prefix(1).uppercased() + text.dropFirst() + ".")] : self
    }
}
