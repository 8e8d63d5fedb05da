import Foundation

/// The bounds a `patience serve` connection is held to. Every one is small, because the only
/// client is a page of the server's own on the same machine.
package struct HTTPLimits: Sendable {
    /// The most bytes of a request line and its headers, the blank line included.
    package var maxHeaderBytes = 16 * 1024
    /// The most header lines.
    package var maxHeaderCount = 64
    /// The most bytes of a request body.
    package var maxBodyBytes = 256 * 1024
    /// The most connections open at once; one more is answered 503 and closed.
    package var maxConnections = 64
    /// How long a request may take to arrive, from its first byte to its last.
    package var requestSeconds = 10.0
    /// How long a connection may stay open waiting for its next request.
    package var idleSeconds = 30.0

    /// The limits `patience serve` uses.
    package init() {}
}

/// One request, as the server read it.
package struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `HEAD` or `POST`.
    package var method: String
    /// The path, percent-decoded: `/api/new`, `/picture/Klondike.patience`.
    package var path: String
    /// The query, as sent (after the `?`, not decoded).
    package var query: String
    /// The header fields, names in lower case, in the order sent.
    package var headers: [(name: String, value: String)]
    /// The body, empty when there is none.
    package var body: [UInt8]
    /// Whether the client asked for the connection to be closed after the answer.
    package var closes: Bool

    package init(method: String, path: String, query: String = "", headers: [(name: String, value: String)] = [], body: [UInt8] = [], closes: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.closes = closes
    }

    /// The value of the first header field named `name` (any case).
    package func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }

    package static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.query == b.query && a.body == b.body && a.closes == b.closes
            && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }
}

/// One answer.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]

    package init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A text answer, such as an error's explanation.
    package static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// The reason phrase of the statuses the server sends.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }

    /// The bytes sent: status line, headers and, unless `headOnly`, the body. Every answer
    /// forbids caching and framing by other sites' pages, and says whether the connection stays open.
    package func bytes(closing: Bool, headOnly: Bool = false) -> [UInt8] {
        let head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
            + "Content-Type: \(contentType)\r\n"
            + "Content-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\n"
            + "X-Content-Type-Options: nosniff\r\n"
            + "X-Frame-Options: DENY\r\n"
            + "Connection: \(closing ? "close" : "keep-alive")\r\n\r\n"
        return Array(head.utf8) + (headOnly ? [] : body)
    }
}

/// Reads requests out of the bytes a connection has received so far.
package struct HTTPRequestParser: Sendable {
    package let limits: HTTPLimits

    package init(limits: HTTPLimits = HTTPLimits()) { self.limits = limits }

    /// What the bytes received so far hold.
    package enum Outcome: Equatable, Sendable {
        /// Not a whole request yet, and nothing wrong so far.
        case incomplete
        /// A request, and how many bytes of the buffer it took.
        case request(HTTPRequest, consumed: Int)
        /// A request that is malformed or over a limit: answer with this status and close.
        case failure(status: Int, reason: String)
    }

    /// Reads the first request of `buffer`.
    package func parse(_ buffer: [UInt8]) -> Outcome {
        guard let headEnd = Self.headEnd(in: buffer, within: limits.maxHeaderBytes) else {
            return buffer.count >= limits.maxHeaderBytes
                ? .failure(status: 431, reason: "the request line and headers exceed \(limits.maxHeaderBytes) bytes") : .incomplete
        }
        guard let head = String(validating: buffer[..<headEnd], as: UTF8.self) else {
            return .failure(status: 400, reason: "the request's head is not UTF-8")
        }
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            return .failure(status: 400, reason: "malformed request line")
        }
        let method = String(parts[0]), target = String(parts[1]), version = parts[2]
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return version.hasPrefix("HTTP/") ? .failure(status: 505, reason: "only HTTP/1.0 and 1.1 are served")
                : .failure(status: 400, reason: "malformed request line")
        }
        guard lines.count <= limits.maxHeaderCount else { return .failure(status: 431, reason: "more than \(limits.maxHeaderCount) header fields") }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                return .failure(status: 400, reason: "malformed header line")
            }
            let name = line[..<colon]
            // A name is a token: no space before the colon, no folded continuation line.
            guard name.unicodeScalars.allSatisfy(Self.isTokenCharacter) else { return .failure(status: 400, reason: "malformed header name") }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
                return .failure(status: 400, reason: "a control character in a header value")
            }
            headers.append((name.lowercased(), value))
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .failure(status: 501, reason: "a chunked body is not accepted; send Content-Length")
        }
        let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
        var bodyLength = 0
        if let text = lengths.first {
            guard lengths.count == 1, !text.isEmpty, text.count <= 12, text.allSatisfy(\.isASCII), let length = Int(text), length >= 0,
                  text.allSatisfy(\.isNumber)
            else { return .failure(status: 400, reason: "malformed Content-Length") }
            guard length <= limits.maxBodyBytes else { return .failure(status: 413, reason: "the body exceeds \(limits.maxBodyBytes) bytes") }
            bodyLength = length
        }
        guard ["GET", "HEAD", "POST"].contains(method) else { return .failure(status: 405, reason: "only GET, HEAD and POST are served") }
        let bodyStart = headEnd + 4
        guard buffer.count >= bodyStart + bodyLength else { return .incomplete }
        guard target.hasPrefix("/") else { return .failure(status: 400, reason: "the target must be a path starting with /") }
        let question = target.firstIndex(of: "?")
        let rawPath = question.map { String(target[..<$0]) } ?? target
        let query = question.map { String(target[target.index(after: $0)...]) } ?? ""
        guard let path = Self.percentDecoded(rawPath) else { return .failure(status: 400, reason: "malformed percent-encoding in the path") }
        let connection = headers.first { $0.name == "connection" }?.value.lowercased() ?? ""
        let closes = version == "HTTP/1.0" ? !connection.contains("keep-alive") : connection.contains("close")
        let request = HTTPRequest(method: method, path: path, query: query, headers: headers,
                                  body: Array(buffer[bodyStart..<(bodyStart + bodyLength)]), closes: closes)
        return .request(request, consumed: bodyStart + bodyLength)
    }

    /// The index of the blank line's `\r\n\r\n`, searched only within the first `limit` bytes.
    private static func headEnd(in buffer: [UInt8], within limit: Int) -> Int? {
        let end = min(buffer.count, limit)
        guard end >= 4 else { return nil }
        for index in 0...(end - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII, scalar.value > 0x20, scalar.value < 0x7F else { return false }
        return !"\"(),/:;<=>?@[\\]{}".unicodeScalars.contains(scalar)
    }

    /// `text` with each `%XX` decoded; nil when a `%` is not followed by two hex digits, when the
    /// result is not UTF-8, or when it holds a NUL or another control character.
    package static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let high = hexValue(utf8.removeFirst()), let low = hexValue(utf8.removeFirst()) else { return nil }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self),
              !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
