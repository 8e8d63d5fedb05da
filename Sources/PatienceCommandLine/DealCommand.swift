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

            With --winnable, the deal printed is the first at or after --deal that the solver
            proves winnable, each deal searched for up to 200000 states and 10 seconds; the
            chosen deal and the length of its solution are noted on standard error. When none
            of --tries deals (20 unless given) is proved winnable, nothing is printed and the
            exit status is 1.

            Exit status: 0 on success; 1 when the rule file has errors, an option is unknown or
            out of range, or the board cannot be read, does not fit the game or cannot be
            written (board text shows each suit's foundation as its cards from the ace up, in
            one deck), or --winnable finds no winnable deal; 64 for a usage error.
            """,
        arguments: [GameSetup.rulesArgument],
        options: GameSetup.options(defaultDeal: defaultDeal.spec) + [
            .option(
                "format", value: "format", allowed: Format.allCases.map(\.rawValue), defaultValue: Format.text.rawValue,
                help: "Output format: text, json, board or svg."),
        ] + WinnableDeal.options)

    var setup: GameSetup
    var format: Format
    var winnable: WinnableDeal?

    init(arguments: ParsedArguments) throws(UsageError) {
        setup = try GameSetup(arguments: arguments, defaultDeal: Self.defaultDeal)
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .text
        winnable = try WinnableDeal(arguments: arguments, setup: setup)
    }

    func run(on terminal: Terminal) -> ExitCode {
        guard let (rules, dealt) = setup.load(on: terminal) else { return .findings }
        var table = dealt
        var deal = setup.deal
        if let winnable, let first = deal {
            guard let (chosen, chosenTable) = winnable.choose(rules: rules, from: first, on: terminal) else { return .findings }
            (deal, table) = (chosen, chosenTable)
        }
        switch format {
        case .text:
            terminal.write(TableListing(rules: rules).text(of: table, deal: deal), to: .standardOutput)
        case .json:
            terminal.writeLine(TableListing(rules: rules).json(of: table, deal: deal), to: .standardOutput)
        case .board:
            do {
                terminal.write(try rules.boardText(for: table).rendered(), to: .standardOutput)
            } catch {
                Reporter(terminal: terminal).report(error, context: "cannot write the table as board text")
                return .findings
            }
        case .svg:
            terminal.write(TableSVG(rules: rules).svg(of: table, deal: deal), to: .standardOutput)
        }
        return .success
    }
}
