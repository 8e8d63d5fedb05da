import PatienceDiagnostics
import PatienceCards

/// The run-time forms of the language's expressions: one closure for each construct, which reads
/// the table straight from the frame (no name lookups, string compares or allocations). The
/// compiler builds a rule from these, choosing the direct forms (`DirectPile`, `DirectCard`,
/// `DirectInt`, `DirectTest`) where an operand is that simple, so that the commonest shapes are one
/// closure rather than a chain of them. Every closure here means what Grammar.md, sections 4 and 6, says.
package enum Evaluator {
    // MARK: Numbers

    package static func constant(_ n: Int) -> IntCode { { _ in n } }

    /// `index` in a deal line's count, which the dealer keeps where a move keeps its destination.
    package static var dealIndex: IntCode { { f in f.destination } }

    /// `move.size` in an effect: the cards the play that set the effects off moved.
    package static var playSize: IntCode { { f in f.play.size } }

    /// `move.source` in an effect.
    package static var playSource: PileCode { { f in f.play.source } }

    /// `move.destination` in an effect.
    package static var playDestination: PileCode { { f in f.play.destination } }

    package static func read(_ value: DirectInt) -> IntCode { { f throws(EvaluationFault) in try value.read(&f) } }

    package static func read(_ pair: DirectPair) -> IntCode { { f throws(EvaluationFault) in try pair.read(&f) } }

    package static func pileSize(_ pile: @escaping PileCode) -> IntCode {
        { f throws(EvaluationFault) in try f.piles[pile(&f)].cards.count }
    }

    package static func zoneSize(_ piles: Range<Int>) -> IntCode {
        { f in
            var total = 0
            for p in piles { total += f.piles[p].cards.count }
            return total
        }
    }

    package static func sliceSize(_ slice: @escaping SliceCode) -> IntCode { { f throws(EvaluationFault) in try slice(&f).count } }

    /// `p.index`, from the flat index of each pile's zone's first pile.
    package static func pileIndex(_ pile: @escaping PileCode, zoneStarts: [Int]) -> IntCode {
        { f throws(EvaluationFault) in
            let p = try pile(&f)
            return p - zoneStarts[p] + 1
        }
    }

    package static func faceDownCount(_ pile: @escaping PileCode) -> IntCode {
        { f throws(EvaluationFault) in
            let cards = try f.piles[pile(&f)].cards
            var n = 0
            for c in cards where !c.isFaceUp { n += 1 }
            return n
        }
    }

    package static func rank(_ card: @escaping CardCode) -> IntCode { { f throws(EvaluationFault) in try card(&f).card.rank } }
    package static func suit(_ card: @escaping CardCode) -> IntCode { { f throws(EvaluationFault) in try card(&f).card.suitIndex } }
    package static func color(_ card: @escaping CardCode) -> IntCode { { f throws(EvaluationFault) in try card(&f).card.color.rawValue } }

    package static func suitColor(_ suit: @escaping IntCode) -> IntCode {
        { f throws(EvaluationFault) in Suit(rawValue: try suit(&f))?.color.rawValue ?? 0 }
    }

    package static func negate(_ value: @escaping IntCode) -> IntCode { { f throws(EvaluationFault) in Arithmetic.subtract(0, try value(&f)) } }

    /// `a op b`; `/` and `%` fault with `zero` on a zero divisor.
    package static func arithmetic(_ op: ArithmeticOperator, _ l: @escaping IntCode, _ r: @escaping IntCode, zero: EvaluationFault) -> IntCode {
        switch op {
        case .add: return { f throws(EvaluationFault) in Arithmetic.add(try l(&f), try r(&f)) }
        case .subtract: return { f throws(EvaluationFault) in Arithmetic.subtract(try l(&f), try r(&f)) }
        case .multiply: return { f throws(EvaluationFault) in Arithmetic.multiply(try l(&f), try r(&f)) }
        case .power: return { f throws(EvaluationFault) in Arithmetic.power(try l(&f), try r(&f)) }
        case .divide, .remainder:
            return { f throws(EvaluationFault) in
                guard let value = Arithmetic.apply(op, try l(&f), try r(&f)) else { throw zero }
                return value
            }
        }
    }

    /// `+`, `-`, `*` and `^` with a constant operand (`free + 1`, `2 ^ n`), read from the closure's
    /// context instead of called; nil for the other operators and shapes.
    package static func arithmetic(_ op: ArithmeticOperator, _ l: @escaping IntCode, leftConstant: Int?,
                           _ r: @escaping IntCode, rightConstant: Int?) -> IntCode? {
        switch (op, leftConstant, rightConstant) {
        case (.add, _, let k?): return { f throws(EvaluationFault) in Arithmetic.add(try l(&f), k) }
        case (.subtract, _, let k?): return { f throws(EvaluationFault) in Arithmetic.subtract(try l(&f), k) }
        case (.multiply, _, let k?): return { f throws(EvaluationFault) in Arithmetic.multiply(try l(&f), k) }
        // `2 ^ n`, as in FreeCell's capacity: a shift.
        case (.power, 2?, _): return { f throws(EvaluationFault) in Arithmetic.powerOfTwo(try r(&f)) }
        case (.power, let k?, _): return { f throws(EvaluationFault) in Arithmetic.power(k, try r(&f)) }
        default: return nil
        }
    }

    package static func minimum(_ a: @escaping IntCode, _ b: @escaping IntCode) -> IntCode {
        { f throws(EvaluationFault) in
            let x = try a(&f), y = try b(&f)
            return Swift.min(x, y)
        }
    }

    package static func maximum(_ a: @escaping IntCode, _ b: @escaping IntCode) -> IntCode {
        { f throws(EvaluationFault) in
            let x = try a(&f), y = try b(&f)
            return Swift.max(x, y)
        }
    }

    package static func segments(_ slice: @escaping SliceCode, _ relation: BuildRelation) -> IntCode {
        { f throws(EvaluationFault) in
            let s = try slice(&f)
            return Sequences.segments(from: s.start, count: s.count, relation) { f.piles[s.pile].cards[$0].card }
        }
    }

    /// A number that reads no destination and no bound variable, worked out once for the run
    /// the frame holds and then read from the frame (`RunMemo`). A fault is not kept: the next
    /// destination works it out again and faults alike.
    package static func perRun(_ slot: Int, _ code: @escaping IntCode) -> IntCode {
        { f throws(EvaluationFault) in
            if let value = f.memo.value(slot) { return value }
            let value = try code(&f)
            f.memo.store(value, slot)
            return value
        }
    }

    /// A condition kept as `perRun(_:_:)` keeps a number.
    package static func perRun(_ slot: Int, _ code: @escaping BoolCode) -> BoolCode {
        { f throws(EvaluationFault) in
            if let value = f.memo.value(slot) { return value != 0 }
            let value = try code(&f)
            f.memo.store(value ? 1 : 0, slot)
            return value
        }
    }

    /// `count(t in zone: test(t) and t != pile)` as the count over the whole zone, which reads no
    /// destination (and so may be `perRun`), less one when the destination lies in the zone and
    /// meets the test: the same number, counted once per run instead of once per destination.
    package static func countExcludingDestination(_ total: @escaping IntCode, piles: Range<Int>, destinationMeets test: @escaping BoolCode) -> IntCode {
        { f throws(EvaluationFault) in
            let n = try total(&f)
            if piles.contains(f.destination), try test(&f) { return n - 1 }
            return n
        }
    }

    // MARK: Conditions

    package static func constant(_ b: Bool) -> BoolCode { { _ in b } }

    package static func test(_ test: DirectTest) -> BoolCode { test.code }

    package static func not(_ value: @escaping BoolCode) -> BoolCode { { f throws(EvaluationFault) in try !value(&f) } }

    package static func and(_ l: @escaping BoolCode, _ r: @escaping BoolCode) -> BoolCode {
        { f throws(EvaluationFault) in
            guard try l(&f) else { return false }
            return try r(&f)
        }
    }

    package static func or(_ l: @escaping BoolCode, _ r: @escaping BoolCode) -> BoolCode {
        { f throws(EvaluationFault) in
            if try l(&f) { return true }
            return try r(&f)
        }
    }

    package static func compare(_ l: @escaping IntCode, _ comparison: Comparison, _ r: @escaping IntCode) -> BoolCode {
        switch comparison {
        case .equal: return { f throws(EvaluationFault) in try l(&f) == r(&f) }
        case .notEqual: return { f throws(EvaluationFault) in try l(&f) != r(&f) }
        case .less: return { f throws(EvaluationFault) in try l(&f) < r(&f) }
        case .lessEqual: return { f throws(EvaluationFault) in try l(&f) <= r(&f) }
        case .greater: return { f throws(EvaluationFault) in try l(&f) > r(&f) }
        case .greaterEqual: return { f throws(EvaluationFault) in try l(&f) >= r(&f) }
        }
    }

    /// A sum, difference or product of two direct numbers compared with a constant
    /// (`a.top.rank + b.top.rank == 14`): one closure, not four.
    package static func compare(_ pair: DirectPair, _ comparison: Comparison, constant k: Int) -> BoolCode {
        { f throws(EvaluationFault) in comparison.holds(try pair.read(&f), k) }
    }

    /// A comparison with a constant, the commonest case (`run.size == 1`): one closure, not two.
    package static func compare(_ l: @escaping IntCode, _ comparison: Comparison, constant k: Int) -> BoolCode {
        switch comparison {
        case .equal: return { f throws(EvaluationFault) in try l(&f) == k }
        case .notEqual: return { f throws(EvaluationFault) in try l(&f) != k }
        case .less: return { f throws(EvaluationFault) in try l(&f) < k }
        case .lessEqual: return { f throws(EvaluationFault) in try l(&f) <= k }
        case .greater: return { f throws(EvaluationFault) in try l(&f) > k }
        case .greaterEqual: return { f throws(EvaluationFault) in try l(&f) >= k }
        }
    }

    package static func sameTruth(_ l: @escaping BoolCode, _ r: @escaping BoolCode, equal: Bool) -> BoolCode {
        { f throws(EvaluationFault) in try (l(&f) == r(&f)) == equal }
    }

    /// Cards compare by value (rank and suit), not identity, so `top == KS` works in any deck.
    package static func sameCard(_ l: @escaping CardCode, _ r: @escaping CardCode, equal: Bool) -> BoolCode {
        { f throws(EvaluationFault) in try (l(&f).card.rawValue % 52 == r(&f).card.rawValue % 52) == equal }
    }

    package static func samePile(_ l: @escaping PileCode, _ r: @escaping PileCode, equal: Bool) -> BoolCode {
        { f throws(EvaluationFault) in try (l(&f) == r(&f)) == equal }
    }

    /// `p in zone`, spending the steps a walk over the zone to the pile would (`PileInZone`).
    package static func pileInZone(_ pile: @escaping PileCode, _ zone: Range<Int>, exhausted: EvaluationFault) -> BoolCode {
        { f throws(EvaluationFault) in
            let p = try pile(&f)
            let found = zone.contains(p)
            try f.spend(found ? p - zone.lowerBound + 1 : zone.count, exhausted)
            return found
        }
    }

    package static func pileEmpty(_ pile: @escaping PileCode) -> BoolCode {
        { f throws(EvaluationFault) in try f.piles[pile(&f)].cards.isEmpty }
    }

    package static func zoneEmpty(_ piles: Range<Int>) -> BoolCode {
        { f in piles.allSatisfy { f.piles[$0].cards.isEmpty } }
    }

    package static func sliceEmpty(_ slice: @escaping SliceCode) -> BoolCode { { f throws(EvaluationFault) in try slice(&f).count == 0 } }

    package static func sliceFaceUp(_ slice: @escaping SliceCode) -> BoolCode {
        { f throws(EvaluationFault) in
            let s = try slice(&f)
            let cards = f.piles[s.pile].cards
            for i in s.start..<(s.start + s.count) where !cards[i].isFaceUp { return false }
            return true
        }
    }

    package static func cardFaceUp(_ card: @escaping CardCode) -> BoolCode { { f throws(EvaluationFault) in try card(&f).isFaceUp } }

    package static func cardFaceUp(_ card: DirectCard) -> BoolCode { { f throws(EvaluationFault) in try card.read(&f).isFaceUp } }

    package static func builds(_ lower: @escaping CardCode, _ upper: @escaping CardCode, _ relation: BuildRelation) -> BoolCode {
        { f throws(EvaluationFault) in relation.builds(try lower(&f).card, try upper(&f).card) }
    }

    package static func builds(_ lower: DirectCard, _ upper: DirectCard, _ relation: BuildRelation) -> BoolCode {
        { f throws(EvaluationFault) in relation.builds(try lower.read(&f).card, try upper.read(&f).card) }
    }

    package static func sequence(_ slice: @escaping SliceCode, _ relation: BuildRelation) -> BoolCode {
        { f throws(EvaluationFault) in
            let s = try slice(&f)
            return Sequences.holds(from: s.start, count: s.count, relation) { f.piles[s.pile].cards[$0].card }
        }
    }

    // MARK: Cards

    package static func card(_ card: Card) -> CardCode {
        let placed = PlacedCard(card, faceUp: true)
        return { _ in placed }
    }

    package static func read(_ card: DirectCard) -> CardCode { { f throws(EvaluationFault) in try card.read(&f) } }

    /// `p.top` or `p.bottom`.
    package static func end(of pile: @escaping PileCode, fromTop: Bool, empty: EvaluationFault) -> CardCode {
        { f throws(EvaluationFault) in
            let cards = try f.piles[pile(&f)].cards
            guard let card = fromTop ? cards.last : cards.first else { throw empty }
            return card
        }
    }

    /// `s.first` or `s.last`.
    package static func end(of slice: @escaping SliceCode, fromTop: Bool, empty: EvaluationFault) -> CardCode {
        { f throws(EvaluationFault) in
            let s = try slice(&f)
            guard s.count > 0 else { throw empty }
            return f.card(in: s, at: fromTop ? s.count - 1 : 0)
        }
    }

    /// `s[i]`, from 1 at the bottom.
    package static func element(_ slice: @escaping SliceCode, _ index: @escaping IntCode, outside: EvaluationFault) -> CardCode {
        { f throws(EvaluationFault) in
            let s = try slice(&f)
            let i = try index(&f)
            guard i >= 1 && i <= s.count else { throw outside }
            return f.card(in: s, at: i - 1)
        }
    }

    // MARK: Runs and piles

    package static var run: SliceCode { { f in f.run } }

    package static func pileCards(_ pile: @escaping PileCode) -> SliceCode {
        { f throws(EvaluationFault) in
            let p = try pile(&f)
            return CardSlice(pile: p, start: 0, count: f.piles[p].cards.count)
        }
    }

    /// `top(p, n)`: the top `max(0, min(n, p.size))` cards.
    package static func topCards(_ pile: @escaping PileCode, _ count: @escaping IntCode) -> SliceCode {
        { f throws(EvaluationFault) in
            let p = try pile(&f)
            let size = f.piles[p].cards.count
            let take = Swift.max(0, Swift.min(try count(&f), size))
            return CardSlice(pile: p, start: size - take, count: take)
        }
    }

    package static func read(_ pile: DirectPile) -> PileCode { { f in pile.read(&f) } }

    /// `zone[i]`, from 1.
    package static func zonePile(_ piles: Range<Int>, _ index: @escaping IntCode, outside: EvaluationFault) -> PileCode {
        { f throws(EvaluationFault) in
            let i = try index(&f)
            guard i >= 1 && i <= piles.count else { throw outside }
            return piles.lowerBound + i - 1
        }
    }

    // MARK: Conditionals
    // One per type: a closure returned from a generic function would be called through
    // reabstraction thunks.

    package static func conditional(_ c: @escaping BoolCode, _ a: @escaping IntCode, _ b: @escaping IntCode) -> IntCode {
        { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }
    }

    package static func conditional(_ c: @escaping BoolCode, _ a: @escaping BoolCode, _ b: @escaping BoolCode) -> BoolCode {
        { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }
    }

    package static func conditional(_ c: @escaping BoolCode, _ a: @escaping CardCode, _ b: @escaping CardCode) -> CardCode {
        { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }
    }

    package static func conditional(pile c: @escaping BoolCode, _ a: @escaping PileCode, _ b: @escaping PileCode) -> PileCode {
        { f throws(EvaluationFault) in try c(&f) ? a(&f) : b(&f) }
    }
}

