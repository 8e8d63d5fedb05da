import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats
import PatienceSolver

/// `patience analyze`: solves a range of deals and reports how many are winnable.
struct AnalyzeCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
        case jsonl
    }

    static let spec = CommandSpec(
        commandName: "patience analyze",
        summary: "Solve a range of deals and report the share that is winnable.",
        discussion: """
            Solves every deal of --deals (such as seed:1..1000 or ms:1..32000, in the deal syntax
            of --deal) with the same solver and per-deal budgets as 'patience solve', thoughtful
            (all cards seen). Deals are shared among --jobs worker threads; --shard K/N keeps
            only the deals at positions K, K + N, K + 2N, … of the range (1-based), so that N
            machines together cover it once.

            With --merge, nothing is solved: the <shard-file> files, each the jsonl
            output of one shard of the same range, are read back, checked to cover every
            deal of --deals exactly once, and reported in --format as a single run over
            the whole range reports them: jsonl gives the lines in deal order, text and
            json the summary. The times per deal come from the lines' seconds, so run the
            shards with --timings to have them (otherwise the summary says they were not
            recorded). Scripts/analyze-parallel.sh runs the shards under GNU parallel.

            In text format it prints the solved, unsolvable and unknown counts, the winnable
            share among decided deals with its 95 % Wilson score interval (and, when some deals
            are unknown, the bounds the unknown deals leave open), and the median and 95th
            percentile of the time per deal. With jsonl, standard output holds one line per
            deal, in deal order: {"deal", "verdict", "thoughtful", "moves", "reason", "states",
            "nodes"}; the lines are the same whatever --jobs is (add --timings for each deal's
            seconds, which differ from run to run). A deal decided by a time limit can differ
            between runs; --max-states gives budgets that do not. json prints the summary as
            one object. A progress bar with an estimate of the time left is drawn on standard
            error when it is a terminal, and never otherwise.

            With --svg FILE, a chart of the result is also written to FILE as one self-contained
            SVG picture: a bar for each verdict with its count and share, the winnable share, and
            a histogram of the time per deal (in bands from under 1 ms to over 1000 s, each bar
            split by verdict).
            """,
            exitStatuses: [
                ExitStatus(.success, "Every deal was analysed (or, with --merge, the shards were merged)."),
                ExitStatus(.findings, "The rule file, an option or a deal has errors, the chart of --svg cannot be written, or a file of --merge cannot be read or does not hold a shard of one run."),
            ],
        arguments: [
            GameSetup.rulesArgument,
            ArgumentSpec(name: "shard-file", help: "With --merge: a file of the lines one shard wrote with --format jsonl.", isRepeated: true, isRequired: false),
        ],
        options: [
            .flag("merge", help: "Merge the <shard-file> files instead of solving: the output of a single run over --deals."),
            .option("deals", value: "range", help: "The deals: KIND:FIRST..LAST or KIND:N, where KIND is seed or ms, such as seed:1..1000."),
            .option("jobs", value: "n", defaultValue: "1", help: "Worker threads (1 to 64)."),
            .option("shard", value: "k/n", help: "Analyse only shard K of N (1-based): the deals at positions K, K + N, … of the range."),
            .option("option", value: "name=value", isRepeatable: true, help: "Set one of the game's options, such as 'draw=3'. May be repeated."),
            .option("format", value: "format", allowed: Format.allCases.map(\.rawValue), defaultValue: Format.text.rawValue,
                    help: "Output format: text, json (the summary) or jsonl (one line per deal)."),
            .flag("timings", help: "Add each deal's seconds to the jsonl lines."),
            .option("svg", value: "file", help: "Also write a chart of the verdicts and the time per deal to this file."),
        ] + SolverArguments.options)

    var rulesPath: String
    /// The `<rules>` word when it names no game and is no path.
    var unknownGame: String?
    var optionValues: [String: String]
    var deals: [DealSource]
    var rangeText: String
    var jobs: Int
    var solver: SolverArguments
    var format: Format
    var timings: Bool
    var svgPath: String?
    /// The largest file of lines `--merge` reads: 10,000,000 deals of about 200 bytes, twice over.
    static let largestShardFile = 4 << 30
    /// The files of `--merge`; nil when the deals are solved.
    var mergePaths: [String]?

    init(arguments: ParsedArguments) throws(UsageError) {
        // The rule file and options are read as the other subcommands read them.
        let setup = try GameSetup(arguments: arguments, defaultDeal: .seed(1))
        rulesPath = setup.rulesPath
        unknownGame = setup.unknownGame
        optionValues = setup.optionValues
        guard let range = arguments.value(of: "deals") else { throw UsageError("give the deals with '--deals', such as seed:1..1000") }
        rangeText = range
        var all = try DealRange.parse(range)
        let jobsText = arguments.value(of: "jobs") ?? "1"
        guard let jobs = Int(jobsText), (1...64).contains(jobs) else {
            throw UsageError("invalid value \(Spelling.quoted(jobsText)) for '--jobs'; expected a whole number from 1 to 64")
        }
        self.jobs = jobs
        let shardFiles = arguments.arguments(named: "shard-file")
        if arguments.isSet("merge") {
            guard !shardFiles.isEmpty else { throw UsageError("'--merge' needs the files the shards wrote") }
            guard arguments.value(of: "shard") == nil else { throw UsageError("'--merge' and '--shard' cannot be used together") }
            mergePaths = shardFiles
        } else if let extra = shardFiles.first {
            throw UsageError("unexpected argument \(Spelling.quoted(extra)); to merge the files of shards, add '--merge'")
        }
        if let shard = arguments.value(of: "shard") {
            let parts = shard.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
                throw UsageError("invalid value \(Spelling.quoted(shard)) for '--shard'; expected K/N with 1 <= K <= N, such as 2/4")
            }
            all = all.enumerated().filter { $0.offset % n == k - 1 }.map(\.element)
        }
        deals = all
        solver = try SolverArguments(arguments: arguments)
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .text
        timings = arguments.isSet("timings")
        svgPath = arguments.value(of: "svg")
        if svgPath == "-" || svgPath == "" {
            throw UsageError("'--svg' needs the path of a file to write; standard output holds the summary")
        }
    }

    func run(on terminal: Terminal) -> ExitCode {
        let reporter = Reporter(terminal: terminal)
        if let unknownGame {
            reporter.reportUnknownGame(unknownGame)
            return .findings
        }
        let rules: GameRules
        do {
            rules = try GameCompiler.compile(path: rulesPath, options: optionValues)
        } catch {
            reporter.report(error)
            return .findings
        }
        if let mergePaths { return merge(mergePaths, rules: rules, reporter: reporter, on: terminal) }
        let options = solver.options
        let progress = ProgressBar(total: deals.count, enabled: terminal.standardErrorIsTerminal, terminal: terminal)
        let format = self.format, timings = self.timings
        var failed = false
        let dealSolver = Solver(rules: rules, options: options)
        let results = DealRunner(deals: deals, jobs: jobs).run { deal -> DealOutcome in
            do throws(DiagnosticsError) {
                let table = try rules.deal(deal)
                return .result(dealSolver.solve(table))
            } catch {
                return .refused(error)
            }
        } onEach: { index, outcome, done in
            // Called in deal order, one at a time.
            progress.update(done: done)
            guard format == .jsonl else { return }
            switch outcome {
            case .result(let result):
                terminal.writeLine(SolveReport.json(result, plays: nil, deal: deals[index].spec, timings: timings), to: .standardOutput)
            case .refused: break
            }
        }
        progress.finish()
        var summary = AnalysisSummary()
        for (index, outcome) in results.enumerated() {
            switch outcome {
            case .result(let result): summary.add(result)
            case .refused(let refusal):
                failed = true
                reporter.report(refusal, context: "cannot deal \(deals[index].spec ?? "the cards")")
            }
        }
        let status = report(summary, game: rules.name, on: terminal)
        return failed ? .findings : status
    }

    /// Reads the lines of the shards' files and reports them as one run over the whole range.
    private func merge(_ paths: [String], rules: GameRules, reporter: Reporter, on terminal: Terminal) -> ExitCode {
        var texts: [(path: String, text: String)] = []
        for path in paths {
            let read = path == "-" ? InputFile.readStandardInput(limit: Self.largestShardFile) : InputFile.read(path: path, limit: Self.largestShardFile, allowsStreams: true)
            switch read {
            case .success(let data):
                guard let text = String(data: data, encoding: .utf8) else {
                    terminal.writeLine("error: cannot merge: \(Spelling.quoted(Reporter.displayName(of: path))) is not valid UTF-8", to: .standardError)
                    return .findings
                }
                texts.append((path, text))
            case .failure(let problem):
                if problem.isIOError { StandardStreams.recordReadFailure() }
                terminal.writeLine("error: cannot merge: cannot read \(Spelling.quoted(Reporter.displayName(of: path))): \(problem.reason)", to: .standardError)
                return .findings
            }
        }
        let lines: [AnalysisMerge.Line]
        do {
            lines = try AnalysisMerge.merge(texts, deals: deals, range: rangeText)
        } catch {
            terminal.writeLine("error: cannot merge: \(error.message)", to: .standardError)
            return .findings
        }
        if format == .jsonl {
            for line in lines { terminal.writeLine(line.text, to: .standardOutput) }
        }
        var summary = AnalysisSummary()
        for line in lines { summary.add(line.verdict, seconds: line.seconds, states: line.states, nodes: line.nodes) }
        return report(summary, game: rules.name, on: terminal)
    }

    /// Writes the summary in the format asked for (jsonl's lines are written as they come) and the chart of --svg.
    private func report(_ summary: AnalysisSummary, game: String, on terminal: Terminal) -> ExitCode {
        switch format {
        case .jsonl: break
        case .json: terminal.writeLine(summary.json(game: game, deals: rangeText), to: .standardOutput)
        case .text: terminal.write(summary.text(game: Spelling.printable(game), deals: rangeText), to: .standardOutput)
        }
        if let svgPath {
            let title = "\(game.isEmpty ? "Patience" : Spelling.printable(game)) · \(rangeText) · thoughtful solving (all cards seen)"
            do {
                try Data(AnalysisChart(title: title, deals: summary.deals).svg.utf8).write(to: URL(fileURLWithPath: svgPath))
            } catch {
                terminal.write("error: cannot write the chart to \(Spelling.quoted(svgPath)): \(error.localizedDescription)\n", to: .standardError)
                return .findings
            }
        }
        return .success
    }
}

