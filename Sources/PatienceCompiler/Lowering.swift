import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine

/// A number as the compiler built it: its closure, its direct form when it has one, and its value
/// when it is a constant.
struct LoweredInt {
    var code: IntCode
    var direct: DirectInt? = nil
    var constant: Int? = nil
    /// `a + b`, `a - b` or `a * b` of two direct numbers (`a.top.rank + b.top.rank`), which a
    /// comparison with a constant tests in one closure.
    var directPair: DirectPair? = nil
}

/// A condition as the compiler built it, with its direct form when it has one.
struct LoweredBool {
    var code: BoolCode
    var direct: DirectTest? = nil
}

struct LoweredCard {
    var code: CardCode
    var direct: DirectCard? = nil
}

struct LoweredPile {
    var code: PileCode
    var direct: DirectPile? = nil
}

/// Turns checked terms into the engine's run-time forms. With `specialise` on, a term of a simple
/// shape becomes a direct form that its user tests inline (`pile.empty`, `run.size == 1`,
/// `builds(top, run.first, r)`, a zone loop whose body is a pile test, an operand that is a
/// constant); with it off, every term is its general closure, which is how the specialised forms
/// are checked against the general ones. Definitions are built once and shared.
final class Lowering {
    let specialise: Bool
    let definitions: [DefinitionTerm]
    let faults: [RuleSite]
    /// For each flat pile index, the flat index of its zone's first pile (for `pile.index`).
    let zoneStarts: [Int]
    /// How the deck reads cards; a standard deck uses the direct forms, one with jokers or aces
    /// high reads every rank, suit, colour and relation through the order instead.
    let order: CardOrder
    private var standard: Bool { order.isStandard }
    /// Set once a term reads the table's memory or an action's uses, which frames then borrow.
    private(set) var readsTableState = false
    /// Some lowered statement shuffles cards.
    private(set) var shuffles = false

    private var loweredInts: [Int: LoweredInt] = [:]
    private var loweredBools: [Int: LoweredBool] = [:]
    private var loweredCards: [Int: LoweredCard] = [:]
    private var loweredPiles: [Int: LoweredPile] = [:]
    private var loweredSlices: [Int: (code: SliceCode, isRun: Bool)] = [:]

    /// On while an accept rule or a capacity formula is lowered, outside every loop body: a term
    /// there that reads no destination and loops over piles or cards is then kept per run
    /// (`Evaluator.perRun`), so that listing one run against many destinations works it out once.
    /// Off inside loop bodies, where a term may read the loop's variable, and inside definitions,
    /// which other rules (effects, actions) share.
    private var perRun = false
    private var perRunSlots: [PerRunKey: Int] = [:]
    private var destinationReads: DestinationReads
    private var moveReads: DestinationReads
    /// The per-run slots whose terms read no part of the move at all, so that their value holds
    /// for the whole table a listing judges (`GameRules.tableMemoSlots`), as a bit mask.
    private(set) var tableMemoSlots: UInt8 = 0

    /// What a per-run slot holds.
    private enum PerRunKey: Hashable {
        case int(IntTerm)
        case bool(BoolTerm)
        /// `count(t in piles: body)` over every pile, for a count whose body also says `t != pile`.
        case wholeCount(Range<Int>, BoolTerm)
    }

    init(specialise: Bool, definitions: [DefinitionTerm], faults: [RuleSite], zoneStarts: [Int], order: CardOrder = CardOrder()) {
        self.order = order
        self.specialise = specialise
        self.definitions = definitions
        self.faults = faults
        self.zoneStarts = zoneStarts
        destinationReads = DestinationReads(definitions: definitions)
        moveReads = DestinationReads(definitions: definitions, orMove: true)
    }

    /// Lowers with per-run terms off; see `perRun`.
    private func withoutPerRun<T>(_ body: () -> T) -> T {
        let was = perRun
        perRun = false
        defer { perRun = was }
        return body()
    }

    /// An accept rule's clauses, with its terms that read no destination kept per run.
    func acceptClauses(_ terms: [ClauseTerm]) -> [Clause] {
        perRun = specialise
        defer { perRun = false }
        return clauses(terms)
    }

