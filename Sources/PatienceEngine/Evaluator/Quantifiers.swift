import PatienceDiagnostics
import PatienceCards

/// The bounded loops of the language: `all`, `any`, `count`, `sum` and `first` over a zone's
/// piles or a run's cards, and `for` over a zone's piles. Every loop is `visit` of an
/// `ElementLoop`, which spends one step of the check's budget per element and binds the variable;
/// the quantifiers are written once, generic over the loop and over how the body is tested, so a
/// body that is a simple pile test (`t.empty`, `t.size == n`) is tested inline, without binding
/// the variable or calling a closure per pile. FreeCell's capacity counts empty cells and columns on
/// every check of a move to the tableau; as a closure call per pile that loop cost more than the
/// rest of the check.
protocol ElementLoop: Sendable {
    /// Calls `step` per element (a flat pile index, or a card's offset in the run), in order,
    /// spending one step of the budget before each, until `step` returns false.
    func visit<F: FrameHolder>(_ f: inout F, _ step: (inout F, Int) throws(EvaluationFault) -> Bool) throws(EvaluationFault)
    /// The element for which the body is false whatever its test says, read once before the
    /// loop (`t != pile` beside a pile test); -1 for none.
    func excludedElement(in f: inout Frame) -> Int
}

/// A frame, or a frame that may change the table: what a loop runs in.
protocol FrameHolder {
    var frame: Frame { get set }
}

extension Frame: FrameHolder {
    var frame: Frame {
        get { self }
        _modify { yield &self }
    }
}

extension ChangingFrame: FrameHolder {}

extension Frame {
    /// One step of a bounded loop; past the budget the check stops with `exhausted`.
    @inline(__always)
    mutating func spend(_ exhausted: EvaluationFault) throws(EvaluationFault) {
        budget -= 1
        if budget < 0 { throw exhausted }
    }

    /// `steps` steps of a bounded loop at once: stops with `exhausted` exactly when spending them
    /// one by one would.
    @inline(__always)
    mutating func spend(_ steps: Int, _ exhausted: EvaluationFault) throws(EvaluationFault) {
        budget -= steps
        if budget < 0 { throw exhausted }
    }
}

/// The piles of a zone, in order, bound to a pile variable unless the test reads the pile itself.
package struct PileLoop: ElementLoop {
    let piles: Range<Int>
    let slot: Int
    let binds: Bool
    let exhausted: EvaluationFault
    let excluded: DirectPile?

    @inline(__always)
    func visit<F: FrameHolder>(_ f: inout F, _ step: (inout F, Int) throws(EvaluationFault) -> Bool) throws(EvaluationFault) {
        for p in piles {
            try f.frame.spend(exhausted)
            if binds { f.frame.pileSlots[slot] = p }
            if try !step(&f, p) { return }
        }
    }

    @inline(__always)
    func excludedElement(in f: inout Frame) -> Int { excluded?.read(&f) ?? -1 }

    package init(piles: Range<Int>, slot: Int, binds: Bool, exhausted: EvaluationFault, excluded: DirectPile?) {
        self.piles = piles
        self.slot = slot
        self.binds = binds
        self.exhausted = exhausted
        self.excluded = excluded
    }
}

/// The cards of a run, from the bottom, bound to a card variable; the run is found once.
package struct CardLoop: ElementLoop {
    let slice: SliceCode
    let slot: Int
    let exhausted: EvaluationFault

    @inline(__always)
    func visit<F: FrameHolder>(_ f: inout F, _ step: (inout F, Int) throws(EvaluationFault) -> Bool) throws(EvaluationFault) {
        let s = try slice(&f.frame)
        for i in 0..<s.count {
            try f.frame.spend(exhausted)
            f.frame.cardSlots[slot] = f.frame.card(in: s, at: i)
            if try !step(&f, i) { return }
        }
    }

    @inline(__always)
    func excludedElement(in f: inout Frame) -> Int { -1 }

    package init(slice: @escaping SliceCode, slot: Int, exhausted: EvaluationFault) {
        self.slice = slice
        self.slot = slot
        self.exhausted = exhausted
    }
}

/// How a quantifier's body is tested on one element.
protocol ElementTest: Sendable {
    func holds(_ element: Int, in f: inout Frame) throws(EvaluationFault) -> Bool
}

/// A body of any shape: its closure, with the variable bound by the loop.
struct BodyTest: ElementTest {
    let body: BoolCode

    @inline(__always)
    func holds(_ element: Int, in f: inout Frame) throws(EvaluationFault) -> Bool { try body(&f) }
}

/// `t.empty` (or `not t.empty`), read from the pile itself.
struct PileIsEmpty: ElementTest {
    let empty: Bool

    @inline(__always)
    func holds(_ pile: Int, in f: inout Frame) throws(EvaluationFault) -> Bool { f.piles[pile].cards.isEmpty == empty }
}

/// `t.size == n`, or another comparison of the pile's size with a constant.
struct PileSizeComparison: ElementTest {
    let comparison: Comparison
    let constant: Int

    @inline(__always)
    func holds(_ pile: Int, in f: inout Frame) throws(EvaluationFault) -> Bool { comparison.holds(f.piles[pile].cards.count, constant) }
}

/// Which of the quantifiers that test a body on each element.
package enum QuantifierKind: Sendable {
    case all, any, count
}