/// What solving one deal gave: a result, or the finding that kept it from being dealt.
enum DealOutcome: Sendable {
    case result(SolverResult)
    case refused(DiagnosticsError)
}

/// A range of deals as `--deals` writes it: `seed:1..1000`, `ms:1..32000` or a single `seed:7`.
enum DealRange {
    static func parse(_ text: String) throws(UsageError) -> [DealSource] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.firstIndex(of: ":") else {
            throw UsageError("invalid value \(Spelling.quoted(text)) for '--deals'; write KIND:FIRST..LAST, such as seed:1..1000")
        }
        let kind = trimmed[..<colon]
        let numbers = trimmed[trimmed.index(after: colon)...]
        let bounds = numbers.components(separatedBy: "..")
        guard bounds.count == 1 || bounds.count == 2 else {
            throw UsageError("invalid value \(Spelling.quoted(text)) for '--deals'; write KIND:FIRST..LAST, such as seed:1..1000")
        }
        func deal(_ number: String) throws(UsageError) -> DealSource {
            do {
                return try DealSource(spec: "\(kind):\(number)")
            } catch {
                throw UsageError("invalid value \(Spelling.quoted(text)) for '--deals': \(error.message)")
            }
        }
        let first = try deal(bounds[0])
        let last = bounds.count == 2 ? try deal(bounds[1]) : first
        switch (first, last) {
        case (.seed(let a), .seed(let b)):
            guard a <= b else { throw UsageError("invalid value \(Spelling.quoted(text)) for '--deals': the first deal comes after the last") }
            guard b - a < 10_000_000 else { throw UsageError("invalid value \(Spelling.quoted(text)) for '--deals': at most 10,000,000 deals at once") }
            return (a...b).map { .seed($0) }
        case (.microsoft(let a), .microsoft(let b)):
            guard a <= b else { throw UsageError("invalid value \(Spelling.quoted(text)) for '--deals': the first deal comes after the last") }
            guard b - a < 10_000_000 else { throw UsageError("invalid value \(Spelling.quoted(text)) for '--deals': at most 10,000,000 deals at once") }
            return (a...b).map { .microsoft($0) }
        default:
            return [first]
        }
    }
}

