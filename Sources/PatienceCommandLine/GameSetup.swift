import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// The arguments that every command that sets up a table shares (`deal`, `moves`, `replay`,
/// `play`, `solve`): the rule file, its option values, where the table comes from (a numbered
/// deal, board text or a position), and the plays of `--after` that lead from it to the table used.
struct GameSetup {
    /// The positional `<rules>` argument.
    static let rulesArgument = ArgumentSpec(
        name: "rules",
        help: "The game: the path of its rule file, or its name (such as Klondike or \"Baker's Game\"), found in the folders of PATIENCE_RULES, then in ./Rules, then among the bundled games.")

    /// `--deal`, `--board`, `--after`, `--notation` and `--option`; `defaultDeal` is shown in help
    /// when the command deals without being told.
    static func options(defaultDeal: String?) -> [OptionSpec] {
        [
            .option(
                "deal", value: "deal", defaultValue: defaultDeal,
                help: "The deal: 'seed:N' for the project's own shuffle (N from 0 to 2^64 - 1), or 'ms:N' for Microsoft FreeCell deal N (1 to 2^33 - 1)."),
            .option(
                "board", value: "file",
                help: "Read the table instead of dealing ('-' for standard input): board text (one tableau column per line, bottom card first, with optional Foundations:, Freecells:, Talon:, Waste: and Reserve: lines), or a position in JSON as 'deal --format json' writes it."),
            .option(
                "after", value: "file",
                help: "Play these moves and taps first ('-' for standard input), written as 'replay' reads them, and use the table they reach; a move that cannot be read or is refused is reported as 'replay' reports it."),
            .option(
                "notation", value: "notation", allowed: PlayNotation.allCases.map(\.rawValue),
                defaultValue: PlayNotation.patience.rawValue,
                help: "How moves are written: patience (the project's notation) or fcs (Freecell Solver's)."),
            .option(
                "option", value: "name=value", isRepeatable: true,
                help: "Set one of the game's options, such as 'draw=3'. May be repeated."),
        ]
    }

    /// Where the opening table comes from.
    enum TableSource {
        case deal(DealSource)
        /// A board-text file, or standard input for `-`.
        case board(path: String)
    }

    var rulesPath: String
    /// The `<rules>` word when it names no game and is no path; reported when the game is loaded.
    var unknownGame: String?
    var optionValues: [String: String]
    var tableSource: TableSource
    /// The file of `--after`, `-` for standard input; nil when the table is used as set up.
    var afterPath: String?
    /// How the moves of `--after`, and those `replay` applies, are written.
    var notation: PlayNotation

    /// Reads the shared arguments. Without `--deal` or `--board`, `defaultDeal` is used, and
    /// when it is nil one of them must be given.
    init(arguments: ParsedArguments, defaultDeal: DealSource?) throws(UsageError) {
        let word = arguments.arguments(named: Self.rulesArgument.name).first ?? ""
        rulesPath = RulesArgument.path(for: word) ?? word
        unknownGame = RulesArgument.path(for: word) == nil ? word : nil
        optionValues = try Self.optionValues(arguments)

        let dealText = arguments.isGiven("deal") ? arguments.value(of: "deal") : nil
        switch (dealText, arguments.value(of: "board")) {
        case (_?, _?):
            throw UsageError("'--deal' and '--board' cannot be used together")
        case (let spec?, nil):
            do {
                tableSource = .deal(try DealSource(spec: spec))
            } catch {
                throw UsageError("invalid value \(Spelling.quoted(spec)) for '--deal': \(error.message)")
            }
        case (nil, let path?):
            tableSource = .board(path: path)
        case (nil, nil):
            guard let defaultDeal else { throw UsageError("give the table with '--deal <deal>' or '--board <file>'") }
            tableSource = .deal(defaultDeal)
        }
        afterPath = arguments.value(of: "after")
        if case .board("-") = tableSource, afterPath == "-" {
            throw UsageError("the board and the moves of '--after' cannot both come from standard input")
        }
        notation = arguments.value(of: "notation").flatMap(PlayNotation.init(rawValue:)) ?? .patience
    }

    /// The values of every `--option NAME=VALUE`, by name; a malformed or repeated one is a usage error.
    static func optionValues(_ arguments: ParsedArguments) throws(UsageError) -> [String: String] {
        var optionValues: [String: String] = [:]
        for setting in arguments.values(of: "option") {
            guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
                throw UsageError("invalid value \(Spelling.quoted(setting)) for '--option'; expected NAME=VALUE, such as draw=3")
            }
            let name = String(setting[..<equals])
            guard optionValues[name] == nil else {
                throw UsageError("option \(Spelling.quoted(name)) is set twice with '--option'")
            }
            optionValues[name] = String(setting[setting.index(after: equals)...])
        }
        return optionValues
    }

    /// Whether the table, or the moves of `--after`, are read from standard input.
    var readsStandardInput: Bool {
        if case .board("-") = tableSource { return true }
        return afterPath == "-"
    }

    /// The deal, when the table is dealt rather than read.
    var deal: DealSource? {
        if case .deal(let deal) = tableSource { return deal }
        return nil
    }

    /// The deal whose opening the table is, for listings to name: nil for a board, and for the
    /// table that the moves of `--after` reach, which is no deal's opening.
    var openingDeal: DealSource? { afterPath == nil ? deal : nil }

    /// Compiles the rules with the option values, sets up the opening table and plays the moves
    /// of `--after` on it; nil after reporting the problems on standard error, which are findings
    /// (exit status 1). A move of `--after` that cannot be read or is refused is reported as
    /// `replay` reports it, by the same ``Replay``.
    func load(on terminal: Terminal, color: ColorChoice = .auto) -> (rules: GameRules, table: CardTable)? {
        guard let (rules, table) = loadOpening(on: terminal, color: color) else { return nil }
        guard let afterPath else { return (rules, table) }
        let reporter = Reporter(terminal: terminal, color: color)
        guard let moves = reporter.readText(atPath: afterPath, what: .moves) else { return nil }
        let outcome = Replay(rules: rules, notation: notation).run(moves, from: table)
        if let failure = outcome.failure {
            reporter.report(failure, movesPath: afterPath, moves: moves)
            return nil
        }
        return (rules, outcome.table)
    }

    /// The rules and the table as dealt or read, before the moves of `--after`.
    private func loadOpening(on terminal: Terminal, color: ColorChoice) -> (rules: GameRules, table: CardTable)? {
        let reporter = Reporter(terminal: terminal, color: color)
        if let unknownGame {
            reporter.reportUnknownGame(unknownGame)
            return nil
        }
        var board: BoardInput?
        if case .board(let path) = tableSource {
            guard let text = reporter.readText(atPath: path, what: .board) else { return nil }
            board = BoardInput(text: text, path: Reporter.displayName(of: path))
        }
        guard let rules = compileRules(for: board, reporter: reporter) else { return nil }
        switch tableSource {
        case .deal(let deal):
            do {
                return (rules, try rules.deal(deal))
            } catch {
                reporter.report(error, context: "cannot deal \(deal.spec ?? "the cards")")
                return nil
            }
        case .board:
            guard let table = board?.table(for: rules, reporter: reporter) else { return nil }
            return (rules, table)
        }
    }
}
