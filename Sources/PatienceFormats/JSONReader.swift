import Foundation
import PatienceDiagnostics

/// A JSON value read from text, with the place it was read from, so that a finding about it
/// can name its line and column.
package struct JSONNode: Sendable {
    /// What a JSON value holds. A number keeps its text, so that no digit is lost on the way to
    /// the program that reads it.
    package indirect enum Value: Sendable {
        case null
        case boolean(Bool)
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// One member of an object: its key, where the key is written, and its value.
    package struct Member: Sendable {
        package var key: String
        package var keyRange: SourceRange
        package var value: JSONNode
    }

    package var value: Value
    /// From the value's first character to just after its last.
    package var range: SourceRange

    /// What kind of value this is, as a message names it: `a string`, `an object`, ….
    package var kind: String {
        switch value {
        case .null: return "null"
        case .boolean: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Whether the value is `null`.
    package var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The value written back as JSON text on one line, numbers exactly as read.
    package var text: String {
        switch value {
        case .null: return "null"
        case .boolean(let flag): return flag ? "true" : "false"
        case .number(let digits): return digits
        case .string(let string): return DiagnosticJSON.string(string)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { DiagnosticJSON.string($0.key) + ": " + $0.value.text }.joined(separator: ", ") + "}"
        }
    }
}

/// Reads JSON text (RFC 8259) into ``JSONNode``s, reporting the first error at its line and
/// column with the code ``DiagnosticCode/malformedPosition``. Nesting deeper than
/// ``maximumDepth`` is refused rather than followed, so no input can exhaust the stack.
package struct JSONReader {
    /// The deepest nesting of arrays and objects read.
    package static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    private init(_ text: String) { bytes = Array(text.utf8) }

    /// The one value `text` holds, with nothing but white space around it.
    package static func parse(_ text: String) throws(DiagnosticsError) -> JSONNode {
        var reader = JSONReader(text)
        reader.skipWhitespace()
        let node = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else {
            throw reader.error("unexpected text after the JSON value", help: "a position is one JSON object")
        }
        return node
    }

    private var location: SourceLocation { SourceLocation(offset: index, line: line, column: column) }

    private func error(_ message: String, at start: SourceLocation? = nil, help: String? = nil) -> DiagnosticsError {
        let start = start ?? location
        var end = start
        if start.offset < bytes.count {
            end = SourceLocation(offset: start.offset + 1, line: start.line, column: start.column + 1)
        }
        return DiagnosticsError(.malformedPosition, message, at: SourceRange(start: start, end: end), help: help)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past one byte, counting lines and columns (a column is a Unicode scalar: only the
    /// first byte of a scalar's UTF-8 form counts).
    private mutating func advance() {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private mutating func value(depth: Int) throws(DiagnosticsError) -> JSONNode {
        let start = location
        guard let byte = current else { throw error("the JSON text ends where a value belongs") }
        let value: JSONNode.Value
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("objects and arrays nest deeper than \(Self.maximumDepth) levels") }
            value = .object(try members(depth: depth + 1))
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw error("objects and arrays nest deeper than \(Self.maximumDepth) levels") }
            value = .array(try items(depth: depth + 1))
        case UInt8(ascii: "\""):
            value = .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try number())
        case UInt8(ascii: "t"):
            try word("true")
            value = .boolean(true)
        case UInt8(ascii: "f"):
            try word("false")
            value = .boolean(false)
        case UInt8(ascii: "n"):
            try word("null")
            value = .null
        default:
            throw error("\(describe(byte)) cannot start a JSON value", help: "write an object, an array, a string in double quotes, a number, true, false or null")
        }
        return JSONNode(value: value, range: SourceRange(start: start, end: location))
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? Spelling.quoted(String(UnicodeScalar(byte))) : "this character"
    }

    private mutating func word(_ word: String) throws(DiagnosticsError) {
        let start = location
        for expected in word.utf8 {
            guard current == expected else { throw error("expected \(Spelling.quoted(word))", at: start) }
            advance()
        }
    }

    private mutating func members(depth: Int) throws(DiagnosticsError) -> [JSONNode.Member] {
        advance()
        skipWhitespace()
        var members: [JSONNode.Member] = []
        if current == UInt8(ascii: "}") {
            advance()
            return members
        }
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw error(current == nil ? "the JSON text ends inside an object" : "expected a member's name in double quotes")
            }
            let keyStart = location
            let key = try string()
            let keyRange = SourceRange(start: keyStart, end: location)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the member's name") }
            advance()
            skipWhitespace()
            members.append(JSONNode.Member(key: key, keyRange: keyRange, value: try value(depth: depth)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
                skipWhitespace()
            case UInt8(ascii: "}"):
                advance()
                return members
            case nil:
                throw error("the JSON text ends inside an object", help: "close it with '}'")
            default:
                throw error("expected ',' or '}' after the member", help: "members are separated by commas")
            }
        }
    }

    private mutating func items(depth: Int) throws(DiagnosticsError) -> [JSONNode] {
        advance()
        skipWhitespace()
        var items: [JSONNode] = []
        if current == UInt8(ascii: "]") {
            advance()
            return items
        }
        while true {
            items.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
                skipWhitespace()
            case UInt8(ascii: "]"):
                advance()
                return items
            case nil:
                throw error("the JSON text ends inside an array", help: "close it with ']'")
            default:
                throw error("expected ',' or ']' after the item", help: "items are separated by commas")
            }
        }
    }

    private mutating func number() throws(DiagnosticsError) -> String {
        let start = index
        let startLocation = location
        if current == UInt8(ascii: "-") { advance() }
        func digits(_ reader: inout JSONReader) -> Int {
            var count = 0
            while let byte = reader.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                reader.advance()
                count += 1
            }
            return count
        }
        let leadingZero = current == UInt8(ascii: "0")
        let whole = digits(&self)
        guard whole > 0, !(leadingZero && whole > 1) else { throw error("this is not a JSON number", at: startLocation) }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits(&self) > 0 else { throw error("a JSON number needs digits after its decimal point", at: startLocation) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else { throw error("a JSON number needs digits in its exponent", at: startLocation) }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(DiagnosticsError) -> String {
        let start = location
        advance()
        var scalars = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        while true {
            guard let byte = current else { throw error("the JSON text ends inside a string", at: start, help: "close it with '\"'") }
            if byte == UInt8(ascii: "\"") {
                advance()
                guard pendingHigh == nil else { throw error("a string ends in half a surrogate pair", at: start) }
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character in a string must be escaped", help: "write \\n for a line break, \\t for a tab") }
            if byte == UInt8(ascii: "\\") {
                let escapeStart = location
                advance()
                guard let escaped = current else { throw error("the JSON text ends inside a string", at: start) }
                advance()
                var scalar: UInt32
                switch escaped {
                case UInt8(ascii: "\""): scalar = 0x22
                case UInt8(ascii: "\\"): scalar = 0x5C
                case UInt8(ascii: "/"): scalar = 0x2F
                case UInt8(ascii: "b"): scalar = 0x08
                case UInt8(ascii: "f"): scalar = 0x0C
                case UInt8(ascii: "n"): scalar = 0x0A
                case UInt8(ascii: "r"): scalar = 0x0D
                case UInt8(ascii: "t"): scalar = 0x09
                case UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard let hex = current, let digit = Self.hexValue(hex) else {
                            throw error("'\\u' needs four hexadecimal digits", at: escapeStart)
                        }
                        value = value * 16 + digit
                        advance()
                    }
                    scalar = value
                default:
                    throw error("'\\\(String(UnicodeScalar(escaped)))' is not an escape of JSON", at: escapeStart,
                                help: "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
                }
                if let high = pendingHigh {
                    guard (0xDC00...0xDFFF).contains(scalar) else { throw error("half a surrogate pair in a string", at: escapeStart) }
                    scalar = 0x10000 + ((high - 0xD800) << 10) + (scalar - 0xDC00)
                    pendingHigh = nil
                } else if (0xD800...0xDBFF).contains(scalar) {
                    pendingHigh = scalar
                    continue
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("half a surrogate pair in a string", at: escapeStart)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw error("not a Unicode character", at: escapeStart) }
                scalars.append(unicode)
                continue
            }
            guard pendingHigh == nil else { throw error("half a surrogate pair in a string", at: start) }
            // The text came from a String, so its UTF-8 is valid: copy one whole scalar.
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            let end = min(index + length, bytes.count)
            scalars.append(contentsOf: String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars)
            advance()
            while index < end { advance() }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
