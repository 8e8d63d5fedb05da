import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import PatienceSolver
@testable import PatienceCommandLine

/// The memory budget, which answers `unknown: memory limit` before an allocation can fail (also
/// under an address-space limit), and the progress a solve reports while it runs.
@Suite("Solver memory and progress")
struct SolverBudgetTests {
    /// The peak of the next growth: the total and twice the largest array.
    @Test func thePeakCountsTheLargestArrayGrowing() {
        var m = MemoryEstimate()
        m.add(100)
        m.add(300)
        m.add(50)
        expectEqual(m.total, 450)
        expectEqual(m.peak, 450 + 600)
        var other = MemoryEstimate()
        other.add(700)
        m.add(other)
        expectEqual(m.peak, 1150 + 1400)
    }

    /// A search given 2 MiB stops with the memory reason, having stored far fewer states than
    /// its state budget allows; with room, the same search runs on to the state budget.
    @Test func aSmallMemoryBudgetAnswersMemoryLimit() throws {
        let rules = try Positions.rules("Spider")
        let table = try rules.deal(.seed(1))
        var options = SolverOptions()
        options.budget = SearchBudget(maxStates: 40_000, maxSeconds: 120, maxBytes: 2 << 20)
        let small = Solver(rules: rules, options: options).solve(table)
        expectEqual(small.verdict, .unknown(.memory))
        expectLess(small.statistics.statesStored, 40_000)
        options.budget.maxBytes = 1 << 30
        expectEqual(Solver(rules: rules, options: options).solve(table).verdict, .unknown(.states))
    }

    /// The default share is a quarter of the machine's memory at most, and at least 16 MiB.
    @Test func theDefaultShareIsBounded() {
        let share = SearchBudget.machineShareOfMemory
        expectGreaterOrEqual(share, 16 << 20)
        expectLessOrEqual(share, max(Int(clamping: ProcessInfo.processInfo.physicalMemory / 4), 16 << 20))
        expectEqual(SearchBudget().maxBytes, share)
    }

    /// Sizes as `--max-memory` reads them.
    @Test func sizesAreRead() {
        expectEqual(SolverArguments.bytes("512M"), 512 << 20)
        expectEqual(SolverArguments.bytes("2G"), 2 << 30)
        expectEqual(SolverArguments.bytes("1.5GiB"), 3 << 29)
        expectEqual(SolverArguments.bytes("64k"), 64 << 10)
        expectEqual(SolverArguments.bytes("1000000"), 1_000_000)
        expectEqual(SolverArguments.bytes("12X"), nil)
        expectEqual(SolverArguments.bytes("-3M"), nil)
        expectEqual(SolverArguments.bytes(""), nil)
        expectEqual(SolverArguments.bytes("99999999999G"), nil)
    }

    /// The command line: a budget too small answers unknown with exit 2, and a bad size is a
    /// usage error.
    @Test func theCommandLineAnswersMemoryLimit() throws {
        let spider = Positions.rulesPath("Spider")
        let small = try runPatience(["solve", spider, "--deal", "seed:1", "--max-memory", "2M", "--max-states", "100000"])
        expectEqual(small.status, 2)
        expectHasPrefix(small.standardOutput, "unknown: memory limit")
        let bad = try runPatience(["solve", spider, "--deal", "seed:1", "--max-memory", "lots"])
        expectEqual(bad.status, 64)
        expectContains(bad.standardError, "'--max-memory'")
    }

    /// Under `ulimit -v`, the default budget stops the search before the limit does: exit 2 and
    /// `unknown: memory limit`, not a failed allocation (exit 134). Only in the long run, built
    /// in release mode: a debug build searches too slowly to fill the room in minutes.
    @Test(.enabled(if: TestPaths.isLongRun, "PATIENCE_LONG=1 (release build) runs the search under ulimit -v"))
    func underAnAddressSpaceLimitTheSearchStopsOnItsOwn() throws {
        let executable = try PatienceExecutable.url().path
        for limit in [300_000, 1_000_000] {
            let limited = try runProgram("/bin/sh", ["-c", "ulimit -v \(limit) && exec \"$0\" solve \"$1\" --deal seed:1 --max-seconds 300 --max-states 100000000",
                                                     executable, Positions.rulesPath("Spider")])
            expectEqual(limited.status, 2, "\(limited.standardError)")
            expectHasPrefix(limited.standardOutput, "unknown: memory limit")
        }
    }

    /// The ticker reports at most once an interval, with the counts of the phases before.
    @Test func progressIsReportedOnceAnInterval() {
        final class Reports { var list: [SearchProgress] = [] }
        let reports = Reports()
        let ticker = ProgressTicker(start: 10, budget: SearchBudget(maxStates: 100, maxSeconds: 30, maxBytes: 1 << 30), interval: 0.25) {
            reports.list.append($0)
        }
        ticker.tick(now: 10.1, states: 5, nodes: 4, bytes: 1000)
        ticker.tick(now: 10.3, states: 50, nodes: 40, bytes: 2000)
        ticker.tick(now: 10.4, states: 60, nodes: 50, bytes: 2000)
        ticker.phase = "exhaustive"
        ticker.nodesBefore = 100
        ticker.statesBefore = 200
        ticker.tick(now: 10.7, states: 7, nodes: 8, bytes: 3000)
        expectEqual(reports.list.map(\.statesStored), [50, 207])
        expectEqual(reports.list.map(\.nodesExpanded), [40, 108])
        expectEqual(reports.list.map(\.phase), ["guided", "exhaustive"])
        expectEqual(reports.list.map { ($0.secondsLeft * 10).rounded() }, [297, 293])
        expectEqual(SolveProgressLine.text(of: reports.list[1]), "searching (exhaustive): 207 states, 154 nodes/s, 29.3 s left, 0 MiB of 1.0 GiB")
    }

    /// On a terminal, `solve` shows its progress while it searches; into a pipe, never.
    @Test(.enabled(if: PseudoTerminal.isAvailable, "needs setsid to run solve on a terminal"))
    func progressShowsOnATerminalOnly() throws {
        let spider = Positions.rulesPath("Spider")
        let arguments = ["solve", spider, "--deal", "seed:1", "--max-seconds", "3", "--max-states", "100000000"]
        let terminal = try PseudoTerminal(arguments)
        try terminal.waitFor("searching (")
        try terminal.waitFor("unknown: time limit")
        expectEqual(try terminal.waitForExit(), 2)
        let piped = try runPatience(arguments)
        expectEqual(piped.status, 2)
        expectNotContains(piped.standardOutput + piped.standardError, "searching")
    }
}
