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
    /// Told what the search has done, now and then, when the solve was asked for progress.
    let ticker: ProgressTicker?

    init(maxStates: Int, seconds: Double, maxBytes: Int, clock: SearchClock = .wall, ticker: ProgressTicker? = nil) {
        self.maxStates = maxStates
        self.clock = clock
        deadline = clock.now() + seconds
        self.maxBytes = maxBytes
        self.ticker = ticker
    }

    /// The watch's clock now, in seconds.
    func now() -> Double { clock.now() }

    /// The budget that ran out, if any. `bytes` is the peak the search may reach at its next
    /// growth (`MemoryEstimate.peak`). Where the clock is read, the progress is reported too.
    func exceeded(states: Int, nodes: Int, bytes: Int, checkClock: Bool) -> UnknownReason? {
        if states >= maxStates { return .states }
        if bytes >= maxBytes { return .memory }
        if checkClock {
            let now = clock.now()
            ticker?.tick(now: now, states: states, nodes: nodes, bytes: bytes)
            if now >= deadline { return .time }
        }
        return nil
    }
}
