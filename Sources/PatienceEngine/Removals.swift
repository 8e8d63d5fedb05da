import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// Removes the top cards of `piles` together (Grammar.md 10.3): the first removal, in
    /// declaration order, that takes that many piles from its zones and whose condition holds
    /// carries them, one after another in pile order, to its destination; then the effects run.
    /// Throws the refusal and changes nothing when no removal applies.
    public func removing(piles requested: [Int], on table: CardTable) throws(Refusal) -> CardTable {
        let piles = requested.sorted()
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
        guard let firstCandidate = candidates.first else {
            let names = piles.map { address(ofPile: $0) }.joined(separator: ", ")
            throw Refusal(code: .noRemovalHere, message: "no removal of the game takes the cards of \(names)")
        }
        return try Frame.changing(table) { f throws(Refusal) in
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
                let removal = removals[firstCandidate]
                throw Refusal(code: .removalRefused, message: "\(Spelling.quoted(removal.name)) does not allow removing these cards",
                              file: removal.file, range: removal.range)
            }
            let removal = removals[chosen]
            do throws(EvaluationFault) {
                f.frame.budget = removal.bound
                let destination = try removal.destination(&f.frame)
                var taken: [PlacedCard] = []
                for pile in piles { taken.append(f.piles[pile].cards.removeLast()) }
                f.piles[destination].cards += taken
                try settle(&f)
            } catch {
                var refusal = refusal(from: error)
                refusal.message = "an effect failed after the removal: " + refusal.message
                throw refusal
            }
            return f.table
        }
    }

    /// Whether the removal's condition holds with its variables bound to `piles`, in order.
    func removalHolds(_ removal: RemovalProgram, _ piles: [Int], _ f: inout Frame) throws(EvaluationFault) -> Bool {
        for (slot, pile) in zip(removal.slots, piles) { f.pileSlots[slot] = pile }
        f.budget = removal.bound
        guard let condition = removal.condition else { return true }
        return try condition(&f)
    }

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
    public func allowsRemoval(of piles: [Int], on table: CardTable) -> Bool {
        (try? removing(piles: piles, on: table)) != nil
    }

    /// Every legal removal, each set of piles once, in a stable order: by removal in declaration
    /// order, then by piles in increasing order. A removal of k piles from zones of P piles in all
    /// tries at most C(P, k) sets, each within the removal's bound (Grammar.md 14).
    public func legalRemovals(on table: CardTable) -> [[Int]] {
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
        return found.filter { allowsRemoval(of: $0, on: table) }
    }
}