    /// A capacity formula, with its terms that read no destination kept per run.
    func capacity(_ term: IntTerm) -> LoweredInt {
        perRun = specialise
        defer { perRun = false }
        return int(term)
    }

    /// The slot for a per-run term, or nil when the game already keeps as many as a frame holds.
    private func perRunSlot(_ key: PerRunKey) -> Int? {
        if let slot = perRunSlots[key] { return slot }
        guard perRunSlots.count < RunMemo.capacity else { return nil }
        let slot = perRunSlots.count
        perRunSlots[key] = slot
        return slot
    }

    /// Whether working a term out loops over piles or cards, which keeping it per run then saves;
    /// a read or a comparison is cheaper than the memo.
    private func loops(_ term: IntTerm) -> Bool {
        switch term {
        case .count, .sum, .zoneSize: return true
        case .definition(let index): return loops(definition: index)
        case .arithmetic(_, let a, let b, _), .minimum(let a, let b), .maximum(let a, let b): return loops(a) || loops(b)
        case .negate(let a), .absolute(let a): return loops(a)
        default: return false
        }
    }

    /// Whether a definition without parameters loops, as its value does.
    private func loops(definition index: Int) -> Bool {
        guard definitions.indices.contains(index), definitions[index].parameters.isEmpty else { return false }
        switch definitions[index].value {
        case .integer(let t): return loops(t)
        case .boolean(let t): return loops(t)
        default: return false
        }
    }

    private func loops(_ term: BoolTerm) -> Bool {
        switch term {
        case .all, .any, .zoneEmpty: return true
        case .definition(let index): return loops(definition: index)
        case .not(let a): return loops(a)
        case .and(let a, let b), .or(let a, let b): return loops(a) || loops(b)
        case .compare(let a, _, let b): return loops(a) || loops(b)
        default: return false
        }
    }

    private func keptPerRun(_ term: IntTerm) -> LoweredInt? {
        guard loops(term), !destinationReads.int(term), let slot = perRunSlot(.int(term)) else { return nil }
        if !moveReads.int(term) { tableMemoSlots |= 1 << UInt8(slot) }
        let lowered = withoutPerRun { int(term) }
        if lowered.constant != nil { return lowered }
        return LoweredInt(code: Evaluator.perRun(slot, lowered.code))
    }

    private func keptPerRun(_ term: BoolTerm) -> LoweredBool? {
        guard loops(term), !destinationReads.bool(term), let slot = perRunSlot(.bool(term)) else { return nil }
        if !moveReads.bool(term) { tableMemoSlots |= 1 << UInt8(slot) }
        return LoweredBool(code: Evaluator.perRun(slot, withoutPerRun { bool(term) }.code))
    }

    private func fault(_ site: FaultSite) -> EvaluationFault { EvaluationFault(site: site) }

    // MARK: Numbers