/// Runs one job per deal on worker threads, and hands the outcomes back in deal order.
final class DealRunner: @unchecked Sendable {
    private let deals: [DealSource]
    private let jobs: Int
    private let lock = NSLock()
    private var next = 0
    private var outcomes: [DealOutcome?]
    private var reported = 0

    init(deals: [DealSource], jobs: Int) {
        self.deals = deals
        self.jobs = max(1, min(jobs, max(deals.count, 1)))
        outcomes = Array(repeating: nil, count: deals.count)
    }

    /// Solves every deal with `work`; `onEach` sees each outcome in deal order, under a lock.
    func run(_ work: @escaping @Sendable (DealSource) -> DealOutcome,
             onEach: @escaping (Int, DealOutcome, Int) -> Void) -> [DealOutcome] {
        let callback = UncheckedBox(onEach)
        let group = DispatchGroup()
        for _ in 0..<jobs {
            group.enter()
            let thread = Thread { [self] in
                while let index = take() {
                    let outcome = work(deals[index])
                    finish(index, outcome, callback.value)
                }
                group.leave()
            }
            thread.stackSize = 16 << 20
            thread.start()
        }
        group.wait()
        return outcomes.map { $0 ?? .refused(DiagnosticsError(.invalidDealSpec, "not analysed")) }
    }