/// The run-time forms of the constructs of state: memory, action uses, `abs`, parameterised
/// definitions, and the card readings of a deck with jokers or aces high (`CardOrder`).
extension Evaluator {
    /// A `memory` value.
    package static func memory(_ slot: Int) -> IntCode { { f in f.memory(slot) } }

    /// A condition kept in memory (0 or 1).
    package static func memoryFlag(_ slot: Int) -> BoolCode { { f in f.memory(slot) != 0 } }

    /// `uses(action)`: how often the action has been taken.
    package static func uses(ofAction action: Int) -> IntCode { { f in f.uses(ofAction: action) } }

    /// `abs(a)`, saturating: the smallest number's absolute value is `unlimited`.
    package static func absolute(_ value: @escaping IntCode) -> IntCode {
        { f throws(EvaluationFault) in
            let v = try value(&f)
            return v < 0 ? Arithmetic.subtract(0, v) : v
        }
    }

    /// A condition as a number, 1 or 0, for storing in memory.
    package static func truth(_ value: @escaping BoolCode) -> IntCode { { f throws(EvaluationFault) in try value(&f) ? 1 : 0 } }

    // MARK: Cards in a deck with jokers or aces high

    package static func rank(_ card: @escaping CardCode, _ order: CardOrder) -> IntCode {
        { f throws(EvaluationFault) in order.rank(try card(&f).card) }
    }

