import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats
import PatienceSolver

/// `patience solve`: decides one table with the generic solver.
struct SolveCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
    }

    static let spec = CommandSpec(
        commandName: "patience solve",
        summary: "Solve a table: print a winning list of moves, or say it is unsolvable.",
        discussion: """
            Searches the game's moves from the table given by --deal or --board (after the moves
            of --after FILE, if given, played as 'replay' plays them), using the rule file's own
            move rules and nothing else. Solving is thoughtful: the solver sees
            every card, face down or not. A guided best-first search runs first; if it finds no
            win, an exhaustive depth-first search follows, which alone can prove a table
            unsolvable. A solution found is then made shorter, for a person to follow, within a
            fifth of --max-seconds (detours cut, plays that a few others do replaced by them;
            the comment line says how long it was as found). Every solution is replayed through
            the rules before it is printed.

            In text format, a solved table prints a comment line ('# solved: N plays; …') and
            then one move a line in the move notation (or, with --notation fcs, Freecell
            Solver's, the notation --after is read in too), which 'patience replay' reads back
            from the same table. Otherwise it prints 'unsolvable', or
            'unknown: REASON' and the counts. In json format, standard output holds
            {"verdict", "thoughtful", "plays", "moves", "reason", "states", "nodes", "seconds",
            "shortening"}: "seconds" counts the search and the shortening, "shortening" the
            seconds of the shortening alone.

            With --html FILE, the verdict is also written to FILE as one self-contained HTML page,
            the one 'replay --html' writes: for a solved table it steps through the solution
            (buttons and arrow keys) beside the list of its moves; otherwise it shows the table
            and the verdict. A solution of more than 2,000 plays gets no page (error P0714).

            On a terminal, a line on standard error shows the search's progress while it runs
            (states stored, nodes a second, time left in the budget, memory held); it is
            erased before the verdict is printed, and never written when either output is not a
            terminal.
            """,
            exitStatuses: [
                ExitStatus(.success, "Solved."),
                ExitStatus(.findings, "Unsolvable, or the rule file, an option, the board or a move of --after has errors, or the page of --html cannot be written."),
                ExitStatus(.undecided, "Unknown: a budget (states, time or memory) ran out."),
            ],
        arguments: [GameSetup.rulesArgument],
        options: GameSetup.options(defaultDeal: nil) + SolverArguments.options + [
            .option(
                "format", value: "format", allowed: Format.allCases.map(\.rawValue), defaultValue: Format.text.rawValue,
                help: "Output format: text or json."),
            .option("html", value: "file", help: "Also write a page that steps through the solution to this file."),
        ])

    var setup: GameSetup
    var solver: SolverArguments
    var notation: PlayNotation
    var format: Format
    var htmlPath: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        setup = try GameSetup(arguments: arguments, defaultDeal: nil)
        solver = try SolverArguments(arguments: arguments)
        // One notation for the moves read with --after and those printed.
        notation = setup.notation
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .text
        htmlPath = arguments.value(of: "html")
        if htmlPath == "-" || htmlPath == "" {
            throw UsageError("'--html' needs the path of a file to write; standard output holds the verdict")
        }
    }

    func run(on terminal: Terminal) -> ExitCode {
        guard let (rules, table) = setup.load(on: terminal) else { return .findings }
        // Progress goes to a terminal only: never into a pipe or a file, where it would be noise.
        let progress = terminal.standardOutputIsTerminal && terminal.standardErrorIsTerminal ? SolveProgressLine(terminal: terminal) : nil
        var options = solver.options
        options.shortenShare = SolverArguments.shortenShare
        if options.budget.clock == .cpu {
            // On the CPU clock the budget counts the process's time from its start: reading the
            // rules and the table counts too, as it does under an outside limit (RLIMIT_CPU).
            options.budget.maxSeconds = max(options.budget.maxSeconds - SearchClock.processSeconds(), 0.001)
        }
        let result = Solver(rules: rules, options: options).solve(table, progress: progress.map { line in { line.show($0) } })
        progress?.clear()
        var tokens: [String] = []
        if case .solved(let plays) = result.verdict {
            switch notation {
            case .patience:
                let writer = MoveNotation(rules: rules)
                tokens = plays.map(writer.text(of:))
            case .fcs:
                guard let written = FCSWriter(rules: rules).tokens(plays, from: table) else {
                    terminal.writeLine("error: the solution has a play that Freecell Solver's notation cannot write (a tap, a removal or a move off a foundation); use --notation patience",
                                       to: .standardError)
                    return .findings
                }
                tokens = written
            }
        }
        let stats = result.statistics
        var verdict: String
        switch result.verdict {
        case .solved: verdict = "solved: \(tokens.count) plays"
        case .unsolvable: verdict = "unsolvable"
        case .unknown(let reason): verdict = "unknown: \(reason.rawValue)"
        }
        verdict += "; thoughtful solving (all cards seen)"
        switch format {
        case .text:
            let shortening = stats.shorteningSeconds > 0 ? " (\(SolveReport.seconds(stats.shorteningSeconds)) s of them shortening)" : ""
            let counts = "\(stats.statesStored) states, \(stats.nodesExpanded) nodes, \(SolveReport.seconds(stats.seconds)) s\(shortening)"
            switch result.verdict {
            case .solved:
                let found = stats.playsFound > tokens.count ? " (shortened from \(stats.playsFound))" : ""
                terminal.writeLine("# solved: \(tokens.count) plays\(found); thoughtful solving (all cards seen); \(counts)", to: .standardOutput)
                if !tokens.isEmpty { terminal.writeLine(tokens.joined(separator: "\n"), to: .standardOutput) }
            case .unsolvable:
                terminal.writeLine("unsolvable (thoughtful solving, all cards seen; exhaustive search: \(counts))", to: .standardOutput)
            case .unknown(let reason):
                terminal.writeLine("unknown: \(reason.rawValue) (thoughtful solving, all cards seen; \(counts))", to: .standardOutput)
            }
        case .json:
            terminal.writeLine(SolveReport.json(result, plays: tokens, deal: nil, timings: true), to: .standardOutput)
        }
        if let htmlPath, !ReplayPageFile(setup: setup, rules: rules, notation: notation)
            .write(solution: tokens, from: table, summary: verdict, toPath: htmlPath, on: terminal) {
            return .findings
        }
        switch result.verdict {
        case .solved: return .success
        case .unsolvable: return .findings
        case .unknown: return .undecided
        }
    }
}