/// A quantifier's body as the compiler hands it over: a closure, or a pile test it recognised.
package enum QuantifierBody: Sendable {
    case closure(BoolCode)
    /// `t.empty` (`empty` true) or `not t.empty` on the loop's own pile.
    case pileEmpty(Bool)
    /// `t.size` compared with a constant.
    case pileSize(Comparison, Int)
}

/// The closure of an `all`, `any` or `count`: a condition, or a number for `count`.
package enum QuantifierCode {
    case condition(BoolCode)
    case number(IntCode)
}

/// The quantifiers, once each, for any loop and any test.
package enum Quantifiers {
    /// `all`, `any` or `count` over a zone's piles. Chosen here, not by the caller, so that each
    /// combination of quantifier and test is compiled into its own specialised loop.
    package static func overPiles(_ kind: QuantifierKind, _ loop: PileLoop, _ body: QuantifierBody) -> QuantifierCode {
        switch body {
        case .closure(let code): return quantifier(kind, loop, BodyTest(body: code))
        case .pileEmpty(let empty): return quantifier(kind, loop, PileIsEmpty(empty: empty))
        case .pileSize(let comparison, let constant): return quantifier(kind, loop, PileSizeComparison(comparison: comparison, constant: constant))
        }
    }

    /// `all`, `any` or `count` over a run's cards.
    package static func overCards(_ kind: QuantifierKind, _ loop: CardLoop, _ body: @escaping BoolCode) -> QuantifierCode {
        quantifier(kind, loop, BodyTest(body: body))
    }

    private static func quantifier<Loop: ElementLoop, Test: ElementTest>(_ kind: QuantifierKind, _ loop: Loop, _ test: Test) -> QuantifierCode {
        switch kind {
        case .all: return .condition(all(loop, test))
        case .any: return .condition(any(loop, test))
        case .count: return .number(count(loop, test))
        }
    }

    private static func all<Loop: ElementLoop, Test: ElementTest>(_ loop: Loop, _ test: Test) -> BoolCode {
        let node = QuantifierNode(loop: loop, test: test)
        return { f throws(EvaluationFault) in
            let skip = node.loop.excludedElement(in: &f)
            var result = true
            try node.loop.visit(&f) { f, element throws(EvaluationFault) in
                if element == skip { result = false } else if try !node.test.holds(element, in: &f) { result = false }
                return result
            }
            return result
        }
    }

    private static func any<Loop: ElementLoop, Test: ElementTest>(_ loop: Loop, _ test: Test) -> BoolCode {
        let node = QuantifierNode(loop: loop, test: test)
        return { f throws(EvaluationFault) in
            let skip = node.loop.excludedElement(in: &f)
            var result = false
            try node.loop.visit(&f) { f, element throws(EvaluationFault) in
                if element != skip, try node.test.holds(element, in: &f) { result = true }
                return !result
            }
            return result
        }
    }

    private static func count<Loop: ElementLoop, Test: ElementTest>(_ loop: Loop, _ test: Test) -> IntCode {
        let node = QuantifierNode(loop: loop, test: test)
        return { f throws(EvaluationFault) in
            let skip = node.loop.excludedElement(in: &f)
            var n = 0
            try node.loop.visit(&f) { f, element throws(EvaluationFault) in
                if element != skip, try node.test.holds(element, in: &f) { n += 1 }
                return true
            }
            return n
        }
    }

    package static func sum(_ loop: PileLoop, _ body: @escaping IntCode) -> IntCode { sum(over: loop, body) }
    package static func sum(_ loop: CardLoop, _ body: @escaping IntCode) -> IntCode { sum(over: loop, body) }

    private static func sum<Loop: ElementLoop>(over loop: Loop, _ body: @escaping IntCode) -> IntCode {
        { f throws(EvaluationFault) in
            var total = 0
            try loop.visit(&f) { f, _ throws(EvaluationFault) in
                total = Arithmetic.add(total, try body(&f))
                return true
            }
            return total
        }
    }

    /// `first` over a zone: the first pile the body holds for, or `missing`.
    package static func firstPile(_ loop: PileLoop, _ body: @escaping BoolCode, missing: EvaluationFault) -> PileCode {
        { f throws(EvaluationFault) in
            var found = -1
            try loop.visit(&f) { f, pile throws(EvaluationFault) in
                if try body(&f) { found = pile }
                return found < 0
            }
            guard found >= 0 else { throw missing }
            return found
        }
    }

    /// `first` over a run: the first card the body holds for, or `missing`. The loop stops on the
    /// match, so the variable's slot still holds it.
    package static func firstCard(_ loop: CardLoop, _ body: @escaping BoolCode, missing: EvaluationFault) -> CardCode {
        { f throws(EvaluationFault) in
            var found = false
            try loop.visit(&f) { f, _ throws(EvaluationFault) in
                found = try body(&f)
                return !found
            }
            guard found else { throw missing }
            return f.cardSlots[loop.slot]
        }
    }
}

/// What the closure of an `all`, `any` or `count` captures, as one reference: a closure's
/// forwarding thunk copies every captured value on each call, and a loop over piles with its
/// test is several words (see `RequireNode`). The win condition is tested on every table a
/// search makes, and a capacity's counts on every table it lists.
private final class QuantifierNode<Loop: ElementLoop, Test: ElementTest>: Sendable {
    let loop: Loop
    let test: Test

    init(loop: Loop, test: Test) {
        self.loop = loop
        self.test = test
    }
}
