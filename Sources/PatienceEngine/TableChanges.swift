import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// Carries out action and effect statements on the frame's table. Returns the refusal of the
    /// first failed requirement; sets `changed` whenever a card moved or turned.
    func execute(_ operations: [Operation], _ f: inout ChangingFrame, changed: inout Bool) throws(EvaluationFault) -> Refusal? {
        try refusalIndex(executing: operations, &f, changed: &changed).map { refusals[$0] }
    }

    /// `execute`, with the refusal as its index in `refusals`: a refusal is a large value, and
    /// passing its index up through nested bodies instead costs nothing on the tables where
    /// nothing refuses (every effect run after every move).
    private func refusalIndex(executing operations: [Operation], _ f: inout ChangingFrame, changed: inout Bool) throws(EvaluationFault) -> Int? {
        for operation in operations {
            switch operation {
            case .require(let condition, let refusal):
                if try !condition.code(&f.frame) { return refusal }
            case .conditional(let condition, let then, let otherwise):
                if let refusal = try refusalIndex(executing: try condition.code(&f.frame) ? then : otherwise, &f, changed: &changed) { return refusal }
            case .forEach(let slot, let piles, let body, let exhausted):
                var refused: Int?
                try PileLoop(piles: piles, slot: slot, binds: true, exhausted: exhausted, excluded: nil).visit(&f) { f, _ throws(EvaluationFault) in
                    refused = try refusalIndex(executing: body, &f, changed: &changed)
                    return refused == nil
                }
                if let refused { return refused }
            case .transfer(let oneAtATime, let count, let from, let to, let facing):
                let n = try count(&f.frame)
                let source = try from(&f.frame), destination = try to(&f.frame)
                if transfer(n, from: source, to: destination, oneAtATime: oneAtATime, facing: facing, in: &f.piles, journal: f.journal) { changed = true }
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
                    if f.judging({ probe in rejection(of: move, in: &probe) }) == nil {
                        _ = transfer(n, from: source, to: destination, oneAtATime: false, facing: nil, in: &f.piles, journal: f.journal)
                        changed = true
                        break
                    }
                }
            case .flip(let code):
                if flipTop(of: try code(&f.frame), &f) { changed = true }
            case .flipTops(let slot, let piles, let exhausted):
                for pile in piles {
                    try f.frame.spend(exhausted)
                    f.frame.pileSlots[slot] = pile
                    if flipTop(of: pile, &f) { changed = true }
                }
            case .shuffle(let target):
                let piles: [Int]
                switch target {
                case .pile(let code): piles = [try code(&f.frame)]
                case .zone(let zone): piles = Array(zone)
                }
                if shuffle(piles, &f) { changed = true }
            case .set(let slot, let value):
                let v = try value(&f.frame)
                if slot < f.memory.count, f.memory[slot] != v {
                    f.journal?.pointee.recordMemory(slot: slot, was: f.memory[slot])
                    f.memory[slot] = v
                    changed = true
                }
            }
        }
        return nil
    }

    /// Turns the pile's top card face up; whether it was face down.
    @inline(__always)
    private func flipTop(of pile: Int, _ f: inout ChangingFrame) -> Bool {
        guard let last = f.piles[pile].cards.indices.last, !f.piles[pile].cards[last].isFaceUp else { return false }
        f.journal?.pointee.recordFlip(pile)
        f.piles[pile].cards[last].isFaceUp = true
        return true
    }

    /// Shuffles the cards of the piles together (Grammar.md 9, `shuffle`): every position keeps its
    /// face and every pile its size, and the cards are put in the order `SeededGenerator` gives
    /// from `shuffleSeed(seed:shuffles:)`. Fewer than two cards are left alone and not counted.
    func shuffle(_ piles: [Int], _ f: inout ChangingFrame) -> Bool {
        var cards: [Card] = []
        for pile in piles { cards += f.piles[pile].cards.map(\.card) }
        guard cards.count >= 2 else { return false }
        f.journal?.pointee.recordShuffle(piles: piles, in: f.piles, count: f.shuffles.count)
        var generator = SeededGenerator(seed: GameRules.shuffleSeed(seed: f.shuffles.seed, shuffles: f.shuffles.count))
        generator.shuffle(&cards)
        f.shuffles.count = Arithmetic.add(f.shuffles.count, 1)
        var next = 0
        for pile in piles {
            for i in f.piles[pile].cards.indices {
                f.piles[pile].cards[i].card = cards[next]
                next += 1
            }
        }
        return true
    }

    /// The seed of a table's next shuffle: its deal's seed and the number of shuffles so far,
    /// mixed as `seed + (shuffles + 1) × 0x9E3779B97F4A7C15` (wrapping), which `SeededGenerator`
    /// then runs through SplitMix64.
    public static func shuffleSeed(seed: UInt64, shuffles: Int) -> UInt64 {
        seed &+ (UInt64(truncatingIfNeeded: shuffles) &+ 1) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Moves up to `count` cards from the top of one pile to another; true when any card moved.
    /// The cards are copied one by one, so that piles with room to spare (a solver's working
    /// table, see `WorkingTable`) allocate nothing; `journal` records the change then.
    func transfer(_ count: Int, from source: Int, to destination: Int, oneAtATime: Bool, facing: Facing?, in piles: inout [Pile],
                  journal: UnsafeMutablePointer<TableJournal>? = nil) -> Bool {
        let size = piles[source].cards.count
        let n = min(max(count, 0), size)
        guard n > 0, source != destination else { return false }
        journal?.pointee.recordTransfer(n, from: source, to: destination, oneAtATime: oneAtATime, facing: facing, piles: piles)
        // Read through the array, which traps on a pile the table lacks, before the piles are borrowed unchecked.
        let room = piles[destination].cards.capacity - piles[destination].cards.count
        // The piles are made unique once, rather than at every card appended and removed.
        piles.withUnsafeMutableBufferPointer { piles in
            if room < n { piles[destination].cards.reserveCapacity(piles[destination].cards.count + n) }
            for k in 0..<n {
                // Dealing one card at a time puts the first card taken at the bottom, reversing the packet.
                var card = piles[source].cards[oneAtATime ? size - 1 - k : size - n + k]
                // A switch, not `==`: across modules the enum's `==` goes through its Equatable
                // witness, for every card dealt.
                if let facing { card.isFaceUp = switch facing { case .up: true; case .down: false } }
                piles[destination].cards.append(card)
            }
            piles[source].cards.removeTop(n)
        }
        return true
    }

    /// Whether some effect can set a memory or shuffle: then effects may change the table on and
    /// on (the pass bound of `settle` cuts them), and the same piles may settle differently.
    package var effectsSetMemoryOrShuffle: Bool {
        func sets(_ operations: [Operation]) -> Bool {
            operations.contains { operation in
                switch operation {
                case .set, .shuffle: return true
                case .conditional(_, let then, let otherwise): return sets(then) || sets(otherwise)
                case .forEach(_, _, let body, _): return sets(body)
                case .require, .transfer, .tryMove, .flip, .flipTops: return false
                }
            }
        }
        return effects.contains(where: sets)
    }

    /// Whether the effects leave the table as it is: one pass of them changes nothing (so `settle`
    /// would stop at once). The effects that react to a play (`move`) are not run: no play is made.
    /// False when an effect faults.
    package func isSettled(_ table: CardTable) -> Bool {
        guard !effects.isEmpty else { return true }
        return Frame.changing(table) { f -> Bool in
            do throws(EvaluationFault) {
                return try !runEffectsOnce(&f, firstPass: false)
            } catch {
                return false
            }
        }
    }

    /// One pass of every effect, in declaration order, each within its bound; whether any changed
    /// the table. An effect that reads the play runs in the first pass only.
    @inline(__always)
    private func runEffectsOnce(_ f: inout ChangingFrame, firstPass: Bool) throws(EvaluationFault) -> Bool {
        var changed = false
        for index in effects.indices {
            if !firstPass, index < effectsReadingPlay.count, effectsReadingPlay[index] { continue }
            f.frame.budget = effectBounds[index]
            _ = try refusalIndex(executing: effects[index], &f, changed: &changed)
        }
        return changed
    }

    /// Runs every effect until none changes the table, at most (cards + 1) passes, with `play`
    /// the play that set them off, which effects read as `move`.
    func settle(_ f: inout ChangingFrame, after play: PlayContext) throws(EvaluationFault) {
        guard !effects.isEmpty else { return }
        f.frame.play = play
        for pass in 0...deck.count {
            if try !runEffectsOnce(&f, firstPass: pass == 0) { return }
        }
    }
}

extension Array {
    /// Removes the last `n` elements one by one, which for the few cards of a move costs less
    /// than the general `removeLast(_:)` (a range replacement); keeps the storage.
    @inline(__always)
    mutating func removeTop(_ n: Int) {
        for _ in 0..<n { removeLast() }
    }
}