    private func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < deals.count else { return nil }
        next += 1
        return next - 1
    }

    private func finish(_ index: Int, _ outcome: DealOutcome, _ onEach: (Int, DealOutcome, Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        outcomes[index] = outcome
        while reported < outcomes.count, let ready = outcomes[reported] {
            onEach(reported, ready, reported + 1)
            reported += 1
        }
    }
}

/// A value carried across threads by a caller that guarantees it is used under a lock.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A one-line progress bar with an estimate of the time left, redrawn on standard error.
final class ProgressBar: @unchecked Sendable {
    let total: Int
    let enabled: Bool
    let terminal: Terminal
    let start = Date()

    init(total: Int, enabled: Bool, terminal: Terminal) {
        self.total = total
        self.enabled = enabled
        self.terminal = terminal
    }

    func update(done: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        let elapsed = Date().timeIntervalSince(start)
        let left = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        terminal.write("\r[\(bar)] \(done)/\(total) \(done * 100 / total)% ETA \(ProgressBar.duration(left))  ", to: .standardError)
    }

    func finish() {
        guard enabled, total > 0 else { return }
        terminal.write("\r" + String(repeating: " ", count: 72) + "\r", to: .standardError)
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? "\(s / 3600)h\(s % 3600 / 60)m" : s >= 60 ? "\(s / 60)m\(s % 60)s" : "\(s)s"
    }
}

/// The counts and times of an analysis, and how they are reported.
struct AnalysisSummary {
    var solved = 0
    var unsolvable = 0
    var unknown = 0
    var seconds: [Double] = []
    /// Each deal's verdict and seconds, in deal order, for the chart.
    var deals: [(verdict: AnalysisChart.Verdict, seconds: Double)] = []
    var states = 0
    var nodes = 0
    /// Whether every deal's time is known: a merge of lines written without `--timings` has none.
    var isTimed = true

