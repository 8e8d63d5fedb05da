import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// The solver's answer for one table. Solving is "thoughtful": the solver sees every card,
/// face down or not, as in the literature on solitaire solvers.
public enum Verdict: Hashable, Sendable {
    /// A won table is reached by these plays, which have been replayed through `Replay`.
    case solved([Play])
    /// No sequence of plays wins: the exhaustive search visited every state reachable under
    /// sound reductions only.
    case unsolvable
    /// A budget ran out first.
    case unknown(UnknownReason)

    /// `solved`, `unsolvable` or `unknown`.
    public var name: String {
        switch self {
        case .solved: return "solved"
        case .unsolvable: return "unsolvable"
        case .unknown: return "unknown"
        }
    }
}

/// Which budget ended a search without an answer.
public enum UnknownReason: String, Hashable, Sendable {
    case states = "state limit"
    case time = "time limit"
    case memory = "memory limit"
    /// The guided phase alone ran (no proof was asked for) and found nothing.
    case notExhaustive = "search not exhaustive"
    /// The rules allow plays the search cannot write down: a removal of more than four piles or
    /// from a pile past the 16,384th, which the checked language never allows (at most four piles
    /// a removal, 52 a zone), so only rules built by other means can get it.
    case unsupportedRules = "a removal takes more than four piles or a pile past the 16,384th, which the search cannot follow"
}

/// Counts of what a search did.
public struct SearchStatistics: Hashable, Sendable {
    /// States stored in the transposition tables (a state that a restarted search stores again
    /// in a later run counts again, as it does for the state budget).
    public var statesStored = 0
    /// States whose plays were generated.
    public var nodesExpanded = 0
    /// Tables produced by applying plays (including repeats found in the table).
    public var statesGenerated = 0
    /// Seconds the searches ran, on the budget's clock (wall-clock time unless asked otherwise),
    /// with the time spent making the solution shorter.
    public var seconds = 0.0
    /// Of `seconds`, those spent making the solution shorter (`SolverOptions.shortenShare`).
    public var shorteningSeconds = 0.0
    /// Bytes of the transposition tables per entry they hold (their slots over their entries;
    /// the exhaustive search's dead tables are entries of its table, marked).
    public var bytesPerStoredState = 0.0
    /// Bytes held for the guided search's open states, per open state, when it ran.
    public var bytesPerOpenState = 0.0
    /// Bytes of the transposition tables, summed over the searches.
    public var tableBytes = 0
    /// Entries the transposition tables hold, summed over the searches: distinct states, each once.
    public var tableEntries = 0
    /// Which phase answered: `guided` or `exhaustive`.
    public var phase = ""
    /// The plays of the solution as the search found it, before it was made shorter; 0 when no
    /// solution was found.
    public var playsFound = 0

    /// Statistics of no search yet.
    public init() {}

    /// Expanded nodes per second.
    public var nodesPerSecond: Double { seconds > 0 ? Double(nodesExpanded) / seconds : 0 }

    mutating func updateBytesPerStoredState() {
        bytesPerStoredState = tableEntries > 0 ? Double(tableBytes) / Double(tableEntries) : 0
    }

    mutating func add(_ other: SearchStatistics) {
        statesStored += other.statesStored
        nodesExpanded += other.nodesExpanded
        statesGenerated += other.statesGenerated
        seconds += other.seconds
        shorteningSeconds += other.shorteningSeconds
        tableBytes += other.tableBytes
        tableEntries += other.tableEntries
        updateBytesPerStoredState()
        bytesPerOpenState = max(bytesPerOpenState, other.bytesPerOpenState)
        phase = other.phase
    }
}

/// A verdict with its statistics.
public struct SolverResult: Hashable, Sendable {
    /// Solved with the plays, unsolvable, or unknown with why.
    public var verdict: Verdict
    /// What the search did: states, nodes, time, memory.
    public var statistics: SearchStatistics

    /// A result with this verdict and these statistics.
    public init(verdict: Verdict, statistics: SearchStatistics) {
        self.verdict = verdict
        self.statistics = statistics
    }
}
