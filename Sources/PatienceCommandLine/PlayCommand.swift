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
            the notation (tableau[7]x3->tableau[2], tap(stock)), a pile to move from and then
            a pile to move to, or undo, redo, hint, moves, help and quit. Type help during the
            game for every command. A refused move changes nothing and is explained with the
            rule that refuses it.

            Cards are drawn with suit symbols in red and black on a terminal, and as plain
            letters (QH, 10S) when standard output is not a terminal or NO_COLOR is set.
            Without --deal a random seed is chosen and shown, so the game can be dealt again.

            Exit status: 0 when the game ends with quit or the end of input; 1 when the rule
            file has errors or the deal or an option value is refused; 64 for a usage error;
            130 when interrupted with Ctrl-C.
            """,
        arguments: [ArgumentSpec(name: "rules", help: "The rule file of the game to play.")],
        options: [
            .option("deal", value: "deal", help: "The deal: seed:N for the project's generator, ms:N for a Microsoft FreeCell deal."),
            .option(
                "option", value: "name=value",
                help: "Set one of the game's options, such as draw=3. Repeat for several options."),
            .option(
                "color", value: "when", allowed: ColorChoice.allCases.map(\.rawValue),
                defaultValue: ColorChoice.auto.rawValue,
                help: "Colour the cards: auto, always or never. 'auto' colours only on a terminal, and never when NO_COLOR is set."),
        ])

    var rulesPath: String
    var deal: DealSource?
    var options: [String: String]
    var color: ColorChoice

    init(arguments: ParsedArguments) throws(UsageError) {
        rulesPath = arguments.arguments(named: "rules")[0]
        if let spec = arguments.value(of: "deal") {
            // A deal the generators cannot make is a mistake on the command line, as in `deal` and `replay`.
            do {
                deal = try DealSource(spec: spec)
            } catch {
                throw UsageError("invalid value \(Spelling.quoted(spec)) for '--deal': \(error.message)")
            }
        }
        color = arguments.value(of: "color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
        options = [:]
        for setting in arguments.values(of: "option") {
            guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
                throw UsageError("invalid value \(Spelling.quoted(setting)) for '--option'; expected NAME=VALUE")
            }
            options[String(setting[..<equals])] = String(setting[setting.index(after: equals)...])
        }
    }

    func run(on terminal: Terminal) -> ExitCode {
        guard let game = startGame(on: terminal) else { return .findings }
        let usesColor = terminal.usesColor(color, on: .standardOutput)
        InterruptHandler.install(resettingColor: usesColor)
        defer {
            if usesColor { terminal.write(CardStyle.reset, to: .standardOutput) }
        }

        let screen = PlayScreen(style: CardStyle(usesColor: usesColor), dealSpec: game.deal.spec)
        var session = PlaySession(game: game.game)
        let isInteractive = isatty(STDIN_FILENO) == 1
        if isInteractive {
            terminal.writeLine("Type help for the commands, quit to leave.", to: .standardOutput)
        }
        terminal.write(screen.text(for: session.openingEvents, in: session), to: .standardOutput)
        while true {
            if isInteractive { terminal.write(screen.prompt(for: session), to: .standardOutput) }
            guard let line = readLine(strippingNewline: true) else {
                // End of input (Ctrl-D) ends the game; start the shell's prompt on a line of its own.
                if isInteractive { terminal.write("\n", to: .standardOutput) }
                return .success
            }
            let input = PlayInput(line: line)
            if input == .quit { return .success }
            terminal.write(screen.text(for: session.respond(to: input), in: session), to: .standardOutput)
        }
    }

    /// Compiles the rules and deals, reporting any problem on standard error; nil when the game cannot start.
    private func startGame(on terminal: Terminal) -> (game: Game, deal: DealSource)? {
        let rules: GameRules
        do {
            rules = try GameCompiler.compile(path: rulesPath, options: options)
        } catch {
            let renderer = DiagnosticRenderer(usesColor: terminal.usesColor(color, on: .standardError))
            let result = FileLintResult(path: error.path, source: error.source, diagnostics: error.diagnostics.filter { $0.severity == .error })
            for rendered in renderer.render(result) {
                terminal.write(rendered + (rendered.contains("\n") ? "\n\n" : "\n"), to: .standardError)
            }
            return nil
        }
        do throws(Refusal) {
            let deal = self.deal ?? .seed(UInt64.random(in: 0...UInt64.max))
            return (try Game(rules: rules, deal: deal), deal)
        } catch {
            let report = RefusalReport(usesColor: terminal.usesColor(color, on: .standardError)).text(for: error)
            terminal.writeLine(report, to: .standardError)
            return nil
        }
    }
}
