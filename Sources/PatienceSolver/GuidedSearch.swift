import Patience

/// Best-first search: always expands the open state the heuristic rates closest to a win (the
/// newest among equals), takes likely-safe moves to the win zone at once, and stops at the first
/// won table. Open states are kept packed (`TablePacking`); each stored state keeps its parent
/// and the plays that reached it, so a solution is read back along the parents.
struct GuidedSearch {
    let space: SearchSpace
    /// Take likely-safe moves (the classic autoplay) as the only step; the result then proves nothing.
    var likelySafe = true

    private struct Entry: Comparable {
        var priority: Int32
        var order: UInt32
        var node: Int32
        static func < (a: Entry, b: Entry) -> Bool { a.priority != b.priority ? a.priority < b.priority : a.order > b.order }
    }

    func run(from root: Table, watch: BudgetWatch, statistics: inout SearchStatistics) -> PhaseOutcome {
        let start = BudgetWatch.now()
        defer { statistics.seconds += BudgetWatch.now() - start }
        var seen = FingerprintSet()
        var parent: [Int32] = [-1]
        var playStart: [Int32] = [0, 0]
        var plays: [UInt64] = []
        var packed: [UInt16] = []
        var packedStart: [Int] = [0]
        TablePacking.pack(root, into: &packed)
        _ = seen.insert(space.key.fingerprint(root))
        var heap = Heap<Entry>()
        heap.push(Entry(priority: Int32(clamping: space.heuristic.estimate(root)), order: 0, node: 0))
        var order: UInt32 = 1
        var usedLikely = false
        let piles = root.piles.count, actions = root.actionUses.count

        func path(to node: Int) -> [Play] {
            var result: [[Play]] = []
            var n = node
            while n > 0 {
                result.append(plays[Int(playStart[n])..<Int(playStart[n + 1])].map(PlayCode.decode))
                n = Int(parent[n])
            }
            return result.reversed().flatMap { $0 }
        }

        while let entry = heap.pop() {
            let node = Int(entry.node)
            let bytes = seen.bytes + packed.count * 2 + parent.count * 12 + plays.count * 8 + heap.count * 12
            if let reason = watch.exceeded(states: seen.count, bytes: bytes, checkClock: statistics.nodesExpanded & 63 == 0) {
                record(&statistics, seen: seen, openBytes: packed.count * 2, open: heap.count)
                return .outOfBudget(reason)
            }
            let table = TablePacking.unpack(packed[packedStart[node]...], piles: piles, actions: actions)
            statistics.nodesExpanded += 1
            let steps = space.steps(from: table, last: nil, before: nil, likelySafe: likelySafe, usedLikely: &usedLikely)
            for step in steps {
                statistics.statesGenerated += 1
                guard seen.insert(space.key.fingerprint(step.table)) else { continue }
                let child = parent.count
                parent.append(Int32(node))
                plays += step.plays.map(PlayCode.encode)
                playStart.append(Int32(plays.count))
                if space.rules.isWon(step.table) {
                    record(&statistics, seen: seen, openBytes: packed.count * 2, open: heap.count)
                    return .solved(path(to: child))
                }
                packedStart.append(packed.count)
                TablePacking.pack(step.table, into: &packed)
                heap.push(Entry(priority: Int32(clamping: space.heuristic.estimate(step.table)), order: order, node: Int32(child)))
                order &+= 1
            }
        }
        record(&statistics, seen: seen, openBytes: packed.count * 2, open: parent.count)
        return .exhausted(proof: !usedLikely)
    }

    private func record(_ statistics: inout SearchStatistics, seen: FingerprintSet, openBytes: Int, open: Int) {
        statistics.statesStored += seen.count
        statistics.bytesPerStoredState = seen.count > 0 ? Double(seen.bytes) / Double(seen.count) : 0
        statistics.bytesPerOpenState = open > 0 ? Double(openBytes) / Double(max(open, 1)) : 0
        statistics.phase = "guided"
    }
}

/// A binary min-heap.
struct Heap<Element: Comparable> {
    private var items: [Element] = []
    var count: Int { items.count }

    mutating func push(_ x: Element) {
        items.append(x)
        var i = items.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if items[i] < items[p] { items.swapAt(i, p); i = p } else { break }
        }
    }

    mutating func pop() -> Element? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l] < items[m] { m = l }
                if r < items.count && items[r] < items[m] { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return first
    }
}