    func int(_ term: IntTerm) -> LoweredInt {
        if perRun, let kept = keptPerRun(term) { return kept }
        switch term {
        case .constant(let n):
            return LoweredInt(code: Evaluator.constant(n), constant: specialise ? n : nil)
        case .dealIndex:
            return LoweredInt(code: Evaluator.dealIndex)
        case .playSize:
            return LoweredInt(code: Evaluator.playSize)
        case .pileSize(let p):
            let pile = pile(p)
            if let direct = pile.direct {
                let value = DirectInt.pileSize(direct)
                return LoweredInt(code: Evaluator.read(value), direct: value)
            }
            return LoweredInt(code: Evaluator.pileSize(pile.code))
        case .zoneSize(let piles):
            return LoweredInt(code: Evaluator.zoneSize(piles))
        case .sliceSize(let s):
            let slice = slice(s)
            if slice.isRun, specialise { return LoweredInt(code: Evaluator.read(DirectInt.runSize), direct: .runSize) }
            return LoweredInt(code: Evaluator.sliceSize(slice.code))
        case .pileIndex(let p):
            return LoweredInt(code: Evaluator.pileIndex(pile(p).code, zoneStarts: zoneStarts))
        case .faceDownCount(let p):
            return LoweredInt(code: Evaluator.faceDownCount(pile(p).code))
        case .rank(let c) where !standard:
            return LoweredInt(code: Evaluator.rank(card(c).code, order))
        case .suit(let c) where !standard:
            return LoweredInt(code: Evaluator.suit(card(c).code, order))
        case .color(let c) where !standard:
            return LoweredInt(code: Evaluator.color(card(c).code, order))
        case .rank(let c):
            let card = card(c)
            if let direct = card.direct { return LoweredInt(code: Evaluator.read(DirectInt.rank(direct)), direct: .rank(direct)) }
            return LoweredInt(code: Evaluator.rank(card.code))
        case .suit(let c):
            let card = card(c)
            if let direct = card.direct { return LoweredInt(code: Evaluator.read(DirectInt.suit(direct)), direct: .suit(direct)) }
            return LoweredInt(code: Evaluator.suit(card.code))
        case .color(let c):
            let card = card(c)
            if let direct = card.direct { return LoweredInt(code: Evaluator.read(DirectInt.color(direct)), direct: .color(direct)) }
            return LoweredInt(code: Evaluator.color(card.code))
        case .suitColor(let s):
            return LoweredInt(code: Evaluator.suitColor(int(s).code))
        case .negate(let a):
            let value = int(a)
            if let k = value.constant { return folded(Arithmetic.subtract(0, k)) }
            return LoweredInt(code: Evaluator.negate(value.code))
        case .arithmetic(let op, let a, let b, let site):
            let l = int(a), r = int(b)
            if let x = l.constant, let y = r.constant, let value = Arithmetic.apply(op, x, y) { return folded(value) }
            if specialise, let x = l.direct, let y = r.direct, let pair = DirectPair(op, x, y) {
                return LoweredInt(code: Evaluator.read(pair), directPair: pair)
            }
            if specialise, let code = Evaluator.arithmetic(op, l.code, leftConstant: l.constant, r.code, rightConstant: r.constant) {
                return LoweredInt(code: code)
            }
            // Only `/` and `%` can fault; the others never throw the fault they are given.
            return LoweredInt(code: Evaluator.arithmetic(op, l.code, r.code, zero: fault(site ?? 0)))
        case .minimum(let a, let b):
            return LoweredInt(code: Evaluator.minimum(int(a).code, int(b).code))
        case .maximum(let a, let b):
            return LoweredInt(code: Evaluator.maximum(int(a).code, int(b).code))
        case .conditional(let c, let a, let b):
            return LoweredInt(code: Evaluator.conditional(bool(c).code, int(a).code, int(b).code))
        case .segments(let s, let relation):
            if !standard { return LoweredInt(code: Evaluator.segments(slice(s).code, relation, order)) }
            return LoweredInt(code: Evaluator.segments(slice(s).code, relation))
        case .count(let loop, let body):
            guard case .number(let code) = quantify(.count, loop, body) else { return LoweredInt(code: Evaluator.constant(0)) }
            return LoweredInt(code: code)
        case .sum(let loop, let body):
            let body = withoutPerRun { int(body).code }
            switch lowered(loop) {
            case .piles(let piles): return LoweredInt(code: Quantifiers.sum(piles, body))
            case .cards(let cards): return LoweredInt(code: Quantifiers.sum(cards, body))
            }
        case .definition(let index):
            return intDefinition(index)
        case .memory(let slot):
            readsTableState = true
            return LoweredInt(code: Evaluator.memory(slot))
        case .actionUses(let action):
            readsTableState = true
            return LoweredInt(code: Evaluator.uses(ofAction: action))
        case .absolute(let a):
            let value = int(a)
            if let k = value.constant { return folded(k < 0 ? Arithmetic.subtract(0, k) : k) }
            return LoweredInt(code: Evaluator.absolute(value.code))
        case .truth(let b):
            return LoweredInt(code: Evaluator.truth(bool(b).code))
        case .numberParameter(let slot):
            return LoweredInt(code: Evaluator.numberParameter(slot))
        case .call(let index, let arguments):
            return LoweredInt(code: Evaluator.call(self.arguments(arguments), intDefinition(index).code))
        }
    }

