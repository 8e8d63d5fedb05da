import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Tables that differ only in where the stock stands in its cycle are one state.
///
/// Where the actions are isolated (`RuleFacts.actionsAreIsolated`) and the stock comes round,
/// tapping a table again and again may come back to the table itself: the tables of that cycle
/// differ only in their action piles (the stock and the waste split at another card) and each
/// reaches every other by taps, so they can win exactly when any of them can. Each such table is
/// then keyed as one of them chosen by the action piles alone, the cycle's *representative*:
/// the one whose tapped pile is fullest (Klondike's stock just turned over), ties to the least
/// hash of the action piles. A table whose taps lead into a cycle without coming back to it (a
/// draw of three out of step with its redeal) reaches tables the cycle does not, and keeps its
/// own key.
///
/// What a cycle is depends on the action piles alone, so it is learnt once for every table of it
/// (one walk of taps through the rules) and kept by a 128-bit hash of their cards, up to
/// `capacity` entries, after which the cache starts again.
struct TapCycles {
    /// A table's action piles, as two independent 64-bit hashes of their cards and faces.
    struct Content: Hashable {
        var a: UInt64
        var b: UInt64

        /// `a` is a hash already: the dictionary's hasher need not mix `b` in too.
        func hash(into hasher: inout Hasher) { hasher.combine(a) }
    }

    private struct Entry {
        /// Index into `representatives`, -1 for a table not on its own cycle.
        var representative: Int32
    }

    private var entries: [Content: Entry] = [:]
    /// The action piles' cards of each representative, pile by pile in `actionPiles` order.
    private var representatives: [[[PlacedCard]]] = []
    /// The representative's content, to tell a table that already is one.
    private var representativeContent: [Content] = []
    let capacity: Int

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
    }

    /// The bytes the cache holds, roughly, for the memory budget.
    var bytes: Int { entries.count * 48 + representatives.count * 256 }

    static func content(of table: CardTable, actionPiles: [Int]) -> Content {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x9e37_79b9_7f4a_7c15
        for pile in actionPiles {
            a = (a ^ UInt64(pile) ^ 0xff00) &* 0x100_0000_01b3
            b = (b ^ UInt64(pile) ^ 0xff00) &* 0xff51_afd7_ed55_8ccd
            b ^= b >> 33
            for placed in table.piles[pile].cards {
                let v = UInt64(placed.card.rawValue) | (placed.isFaceUp ? 0x1_0000 : 0)
                a = (a ^ v) &* 0x100_0000_01b3
                b = (b ^ v) &* 0xc4ce_b9fe_1a85_ec53
                b ^= b >> 29
            }
        }
        return Content(a: a, b: b)
    }

    /// Writes the action piles of the working table's cycle representative in place of its own
    /// (through the journal, so that taking the step back takes them back too) when the table is
    /// on its cycle and is not the representative already. Learns the cycle first if needed, by
    /// tapping `chainPile` through the rules and taking the taps back.
    mutating func writeRepresentative(on work: inout WorkingTable, rules: GameRules, chainPile: Int, actionPiles: [Int], maxTaps: Int) {
        let content = TapCycles.content(of: work.table, actionPiles: actionPiles)
        // One look-up where the cycle is known (nearly always): each hashes the key afresh.
        var known = entries[content]
        if known == nil {
            learn(from: &work, content: content, rules: rules, chainPile: chainPile, actionPiles: actionPiles, maxTaps: maxTaps)
            known = entries[content]
        }
        guard let entry = known, entry.representative >= 0 else { return }
        let index = Int(entry.representative)
        guard representativeContent[index] != content else { return }
        for (k, pile) in actionPiles.enumerated() { work.replaceCards(ofPile: pile, with: representatives[index][k]) }
    }

    private mutating func learn(from work: inout WorkingTable, content first: Content, rules: GameRules, chainPile: Int, actionPiles: [Int], maxTaps: Int) {
        if entries.count >= capacity {
            entries.removeAll(keepingCapacity: true)
            representatives.removeAll(keepingCapacity: true)
            representativeContent.removeAll(keepingCapacity: true)
        }
        let mark = work.mark
        defer { work.undo(to: mark) }
        var members: [Content] = [first]
        var piles: [[[PlacedCard]]] = [actionPiles.map { Array(work.table.piles[$0].cards) }]
        var fullness: [Int] = [work.table.piles[chainPile].cards.count]
        var index: [Content: Int] = [first: 0]
        var cycleStart = -1
        while members.count <= maxTaps, rules.tap(pile: chainPile, on: &work) {
            let content = TapCycles.content(of: work.table, actionPiles: actionPiles)
            if let seen = index[content] {
                cycleStart = seen
                break
            }
            index[content] = members.count
            members.append(content)
            piles.append(actionPiles.map { Array(work.table.piles[$0].cards) })
            fullness.append(work.table.piles[chainPile].cards.count)
        }
        // Only the members from where the walk came back are on a cycle; before them, a tail.
        // A walk cut short (a refused tap, the bound) learns only that the table is on none.
        guard cycleStart >= 0 else {
            entries[first] = Entry(representative: -1)
            return
        }
        for i in 0..<cycleStart { entries[members[i]] = Entry(representative: -1) }
        var best = cycleStart
        for i in cycleStart..<members.count {
            let better = fullness[i] > fullness[best]
                || (fullness[i] == fullness[best] && (members[i].a, members[i].b) < (members[best].a, members[best].b))
            if better { best = i }
        }
        let representative = Int32(representatives.count)
        representatives.append(piles[best])
        representativeContent.append(members[best])
        for i in cycleStart..<members.count { entries[members[i]] = Entry(representative: representative) }
    }
}
