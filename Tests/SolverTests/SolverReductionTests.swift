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

/// The reductions are sound: on games small enough to search every state (ten to thirteen cards in play,
/// `Fixtures/SolverGames`), the exhaustive search gives the same verdict with every reduction on,
/// with every one off, and with each one off alone.
@Suite("Solver reductions")
struct SolverReductionTests {
    static let games = ["MiniFreeCell", "MiniFreeCellReturns", "MiniKlondike", "MiniKlondikeRound", "MiniGolf", "MiniSpider", "MiniBlackHole", "MiniBlackHoleFans"]

    static func rules(_ game: String) throws -> GameRules {
        try GameCompiler.compile(path: packageRoot.appendingPathComponent("Tests/Fixtures/SolverGames/\(game).patience").path)
    }

    static func exhaustive(_ reductions: Reductions) -> SolverOptions {
        var options = SolverOptions()
        options.reductions = reductions
        options.guided = false
        options.budget = SearchBudget(maxStates: 2_000_000, maxSeconds: 600)
        return options
    }

    /// Every reduction off alone, by the name `solve --without` gives it (the restarts, which are
    /// no reduction, are turned off separately below), so a reduction added there is checked here too.
    static var eachOneOff: [(String, Reductions)] {
        SolverOptions.switchNames.filter { $0 != "restarts" }.map { name in
            var options = SolverOptions()
            _ = options.turnOff(name)
            return (name, options.reductions)
        }
    }

    /// The deals of `verdictIsTheSameWithEveryReductionOnAndOff`: all twelve in the long run; by
    /// default four that still give every game both verdicts (but MiniKlondike, which has one
    /// unsolvable deal in twelve) and a deal where the reductions store fewer states (MiniBlackHole
    /// has one: deal 12).
    static let verdictSeeds: [UInt64] = TestPaths.isLongRun ? Array(1...12) : [3, 5, 7, 12]

    @Test(arguments: games)
    func verdictIsTheSameWithEveryReductionOnAndOff(game: String) throws {
        let rules = try Self.rules(game)
        var verdicts: Set<String> = []
        var statesOn = 0, statesOff = 0
        for seed in Self.verdictSeeds {
            let table = try rules.deal(.seed(seed))
            let on = Solver(rules: rules, options: Self.exhaustive(.all)).solve(table)
            let off = Solver(rules: rules, options: Self.exhaustive(.none)).solve(table)
            expectTrue(on.verdict.name != "unknown" && off.verdict.name != "unknown", "\(game) seed:\(seed)")
            expectEqual(on.verdict.name, off.verdict.name, "\(game) seed:\(seed): \(on.verdict.name) with reductions, \(off.verdict.name) without")
            for (name, reductions) in Self.eachOneOff {
                let one = Solver(rules: rules, options: Self.exhaustive(reductions)).solve(table)
                expectEqual(one.verdict.name, on.verdict.name, "\(game) seed:\(seed) without \(name)")
            }
            // Restarts after every few states, keeping the tables proved dead from run to run,
            // with every reduction on and with every one off; and no restarts at all.
            var restarted: [SolverResult] = []
            for reductions in [Reductions.all, .none] {
                var options = Self.exhaustive(reductions)
                options.restartUnit = 3
                restarted.append(Solver(rules: rules, options: options).solve(table))
            }
            var unrestarted = Self.exhaustive(.all)
            unrestarted.restarts = false
            restarted.append(Solver(rules: rules, options: unrestarted).solve(table))
            for result in restarted {
                expectEqual(result.verdict.name, on.verdict.name, "\(game) seed:\(seed) with restarts every 3 states or none")
            }
            for result in [on, off] + restarted {
                if case .solved(let plays) = result.verdict {
                    expectTrue(SolverTests.replaysToWin(plays, rules: rules, from: table), "\(game) seed:\(seed)")
                }
            }
            verdicts.insert(on.verdict.name)
            statesOn += on.statistics.statesStored
            statesOff += off.statistics.statesStored
        }
        // The sample must hold both verdicts, or it could not catch a reduction that changes one.
        if game != "MiniKlondike" { expectEqual(verdicts, ["solved", "unsolvable"], "\(game): only \(verdicts)") }
        // And the reductions must reduce something.
        expectLess(statesOn, statesOff, "\(game): \(statesOn) states with reductions, \(statesOff) without")
    }

    /// Of the first 300 tables each search records dead, `everyTableARestartedSearchRecordsDeadIsUnsolvable`
    /// solves every one in the long run and one in four by default.
    static let deadTablesCheckedOneIn = TestPaths.isLongRun ? 1 : 4

    @Test(arguments: games)
    func everyTableARestartedSearchRecordsDeadIsUnsolvable(game: String) throws {
        // What the restarts keep from run to run must hold whichever way a table is reached:
        // each table recorded dead, solved on its own without restarts, is unsolvable. Without
        // the inverse-move pruning, the move back to the table before is a successor still
        // being searched, which must keep a table from being recorded.
        let rules = try Self.rules(game)
        var checked = 0
        var withInverses = Reductions.all
        withInverses.pruneInverseMoves = false
        for seed in UInt64(1)...12 {
            let table = try rules.deal(.seed(seed))
            for reductions in [Reductions.all, withInverses] {
                var search = ExhaustiveSearch(space: SearchSpace(rules: rules, reductions: reductions, root: table), restarts: true, restartUnit: 2)
                search.restartWhileDeadShare = 0
                nonisolated(unsafe) var dead: [CardTable] = []
                search.onDead = { dead.append($0) }
                var statistics = SearchStatistics()
                _ = search.run(from: table, watch: BudgetWatch(maxStates: 2_000_000, seconds: 600, maxBytes: 1 << 30), statistics: &statistics)
                var plain = Self.exhaustive(.all)
                plain.restarts = false
                for position in dead.prefix(300).enumerated().filter({ $0.offset % Self.deadTablesCheckedOneIn == 0 }).map(\.element) {
                    let verdict = Solver(rules: rules, options: plain).solve(position).verdict
                    expectEqual(verdict, .unsolvable, "\(game) seed:\(seed): a table recorded dead is \(verdict.name)")
                    checked += 1
                }
            }
        }
        expectGreater(checked, 0, "\(game): no table was recorded dead")
    }

