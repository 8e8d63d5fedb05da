import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Depth-first search over every state reachable under the sound reductions, trying the steps
/// of each table in the heuristic's order. It stops at the first won table; when it runs out
/// of states to visit, no play sequence wins, which is a proof (the reductions in force are
/// sound, and the likely-safe autoplay is never used here).
struct ExhaustiveSearch {
    let space: SearchSpace

    private struct Frame {
        var table: CardTable
        var steps: [Step]
        var next = 0
        /// The plays from the parent to this table.
        var plays: [Play]
        var last: Play?
        var hashes: StateKey.PileHashes
    }

    func run(from root: CardTable, watch: BudgetWatch, statistics: inout SearchStatistics) -> PhaseOutcome {
        let start = BudgetWatch.now()
        defer { statistics.seconds += BudgetWatch.now() - start }
        var seen = FingerprintSet()
        _ = seen.insert(space.key.fingerprint(root))
        var unusedFlag = false
        var stack: [Frame] = [Frame(table: root, steps: ordered(space.steps(from: root, last: nil, before: nil, likelySafe: false, usedLikely: &unusedFlag)),
                                    plays: [], last: nil, hashes: space.key.pileHashes(root))]
        statistics.nodesExpanded += 1
        var bytesPerFrame = 0
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].steps.count else {
                stack.removeLast()
                continue
            }
            let step = stack[top].steps[stack[top].next]
            stack[top].next += 1
            statistics.statesGenerated += 1
            guard seen.insert(space.key.fingerprint(step.table, from: stack[top].hashes)) else { continue }
            if space.rules.isWon(step.table) {
                record(&statistics, seen: seen)
                return .solved(stack.dropFirst().flatMap(\.plays) + step.plays)
            }
            if bytesPerFrame == 0 { bytesPerFrame = 64 + step.table.piles.count * 48 + step.table.allCards.count * 4 }
            if let reason = watch.exceeded(states: seen.count, bytes: seen.bytes + stack.count * bytesPerFrame * 8,
                                           checkClock: statistics.nodesExpanded & 63 == 0) {
                record(&statistics, seen: seen)
                return .outOfBudget(reason)
            }
            statistics.nodesExpanded += 1
            let parentTable = stack[top].table
            let last = step.taps == 0 ? step.play : nil
            let steps = ordered(space.steps(from: step.table, last: last, before: parentTable, likelySafe: false, usedLikely: &unusedFlag))
            let hashes = space.key.pileHashes(step.table, from: stack[top].hashes)
            stack.append(Frame(table: step.table, steps: steps, plays: step.plays, last: last, hashes: hashes))
        }
        record(&statistics, seen: seen)
        return .exhausted(proof: true)
    }

    /// Steps sorted by the heuristic, closest to a win first (stable, so the engine's order breaks ties).
    private func ordered(_ steps: [Step]) -> [Step] {
        guard steps.count > 1 else { return steps }
        let rated = steps.enumerated().map { (rating: space.heuristic.estimate($0.element.table), index: $0.offset, step: $0.element) }
        return rated.sorted { ($0.rating, $0.index) < ($1.rating, $1.index) }.map(\.step)
    }

    private func record(_ statistics: inout SearchStatistics, seen: FingerprintSet) {
        statistics.statesStored += seen.count
        statistics.tableBytes += seen.bytes
        statistics.bytesPerStoredState = statistics.statesStored > 0 ? Double(statistics.tableBytes) / Double(statistics.statesStored) : 0
        statistics.phase = "exhaustive"
    }
}