/// How `solve` and `analyze` write a verdict.
enum SolveReport {
    /// Seconds with three decimals.
    static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// One JSON object: the deal (when given), verdict, moves, reason and counts; the plays and
    /// the seconds only when asked for, since they are the parts that can differ between runs.
    static func json(_ result: SolverResult, plays: [String]?, deal: String?, timings: Bool) -> String {
        var fields: [(String, SolverJSON)] = []
        if let deal { fields.append(("deal", .string(deal))) }
        fields.append(("verdict", .string(result.verdict.name)))
        fields.append(("thoughtful", .boolean(true)))
        var moves: Int?
        var reason: String?
        switch result.verdict {
        case .solved(let p): moves = p.count
        case .unsolvable: break
        case .unknown(let why): reason = why.rawValue
        }
        fields.append(("moves", .integer(moves)))
        fields.append(("reason", .string(reason)))
        if let plays { fields.append(("plays", .array(plays.map { .string($0) }))) }
        fields.append(("states", .integer(result.statistics.statesStored)))
        fields.append(("nodes", .integer(result.statistics.nodesExpanded)))
        if timings {
            fields.append(("seconds", .number(result.statistics.seconds)))
            fields.append(("shortening", .number(result.statistics.shorteningSeconds)))
        }
        return SolverJSON.object(fields).encoded
    }
}
