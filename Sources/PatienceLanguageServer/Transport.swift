import Foundation
import Synchronization

/// One message read from the client, or why none could be read.
package enum IncomingMessage: Sendable {
    case message(JSON)
    /// The framing was bad (a header without a valid `Content-Length`, a body shorter or longer
    /// than its `Content-Length` said, bytes that are no header at all, a body over the limit);
    /// the reader has skipped to the next header it could find.
    case malformed(String)
    /// The message was framed well, but its body is not JSON.
    case notJSON(String)
    case endOfInput
}

/// Reads JSON-RPC messages framed by `Content-Length` headers (the LSP base protocol) from a
/// stream of bytes. A bad message is reported and skipped, so one bad message never stops the
/// server, and the reader finds its feet again at the next header:
///
/// - a header block whose lines are not all `Name: value`, or that has no valid
///   `Content-Length`, is skipped up to the next `Content-Length` in the input;
/// - a body that holds a header (`Content-Length: N` and a line break, which no JSON text can
///   hold) was shorter than its `Content-Length` said, and the reader goes on from that header
///   rather than waiting for bytes that belong to the next message;
/// - a body longer than its `Content-Length` leaves bytes before the next header, which are
///   skipped as above;
/// - a body over ``maximumBody`` bytes is read and dropped without being kept.
///
/// Every byte is looked at a bounded number of times, so reading takes time in proportion to the input.
package struct MessageReader {
    /// The largest message body accepted, in bytes; a larger one is read and dropped.
    package static let maximumBody = 16 << 20
    /// The longest header block accepted, in bytes.
    package static let maximumHeader = 64 * 1024

    private let read: () -> Data?
    /// The bytes read and not yet used, from `position` on.
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false

    /// A reader over `read`, which returns the next bytes (nil or empty at the end of input).
    package init(read: @escaping () -> Data?) {
        self.read = read
    }

    /// A reader of a file handle, such as standard input. A handle that cannot be read (closed,
    /// a folder) is the end of input: `availableData` would stop the process instead.
    package init(handle: FileHandle) {
        let descriptor = handle.fileDescriptor
        self.init {
            var bytes = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                return count > 0 ? Data(bytes[..<count]) : nil
            }
        }
    }

    private var available: Int { buffer.count - position }

    /// Reads more bytes; nil at the end of input, else how far the bytes already in the buffer
    /// moved towards its start (indices into it taken before must be lowered by that much).
    private mutating func fill() -> Int? {
        guard !ended else { return nil }
        guard let more = read(), !more.isEmpty else {
            ended = true
            return nil
        }
        // Bytes already used are dropped once they are most of the buffer, so that each byte is copied a bounded number of times.
        var shift = 0
        if position > 0 && position >= buffer.count / 2 {
            shift = position
            buffer.removeSubrange(0..<position)
            position = 0
        }
        buffer.append(contentsOf: more)
        return shift
    }

    /// Drops the bytes before `index`.
    private mutating func skip(to index: Int) {
        position = min(index, buffer.count)
    }

    /// The next message.
    package mutating func next() -> IncomingMessage {
        // Blank lines between messages are allowed.
        while true {
            while position < buffer.count, Self.isBlank(buffer[position]) { position += 1 }
            if position < buffer.count { break }
            if fill() == nil { return .endOfInput }
        }
        // The header block ends at the first blank line.
        var searched = position
        var headerEnd: Int?
        while true {
            headerEnd = Self.find(Self.separator, in: buffer, from: searched)
            if headerEnd != nil { break }
            searched = max(position, buffer.count - Self.separator.count + 1)
            if available > Self.maximumHeader {
                let skipped = resynchronise(after: position, orDropAllBut: Self.longestHeaderLine)
                return .malformed("\(skipped) bytes without the blank line that ends a message header (headers are at most \(Self.maximumHeader / 1024) KiB) were skipped")
            }
            guard let shift = fill() else {
                let rest = available
                skip(to: buffer.count)
                if buffer.suffix(rest).allSatisfy(Self.isBlank) { return .endOfInput }
                return .malformed("the input ended inside a message header (\(rest) bytes skipped)")
            }
            searched -= shift
        }
        guard let headerEnd else { return .endOfInput }
        let header = Self.parseHeader(buffer[position..<headerEnd])
        guard case .success(let length) = header else {
            let reason: String
            if case .failure(let problem) = header { reason = problem.message } else { reason = "" }
            let skipped = resynchronise(after: position, orDropAllBut: 0, atLeast: headerEnd + Self.separator.count)
            return .malformed("\(reason); \(skipped) bytes were skipped to the next header")
        }
        let bodyStart = headerEnd + Self.separator.count
        skip(to: bodyStart)
        return body(of: length)
    }

    /// Reads a body of `length` bytes from `position`, watching for a header inside it.
    private mutating func body(of length: Int) -> IncomingMessage {
        let oversized = length > Self.maximumBody
        var left = length
        // The body from `position` has been looked at for a header up to `scanned`.
        var scanned = position
        while true {
            let end = position + min(left, available)
            if let header = Self.findHeader(in: buffer, from: scanned, to: end) {
                let read = length - left + (header - position)
                skip(to: header)
                return .malformed("a message body ended after \(read) bytes, at the next header, but its Content-Length said \(length)")
            }
            // A header cut off at the end of what has come so far is looked at again with the bytes after it.
            scanned = max(position, end - Self.longestHeaderLine)
            if available >= left { break }
            if oversized {
                // A body over the limit is not kept: only its tail, where a header might start, stays.
                let drop = max(0, scanned - position)
                left -= drop
                skip(to: scanned)
            }
            guard let shift = fill() else {
                let read = length - left + available
                skip(to: buffer.count)
                return .malformed("the input ended inside a message body (\(read) of \(length) bytes)")
            }
            scanned -= shift
        }
        var bodyEnd = position + left
        let body = buffer[position..<bodyEnd]
        if oversized {
            skip(to: bodyEnd)
            return .malformed("a message of \(length) bytes is larger than the limit of \(Self.maximumBody) bytes")
        }
        guard let json = JSON.parse(Data(body)) else {
            // A Content-Length a little too long takes the start of the next header into the
            // body; when the bytes after the body finish that header, the reader goes on from it.
            var tail = max(position, bodyEnd - Self.longestHeaderLine)
            while true {
                if let header = Self.findHeader(in: buffer, from: tail, to: buffer.count), header < bodyEnd {
                    let read = header - position
                    skip(to: header)
                    return .malformed("a message body ended after \(read) bytes, at the next header, but its Content-Length said \(length)")
                }
                // The end of the body may start a header whose rest has not come yet.
                guard Self.startsHeader(in: buffer, from: tail, to: buffer.count), let shift = fill() else { break }
                tail -= shift
                bodyEnd -= shift
            }
            skip(to: bodyEnd)
            return .notJSON("a message body is not JSON")
        }
        skip(to: bodyEnd)
        return .message(json)
    }

    /// Skips to the next `Content-Length` after `start` (at or after `atLeast` when no such header
    /// comes earlier); without one, drops everything but the last `keep` bytes, where a header
    /// may be starting. Returns how many bytes were skipped.
    private mutating func resynchronise(after start: Int, orDropAllBut keep: Int, atLeast: Int? = nil) -> Int {
        let before = position
        if let next = Self.findName(in: buffer, from: start + 1, to: buffer.count) {
            skip(to: next)
        } else if let atLeast {
            skip(to: atLeast)
        } else {
            skip(to: max(position, buffer.count - keep))
        }
        return position - before
    }

    private static let separator = Array("\r\n\r\n".utf8)
    private static let name = Array("content-length".utf8)
    /// More than the longest `Content-Length: N` line there is reason to read.
    private static let longestHeaderLine = 64

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 10 || byte == 13 || byte == 32 || byte == 9
    }

    /// The length a header block gives, or why it gives none: every line must be `Name: value`,
    /// and exactly one must be a `Content-Length` of decimal digits.
    private static func parseHeader(_ bytes: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        var lengths = 0
        for line in bytes.split(separator: 10, omittingEmptySubsequences: true) {
            let line = line.last == 13 ? line.dropLast() : line
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  line[line.startIndex..<colon].allSatisfy({ $0 > 32 && $0 < 127 }) else {
                return .failure(HeaderProblem("a message header has a line that is not 'Name: value'"))
            }
            let key = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            guard key == "content-length" else { continue }
            lengths += 1
            let value = line[(colon + 1)...].drop { $0 == 32 || $0 == 9 }
            let digits = value.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
            guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                return .failure(HeaderProblem("a message's Content-Length is not a number of bytes"))
            }
            length = Int(String(decoding: digits, as: UTF8.self))
        }
        guard lengths <= 1 else { return .failure(HeaderProblem("a message header has \(lengths) Content-Length lines")) }
        guard let length else { return .failure(HeaderProblem("a message has no Content-Length header")) }
        return .success(length)
    }

    private struct HeaderProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The first index at or after `start` where `pattern` begins.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        var i = start
        while i <= bytes.count - pattern.count {
            if bytes[i] == pattern[0] {
                var j = 1
                while j < pattern.count && bytes[i + j] == pattern[j] { j += 1 }
                if j == pattern.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// The first index in `start..<end` where `Content-Length`, in any case, begins.
    private static func findName(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var i = max(0, start)
        while i + name.count <= end {
            if bytes[i] | 0x20 == name[0] {
                var j = 1
                while j < name.count && (bytes[i + j] == name[j] || bytes[i + j] | 0x20 == name[j] && name[j] >= 97) { j += 1 }
                if j == name.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// The first index in `start..<end` where a whole `Content-Length: N` line begins, with its
    /// line break: bytes that no JSON text can hold, since a line break cannot be inside a string.
    private static func findHeader(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var from = start
        while let found = findName(in: bytes, from: from, to: end) {
            if headerLine(at: found, in: bytes, to: end) == .whole { return found }
            from = found + 1
        }
        return nil
    }

    /// Whether some index in `start..<end` begins what may be a `Content-Length: N` line that
    /// the bytes up to `end` cut short.
    private static func startsHeader(in bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        (max(0, start)..<end).contains { headerLine(at: $0, in: bytes, to: end) == .cut }
    }

    private enum HeaderLine { case whole, cut, no }

    /// Whether the bytes from `index` up to `end` are a whole `Content-Length: N` line and its
    /// line break, the start of one that `end` cuts short, or neither.
    private static func headerLine(at index: Int, in bytes: [UInt8], to end: Int) -> HeaderLine {
        var i = index
        for letter in name {
            guard i < end else { return .cut }
            guard bytes[i] == letter || (letter >= 97 && bytes[i] | 0x20 == letter) else { return .no }
            i += 1
        }
        while i < end, bytes[i] == 32 || bytes[i] == 9 { i += 1 }
        guard i < end else { return .cut }
        guard bytes[i] == UInt8(ascii: ":") else { return .no }
        i += 1
        while i < end, bytes[i] == 32 || bytes[i] == 9 { i += 1 }
        let digits = i
        while i < end, bytes[i] >= 48 && bytes[i] <= 57 { i += 1 }
        guard i < end else { return .cut }
        return i > digits && (bytes[i] == 13 || bytes[i] == 10) ? .whole : .no
    }
}

/// Writes framed JSON-RPC messages; safe to call from the reading thread and the checking queue.
/// The first message that cannot be written (the client has gone, standard output is closed)
/// is reported on standard error, and nothing more is written: `hasFailed` tells the server to stop.
package final class MessageWriter: Sendable {
    private struct State {
        var write: @Sendable (Data) -> Bool
        var failed = false
    }
    private let state: Mutex<State>
    private let report: @Sendable (String) -> Void

    /// A writer that hands each framed message to `write`, one at a time; `write` says whether
    /// the message was written whole. `report` gets the one line said when it was not.
    package init(write: @escaping @Sendable (Data) -> Bool, report: @escaping @Sendable (String) -> Void) {
        state = Mutex(State(write: write))
        self.report = report
    }

    /// A writer that hands each framed message to `sink`, which cannot fail.
    package convenience init(sink: @escaping @Sendable (Data) -> Void) {
        self.init(write: { data in sink(data); return true }, report: { _ in })
    }

    /// A writer to a file handle, such as standard output, that reports on standard error.
    package convenience init(handle: FileHandle) {
        self.init(write: { data in (try? handle.write(contentsOf: data)) != nil },
                  report: { line in try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8)) })
    }

    /// Whether a message could not be written; none is written after it.
    package var hasFailed: Bool { state.withLock { $0.failed } }

    package func send(_ message: JSON) {
        let body = message.data
        var framed = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed.append(body)
        let failedNow = state.withLock { state -> Bool in
            guard !state.failed else { return false }
            state.failed = !state.write(framed)
            return state.failed
        }
        if failedNow { report("patience lsp: a message to the client cannot be written (its end of the output is closed); the server stops") }
    }
}
