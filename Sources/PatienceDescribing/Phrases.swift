import PatienceCards
import PatienceChecking

/// Where a term is read, which decides what `pile`, `source` and the run are called.
package enum DescriptionContext: Sendable {
    case lift, accept, action, effect, deal, removal, table
}

/// Puts checked terms into English. Variables of quantifiers and `for` get names as they are met
/// (piles P, Q, R…, cards X, Y, Z…), so a nested condition stays unambiguous.
struct Phrases {
    let game: CheckedGame
    var context: DescriptionContext
    /// The names of the variables in scope, by frame slot.
    var variables: [Int: String] = [:]
    /// What `pile` is called in a lift or accept rule: `the pile`, or `the waste` for a zone of one pile.
    var ownPile = "the pile"
    private var pileNamesUsed = 0
    private var cardNamesUsed = 0

    init(game: CheckedGame, context: DescriptionContext) {
        self.game = game
        self.context = context
    }

    // MARK: names

    /// A zone's name as a player reads it: `tableau`, `free cell` for `free_cell`.
    static func zoneWord(_ name: String) -> String { name.replacingOccurrences(of: "_", with: " ") }

    func zone(_ piles: Range<Int>) -> CheckedZone? {
        game.zones.first { $0.piles == piles }
    }

    /// `the stock`, `the tableau` (a zone of several piles as a whole).
    func zonePhrase(_ piles: Range<Int>) -> String {
        guard let zone = zone(piles) else { return piles.count == 1 ? pile(.constant(piles.lowerBound)) : RulesDescription.gap }
        return "the " + Self.zoneWord(zone.name)
    }

    /// `tableau pile`, or `stock` for a zone of one pile.
    func pileNoun(_ piles: Range<Int>) -> String {
        guard let zone = zone(piles) else { return "pile" }
        return Self.zoneWord(zone.name) + (piles.count == 1 ? "" : " pile")
    }

    /// Names a new variable: P, Q, R, S, then P5, P6… for piles; X, Y, Z, then X4… for cards.
    mutating func bind(slot: Int, pile: Bool) -> String {
        let letters = pile ? ["P", "Q", "R", "S"] : ["X", "Y", "Z"]
        let used = pile ? pileNamesUsed : cardNamesUsed
        let name = used < letters.count ? letters[used] : "\(letters[0])\(used + 1)"
        if pile { pileNamesUsed += 1 } else { cardNamesUsed += 1 }
        variables[slot] = name
        return name
    }

    /// What a loop ranges over and the name of its variable: `tableau pile P`, `card X of the moving cards`.
    mutating func loopPhrase(_ loop: Loop) -> (every: String, name: String) {
        switch loop {
        case .piles(let piles, let slot, _):
            let name = bind(slot: slot, pile: true)
            return ("\(pileNoun(piles)) \(name)", name)
        case .cards(let slice, let slot, _):
            let over = self.slice(slice)
            let name = bind(slot: slot, pile: false)
            return ("card \(name) of \(over)", name)
        }
    }

    // MARK: piles, cards, runs

    func pile(_ term: PileTerm) -> String {
        switch term {
        case .playSource: return "the pile the play took its cards from"
        case .playDestination: return "the pile the play put its cards on"
        case .source:
            switch context {
            case .lift: return ownPile
            case .accept: return "the pile the cards come from"
            default: return "the source pile"
            }
        case .destination:
            switch context {
            case .accept: return ownPile
            case .action: return "the tapped pile"
            case .deal: return "the pile that received the card"
            default: return "the destination pile"
            }
        case .variable(let slot):
            return variables[slot] ?? "the given pile"
        case .constant(let index):
            guard let zone = game.zones.first(where: { $0.piles.contains(index) }) else { return RulesDescription.gap }
            if zone.piles.count == 1 { return "the " + Self.zoneWord(zone.name) }
            return "\(Self.zoneWord(zone.name)) pile \(index - zone.piles.lowerBound + 1)"
        case .zonePile(let piles, let position, _):
            if case .arithmetic(let op, .pileIndex(let other), .constant(1), _) = position, op == .add || op == .subtract {
                return "the \(pileNoun(piles)) \(op == .add ? "after" : "before") \(pile(other))"
            }
            return "\(pileNoun(piles)) number \(integer(position))"
        case .conditional(let condition, let a, let b):
            if let known = Self.fold(condition) { return pile(known ? a : b) }
            return "\(pile(a)) if \(bool(condition)), otherwise \(pile(b))"
        case .first(let loop, let condition, _):
            return firstPhrase(loop, condition)
        case .definition(let index):
            return definitionName(index)
        case .call(let index, let arguments):
            return call(index, arguments)
        }
    }

