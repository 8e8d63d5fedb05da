import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Plays packed into 64 bits for the search's arenas: kind, source, count and destination.
enum PlayCode {
    static func encode(_ play: Play) -> UInt64 {
        switch play {
        case .move(let m):
            return 1 | UInt64(UInt16(truncatingIfNeeded: m.source)) << 8 | UInt64(UInt16(truncatingIfNeeded: m.count)) << 24
                | UInt64(UInt16(truncatingIfNeeded: m.destination)) << 40
        case .tap(let pile):
            return 2 | UInt64(UInt16(truncatingIfNeeded: pile)) << 8
        case .remove(let piles):
            // Up to four piles below 16,384, 14 bits each: what the language allows (four piles a
            // removal, 52 a zone); the solver answers `unknown` for rules beyond (`Step.packsRemovals`).
            var code: UInt64 = 3 | UInt64(min(piles.count, removalPiles)) << 4
            for (i, pile) in piles.prefix(removalPiles).enumerated() { code |= UInt64(pile & (removalPileLimit - 1)) << (8 + 14 * i) }
            return code
        }
    }

    /// The most piles of a removal that pack, and the bound every pile's index stays below.
    static let removalPiles = 4
    static let removalPileLimit = 1 << 14

    /// Whether a removal of these piles packs without loss.
    static func packsRemoval(of piles: [Int]) -> Bool {
        !piles.isEmpty && piles.count <= removalPiles && piles.allSatisfy { (0..<removalPileLimit).contains($0) }
    }

    static func decode(_ code: UInt64) -> Play {
        let source = Int((code >> 8) & 0xFFFF)
        if code & 0xFF == 2 { return .tap(pile: source) }
        if code & 0xF == 3 {
            let count = Int((code >> 4) & 0xF)
            var piles: [Int] = []
            for i in 0..<count {
                let shift = UInt64(8 + 14 * i)
                piles.append(Int((code >> shift) & 0x3FFF))
            }
            return .remove(piles: piles)
        }
        return .move(Move(source: source, count: Int((code >> 24) & 0xFFFF), destination: Int((code >> 40) & 0xFFFF)))
    }
}

/// Tables packed into 16-bit words for the guided search's open states: per pile its size and
/// its cards (raw value, with the top bit for face up), then the action uses and the memory, and
/// for a game with shuffles the count of shuffles made (the seed is the deal's, the same for
/// every table of a search).
enum TablePacking {
    /// A card's word: its raw value, with the top bit for face up.
    @inline(__always)
    private static func word(_ placed: PlacedCard) -> UInt16 { placed.card.rawValue | (placed.isFaceUp ? 0x8000 : 0) }

    /// The card a word holds.
    @inline(__always)
    private static func card(_ word: UInt16) -> PlacedCard { PlacedCard(Card(rawValue: word & 0x7FFF), faceUp: word & 0x8000 != 0) }

    static func pack(_ table: CardTable, shuffles: Bool, into words: inout [UInt16]) {
        table.piles.withUnsafeBufferPointer { piles in
            var size = piles.count + 4 * (table.actionUses.count + table.memory.count + (shuffles ? 1 : 0))
            for p in piles.indices { size += piles[p].cards.count }
            // The words are written in a buffer on the stack, then appended in one copy: appending
            // `size` zeros to write over cost a quarter of the packing.
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: size) { out in
                var i = 0
                for p in piles.indices {
                    piles[p].cards.withUnsafeBufferPointer { cards in
                        out[i] = UInt16(truncatingIfNeeded: cards.count)
                        i += 1
                        for placed in cards {
                            out[i] = word(placed)
                            i += 1
                        }
                    }
                }
                for value in table.actionUses { write(value, to: out, at: &i) }
                for value in table.memory { write(value, to: out, at: &i) }
                if shuffles { write(table.shuffles, to: out, at: &i) }
                words.append(contentsOf: UnsafeBufferPointer(out))
            }
        }
    }

    private static func write(_ value: Int, to words: UnsafeMutableBufferPointer<UInt16>, at i: inout Int) {
        let u = UInt64(bitPattern: Int64(value))
        words[i] = UInt16(truncatingIfNeeded: u)
        words[i + 1] = UInt16(truncatingIfNeeded: u >> 16)
        words[i + 2] = UInt16(truncatingIfNeeded: u >> 32)
        words[i + 3] = UInt16(truncatingIfNeeded: u >> 48)
        i += 4
    }

    private static func read(_ words: UnsafeBufferPointer<UInt16>, at i: Int) -> Int {
        let u = UInt64(words[i]) | UInt64(words[i + 1]) << 16 | UInt64(words[i + 2]) << 32 | UInt64(words[i + 3]) << 48
        return Int(Int64(bitPattern: u))
    }

    /// Puts the table packed at `start` (by `pack` with the same `shuffles`) in place of the
    /// working table, which has the same shape, keeping its storage; `changed` gets the piles
    /// that differ from the working table's before, each with the cards at its bottom that stayed.
    static func unpack(_ packed: [UInt16], at start: Int, shuffles: Bool, into work: inout WorkingTable, changed: inout ChangedPiles) {
        packed.withUnsafeBufferPointer { words in
            work.load { table in unpack(words, at: start, shuffles: shuffles, into: &table, changed: &changed) }
        }
    }

    private static func unpack(_ words: UnsafeBufferPointer<UInt16>, at start: Int, shuffles: Bool, into table: inout CardTable,
                               changed: inout ChangedPiles) {
        var i = start
        let pileCount = table.piles.count
        withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: pileCount) { found in
            var count = 0
            table.piles.withUnsafeMutableBufferPointer { piles in
                for p in 0..<pileCount {
                    let n = Int(words[i])
                    i += 1
                    // The cards the pile holds already are compared from the bottom, and written
                    // over from the first that differs; only those past them are appended.
                    let held = piles[p].cards.count
                    let kept = min(held, n)
                    let same = piles[p].cards.withUnsafeMutableBufferPointer { cards in
                        var same = 0
                        while same < kept, words[i + same] == word(cards[same]) { same += 1 }
                        for k in same..<kept { cards[k] = card(words[i + k]) }
                        return same
                    }
                    if same != held || same != n {
                        found[count] = (p, same)
                        count += 1
                        if n < held { piles[p].cards.removeLast(held - n) }
                        for k in kept..<n { piles[p].cards.append(card(words[i + k])) }
                    }
                    i += n
                }
            }
            changed.record(UnsafeBufferPointer(rebasing: found[0..<count]), pileCount: pileCount)
        }
        for a in table.actionUses.indices {
            table.actionUses[a] = read(words, at: i)
            i += 4
        }
        for m in table.memory.indices {
            table.memory[m] = read(words, at: i)
            i += 4
        }
        if shuffles { table.shuffles = read(words, at: i) }
    }
}