    private func intDefinition(_ index: Int) -> LoweredInt {
        if let done = loweredInts[index] { return done }
        guard case .integer(let value) = definitions[index].value else { return LoweredInt(code: Evaluator.constant(0)) }
        let result = withoutPerRun { int(value) }
        loweredInts[index] = result
        return result
    }

    /// The arguments of a call, each with its parameter's slot.
    private func arguments(_ terms: [ArgumentTerm]) -> [Argument] {
        terms.map { term in
            switch term {
            case .pile(let slot, let p): return .pile(slot: slot, pile(p).code)
            case .card(let slot, let c): return .card(slot: slot, card(c).code)
            case .number(let slot, let n): return .number(slot: slot, int(n).code)
            }
        }
    }

    private func folded(_ n: Int) -> LoweredInt {
        LoweredInt(code: Evaluator.constant(n), constant: n)
    }

    // MARK: Conditions

    func bool(_ term: BoolTerm) -> LoweredBool {
        if let membership = zoneMembership(term) { return membership }
        if perRun, let kept = keptPerRun(term) { return kept }
        switch term {
        case .constant(let b):
            return LoweredBool(code: Evaluator.constant(b))
        case .not(let a):
            let value = bool(a)
            if let test = value.direct?.negated { return direct(test) }
            return LoweredBool(code: Evaluator.not(value.code))
        case .and(let a, let b), .or(let a, let b):
            let isAnd: Bool = { if case .and = term { return true } else { return false } }()
            let l = bool(a), r = bool(b)
            if let x = l.direct, let y = r.direct { return direct(isAnd ? .both(x, y) : .either(x, y)) }
            return LoweredBool(code: isAnd ? Evaluator.and(l.code, r.code) : Evaluator.or(l.code, r.code))
        case .compare(let a, let comparison, let b):
            let l = int(a), r = int(b)
            if let x = l.constant, let y = r.constant { return LoweredBool(code: Evaluator.constant(comparison.holds(x, y))) }
            if let k = r.constant {
                if let value = l.direct { return direct(.compare(value, comparison, k)) }
                if let pair = l.directPair { return LoweredBool(code: Evaluator.compare(pair, comparison, constant: k)) }
                return LoweredBool(code: Evaluator.compare(l.code, comparison, constant: k))
            }
            return LoweredBool(code: Evaluator.compare(l.code, comparison, r.code))
        case .sameTruth(let a, let b, let equal):
            return LoweredBool(code: Evaluator.sameTruth(bool(a).code, bool(b).code, equal: equal))
        case .sameCard(let a, let b, let equal):
            if order.hasJokers { return LoweredBool(code: Evaluator.sameValue(card(a).code, card(b).code, equal: equal)) }
            return LoweredBool(code: Evaluator.sameCard(card(a).code, card(b).code, equal: equal))
        case .samePile(let a, let b, let equal):
            let l = pile(a), r = pile(b)
            if let x = l.direct, let y = r.direct { return direct(.samePile(x, y, same: equal)) }
            return LoweredBool(code: Evaluator.samePile(l.code, r.code, equal: equal))
        case .pileInZone(let p, let piles, let exhausted):
            let pile = pile(p)
            if let x = pile.direct { return direct(.pileInZone(x, piles, inside: true, exhausted: fault(exhausted))) }
            return LoweredBool(code: Evaluator.pileInZone(pile.code, piles, exhausted: fault(exhausted)))
        case .pileEmpty(let p):
            let pile = pile(p)
            if let direct = pile.direct { return self.direct(.pileEmpty(direct, empty: true)) }
            return LoweredBool(code: Evaluator.pileEmpty(pile.code))
        case .zoneEmpty(let piles):
            return LoweredBool(code: Evaluator.zoneEmpty(piles))
        case .sliceEmpty(let s):
            return LoweredBool(code: Evaluator.sliceEmpty(slice(s).code))
        case .sliceFaceUp(let s):
            return LoweredBool(code: Evaluator.sliceFaceUp(slice(s).code))
        case .cardFaceUp(let c):
            let card = card(c)
            if let direct = card.direct { return LoweredBool(code: Evaluator.cardFaceUp(direct)) }
            return LoweredBool(code: Evaluator.cardFaceUp(card.code))
        case .builds(let a, let b, let relation) where !standard:
            return LoweredBool(code: Evaluator.builds(card(a).code, card(b).code, relation, order))
        case .sequence(let s, let relation) where !standard:
            return LoweredBool(code: Evaluator.sequence(slice(s).code, relation, order))
        case .builds(let a, let b, let relation):
            let lower = card(a), upper = card(b)
            if case .top(.destination, let empty)? = lower.direct, case .runFirst(let noRun)? = upper.direct {
                // `builds(top, run.first, r)`, the commonest accept clause, read in one place.
                return direct(.buildsOnTop(relation, empty: empty, noRun: noRun))
            }
            if let l = lower.direct, let u = upper.direct { return LoweredBool(code: Evaluator.builds(l, u, relation)) }
            return LoweredBool(code: Evaluator.builds(lower.code, upper.code, relation))
        case .sequence(let s, let relation):
            let slice = slice(s)
            if slice.isRun, specialise { return direct(.runSequence(relation)) }
            return LoweredBool(code: Evaluator.sequence(slice.code, relation))
        case .all(let loop, let body), .any(let loop, let body):
            let kind: QuantifierKind = { if case .all = term { return .all } else { return .any } }()
            guard case .condition(let code) = quantify(kind, loop, body) else { return LoweredBool(code: Evaluator.constant(false)) }
            return LoweredBool(code: code)
        case .conditional(let c, let a, let b):
            return LoweredBool(code: Evaluator.conditional(bool(c).code, bool(a).code, bool(b).code))
        case .definition(let index):
            return boolDefinition(index)
        case .memory(let slot):
            readsTableState = true
            return LoweredBool(code: Evaluator.memoryFlag(slot))
        case .isJoker(let c):
            return LoweredBool(code: Evaluator.isJoker(card(c).code))
        case .call(let index, let arguments):
            return LoweredBool(code: Evaluator.call(self.arguments(arguments), boolDefinition(index).code))
        }
    }

