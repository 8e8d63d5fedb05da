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
    /// A pipe the handler writes a byte to, so that a wait for input that began just after
    /// Ctrl-C (too late for the read to be interrupted) still wakes up: `LineReader` polls
    /// standard input and this pipe's reading end together. -1 until `install`.
    nonisolated(unsafe) private(set) static var wakeUpReader: Int32 = -1
    nonisolated(unsafe) private static var wakeUpWriter: Int32 = -1

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
        var ends: [Int32] = [-1, -1]
        if wakeUpReader < 0, pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            (wakeUpReader, wakeUpWriter) = (ends[0], ends[1])
        }
        var action = sigaction()
        #if canImport(Glibc) || canImport(Musl)
        action.__sigaction_handler.sa_handler = { _ in InterruptHandler.signalled() }
        #else
        action.__sigaction_u.__sa_handler = { _ in InterruptHandler.signalled() }
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

    /// The SIGINT handler's work, async-signal-safe: the flag, then a byte into the pipe.
    private static func signalled() {
        interrupted = 1
        if wakeUpWriter >= 0 {
            var byte: UInt8 = 1
            _ = write(wakeUpWriter, &byte, 1)
        }
    }

    /// Whether Ctrl-C was pressed since the last call; empties the wake-up pipe.
    static func takeInterrupt() -> Bool {
        if wakeUpReader >= 0 {
            var bytes = [UInt8](repeating: 0, count: 64)
            while bytes.withUnsafeMutableBytes({ read(wakeUpReader, $0.baseAddress, $0.count) }) > 0 {}
        }
        guard interrupted != 0 else { return false }
        interrupted = 0
        return true
    }
}
