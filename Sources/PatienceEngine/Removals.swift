import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// Removes the top cards of `piles` together (Grammar.md 10.3): the first removal, in
    /// declaration order, that takes that many piles from its zones and whose condition holds
    /// carries them, one after another in pile order, to its destination; then the effects run.
    /// Throws the refusal and changes nothing when no removal applies.
    public func removing(piles requested: [Int], on table: CardTable) throws(Refusal) -> CardTable {
        let piles = requested.sorted()
        let candidates = try removalCandidates(piles, on: table)
        return try Frame.changing(table) { f throws(Refusal) in
            try remove(piles, candidates: candidates, in: &f)
            return f.table
        }
    }

    /// The removals that could take the top cards of `piles` (sorted), in declaration order, by
    /// the checks that need no condition evaluated: every pile exists, once, with a face-up top
    /// card, and the removal takes that many piles from zones that hold them all.
    private func removalCandidates(_ piles: [Int], on table: CardTable) throws(Refusal) -> [Int] {
        for pile in piles where !table.piles.indices.contains(pile) {
            throw Refusal(code: .noSuchPile, message: "there is no pile \(pile + 1) on this table")
        }
        guard !piles.isEmpty, Set(piles).count == piles.count else {
            throw Refusal(code: .removalRefused, message: "a removal takes the top cards of different piles, at least one")
        }
        for pile in piles {
            guard let top = table.piles[pile].top else {
                throw Refusal(code: .cardNotInPile, message: "\(address(ofPile: pile)) is empty, so it has no card to remove")
            }
            guard top.isFaceUp else { throw Refusal(code: .faceDownInRun, message: "a face-down card cannot be removed") }
        }
        let candidates = removals.indices.filter { index in
            removals[index].slots.count == piles.count && piles.allSatisfy { removals[index].isCandidate[$0] }
        }
        guard !candidates.isEmpty else {
            let names = piles.map { address(ofPile: $0) }.joined(separator: ", ")
            throw Refusal(code: .noRemovalHere, message: "no removal of the game takes the cards of \(names)")
        }
        return candidates
    }

    /// Carries out the removal of the top cards of `piles` (sorted, passed by
    /// `removalCandidates`) in the frame: the first of `candidates` whose condition holds takes
    /// the cards to its destination, then the effects run. Throws the refusal when none holds or
    /// an effect faults; the frame's table may then be left half changed, which callers discard
    /// (`removing`) or undo (`WorkingTable`).
    func remove(_ piles: [Int], candidates: [Int], in f: inout ChangingFrame) throws(Refusal) {
        var chosen: Int?
        do throws(EvaluationFault) {
            for index in candidates where try removalHolds(removals[index], piles, &f.frame) {
                chosen = index
                break
            }
        } catch {
            throw refusal(from: error)
        }
        guard let chosen else {
            let removal = removals[candidates[0]]
            throw Refusal(code: .removalRefused, message: "\(Spelling.quoted(removal.name)) does not allow removing these cards",
                          file: removal.file, range: removal.range)
        }
        do throws(EvaluationFault) {
            f.frame.budget = removals[chosen].bound
            let destination = try removals[chosen].destination(&f.frame)
            if piles.contains(destination) {
                // The destination loses its own top card first: its cards are recorded whole.
                for pile in piles { f.journal?.pointee.recordPile(pile, in: f.piles) }
                var taken: [PlacedCard] = []
                for pile in piles { taken.append(f.piles[pile].cards.removeLast()) }
                f.piles[destination].cards += taken
            } else {
                // One card at a time in pile order puts them on the destination in that order.
                for pile in piles {
                    _ = transfer(1, from: pile, to: destination, oneAtATime: false, facing: nil, in: &f.piles, journal: f.journal)
                }
            }
            try settle(&f, after: PlayContext(source: piles[0], destination: destination, size: piles.count))
        } catch {
            var refusal = refusal(from: error)
            refusal.message = "an effect failed after the removal: " + refusal.message
            throw refusal
        }
    }

    /// Removes the top cards of `piles` on the working table, as `removing(piles:on:)` does.
    /// False, with nothing changed, when the rules refuse the removal.
    package func remove(piles requested: [Int], on work: inout WorkingTable) -> Bool {
        let piles = requested.sorted()
        guard let candidates = try? removalCandidates(piles, on: work.table) else { return false }
        let mark = work.mark
        let done = work.changeInPlace { f -> Bool in
            do throws(Refusal) {
                try remove(piles, candidates: candidates, in: &f)
                return true
            } catch {
                return false
            }
        }
        if !done { work.undo(to: mark) }
        return done
    }

    /// Whether the removal's condition holds with its variables bound to `piles`, in order.
    func removalHolds(_ removal: RemovalProgram, _ piles: [Int], _ f: inout Frame) throws(EvaluationFault) -> Bool {
        for (slot, pile) in zip(removal.slots, piles) { f.pileSlots[slot] = pile }
        f.budget = removal.bound
        guard let condition = removal.condition else { return true }
        return try condition(&f)
    }

    /// The most piles one removal takes (0 without removals; at most `RuleLimits.removalPiles`
    /// in checked rules).
    package var mostRemovalPiles: Int { removals.map(\.slots.count).max() ?? 0 }

    /// Whether some removal takes cards from this pile.
    public func removalTakes(fromPile pile: Int) -> Bool {
        removals.contains { pile >= 0 && pile < $0.isCandidate.count && $0.isCandidate[pile] }
    }

    /// Where removing the top cards of `piles` would send them, or nil when no removal allows it.
    public func removalDestination(of piles: [Int], on table: CardTable) -> Int? {
        guard let after = try? removing(piles: piles, on: table) else { return nil }
        // The cards go to one pile, which holds them on top unless an effect moved them on.
        let sorted = piles.sorted()
        return judging(table) { f -> Int? in
            for removal in removals where removal.slots.count == sorted.count && sorted.allSatisfy({ removal.isCandidate[$0] }) {
                guard (try? removalHolds(removal, sorted, &f)) == true else { continue }
                f.budget = removal.bound
                let destination = try? removal.destination(&f)
                return after.piles.indices.contains(destination ?? -1) ? destination : nil
            }
            return nil
        }
    }

    /// Whether removing the top cards of `piles` is legal now; the same check as `removing`.
    /// Inlinable, so that a caller in another module judges a pair game's removal, the common
    /// case, without a call that retains and releases each of the table's buffers (most of the
    /// time such a check took).
    @inlinable
    public func allowsRemoval(of piles: [Int], on table: CardTable) -> Bool {
        if pairRemovalAlone, piles.count == 2, let pairRemoval {
            return pairRemoval._withUnsafeGuaranteedRef { $0.allowsPair(piles[0], piles[1], on: table.piles) }
        }
        return allowsRemovalJudged(of: piles, on: table)
    }

    /// `allowsRemoval` past the pair fast path.
    @usableFromInline
    func allowsRemovalJudged(of piles: [Int], on table: CardTable) -> Bool {
        if !effectsCanFault || effects.isEmpty, piles.count <= 4, let verdict = removalVerdict(piles, on: table) {
            return verdict
        }
        return (try? removing(piles: piles, on: table)) != nil
    }

    /// `removing(piles:on:)`'s verdict, found without copying the table or allocating, for rules
    /// whose effects cannot fault: a removal whose condition holds and whose destination is found
    /// can then not be refused. The same checks in the same order (`removalCandidates`, then the
    /// conditions of the candidates in declaration order, then the chosen one's destination);
    /// nil where the removal itself would have to say (a destination off the table).
    private func removalVerdict(_ requested: [Int], on table: CardTable) -> Bool? {
        let count = requested.count
        guard count >= 1 else { return false }
        var storage = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &storage) { raw -> Bool? in
            let buffer = UnsafeMutableBufferPointer(rebasing: raw.bindMemory(to: Int.self)[..<count])
            // The piles in increasing order, as `removing` sorts them (at most four, the most
            // a removal takes (`RuleLimits.removalPiles`): insertion; a drop's pair comes sorted).
            for i in 0..<count {
                var j = i
                let pile = requested[i]
                while j > 0 && buffer[j - 1] > pile {
                    buffer[j] = buffer[j - 1]
                    j -= 1
                }
                buffer[j] = pile
            }
            let piles = UnsafeBufferPointer(buffer)
            for pile in piles {
                guard pile >= 0 && pile < table.piles.count, let top = table.piles[pile].cards.last, top.isFaceUp else { return false }
            }
            for i in 1..<max(count, 1) where piles[i] == piles[i - 1] { return false }
            return judging(table) { f -> Bool? in
                for check in removalCheckRefs {
                    switch check._withUnsafeGuaranteedRef({ $0.verdict(piles, pileCount: table.piles.count, in: &f) }) {
                    case .notThisRemoval: continue
                    case .refused: return false
                    case .allowed: return true
                    case .offTable: return nil
                    }
                }
                return false
            }
        }
    }

    /// Every legal removal, each set of piles once, in a stable order: by removal in declaration
    /// order, then by piles in increasing order. A removal of k piles from zones of P piles in all
    /// tries at most C(P, k) sets, each within the removal's bound (Grammar.md 14).
    public func legalRemovals(on table: CardTable) -> [[Int]] {
        removalsAllowedByConditions(on: table).filter { allowsRemoval(of: $0, on: table) }
    }

    /// The sets of piles of `legalRemovals(on:)` before any is carried out: those whose top cards
    /// are face up and for which some removal's condition holds, in the same order. For a
    /// caller that carries each one out anyway (the solver, with `remove(piles:on:)`) and drops
    /// those the effects then refuse.
    package func removalsAllowedByConditions(on table: CardTable) -> [[Int]] {
        var found: [[Int]] = []
        var seen = Set<[Int]>()
        judging(table) { f in
            for removal in removals {
                // Only piles whose top card could be removed can be part of a set.
                let usable = removal.candidates.filter { table.piles[$0].top?.isFaceUp == true }
                let k = removal.slots.count
                guard k <= usable.count else { continue }
                var chosen = Array(0..<k)
                while true {
                    let piles = chosen.map { usable[$0] }
                    if !seen.contains(piles), (try? removalHolds(removal, piles, &f)) == true {
                        seen.insert(piles)
                        found.append(piles)
                    }
                    // The next set of k positions in increasing order, or the end.
                    var i = k - 1
                    while i >= 0 && chosen[i] == usable.count - k + i { i -= 1 }
                    if i < 0 { break }
                    chosen[i] += 1
                    for j in (i + 1)..<k { chosen[j] = chosen[j - 1] + 1 }
                }
            }
        }
        return found
    }
}

