import PatienceDiagnostics
import PatienceCards

/// A record of the changes made to a table in place (cards moved, cards turned over or shuffled,
/// piles rewritten whole, memory set, actions counted), newest last, so that a search can take them back exactly
/// instead of copying the table before each play. Entries are plain words; recording and undoing
/// allocate nothing once the journal has grown to the depth of the search.
package struct TableJournal: Sendable {
    /// One word per entry: its kind (bits 0–2), for a transfer whether the packet was reversed
    /// (bit 3) and its faces recorded (bit 4), the card count, action or memory slot (bits 8–23),
    /// the source or changed pile (bits 24–39) and the destination (bits 40–55).
    private var entries: [UInt64] = []
    /// The words entries carry: the faces of a turned packet before it moved (one bit a card),
    /// an action's count or a memory's value before it changed, the cards of a pile before a shuffle
    /// or a rewrite.
    private var payload: [UInt64] = []

    private enum Kind: UInt64 {
        case transfer = 1, flip, use, memory, shuffledPile, shuffleCount, wholePile
    }

    package init() {
        entries.reserveCapacity(1024)
        payload.reserveCapacity(256)
    }

    /// The position to come back to with `undo(to:table:)`.
    package var mark: Int { entries.count }

    /// Forgets every entry (the table it recorded was replaced).
    package mutating func clear() {
        entries.removeAll(keepingCapacity: true)
        payload.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func append(_ kind: Kind, _ a: Int = 0, pile: Int = 0, destination: Int = 0, flags: UInt64 = 0) {
        entries.append(kind.rawValue | flags | UInt64(a & 0xFFFF) << 8 | UInt64(pile & 0xFFFF) << 24 | UInt64(destination & 0xFFFF) << 40)
    }

    /// Before `n` cards move from `source` to `destination` (see `GameRules.transfer`).
    mutating func recordTransfer(_ n: Int, from source: Int, to destination: Int, oneAtATime: Bool, facing: Facing?, piles: [Pile]) {
        if facing != nil {
            let cards = piles[source].cards
            let start = cards.count - n
            var word: UInt64 = 0
            for k in 0..<n {
                if cards[start + k].isFaceUp { word |= 1 << UInt64(k & 63) }
                if k & 63 == 63 || k == n - 1 {
                    payload.append(word)
                    word = 0
                }
            }
        }
        append(.transfer, n, pile: source, destination: destination, flags: (oneAtATime ? 8 : 0) | (facing != nil ? 16 : 0))
    }

    /// Before the top card of `pile` is turned face up.
    mutating func recordFlip(_ pile: Int) { append(.flip, pile: pile) }

    /// Before an action's count of uses changes from `uses`.
    mutating func recordUse(action: Int, was uses: Int) {
        payload.append(UInt64(bitPattern: Int64(uses)))
        append(.use, action)
    }

    /// Before a memory slot changes from `value`.
    mutating func recordMemory(slot: Int, was value: Int) {
        payload.append(UInt64(bitPattern: Int64(value)))
        append(.memory, slot)
    }

    /// Before the cards of `pile` are shuffled, and the table's count of shuffles changes from `count`.
    mutating func recordShuffle(piles shuffled: [Int], in piles: [Pile], count: Int) {
        for pile in shuffled {
            for placed in piles[pile].cards { payload.append(UInt64(placed.card.rawValue)) }
            append(.shuffledPile, piles[pile].cards.count, pile: pile)
        }
        payload.append(UInt64(bitPattern: Int64(count)))
        append(.shuffleCount)
    }

    /// Before the cards of `pile` change in a way no other entry describes (a removal whose
    /// destination is one of its own piles): its cards, with their faces, are kept whole.
    mutating func recordPile(_ pile: Int, in piles: [Pile]) {
        for placed in piles[pile].cards { payload.append(UInt64(placed.card.rawValue) | (placed.isFaceUp ? 1 << 16 : 0)) }
        append(.wholePile, piles[pile].cards.count, pile: pile)
    }

    /// How far down a change reaches that may alter any card of its pile (a shuffle, a pile
    /// rewritten whole): more cards than any pile holds.
    package static let reachesWholePile = 1 << 40

    /// Calls `body` with every change to a pile since `mark`, in the order of the changes (a pile
    /// may come more than once): the pile, how many cards from its top the change took off or
    /// altered (`reachesWholePile` when it may have altered any), and how many cards the pile
    /// gained (negative when it lost them).
    @inline(__always)
    package func forEachPileChange(since mark: Int, _ body: (_ pile: Int, _ reached: Int, _ growth: Int) -> Void) {
        var i = mark
        while i < entries.count {
            let e = entries[i]
            switch e & 7 {
            case Kind.transfer.rawValue:
                let n = Int((e >> 8) & 0xFFFF)
                body(Int((e >> 24) & 0xFFFF), n, -n)
                body(Int((e >> 40) & 0xFFFF), 0, n)
            case Kind.flip.rawValue: body(Int((e >> 24) & 0xFFFF), 1, 0)
            case Kind.shuffledPile.rawValue, Kind.wholePile.rawValue: body(Int((e >> 24) & 0xFFFF), TableJournal.reachesWholePile, 0)
            default: break
            }
            i += 1
        }
    }

    /// The one transfer made since `mark`, when nothing else changed: it alone leads from the
    /// table at the mark to this one, so moving the cards back returns to that table.
    @inline(__always)
    package func onlyTransfer(since mark: Int) -> Move? {
        guard entries.count == mark + 1 else { return nil }
        let e = entries[mark]
        // A packet that was reversed or turned is not put back as it was by moving it back.
        guard e & 7 == Kind.transfer.rawValue, e & (8 | 16) == 0 else { return nil }
        return Move(source: Int((e >> 24) & 0xFFFF), count: Int((e >> 8) & 0xFFFF), destination: Int((e >> 40) & 0xFFFF))
    }

    /// Puts back an action's count or a memory's value. Out of line on purpose: written in
    /// `undo`, the compiler made the two arrays unique on every call, before the loop, and a
    /// game that has neither (an empty array is never uniquely referenced) allocated an empty
    /// buffer for each at every undo.
    @inline(never)
    private static func restore(_ values: inout [Int], at index: Int, to word: UInt64) {
        values[index] = Int(Int64(bitPattern: word))
    }

    /// Takes back every change since `mark`, newest first, leaving the table as it was then.
    package mutating func undo(to mark: Int, table: inout CardTable) {
        while entries.count > mark {
            let e = entries.removeLast()
            let a = Int((e >> 8) & 0xFFFF), pile = Int((e >> 24) & 0xFFFF)
            switch e & 7 {
            case Kind.transfer.rawValue:
                let n = a, source = pile, destination = Int((e >> 40) & 0xFFFF)
                let reversed = e & 8 != 0
                let faceWords = e & 16 != 0 ? (n + 63) / 64 : 0
                let base = payload.count - faceWords
                let size = table.piles[destination].cards.count
                for k in 0..<n {
                    var card = table.piles[destination].cards[reversed ? size - 1 - k : size - n + k]
                    if faceWords > 0 { card.isFaceUp = (payload[base + k / 64] >> UInt64(k & 63)) & 1 == 1 }
                    table.piles[source].cards.append(card)
                }
                if faceWords > 0 { payload.removeTop(faceWords) }
                table.piles[destination].cards.removeTop(n)
            case Kind.flip.rawValue:
                table.piles[pile].cards[table.piles[pile].cards.count - 1].isFaceUp = false
            case Kind.use.rawValue:
                TableJournal.restore(&table.actionUses, at: a, to: payload.removeLast())
            case Kind.memory.rawValue:
                TableJournal.restore(&table.memory, at: a, to: payload.removeLast())
            case Kind.shuffledPile.rawValue:
                let base = payload.count - a
                for k in 0..<a { table.piles[pile].cards[k].card = Card(rawValue: UInt16(truncatingIfNeeded: payload[base + k])) }
                payload.removeTop(a)
            case Kind.wholePile.rawValue:
                let base = payload.count - a
                table.piles[pile].cards.removeAll(keepingCapacity: true)
                for k in 0..<a {
                    let word = payload[base + k]
                    table.piles[pile].cards.append(PlacedCard(Card(rawValue: UInt16(truncatingIfNeeded: word)), faceUp: word & (1 << 16) != 0))
                }
                payload.removeTop(a)
            default:
                table.shuffles = Int(Int64(bitPattern: payload.removeLast()))
            }
        }
    }
}

/// The piles changed on a working table since a mark, each once, with how many cards at the
/// bottom of each no change reached, in storage that is kept from one play to the next.
package struct ChangedPiles: Sendable {
    /// What is known of a pile: the generation in which it was last found changed, and in that
    /// one, how many cards it gained since the mark (negative when it lost them) and the lowest
    /// position a change reached, counted from its size at the mark (0 or below).
    private struct PileChange {
        var generation: UInt32 = 0
        var growth = 0
        var reach = 0
    }

    /// How many piles changed.
    package private(set) var count = 0
    /// The piles changed, in the order of the changes, in the first `count` places. Stored
    /// properties, not accessors, so that the solver reads them in place for every successor.
    package private(set) var piles: [Int] = []
    /// For each pile of `piles`, in its order, how many cards at its bottom no change reached:
    /// the same cards with the same faces on the table at the mark and on the working table, and
    /// no more than either holds.
    package private(set) var untouched: [Int] = []
    private var changes: [PileChange] = []
    private var generation: UInt32 = 1

    package init() {}

    /// Room for a table of `pileCount` piles, made once.
    @inline(__always)
    private mutating func makeRoom(for pileCount: Int) {
        guard changes.count < pileCount else { return }
        changes = Array(repeating: PileChange(), count: pileCount)
        piles = Array(repeating: 0, count: pileCount)
        untouched = Array(repeating: 0, count: pileCount)
    }

    /// The piles changed on the working table since `mark`.
    package mutating func collect(_ work: WorkingTable, since mark: Int) {
        let pileCount = work.table.piles.count
        makeRoom(for: pileCount)
        // The most common change, one transfer alone: its two piles, the source cut down to the
        // cards it kept and the destination's cards below those it took, as the loop below finds.
        if let move = work.journal.onlyTransfer(since: mark) {
            piles.withUnsafeMutableBufferPointer { piles in
                untouched.withUnsafeMutableBufferPointer { untouched in
                    piles[0] = move.source
                    untouched[0] = work.table.piles[move.source].cards.count
                    piles[1] = move.destination
                    untouched[1] = work.table.piles[move.destination].cards.count - move.count
                }
            }
            count = 2
            return
        }
        generation &+= 1
        if generation == 0 {
            for i in changes.indices { changes[i].generation = 0 }
            generation = 1
        }
        let generation = generation
        var found = 0
        piles.withUnsafeMutableBufferPointer { piles in
            changes.withUnsafeMutableBufferPointer { changes in
                work.journal.forEachPileChange(since: mark) { p, reached, growth in
                    if changes[p].generation != generation {
                        changes[p] = PileChange(generation: generation)
                        piles[found] = p
                        found += 1
                    }
                    // The change reached down to `reached` cards below the pile's top as it then stood.
                    changes[p].reach = min(changes[p].reach, changes[p].growth - reached)
                    changes[p].growth += growth
                }
                untouched.withUnsafeMutableBufferPointer { untouched in
                    for i in 0..<found {
                        let p = piles[i]
                        // A shuffle or a rewrite leaves `growth` wrong, but its reach is below any bottom.
                        untouched[i] = max(work.table.piles[p].cards.count - changes[p].growth + changes[p].reach, 0)
                    }
                }
            }
        }
        count = found
    }

    /// Adds the piles changed on the working table since `mark` to those already here, which
    /// describe the change from an earlier table to the one at the mark: then this holds the
    /// change from that earlier table to the working table, each pile once, with the fewer cards
    /// kept at its bottom of the two changes.
    package mutating func collect(adding work: WorkingTable, since mark: Int) {
        let before = count
        withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: max(before, 1)) { earlier in
            for i in 0..<before { earlier[i] = (piles[i], untouched[i]) }
            collect(work, since: mark)
            for (p, bottom) in earlier.prefix(before) {
                if let i = (0..<count).first(where: { piles[$0] == p }) {
                    untouched[i] = min(untouched[i], bottom)
                } else {
                    piles[count] = p
                    untouched[count] = bottom
                    count += 1
                }
            }
        }
    }

    /// Sets the changed piles to `found`, each a pile and how many cards at its bottom stayed the
    /// same, found by comparing tables instead of reading a journal.
    package mutating func record(_ found: UnsafeBufferPointer<(Int, Int)>, pileCount: Int) {
        makeRoom(for: pileCount)
        piles.withUnsafeMutableBufferPointer { piles in
            untouched.withUnsafeMutableBufferPointer { untouched in
                for (i, (p, same)) in found.enumerated() {
                    piles[i] = p
                    untouched[i] = same
                }
            }
        }
        count = found.count
    }
}
