import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// Ctrl-C and `kill` in `patience play`.
///
/// SIGTERM ends the game at once without leaving colour switched on: the handler writes the
/// reset sequence and a newline, then exits with 128 plus the signal's number, as a shell
/// reports a process killed by that signal.
///
/// SIGINT (Ctrl-C) only sets a flag, and interrupts the read of the line being typed (the
/// handler is installed without `SA_RESTART`). The game's loop then asks the player whether to
/// quit when the game is not saved, and quits with status 130 when it is or when the player
/// says yes. The game reads whole lines and never changes the terminal's modes, so resetting the
/// colour is all the cleaning up there is.
enum InterruptHandler {
    /// Set by the SIGINT handler, cleared by `takeInterrupt()`. Only the handler and the main
    /// thread touch it, and a whole aligned word is written and read at once.
    nonisolated(unsafe) private static var interrupted: sig_atomic_t = 0

    static func install(resettingColor: Bool) {
        if resettingColor {
            signal(SIGTERM) { received in
                // Only async-signal-safe calls here: write(2) of a constant, then _exit(2).
                let text: StaticString = "\u{1B}[0m\n"
                _ = write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
                _exit(128 + received)
            }
        } else {
            signal(SIGTERM) { received in
                let text: StaticString = "\n"
                _ = write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
                _exit(128 + received)
            }
        }
        var action = sigaction()
        #if canImport(Glibc) || canImport(Musl)
        action.__sigaction_handler.sa_handler = { _ in InterruptHandler.interrupted = 1 }
        #else
        action.__sigaction_u.__sa_handler = { _ in InterruptHandler.interrupted = 1 }
        #endif
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: a read waiting for a line returns, so the question can be asked at once.
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // A parent may have started the game with SIGINT blocked, which would hold Ctrl-C back.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }

    /// Whether Ctrl-C was pressed since the last call.
    static func takeInterrupt() -> Bool {
        guard interrupted != 0 else { return false }
        interrupted = 0
        return true
    }
}