    mutating func add(_ result: SolverResult) {
        let verdict: AnalysisChart.Verdict
        switch result.verdict {
        case .solved: verdict = .solved
        case .unsolvable: verdict = .unsolvable
        case .unknown: verdict = .unknown
        }
        add(verdict, seconds: result.statistics.seconds, states: result.statistics.statesStored, nodes: result.statistics.nodesExpanded)
    }

    /// Counts one deal; `seconds` is nil when its time was not recorded.
    mutating func add(_ verdict: AnalysisChart.Verdict, seconds time: Double?, states: Int, nodes: Int) {
        switch verdict {
        case .solved: solved += 1
        case .unsolvable: unsolvable += 1
        case .unknown: unknown += 1
        }
        if let time { seconds.append(time) } else { isTimed = false }
        deals.append((verdict, time ?? 0))
        self.states += states
        self.nodes += nodes
    }

    var total: Int { solved + unsolvable + unknown }

    /// The 95 % Wilson score interval of a proportion of `successes` in `n` trials.
    static func wilson(_ successes: Int, _ n: Int) -> (low: Double, high: Double) {
        guard n > 0 else { return (0, 1) }
        let z = 1.959964, p = Double(successes) / Double(n), nn = Double(n)
        let denominator = 1 + z * z / nn
        let centre = (p + z * z / (2 * nn)) / denominator
        let half = z * (p * (1 - p) / nn + z * z / (4 * nn * nn)).squareRoot() / denominator
        return (max(0, centre - half), min(1, centre + half))
    }

    /// The value at quantile q of the sorted times.
    func quantile(_ q: Double) -> Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((q * Double(sorted.count - 1)).rounded()))]
    }

    static func percent(_ x: Double) -> String {
        let tenths = Int((x * 10000).rounded())
        return "\(tenths / 100).\(tenths % 100 < 10 ? "0" : "")\(tenths % 100) %"
    }

    func text(game: String, deals: String) -> String {
        let decided = solved + unsolvable
        var lines = ["game: \(game); deals: \(deals) (\(total)); thoughtful solving (all cards seen)",
                     "solved: \(solved)  unsolvable: \(unsolvable)  unknown: \(unknown)"]
        if decided > 0 {
            let (low, high) = AnalysisSummary.wilson(solved, decided)
            lines.append("winnable: \(AnalysisSummary.percent(Double(solved) / Double(decided))) of decided deals (95 % Wilson score interval \(AnalysisSummary.percent(low)) to \(AnalysisSummary.percent(high)))")
        }
        if unknown > 0, total > 0 {
            lines.append("with the unknown deals either way: \(AnalysisSummary.percent(Double(solved) / Double(total))) to \(AnalysisSummary.percent(Double(solved + unknown) / Double(total)))")
        }
        lines.append(isTimed ? "time per deal: median \(SolveReport.seconds(quantile(0.5))) s, p95 \(SolveReport.seconds(quantile(0.95))) s"
                              : "time per deal: not recorded (the shards ran without --timings)")
        return lines.joined(separator: "\n") + "\n"
    }

    func json(game: String, deals: String) -> String {
        let decided = solved + unsolvable
        let interval = AnalysisSummary.wilson(solved, decided)
        return SolverJSON.object([
            ("game", .string(game)), ("deals", .string(deals)), ("count", .integer(total)), ("thoughtful", .boolean(true)),
            ("solved", .integer(solved)), ("unsolvable", .integer(unsolvable)), ("unknown", .integer(unknown)),
            ("winnable", decided > 0 ? .number(Double(solved) / Double(decided)) : .null),
            ("interval", .object([("method", .string("wilson-score-95")), ("low", .number(interval.low)), ("high", .number(interval.high))])),
            ("median_seconds", isTimed ? .number(quantile(0.5)) : .null), ("p95_seconds", isTimed ? .number(quantile(0.95)) : .null),
            ("states", .integer(states)), ("nodes", .integer(nodes)),
        ]).encoded
    }
}
