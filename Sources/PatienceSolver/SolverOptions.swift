import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// The reductions a search may use, each derived from the rules (`RuleFacts`) and each
/// switchable off. Every one is sound: with all of them on, the search reaches a won table
/// exactly when it would with all of them off, which `SolverReductionTests` checks exhaustively
/// on small games.
public struct Reductions: Hashable, Sendable {
    /// Piles of a zone that no rule tells apart are hashed as a multiset, so tables that differ
    /// only in their order are one state.
    public var interchangeablePiles = true
    /// Tables that differ only by a renaming of suits that the rules cannot notice are one state
    /// (`RuleFacts.SuitSymmetry`), and copies of a card in a multi-deck game are not told apart.
    public var suitSymmetry = true
    /// In zones that cards never leave and where no rule reads below a pile's top card (Golf's
    /// waste, Black Hole's foundation), a pile is known by its top card and size alone.
    public var topOnlyPiles = true
    /// A move to the win condition's zone that provably no later move needs undone is made at
    /// once, as the only move from that table (see `SafeMoves`).
    public var safeMoves = true
    /// Taps of the game's only tappable pile (turning the stock) are followed through to the
    /// next move in one step, instead of one search node per tap.
    public var collapseTapChains = true
    /// Where the actions are isolated from every other rule (`RuleFacts.actionsAreIsolated`), a
    /// collapsed chain of taps offers after its taps only the moves that involve a zone the
    /// actions name (the waste's top, the stock): any other move commutes with the taps, so the
    /// table it makes after them is reached from the same move made before them. Needs
    /// `collapseTapChains`.
    public var independentMoves = true
    /// Where the actions are isolated and the stock comes round, tables that differ only in
    /// where the stock stands on a cycle of taps that comes back to them are one state, keyed as
    /// the cycle's representative (see `TapCycles`). Needs `collapseTapChains`.
    public var tapCycles = true
    /// A move that would only put back the cards the previous move brought, when nothing else
    /// changed, is not tried (it returns to the table before). Off where an effect sets a memory
    /// or shuffles, since the table before may then settle differently.
    public var pruneInverseMoves = true
    /// Tables where a card that must still move never can (no card it could be put on can ever
    /// again be on top where it goes, or too many cards could never have a card put on them)
    /// are not searched (see `DeadEnds`).
    public var deadEnds = true
    /// Where the dead-end test checks by card masks, it goes on to the order the cards must leave
    /// in: a card left with one card to go on must follow it, and a card that would have to leave
    /// before itself, or with nothing to go on once that is known, makes a dead end (see
    /// `DeadEnds.orderIsImpossible`). Needs `deadEnds`.
    public var deadEndOrder = true
    /// Where one sink pile must take every card left by a symmetric relation between classes of
    /// cards on a path or a cycle (ranks up or down), the dead-end test checks that the sink's
    /// top can still walk through every card: how often it must cross between neighbouring
    /// classes follows from how many cards each holds (see `ClassWalk`). Needs `deadEnds`.
    public var deadEndWalk = true

    /// Every reduction on.
    public init() {}

    /// Every reduction on.
    public static let all = Reductions()
    /// Every reduction off: the search walks the game's plain move graph.
    public static var none: Reductions {
        var r = Reductions()
        r.interchangeablePiles = false
        r.suitSymmetry = false
        r.topOnlyPiles = false
        r.safeMoves = false
        r.collapseTapChains = false
        r.independentMoves = false
        r.tapCycles = false
        r.pruneInverseMoves = false
        r.deadEnds = false
        r.deadEndOrder = false
        r.deadEndWalk = false
        return r
    }
}

/// How long a search may run before it answers `unknown`.
public struct SearchBudget: Hashable, Sendable {
    /// The most distinct states stored (the transposition table's size).
    public var maxStates: Int
    /// Seconds, on `clock`.
    public var maxSeconds: Double
    /// The most memory the search may hold, in bytes, at the peak of its next growth (see
    /// `MemoryEstimate`); reaching it answers `unknown: memory limit`.
    public var maxBytes: Int
    /// What `maxSeconds` (and the time the statistics report) counts.
    public var clock: SearchClock

    /// A budget of at most `maxStates` stored states, `maxSeconds` seconds on `clock` and
    /// `maxBytes` bytes of the search's tables (by default a share of the machine's memory,
    /// `machineShareOfMemory`).
    public init(maxStates: Int = 2_000_000, maxSeconds: Double = 30, maxBytes: Int = SearchBudget.machineShareOfMemory,
                clock: SearchClock = .wall) {
        self.maxStates = maxStates
        self.maxSeconds = maxSeconds
        self.maxBytes = maxBytes
        self.clock = clock
    }
}

/// The clock a search budget's seconds are measured on.
public enum SearchClock: String, Hashable, Sendable, CaseIterable {
    /// Wall-clock time: a search of 2 s answers within about 2 s, however busy the machine.
    case wall
    /// The CPU time of the thread that runs the search: a search of 2 s gets 2 s of a core,
    /// however busy the machine, so its verdict depends much less on the load (the wall time
    /// it takes may be longer).
    case cpu

