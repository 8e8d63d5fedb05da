import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// `patience replay`: applies a list of moves to a table and reports how far it got.
struct ReplayCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
    }

    static let spec = CommandSpec(
        commandName: "patience replay",
        summary: "Apply a list of moves in order and report whether the game is won.",
        discussion: """
            Sets up the table given by --deal or --board, plays the moves of --after FILE, if
            given, then applies the moves read from <moves> (standard input when it is '-' or
            missing), in order; the count and indexes below are those of <moves>. Moves are separated
            by white space, commas or new lines, and '#' starts a comment. With --notation
            patience they are written in the move notation ('tableau[7]x3->tableau[2]',
            'tap(stock)'); with --notation fcs, in Freecell Solver's standard notation as
            'fc-solve -m -snx' prints it ('5a', '58', '8h', '38v3', '410'), for any game with
            tableau, cell and foundation zones: columns 1 to 10, free cells a to g then k, l,
            and so on, and h for the foundations.

            When every move is legal, standard output says 'applied N moves; won: yes' (or
            'no'). At the first move that cannot be read or is refused, the replay stops:
            standard error names the move's 1-based index, its text, the reason and the
            refusing rule's file, line and column, and standard output says
            'applied N moves; move M refused'. In json format, standard output holds
            {"applied": n, "won": bool}, or {"applied": n, "error": {"index": i, "move": "…",
            "code": "…", "message": "…", "file": "…", "line": l, "column": c}} with file, line
            and column null when no rule refused the move.

            With --html FILE, the replay is also written to FILE as one self-contained HTML
            page that steps through the tables (buttons and arrow keys), listing the moves
            with the refused one, if any, in red with its reason. A page lists at most 2,000
            plays: a longer list of moves gets no page (error P0714), and the moves before a
            part can be given with --after to page through the rest.
            """,
            exitStatuses: [
                ExitStatus(.success, "Every move was applied."),
                ExitStatus(.findings, "A move is illegal or cannot be read, the rule file has errors, an option is unknown or out of range, the board cannot be read, a move of --after cannot be read or is refused (reported as a move of <moves> would be), or the page of --html cannot be written."),
            ],
        arguments: [
            GameSetup.rulesArgument,
            ArgumentSpec(name: "moves", help: "A file of moves, or '-' for standard input (the default).", isRequired: false),
        ],
        options: GameSetup.options(defaultDeal: nil) + [
            .option(
                "format", value: "format", allowed: Format.allCases.map(\.rawValue), defaultValue: Format.text.rawValue,
                help: "Output format: text or json."),
            .option("html", value: "file", help: "Also write a page that steps through the replay to this file."),
        ])

    var setup: GameSetup
    var movesPath: String
    var notation: PlayNotation
    var format: Format
    var htmlPath: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        setup = try GameSetup(arguments: arguments, defaultDeal: nil)
        movesPath = arguments.arguments(named: "moves").first ?? "-"
        if movesPath == "-" && setup.readsStandardInput {
            throw UsageError(setup.afterPath == "-"
                ? "the moves of '--after' and the moves to replay cannot both come from standard input"
                : "the board and the moves cannot both come from standard input")
        }
        notation = setup.notation
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .text
        htmlPath = arguments.value(of: "html")
        if htmlPath == "-" || htmlPath == "" {
            throw UsageError("'--html' needs the path of a file to write; standard output holds the replay's result")
        }
    }

    func run(on terminal: Terminal) -> ExitCode {
        guard let (rules, table) = setup.load(on: terminal) else { return .findings }
        let reporter = Reporter(terminal: terminal)
        guard let text = reporter.readText(atPath: movesPath, what: .moves) else { return .findings }

        let outcome = Replay(rules: rules, notation: notation).run(text, from: table)
        switch format {
        case .text:
            if let failure = outcome.failure {
                reporter.report(failure, movesPath: movesPath, moves: text)
            }
            terminal.writeLine(outcome.summary, to: .standardOutput)
        case .json:
            terminal.writeLine(outcome.json, to: .standardOutput)
        }
        if let htmlPath, !ReplayPageFile(setup: setup, rules: rules, notation: notation).write(text, from: table, toPath: htmlPath, on: terminal, movesPath: movesPath) {
            return .findings
        }
        return outcome.failure == nil ? .success : .findings
    }
}
