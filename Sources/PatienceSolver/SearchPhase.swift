import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// How one phase of the search ended.
enum PhaseOutcome {
    case solved([Play])
    /// Every state was visited; `proof` says whether only sound reductions were used.
    case exhausted(proof: Bool)
    case outOfBudget(UnknownReason)
}

/// Watches a phase's budget: states, wall-clock time and an estimate of memory.
struct BudgetWatch {
    let maxStates: Int
    let deadline: Double
    let maxBytes: Int

    init(maxStates: Int, seconds: Double, maxBytes: Int) {
        self.maxStates = maxStates
        deadline = BudgetWatch.now() + seconds
        self.maxBytes = maxBytes
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The budget that ran out, if any.
    func exceeded(states: Int, bytes: Int, checkClock: Bool) -> UnknownReason? {
        if states >= maxStates { return .states }
        if bytes >= maxBytes { return .memory }
        if checkClock && BudgetWatch.now() >= deadline { return .time }
        return nil
    }
}
