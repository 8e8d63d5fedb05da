import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// When to colour output, as chosen with `--color`.
enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour only on a terminal, and never when `NO_COLOR` is set.
    case auto
    case always
    case never
}

/// The process's output streams and what is known about them.
package struct Terminal: Sendable {
    enum Stream: Sendable {
        case standardOutput
        case standardError
    }

    var environment: [String: String]
    var standardOutputIsTerminal: Bool
    var standardErrorIsTerminal: Bool

    /// The terminal this process runs in.
    package static var current: Terminal {
        Terminal(
            environment: ProcessInfo.processInfo.environment,
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            standardErrorIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// Whether output written to `stream` should carry ANSI colour.
    func usesColor(_ choice: ColorChoice, on stream: Stream) -> Bool {
        switch choice {
        case .always:
            // An explicit flag on the command line outranks the environment, as no-color.org advises.
            return true
        case .never:
            return false
        case .auto:
            // Any value of NO_COLOR, even an empty one, turns colour off.
            guard environment["NO_COLOR"] == nil else { return false }
            return stream == .standardOutput ? standardOutputIsTerminal : standardErrorIsTerminal
        }
    }

    /// Writes `text` unchanged to `stream`. A failed write is recorded (`StandardStreams`) and
    /// reported when the command ends; after one, nothing more is written to that stream. A
    /// write to a pipe whose reader has gone ends the process at once with status 0.
    func write(_ text: String, to stream: Stream) {
        guard StandardStreams.writeFailure(on: stream) == nil else { return }
        let descriptor = stream == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                // The reader went away (`| head`): nothing more can be shown, so stop at once, quietly.
                if errno == EPIPE { StandardStreams.endBecauseTheReaderWentAway() }
                StandardStreams.recordWriteFailure(on: stream, errno: errno)
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Writes `text` and a newline to `stream`.
    func writeLine(_ text: String, to stream: Stream) {
        write(text + "\n", to: stream)
    }
}
