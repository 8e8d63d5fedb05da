import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// A 128-bit fingerprint of a table's canonical form (see `StateKey`).
public struct Fingerprint: Hashable, Sendable {
    /// The first 64 bits.
    public var high: UInt64
    /// The last 64 bits.
    public var low: UInt64
}

/// The transposition table: a set of fingerprints in open-addressing arrays, 12 bytes a slot
/// (the high lane whole and the upper half of the low lane), kept between 3/8 and 3/4 full, so
/// 16 to 32 bytes per stored state once it has grown past its first size.
///
/// Only 95 bits of each fingerprint are kept (the high lane but its lowest bit, which marks a
/// used slot, and the upper half of the low lane), not whole tables, so two different canonical
/// tables agreeing in those bits would be taken for one. With the hash lanes behaving as
/// independent random functions, the chance that any two of N stored states agree is at most
/// N² / 2⁹⁶ (for N = 10⁸ states, below 2 × 10⁻¹³); see `StateKey` for how the lanes are made.
struct FingerprintSet {
    private var high: [UInt64]
    private var low: [UInt32]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 10) {
        var size = 16
        while size < capacity { size <<= 1 }
        high = Array(repeating: 0, count: size)
        low = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Empties the set, keeping its storage unless it had grown large.
    mutating func removeAll() {
        if count == 0 { return }
        if slotCount > 4096 {
            self = FingerprintSet()
            return
        }
        for i in high.indices { high[i] = 0 }
        count = 0
    }

    /// Slots in the table.
    var slotCount: Int { mask + 1 }
    /// Bytes the table holds.
    var bytes: Int { high.count * 8 + low.count * 4 }

    /// Inserts a fingerprint; true when it was not there before.
    mutating func insert(_ f: Fingerprint) -> Bool {
        if (count + 1) * 4 > slotCount * 3 { grow() }
        let h = f.high | 1
        return place(h, UInt32(truncatingIfNeeded: f.low >> 32), home: FingerprintSet.home(h))
    }

    /// The high lane is never 0 in a stored entry: 0 marks an empty slot.
    private mutating func place(_ h: UInt64, _ l: UInt32, home: Int) -> Bool {
        var i = home & mask
        while true {
            let stored = high[i]
            if stored == 0 {
                high[i] = h
                low[i] = l
                count += 1
                return true
            }
            if stored == h && low[i] == l { return false }
            i = (i + 1) & mask
        }
    }

    /// Whether the fingerprint is stored.
    func contains(_ f: Fingerprint) -> Bool {
        let h = f.high | 1, l = UInt32(truncatingIfNeeded: f.low >> 32)
        var i = FingerprintSet.home(h) & mask
        while true {
            if high[i] == 0 { return false }
            if high[i] == h && low[i] == l { return true }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let oldHigh = high, oldLow = low
        let size = oldHigh.count * 2
        high = Array(repeating: 0, count: size)
        low = Array(repeating: 0, count: size)
        mask = size - 1
        count = 0
        for k in oldHigh.indices where oldHigh[k] != 0 {
            _ = place(oldHigh[k], oldLow[k], home: FingerprintSet.home(oldHigh[k]))
        }
    }

    /// The slot an entry starts looking from: bits of the high lane, which is stored whole.
    @inline(__always)
    private static func home(_ h: UInt64) -> Int { Int(truncatingIfNeeded: h >> 17) }
}
