import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// The top-level `patience` command: dispatches to a subcommand and handles `--help` and `--version`.
package enum PatienceCommand {
    static let version = "0.1.0"

    /// Every subcommand, in the order `patience --help` lists them.
    static var subcommands: [any Subcommand.Type] {
        [LintCommand.self, FmtCommand.self, DescribeCommand.self, LspCommand.self, ListCommand.self, DealCommand.self, MovesCommand.self, ReplayCommand.self, PlayCommand.self, ServeCommand.self, SolveCommand.self, AnalyzeCommand.self]
    }

    static let spec = CommandSpec(
        commandName: "patience",
        summary: "Check and play solitaire games written as rule files.",
        exitStatuses: [
            ExitStatus(.success, "The help or the version was shown. A subcommand's status is its own: 'patience help <subcommand>' lists it.")
        ],
        options: [.flag("version", help: "Show the version.")])

    static var help: CommandHelp {
        CommandHelp(spec: spec, subcommands: subcommands.map { ($0.spec.subcommandName, $0.spec.summary) })
    }

    /// Runs the command line `arguments` of this process: prepares the standard streams, runs
    /// the command, and turns a failed read or write into exit status 74 after reporting it.
    package static func runProcess(_ arguments: [String]) -> ExitCode {
        StandardStreams.prepare()
        let terminal = Terminal.current
        return StandardStreams.finish(run(arguments, on: terminal), on: terminal)
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    package static func run(_ arguments: [String], on terminal: Terminal) -> ExitCode {
        guard let first = arguments.first else {
            terminal.write(help.text, to: .standardError)
            return .usage
        }
        switch first {
        case "-h", "--help":
            terminal.write(help.text, to: .standardOutput)
            return .success
        case "--version":
            terminal.writeLine("patience \(version)", to: .standardOutput)
            return .success
        case "help":
            return showHelp(forSubcommand: arguments.dropFirst().first, on: terminal)
        default:
            break
        }

        guard let command = subcommand(named: first) else {
            let problem = first.hasPrefix("-") ? "unknown option \(Spelling.quoted(first))" : "unknown subcommand \(Spelling.quoted(first))"
            return reportUsageError(UsageError(problem), help: help, on: terminal)
        }
        let commandHelp = CommandHelp(spec: command.spec)
        do {
            switch try CommandLineParser(spec: command.spec).parse(Array(arguments.dropFirst())) {
            case .help:
                terminal.write(commandHelp.text, to: .standardOutput)
                return .success
            case .arguments(let parsed):
                return try command.init(arguments: parsed).run(on: terminal)
            }
        } catch {
            return reportUsageError(error, help: commandHelp, on: terminal)
        }
    }

    private static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.spec.subcommandName == name }
    }

    private static func showHelp(forSubcommand name: String?, on terminal: Terminal) -> ExitCode {
        guard let name else {
            terminal.write(help.text, to: .standardOutput)
            return .success
        }
        guard let command = subcommand(named: name) else {
            return reportUsageError(UsageError("unknown subcommand \(Spelling.quoted(name))"), help: help, on: terminal)
        }
        terminal.write(CommandHelp(spec: command.spec).text, to: .standardOutput)
        return .success
    }

    private static func reportUsageError(_ error: UsageError, help: CommandHelp, on terminal: Terminal) -> ExitCode {
        terminal.write(
            """
            error: \(error.message)
            Usage: \(help.usage)
            See '\(help.spec.commandName) --help' for more information.

            """, to: .standardError)
        return .usage
    }
}

extension CommandSpec {
    /// The last word of the command name, which is what the user types after `patience`.
    fileprivate var subcommandName: String {
        String(commandName.split(separator: " ").last ?? "")
    }
}
