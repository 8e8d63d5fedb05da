/// A 128-bit fingerprint of a table's canonical form (see `StateKey`).
public struct Fingerprint: Hashable, Sendable {
    public var high: UInt64
    public var low: UInt64
}

/// The transposition table: a set of fingerprints in one open-addressing array, 16 bytes a
/// slot, kept at most 3/4 full, so 16 to 32 bytes per stored state.
///
/// Only fingerprints are stored, not whole tables, so two different canonical tables with the
/// same fingerprint would be taken for one. With the hash lanes behaving as independent random
/// functions, the chance that any two of N stored states share a fingerprint is at most
/// N² / 2¹²⁹ (for N = 10⁹ states, below 2 × 10⁻²¹); see `StateKey` for how the lanes are made.
struct FingerprintSet {
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        var size = 16
        while size < capacity { size <<= 1 }
        slots = Array(repeating: 0, count: size * 2)
        mask = size - 1
    }

    /// Slots in the table.
    var slotCount: Int { mask + 1 }
    /// Bytes the table holds.
    var bytes: Int { slots.count * 8 }

    /// Inserts a fingerprint; true when it was not there before.
    mutating func insert(_ f: Fingerprint) -> Bool {
        if (count + 1) * 4 > slotCount * 3 { grow() }
        // The high lane is never 0 in a stored entry: 0 marks an empty slot.
        let high = f.high | 1
        var i = Int(truncatingIfNeeded: f.low) & mask
        while true {
            let h = slots[2 * i]
            if h == 0 {
                slots[2 * i] = high
                slots[2 * i + 1] = f.low
                count += 1
                return true
            }
            if h == high && slots[2 * i + 1] == f.low { return false }
            i = (i + 1) & mask
        }
    }

    /// Whether the fingerprint is stored.
    func contains(_ f: Fingerprint) -> Bool {
        let high = f.high | 1
        var i = Int(truncatingIfNeeded: f.low) & mask
        while true {
            let h = slots[2 * i]
            if h == 0 { return false }
            if h == high && slots[2 * i + 1] == f.low { return true }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = (mask + 1) * 2 - 1
        count = 0
        var k = 0
        while k < old.count {
            if old[k] != 0 { _ = insert(Fingerprint(high: old[k], low: old[k + 1])) }
            k += 2
        }
    }
}
