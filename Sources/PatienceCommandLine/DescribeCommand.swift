import Foundation
import Patience
import PatienceDiagnostics
import PatienceChecking
import PatienceDescribing

/// `patience describe`: the game's rules in English, from the checked rule file.
struct DescribeCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "patience describe",
        summary: "Write a game's rules in English.",
        discussion: """
            Reads and checks the rule file as lint does, then writes its rules as a player
            would read them: the cards and the table, the options' values, the deal, what
            each zone gives and takes, the actions, the removals, what happens by itself
            after every move, and how the game is won. The text comes from the checked
            rules, with the option values of --option (or the defaults) worked in, so it
            says what the game does, never what a comment claims.

            --format text (the default) writes plain text wrapped at 100 columns; markdown
            writes Markdown; html writes a complete HTML page; json writes the sections for
            programs (each with its subject, name, heading and blocks of paragraphs and lists).
            """,
            exitStatuses: [
                ExitStatus(.success, "The rules were described."),
                ExitStatus(.findings, "The rule file has errors, or an option is unknown or has a value it does not allow (reported as lint reports them)."),
            ],
        arguments: [GameSetup.rulesArgument],
        options: [
            .option("option", value: "name=value", isRepeatable: true,
                    help: "Set one of the game's options, such as 'draw=3'. May be repeated."),
            .option("format", value: "format", allowed: DescriptionFormat.allCases.map(\.rawValue),
                    defaultValue: DescriptionFormat.text.rawValue, help: "text, markdown, html or json."),
            .option(
                "color", value: "when", allowed: ColorChoice.allCases.map(\.rawValue),
                defaultValue: ColorChoice.auto.rawValue,
                help: "Colour diagnostics: auto, always or never. 'auto' colours only on a terminal, and never when NO_COLOR is set."),
        ])

    var rulesPath: String
    /// The `<rules>` word when it names no game and is no path.
    var unknownGame: String?
    var optionValues: [String: String]
    var format: DescriptionFormat
    var color: ColorChoice

    init(arguments: ParsedArguments) throws(UsageError) {
        let word = arguments.arguments(named: GameSetup.rulesArgument.name).first ?? ""
        rulesPath = RulesArgument.path(for: word) ?? word
        unknownGame = RulesArgument.path(for: word) == nil ? word : nil
        optionValues = try GameSetup.optionValues(arguments)
        format = arguments.value(of: "format").flatMap(DescriptionFormat.init(rawValue:)) ?? .text
        color = arguments.value(of: "color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
    }

    func run(on terminal: Terminal) -> ExitCode {
        if let unknownGame {
            Reporter(terminal: terminal, color: color).reportUnknownGame(unknownGame)
            return .findings
        }
        switch RulesDescriber.describe(path: rulesPath, options: optionValues) {
        case .success(let description):
            terminal.write(description.rendered(as: format), to: .standardOutput)
            return .success
        case .failure(let error):
            // The file's own errors are reported as lint reports them, every one; otherwise the
            // problem is with the option values, which only the check with them finds.
            let reporter = Reporter(terminal: terminal, color: color)
            let lint = lintRuleFile(atPath: rulesPath)
            if lint.errorCount > 0 {
                reporter.report(lint)
            } else {
                reporter.report(error)
            }
            return .findings
        }
    }
}
