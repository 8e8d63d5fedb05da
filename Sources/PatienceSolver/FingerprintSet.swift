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
/// (the high lane whole, then 24 bits of the low lane and a mark byte), kept between 3/8 and 3/4
/// full, so 16 to 32 bytes per stored state once it has grown past its first size.
///
/// The mark byte says what an entry is for a search that runs again and again from its root
/// (`ExhaustiveSearch` with restarts) and keeps this one table for all its runs: *dead* (no play
/// sequence from the table wins; kept for every run), or stored in run number `generation`. An
/// entry of an earlier run that is not dead counts as absent, and is taken over by the run that
/// stores it again; so the dead tables cost no storage of their own, and a new run empties the
/// set of its own entries at no cost (`startRun`). When the run numbers would run out, the
/// entries of earlier runs are swept back to a neutral mark once.
///
/// Only 87 bits of each fingerprint are kept (the high lane but its lowest bit, which marks a
/// used slot, and the upper 24 bits of the low lane), not whole tables, so two different canonical
/// tables agreeing in those bits would be taken for one. With the hash lanes behaving as
/// independent random functions, the chance that any two of N stored states agree is at most
/// N² / 2⁸⁸ (for N = 10⁸ states, below 4 × 10⁻¹¹); see `StateKey` for how the lanes are made.
struct FingerprintSet {
    /// What the set holds of a fingerprint.
    enum Mark: Equatable {
        /// Not stored in this run, nor dead.
        case absent
        /// Stored in this run.
        case stored
        /// Recorded dead (in any run).
        case dead
    }

    private var high: [UInt64]
    /// The low lane's upper 24 bits, shifted up by 8, and the mark byte.
    private var low: [UInt32]
    private var mask: Int
    /// Entries in the slots: this run's, the dead ones and those of earlier runs.
    private(set) var count = 0
    /// Entries stored in this run (those since recorded dead included).
    private(set) var runCount = 0
    /// Entries recorded dead.
    private(set) var deadCount = 0
    /// This run's mark: 1 ... `maxGeneration`.
    private var generation: UInt32 = 1

    /// The mark of an entry of an earlier run that was swept.
    private static let stale: UInt32 = 0
    private static let deadMark: UInt32 = 0xFF
    private static let maxGeneration: UInt32 = 0xFE

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
        runCount = 0
        deadCount = 0
    }

    /// Starts a new run: what earlier runs stored counts as absent from now on, but for the dead entries.
    mutating func startRun() {
        runCount = 0
        if generation < FingerprintSet.maxGeneration {
            generation += 1
            return
        }
        for i in low.indices where high[i] != 0 && low[i] & 0xFF != FingerprintSet.deadMark {
            low[i] = low[i] & ~0xFF | FingerprintSet.stale
        }
        generation = 1
    }

    /// Slots in the table.
    var slotCount: Int { mask + 1 }
    /// Bytes the table holds.
    var bytes: Int { high.count * 8 + low.count * 4 }

    @inline(__always)
    private static func lanes(_ f: Fingerprint) -> (UInt64, UInt32) {
        (f.high | 1, UInt32(truncatingIfNeeded: f.low >> 40) << 8)
    }

    /// Inserts a fingerprint in this run; true when it was absent before.
    @discardableResult
    mutating func insert(_ f: Fingerprint) -> Bool { visit(f) == .absent }

    /// Stores a fingerprint in this run, and says what it was before: `absent` (now stored),
    /// `stored` or `dead` (both unchanged).
    mutating func visit(_ f: Fingerprint) -> Mark {
        if (count + 1) * 4 > slotCount * 3 { grow() }
        let (h, l) = FingerprintSet.lanes(f)
        var i = FingerprintSet.home(h) & mask
        while true {
            let stored = high[i]
            if stored == 0 {
                high[i] = h
                low[i] = l | generation
                count += 1
                runCount += 1
                return .absent
            }
            if stored == h && low[i] & ~0xFF == l {
                let mark = low[i] & 0xFF
                if mark == FingerprintSet.deadMark { return .dead }
                if mark == generation { return .stored }
                low[i] = l | generation
                runCount += 1
                return .absent
            }
            i = (i + 1) & mask
        }
    }

    /// What the set holds of the fingerprint.
    func mark(of f: Fingerprint) -> Mark {
        let (h, l) = FingerprintSet.lanes(f)
        var i = FingerprintSet.home(h) & mask
        while true {
            let stored = high[i]
            if stored == 0 { return .absent }
            if stored == h && low[i] & ~0xFF == l {
                let mark = low[i] & 0xFF
                return mark == FingerprintSet.deadMark ? .dead : mark == generation ? .stored : .absent
            }
            i = (i + 1) & mask
        }
    }

    /// Whether the fingerprint is stored in this run or dead.
    func contains(_ f: Fingerprint) -> Bool { mark(of: f) != .absent }

    /// Records a fingerprint stored in this run as dead; it stays so in every later run.
    mutating func markDead(_ f: Fingerprint) {
        let (h, l) = FingerprintSet.lanes(f)
        var i = FingerprintSet.home(h) & mask
        while true {
            let stored = high[i]
            if stored == 0 { return }
            if stored == h && low[i] & ~0xFF == l {
                if low[i] & 0xFF != FingerprintSet.deadMark {
                    low[i] = l | FingerprintSet.deadMark
                    deadCount += 1
                }
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func grow() {
        let oldHigh = high, oldLow = low
        let size = oldHigh.count * 2
        high = Array(repeating: 0, count: size)
        low = Array(repeating: 0, count: size)
        mask = size - 1
        for k in oldHigh.indices where oldHigh[k] != 0 {
            var i = FingerprintSet.home(oldHigh[k]) & mask
            while high[i] != 0 { i = (i + 1) & mask }
            high[i] = oldHigh[k]
            low[i] = oldLow[k]
        }
    }

    /// The slot an entry starts looking from: bits of the high lane, which is stored whole.
    @inline(__always)
    private static func home(_ h: UInt64) -> Int { Int(truncatingIfNeeded: h >> 17) }
}