    package static func suit(_ card: @escaping CardCode, _ order: CardOrder) -> IntCode {
        { f throws(EvaluationFault) in order.suit(try card(&f).card) }
    }

    package static func color(_ card: @escaping CardCode, _ order: CardOrder) -> IntCode {
        { f throws(EvaluationFault) in order.color(try card(&f).card) }
    }

    /// `card.joker`.
    package static func isJoker(_ card: @escaping CardCode) -> BoolCode { { f throws(EvaluationFault) in try card(&f).card.isJoker } }

    /// Cards compared by value: rank and suit, every joker equal to every other.
    package static func sameValue(_ l: @escaping CardCode, _ r: @escaping CardCode, equal: Bool) -> BoolCode {
        { f throws(EvaluationFault) in try (l(&f).card.value == r(&f).card.value) == equal }
    }

    package static func builds(_ lower: @escaping CardCode, _ upper: @escaping CardCode, _ relation: BuildRelation, _ order: CardOrder) -> BoolCode {
        { f throws(EvaluationFault) in order.builds(relation, try lower(&f).card, try upper(&f).card) }
    }

    package static func sequence(_ slice: @escaping SliceCode, _ relation: BuildRelation, _ order: CardOrder) -> BoolCode {
        let ordered = OrderedRelation(relation: relation, order: order)
        return { f throws(EvaluationFault) in
            let s = try slice(&f)
            return Sequences.holds(from: s.start, count: s.count, ordered) { f.piles[s.pile].cards[$0].card }
        }
    }

