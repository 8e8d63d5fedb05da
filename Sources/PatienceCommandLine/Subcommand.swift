import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// A `patience` subcommand. Each lives in its own file and is listed in `PatienceCommand.subcommands`.
protocol Subcommand {
    /// The command's name, summary, options and arguments.
    static var spec: CommandSpec { get }

    /// Reads the parsed command line, rejecting combinations the parser cannot see.
    init(arguments: ParsedArguments) throws(UsageError)

    /// Does the work and returns the process's exit status.
    func run(on terminal: Terminal) -> ExitCode
}
