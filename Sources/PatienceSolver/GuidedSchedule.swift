/// Which of the guided phase's interleaved searches expands the next slice of nodes: each weight
/// set joins once the slices before it have been run, and then the next slice goes to the search
/// that has expanded the fewest nodes for its share, so a search that joins late first catches up
/// to its share of the nodes and then keeps it.
struct GuidedSchedule: Sendable {
    /// One search of the portfolio: its weights, how many slices (of all searches) run before it
    /// joins, and its share of the nodes once it has.
    struct Member: Sendable {
        var weights: Heuristic.Weights
        var joinsAfter: Int
        var share: Int
    }

    let members: [Member]
    /// Nodes a search expands in one turn.
    let slice: Int

    /// The searches the guided phase runs. The greedy sets (little or no weight on depth) solve
    /// most deals within a few slices, before any other joins: a deal that has resisted them is a
    /// hard one, where the least greedy set (`patient`) is most often the fastest by far, so once
    /// it joins it gets six nodes for each one of the others'. They keep a share, since on some
    /// hard deals a greedy set is the fastest by orders of magnitude. On FreeCell's hardest deals
    /// of 1..32000 by the equal round-robin's nodes, this takes 38 % fewer nodes on the 160 tuned
    /// on and 26 % fewer on the 160 checked on, 18 % fewer over deals 1..1000 and 17 % fewer
    /// over all of 1..32000 (the figures are in `git log -- Sources/PatienceSolver/GuidedSchedule.swift`).
    static let portfolio = GuidedSchedule(members: [
        Member(weights: .standard, joinsAfter: 0, share: 1),
        Member(weights: .spacious, joinsAfter: 2, share: 1),
        Member(weights: .patient, joinsAfter: 6, share: 6),
    ], slice: 256)

    /// How many members have joined once `slicesRun` slices have been run.
    func joined(afterSlices slicesRun: Int) -> Int {
        var count = 0
        while count < members.count && members[count].joinsAfter <= slicesRun { count += 1 }
        return max(count, 1)
    }

    /// The member to run next, given how many nodes each joined member has expanded: the one
    /// with the fewest for its share, the earliest among equals.
    func next(expanded: [Int]) -> Int {
        var best = 0
        for i in expanded.indices.dropFirst() where expanded[i] * members[best].share < expanded[best] * members[i].share {
            best = i
        }
        return best
    }
}