    private func boolDefinition(_ index: Int) -> LoweredBool {
        if let done = loweredBools[index] { return done }
        guard case .boolean(let value) = definitions[index].value else { return LoweredBool(code: Evaluator.constant(false)) }
        let result = withoutPerRun { bool(value) }
        loweredBools[index] = result
        return result
    }

    /// A condition of a direct shape: its closure, and the shape for its users to inline.
    private func direct(_ test: DirectTest) -> LoweredBool {
        LoweredBool(code: Evaluator.test(test), direct: specialise ? test : nil)
    }

    // MARK: Quantifiers

    private enum LoweredLoop {
        case piles(PileLoop)
        case cards(CardLoop)
    }

    private func lowered(_ loop: Loop) -> LoweredLoop {
        switch loop {
        case .piles(let piles, let slot, let exhausted):
            return .piles(PileLoop(piles: piles, slot: slot, binds: true, exhausted: fault(exhausted), excluded: nil))
        case .cards(let s, let slot, let exhausted):
            return .cards(CardLoop(slice: slice(s).code, slot: slot, exhausted: fault(exhausted)))
        }
    }

    private func quantify(_ kind: QuantifierKind, _ loop: Loop, _ body: BoolTerm) -> QuantifierCode {
        if case .piles(let piles, let slot, let exhausted) = loop, let code = pileTestLoop(kind, piles, slot, exhausted, body) {
            return code
        }
        let code = withoutPerRun { bool(body).code }
        switch lowered(loop) {
        case .piles(let l): return Quantifiers.overPiles(kind, l, .closure(code))
        case .cards(let l): return Quantifiers.overCards(kind, l, code)
        }
    }

