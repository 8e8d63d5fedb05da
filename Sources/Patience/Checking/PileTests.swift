/// Conditions on one pile of a zone that `all`, `any` and `count` can test inside their loop,
/// without binding the variable and calling the body's closure once per pile. FreeCell's
/// capacity counts empty cells and columns on every check of a move to the tableau; as a
/// closure call per pile that loop cost more than the rest of the check.
protocol PileTest: Sendable {
    func holds(_ pile: Int, in f: inout Frame) -> Bool
}

/// `t.empty` (or `not t.empty`).
struct PileIsEmpty: PileTest {
    let empty: Bool

    @inline(__always)
    func holds(_ pile: Int, in f: inout Frame) -> Bool { f.piles[pile].cards.isEmpty == empty }
}

/// `t.size == n`, or another comparison of the pile's size with a constant.
struct PileSizeComparison: PileTest {
    let comparison: Comparison
    let constant: Int

    @inline(__always)
    func holds(_ pile: Int, in f: inout Frame) -> Bool { comparison.holds(f.piles[pile].cards.count, constant) }
}

/// A loop over a zone whose body is a pile test, optionally with `and t != p` for a pile `p`
/// that the loop does not change (the destination, a constant or an outer variable).
struct ZoneTestLoop {
    var piles: Range<Int>
    var exhausted: EvaluationFault
    /// The pile that fails the body whatever the test says, read once before the loop.
    var excluded: DirectPile?

    /// The loop for `body` when it has a shape this file knows, with `slot` as the loop variable.
    static func compile(_ q: Quantifier, piles: Range<Int>, slot: Int, exhausted: EvaluationFault, body: DirectTest) -> Compiled? {
        var test = body
        var loop = ZoneTestLoop(piles: piles, exhausted: exhausted, excluded: nil)
        if case .both(let a, let b) = body {
            if let other = Self.otherPile(in: b, slot: slot) {
                test = a
                loop.excluded = other
            } else if let other = Self.otherPile(in: a, slot: slot) {
                test = b
                loop.excluded = other
            }
        }
        switch test {
        case .pileEmpty(.slot(slot), let empty): return loop.build(q, PileIsEmpty(empty: empty))
        case .compare(.pileSize(.slot(slot)), let comparison, let constant):
            return loop.build(q, PileSizeComparison(comparison: comparison, constant: constant))
        default: return nil
        }
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

    /// One closure per quantifier and test type: the generic parameter makes the compiler
    /// specialise each loop for its test, so the test is inlined rather than called.
    private func build<Test: PileTest>(_ q: Quantifier, _ test: Test) -> Compiled? {
        let piles = piles, exhausted = exhausted, excluded = excluded
        switch q {
        case .all:
            return Compiled(code: .boolean { f throws(EvaluationFault) in
                let skip = excluded?.read(&f) ?? -1
                for p in piles {
                    try ExpressionCompiler.spend(&f, exhausted)
                    if p == skip || !test.holds(p, in: &f) { return false }
                }
                return true
            }, readsTable: true)
        case .any:
            return Compiled(code: .boolean { f throws(EvaluationFault) in
                let skip = excluded?.read(&f) ?? -1
                for p in piles {
                    try ExpressionCompiler.spend(&f, exhausted)
                    if p != skip && test.holds(p, in: &f) { return true }
                }
                return false
            }, readsTable: true)
        case .count:
            return Compiled(code: .integer { f throws(EvaluationFault) in
                let skip = excluded?.read(&f) ?? -1
                var n = 0
                for p in piles {
                    try ExpressionCompiler.spend(&f, exhausted)
                    if p != skip && test.holds(p, in: &f) { n += 1 }
                }
                return n
            }, nonNegative: true, readsTable: true)
        default:
            return nil
        }
    }
}
