import PatienceDiagnostics
import PatienceCards

/// Values that a compiled closure can read straight from the frame instead of calling another
/// closure. The compiler records them beside the closure it builds, so that the commonest rule
/// shapes (`pile.empty`, `top.rank`, `run.first`, `builds(top, run.first, r)`, `sequence(run, r)`)
/// become one closure each rather than a chain of them.
package enum DirectPile: Sendable {
    case source
    case destination
    case slot(Int)
    case constant(Int)

    @inline(__always)
    func read(_ f: inout Frame) -> Int {
        switch self {
        case .source: return f.source
        case .destination: return f.destination
        case .slot(let slot): return f.pileSlots[slot]
        case .constant(let pile): return pile
        }
    }
}

package enum DirectCard: Sendable {
    /// The top card of the pile; the fault when it is empty.
    case top(DirectPile, EvaluationFault)
    /// The bottom card of the run being judged (`run.first`), or its top card (`run.last`).
    case runFirst(EvaluationFault)
    case runLast(EvaluationFault)
    case slot(Int)

    @inline(__always)
    func read(_ f: inout Frame) throws(EvaluationFault) -> PlacedCard {
        switch self {
        case .top(let pile, let empty):
            guard let card = f.piles[pile.read(&f)].cards.last else { throw empty }
            return card
        case .runFirst(let empty):
            guard f.runCount > 0 else { throw empty }
            return f.piles[f.source].cards[f.runStart]
        case .runLast(let empty):
            guard f.runCount > 0 else { throw empty }
            return f.piles[f.source].cards[f.runStart + f.runCount - 1]
        case .slot(let slot):
            return f.cardSlots[slot]
        }
    }
}

/// An integer read straight from the frame: `run.size`, `p.size`, and a direct card's rank,
/// suit or colour.
package enum DirectInt: Sendable {
    case runSize
    case pileSize(DirectPile)
    case rank(DirectCard)
    case suit(DirectCard)
    case color(DirectCard)

    @inline(__always)
    func read(_ f: inout Frame) throws(EvaluationFault) -> Int {
        switch self {
        case .runSize: return f.runCount
        case .pileSize(let pile): return f.piles[pile.read(&f)].cards.count
        case .rank(let card): return try card.read(&f).card.rank
        case .suit(let card): return try card.read(&f).card.suitIndex
        case .color(let card): return try card.read(&f).card.color.rawValue
        }
    }
}

/// `a + b`, `a - b` or `a * b` of two direct numbers, read without calling a closure for either.
package struct DirectPair: Sendable {
    let op: ArithmeticOperator
    let a: DirectInt
    let b: DirectInt

    /// Nil for the operators that can fault (`/`, `%`) or that are rare (`^`).
    package init?(_ op: ArithmeticOperator, _ a: DirectInt, _ b: DirectInt) {
        switch op {
        case .add, .subtract, .multiply: (self.op, self.a, self.b) = (op, a, b)
        default: return nil
        }
    }

    @inline(__always)
    func read(_ f: inout Frame) throws(EvaluationFault) -> Int {
        let x = try a.read(&f), y = try b.read(&f)
        switch op {
        case .add: return Arithmetic.add(x, y)
        case .subtract: return Arithmetic.subtract(x, y)
        default: return Arithmetic.multiply(x, y)
        }
    }
}

/// A condition of the simplest shapes (`pile.empty`, `run.size == 1`, `run.first.rank == K`,
/// `t != pile`, `builds(top, run.first, r)`, `sequence(run, r)`, and `and`/`or` of them), which
/// `specialised(_:)` turns into a type so that the closures built from it test it inline. The
/// compiler keeps it beside the closure so that `not` can compile to the opposite test rather
/// than wrap another closure around it, and so that `require` and `if` can inline it.
package enum DirectTest: Sendable {
    /// Whether the pile is empty equals `empty`.
    case pileEmpty(DirectPile, empty: Bool)
    case compare(DirectInt, Comparison, Int)
    /// Whether the two piles are one equals `same`.
    case samePile(DirectPile, DirectPile, same: Bool)
    /// `builds(top, run.first, r)`, with the faults for an empty destination and an empty run.
    case buildsOnTop(BuildRelation, empty: EvaluationFault, noRun: EvaluationFault)
    /// `sequence(run, r)`.
    case runSequence(BuildRelation)
    /// Whether the pile is one of `zone`'s piles equals `inside`: `any(p in zone: p == pile)`, or
    /// `all(p in zone: p != pile)` with `inside` false, tested without walking the zone but
    /// spending the steps that walk would (up to the pile, or the whole zone), with `exhausted`
    /// when the budget runs out first.
    case pileInZone(DirectPile, Range<Int>, inside: Bool, exhausted: EvaluationFault)
    indirect case both(DirectTest, DirectTest)
    indirect case either(DirectTest, DirectTest)

    package var negated: DirectTest? {
        switch self {
        case .pileEmpty(let pile, let empty): return .pileEmpty(pile, empty: !empty)
        case .compare(let value, let comparison, let constant): return .compare(value, comparison.negated, constant)
        case .samePile(let a, let b, let same): return .samePile(a, b, same: !same)
        case .pileInZone(let pile, let zone, let inside, let exhausted): return .pileInZone(pile, zone, inside: !inside, exhausted: exhausted)
        case .buildsOnTop, .runSequence, .both, .either: return nil
        }
    }

    /// The test as a closure, for callers that take one.
    var code: BoolCode { specialised(TestClosure()).code }
}