    /// `all`, `any` or `count` over a zone whose body is a pile test on the loop variable, optionally
    /// with `and t != p` for a pile `p` the loop does not change: the test is made inside the loop,
    /// without binding the variable or calling the body.
    private func pileTestLoop(_ kind: QuantifierKind, _ piles: Range<Int>, _ slot: Int, _ exhausted: FaultSite,
                              _ body: BoolTerm) -> QuantifierCode? {
        guard specialise, var test = withoutPerRun({ bool(body) }).direct else { return nil }
        var excluded: DirectPile?
        if case .both(let a, let b) = test {
            if let other = Self.otherPile(in: b, slot: slot) {
                (test, excluded) = (a, other)
            } else if let other = Self.otherPile(in: a, slot: slot) {
                (test, excluded) = (b, other)
            }
        }
        if perRun, case .count = kind, case .destination? = excluded,
           let code = countExcludingDestination(piles, slot, exhausted, body, test) {
            return code
        }
        let loop = PileLoop(piles: piles, slot: slot, binds: false, exhausted: fault(exhausted), excluded: excluded)
        switch test {
        case .pileEmpty(.slot(slot), let empty): return Quantifiers.overPiles(kind, loop, .pileEmpty(empty))
        case .compare(.pileSize(.slot(slot)), let comparison, let constant): return Quantifiers.overPiles(kind, loop, .pileSize(comparison, constant))
        default: return nil
        }
    }

    /// `count(t in zone: test(t) and t != pile)` as the count over the whole zone, kept per run,
    /// less the destination when it is in the zone and meets the test (`test` is the pile test
    /// without the `t != pile`).
    private func countExcludingDestination(_ piles: Range<Int>, _ slot: Int, _ exhausted: FaultSite, _ body: BoolTerm,
                                           _ test: DirectTest) -> QuantifierCode? {
        let pileTest: QuantifierBody, destinationTest: DirectTest
        switch test {
        case .pileEmpty(.slot(slot), let empty): (pileTest, destinationTest) = (.pileEmpty(empty), .pileEmpty(.destination, empty: empty))
        case .compare(.pileSize(.slot(slot)), let comparison, let constant):
            (pileTest, destinationTest) = (.pileSize(comparison, constant), .compare(.pileSize(.destination), comparison, constant))
        default: return nil
        }
        guard let memo = perRunSlot(.wholeCount(piles, body)) else { return nil }
        // The count over the whole zone tests its own piles only.
        tableMemoSlots |= 1 << UInt8(memo)
        let whole = PileLoop(piles: piles, slot: slot, binds: false, exhausted: fault(exhausted), excluded: nil)
        guard case .number(let total) = Quantifiers.overPiles(.count, whole, pileTest) else { return nil }
        return .number(Evaluator.countExcludingDestination(Evaluator.perRun(memo, total), piles: piles,
                                                           destinationMeets: Evaluator.test(destinationTest)))
    }

    /// `all(t in zone: t != p)` or `any(t in zone: t == p)`, with `p` a pile the loop does not bind,
    /// as a test of whether `p` lies in the zone (`DirectTest.pileInZone`), which spends the
    /// steps the loop would: no walk over the zone, and nothing to keep per run.
    private func zoneMembership(_ term: BoolTerm) -> LoweredBool? {
        guard specialise else { return nil }
        let inside: Bool, loop: Loop, body: BoolTerm
        switch term {
        case .all(let l, let b): (inside, loop, body) = (false, l, b)
        case .any(let l, let b): (inside, loop, body) = (true, l, b)
        default: return nil
        }
        guard case .piles(let piles, let slot, let exhausted) = loop, case .samePile(let a, let b, let equal) = body, equal == inside,
              let x = pile(a).direct, let y = pile(b).direct,
              let other = Self.otherPile(in: .samePile(x, y, same: false), slot: slot) else { return nil }
        return direct(.pileInZone(other, piles, inside: inside, exhausted: fault(exhausted)))
    }

    /// For `t != p` with `t` the loop variable and `p` any other pile, `p`.
    private static func otherPile(in test: DirectTest, slot: Int) -> DirectPile? {
        guard case .samePile(let a, let b, same: false) = test else { return nil }
        switch (a, b) {
        case (.slot(slot), .slot(slot)): return nil
        case (.slot(slot), let other), (let other, .slot(slot)): return other
        default: return nil
        }
    }