    /// The CPU time this process has used since it started, every thread's, in seconds.
    public static func processSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The clock's reading now, in seconds.
    public func now() -> Double {
        var t = timespec()
        clock_gettime(self == .cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// What the solver does: which phases run, with which reductions and budget.
public struct SolverOptions: Hashable, Sendable {
    /// The reductions the searches may use; all by default.
    public var reductions = Reductions.all
    /// How far the searches may go before answering `unknown`.
    public var budget = SearchBudget()
    /// Run the guided (best-first) phase first; its solutions are kept only when they replay.
    public var guided = true
    /// Share of the budget the guided phase may spend before the exhaustive phase starts.
    public var guidedShare = 0.5
    /// Run the exhaustive phase, the only one that can prove a table unsolvable.
    public var exhaustive = true
    /// Where the stock comes round (a chain of taps returns to a table already seen), share of
    /// the budget a first depth-first run gets before the guided phase, trying moves to the win
    /// zone first and the stock's cards last, with the guided phase's autoplay and without idle
    /// runs (see `Solver.solve`); 0 skips it.
    public var probeShare = 0.1
    /// Restart the exhaustive phase's depth-first search now and then, every other run in
    /// another move order (the heuristic's, shuffled a little), keeping the tables it proved dead
    /// from one run to the next, so that a search lost below one early choice tries others (see
    /// `ExhaustiveSearch`).
    public var restarts = true
    /// Share of the budget's seconds spent making a solution shorter once it is found
    /// (`SolutionShortener`), for a person to follow; 0, the default, keeps the solution as the
    /// search found it (`patience solve` and hints ask for 0.2).
    public var shortenShare = 0.0
    /// The stored states of the shortest run between restarts: the runs follow the Luby sequence
    /// (1, 1, 2, 1, 1, 2, 4, …) times this.
    public var restartUnit = 2000

    /// The heuristic's weights (remaining, buried, face-down, spaces, depth, disorder, and
    /// optionally the noise and its seed, `Heuristic.Weights`) of one
    /// search that the guided phase runs alone instead of its portfolio: for tuning the portfolio
    /// (`patience-bench solver --member`, `Scripts/tune-schedule.py`). Nil, the default, runs the portfolio.
    package var guidedWeights: [Int]?

    /// Whether `weights` can be `guidedWeights`: six integers, or eight whose last two are the
    /// noise (0 to `maxGuidedNoise`) and its seed (not negative).
    package static func acceptsGuidedWeights(_ weights: [Int]) -> Bool {
        GuidedSchedule.single(weights: weights) != nil
    }

    /// A whole schedule for the guided phase instead of its portfolio, written out as
    /// `GuidedSchedule.parse` reads it (`patience-bench solver --schedule`): for measuring a
    /// schedule `Scripts/tune-schedule.py` proposes without building it in. Nil, the default,
    /// runs the portfolio; `guidedWeights` comes first when both are set.
    package var guidedSchedule: String?

    /// Whether `text` can be `guidedSchedule`.
    package static func acceptsGuidedSchedule(_ text: String) -> Bool {
        GuidedSchedule.parse(text) != nil
    }

    /// The most noise `guidedWeights` may give (`GuidedSchedule.maxNoise`).
    package static var maxGuidedNoise: Int { GuidedSchedule.maxNoise }

    /// The default options: every reduction, the default budget.
    public init() {}

    /// The names that turn a reduction, or the exhaustive search's restarts, off, as
    /// `solve --without` and `patience-bench solver --without` spell them.
    public static let switchNames = ["interchangeable-piles", "suit-symmetry", "top-only-piles", "safe-moves", "tap-chains",
                                     "independent-moves", "tap-cycles", "inverse-moves", "dead-ends", "dead-end-order", "dead-end-walk", "restarts"]

    /// Turns off the reduction or the restarts that `name` (one of `switchNames`) names; false,
    /// changing nothing, for any other name.
    public mutating func turnOff(_ name: String) -> Bool {
        switch name {
        case "interchangeable-piles": reductions.interchangeablePiles = false
        case "suit-symmetry": reductions.suitSymmetry = false
        case "top-only-piles": reductions.topOnlyPiles = false
        case "safe-moves": reductions.safeMoves = false
        case "tap-chains": reductions.collapseTapChains = false
        case "independent-moves": reductions.independentMoves = false
        case "tap-cycles": reductions.tapCycles = false
        case "inverse-moves": reductions.pruneInverseMoves = false
        case "dead-ends": reductions.deadEnds = false
        case "dead-end-order": reductions.deadEndOrder = false
        case "dead-end-walk": reductions.deadEndWalk = false
        case "restarts": restarts = false
        default: return false
        }
        return true
    }
}
