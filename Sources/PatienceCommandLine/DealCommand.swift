import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// `patience deal`: prints a game's opening table.
struct DealCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
        case board
        case svg
    }

    /// The deal used when neither `--deal` nor `--board` is given.
    static let defaultDeal = DealSource.seed(1)

    static let spec = CommandSpec(
        commandName: "patience deal",
        summary: "Print a game's opening table.",
        discussion: """
            Deals the game of <rules> and prints the table. Without --deal or --board the deal
            is seed:1. With --board, the table is read from board text instead, checked against
            the game's zones and decks, and printed back.

            In text format, each pile is listed by its address in the move notation (such as
            'tableau[3]'), bottom card first, face-down cards in angle brackets ('<8H>'). In
            json format, standard output holds one object with the game, the deal, the options
            and every pile's address, zone, role and cards. In board format, the table is
            printed as fc-solve board text: for FreeCell, '--deal ms:N --format board' prints
            exactly what 'make-microsoft-freecell-board -t N' prints. In svg format, standard
            output holds a self-contained SVG picture of the table, each pile labelled with its
            address.

            Exit status: 0 on success; 1 when the rule file has errors, an option is unknown or
            out of range, or the board cannot be read, does not fit the game or cannot be
            written (board text shows each suit's foundation as its cards from the ace up, in
            one deck); 64 for a usage error.
            """,
        arguments: [GameSetup.rulesArgument],
        options: GameSetup.options(defaultDeal: defaultDeal.spec) + [
            .option(
                "format", value: "format", allowed: Format.allCases.map(\.rawValue), defaultValue: Format.text.rawValue,
                help: "Output format: text, json, board or svg."),
        ])

    var setup: GameSetup
    var format: Format

    init(arguments: ParsedArguments) throws(UsageError) {
        setup = try GameSetup(arguments: arguments, defaultDeal: Self.defaultDeal)
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .text
    }

    func run(on terminal: Terminal) -> ExitCode {
        guard let (rules, table) = setup.load(on: terminal) else { return .findings }
        switch format {
        case .text:
            terminal.write(TableListing(rules: rules).text(of: table, deal: setup.deal), to: .standardOutput)
        case .json:
            terminal.writeLine(TableListing(rules: rules).json(of: table, deal: setup.deal), to: .standardOutput)
        case .board:
            do {
                terminal.write(try rules.boardText(for: table).rendered(), to: .standardOutput)
            } catch {
                Reporter(terminal: terminal).report(error, context: "cannot write the table as board text")
                return .findings
            }
        case .svg:
            terminal.write(TableSVG(rules: rules).svg(of: table, deal: setup.deal), to: .standardOutput)
        }
        return .success
    }
}
