import Foundation

/// Reads standard input line by line with read(2), so that Ctrl-C can interrupt the wait for a
/// line (`InterruptHandler`) and the game can ask a question before it quits.
struct LineReader {
    enum Result: Equatable {
        case line(String)
        /// Ctrl-C was pressed while waiting; what had been typed of the line is dropped.
        case interrupted
        /// End of input (Ctrl-D at the start of a line, or the end of a file), or a read error.
        case end
    }

    /// Bytes read past the last line returned.
    private var buffer: [UInt8] = []
    private var atEnd = false
    /// A line longer than this is cut, so that endless input without a newline cannot fill memory.
    static let lineLimit = 1 << 16

    mutating func next() -> Result {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                return .line(Self.text(line))
            }
            if atEnd || buffer.count >= Self.lineLimit {
                guard !buffer.isEmpty else { return .end }
                let line = buffer
                buffer.removeAll()
                return .line(Self.text(line[...]))
            }
            // Ctrl-C pressed after the last read returned, even just before this wait began,
            // has written to the handler's pipe: wait for input and the pipe together.
            if InterruptHandler.takeInterrupt() {
                buffer.removeAll()
                return .interrupted
            }
            if InterruptHandler.wakeUpReader >= 0 {
                var waits = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                             pollfd(fd: InterruptHandler.wakeUpReader, events: Int16(POLLIN), revents: 0)]
                if poll(&waits, 2, -1) < 0 || waits[1].revents != 0 { continue }
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
            } else if count < 0 && errno == EINTR {
                if InterruptHandler.takeInterrupt() {
                    buffer.removeAll()
                    return .interrupted
                }
            } else {
                atEnd = true
            }
        }
    }

    /// The line as text, without a carriage return before its newline; bytes that are not UTF-8 are replaced.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var line = String(decoding: bytes, as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}
