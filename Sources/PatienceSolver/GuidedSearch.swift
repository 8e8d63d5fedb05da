import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Best-first search: always expands the open state the heuristic rates closest to a win (the
/// newest among equals), takes likely-safe moves to the win zone at once (a run of them as one
/// step), and stops at the first won table. Each stored state keeps its parent and the plays
/// that reached it, so a solution is read back along the parents; only the states it expands
/// are kept packed (`TablePacking`): a
/// state is made when it is opened, by unpacking its parent into one `WorkingTable` and making
/// its plays on it through the rules (most stored states are never opened, and cost no copy),
/// then packed for its own children, each of them made on the working table and taken back.
///
/// A search runs in slices (`advance`), so that several, each with its own heuristic weights,
/// can be interleaved: one greedy search is often trapped where another is not.
struct GuidedSearch {
    let space: SearchSpace
    let heuristic: Heuristic
    /// Take likely-safe moves (the classic autoplay) as the only step; the result then proves nothing.
    var likelySafe = true

    private struct Entry: Comparable {
        var priority: Int32
        var order: UInt32
        var node: Int32
        static func < (a: Entry, b: Entry) -> Bool { a.priority != b.priority ? a.priority < b.priority : a.order > b.order }
    }

    private var seen = FingerprintSet()
    private var parent: [Int32] = [-1]
    private var depth: [Int32] = [0]
    private var playStart: [Int32] = [0, 0]
    private var plays: [UInt64] = []
    private var packed: [UInt16] = []
    /// Where each stored state's packed table starts, -1 until it is opened.
    private var packedStart: [Int] = [0]
    private var heap = Heap<Entry>()
    private var order: UInt32 = 1
    /// The generator of the ratings' noise (`Heuristic.Weights.noise`), an xorshift never 0.
    private var noiseState: UInt64
    private var usedLikely = false
    private var work: WorkingTable
    private var hashes = StateKey.PileHashes()
    private var scratch = SearchSpace.Scratch()
    private var cursor = SearchSpace.StepCursor()
    private var steps: [Step] = []
    /// The safe moves home made after a step that is one (`SafeMoves.makeMovesHome`).
    private var homeMoves: [Move] = []
    private var deadEnds: DeadEnds?
    private var base = Heuristic.Base()
    /// The state expanded last, while the working table still holds its table and `hashes` and
    /// `base` describe it; -1 once anything else was loaded.
    private var lastExpanded = -1
    /// The journal's mark at which the working table held the parent of `lastExpanded`; -1 for none.
    private var lastParentMark = -1

    init(space: SearchSpace, weights: Heuristic.Weights, root: CardTable) {
        self.space = space
        // The space's heuristic with these weights: its tables are built once a solve.
        var heuristic = space.heuristic
        heuristic.w = weights
        self.heuristic = heuristic
        noiseState = StateKey.mix(weights.seed) | 1
        work = WorkingTable(rules: space.rules, table: root)
        deadEnds = space.deadEnds
        // Room for an easy deal's search from the start: grown by doubling from nothing, the
        // arrays' copies cost an easy FreeCell deal 0.6 % of its instructions.
        let states = 1024
        parent.reserveCapacity(states)
        depth.reserveCapacity(states)
        playStart.reserveCapacity(states)
        packedStart.reserveCapacity(states)
        plays.reserveCapacity(states)
        heap.reserveCapacity(states)
        packed.reserveCapacity(states / 4 * (root.piles.count + root.piles.reduce(0) { $0 + $1.cards.count }))
        TablePacking.pack(root, shuffles: space.rules.hasShuffles, into: &packed)
        // The working table holds the root, and the hashes and the base describe it, for its expansion.
        space.key.rehashAll(root, into: &hashes)
        _ = seen.insert(space.key.fingerprint(hashes, root))
        heuristic.prepareIfUseful(&base, for: root)
        heap.push(Entry(priority: Int32(clamping: heuristic.estimate(root)), order: 0, node: 0))
    }

    /// Makes the plays that reached `node` on the working table, which holds its parent's table;
    /// false (which listing and applying them again cannot give) when the rules refuse one.
    private mutating func makePlays(of node: Int) -> Bool {
        for k in Int(playStart[node])..<Int(playStart[node + 1]) {
            switch PlayCode.decode(plays[k]) {
            case .move(let move): if !space.rules.applyListed(move, to: &work) { return false }
            case .tap(let pile): if !space.rules.tap(pile: pile, on: &work) { return false }
            case .remove(let piles): if !space.rules.remove(piles: piles, on: &work) { return false }
            }
        }
        return true
    }

    /// The move that alone reached `node` from its parent; nil for the root or any other play.
    @inline(__always)
    private func onlyMove(of node: Int) -> Move? {
        let start = Int(playStart[node]), end = Int(playStart[node + 1])
        guard node > 0, end == start + 1, case .move(let move) = PlayCode.decode(plays[start]) else { return nil }
        return move
    }

    /// States stored.
    var stored: Int { seen.count }
    /// Nodes expanded, in all its slices.
    private(set) var nodesExpanded = 0
    /// The memory held, by array. The arrays kept per stored state grow together, so they count
    /// as one (see `MemoryEstimate`).
    /// Read for every node `advance` expands: a getter left out of line copied the whole search
    /// there (its space and heuristic, with a retain of each of their arrays) at every call, 1.2 %
    /// of an easy FreeCell deal's instructions.
    var memory: MemoryEstimate {
        @inline(__always) get {
            var m = MemoryEstimate()
            m.add(seen.bytes)
            m.add(packed.capacity * 2)
            let perState: Int = parent.capacity * 4 + depth.capacity * 4
            m.add(perState + playStart.capacity * 4 + packedStart.capacity * 8)
            m.add(plays.capacity * 8)
            m.add(heap.capacity * MemoryLayout<Entry>.stride)
            m.add(scratch.cycles.bytes)
            return m
        }
    }

    /// The plays from the root to `node`: the states along the parents, then their plays in one
    /// array (an array of plays for each state, joined, cost 2 % of an easy FreeCell deal's solve).
    private func path(to node: Int) -> [Play] {
        var states: [Int] = []
        var n = node
        while n > 0 {
            states.append(n)
            n = Int(parent[n])
        }
        var result: [Play] = []
        result.reserveCapacity(states.count)
        for n in states.reversed() {
            for k in Int(playStart[n])..<Int(playStart[n + 1]) { result.append(PlayCode.decode(plays[k])) }
        }
        return result
    }

    /// Expands up to `nodes` states; nil when the search should go on. `otherStates` and
    /// `otherBytes` are what the searches it is interleaved with hold, for the budget.
    mutating func advance(nodes: Int, watch: BudgetWatch, otherStates: Int, otherMemory: MemoryEstimate, statistics: inout SearchStatistics) -> PhaseOutcome? {
        let start = watch.now()
        defer { statistics.seconds += watch.now() - start }
        var expanded = 0
        // Held in locals, read by reference: read out of `space` and `self` at each call into
        // the engine, the rules (353 bytes) were copied every time.
        // The space too: read through `self` beside the working table and the scratch passed
        // inout, it was copied whole (2 KB, with a retain of each of its arrays) for every node.
        let space = space
        let rules = space.rules
        let key = space.key
        let heuristic = heuristic
        let chainPile = space.chainPile
        let tapsSettle = space.tapsSettle
        let stockTurn = space.stockTurn
        let shuffles = rules.hasShuffles
        let prunesInverse = space.prunesInverseMoves
        let rootIsSettled = space.rootIsSettled
        let keysCycles = !space.cyclePiles.isEmpty
        // Asked for at every node: read through the space, it was copied whole at each call.
        let safeMoves = space.safeMoves
        let soundSafeMoves = space.reductions.safeMoves, turnedSafeMoves = space.turnedSafeMoves
        while expanded < nodes, let entry = heap.pop() {
            let node = Int(entry.node)
            var held = memory
            held.add(otherMemory)
            if let reason = watch.exceeded(states: seen.count + otherStates, nodes: statistics.nodesExpanded, bytes: held.peak,
                                           checkClock: expanded & 63 == 0) {
                return .outOfBudget(reason)
            }
            // Read in place: a slice of `packed` kept alive here would make the next append copy it whole.
            var parentMark = -1
            if node == 0 {
                // The root, the first state popped (every state is pushed and popped once):
                // `init` left it on the working table, its hashes and base made.
            } else if lastExpanded >= 0 && (Int(parent[node]) == lastExpanded || (lastParentMark >= 0 && parent[node] == parent[lastExpanded])) {
                // A child or a sibling of the state expanded last (the best-first order often goes
                // on down, or tries the next child): the table on the working table, or its
                // parent's, is this state's parent's, and the pile hashes and the heuristic's base
                // follow the piles the plays change, as for the state's own rating.
                if Int(parent[node]) != lastExpanded {
                    scratch.changed.collect(work, since: lastParentMark)
                    work.undo(to: lastParentMark)
                    key.update(&hashes, work.table, changed: scratch.changed)
                    heuristic.update(&base, for: work.table, changed: scratch.changed)
                    lastExpanded = Int(parent[node])
                    lastParentMark = -1
                }
                parentMark = work.mark
                guard makePlays(of: node) else {
                    work.undo(to: parentMark)
                    continue
                }
                packedStart[node] = packed.count
                TablePacking.pack(work.table, shuffles: shuffles, into: &packed)
                scratch.changed.collect(work, since: parentMark)
                key.update(&hashes, work.table, changed: scratch.changed)
                heuristic.update(&base, for: work.table, changed: scratch.changed)
            } else {
                // Another state: its parent's table in place of the working table's, then the
                // plays that reached it. The hashes and the base, which describe the working
                // table, follow the piles that differ from it (often a few: the best-first order
                // goes back to states near those it left) and those the plays change.
                lastExpanded = -1
                TablePacking.unpack(packed, at: packedStart[Int(parent[node])], shuffles: shuffles, into: &work, changed: &scratch.changed)
                parentMark = work.mark
                guard makePlays(of: node) else {
                    work.undo(to: parentMark)
                    key.update(&hashes, work.table, changed: scratch.changed)
                    heuristic.update(&base, for: work.table, changed: scratch.changed)
                    continue
                }
                packedStart[node] = packed.count
                TablePacking.pack(work.table, shuffles: shuffles, into: &packed)
                scratch.changed.collect(adding: work, since: parentMark)
                key.update(&hashes, work.table, changed: scratch.changed)
                heuristic.update(&base, for: work.table, changed: scratch.changed)
            }
            lastExpanded = node
            lastParentMark = parentMark
            statistics.nodesExpanded += 1
            expanded += 1
            nodesExpanded += 1
            // The move that alone made this state from its parent, whose inverse leads back to a
            // state already stored (so the step is not made, fingerprinted and found seen): as in
            // `ExhaustiveSearch`, only where effects cannot keep it from returning to the parent.
            let last = prunesInverse && parentMark >= 0 && (parent[node] > 0 || rootIsSettled) ? work.journal.onlyTransfer(since: parentMark) : nil
            // A safe move home is the table's only step. Found from the tops the plays changed, it
            // is the move the listing would take (`SafeMoves.moveHome`), without listing every
            // play: a fifth of an easy FreeCell deal's nodes are such steps. The safe moves home
            // that follow it are made in the same step (the tables between, each with that one
            // step, are not stored), and count in the child's depth as the steps they were.
            var chainsHome = false
            if likelySafe, let found = safeMoves.moveHome(after: onlyMove(of: node), on: work.table, sound: soundSafeMoves, turned: turnedSafeMoves) {
                if !found.sound { usedLikely = true }
                steps.removeAll(keepingCapacity: true)
                steps.append(.moving(found.move))
                chainsHome = true
            } else {
                space.steps(on: &work, hashes: hashes, last: last, likelySafe: likelySafe, homeChecked: likelySafe,
                            usedLikely: &usedLikely, scratch: &scratch, into: &steps)
            }
            homeMoves.removeAll(keepingCapacity: true)
            cursor.start(work)
            defer { cursor.finish(&work) }
            for step in steps {
                statistics.statesGenerated += 1
                guard cursor.make(step, by: rules, chainPile: chainPile, settling: tapsSettle, turn: stockTurn, on: &work) else {
                    cursor.takeBack(&work)
                    continue
                }
                if chainsHome, let move = step.move {
                    safeMoves.makeMovesHome(after: move, on: &work, sound: soundSafeMoves, turned: turnedSafeMoves,
                                            usedLikely: &usedLikely, into: &homeMoves)
                }
                if keysCycles { space.keyAsCycle(&work, scratch: &scratch) }
                scratch.changed.collect(work, since: cursor.base)
                guard seen.insert(key.fingerprint(work.table, changed: scratch.changed, from: hashes)) else {
                    cursor.takeBack(&work)
                    continue
                }
                // A dead end is stored as seen (so it is not tested again) and never opened.
                let won = rules.isWon(work.table)
                if !won, deadEnds?.isDeadEnd(work.table) == true {
                    cursor.takeBack(&work)
                    continue
                }
                let child = parent.count
                parent.append(Int32(node))
                depth.append(depth[node] + 1 + Int32(homeMoves.count))
                step.appendCodes(chainPile: chainPile, to: &plays)
                for move in homeMoves { plays.append(PlayCode.encode(.move(move))) }
                playStart.append(Int32(plays.count))
                if won { return .solved(path(to: child)) }
                packedStart.append(-1)
                var rating = heuristic.estimate(work.table, changed: scratch.changed, from: &base) + heuristic.w.depth * Int(depth[child])
                if heuristic.w.noise > 0 { rating += nextNoise(upTo: heuristic.w.noise) }
                cursor.takeBack(&work)
                heap.push(Entry(priority: Int32(clamping: rating), order: order, node: Int32(child)))
                order &+= 1
            }
        }
        // `usedLikely` also records every move out of the win zone that was left untried, so
        // running out of states is a proof only when the search took no shortcut at all.
        return heap.count == 0 ? .exhausted(proof: !usedLikely) : nil
    }

    /// A number from 0 to `limit`, the next of the search's own sequence.
    private mutating func nextNoise(upTo limit: Int) -> Int {
        noiseState ^= noiseState << 13
        noiseState ^= noiseState >> 7
        noiseState ^= noiseState << 17
        return Int(noiseState % UInt64(limit + 1))
    }

    /// Puts the search's counts into the statistics.
    func record(_ statistics: inout SearchStatistics) {
        statistics.statesStored += seen.count
        statistics.tableBytes += seen.bytes
        statistics.tableEntries += seen.count
        statistics.updateBytesPerStoredState()
        let open = max(parent.count, 1)
        statistics.bytesPerOpenState = max(statistics.bytesPerOpenState, Double(packed.count * 2 + 28) / Double(open))
        statistics.phase = "guided"
    }
}

/// A 4-ary min-heap: a search pushes every successor it stores but pops only those it expands,
/// and a push climbs half as many levels as in a binary heap. Sifting moves a hole instead of
/// swapping, through the buffer: the swaps, each checking the array's uniqueness and bounds,
/// cost twice as much.
struct Heap<Element: Comparable> {
    private var items: [Element] = []
    var count: Int { items.count }
    var capacity: Int { items.capacity }

    mutating func reserveCapacity(_ n: Int) { items.reserveCapacity(n) }

    mutating func push(_ x: Element) {
        items.append(x)
        items.withUnsafeMutableBufferPointer { heap in
            var i = heap.count - 1
            while i > 0 {
                let parent = (i - 1) / 4
                guard x < heap[parent] else { break }
                heap[i] = heap[parent]
                i = parent
            }
            heap[i] = x
        }
    }

    mutating func pop() -> Element? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items.withUnsafeMutableBufferPointer { heap in
                let n = heap.count
                var i = 0
                while true {
                    let children = 4 * i + 1
                    if children >= n { break }
                    var m = i, smallest = last
                    for c in children..<min(children + 4, n) where heap[c] < smallest {
                        m = c
                        smallest = heap[c]
                    }
                    if m == i { break }
                    heap[i] = smallest
                    i = m
                }
                heap[i] = last
            }
        }
        return first
    }
}
