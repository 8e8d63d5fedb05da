import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Depth-first search over every state reachable under the sound reductions, trying the steps
/// of each table in the heuristic's order. It stops at the first won table; when it runs out
/// of states to visit, no play sequence wins, which is a proof (the reductions in force are
/// sound, and the likely-safe autoplay is never used here).
///
/// The search stands on one `WorkingTable`: a step is made on it through the rules and taken
/// back through its journal, pile hashes are updated from the piles the step changed, and each
/// node keeps only its candidate steps (with their fingerprints and ratings) in one shared
/// arena, so that visiting a state allocates nothing.
struct ExhaustiveSearch {
    let space: SearchSpace

    private struct Candidate {
        var step: Step
        var fingerprint: Fingerprint
        var rating: Int32
        var order: Int32
    }

    private struct Node {
        /// This node's candidates in the arena: `start..<end`, the next one to try at `next`.
        var start: Int
        var next: Int
        var end: Int
        /// The journal's mark before the step that reached this node.
        var mark: Int
        var step: Step
    }

    /// What the search keeps from one node to the next.
    private struct Walk {
        var work: WorkingTable
        var hashes: StateKey.PileHashes
        var seen = FingerprintSet()
        var candidates: [Candidate] = []
        var steps: [Step] = []
        var scratch = SearchSpace.Scratch()
        var cursor = SearchSpace.StepCursor()
        var unusedFlag = false
        var deadEnds: DeadEnds?

        init(space: SearchSpace, root: CardTable) {
            work = WorkingTable(rules: space.rules, table: root)
            hashes = space.key.pileHashes(work.table)
            deadEnds = space.deadEnds
            candidates.reserveCapacity(4096)
            steps.reserveCapacity(256)
        }

        /// Lists the steps from the working table that lead to states not stored yet, best
        /// first, at the end of `candidates`; returns a step that wins at once, if one does.
        mutating func expand(_ space: SearchSpace, last: Move?) -> Step? {
            space.steps(on: &work, hashes: hashes, last: last, likelySafe: false, usedLikely: &unusedFlag, scratch: &scratch, into: &steps)
            let first = candidates.count
            let rate = steps.count > 1
            cursor.start(work)
            defer { cursor.finish(&work) }
            for order in steps.indices {
                let step = steps[order]
                guard cursor.make(step, in: space, on: &work) else {
                    cursor.takeBack(&work)
                    continue
                }
                scratch.changed.collect(work, since: cursor.base)
                let fingerprint = space.key.fingerprint(work.table, changed: scratch.changed, from: hashes)
                if !seen.contains(fingerprint) {
                    if space.rules.isWon(work.table) { return step }
                    if deadEnds?.isDeadEnd(work.table) == true {
                        cursor.takeBack(&work)
                        continue
                    }
                    let rating = rate ? Int32(clamping: space.heuristic.estimate(work.table)) : 0
                    candidates.append(Candidate(step: step, fingerprint: fingerprint, rating: rating, order: Int32(order)))
                }
                cursor.takeBack(&work)
            }
            // Closest to a win first; the engine's order breaks ties.
            if candidates.count - first > 1 {
                candidates[first...].sort { ($0.rating, $0.order) < ($1.rating, $1.order) }
            }
            return nil
        }
    }

    func run(from root: CardTable, watch: BudgetWatch, statistics: inout SearchStatistics) -> PhaseOutcome {
        let start = BudgetWatch.now()
        defer { statistics.seconds += BudgetWatch.now() - start }
        let key = space.key
        var walk = Walk(space: space, root: root)
        _ = walk.seen.insert(key.fingerprint(walk.hashes, walk.work.table))
        var nodes = [Node(start: 0, next: 0, end: 0, mark: 0, step: Step())]
        statistics.nodesExpanded += 1
        if let win = walk.expand(space, last: nil) {
            record(&statistics, seen: walk.seen)
            return .solved(win.plays(chainPile: space.chainPile))
        }
        nodes[0].end = walk.candidates.count
        let bytesPerCandidate = MemoryLayout<Candidate>.stride
        while let top = nodes.indices.last {
            guard nodes[top].next < nodes[top].end else {
                let node = nodes.removeLast()
                walk.candidates.removeLast(walk.candidates.count - node.start)
                if nodes.isEmpty { break }
                walk.scratch.changed.collect(walk.work, since: node.mark)
                walk.work.undo(to: node.mark)
                key.update(&walk.hashes, walk.work.table, changed: walk.scratch.changed)
                continue
            }
            let candidate = walk.candidates[nodes[top].next]
            nodes[top].next += 1
            statistics.statesGenerated += 1
            guard walk.seen.insert(candidate.fingerprint) else { continue }
            let bytes = walk.seen.bytes + walk.candidates.capacity * bytesPerCandidate + nodes.capacity * MemoryLayout<Node>.stride
            if let reason = watch.exceeded(states: walk.seen.count, bytes: bytes, checkClock: statistics.nodesExpanded & 63 == 0) {
                record(&statistics, seen: walk.seen)
                return .outOfBudget(reason)
            }
            let mark = walk.work.mark
            guard space.apply(candidate.step, to: &walk.work) else { continue }
            walk.scratch.changed.collect(walk.work, since: mark)
            key.update(&walk.hashes, walk.work.table, changed: walk.scratch.changed)
            statistics.nodesExpanded += 1
            // The move that alone made this table, whose inverse only goes back.
            let last = space.reductions.pruneInverseMoves ? walk.work.journal.onlyTransfer(since: mark) : nil
            let first = walk.candidates.count
            nodes.append(Node(start: first, next: first, end: first, mark: mark, step: candidate.step))
            if let win = walk.expand(space, last: last) {
                record(&statistics, seen: walk.seen)
                let plays = nodes.dropFirst().flatMap { $0.step.plays(chainPile: space.chainPile) }
                return .solved(plays + win.plays(chainPile: space.chainPile))
            }
            nodes[nodes.count - 1].end = walk.candidates.count
        }
        record(&statistics, seen: walk.seen)
        return .exhausted(proof: true)
    }

    private func record(_ statistics: inout SearchStatistics, seen: FingerprintSet) {
        statistics.statesStored += seen.count
        statistics.tableBytes += seen.bytes
        statistics.bytesPerStoredState = statistics.statesStored > 0 ? Double(statistics.tableBytes) / Double(statistics.statesStored) : 0
        statistics.phase = "exhaustive"
    }
}
