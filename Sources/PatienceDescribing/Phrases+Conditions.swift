import PatienceCards
import PatienceChecking

extension Phrases {
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
        case .pileInZone(let p, let piles, _): return "\(pile(p)) is \(Self.article(pileNoun(piles)))"
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
        case .pileInZone(let p, let piles, _): return "\(pile(p)) is not \(Self.article(pileNoun(piles)))"
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
}