    @Test func restartsFollowTheLubySequence() {
        expectEqual((1...15).map(ExhaustiveSearch.luby), [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8])
    }

    @Test func soundSafeMovesApplyOnlyWhereFoundationsKeepTheirCards() throws {
        // Mini FreeCell's foundations keep their cards, so safe moves shrink the search; the
        // variant whose foundations give cards back gets none, and searches as much with them as without.
        func states(_ game: String, safe: Bool) throws -> Int {
            let rules = try Self.rules(game)
            var reductions = Reductions.none
            reductions.safeMoves = safe
            var total = 0
            for seed in UInt64(1)...6 {
                total += Solver(rules: rules, options: Self.exhaustive(reductions)).solve(try rules.deal(.seed(seed))).statistics.statesStored
            }
            return total
        }
        #expect(try states("MiniFreeCell", safe: true) < states("MiniFreeCell", safe: false))
        // Only the narrower moves proved where cards come back apply there (below); the variant
        // whose foundations give cards back by an action, not a move, gets none at all.
        #expect(try states("MiniFreeCellReturns", safe: true) < states("MiniFreeCellReturns", safe: false))
    }

    /// Safe moves where cards come back out of the foundations (`SafeMoves`: the best Klondike
    /// solvers' autoplay, proved) never change a verdict: over many deals of a four-suit Klondike
    /// and a FreeCell whose foundations give cards back, the exhaustive search answers the same
    /// with them as without, with both verdicts in the sample, and stores fewer states with them.
    /// With `redeals=unlimited` the Klondike's stock turns one card at a time without end, and a
    /// card it can bring up goes home too, after the taps that bring it (`SafeMoves.turnedStock`).
    @Test(arguments: [("MiniKlondikeReturns", ""), ("MiniKlondikeReturns", "unlimited"), ("MiniFreeCellReturns", "")])
    func safeMovesWhereCardsComeBackNeverChangeAVerdict(game: String, redeals: String) throws {
        let rules = try GameCompiler.compile(path: packageRoot.appendingPathComponent("Tests/Fixtures/SolverGames/\(game).patience").path,
                                             options: redeals.isEmpty ? [:] : ["redeals": redeals])
        let turned = SafeMoves(rules: rules, facts: rules.facts, root: try rules.deal(.seed(1))).turnedStock != nil
        expectEqual(turned, redeals == "unlimited", "\(game)")
        var without = Reductions.all
        without.safeMoves = false
        var verdicts: [String: Int] = [:]
        var statesWith = 0, statesWithout = 0
        for seed in UInt64(1)...(TestPaths.isLongRun ? 200 : 40) {
            let table = try rules.deal(.seed(seed))
            let with = Solver(rules: rules, options: Self.exhaustive(.all)).solve(table)
            let plain = Solver(rules: rules, options: Self.exhaustive(without)).solve(table)
            expectTrue(with.verdict.name != "unknown", "\(game) seed:\(seed)")
            expectEqual(with.verdict.name, plain.verdict.name, "\(game) seed:\(seed): \(with.verdict.name) with the safe moves, \(plain.verdict.name) without")
            if case .solved(let plays) = with.verdict {
                expectTrue(SolverTests.replaysToWin(plays, rules: rules, from: table), "\(game) seed:\(seed)")
            }
            verdicts[with.verdict.name, default: 0] += 1
            statesWith += with.statistics.statesStored
            statesWithout += plain.statistics.statesStored
        }
        expectEqual(Set(verdicts.keys), ["solved", "unsolvable"], "\(game): only \(verdicts)")
        expectLess(statesWith, statesWithout, "\(game): \(statesWith) states with the safe moves, \(statesWithout) without")
    }

    @Test(arguments: ["MiniFreeCellReturns", "MiniKlondike"])
    func theGuidedSearchAloneNeverContradictsTheExhaustiveOne(game: String) throws {
        // It leaves cards on the foundations and takes likely-safe moves; when it runs out of
        // states after such a shortcut dropped a play, it must answer unknown, not unsolvable.
        let rules = try Self.rules(game)
        var options = SolverOptions()
        options.exhaustive = false
        var verdicts: Set<String> = []
        for seed in UInt64(1)...12 {
            let table = try rules.deal(.seed(seed))
            let exhaustive = Solver(rules: rules, options: Self.exhaustive(.all)).solve(table).verdict
            let guided = Solver(rules: rules, options: options).solve(table).verdict
            verdicts.insert(guided.name)
            if guided.name != "unknown" { expectEqual(guided.name, exhaustive.name, "seed:\(seed): \(guided) against \(exhaustive)") }
        }
        expectContains(verdicts, "solved")
    }

    @Test func guidedAndExhaustiveAgreeOnWhatIsSolvable() throws {
        let rules = try Self.rules("MiniFreeCell")
        for seed in UInt64(1)...12 {
            let table = try rules.deal(.seed(seed))
            let both = Solver(rules: rules).solve(table)
            let exhaustive = Solver(rules: rules, options: Self.exhaustive(.all)).solve(table)
            expectEqual(both.verdict.name, exhaustive.verdict.name, "seed:\(seed)")
        }
    }
}