    // MARK: Cards, runs and piles

    func card(_ term: CardTerm) -> LoweredCard {
        switch term {
        case .literal(let c):
            return LoweredCard(code: Evaluator.card(c))
        case .variable(let slot):
            return directCard(.slot(slot))
        case .end(let p, let fromTop, let site):
            let pile = pile(p)
            if fromTop, let direct = pile.direct { return directCard(.top(direct, fault(site))) }
            return LoweredCard(code: Evaluator.end(of: pile.code, fromTop: fromTop, empty: fault(site)))
        case .endOfSlice(let s, let fromTop, let site):
            let slice = slice(s)
            if slice.isRun, specialise { return directCard(fromTop ? .runLast(fault(site)) : .runFirst(fault(site))) }
            return LoweredCard(code: Evaluator.end(of: slice.code, fromTop: fromTop, empty: fault(site)))
        case .element(let s, let index, let site):
            return LoweredCard(code: Evaluator.element(slice(s).code, int(index).code, outside: fault(site)))
        case .conditional(let c, let a, let b):
            return LoweredCard(code: Evaluator.conditional(bool(c).code, card(a).code, card(b).code))
        case .first(let loop, let body, let site):
            guard case .cards(let cards) = lowered(loop) else { return LoweredCard(code: Evaluator.card(Card(rawValue: 0))) }
            return LoweredCard(code: Quantifiers.firstCard(cards, withoutPerRun { bool(body).code }, missing: fault(site)))
        case .definition(let index):
            return cardDefinition(index)
        case .call(let index, let arguments):
            return LoweredCard(code: Evaluator.call(self.arguments(arguments), cardDefinition(index).code))
        }
    }

    private func cardDefinition(_ index: Int) -> LoweredCard {
        if let done = loweredCards[index] { return done }
        guard case .card(let value) = definitions[index].value else { return LoweredCard(code: Evaluator.card(Card(rawValue: 0))) }
        let result = withoutPerRun { card(value) }
        loweredCards[index] = result
        return result
    }

    private func directCard(_ card: DirectCard) -> LoweredCard {
        LoweredCard(code: Evaluator.read(card), direct: specialise ? card : nil)
    }

    func slice(_ term: SliceTerm) -> (code: SliceCode, isRun: Bool) {
        switch term {
        case .run:
            return (Evaluator.run, true)
        case .pileCards(let p):
            return (Evaluator.pileCards(pile(p).code), false)
        case .topCards(let p, let n):
            return (Evaluator.topCards(pile(p).code, int(n).code), false)
        case .definition(let index):
            return sliceDefinition(index)
        case .call(let index, let arguments):
            return (Evaluator.call(self.arguments(arguments), slice: sliceDefinition(index).code), false)
        }
    }

    private func sliceDefinition(_ index: Int) -> (code: SliceCode, isRun: Bool) {
        if let done = loweredSlices[index] { return done }
        guard case .cards(let value) = definitions[index].value else { return (Evaluator.run, false) }
        let result = withoutPerRun { slice(value) }
        loweredSlices[index] = result
        return result
    }

    func pile(_ term: PileTerm) -> LoweredPile {
        switch term {
        case .source: return directPile(.source)
        case .destination: return directPile(.destination)
        case .playSource: return LoweredPile(code: Evaluator.playSource)
        case .playDestination: return LoweredPile(code: Evaluator.playDestination)
        case .variable(let slot): return directPile(.slot(slot))
        case .constant(let p): return directPile(.constant(p))
        case .zonePile(let piles, let index, let site):
            return LoweredPile(code: Evaluator.zonePile(piles, int(index).code, outside: fault(site)))
        case .conditional(let c, let a, let b):
            return LoweredPile(code: Evaluator.conditional(pile: bool(c).code, pile(a).code, pile(b).code))
        case .first(let loop, let body, let site):
            guard case .piles(let piles) = lowered(loop) else { return directPile(.constant(0)) }
            return LoweredPile(code: Quantifiers.firstPile(piles, withoutPerRun { bool(body).code }, missing: fault(site)))
        case .definition(let index):
            return pileDefinition(index)
        case .call(let index, let arguments):
            return LoweredPile(code: Evaluator.call(self.arguments(arguments), pile: pileDefinition(index).code))
        }
    }

