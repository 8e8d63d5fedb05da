import PatienceDiagnostics
import PatienceCards

/// A direct test as a type, so that code generic over it (a closure for the test alone, or a
/// `require` or `if` with the test inlined) is compiled once per kind of test. Choosing the
/// type happens once, when the rules are compiled; checking a move then switches on nothing.
protocol FrameTest: Sendable {
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool
}

/// Builds something from a test of known type; `DirectTest.specialised(_:)` picks the type.
protocol TestVisitor {
    associatedtype Output
    func visit<Test: FrameTest>(_ test: Test) -> Output
}

/// `pile.empty` or `not pile.empty`, for the destination pile.
struct DestinationEmptiness: FrameTest {
    let empty: Bool

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool { f.piles[f.destination].cards.isEmpty == empty }
}

/// Whether another pile is empty.
struct PileEmptiness: FrameTest {
    let pile: DirectPile
    let empty: Bool

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool { f.piles[pile.read(&f)].cards.isEmpty == empty }
}

/// `run.size == n`.
struct RunSizeIs: FrameTest {
    let size: Int

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool { f.runCount == size }
}

/// `run.first.rank == r`.
struct RunFirstRankIs: FrameTest {
    let rank: Int
    let noRun: EvaluationFault

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool {
        guard f.runCount > 0 else { throw noRun }
        return f.piles[f.source].cards[f.runStart].card.rank == rank
    }
}

/// Any other comparison of a direct integer with a constant.
struct IntComparison: FrameTest {
    let value: DirectInt
    let comparison: Comparison
    let constant: Int

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool { comparison.holds(try value.read(&f), constant) }
}

/// `p == q` or `p != q` for two piles.
struct PileIdentity: FrameTest {
    let a: DirectPile
    let b: DirectPile
    let same: Bool

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool { (a.read(&f) == b.read(&f)) == same }
}

/// Whether a pile is one of a zone's piles (`DirectTest.pileInZone`).
struct PileInZone: FrameTest {
    let pile: DirectPile
    let zone: Range<Int>
    let inside: Bool
    let exhausted: EvaluationFault

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool {
        let p = pile.read(&f)
        let found = zone.contains(p)
        // The walk stops at the pile when it finds it, and otherwise visits every pile.
        try f.spend(found ? p - zone.lowerBound + 1 : zone.count, exhausted)
        return found == inside
    }
}

/// `builds(top, run.first, r)`: whether the run's bottom card may go on the destination's top card.
struct BuildsOnTop<Suits: SuitRule, Ranks: RankRule>: FrameTest {
    let relation: SpecialisedRelation<Suits, Ranks>
    let empty: EvaluationFault
    let noRun: EvaluationFault

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool {
        guard let top = f.piles[f.destination].cards.last else { throw empty }
        guard f.runCount > 0 else { throw noRun }
        return relation.builds(top.card, f.piles[f.source].cards[f.runStart].card)
    }
}

/// `sequence(run, r)`: whether every card of the run follows the relation on the card below it.
struct RunSequence<Suits: SuitRule, Ranks: RankRule>: FrameTest {
    let relation: SpecialisedRelation<Suits, Ranks>

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool {
        let pile = f.source
        return Sequences.holds(from: f.runStart, count: f.runCount, relation) { f.piles[pile].cards[$0].card }
    }
}

/// A test with no type of its own (`and`, `or`), called through its closure.
struct ClosureTest: FrameTest {
    let code: BoolCode

    @inline(__always)
    func holds(_ f: inout Frame) throws(EvaluationFault) -> Bool { try code(&f) }
}

/// A closure returned from generic code. Returned bare, as a visitor's `Output`, a closure would
/// be converted to the most general calling convention and back, and every call would then go
/// through two conversion thunks; wrapped in a concrete struct it is returned as it is.
struct BoolCodeValue {
    let code: BoolCode
}

/// Makes the closure of a test.
struct TestClosure: TestVisitor {
    func visit<Test: FrameTest>(_ test: Test) -> BoolCodeValue {
        BoolCodeValue { f throws(EvaluationFault) in try test.holds(&f) }
    }
}

extension DirectTest {
    /// Calls the visitor with this test as a type, so what it builds is specialised for it.
    func specialised<Visitor: TestVisitor>(_ visitor: Visitor) -> Visitor.Output {
        switch self {
        case .pileEmpty(.destination, let empty): return visitor.visit(DestinationEmptiness(empty: empty))
        case .pileEmpty(let pile, let empty): return visitor.visit(PileEmptiness(pile: pile, empty: empty))
        case .compare(.runSize, .equal, let size): return visitor.visit(RunSizeIs(size: size))
        case .compare(.rank(.runFirst(let noRun)), .equal, let rank): return visitor.visit(RunFirstRankIs(rank: rank, noRun: noRun))
        case .compare(let value, let comparison, let constant):
            return visitor.visit(IntComparison(value: value, comparison: comparison, constant: constant))
        case .samePile(let a, let b, let same): return visitor.visit(PileIdentity(a: a, b: b, same: same))
        case .pileInZone(let pile, let zone, let inside, let exhausted):
            return visitor.visit(PileInZone(pile: pile, zone: zone, inside: inside, exhausted: exhausted))
        case .buildsOnTop(let relation, let empty, let noRun):
            return relation.specialised(BuildsOnTopVisitor(visitor: visitor, empty: empty, noRun: noRun))
        case .runSequence(let relation):
            return relation.specialised(RunSequenceVisitor(visitor: visitor))
        case .both(let a, let b):
            let x = a.code, y = b.code
            return visitor.visit(ClosureTest { f throws(EvaluationFault) in
                guard try x(&f) else { return false }
                return try y(&f)
            })
        case .either(let a, let b):
            let x = a.code, y = b.code
            return visitor.visit(ClosureTest { f throws(EvaluationFault) in
                if try x(&f) { return true }
                return try y(&f)
            })
        }
    }
}

private struct BuildsOnTopVisitor<Inner: TestVisitor>: RelationVisitor {
    let visitor: Inner
    let empty: EvaluationFault
    let noRun: EvaluationFault

    func visit<Suits: SuitRule, Ranks: RankRule>(_ relation: SpecialisedRelation<Suits, Ranks>) -> Inner.Output {
        visitor.visit(BuildsOnTop(relation: relation, empty: empty, noRun: noRun))
    }
}

private struct RunSequenceVisitor<Inner: TestVisitor>: RelationVisitor {
    let visitor: Inner

    func visit<Suits: SuitRule, Ranks: RankRule>(_ relation: SpecialisedRelation<Suits, Ranks>) -> Inner.Output {
        visitor.visit(RunSequence(relation: relation))
    }
}
