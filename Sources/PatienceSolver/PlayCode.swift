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
            // The solver does not search removals (see `UnknownReason.unsupportedRules`); up to
            // four piles below 16,384 still pack, 14 bits each.
            var code: UInt64 = 3 | UInt64(min(piles.count, 4)) << 4
            for (i, pile) in piles.prefix(4).enumerated() { code |= UInt64(pile & 0x3FFF) << (8 + 14 * i) }
            return code
        }
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
/// its cards (raw value, with the top bit for face up), then the action uses.
enum TablePacking {
    static func pack(_ table: CardTable, into words: inout [UInt16]) {
        for pile in table.piles {
            words.append(UInt16(truncatingIfNeeded: pile.count))
            for placed in pile.cards { words.append(placed.card.rawValue | (placed.isFaceUp ? 0x8000 : 0)) }
        }
        for uses in table.actionUses {
            let u = UInt64(bitPattern: Int64(uses))
            words.append(UInt16(truncatingIfNeeded: u))
            words.append(UInt16(truncatingIfNeeded: u >> 16))
            words.append(UInt16(truncatingIfNeeded: u >> 32))
            words.append(UInt16(truncatingIfNeeded: u >> 48))
        }
    }

    static func unpack(_ words: ArraySlice<UInt16>, piles: Int, actions: Int) -> CardTable {
        var i = words.startIndex
        var result: [Pile] = []
        result.reserveCapacity(piles)
        for _ in 0..<piles {
            let n = Int(words[i])
            i += 1
            var cards: [PlacedCard] = []
            cards.reserveCapacity(n)
            for k in 0..<n {
                let w = words[i + k]
                cards.append(PlacedCard(Card(rawValue: w & 0x7FFF), faceUp: w & 0x8000 != 0))
            }
            i += n
            result.append(Pile(cards))
        }
        var uses: [Int] = []
        for _ in 0..<actions {
            let u = UInt64(words[i]) | UInt64(words[i + 1]) << 16 | UInt64(words[i + 2]) << 32 | UInt64(words[i + 3]) << 48
            uses.append(Int(Int64(bitPattern: u)))
            i += 4
        }
        return CardTable(piles: result, actionUses: uses)
    }
}