    package static func segments(_ slice: @escaping SliceCode, _ relation: BuildRelation, _ order: CardOrder) -> IntCode {
        let ordered = OrderedRelation(relation: relation, order: order)
        return { f throws(EvaluationFault) in
            let s = try slice(&f)
            return Sequences.segments(from: s.start, count: s.count, ordered) { f.piles[s.pile].cards[$0].card }
        }
    }

    // MARK: Parameterised definitions

    /// Where a call's argument is bound: a pile, number or card slot of the frame.
    struct ArgumentSlot {
        enum Kind { case pile, number, card }
        var kind: Kind
        var slot: Int

        init(_ argument: Argument) {
            switch argument {
            case .pile(let slot, _): (kind, self.slot) = (.pile, slot)
            case .number(let slot, _): (kind, self.slot) = (.number, slot)
            case .card(let slot, _): (kind, self.slot) = (.card, slot)
            }
        }
    }

    /// An argument's value as one integer: a pile or a number as it is, a card as its raw value
    /// and face (bit 16).
    private static func valueCode(_ argument: Argument) -> IntCode {
        switch argument {
        case .pile(_, let code), .number(_, let code):
            return code
        case .card(_, let code):
            return { f throws(EvaluationFault) in
                let card = try code(&f)
                return Int(card.card.rawValue) | (card.isFaceUp ? 1 << 16 : 0)
            }
        }
    }