/// What `GameRules.allowsRemoval` reads of one removal, in a class so that a check borrows it
/// without retaining its parts (see `ZoneRules`); a missing condition is a flag.
@usableFromInline
final class RemovalCheck: Sendable {
    let slots: [Int]
    @usableFromInline let isCandidate: [Bool]
    let hasCondition: Bool
    let condition: BoolCode
    let destination: PileCode
    let bound: Int

    /// For a removal of one or two piles whose condition reads only their top cards
    /// (`RemovalProgram.readsOnlyTops`): its verdict for each choice of the deck's cards, by raw
    /// value, the lower pile's top card first (`tops[first * stride + second]`). Empty otherwise.
    @usableFromInline let tops: [Bool]
    @usableFromInline let stride: Int
    /// The destination when it is one fixed pile on the table, else -1.
    let fixedDestination: Int

    init(_ removal: RemovalProgram, deck: [Card]) {
        slots = removal.slots
        isCandidate = removal.isCandidate
        hasCondition = removal.condition != nil
        if let condition = removal.condition { self.condition = condition } else { self.condition = { _ in true } }
        destination = removal.destination
        bound = removal.bound
        fixedDestination = removal.fixedDestination.map { $0 >= 0 && $0 < removal.isCandidate.count ? $0 : -1 } ?? -1
        let stride = Int(deck.map(\.rawValue).max() ?? 0) + 1
        guard removal.readsOnlyTops, let condition = removal.condition, (1...2).contains(slots.count), !deck.isEmpty, stride <= 1024 else {
            (tops, self.stride) = ([], 0)
            return
        }
        // The condition judged on a table of one pile per slot, each holding one face-up card
        // (a removal takes face-up top cards only), which is all it reads.
        var table = Array(repeating: false, count: slots.count == 1 ? stride : stride * stride)
        let seconds: [Card?] = slots.count == 1 ? [nil] : deck
        for first in deck {
            for second in seconds {
                var piles = [Pile([PlacedCard(first, faceUp: true)])]
                if let second { piles.append(Pile([PlacedCard(second, faceUp: true)])) }
                let holds = Frame.judging(piles: piles) { f -> Bool in
                    for (index, slot) in removal.slots.enumerated() { f.pileSlots[slot] = index }
                    f.budget = removal.bound
                    return (try? condition(&f)) ?? false
                }
                table[Int(first.rawValue) * (slots.count == 1 ? 1 : stride) + Int(second?.rawValue ?? 0)] = holds
            }
        }
        (tops, self.stride) = (table, stride)
    }

