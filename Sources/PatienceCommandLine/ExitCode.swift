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
    /// disk, a closed stream, a reader that went away.
    case ioError = 74
    /// Ended by Ctrl-C, as a shell reports a process killed by SIGINT (128 + 2).
    case interrupted = 130
}
