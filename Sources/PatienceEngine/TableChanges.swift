import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// Carries out action and effect statements on the frame's table. Returns the refusal of the
    /// first failed requirement; sets `changed` whenever a card moved or turned.
    func execute(_ operations: [Operation], _ f: inout ChangingFrame, changed: inout Bool) throws(EvaluationFault) -> Refusal? {
        for operation in operations {
            switch operation {
            case .require(let condition, let refusal):
                if try !condition.code(&f.frame) { return refusals[refusal] }
            case .conditional(let condition, let then, let otherwise):
                if let refusal = try execute(try condition.code(&f.frame) ? then : otherwise, &f, changed: &changed) { return refusal }
            case .forEach(let slot, let piles, let body, let exhausted):
                var refused: Refusal?
                try PileLoop(piles: piles, slot: slot, binds: true, exhausted: exhausted, excluded: nil).visit(&f) { f, _ throws(EvaluationFault) in
                    refused = try execute(body, &f, changed: &changed)
                    return refused == nil
                }
                if let refused { return refused }
            case .transfer(let oneAtATime, let count, let from, let to, let facing):
                let n = try count(&f.frame)
                let source = try from(&f.frame), destination = try to(&f.frame)
                if transfer(n, from: source, to: destination, oneAtATime: oneAtATime, facing: facing, in: &f.piles) { changed = true }
            case .tryMove(let count, let from, let target):
                let n = try count(&f.frame)
                let source = try from(&f.frame)
                let candidates: [Int]
                switch target {
                case .pile(let code): candidates = [try code(&f.frame)]
                case .zone(let piles): candidates = Array(piles)
                }
                for destination in candidates {
                    let move = Move(source: source, count: n, destination: destination)
                    if Frame.judging(f.piles, { probe in rejection(of: move, in: &probe) }) == nil {
                        _ = transfer(n, from: source, to: destination, oneAtATime: false, facing: nil, in: &f.piles)
                        changed = true
                        break
                    }
                }
            case .flip(let code):
                let pile = try code(&f.frame)
                if let last = f.piles[pile].cards.indices.last, !f.piles[pile].cards[last].isFaceUp {
                    f.piles[pile].cards[last].isFaceUp = true
                    changed = true
                }
            }
        }
        return nil
    }

    /// Moves up to `count` cards from the top of one pile to another; true when any card moved.
    func transfer(_ count: Int, from source: Int, to destination: Int, oneAtATime: Bool, facing: Facing?, in piles: inout [Pile]) -> Bool {
        let n = min(max(count, 0), piles[source].cards.count)
        guard n > 0, source != destination else { return false }
        var moved = Array(piles[source].cards.suffix(n))
        piles[source].cards.removeLast(n)
        // Dealing one card at a time puts the first card taken at the bottom, reversing the packet.
        if oneAtATime { moved.reverse() }
        if let facing {
            for i in moved.indices { moved[i].isFaceUp = facing == .up }
        }
        piles[destination].cards += moved
        return true
    }

    /// Runs every effect until none changes the table, at most (cards + 1) passes.
    func settle(_ f: inout ChangingFrame) throws(EvaluationFault) {
        guard !effects.isEmpty else { return }
        for _ in 0...deck.count {
            var changed = false
            for (effect, bound) in zip(effects, effectBounds) {
                f.frame.budget = bound
                _ = try execute(effect, &f, changed: &changed)
            }
            if !changed { return }
        }
    }
}
