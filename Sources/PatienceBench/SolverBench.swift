import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats
import PatienceSolver

/// `patience-bench solver`: the generic solver on the bundled games, and on FreeCell side by side
/// with Freecell Solver (`freecell-solver-range-parallel-solve … -l lg`, Debian's
/// freecell-solver-bin, which solves a range of Microsoft deals in one process) in the same run.
enum SolverBench {
    struct Settings {
        var freeCell: ClosedRange<Int> = 1...1000
        var deals = 100
        var repetitions = 3
        var jobs = 1
        var games: [String] = []
        var skipFreeCell = false
        /// A budget of states a deal instead of the default, for profiling (`valgrind --tool=callgrind`).
        var maxStates: Int?
        /// The guided phase's share of each budget, when not the solver's default.
        var guidedShare: Double?
        var probeShare: Double?
        /// The exhaustive phase's restart unit in stored states (0: no restarts), when not the solver's default.
        var restartUnit: Int?
        /// Print each deal's verdict, states and time.
        var verbose = false
        /// What the per-deal budgets and times of the other games count: the solving thread's CPU
        /// time by default, as the issue's targets do, so that other work on a shared machine
        /// changes the verdicts less.
        var clock = SearchClock.cpu
        /// Only these seeds, when given (instead of 1...deals).
        var seeds: [Int] = []
        /// Reductions turned off, by their `solve --without` names.
        var without: [String] = []
        /// Run the guided phase alone, with the whole budget.
        var guidedOnly = false
        /// `--member`: the weights of one guided search run alone instead of the portfolio.
        var member: [Int]?
        /// `--schedule`: a whole schedule instead of the portfolio (`GuidedSchedule.parse`).
        var schedule: String?
        /// FreeCell deals, from the range's first, whose solution lengths are compared with fc-solve's.
        var lengths = 20
    }

