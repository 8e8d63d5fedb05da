import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceSolver
@testable import PatienceCommandLine

/// Whether the long solver tests run (`PATIENCE_LONG=1 swift test`).
let solverLongTests = ProcessInfo.processInfo.environment["PATIENCE_LONG"] == "1"

/// The solver on the bundled games: every solution it gives must replay to a win through
/// `Replay`, read back from its text, independently of the solver's own check.
@Suite("Solver")
struct SolverTests {
    static func rules(_ game: String, options: [String: String] = [:]) throws -> GameRules {
        try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/\(game).patience").path, options: options)
    }

    /// Replays plays written in the move notation and says whether they win.
    static func replaysToWin(_ plays: [Play], rules: GameRules, from table: CardTable) -> Bool {
        let notation = MoveNotation(rules: rules)
        let text = plays.map(notation.text(of:)).joined(separator: "\n")
        let outcome = Replay(rules: rules, notation: .patience).run(text, from: table)
        return outcome.failure == nil && outcome.isWon && outcome.applied == plays.count
    }

    static func options(states: Int = 200_000, seconds: Double = 60) -> SolverOptions {
        var options = SolverOptions()
        options.budget = SearchBudget(maxStates: states, maxSeconds: seconds)
        return options
    }

    @Test(arguments: [1, 2, 3])
    func freeCellDealsAreSolvedAndReplay(deal: Int) throws {
        let rules = try Self.rules("FreeCell")
        let table = try rules.deal(.microsoft(deal))
        let result = Solver(rules: rules, options: Self.options()).solve(table)
        guard case .solved(let plays) = result.verdict else {
            Issue.record("ms:\(deal) not solved: \(result.verdict)")
            return
        }
        expectFalse(plays.isEmpty)
        expectTrue(Self.replaysToWin(plays, rules: rules, from: table))
    }

    @Test func aKlondikeDealIsSolvedAndReplays() throws {
        let rules = try Self.rules("Klondike")
        let table = try rules.deal(.seed(1))
        guard case .solved(let plays) = Solver(rules: rules, options: Self.options()).solve(table).verdict else {
            Issue.record("Klondike seed:1 not solved")
            return
        }
        expectContains(plays, .tap(pile: 0))
        expectTrue(Self.replaysToWin(plays, rules: rules, from: table))
    }

    /// Full-size games, each with seeds that include one the solver wins within a budget of states
    /// (never of seconds, so that the verdict does not depend on how loaded the machine is).
    /// Spider's full deck is too slow for a debug build; `SolverReductionTests` covers its small deck.
    @Test(.enabled(if: solverLongTests), arguments: [
        ("Klondike", UInt64(1)...3), ("Yukon", 1...3), ("BakersDozen", 1...3), ("Canfield", 1...3),
        ("Golf", 1...3), ("BlackHole", 4...5),
    ])
    func solutionsOfOtherGamesReplay(game: String, seeds: ClosedRange<UInt64>) throws {
        let rules = try Self.rules(game)
        var solved = 0
        for seed in seeds {
            let table = try rules.deal(.seed(seed))
            if case .solved(let plays) = Solver(rules: rules, options: Self.options(states: 100_000, seconds: 3600)).solve(table).verdict {
                expectTrue(Self.replaysToWin(plays, rules: rules, from: table), "\(game) seed:\(seed)")
                solved += 1
            }
        }
        expectGreater(solved, 0, "no deal of \(game) solved")
    }

    @Test func aWonTableIsSolvedByNoPlays() throws {
        let rules = try Self.rules("FreeCell")
        var table = try rules.deal(.microsoft(1))
        // Put every card on the foundations, suit by suit, ace first.
        let foundations = rules.zones.first { $0.name == "foundation" }!.piles
        var piles = table.piles.map { _ in Pile() }
        for (i, suit) in Suit.allCases.enumerated() {
            piles[foundations.lowerBound + i] = Pile((1...13).map { PlacedCard(Card(rank: $0, suit: suit), faceUp: true) })
        }
        table.piles = piles
        expectEqual(Solver(rules: rules).solve(table).verdict, .solved([]))
    }