    /// `the first foundation pile that is empty`, or with the variable named when it is needed.
    func firstPhrase(_ loop: Loop, _ condition: BoolTerm) -> String {
        var inner = self
        let (phrase, name) = inner.loopPhrase(loop)
        let body = inner.bool(condition)
        if body.hasPrefix(name + " "), body.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).filter({ $0 == name }).count == 1 {
            switch loop {
            case .piles(let piles, _, _): return "the first \(pileNoun(piles)) that" + body.dropFirst(name.count)
            case .cards(let slice, _, _): return "the first card of \(self.slice(slice)) that" + body.dropFirst(name.count)
            }
        }
        return "the first \(phrase) such that \(body)"
    }

    func card(_ term: CardTerm) -> String {
        switch term {
        case .literal(let card):
            return Self.cardName(card)
        case .variable(let slot):
            if let name = variables[slot] { return name }
            return context == .deal ? "the card" : "the given card"
        case .end(let pileTerm, let fromTop, _):
            return "the \(fromTop ? "top" : "bottom") card of \(pile(pileTerm))"
        case .endOfSlice(let sliceTerm, let fromTop, _):
            if sliceTerm == .run { return fromTop ? "the top moving card" : "the bottom moving card" }
            return "the \(fromTop ? "top" : "bottom") card of \(slice(sliceTerm))"
        case .element(let sliceTerm, let position, _):
            // `p.cards[p.size - 1]`: the card under the top card.
            if case .pileCards(let p) = sliceTerm, case .arithmetic(.subtract, .pileSize(let q), .constant(let k), _) = position, p == q, k >= 0 {
                return k == 0 ? "the top card of \(pile(p))" : k == 1 ? "the card under the top card of \(pile(p))" : "the card \(k) below the top card of \(pile(p))"
            }
            if case .constant(let n) = position { return "card \(n) from the bottom of \(slice(sliceTerm))" }
            return "the card of \(slice(sliceTerm)) at position \(integer(position)) from the bottom"
        case .conditional(let condition, let a, let b):
            if let known = Self.fold(condition) { return card(known ? a : b) }
            return "\(card(a)) if \(bool(condition)), otherwise \(card(b))"
        case .first(let loop, let condition, _):
            return firstPhrase(loop, condition)
        case .definition(let index):
            return definitionName(index)
        case .call(let index, let arguments):
            return call(index, arguments)
        }
    }

    func slice(_ term: SliceTerm) -> String {
        switch term {
        case .run: return "the moving cards"
        case .pileCards(let pileTerm): return "the cards of \(pile(pileTerm))"
        case .topCards(let pileTerm, let count):
            if case .constant(let n) = count { return n == 1 ? "the top card of \(pile(pileTerm))" : "the top \(n) cards of \(pile(pileTerm))" }
            return "the top cards of \(pile(pileTerm)), as many as \(integer(count)),"
        case .definition(let index): return definitionName(index)
        case .call(let index, let arguments): return call(index, arguments)
        }
    }

    // MARK: definitions, memories, calls

    func definitionName(_ index: Int) -> String {
        guard game.definitions.indices.contains(index) else { return RulesDescription.gap }
        return "'\(game.definitions[index].name)'"
    }

    func memoryName(_ slot: Int) -> String {
        guard game.memories.indices.contains(slot) else { return RulesDescription.gap }
        return "'\(game.memories[slot].name)'"
    }

    func call(_ index: Int, _ arguments: [ArgumentTerm]) -> String {
        let values = arguments.map { argument -> String in
            switch argument {
            case .pile(_, let p): return pile(p)
            case .card(_, let c): return card(c)
            case .number(_, let n): return integer(n)
            }
        }
        return "\(definitionName(index)) of \(values.joined(separator: ", "))"
    }
}

extension PileTerm {
    /// Whether the pile term reads the variable in `slot` (only the shapes that name piles directly).
    func mentions(_ slot: Int) -> Bool {
        switch self {
        case .variable(let s): return s == slot
        case .conditional(_, let a, let b): return a.mentions(slot) || b.mentions(slot)
        default: return false
        }
    }
}
