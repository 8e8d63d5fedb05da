/// Values that a compiled closure can read straight from the frame instead of calling another
/// closure. The compiler records them beside the closure it builds, so that the commonest rule
/// shapes (`pile.empty`, `top.rank`, `run.first`, `builds(top, run.first, r)`, `sequence(run, r)`)
/// become one closure each rather than a chain of them.
enum DirectPile: Sendable {
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

enum DirectCard: Sendable {
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
