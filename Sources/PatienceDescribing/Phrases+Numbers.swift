import PatienceCards
import PatienceChecking

extension Phrases {
    // MARK: numbers

    /// How a number reads; `asRank` and `asSuit` read constants as ranks or suits.
    func integer(_ term: IntTerm, as kind: ValueKind = .number) -> String {
        switch term {
        case .constant(let value):
            return Self.constant(value, as: kind)
        case .dealIndex: return "the pile's position in its zone"
        case .playSize: return "the number of cards the play moved"
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
        case .sum(.piles(let piles, let slot, _), .pileSize(.variable(let v))) where v == slot:
            return "the number of cards in \(zonePhrase(piles))"
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
}
