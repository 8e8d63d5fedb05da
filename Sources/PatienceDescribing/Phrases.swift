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

    // MARK: numbers

    /// How a number reads; `asRank` and `asSuit` read constants as ranks or suits.
    func integer(_ term: IntTerm, as kind: ValueKind = .number) -> String {
        switch term {
        case .constant(let value):
            return Self.constant(value, as: kind)
        case .dealIndex: return "the pile's position in its zone"
        case .pileSize(let pileTerm): return "the number of cards in \(pile(pileTerm))"
        case .zoneSize(let piles): return "the number of cards in \(zonePhrase(piles))"
        case .sliceSize(let sliceTerm): return sliceTerm == .run ? "the number of moving cards" : "the number of \(slice(sliceTerm))"
        case .pileIndex(let pileTerm): return "the position of \(pile(pileTerm)) in its zone"
        case .faceDownCount(let pileTerm): return "the number of face-down cards in \(pile(pileTerm))"
        case .rank(let cardTerm): return "the rank of \(card(cardTerm))"
        case .suit(let cardTerm): return "the suit of \(card(cardTerm))"
        case .color(let cardTerm): return "the colour of \(card(cardTerm))"
        case .suitColor(let suit): return "the colour of \(integer(suit, as: .suit))"
        case .negate(let value): return "minus \(integer(value))"
        case .arithmetic(let op, let a, let b, _):
            let word: String
            switch op {
            case .add: word = "plus"
            case .subtract: word = "minus"
            case .multiply: word = "times"
            case .divide: word = "divided by"
            case .remainder: word = "modulo"
            case .power: word = "to the power of"
            }
            return "\(operand(a)) \(word) \(operand(b))"
        case .minimum(let a, let b): return "the smaller of \(integer(a)) and \(integer(b))"
        case .maximum(let a, let b): return "the larger of \(integer(a)) and \(integer(b))"
        case .conditional(let condition, let a, let b):
            if let known = Self.fold(condition) { return integer(known ? a : b, as: kind) }
            return "\(integer(a, as: kind)) if \(bool(condition)), otherwise \(integer(b, as: kind))"
        case .segments(let sliceTerm, let relation):
            return "the number of sequences (each card \(Self.relationPhrase(relation, lower: "the card under it"))) that \(slice(sliceTerm)) fall into"
        case .count(let loop, let condition):
            var inner = self
            let (every, name) = inner.loopPhrase(loop)
            let body = inner.bool(condition)
            if body.hasPrefix(name + " "), body.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).filter({ $0 == name }).count == 1 {
                let rest = body.dropFirst(name.count + 1)
                for (singular, plural) in [("is ", "are "), ("holds ", "hold "), ("has ", "have "), ("does ", "do ")] where rest.hasPrefix(singular) {
                    let noun: String
                    switch loop {
                    case .piles(let piles, _, _): noun = pileNoun(piles) + "s"
                    case .cards(let slice, _, _): noun = "cards of \(self.slice(slice))"
                    }
                    return "the number of \(noun) that \(plural)\(rest.dropFirst(singular.count))"
                }
            }
            return "the number of \(Self.plural(every)) such that \(body)"
        case .sum(let loop, let value):
            var inner = self
            let (every, _) = inner.loopPhrase(loop)
            return "the sum over every \(every) of \(inner.integer(value))"
        case .definition(let index): return definitionName(index)
        case .memory(let slot): return memoryName(slot)
        case .actionUses(let index):
            guard game.actions.indices.contains(index) else { return RulesDescription.gap }
            return "the number of times '\(game.actions[index].name)' has been used"
        case .absolute(let value): return "the absolute value of \(integer(value))"
        case .truth(let condition): return "1 if \(bool(condition)), otherwise 0"
        case .numberParameter(let slot): return variables[slot] ?? "the given number"
        case .call(let index, let arguments): return call(index, arguments)
        }
    }

    /// A number inside arithmetic, in parentheses when it is arithmetic itself.
    func operand(_ term: IntTerm) -> String {
        if case .arithmetic = term { return "(\(integer(term)))" }
        return integer(term)
    }

    /// How a constant compared with a rank, a suit or a colour reads.
    enum ValueKind { case number, rank, suit, colour, cards }

    static func constant(_ value: Int, as kind: ValueKind) -> String {
        if value == Int.max { return "unlimited" }
        switch kind {
        case .number: return String(value)
        case .cards: return value == 1 ? "1 card" : "\(value) cards"
        case .rank: return (1...13).contains(value) ? rankWord(value) : String(value)
        case .suit: return Suit(rawValue: value).map(suitWord) ?? String(value)
        case .colour: return value == 1 ? "red" : value == 0 ? "black" : String(value)
        }
    }

    /// The kind of value a number term is, so a constant compared with it reads the same way.
    static func kind(of term: IntTerm) -> ValueKind {
        switch term {
        case .rank: return .rank
        case .suit: return .suit
        case .color, .suitColor: return .colour
        case .pileSize, .zoneSize, .sliceSize: return .cards
        default: return .number
        }
    }

    static func rankWord(_ rank: Int) -> String {
        ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"][rank - 1]
    }

    static func suitWord(_ suit: Suit) -> String {
        switch suit {
        case .clubs: return "clubs"
        case .diamonds: return "diamonds"
        case .hearts: return "hearts"
        case .spades: return "spades"
        }
    }

    static func cardName(_ card: Card) -> String {
        card.isJoker ? "a joker" : "the \(rankWord(card.rank)) of \(suitWord(card.suit))"
    }

    static func article(_ word: String) -> String {
        ("aeiou".contains(word.first ?? "x") ? "an " : "a ") + word
    }

    /// `tableau pile P` → `tableau piles P`; `card X of …` → `cards X of …`.
    static func plural(_ phrase: String) -> String {
        if phrase.hasPrefix("card ") { return "cards " + phrase.dropFirst(5) }
        if let range = phrase.range(of: " pile ") { return phrase.replacingCharacters(in: range, with: " piles ") }
        var words = phrase.split(separator: " ").map(String.init)
        if words.count >= 2 { words[words.count - 2] += "s" }
        return words.joined(separator: " ")
    }

    // MARK: conditions

    func bool(_ term: BoolTerm) -> String {
        switch term {
        case .constant(let value): return value ? "always" : "never"
        case .not(let inner): return negated(inner)
        case .and:
            return Self.joined(Self.flattened(term, and: true).map { bool($0) }, "and")
        case .or:
            let parts = Self.flattened(term, and: false).map { bool($0) }
            return (parts.count == 2 ? "either " : "") + Self.joined(parts, "or")
        case .compare(let a, let comparison, let b): return compare(a, comparison, b)
        case .sameTruth(let a, let b, let equal):
            return equal ? "\(bool(a)) exactly when \(bool(b))" : "either \(bool(a)) or \(bool(b)), but not both"
        case .sameCard(let a, let b, let equal): return "\(card(a)) is \(equal ? "" : "not ")\(card(b))"
        case .samePile(let a, let b, let equal): return "\(pile(a)) is \(equal ? "" : "not ")\(pile(b))"
        case .pileEmpty(let pileTerm): return "\(pile(pileTerm)) is empty"
        case .zoneEmpty(let piles): return "every \(pileNoun(piles)) is empty"
        case .sliceEmpty(let sliceTerm): return "there are no \(slice(sliceTerm))"
        case .sliceFaceUp(let sliceTerm): return "\(slice(sliceTerm)) are all face up"
        case .cardFaceUp(let cardTerm): return "\(card(cardTerm)) is face up"
        case .builds(let lower, let upper, let relation):
            return "\(card(upper)) is \(Self.relationPhrase(relation, lower: card(lower)))"
        case .sequence(let sliceTerm, let relation):
            return "each of \(slice(sliceTerm)) is \(Self.relationPhrase(relation, lower: "the card under it"))"
        case .all(let loop, let condition):
            if case .piles(let piles, let slot, _) = loop, case .samePile(.variable(slot), let other, false) = condition, !other.mentions(slot) {
                return "\(pile(other)) is not \(Self.article(pileNoun(piles)))"
            }
            return quantified(loop, condition, every: "every", some: "for every")
        case .any(let loop, let condition):
            if case .piles(let piles, let slot, _) = loop, case .samePile(.variable(slot), let other, true) = condition, !other.mentions(slot) {
                return "\(pile(other)) is \(Self.article(pileNoun(piles)))"
            }
            return quantified(loop, condition, every: "some", some: "for some")
        case .conditional(let condition, let a, let b):
            if let known = Self.fold(condition) { return bool(known ? a : b) }
            return "\(bool(a)) if \(bool(condition)), otherwise \(bool(b))"
        case .definition(let index): return definitionName(index)
        case .memory(let slot): return memoryName(slot)
        case .isJoker(let cardTerm): return "\(card(cardTerm)) is a joker"
        case .call(let index, let arguments): return call(index, arguments)
        }
    }

    /// `every tableau pile is empty` when the condition is about its variable once, as its
    /// subject; otherwise `for every tableau pile P, …` with the variable named.
    func quantified(_ loop: Loop, _ condition: BoolTerm, every: String, some: String) -> String {
        var inner = self
        let (phrase, name) = inner.loopPhrase(loop)
        let body = inner.bool(condition)
        let words = body.split { !$0.isLetter && !$0.isNumber }
        if body.hasPrefix(name + " "), words.filter({ $0 == name }).count == 1 {
            let subject: String
            switch loop {
            case .piles(let piles, _, _): subject = "\(every) \(pileNoun(piles))"
            case .cards(let slice, _, _): subject = "\(every) card of \(self.slice(slice))"
            }
            return subject + body.dropFirst(name.count)
        }
        return "\(some) \(phrase), \(body)"
    }

    /// The value of a condition that the options' values decide (`draw == 3` once `draw` is known).
    static func fold(_ term: BoolTerm) -> Bool? {
        switch term {
        case .constant(let value): return value
        case .not(let inner): return fold(inner).map { !$0 }
        case .and(let a, let b):
            if fold(a) == false || fold(b) == false { return false }
            if let x = fold(a), let y = fold(b) { return x && y }
            return nil
        case .or(let a, let b):
            if fold(a) == true || fold(b) == true { return true }
            if let x = fold(a), let y = fold(b) { return x || y }
            return nil
        case .compare(.constant(let x), let comparison, .constant(let y)):
            switch comparison {
            case .equal: return x == y
            case .notEqual: return x != y
            case .less: return x < y
            case .lessEqual: return x <= y
            case .greater: return x > y
            case .greaterEqual: return x >= y
            }
        default: return nil
        }
    }

    /// The operands of a chain of `and` (or of `or`), in order.
    static func flattened(_ term: BoolTerm, and: Bool) -> [BoolTerm] {
        switch term {
        case .and(let a, let b) where and: return flattened(a, and: true) + flattened(b, and: true)
        case .or(let a, let b) where !and: return flattened(a, and: false) + flattened(b, and: false)
        default: return [term]
        }
    }

    /// `a and b`, `a, b and c`.
    static func joined(_ parts: [String], _ word: String) -> String {
        parts.count <= 2 ? parts.joined(separator: " \(word) ") : parts.dropLast().joined(separator: ", ") + " \(word) " + parts[parts.count - 1]
    }

    /// The negation of a condition, in words where English has them.
    func negated(_ term: BoolTerm) -> String {
        switch term {
        case .pileEmpty(let pileTerm): return "\(pile(pileTerm)) is not empty"
        case .zoneEmpty(let piles): return "some \(pileNoun(piles)) is not empty"
        case .sliceEmpty(let sliceTerm): return "there are \(slice(sliceTerm))"
        case .cardFaceUp(let cardTerm): return "\(card(cardTerm)) is face down"
        case .isJoker(let cardTerm): return "\(card(cardTerm)) is not a joker"
        case .compare(let a, let comparison, let b): return compare(a, comparison.negated, b)
        case .sameCard(let a, let b, let equal): return bool(.sameCard(a, b, equal: !equal))
        case .samePile(let a, let b, let equal): return bool(.samePile(a, b, equal: !equal))
        case .all(let loop, let condition): return bool(.any(loop, .not(condition)))
        case .any(let loop, let condition):
            return quantified(loop, condition, every: "no", some: "for no")
        case .not(let inner): return bool(inner)
        case .definition, .memory, .call: return "\(bool(term)) is false"
        case .and:
            return "not all of these hold: " + Self.joined(Self.flattened(term, and: true).map { bool($0) }, "and")
        case .or:
            return "none of these holds: " + Self.joined(Self.flattened(term, and: false).map { bool($0) }, "or")
        default: return "it is not so that \(bool(term))"
        }
    }

    func compare(_ a: IntTerm, _ comparison: Comparison, _ b: IntTerm) -> String {
        let kind = Self.kind(of: a) == .number ? Self.kind(of: b) : Self.kind(of: a)
        // `the bottom moving card is a king`, `the top card of P is not an ace`.
        if case .rank(let cardTerm) = a, case .constant(let r) = b, (1...13).contains(r), comparison == .equal || comparison == .notEqual {
            return "\(card(cardTerm)) is \(comparison == .equal ? "" : "not ")\(Self.article(Self.rankWord(r)))"
        }
        // `X has the same rank as the bottom moving card`.
        if comparison == .equal || comparison == .notEqual {
            let verb = comparison == .equal ? "has" : "does not have"
            switch (a, b) {
            case (.rank(let x), .rank(let y)): return "\(card(x)) \(verb) the same rank as \(card(y))"
            case (.suit(let x), .suit(let y)): return "\(card(x)) \(verb) the same suit as \(card(y))"
            case (.color(let x), .color(let y)): return "\(card(x)) \(verb) the same colour as \(card(y))"
            default: break
            }
        }
        // `P holds 13 cards`, `the moving cards are a single card`.
        if case .constant(let n) = b, n != Int.max {
            switch a {
            case .pileSize(let pileTerm):
                return "\(pile(pileTerm)) holds \(Self.amount(comparison, n))"
            case .sliceSize(.run):
                if n == 1, comparison == .equal { return "a single card is moving" }
                return "\(Self.amount(comparison, n)) are moving".replacingOccurrences(of: "1 card are", with: "1 card is")
            default: break
            }
        }
        let words: String
        switch comparison {
        case .equal: words = "is"
        case .notEqual: words = "is not"
        case .less: words = "is less than"
        case .lessEqual: words = "is at most"
        case .greater: words = "is more than"
        case .greaterEqual: words = "is at least"
        }
        let left = kind == .cards ? integer(a) : integer(a, as: kind)
        let right = kind == .cards ? integer(b) : integer(b, as: kind)
        return "\(left) \(words) \(right)"
    }

    /// `exactly 13 cards`, `at most 3 cards`, `no cards`, `some cards`.
    static func amount(_ comparison: Comparison, _ n: Int) -> String {
        let cards = n == 1 ? "1 card" : "\(n) cards"
        switch comparison {
        case .equal: return n == 0 ? "no cards" : cards
        case .notEqual: return "other than \(cards)"
        case .less: return n == 1 ? "no cards" : "fewer than \(cards)"
        case .lessEqual: return "at most \(cards)"
        case .greater: return n == 0 ? "some cards" : "more than \(cards)"
        case .greaterEqual: return "at least \(cards)"
        }
    }

    /// How a card placed on `lower` must relate to it: `one rank below the top card and of the other colour`.
    static func relationPhrase(_ relation: BuildRelation, lower: String) -> String {
        var parts: [String] = []
        switch relation.step {
        case .down: parts.append("one rank below \(lower)")
        case .up: parts.append("one rank above \(lower)")
        case .upOrDown: parts.append("one rank above or below \(lower)")
        case .sameRank: parts.append("of the same rank as \(lower)")
        case .anyRank: break
        }
        let of = parts.isEmpty ? "" : "of "
        switch relation.suit {
        case .sameSuit: parts.append("\(of)the same suit\(parts.isEmpty ? " as \(lower)" : "")")
        case .alternateColour: parts.append("\(of)the other colour\(parts.isEmpty ? " from \(lower)" : "")")
        case .sameColour: parts.append("\(of)the same colour\(parts.isEmpty ? " as \(lower)" : "")")
        case .otherSuit: parts.append("\(of)another suit\(parts.isEmpty ? " than \(lower)" : "")")
        case .anySuit: if parts.isEmpty { parts.append("free to go on \(lower)") }
        }
        var phrase = parts.joined(separator: " and ")
        if relation.wraps, relation.step != .anyRank, relation.step != .sameRank { phrase += " (an ace and a king are neighbours)" }
        return phrase
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
