import PatienceDiagnostics
import PatienceCards

/// The project's own pseudo-random number generator: `xoshiro256**` seeded through SplitMix64.
///
/// Deals must come out the same on every platform and every Swift release, so nothing here
/// relies on the standard library's random algorithms. Everything a second implementation
/// needs to reproduce the exact sequence is written below; all arithmetic is on unsigned
/// 64-bit integers and wraps modulo 2^64, `<<` and `>>` are logical shifts, and
/// `rotl(x, k)` is `(x << k) | (x >> (64 - k))`.
///
/// **Seeding (SplitMix64).** The four state words `s0`, `s1`, `s2`, `s3` are, in that
/// order, the first four outputs of ``SplitMix64`` started from `seed`. SplitMix64's output
/// step is a bijection, so the four words are never all zero.
///
/// **Each output (`xoshiro256**`).**
///
///     result = rotl(s1 * 5, 7) * 9
///     t = s1 << 17
///     s2 = s2 ^ s0
///     s3 = s3 ^ s1
///     s1 = s1 ^ s2
///     s0 = s0 ^ s3
///     s2 = s2 ^ t
///     s3 = rotl(s3, 45)
///     return result
///
/// **Bounded integers.** ``nextIndex(below:)`` draws from `0..<n` by rejection: with
/// `m = 2^64 mod n`, draw outputs until one, `r`, is at least `m`, and return `r mod n`.
/// This is exactly uniform, and the rejection happens with probability below `n / 2^64`.
///
/// **Shuffling.** ``shuffle(_:)`` is the Fisher–Yates shuffle from the back: for `i` from
/// `count - 1` down to `1`, draw `j = nextIndex(below: i + 1)` and swap the elements at
/// `i` and `j`. An array of 0 or 1 elements draws nothing.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// Creates a generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        var seeder = SplitMix64(seed: seed)
        s0 = seeder.next()
        s1 = seeder.next()
        s2 = seeder.next()
        s3 = seeder.next()
    }

    @inline(__always)
    private static func rotateLeft(_ x: UInt64, by k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }

    /// The next 64 random bits (one `xoshiro256**` step).
    public mutating func next() -> UInt64 {
        let result = SeededGenerator.rotateLeft(s1 &* 5, by: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = SeededGenerator.rotateLeft(s3, by: 45)
        return result
    }

    /// A uniformly chosen integer in `0..<bound`, by the rejection rule in the type's
    /// documentation; `bound` must be positive.
    public mutating func nextIndex(below bound: Int) -> Int {
        precondition(bound > 0, "nextIndex(below:) needs a positive bound")
        let n = UInt64(bound)
        // 2^64 mod n, computed without 2^64: (2^64 - n) mod n is the same residue.
        let rejectBelow = (0 &- n) % n
        while true {
            let r = next()
            if r >= rejectBelow { return Int(r % n) }
        }
    }

    /// Shuffles `items` in place with the Fisher–Yates order in the type's documentation.
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, through: 1, by: -1) {
            let j = nextIndex(below: i + 1)
            items.swapAt(i, j)
        }
    }
}

/// SplitMix64, the generator that seeds ``SeededGenerator``.
///
/// Its state is one 64-bit word `x`, starting at the seed. Each output, with arithmetic
/// wrapping modulo 2^64 and `>>` a logical shift, is
///
///     x = x + 0x9E3779B97F4A7C15
///     z = x
///     z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
///     z = (z ^ (z >> 27)) * 0x94D049BB133111EB
///     return z ^ (z >> 31)
///
/// From seed 0 the first output is `0xE220A8397B1DCDAF`, the published reference value.
package struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator that starts from `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Returns `items` shuffled by a fresh ``SeededGenerator`` seeded with `seed`.
///
/// The order depends only on `seed` and `items.count`, never on the Swift version:
/// see ``SeededGenerator`` for the algorithm.
package func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
    var generator = SeededGenerator(seed: seed)
    var result = items
    generator.shuffle(&result)
    return result
}
