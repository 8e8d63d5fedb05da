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
        summary: "Print a game's opening table, or the table some moves reach.",
        discussion: """
            Deals the game of <rules> and prints the table. Without --deal or --board the deal
            is seed:1. With --board, the table is read from board text instead, checked against
            the game's zones and decks, and printed back. With --after FILE, the moves and taps
            of FILE are played first, as 'replay' plays them, and the table they reach is
            printed, without a deal, since it is no deal's opening; a move that cannot be read
            or is refused is reported on standard error as 'replay' reports it, and nothing is
            printed.

            In text format, each pile is listed by its address in the move notation (such as
            'tableau[3]'), bottom card first, face-down cards in angle brackets ('<8H>'). In
            json format, standard output holds one object with the game, the deal, the options
            and every pile's address, zone, role and cards. In board format, the table is
            printed as fc-solve and PySol board text, which --board reads back to the same table:
            for FreeCell, '--deal ms:N --format board' prints exactly what
            'make-microsoft-freecell-board -t N' prints; a waste or reserve pile is a 'Waste:' or
            'Reserve:' line, and foundations that are not each suit from the ace up are listed
            pile by pile, as PySol lists them ('Foundations: 3S - - -'). In svg format, standard
            output holds a self-contained SVG picture of the table, each pile labelled with its
            address.

            With --winnable, the deal printed is the first at or after --deal that the solver
            proves winnable, each deal searched for up to 200000 states and 10 seconds; the
            chosen deal and the length of its solution are noted on standard error. When none
            of --tries deals (20 unless given) is proved winnable, nothing is printed and the
            exit status is 1.
            """,
            exitStatuses: [
                ExitStatus(.success, "The table was written."),
                ExitStatus(.findings, "The rule file has errors, an option is unknown or out of range, the board cannot be read or does not fit the game, a move of --after cannot be read or is refused, the table cannot be written as board text (a free cell of several cards, a face-up card in the stock, or a redeal already used, which only json can say: P0705, P0724), or --winnable finds no winnable deal."),
            ],
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
        var deal = setup.openingDeal
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
