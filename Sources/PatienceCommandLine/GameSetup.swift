import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// The arguments that `deal`, `moves` and `replay` share: the rule file, its option values,
/// and where the table comes from (a numbered deal or board text).
struct GameSetup {
    /// The positional `<rules>` argument.
    static let rulesArgument = ArgumentSpec(name: "rules", help: "The rule file of the game.")

    /// `--deal`, `--board` and `--option`; `defaultDeal` is shown in help when the command deals without being told.
    static func options(defaultDeal: String?) -> [OptionSpec] {
        [
            .option(
                "deal", value: "deal", defaultValue: defaultDeal,
                help: "The deal: 'seed:N' for the project's own shuffle (N from 0 to 2^64 - 1), or 'ms:N' for Microsoft FreeCell deal N (1 to 2^33 - 1)."),
            .option(
                "board", value: "file",
                help: "Read the table instead of dealing ('-' for standard input): board text (one tableau column per line, bottom card first, with optional Foundations:, Freecells: and Talon: lines), or a position in JSON as 'deal --format json' writes it."),
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
    var optionValues: [String: String]
    var tableSource: TableSource

    /// Reads the shared arguments. Without `--deal` or `--board`, `defaultDeal` is used, and
    /// when it is nil one of them must be given.
    init(arguments: ParsedArguments, defaultDeal: DealSource?) throws(UsageError) {
        rulesPath = arguments.arguments(named: Self.rulesArgument.name).first ?? ""
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
        self.optionValues = optionValues

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
    }

    /// Whether the table is read from standard input.
    var readsStandardInput: Bool {
        if case .board("-") = tableSource { return true }
        return false
    }

    /// The deal, when the table is dealt rather than read.
    var deal: DealSource? {
        if case .deal(let deal) = tableSource { return deal }
        return nil
    }

    /// Compiles the rules with the option values and sets up the opening table; nil after
    /// reporting the problems on standard error, which are findings (exit status 1).
    func load(on terminal: Terminal, color: ColorChoice = .auto) -> (rules: GameRules, table: CardTable)? {
        let reporter = Reporter(terminal: terminal, color: color)
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
