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

/// Watches a phase's budget: states, time on the budget's clock and an estimate of memory.
struct BudgetWatch {
    let maxStates: Int
    let clock: SearchClock
    let deadline: Double
    let maxBytes: Int

    init(maxStates: Int, seconds: Double, maxBytes: Int, clock: SearchClock = .wall) {
        self.maxStates = maxStates
        self.clock = clock
        deadline = clock.now() + seconds
        self.maxBytes = maxBytes
    }

    /// The watch's clock now, in seconds.
    func now() -> Double { clock.now() }

    /// The budget that ran out, if any.
    func exceeded(states: Int, bytes: Int, checkClock: Bool) -> UnknownReason? {
        if states >= maxStates { return .states }
        if bytes >= maxBytes { return .memory }
        if checkClock && clock.now() >= deadline { return .time }
        return nil
    }
}
