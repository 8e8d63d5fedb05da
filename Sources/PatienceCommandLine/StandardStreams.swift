import Foundation
import PatienceDiagnostics

/// What happened to the process's standard streams while a command ran: a write that failed
/// (a full disk, a closed descriptor) or a read that failed. A command reports such a failure
/// once, at its end, and exits with status 74 (`EX_IOERR`). A reader that went away (a closed
/// pipe) is not a failure: the process ends at once, quietly, with status 0.
package enum StandardStreams {
    /// Prepares the streams before any file is opened. A closed descriptor 0, 1 or 2 would be
    /// taken by the next file opened, so that output went into it or input came from it; each is
    /// opened on the null device in the direction that makes every use fail with `EBADF` instead.
    /// A broken pipe becomes a write error (`EPIPE`) rather than the signal that would end the process.
    package static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for (descriptor, flags) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)]
        where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", flags)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Ends the process with status 0 and no message: the reader of standard output or standard
    /// error has gone (`patience solve … | head -3`), as `head`'s users expect. Nothing is
    /// flushed, since every write is made directly, and nothing else runs, since other threads
    /// may still be working (a search) and have nothing left to show.
    static func endBecauseTheReaderWentAway() -> Never {
        _exit(ExitCode.success.rawValue)
    }

    /// Records that writing to `stream` failed with `errno`; later writes to it are skipped.
    static func recordWriteFailure(on stream: Terminal.Stream, errno code: Int32) {
        log.withLock { $0.writeFailures[stream] = $0.writeFailures[stream] ?? code }
    }

    /// Records that reading an input failed at the system level (the read itself, not the file's name).
    static func recordReadFailure() {
        log.withLock { $0.readFailed = true }
    }

    /// The `errno` of the first failed write to `stream`, if one failed.
    static func writeFailure(on stream: Terminal.Stream) -> Int32? {
        log.withLock { $0.writeFailures[stream] }
    }

    /// Whether any read or write failed at the system level.
    static var hadIOFailure: Bool {
        log.withLock { $0.readFailed || !$0.writeFailures.isEmpty }
    }

    /// The exit status of a command that returned `status`: 74 after a failed read or write,
    /// once the failure to write standard output has been reported on standard error.
    static func finish(_ status: ExitCode, on terminal: Terminal) -> ExitCode {
        if let code = writeFailure(on: .standardOutput) {
            terminal.writeLine("error[\(DiagnosticCode.unwritableOutput.rawValue)]: cannot write to <stdout>: \(String(cString: strerror(code)))", to: .standardError)
        }
        return hadIOFailure ? .ioError : status
    }

    private struct State {
        var writeFailures: [Terminal.Stream: Int32] = [:]
        var readFailed = false
    }

    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var state = State()
        func withLock<T>(_ body: (inout State) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }
    }

    private static let log = Log()
}