    /// Whether `allowsPair` can judge this removal by itself: it takes two piles, its condition
    /// is in `tops` and its destination is a fixed pile.
    var judgesPairAlone: Bool { slots.count == 2 && !tops.isEmpty && fixedDestination >= 0 }

    /// `removalVerdict` for the game's only removal when `judgesPairAlone`: the same checks
    /// (both piles on the table, different, with face-up top cards, both taken by the removal, the
    /// condition), each a comparison or a lookup. A card not of the deck is judged by the condition.
    @inlinable
    func allowsPair(_ a: Int, _ b: Int, on piles: [Pile]) -> Bool {
        let (low, high) = a < b ? (a, b) : (b, a)
        guard low != high, low >= 0, high < piles.count, high < isCandidate.count, isCandidate[low], isCandidate[high],
              let first = piles[low].cards.last, first.isFaceUp, let second = piles[high].cards.last, second.isFaceUp else { return false }
        let x = Int(first.card.rawValue), y = Int(second.card.rawValue)
        guard x < stride && y < stride else { return judgedPair(low, high, on: piles) }
        return tops[x * stride + y]
    }

    /// The condition judged in a frame, for a card that is not the deck's.
    @usableFromInline
    func judgedPair(_ low: Int, _ high: Int, on piles: [Pile]) -> Bool {
        Frame.judging(piles: piles) { f in
            for (slot, pile) in zip(slots, [low, high]) { f.pileSlots[slot] = pile }
            f.budget = bound
            return (try? condition(&f)) ?? false
        }
    }

