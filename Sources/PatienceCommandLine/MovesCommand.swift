import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// `patience moves`: lists every legal move and tap on a table.
struct MovesCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
    }

    static let spec = CommandSpec(
        commandName: "patience moves",
        summary: "List every legal move and tap on a table.",
        discussion: """
            Sets up the table given by --deal or --board, plays the moves and taps of --after
            FILE, if given, as 'replay' plays them, and lists every play the rules allow on the
            table reached, one per line in the move notation ('tableau[7]x3->tableau[2]',
            'tap(stock)'): moves by source pile, then number of cards, then destination pile,
            and then taps in pile order. In json format, standard output holds one array of
            objects with the play's notation, kind ('move' or 'tap'), source, destination and
            count; a tap's source is the tapped pile and its destination and count are null.
            A move of --after that cannot be read or is refused is reported on standard error
            as 'replay' reports it, and nothing is listed.
            """,
            exitStatuses: [
                ExitStatus(.success, "The plays were listed, even when no play is legal."),
                ExitStatus(.findings, "The rule file has errors, an option is unknown or out of range, the board cannot be read or does not fit the game, or a move of --after cannot be read or is refused."),
            ],
        arguments: [GameSetup.rulesArgument],
        options: GameSetup.options(defaultDeal: nil) + [
            .option(
                "format", value: "format", allowed: Format.allCases.map(\.rawValue), defaultValue: Format.text.rawValue,
                help: "Output format: text or json."),
        ])

    var setup: GameSetup
    var format: Format

    init(arguments: ParsedArguments) throws(UsageError) {
        setup = try GameSetup(arguments: arguments, defaultDeal: nil)
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .text
    }

    func run(on terminal: Terminal) -> ExitCode {
        guard let (rules, table) = setup.load(on: terminal) else { return .findings }
        let notation = MoveNotation(rules: rules)
        let plays = rules.legalPlays(on: table)
        switch format {
        case .text: terminal.write(notation.listing(of: plays), to: .standardOutput)
        case .json: terminal.writeLine(notation.json(of: plays), to: .standardOutput)
        }
        return .success
    }
}