    @Test func theCPUClockDoesNotCountTimeTheThreadWaits() {
        let wall = SearchClock.wall.now(), cpu = SearchClock.cpu.now()
        usleep(100_000)
        expectGreaterOrEqual(SearchClock.wall.now() - wall, 0.09)
        expectLess(SearchClock.cpu.now() - cpu, 0.05, "a sleeping thread uses next to no CPU time")
        expectEqual(SearchBudget().clock, .wall, "wall-clock time unless asked otherwise")
    }

    @Test func everySwitchNameTurnsSomethingOff() {
        for name in SolverOptions.switchNames {
            var options = SolverOptions()
            expectTrue(options.turnOff(name), "\(name)")
            expectNotEqual(options, SolverOptions(), "\(name) changes the options")
        }
        var options = SolverOptions()
        expectFalse(options.turnOff("sundial"))
        expectEqual(options, SolverOptions(), "an unknown name changes nothing")
        expectEqual(Set(SolverOptions.switchNames).count, SolverOptions.switchNames.count)
    }

    @Test func solveAndAnalyzeReadTheClock() throws {
        func clock(_ words: [String]) throws -> SearchClock? {
            guard case .arguments(let parsed) = try CommandLineParser(spec: SolveCommand.spec).parse(["Rules/Golf.patience"] + words) else { return nil }
            return try SolverArguments(arguments: parsed).options.budget.clock
        }
        expectEqual(try clock(["--clock", "cpu"]), .cpu)
        expectEqual(try clock(["--clock=wall"]), .wall)
        expectEqual(try clock([]), .wall)
    }

    @Test func aSmallBudgetAnswersUnknownWithTheReason() throws {
        let rules = try Self.rules("FreeCell")
        let table = try rules.deal(.microsoft(11982))
        var options = Self.options(states: 3_000)
        options.guided = false
        let result = Solver(rules: rules, options: options).solve(table)
        expectEqual(result.verdict, .unknown(.states))
        expectGreaterOrEqual(result.statistics.statesStored, 3_000)
        // The transposition table keeps 12 bytes a slot, at most 3/4 and (once grown) at least 3/8 full.
        expectTrue(result.statistics.bytesPerStoredState >= 16 && result.statistics.bytesPerStoredState <= 32)
    }

    /// Deal #11982, the one Microsoft deal no one has solved, searched to the end.
    @Test(.enabled(if: solverLongTests)) func microsoftDeal11982IsUnsolvable() throws {
        let rules = try Self.rules("FreeCell")
        let table = try rules.deal(.microsoft(11982))
        let result = Solver(rules: rules, options: Self.options(states: 50_000_000, seconds: 3600)).solve(table)
        expectEqual(result.verdict, .unsolvable)
    }

    /// The 100 deals that Freecell Solver solved for the fixtures.
    @Test(.enabled(if: solverLongTests)) func theHundredFreecellSolverDealsAreSolved() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/ms-solutions-1-100.txt"), encoding: .utf8)
        let deals = text.split(separator: "\n").compactMap { line in line.firstIndex(of: ":").flatMap { Int(line[..<$0]) } }
        expectEqual(deals.count, 100)
        let rules = try Self.rules("FreeCell")
        for deal in deals {
            let table = try rules.deal(.microsoft(deal))
            let result = Solver(rules: rules, options: Self.options(states: 2_000_000, seconds: 120)).solve(table)
            guard case .solved(let plays) = result.verdict else {
                Issue.record("ms:\(deal): \(result.verdict)")
                continue
            }
            expectTrue(Self.replaysToWin(plays, rules: rules, from: table), "ms:\(deal)")
        }
    }
}
