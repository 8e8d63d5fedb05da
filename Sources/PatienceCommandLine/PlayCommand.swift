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
            save, load, rules, stats, help and quit. Type help during the game for every command. A
            refused move changes nothing and is explained in one line that names the cards and
            the rule's reason; why then shows the rule's file and line.

            Piles may be named short: the first letters of a zone's name or role and the
            pile's number (t5, f1, w, s, c2). A card may be named instead of its pile (KD,
            kd, K♦, 10H, TH). A pile or card typed alone goes where it goes best (a
            foundation first), or is tapped when it only has an action; a zone typed without
            a number as the destination (t5 f) is whichever of its piles takes the cards.
            auto alone finishes a game that only needs its cards put on the foundations;
            auto on and auto off switch playing the safe ones as you go. On a terminal, quit
            asks first when the game has changed since it was dealt or saved. new deals a game of the
            same kind (a Microsoft deal after ms:N, a seed otherwise).

            On a terminal each table is drawn in place of the last one; when standard
            output is a file or a pipe, tables follow one another. The statistics of each
            game (played, won, the current and best streaks of wins) are kept in
            statistics.json in $PATIENCE_DATA_HOME, else $XDG_DATA_HOME/patience, else
            ~/.local/share/patience; stats shows them, and they are shown when a game is
            won and when the session ends. A game counts once it is won, or left after a
            play (quit, new, restart, load, end of input). Only games played at a terminal
            count: a game read from a script or a pipe is not the player's.

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
            """,
            exitStatuses: [
                ExitStatus(.success, "The game ended with quit or at the end of input."),
                ExitStatus(.findings, "The rule file has errors, the deal or an option value is refused, a move of --after cannot be read or is refused, or --winnable finds no winnable deal within --tries deals."),
                ExitStatus(.interrupted, "Interrupted with Ctrl-C."),
            ],
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
        // On a terminal each table is drawn in place of the last; to a file or pipe they follow one another.
        let screen = PlayScreen(style: CardStyle(usesColor: usesColor), showsClock: isInteractive,
                                redrawsInPlace: isInteractive && terminal.standardOutputIsTerminal)
        // Statistics are the player's: a game played from a script is not counted.
        var session = PlaySession(game: game.game, dealSpec: game.deal?.spec,
                                  statisticsPath: isInteractive ? PlayStatistics.path(environment: terminal.environment) : nil)
        var input = LineReader()
        /// The statistics line, written as the session ends.
        func leave() { terminal.write(screen.text(for: session.leave(), in: session), to: .standardOutput) }
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
                leave()
                return .success
            case .interrupted:
                terminal.write("\n", to: .standardOutput)
                if session.isUnsaved && !session.game.isWon && !confirmQuit(&input, on: terminal) { continue }
                leave()
                return .interrupted
            case .line(let line):
                let command = PlayInput(line: line)
                if command == .quit {
                    // A script that says quit means it; a player is asked.
                    if isInteractive && session.isUnsaved && !session.game.isWon && !confirmQuit(&input, on: terminal) { continue }
                    leave()
                    return .success
                }
                terminal.write(screen.text(for: session.respond(to: command), in: session), to: .standardOutput)
            }
        }
    }

    /// Asks whether to quit a game that is not saved; true to quit (also when the input ends or
    /// Ctrl-C is pressed again).
    private func confirmQuit(_ input: inout LineReader, on terminal: Terminal) -> Bool {
        terminal.write("The game is not saved. Quit anyway? Type y to quit, anything else to go on: ", to: .standardOutput)
        switch input.next() {
        case .line(let answer):
            if ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) { return true }
            terminal.writeLine("Going on; save FILE keeps the game.", to: .standardOutput)
            return false
        case .interrupted, .end:
            terminal.write("\n", to: .standardOutput)
            return true
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