    static func run(_ arguments: [String]) {
        var settings = Settings()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--freecell":
                guard let range = dealRange(rest.popFirst() ?? "") else { Options.fail("--freecell takes FIRST..LAST") }
                settings.freeCell = range
            case "--deals": settings.deals = max(1, Int(rest.popFirst() ?? "") ?? settings.deals)
            case "--repetitions": settings.repetitions = max(1, Int(rest.popFirst() ?? "") ?? settings.repetitions)
            case "--game": settings.games.append(rest.popFirst() ?? "")
            case "--no-freecell": settings.skipFreeCell = true
            case "--verbose": settings.verbose = true
            case "--clock":
                let name = rest.popFirst() ?? ""
                guard let clock = SearchClock(rawValue: name) else { Options.fail("--clock takes cpu or wall, not '\(name)'") }
                settings.clock = clock
            case "--seeds": settings.seeds = seedList(rest.popFirst() ?? "")
            case "--without": settings.without.append(rest.popFirst() ?? "")
            case "--guided-only": settings.guidedOnly = true
            case "--member":
                let text = rest.popFirst() ?? ""
                let fields = text.split(separator: ",", omittingEmptySubsequences: false)
                let weights = fields.compactMap { Int($0) }
                guard weights.count == fields.count, SolverOptions.acceptsGuidedWeights(weights) else {
                    Options.fail("--member takes six integers, remaining,buried,face-down,spaces,depth,disorder, or eight with noise (0 to \(SolverOptions.maxGuidedNoise)) and seed (not negative), not '\(text)'")
                }
                settings.member = weights
            case "--schedule":
                let text = rest.popFirst() ?? ""
                guard SolverOptions.acceptsGuidedSchedule(text) else {
                    Options.fail("--schedule takes members as WEIGHTS:SHARE (weights as --member takes them) separated by spaces, then '/', then turns as MEMBER:NODES (the member by its place from 0), not '\(text)'")
                }
                settings.schedule = text
            case "--lengths": settings.lengths = max(0, Int(rest.popFirst() ?? "") ?? 0)
            case "--max-states": settings.maxStates = max(1, Int(rest.popFirst() ?? "") ?? 1)
            case "--restart-unit": settings.restartUnit = max(0, Int(rest.popFirst() ?? "") ?? 0)
            case "--guided-share": settings.guidedShare = min(max(Double(rest.popFirst() ?? "") ?? 0.5, 0), 1)
            case "--probe-share": settings.probeShare = min(max(Double(rest.popFirst() ?? "") ?? 0.1, 0), 1)
            case "-h", "--help":
                print("""
                    usage: patience-bench solver [--freecell FIRST..LAST] [--repetitions N] [--deals N] [--game NAME]... [--no-freecell] [--max-states N] [--guided-share X] [--probe-share X] [--restart-unit N] [--seeds A,B,FIRST..LAST,...] [--without REDUCTION]... [--guided-only] [--member R,B,F,S,D,O[,N,SEED]] [--schedule 'WEIGHTS:SHARE ... / MEMBER:NODES ...'] [--lengths N] [--clock cpu|wall] [--verbose]

                    FreeCell: solves Microsoft deals FIRST..LAST (default 1..1000) with the generic solver and with
                    Freecell Solver ('freecell-solver-range-parallel-solve FIRST LAST 1 -l lg'), N times each
                    (default 3), and quotes the total-time ratio, median with min–max spread; then, untimed, compares
                    solution lengths on the range's first N deals (--lengths N, default 20; 0: none): the generic
                    solver's as found and as 'solve' answers them (shortened), and fc-solve -l lg's.
                    Then seeded deals 1..N (default 100) of Klondike (draw 1 and 3), Golf, Black Hole, Canfield,
                    Baker's Dozen, Yukon and Spider (1 suit): the share decided (solved or proved unsolvable)
                    within 2 s a deal (10 s for Spider), the share solved, and the median time; the seconds are
                    the solving thread's CPU time unless --clock wall is given. Solving is thoughtful (all cards
                    seen). Nodes per second and bytes per stored state for each.
                    --max-states N stops every search after N stored states (for profiling with callgrind);
                    --guided-share X gives the guided phase that share of each budget (0 runs the exhaustive search alone);
                    --probe-share X gives the first depth-first run, where the stock comes round, that share (default 0.1; 0: none);
                    --restart-unit N restarts the exhaustive search after N, N, 2N, N, N, 2N, 4N, … stored states (0: never);
                    --seeds A,B,... solves only those seeded deals (for FreeCell, only those Microsoft deals, without
                    Freecell Solver), each a number or a range FIRST..LAST; --without dead-ends, dead-end-order, dead-end-walk, safe-moves, inverse-moves
                    or restarts turns that off; --guided-only runs the guided phase alone (FreeCell too);
                    --member R,B,F,S,D,O runs one guided search with those heuristic weights (remaining, buried,
                    face-down, spaces, depth, disorder) instead of the portfolio (Scripts/tune-schedule.py);
                    R,B,F,S,D,O,N,SEED adds to each rating a number from 0 to N drawn from SEED;
                    --schedule 'W:S W:S ... / M:N M:N ...' runs that portfolio instead: each member's weights and share
                    after the prelude, then the prelude's turns, each a member (from 0) and its nodes;
                    --verbose prints each deal's verdict, phase, stored states, nodes and time (FreeCell: and
                    states generated).
                    """)
                exit(0)
            default: Options.fail("unknown argument '\(argument)' for 'solver'")
            }
        }
        #if DEBUG
        let build = "DEBUG build (the figures mean nothing; build with -c release)"
        #else
        let build = "release build"
        #endif
        print("solver benchmark: thoughtful solving (all cards seen), \(build), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        if !settings.skipFreeCell { freeCell(settings) }
        let games: [(name: String, file: String, options: [String: String], seconds: Double)] = [
            ("Klondike draw 1", "Klondike", ["draw": "1"], 2), ("Klondike draw 3", "Klondike", ["draw": "3"], 2),
            ("Golf", "Golf", [:], 2), ("Black Hole", "BlackHole", [:], 2), ("Canfield", "Canfield", [:], 2),
            ("Baker's Dozen", "BakersDozen", [:], 2), ("Yukon", "Yukon", [:], 2), ("Spider 1 suit", "Spider", ["suits": "1"], 10),
        ]
        print("\ngame               deals  decided  solved  median s  p95 s   nodes/s   bytes/state  (budget a deal, \(settings.clock == .cpu ? "CPU time of the solving thread" : "wall clock"))")
        for game in games where settings.games.isEmpty || settings.games.contains(game.file) || settings.games.contains(game.name) {
            let rules = load(game.file, options: game.options)
            var options = SolverOptions()
            options.budget = SearchBudget(maxStates: settings.maxStates ?? 20_000_000, maxSeconds: settings.maxStates == nil ? game.seconds : 3600,
                                          clock: settings.clock)
            if let share = settings.probeShare { options.probeShare = share }
            if let share = settings.guidedShare {
                options.guidedShare = share
                options.guided = share > 0
            }
            if let unit = settings.restartUnit {
                options.restarts = unit > 0
                options.restartUnit = max(unit, 1)
            }
            if settings.guidedOnly { options.exhaustive = false }
            options.guidedWeights = settings.member
            options.guidedSchedule = settings.schedule
            for name in settings.without where !options.turnOff(name) {
                Options.fail("unknown reduction '\(name)' for '--without'; expected one of \(SolverOptions.switchNames.joined(separator: ", "))")
            }
            var decided = 0, solved = 0, nodes = 0, tableBytes = 0, states = 0, entries = 0
            var times: [Double] = [], searchSeconds = 0.0
            let solver = Solver(rules: rules, options: options)
            for seed in settings.seeds.isEmpty ? Array(1...settings.deals) : settings.seeds {
                guard let table = try? rules.deal(.seed(UInt64(seed))) else { continue }
                let start = settings.clock.now()
                let result = solver.solve(table)
                times.append(settings.clock.now() - start)
                if settings.verbose {
                    print("  \(game.name) seed:\(seed) \(result.verdict.name) (\(result.statistics.phase)) \(result.statistics.statesStored) states "
                          + "\(result.statistics.nodesExpanded) nodes " + String(format: "%.3f s", times.last ?? 0))
                    fflush(nil)  // a line at a time even into a pipe, so a long run can be followed
                }
                switch result.verdict {
                case .solved: solved += 1; decided += 1
                case .unsolvable: decided += 1
                case .unknown: break
                }
                nodes += result.statistics.nodesExpanded
                searchSeconds += result.statistics.seconds
                tableBytes += result.statistics.tableBytes
                states += result.statistics.statesStored
                entries += result.statistics.tableEntries
            }
            let sorted = times.sorted()
            let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            let p95 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * 0.95))]
            print(game.name.padding(toLength: 18, withPad: " ", startingAt: 0) + String(format: " %5d  %5.1f %%  %5.1f %%  %7.3f  %6.3f  %8.0f   %6.1f       (%.0f s)", times.count,
                         100 * Double(decided) / Double(max(times.count, 1)), 100 * Double(solved) / Double(max(times.count, 1)), median, p95,
                         Double(nodes) / max(searchSeconds, 1e-9), Double(tableBytes) / Double(max(entries, 1)), game.seconds))
            fflush(nil)
        }
    }

    static func load(_ name: String, options: [String: String]) -> GameRules {
        do {
            return try GameCompiler.compile(path: rulesFolder.appendingPathComponent("\(name).patience").path, options: options)
        } catch {
            Options.fail("cannot compile \(name): \(error.diagnostics.first?.message ?? "")")
        }
    }

    static func freeCell(_ settings: Settings) {
        let rules = load("FreeCell", options: [:])
        let range = settings.freeCell
        print("\nFreeCell, Microsoft deals \(range.lowerBound)..\(range.upperBound), \(settings.repetitions) repetitions")
        var ours: [Double] = [], theirs: [Double] = [], ratios: [Double] = []
        var unsolved: [Int] = [], unknown: [Int] = [], theirUnsolved = 0
        var nodes = 0, searchSeconds = 0.0, tableBytes = 0, states = 0, entries = 0
        var times: [Double] = []
        var options = SolverOptions()
        options.budget = SearchBudget(maxStates: settings.maxStates ?? 30_000_000, maxSeconds: 120)
        if let share = settings.guidedShare {
            options.guidedShare = share
            options.guided = share > 0
        }
        if settings.guidedOnly { options.exhaustive = false }
        options.guidedWeights = settings.member
        options.guidedSchedule = settings.schedule
        for repetition in 0..<settings.repetitions {
            let first = repetition == 0
            let start = nanoseconds()
            // One solver for the range, made inside the timed part.
            let solver = Solver(rules: rules, options: options)
            for deal in settings.seeds.isEmpty ? Array(range) : settings.seeds {
                guard let table = try? rules.deal(.microsoft(deal)) else { continue }
                let t0 = nanoseconds()
                let result = solver.solve(table)
                if first {
                    times.append(Double(nanoseconds() - t0) / 1e9)
                    if settings.verbose {
                        print("  FreeCell ms:\(deal) \(result.verdict.name) (\(result.statistics.phase)) \(result.statistics.statesStored) states "
                              + "\(result.statistics.nodesExpanded) nodes \(result.statistics.statesGenerated) generated " + String(format: "%.4f s", times.last ?? 0))
                    }
                    switch result.verdict {
                    case .solved: break
                    case .unsolvable: unsolved.append(deal)
                    case .unknown: unknown.append(deal)
                    }
                    nodes += result.statistics.nodesExpanded
                    searchSeconds += result.statistics.seconds
                    tableBytes += result.statistics.tableBytes
                    states += result.statistics.statesStored
                    entries += result.statistics.tableEntries
                }
            }
            let mine = Double(nanoseconds() - start) / 1e9
            ours.append(mine)
            // With --seeds, only the generic solver runs (Freecell Solver takes a range), and no ratio is quoted.
            guard settings.seeds.isEmpty else {
                print(String(format: "  repetition %d: generic solver %.2f s (fc-solve not run: --seeds)", repetition + 1, mine))
                continue
            }
            let (fcs, fcsUnsolved) = runFreecellSolver(range)
            if first { theirUnsolved = fcsUnsolved }
            theirs.append(fcs)
            ratios.append(mine / fcs)
            print(String(format: "  repetition %d: generic solver %.2f s, fc-solve -l lg %.2f s, ratio %.1f×", repetition + 1, mine, fcs, mine / fcs))
        }
        if settings.seeds.isEmpty, settings.lengths > 0 {
            compareLengths(rules: rules, options: options, deals: Array(range.prefix(settings.lengths)))
        }
        let sorted = times.sorted()
        let count = settings.seeds.isEmpty ? range.count : settings.seeds.count
        if theirs.isEmpty {
            print("  solved \(count - unsolved.count - unknown.count) of \(count); proved unsolvable: \(unsolved); unknown: \(unknown)")
            print("  total time: generic \(Sample(values: ours).formatted(2)) s")
        } else {
            print("  solved \(count - unsolved.count - unknown.count) of \(count); proved unsolvable: \(unsolved); unknown: \(unknown); fc-solve unsolved: \(theirUnsolved)")
            print("  total time: generic \(Sample(values: ours).formatted(2)) s, fc-solve \(Sample(values: theirs).formatted(2)) s; ratio \(Sample(values: ratios).formatted(1))×")
        }
        print(String(format: "  per deal: median %.4f s, p95 %.4f s, max %.3f s; %.0f nodes/s; %.1f bytes per stored state",
                     sorted[sorted.count / 2], sorted[Int(Double(sorted.count - 1) * 0.95)], sorted.last ?? 0,
                     Double(nodes) / max(searchSeconds, 1e-9), Double(tableBytes) / Double(max(entries, 1))))
    }

    /// Solution lengths, untimed: the generic solver's as its search found them, as `solve`
    /// answers them (made shorter within a fifth of a 10 s budget), and fc-solve -l lg's on the
    /// same deals (its moves as `-p -t -sam` prints them, a run of cards moved at once counting one).
    static func compareLengths(rules: GameRules, options: SolverOptions, deals: [Int]) {
        var options = options
        options.budget.maxSeconds = 10
        options.shortenShare = 0.2
        let solver = Solver(rules: rules, options: options)
        var found: [Double] = [], answered: [Double] = [], theirs: [Double] = []
        for deal in deals {
            guard let table = try? rules.deal(.microsoft(deal)) else { continue }
            let result = solver.solve(table)
            guard case .solved(let plays) = result.verdict, let fcs = freecellSolverLength(deal) else { continue }
            found.append(Double(result.statistics.playsFound))
            answered.append(Double(plays.count))
            theirs.append(Double(fcs))
        }
        guard !found.isEmpty else { return }
        func summary(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return "median \(Int(sorted[sorted.count / 2])), total \(Int(values.reduce(0, +)))"
        }
        print("  solution lengths over \(found.count) deals (\(deals.first ?? 0)..\(deals.last ?? 0), both solved): generic as found \(summary(found)); "
              + "as solve answers (shortened) \(summary(answered)); fc-solve -l lg \(summary(theirs))")
    }

    /// The number of moves in fc-solve -l lg's solution of a Microsoft deal; nil when it finds none.
    static func freecellSolverLength(_ deal: Int) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "make-microsoft-freecell-board -t \(deal) | fc-solve -l lg -p -t -sam"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let moves = String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("Move") }.count
        return moves > 0 ? moves : nil
    }

    /// Runs Freecell Solver over the range in one process; its wall time and how many deals it left unsolved.
    static func runFreecellSolver(_ range: ClosedRange<Int>) -> (Double, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/freecell-solver-range-parallel-solve")
        process.arguments = [String(range.lowerBound), String(range.upperBound), "1", "-l", "lg"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let start = nanoseconds()
        do { try process.run() } catch { Options.fail("cannot run freecell-solver-range-parallel-solve (Debian's freecell-solver-bin)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Double(nanoseconds() - start) / 1e9
        let unsolved = String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("Unsolved") }.count
        return (seconds, unsolved)
    }

    /// Deals `FIRST..LAST`, both from 1, FIRST at most LAST (`--freecell`, a range of `--seeds`).
    static func dealRange<Text: StringProtocol>(_ text: Text) -> ClosedRange<Int>? {
        let bounds = text.components(separatedBy: "..")
        guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first >= 1, first <= last else { return nil }
        return first...last
    }

    /// The seeds of `--seeds`: numbers and ranges `FIRST..LAST`, comma-separated (a range keeps
    /// 32,000 deals within the argument limit); anything else is an error, never skipped.
    static func seedList(_ text: String) -> [Int] {
        var seeds: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            if let seed = Int(item), seed >= 1 {
                seeds.append(seed)
            } else if let range = dealRange(item), range.count <= 10_000_000 {
                seeds += Array(range)
            } else {
                Options.fail("--seeds takes positive numbers and ranges FIRST..LAST, comma-separated; '\(item)' is neither")
            }
        }
        return seeds
    }
}
