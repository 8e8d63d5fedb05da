import Foundation
import Synchronization

/// One message read from the client, or why none could be read.
package enum IncomingMessage: Sendable {
    case message(JSON)
    /// The header or the body could not be read; the reader has skipped past it.
    case malformed(String)
    case endOfInput
}

/// Reads JSON-RPC messages framed by `Content-Length` headers (the LSP base protocol) from a
/// stream of bytes. A bad header, a body that is not JSON or a body larger than the limit is
/// reported and skipped, so one bad message never stops the server.
package struct MessageReader {
    /// The largest message body accepted, in bytes; a larger one is read and dropped.
    package static let maximumBody = 16 << 20

    private let read: () -> Data?
    private var buffer = Data()
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

    private mutating func fill() -> Bool {
        guard !ended else { return false }
        guard let more = read(), !more.isEmpty else {
            ended = true
            return false
        }
        buffer.append(more)
        return true
    }

    /// The next message.
    package mutating func next() -> IncomingMessage {
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while true {
            headerEnd = buffer.range(of: separator)
            if headerEnd != nil { break }
            if buffer.count > 64 * 1024 {
                buffer.removeAll()
                return .malformed("a message header is longer than 64 KiB")
            }
            if !fill() {
                if buffer.allSatisfy({ $0 == 10 || $0 == 13 || $0 == 32 }) { return .endOfInput }
                buffer.removeAll()
                return .malformed("the input ended inside a message header")
            }
        }
        guard let headerEnd else { return .endOfInput }
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex..<headerEnd.upperBound)
        var length: Int?
        for line in header.split(whereSeparator: { $0 == "\r" || $0 == "\n" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else {
            return .malformed("a message has no valid Content-Length header")
        }
        if length > Self.maximumBody {
            var left = length
            while left > 0 {
                if buffer.isEmpty, !fill() { break }
                let taken = min(left, buffer.count)
                buffer.removeFirst(taken)
                left -= taken
            }
            return .malformed("a message of \(length) bytes is larger than the limit of \(Self.maximumBody)")
        }
        while buffer.count < length {
            if !fill() {
                buffer.removeAll()
                return .malformed("the input ended inside a message body")
            }
        }
        let body = buffer.prefix(length)
        buffer.removeFirst(length)
        guard let json = JSON.parse(Data(body)) else { return .malformed("a message body is not JSON") }
        return .message(json)
    }
}

/// Writes framed JSON-RPC messages; safe to call from the reading thread and the checking queue.
package final class MessageWriter: Sendable {
    private let sink: Mutex<@Sendable (Data) -> Void>

    /// A writer that hands each framed message to `sink`, one at a time.
    package init(sink: @escaping @Sendable (Data) -> Void) {
        self.sink = Mutex(sink)
    }

    /// A writer to a file handle, such as standard output.
    package convenience init(handle: FileHandle) {
        self.init { data in try? handle.write(contentsOf: data) }
    }

    package func send(_ message: JSON) {
        let body = message.data
        var framed = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed.append(body)
        sink.withLock { write in write(framed) }
    }
}