    private func pileDefinition(_ index: Int) -> LoweredPile {
        if let done = loweredPiles[index] { return done }
        guard case .pile(let value) = definitions[index].value else { return directPile(.constant(0)) }
        let result = withoutPerRun { pile(value) }
        loweredPiles[index] = result
        return result
    }

    private func directPile(_ pile: DirectPile) -> LoweredPile {
        LoweredPile(code: Evaluator.read(pile), direct: specialise ? pile : nil)
    }

    // MARK: Statements

    /// The value of a condition known when the rules are compiled (a boolean option, `not` of
    /// one, or `and`/`or` decided by the left side or by both), nil otherwise. An `if` on such
    /// a condition is compiled as the branch it takes, so that no rule tests it on every move.
    static func known(_ term: BoolTerm) -> Bool? {
        switch term {
        case .constant(let b): return b
        case .not(let t): return known(t).map { !$0 }
        case .and(let a, let b):
            guard let left = known(a) else { return nil }
            return left ? known(b) : false
        case .or(let a, let b):
            guard let left = known(a) else { return nil }
            return left ? true : known(b)
        default: return nil
        }
    }

    func clauses(_ terms: [ClauseTerm]) -> [Clause] {
        terms.flatMap { term -> [Clause] in
            switch term {
            case .require(let condition, let refusal):
                return [.require(self.condition(condition), refusal: refusal)]
            case .conditional(let condition, let then, let otherwise):
                if let value = Lowering.known(condition) { return clauses(value ? then : otherwise) }
                return [.conditional(self.condition(condition), clauses(then), clauses(otherwise))]
            case .forEach(let piles, let slot, let body, let exhausted):
                return [.forEach(slot: slot, piles: piles, body: withoutPerRun { clauses(body) }, exhausted: fault(exhausted))]
            }
        }
    }

    func operations(_ terms: [StatementTerm]) -> [Operation] {
        terms.flatMap { term -> [Operation] in
            if case .conditional(let condition, let then, let otherwise) = term, let value = Lowering.known(condition) {
                return operations(value ? then : otherwise)
            }
            return [operation(term)]
        }
    }

    private func operation(_ term: StatementTerm) -> Operation {
        switch term {
        case .require(let condition, let refusal):
            return .require(self.condition(condition), refusal: refusal)
        case .conditional(let condition, let then, let otherwise):
            return .conditional(self.condition(condition), operations(then), operations(otherwise))
        case .forEach(let piles, let slot, let body, let exhausted):
            if body.count == 1, case .flip(.variable(slot)) = body[0] {
                return .flipTops(slot: slot, piles: piles, exhausted: fault(exhausted))
            }
            return .forEach(slot: slot, piles: piles, body: operations(body), exhausted: fault(exhausted))
        case .transfer(let oneAtATime, let count, let from, let to, let facing):
            return .transfer(oneAtATime: oneAtATime, count: int(count).code, from: pile(from).code, to: pile(to).code, facing: facing)
        case .tryMove(let count, let from, let target):
            let destination: TryTarget
            switch target {
            case .pile(let p): destination = .pile(pile(p).code)
            case .zone(let piles): destination = .zone(piles)
            }
            return .tryMove(count: int(count).code, from: pile(from).code, to: destination)
        case .flip(let p):
            return .flip(pile(p).code)
        case .shuffle(.pile(let p)):
            shuffles = true
            return .shuffle(.pile(pile(p).code))
        case .shuffle(.zone(let piles)):
            shuffles = true
            return .shuffle(.zone(piles))
        case .set(let slot, let value):
            return .set(slot: slot, value: int(value).code)
        }
    }

    private func condition(_ term: BoolTerm) -> Condition {
        let lowered = bool(term)
        return Condition(code: lowered.code, direct: lowered.direct)
    }
}