    @inline(__always)
    private static func store(_ value: Int, _ at: ArgumentSlot, _ f: inout Frame) {
        switch at.kind {
        case .pile: f.pileSlots[at.slot] = value
        case .number: f.cardSlots[number: at.slot] = value
        case .card: f.cardSlots[at.slot] = PlacedCard(Card(rawValue: UInt16(truncatingIfNeeded: value & 0xFFFF)), faceUp: value >> 16 != 0)
        }
    }

    /// Binds a call's arguments to its definition's parameter slots. Every argument is evaluated
    /// before any is bound, since an argument may call the same definition, which uses the same
    /// slots; a definition cannot call itself, so its slots are never needed twice at once.
    /// Made once per call site, with each argument's code held in a constant of its own: a loop
    /// over the arguments copied each one's closure out of the array, a retain and a release per
    /// argument and call, which made a game scoring its hands through definitions spend half its
    /// time counting references.
    static func binder(_ arguments: [Argument]) -> @Sendable (inout Frame) throws(EvaluationFault) -> Void {
        let codes = arguments.map(valueCode)
        let slots = arguments.map(ArgumentSlot.init)
        switch codes.count {
        case 0:
            return { _ in }
        case 1:
            let c0 = codes[0], s0 = slots[0]
            return { f throws(EvaluationFault) in store(try c0(&f), s0, &f) }
        case 2:
            let c0 = codes[0], c1 = codes[1], s0 = slots[0], s1 = slots[1]
            return { f throws(EvaluationFault) in
                let v0 = try c0(&f), v1 = try c1(&f)
                store(v0, s0, &f)
                store(v1, s1, &f)
            }
        case 3:
            let c0 = codes[0], c1 = codes[1], c2 = codes[2], s0 = slots[0], s1 = slots[1], s2 = slots[2]
            return { f throws(EvaluationFault) in
                let v0 = try c0(&f), v1 = try c1(&f), v2 = try c2(&f)
                store(v0, s0, &f)
                store(v1, s1, &f)
                store(v2, s2, &f)
            }
        default:
            return { f throws(EvaluationFault) in
                var values: [Int] = []
                values.reserveCapacity(codes.count)
                for code in codes { values.append(try code(&f)) }
                for (value, slot) in zip(values, slots) { store(value, slot, &f) }
            }
        }
    }

