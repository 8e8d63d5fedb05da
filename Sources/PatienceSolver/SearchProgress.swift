import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// What a solve has done so far, as `Solver.solve(_:progress:)` reports it about four times a
/// second while it searches.
public struct SearchProgress: Hashable, Sendable {
    /// The phase searching now: `guided` or `exhaustive`.
    public var phase: String
    /// States stored so far, over both phases.
    public var statesStored: Int
    /// Nodes expanded so far, over both phases.
    public var nodesExpanded: Int
    /// Seconds since the solve began, on the budget's clock.
    public var seconds: Double
    /// The budget's seconds.
    public var maxSeconds: Double
    /// The estimate of the memory the search holds at its next growth, in bytes.
    public var bytes: Int
    /// The budget's bytes.
    public var maxBytes: Int

    /// Nodes expanded per second since the solve began.
    public var nodesPerSecond: Double { seconds > 0 ? Double(nodesExpanded) / seconds : 0 }
    /// Seconds left in the budget.
    public var secondsLeft: Double { max(maxSeconds - seconds, 0) }
}

/// Calls a solve's progress handler at most every `interval` seconds, from the budget checks the
/// searches make anyway (every 64 nodes). Used on the searching thread only.
final class ProgressTicker {
    private let handler: (SearchProgress) -> Void
    private let start: Double
    private let maxSeconds: Double
    private let maxBytes: Int
    private let interval: Double
    private var next: Double
    /// Nodes and states of the phases that ended, added to what the running phase reports.
    var nodesBefore = 0
    var statesBefore = 0
    var phase = "guided"

    init(start: Double, budget: SearchBudget, interval: Double = 0.25, handler: @escaping (SearchProgress) -> Void) {
        self.handler = handler
        self.start = start
        maxSeconds = budget.maxSeconds
        maxBytes = budget.maxBytes
        self.interval = interval
        next = start + interval
    }

    /// Reports when the interval has passed since the last report.
    func tick(now: Double, states: Int, nodes: Int, bytes: Int) {
        guard now >= next else { return }
        next = now + interval
        handler(SearchProgress(phase: phase, statesStored: statesBefore + states, nodesExpanded: nodesBefore + nodes,
                               seconds: now - start, maxSeconds: maxSeconds, bytes: bytes, maxBytes: maxBytes))
    }
}