    /// The condition's verdict from `tops`, nil when there is none (or a card is not the deck's).
    @inline(__always)
    private func tabled(_ piles: UnsafeBufferPointer<Int>, in f: inout Frame) -> Bool? {
        guard !tops.isEmpty, let first = f.piles[piles[0]].cards.last?.card, Int(first.rawValue) < stride else { return nil }
        guard piles.count == 2 else { return tops[Int(first.rawValue)] }
        guard let second = f.piles[piles[1]].cards.last?.card, Int(second.rawValue) < stride else { return nil }
        return tops[Int(first.rawValue) * stride + Int(second.rawValue)]
    }

    enum Verdict {
        /// The removal does not take these piles, or its condition does not hold for them.
        case notThisRemoval
        case refused
        case allowed
        /// Its destination is off the table; `removing` is to say what happens.
        case offTable
    }

    /// This removal's verdict on the piles (sorted and distinct), in the frame: see `GameRules.removalVerdict`.
    func verdict(_ piles: UnsafeBufferPointer<Int>, pileCount: Int, in f: inout Frame) -> Verdict {
        guard slots.count == piles.count else { return .notThisRemoval }
        for pile in piles where pile >= isCandidate.count || !isCandidate[pile] { return .notThisRemoval }
        if let tabled = tabled(piles, in: &f) {
            guard tabled else { return .notThisRemoval }
            if fixedDestination >= 0 { return fixedDestination < pileCount ? .allowed : .offTable }
        }
        for (slot, pile) in zip(slots, piles) { f.pileSlots[slot] = pile }
        f.budget = bound
        do throws(EvaluationFault) {
            if hasCondition, try !condition(&f) { return .notThisRemoval }
            f.budget = bound
            let destination = try destination(&f)
            return destination >= 0 && destination < pileCount ? .allowed : .offTable
        } catch {
            return .refused
        }
    }
}