    /// A number parameter of a definition.
    package static func numberParameter(_ slot: Int) -> IntCode { { f in f.cardSlots[number: slot] } }

    package static func call(_ arguments: [Argument], _ body: @escaping IntCode) -> IntCode {
        let bind = binder(arguments)
        return { f throws(EvaluationFault) in try bind(&f); return try body(&f) }
    }

    package static func call(_ arguments: [Argument], _ body: @escaping BoolCode) -> BoolCode {
        let bind = binder(arguments)
        return { f throws(EvaluationFault) in try bind(&f); return try body(&f) }
    }

    package static func call(_ arguments: [Argument], _ body: @escaping CardCode) -> CardCode {
        let bind = binder(arguments)
        return { f throws(EvaluationFault) in try bind(&f); return try body(&f) }
    }

    package static func call(_ arguments: [Argument], slice body: @escaping SliceCode) -> SliceCode {
        let bind = binder(arguments)
        return { f throws(EvaluationFault) in try bind(&f); return try body(&f) }
    }

    package static func call(_ arguments: [Argument], pile body: @escaping PileCode) -> PileCode {
        let bind = binder(arguments)
        return { f throws(EvaluationFault) in try bind(&f); return try body(&f) }
    }
}

/// An argument of a call of a parameterised definition: the parameter's frame slot and the
/// code of the value given for it.
package enum Argument: Sendable {
    case pile(slot: Int, PileCode)
    case card(slot: Int, CardCode)
    case number(slot: Int, IntCode)
}

/// A relation read in a deck with jokers or aces high.
struct OrderedRelation: CardRelation {
    let relation: BuildRelation
    let order: CardOrder

    @inline(__always)
    func builds(_ lower: Card, _ upper: Card) -> Bool { order.builds(relation, lower, upper) }
}
