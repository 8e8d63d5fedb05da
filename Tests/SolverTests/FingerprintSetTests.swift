import Foundation
import Testing
import TestSupport
import PatienceEngine
@testable import PatienceSolver

/// The transposition table's marks: entries of earlier runs count as absent, dead ones stay dead
/// in every later run, also once the run numbers have wrapped round.
@Suite("Solver transposition table")
struct FingerprintSetTests {
    static func fingerprint(_ i: Int) -> Fingerprint {
        var random = SplitMix64(seed: UInt64(i))
        return Fingerprint(high: random.next(), low: random.next())
    }

    @Test func deadEntriesOutliveTheRunsAndOthersAreAbsentInTheNext() {
        var set = FingerprintSet(capacity: 16)
        for i in 0..<100 { expectEqual(set.visit(Self.fingerprint(i)), .absent) }
        for i in 0..<100 { expectEqual(set.visit(Self.fingerprint(i)), .stored) }
        for i in stride(from: 0, to: 100, by: 3) { set.markDead(Self.fingerprint(i)) }
        expectEqual(set.deadCount, 34)
        expectEqual(set.runCount, 100)
        // Far more runs than the marks number, so that the sweep runs several times.
        for run in 1...600 {
            set.startRun()
            expectEqual(set.runCount, 0)
            let i = run % 100
            let expected: FingerprintSet.Mark = i % 3 == 0 ? .dead : .absent
            expectEqual(set.mark(of: Self.fingerprint(i)), expected, "run \(run)")
            expectEqual(set.visit(Self.fingerprint(i)), expected, "run \(run)")
            if expected == .absent { expectEqual(set.visit(Self.fingerprint(i)), .stored, "run \(run)") }
        }
        expectEqual(set.count, 100)
        expectEqual(set.deadCount, 34)
        expectEqual(set.mark(of: Self.fingerprint(1000)), .absent)
    }
}
