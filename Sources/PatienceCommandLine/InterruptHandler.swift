import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// Makes Ctrl-C (and a plain `kill`) end `patience play` without leaving colour switched on:
/// the handler writes the reset sequence and a newline, then exits with 128 plus the signal's number
/// (130 for SIGINT), as a shell reports a process killed by that signal.
///
/// The game reads whole lines and never changes the terminal's modes, so resetting the colour is
/// all the cleaning up there is.
enum InterruptHandler {
    static func install(resettingColor: Bool) {
        for signalNumber in [SIGINT, SIGTERM] {
            if resettingColor {
                signal(signalNumber) { received in
                    // Only async-signal-safe calls here: write(2) of a constant, then _exit(2).
                    let text: StaticString = "\u{1B}[0m\n"
                    _ = write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
                    _exit(128 + received)
                }
            } else {
                signal(signalNumber) { received in
                    let text: StaticString = "\n"
                    _ = write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
                    _exit(128 + received)
                }
            }
        }
    }
}
