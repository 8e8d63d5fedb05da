import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// The process exit statuses `patience` uses, following the BSD `sysexits` convention for usage errors.
package enum ExitCode: Int32, Sendable {
    /// The command did what was asked and found nothing wrong.
    case success = 0
    /// The command ran but reports findings: lint errors, an illegal move.
    case findings = 1
    /// `solve` could not decide the table within its budget.
    case undecided = 2
    /// The command line itself is wrong (`EX_USAGE`).
    case usage = 64
    /// Reading an input or writing an output failed at the system level (`EX_IOERR`): a full
    /// disk, a closed descriptor. A reader that goes away (a closed pipe) is not a failure: the
    /// command ends quietly with status 0, as `head`'s users expect.
    case ioError = 74
    /// Ended by Ctrl-C, as a shell reports a process killed by SIGINT (128 + 2).
    case interrupted = 130
}

/// One exit status as a command's `--help` lists it: the code and what it means for that command.
struct ExitStatus: Sendable {
    var code: ExitCode
    var meaning: String

    init(_ code: ExitCode, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }

    /// The statuses every command can return, listed after the command's own.
    static let common: [ExitStatus] = [
        ExitStatus(.usage, "A usage error: an unknown option, a missing argument, a value not allowed."),
        ExitStatus(
            .ioError,
            "Reading an input or writing an output failed (a full disk, a closed descriptor). Output to a pipe whose reader has gone (such as '| head') ends quietly with status 0."),
    ]
}
