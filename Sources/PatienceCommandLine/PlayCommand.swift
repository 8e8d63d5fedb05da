import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// `patience play`: an interactive game on the terminal, read line by line from standard input.
struct PlayCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "patience play",
        summary: "Play a game interactively on the terminal.",
        discussion: """
            Draws the table, then reads one command per line from standard input: a move in
            the notation (tableau[7]x3->tableau[2], tap(stock)), a pile or a card to move from
            and then a pile to move to, or undo, redo, hint, moves, why, auto, new, restart,
            save, load, rules, help and quit. Type help during the game for every command. A
            refused move changes nothing and is explained in one line that names the cards and
            the rule's reason; why then shows the rule's file and line.

            hint plays toward a win that the solver finds within a small budget, and never
            suggests a play that returns to a table already seen in the game. save FILE writes
            the game with its undo history as JSON; load FILE restores it, and refuses a file
            of another game, of other option values, or damaged. Ctrl-C asks before it quits a
            game that has changed since it was dealt or saved.

            Cards are drawn with suit symbols in red and black on a terminal, and as plain
            letters (QH, 10S; a card may be typed as 10S or TS) when standard output is not a terminal or NO_COLOR is set.
            A zone the rule file lays out in rows or at places (a pyramid, a grid, a cross) is
            drawn as that figure, each pile as its short name and its top cards (t7 5C).
            Without --deal a random seed is chosen and shown, so the game can be dealt again.
            With --after FILE, the game starts from the table that the moves and taps of FILE
            reach, played as 'replay' plays them; undo goes back no further than that table.

            Exit status: 0 when the game ends with quit or the end of input; 1 when the rule
            file has errors, the deal or an option value is refused, a move of --after cannot
            be read or is refused, or --winnable finds no winnable deal within --tries deals;
            64 for a usage error; 130 when interrupted with Ctrl-C.
            """,
        arguments: [GameSetup.rulesArgument],
        options: GameSetup.options(defaultDeal: nil) + [
            .option(
                "color", value: "when", allowed: ColorChoice.allCases.map(\.rawValue),
                defaultValue: ColorChoice.auto.rawValue,
                help: "Colour the cards: auto, always or never. 'auto' colours only on a terminal, and never when NO_COLOR is set."),
        ] + WinnableDeal.options)

    var setup: GameSetup
    var color: ColorChoice
    var winnable: WinnableDeal?

    init(arguments: ParsedArguments) throws(UsageError) {
        // Without --deal or --board, a random seed, which the screen shows so the game can be dealt again.
        setup = try GameSetup(arguments: arguments, defaultDeal: .seed(UInt64.random(in: 0...UInt64.max)))
        if setup.readsStandardInput {
            throw UsageError("'play' reads its commands from standard input, so '\(setup.afterPath == "-" ? "--after" : "--board")' cannot read it too")
        }
        color = arguments.value(of: "color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
        winnable = try WinnableDeal(arguments: arguments, setup: setup)
    }

    func run(on terminal: Terminal) -> ExitCode {
        guard let game = startGame(on: terminal) else { return .findings }
        let usesColor = terminal.usesColor(color, on: .standardOutput)
        InterruptHandler.install(resettingColor: usesColor)
        defer {
            if usesColor { terminal.write(CardStyle.reset, to: .standardOutput) }
        }

        let isInteractive = isatty(STDIN_FILENO) == 1
        // A game played from a script has no player's time: its tables leave the clock out, so
        // that the same script always prints the same text.
        let screen = PlayScreen(style: CardStyle(usesColor: usesColor), showsClock: isInteractive)
        var session = PlaySession(game: game.game, dealSpec: game.deal?.spec)
        var input = LineReader()
        if isInteractive {
            terminal.writeLine("Type help for the commands, quit to leave.", to: .standardOutput)
        }
        terminal.write(screen.text(for: session.openingEvents, in: session), to: .standardOutput)
        while true {
            if isInteractive { terminal.write(screen.prompt(for: session), to: .standardOutput) }
            switch input.next() {
            case .end:
                // End of input (Ctrl-D) ends the game; start the shell's prompt on a line of its own.
                if isInteractive { terminal.write("\n", to: .standardOutput) }
                return .success
            case .interrupted:
                guard session.isUnsaved else {
                    terminal.write("\n", to: .standardOutput)
                    return .interrupted
                }
                terminal.write("\nThe game is not saved. Quit anyway? Type y to quit, anything else to go on: ", to: .standardOutput)
                switch input.next() {
                case .line(let answer) where ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()):
                    return .interrupted
                case .interrupted, .end:
                    terminal.write("\n", to: .standardOutput)
                    return .interrupted
                case .line:
                    terminal.writeLine("Going on; save FILE keeps the game.", to: .standardOutput)
                }
            case .line(let line):
                let command = PlayInput(line: line)
                if command == .quit { return .success }
                terminal.write(screen.text(for: session.respond(to: command), in: session), to: .standardOutput)
            }
        }
    }

    /// Sets the game up as `deal`, `moves` and `replay` do, reporting any problem on standard
    /// error; nil when the game cannot start.
    private func startGame(on terminal: Terminal) -> (game: Game, deal: DealSource?)? {
        guard let (rules, dealt) = setup.load(on: terminal, color: color) else { return nil }
        var table = dealt
        var deal = setup.deal
        if let winnable, let first = deal {
            guard let (chosen, chosenTable) = winnable.choose(rules: rules, from: first, on: terminal) else { return nil }
            (deal, table) = (chosen, chosenTable)
        }
        do {
            return (try Game(rules: rules, state: GameState(table: table)), deal)
        } catch {
            Reporter(terminal: terminal, color: color).report(error)
            return nil
        }
    }
}
