/// The walk a single sink pile's top must make through classes of cards, for the dead-end test
/// (`Reductions.deadEndWalk`).
///
/// Where one sink pile must take every card left, each onto the one before by a relation that is
/// symmetric (a card builds on another exactly when the other builds on it), the sink's tops from
/// now on are a walk through the cards left, starting at the top now and visiting each card once.
/// Cards the relation cannot tell apart (the same cards build on them) form a class, and where
/// every card of a class builds on every card of each class next to it and on no other, and each
/// class has at most two classes next to it (the classes lie on a path or a cycle of odd
/// length: ranks up or down, with or without turning the corner), the walk through the classes
/// is fixed by how many times it crosses each link: a class visited n times is entered and left
/// 2n times, less one for the start and one for the end. For each class the walk could end in,
/// those equations have at most one solution; where none gives every link a count of at least
/// zero, with the classes visited all joined by links crossed, no walk visits every card, and the
/// table is a dead end.
struct ClassWalk {
    /// The classes in order along the path or cycle, each as a mask of cards by raw value.
    let classes: [UInt64]
    /// Whether the last class is next to the first.
    let isCycle: Bool
    /// For each card by raw value, its position in `classes` (-1: none).
    let classOf: [Int8]
    /// Bits a class's count of visits takes in a cache key, 0 when a key would not fit in 63 bits.
    private let keyBits: Int
    /// Verdicts by the visits of each class and the class the walk starts in (which is all they
    /// depend on), direct-mapped: the key plus one, with bit 63 set for impossible; 0 is empty.
    private var cache: [UInt64]

    /// The walk for these masks (`DeadEnds`' predecessors and successors by raw value), or nil
    /// where the relation does not have the shape above.
    init?(predecessors: [UInt64], successors: [UInt64], deck: [UInt16]) {
        guard predecessors == successors, !deck.isEmpty, deck.allSatisfy({ $0 < 64 }) else { return nil }
        // Classes: cards with the same predecessors.
        var byMask: [UInt64: UInt64] = [:]
        for raw in deck {
            byMask[predecessors[Int(raw)], default: 0] |= 1 << UInt64(raw)
        }
        let groups = Array(byMask)
        guard groups.count >= 2, groups.count <= 63 else { return nil }
        // Each class's neighbours must be whole classes, not itself, at most two.
        var neighbours: [[Int]] = []
        for (mask, members) in groups {
            guard mask & members == 0 else { return nil }
            var next: [Int] = []
            var covered: UInt64 = 0
            for (j, other) in groups.enumerated() where mask & other.value != 0 {
                guard mask & other.value == other.value else { return nil }
                next.append(j)
                covered |= other.value
            }
            // Cards outside the deck may not be neighbours either.
            guard covered == mask, next.count <= 2 else { return nil }
            neighbours.append(next)
        }
        // One path or one cycle through every class.
        let ends = neighbours.indices.filter { neighbours[$0].count == 1 }
        guard !neighbours.contains(where: \.isEmpty) else { return nil }
        let cycle = ends.isEmpty
        guard cycle ? groups.count % 2 == 1 : ends.count == 2 else { return nil }
        var order = [cycle ? 0 : ends[0]]
        var previous = -1
        while order.count < groups.count {
            guard let next = neighbours[order.last!].first(where: { $0 != previous && !order.contains($0) }) else { return nil }
            previous = order.last!
            order.append(next)
        }
        if cycle { guard neighbours[order.last!].contains(order[0]), groups.count >= 3 else { return nil } }
        classes = order.map { groups[$0].value }
        isCycle = cycle
        var of = Array(repeating: Int8(-1), count: 64)
        for (i, mask) in classes.enumerated() {
            var m = mask
            while m != 0 {
                of[m.trailingZeroBitCount] = Int8(i)
                m &= m &- 1
            }
        }
        classOf = of
        let largest = classes.map(\.nonzeroBitCount).max() ?? 0
        // A class is visited at most once per card and once more for the start.
        let bits = Int.bitWidth - (largest + 1).leadingZeroBitCount
        let startBits = Int.bitWidth - classes.count.leadingZeroBitCount
        keyBits = bits * classes.count + startBits <= 62 ? bits : 0
        cache = keyBits > 0 ? Array(repeating: 0, count: 1 << 13) : []
    }

    /// Whether no walk from `top` visits every card of `left` once.
    mutating func isImpossible(left: UInt64, top: Int) -> Bool {
        let start = Int(classOf[top & 63])
        guard start >= 0, left != 0 else { return false }
        guard keyBits > 0 else { return solve(left: left, start: start) }
        var key = UInt64(start)
        for mask in classes { key = key << UInt64(keyBits) | UInt64((left & mask).nonzeroBitCount) }
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 51)
        let entry = cache[slot]
        if entry & ~(1 << 63) == key &+ 1 { return entry >> 63 == 1 }
        let impossible = solve(left: left, start: start)
        cache[slot] = (key &+ 1) | (impossible ? 1 << 63 : 0)
        return impossible
    }

    private func solve(left: UInt64, start: Int) -> Bool {
        let count = classes.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { scratch in
            let visits = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
            let links = UnsafeMutableBufferPointer(rebasing: scratch[count..<(2 * count)])
            for i in 0..<count { visits[i] = (left & classes[i]).nonzeroBitCount }
            visits[start] += 1
            for end in 0..<count where visits[end] > 0 && (end != start || visits[end] > 1) {
                if walks(visits: visits, start: start, end: end, links: links) { return false }
            }
            return true
        }
    }

    /// Whether the link counts for this end are all at least zero and join every class visited.
    /// `links[i]` is the link between class i and i + 1 (and, on a cycle, the last and the first).
    private func walks(visits: UnsafeMutableBufferPointer<Int>, start: Int, end: Int, links: UnsafeMutableBufferPointer<Int>) -> Bool {
        let count = classes.count
        @inline(__always) func degree(_ i: Int) -> Int { 2 * visits[i] - (i == start ? 1 : 0) - (i == end ? 1 : 0) }
        if isCycle {
            // links[i - 1] + links[i] = degree(i); on a cycle of odd length the alternating sum
            // of the degrees from i + 1 round to i is twice links[i].
            var sum = 0
            for k in 1...count {
                let d = degree((0 + k) % count)
                sum += k % 2 == 1 ? d : -d
            }
            guard sum >= 0, sum % 2 == 0 else { return false }
            links[0] = sum / 2
            for i in 1..<count {
                links[i] = degree(i) - links[i - 1]
                if links[i] < 0 { return false }
            }
            guard links[count - 1] + links[0] == degree(0) else { return false }
        } else {
            var carried = 0
            for i in 0..<(count - 1) {
                links[i] = degree(i) - carried
                if links[i] < 0 { return false }
                carried = links[i]
            }
            guard carried == degree(count - 1) else { return false }
        }
        // The classes visited must be joined by links crossed: along the path or cycle, the
        // visited classes lie in one run of crossed links.
        let linkCount = isCycle ? count : count - 1
        var cut = -1
        for i in 0..<linkCount where links[i] == 0 { cut = i; break }
        if cut < 0 { return true }
        // Walk from just after the cut, once round; count the runs that hold a visited class.
        var runs = 0
        var runHasVisit = false
        for s in 0..<count {
            let i = isCycle ? (cut + 1 + s) % count : s
            if visits[i] > 0 { runHasVisit = true }
            // The link after class i ends the run when it is not crossed.
            if i >= linkCount || links[i] == 0 {
                if runHasVisit { runs += 1 }
                runHasVisit = false
            }
        }
        if runHasVisit { runs += 1 }
        return runs == 1
    }
}
