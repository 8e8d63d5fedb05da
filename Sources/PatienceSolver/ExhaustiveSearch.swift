import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Depth-first search over every state reachable under the sound reductions, trying the steps
/// of each table in the heuristic's order. It stops at the first won table; when it runs out
/// of states to visit, no play sequence wins, which is a proof (the reductions in force are
/// sound, and the likely-safe autoplay is never used here), unless it `takesShortcuts`.
///
/// With restarts, the search runs again and again from the root, each run cut after a number of
/// stored states that follows the Luby sequence (1, 1, 2, 1, 1, 2, 4, …, times a unit): the odd
/// runs in the heuristic's order (which, with the dead tables kept, goes on about where the last
/// one was cut), the even ones with neighbouring candidates shuffled, each run differently, so
/// that one early choice with a huge lost subtree below it does not hold the whole budget: the
/// heavy tail of depth-first search. What one run learnt is kept: a table whose every successor was searched
/// to the end, or was already known dead, without a win is *dead* (no play sequence from it
/// wins), and later runs do not enter it again. A table with a successor still being searched
/// (on the path: the move graph has a cycle through it) or one left out by the inverse-move
/// pruning (which depends on the path) is not recorded, so the dead tables are dead in the
/// reduced graph, whichever way they are reached, and a run that ends without being cut is
/// still a proof. Where few tables turn out dead (graphs with many cycles), restarting would
/// only repeat work, and the next run is the last, with the whole budget.
///
/// The dead tables are kept in the transposition table itself, as a mark on their entries
/// (`FingerprintSet`), which the runs share: a new run counts the entries of earlier runs as
/// absent but for the dead ones, so that recording a table dead costs no storage of its own.
///
/// The search stands on one `WorkingTable`: a step is made on it through the rules and taken
/// back through its journal, pile hashes are updated from the piles the step changed, and each
/// node keeps only its candidate steps (with their fingerprints and ratings) in one shared
/// arena, so that visiting a state allocates nothing.
struct ExhaustiveSearch {
    let space: SearchSpace
    /// Restart as described above; the unit of the Luby sequence, in stored states.
    var restarts = false
    var restartUnit = 2000
    /// Restarts go on while each run leaves at least this share of what it stored dead.
    var restartWhileDeadShare = 0.5
    /// Called with each table as it is recorded dead (for the tests).
    var onDead: ((CardTable) -> Void)? = nil
    /// Orders each table's steps by kind before the heuristic's rating: moves to the zone the
    /// win fills first, then the other moves, then those that take a card from or put one in a
    /// zone the actions name (the stock and waste), and moves out of the win zone last (`SearchSpace.kind(of:)`).
    var ordersByKind = false
    /// Takes likely-safe moves to the win zone as the only step and leaves idle runs out, as the
    /// guided phase does (but keeps the moves out of the win zone): the first depth-first run
    /// finds wins sooner so, and when it runs out of states it proves nothing (`exhausted(proof: false)`).
    var takesShortcuts = false

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
        var fingerprint: Fingerprint
        /// Every successor searched so far is dead (or not a successor at all).
        var clean: Bool
    }

    /// What the search keeps from one node to the next.
    private struct Walk {
        var work: WorkingTable
        var hashes: StateKey.PileHashes
        /// The transposition table, shared by the runs, with the dead tables marked in it.
        var seen: FingerprintSet
        var candidates: [Candidate] = []
        var steps: [Step] = []
        var scratch = SearchSpace.Scratch()
        var cursor = SearchSpace.StepCursor()
        var unusedFlag = false
        var deadEnds: DeadEnds?
        /// The estimate of the table being expanded, by pile, to rate its successors from.
        var base = Heuristic.Base()
        /// The order's shuffle, nil for the heuristic's order as it is.
        var shuffle: SplitMix64?
        var ordersByKind = false

        init(space: SearchSpace, root: CardTable, seen: FingerprintSet) {
            self.seen = seen
            work = WorkingTable(rules: space.rules, table: root)
            hashes = space.key.pileHashes(work.table)
            deadEnds = space.deadEnds
            candidates.reserveCapacity(4096)
            steps.reserveCapacity(256)
        }

        /// Lists the steps from the working table that lead to states not stored yet (in this
        /// run or as dead), best first, at the end of `candidates`; returns a step that wins at
        /// once, if one does. `clean` is cleared when a successor is left out that is neither
        /// dead nor refused.
        mutating func expand(_ space: SearchSpace, last: Move?, clean: inout Bool) -> Step? {
            space.steps(on: &work, hashes: hashes, last: last, likelySafe: false, usedLikely: &unusedFlag, scratch: &scratch, into: &steps)
            if scratch.prunedInverse { clean = false }
            let first = candidates.count
            let rate = steps.count > 1
            if rate { space.heuristic.prepareIfUseful(&base, for: work.table) }
            cursor.start(work)
            defer { cursor.finish(&work) }
            for order in steps.indices {
                let step = steps[order]
                let split = rate && step.taps == 0 ? step.move.map { space.heuristic.splitPenalty(of: $0, on: work.table) } ?? 0 : 0
                let kind = ordersByKind ? space.kind(of: step) : 0
                guard cursor.make(step, in: space, on: &work) else {
                    cursor.takeBack(&work)
                    continue
                }
                space.keyAsCycle(&work, scratch: &scratch)
                scratch.changed.collect(work, since: cursor.base)
                let fingerprint = space.key.fingerprint(work.table, changed: scratch.changed, from: hashes)
                let mark = seen.mark(of: fingerprint)
                if mark == .dead {
                    cursor.takeBack(&work)
                    continue
                }
                if mark == .absent {
                    if space.rules.isWon(work.table) { return step }
                    if deadEnds?.isDeadEnd(work.table) == true {
                        cursor.takeBack(&work)
                        continue
                    }
                    var rating = rate ? Int32(clamping: space.heuristic.estimate(work.table, changed: scratch.changed, from: &base) + split) : 0
                    if ordersByKind { rating = rating &+ Int32(kind) &* (1 << 24) }
                    candidates.append(Candidate(step: step, fingerprint: fingerprint, rating: rating, order: Int32(order)))
                } else {
                    clean = false
                }
                cursor.takeBack(&work)
            }
            // Closest to a win first; the engine's order breaks ties.
            if candidates.count - first > 1 {
                candidates[first...].sort { ($0.rating, $0.order) < ($1.rating, $1.order) }
                // A restarted run moves each candidate by up to two places at random.
                if shuffle != nil {
                    for i in first..<candidates.count {
                        candidates[i].order = Int32((i - first) * 64) + Int32(truncatingIfNeeded: shuffle!.next() % 160)
                    }
                    candidates[first...].sort { $0.order < $1.order }
                }
            }
            return nil
        }
    }

    /// How one run ended.
    private enum RunOutcome {
        case done(PhaseOutcome)
        /// Cut at its own limit, having stored this many states.
        case cut(stored: Int)
    }

    func run(from root: CardTable, watch: BudgetWatch, statistics: inout SearchStatistics) -> PhaseOutcome {
        let start = watch.now()
        defer { statistics.seconds += watch.now() - start }
        var seen = FingerprintSet()
        // What the runs learn of the cycles of taps holds for every run, as the dead tables do.
        var cycles = TapCycles()
        var before = 0
        var index = 0
        var last = !restarts
        defer {
            // One table for every run: its bytes over the entries it holds (dead ones included).
            statistics.tableBytes += seen.bytes
            statistics.tableEntries += seen.count
            statistics.updateBytesPerStoredState()
            statistics.phase = "exhaustive"
        }
        while true {
            index += 1
            let limit = last ? Int.max : max(restartUnit, 1) * ExhaustiveSearch.luby(index)
            let deadBefore = seen.deadCount
            if index > 1 { seen.startRun() }
            switch walk(from: root, watch: watch, limit: limit, before: before, shuffle: index % 2 == 1 ? nil : UInt64(index), seen: &seen,
                       cycles: &cycles, statistics: &statistics) {
            case .done(let outcome):
                return outcome
            case .cut(let stored):
                before += stored
                // Restarting pays only while runs leave most of what they stored dead.
                if Double(seen.deadCount - deadBefore) < restartWhileDeadShare * Double(stored) { last = true }
            }
        }
    }

    /// The Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, … (from `i` = 1).
    static func luby(_ i: Int) -> Int {
        var i = max(i, 1)
        while true {
            var k = 1
            while (1 << k) - 1 < i { k += 1 }
            if i == (1 << k) - 1 { return 1 << (k - 1) }
            i -= (1 << (k - 1)) - 1
        }
    }

    /// One depth-first run from the root, cut when it has stored `limit` states; `before` is
    /// what earlier runs stored (for the budget). `seen` and `cycles` are the runs' own, lent
    /// to this one.
    private func walk(from root: CardTable, watch: BudgetWatch, limit: Int, before: Int, shuffle: UInt64?,
                      seen: inout FingerprintSet, cycles: inout TapCycles, statistics: inout SearchStatistics) -> RunOutcome {
        let key = space.key
        var walk = Walk(space: space, root: root, seen: seen)
        // The walk holds the only reference while it runs, so that storing copies nothing.
        seen = FingerprintSet(capacity: 0)
        walk.scratch.cycles = cycles
        cycles = TapCycles()
        defer {
            seen = walk.seen
            cycles = walk.scratch.cycles
        }
        let recordsDead = restarts
        walk.shuffle = shuffle.map(SplitMix64.init(seed:))
        walk.ordersByKind = ordersByKind
        walk.scratch.probeShortcuts = takesShortcuts
        let rootFingerprint = key.fingerprint(walk.hashes, walk.work.table)
        _ = walk.seen.insert(rootFingerprint)
        var nodes = [Node(start: 0, next: 0, end: 0, mark: 0, step: Step(), fingerprint: rootFingerprint, clean: true)]
        statistics.nodesExpanded += 1
        if let win = walk.expand(space, last: nil, clean: &nodes[0].clean) {
            record(&statistics, seen: walk.seen)
            return .done(.solved(win.plays(chainPile: space.chainPile)))
        }
        nodes[0].end = walk.candidates.count
        let bytesPerCandidate = MemoryLayout<Candidate>.stride
        while let top = nodes.indices.last {
            guard nodes[top].next < nodes[top].end else {
                let node = nodes.removeLast()
                if node.clean, recordsDead {
                    walk.seen.markDead(node.fingerprint)
                    onDead?(walk.work.table)
                } else if !nodes.isEmpty {
                    nodes[nodes.count - 1].clean = false
                }
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
            let found = walk.seen.visit(candidate.fingerprint)
            guard found == .absent else {
                // Reached since it was listed: dead already, or still being searched.
                if found != .dead { nodes[top].clean = false }
                continue
            }
            var held = MemoryEstimate()
            held.add(walk.seen.bytes)
            held.add(walk.candidates.capacity * bytesPerCandidate)
            held.add(nodes.capacity * MemoryLayout<Node>.stride)
            held.add(walk.scratch.cycles.bytes)
            if let reason = watch.exceeded(states: before + walk.seen.runCount, nodes: statistics.nodesExpanded, bytes: held.peak,
                                           checkClock: statistics.nodesExpanded & 63 == 0) {
                record(&statistics, seen: walk.seen)
                return .done(.outOfBudget(reason))
            }
            if walk.seen.runCount > limit {
                record(&statistics, seen: walk.seen)
                return .cut(stored: walk.seen.runCount)
            }
            let mark = walk.work.mark
            guard space.apply(candidate.step, to: &walk.work) else { continue }
            walk.scratch.changed.collect(walk.work, since: mark)
            key.update(&walk.hashes, walk.work.table, changed: walk.scratch.changed)
            statistics.nodesExpanded += 1
            // The move that alone made this table, whose inverse only goes back (to a settled table).
            let last = space.prunesInverseMoves && (top > 0 || space.rootIsSettled) ? walk.work.journal.onlyTransfer(since: mark) : nil
            let first = walk.candidates.count
            nodes.append(Node(start: first, next: first, end: first, mark: mark, step: candidate.step, fingerprint: candidate.fingerprint, clean: true))
            if let win = walk.expand(space, last: last, clean: &nodes[nodes.count - 1].clean) {
                record(&statistics, seen: walk.seen)
                let plays = nodes.dropFirst().flatMap { $0.step.plays(chainPile: space.chainPile) }
                return .done(.solved(plays + win.plays(chainPile: space.chainPile)))
            }
            nodes[nodes.count - 1].end = walk.candidates.count
        }
        record(&statistics, seen: walk.seen)
        return .done(.exhausted(proof: !takesShortcuts))
    }

    /// Counts the states this run stored (a state stored again by a later run counts again, as
    /// the state budget does); the table's bytes and entries are counted once, at the end.
    private func record(_ statistics: inout SearchStatistics, seen: FingerprintSet) {
        statistics.statesStored += seen.runCount
    }
}
