import PatienceDiagnostics
import PatienceCards

/// Turns the text of a rule file into tokens. It never fails: unreadable text becomes an
/// `.invalid` token plus a diagnostic, and lexing goes on.
package struct Lexer {
    /// The most tokens one file may hold.
    package static let maximumTokens = 200_000
    /// The largest integer literal.
    package static let maximumInteger = 1_000_000

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var sawTokenOnLine = false
    package private(set) var diagnostics: [Diagnostic] = []
    /// The findings past ``DiagnosticLimit/retained``, counted and not kept (all are errors).
    package private(set) var omittedCount = 0
    /// Every `#` comment, in order. Comments are not tokens: the parser never sees them, and the
    /// formatter and the language server read them from here (through `RuleFile.comments`).
    package private(set) var comments: [Comment] = []

    package init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// Lexes the whole file. The last token is always `.endOfFile`.
    package mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = next()
            if tokens.count >= Lexer.maximumTokens, token.kind != .endOfFile {
                diagnostics.append(Diagnostic(
                    .tooManyTokens, "the file has more than \(Lexer.maximumTokens) tokens; the rest is ignored",
                    at: token.range))
                tokens.append(Token(kind: .endOfFile, range: token.range, startsLine: true))
                return tokens
            }
            tokens.append(token)
            if token.kind == .endOfFile { return tokens }
        }
    }

    private var columnCache = (offset: 0, column: 1)

    private var location: SourceLocation {
        mutating get { SourceLocation(offset: offset, line: line, column: column(at: offset)) }
    }

    /// Columns count Unicode scalars, so UTF-8 continuation bytes are skipped. The count
    /// resumes from the last position asked for, so a long line costs linear time overall.
    private mutating func column(at position: Int) -> Int {
        var (i, column) = columnCache.offset >= lineStart && columnCache.offset <= position
            ? columnCache : (lineStart, 1)
        while i < position {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        columnCache = (position, column)
        return column
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        let i = offset + ahead
        return i < bytes.count ? bytes[i] : nil
    }

    private mutating func skipTrivia() {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
                sawTokenOnLine = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "#"):
                let start = location
                while let b = peek(), b != UInt8(ascii: "\n") { offset += 1 }
                var end = offset
                while end > start.offset, bytes[end - 1] == UInt8(ascii: "\r") || bytes[end - 1] == UInt8(ascii: " ")
                    || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
                let text = String(decoding: bytes[start.offset..<end], as: UTF8.self)
                let endLocation = SourceLocation(offset: end, line: line, column: column(at: end))
                comments.append(Comment(text: text, range: SourceRange(start: start, end: endLocation), isTrailing: sawTokenOnLine))
            default:
                return
            }
        }
    }

    private mutating func next() -> Token {
        skipTrivia()
        let start = location
        let startsLine = !sawTokenOnLine
        sawTokenOnLine = true
        guard let byte = peek() else {
            return Token(kind: .endOfFile, range: SourceRange(start: start, end: start), startsLine: true)
        }
        let kind: TokenKind
        if isLower(byte) || byte == UInt8(ascii: "_") {
            kind = .identifier(readWord())
        } else if isUpper(byte) {
            kind = readCapitalWord(start: start)
        } else if isDigit(byte) {
            kind = readNumberOrCard(start: start)
        } else if byte == UInt8(ascii: "\"") {
            kind = readString(start: start)
        } else if let symbol = readSymbol() {
            kind = .symbol(symbol)
        } else {
            kind = readInvalidCharacter(start: start)
        }
        return Token(kind: kind, range: SourceRange(start: start, end: location), startsLine: startsLine)
    }

    private mutating func readWord() -> String {
        let begin = offset
        while let b = peek(), isWordByte(b) { offset += 1 }
        return String(decoding: bytes[begin..<offset], as: UTF8.self)
    }

    /// Words that start with a capital letter are rank or card literals and nothing else.
    private mutating func readCapitalWord(start: SourceLocation) -> TokenKind {
        let word = readWord()
        let letters = Array(word.utf8)
        let rankOfLetter: [UInt8: Int] = [
            UInt8(ascii: "A"): 1, UInt8(ascii: "J"): 11, UInt8(ascii: "Q"): 12, UInt8(ascii: "K"): 13,
        ]
        if letters.count == 1, let rank = rankOfLetter[letters[0]] { return .rank(rank) }
        if letters.count == 2, let rank = rankOfLetter[letters[0]], let suit = Suit(letter: Character(UnicodeScalar(letters[1]))),
           isUpper(letters[1]) {
            return .card(rank: rank, suit: suit)
        }
        report(.invalidCardLiteral, "\(Spelling.quoted(word)) is not a rank or card literal", from: start,
               help: "ranks are A, 2-10, J, Q, K and cards add a suit letter, as in QH or 10S; names start with a lower-case letter")
        return .invalid
    }

    private mutating func readNumberOrCard(start: SourceLocation) -> TokenKind {
        let begin = offset
        while let b = peek(), isDigit(b) { offset += 1 }
        let digits = String(decoding: bytes[begin..<offset], as: UTF8.self)
        if let b = peek(), isWordByte(b) {
            let rest = readWord()
            if rest.count == 1, let suit = Suit(letter: Character(rest)), let letter = rest.utf8.first, isUpper(letter),
               let rank = Int(digits), (2...10).contains(rank) {
                return .card(rank: rank, suit: suit)
            }
            report(.invalidNumber, "'\(digits)\(rest)' is neither a number nor a card", from: start,
                   help: "a card is a rank from 2 to 10 followed by C, D, H or S, as in 10S")
            return .invalid
        }
        // The value decides, not the digit count, so leading zeros are harmless; `Int` fails on overflow.
        guard let value = Int(digits), value <= Lexer.maximumInteger else {
            report(.invalidNumber, "the number \(digits.prefix(20))\(digits.count > 20 ? "…" : "") is larger than \(Lexer.maximumInteger)", from: start)
            return .invalid
        }
        return .integer(value)
    }

    private mutating func readString(start: SourceLocation) -> TokenKind {
        offset += 1
        var scalars: [UInt8] = []
        while let b = peek() {
            if b == UInt8(ascii: "\n") { break }
            offset += 1
            if b == UInt8(ascii: "\"") {
                return .string(String(decoding: scalars, as: UTF8.self))
            }
            // A backslash at the end of the line escapes nothing: the string still ends unclosed there.
            if b == UInt8(ascii: "\\"), let escaped = peek(), escaped != UInt8(ascii: "\n") {
                offset += 1
                switch escaped {
                case UInt8(ascii: "n"): scalars.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): scalars.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): scalars.append(escaped)
                default:
                    scalars.append(UInt8(ascii: "\\"))
                    scalars.append(escaped)
                }
                continue
            }
            scalars.append(b)
        }
        report(.unterminatedString, "this string is not closed before the end of the line", from: start,
               help: "add a closing '\"'")
        return .string(String(decoding: scalars, as: UTF8.self))
    }

    private mutating func readSymbol() -> Symbol? {
        // Longest match first: '...', then two-character operators, then single characters.
        for length in [3, 2, 1] where offset + length <= bytes.count {
            let text = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
            if let symbol = Symbol(rawValue: text) {
                offset += length
                return symbol
            }
        }
        return nil
    }

    private mutating func readInvalidCharacter(start: SourceLocation) -> TokenKind {
        // Consume one whole UTF-8 scalar so the range covers one visible character.
        offset += 1
        while let b = peek(), b & 0xC0 == 0x80 { offset += 1 }
        // '&&' is one mistake, not two.
        if bytes[start.offset] == UInt8(ascii: "&"), peek() == UInt8(ascii: "&") { offset += 1 }
        let text = String(decoding: bytes[start.offset..<offset], as: UTF8.self)
        var help: String?
        if text == "&" || text == "&&" { help = "write 'and'" }
        if text == "!" { help = "write 'not', or '!=' for 'is not equal to'" }
        if text == "'" { help = "strings use double quotes" }
        report(.unexpectedCharacter, "unexpected character \(Spelling.quoted(text))", from: start, help: help)
        return .invalid
    }

    private mutating func report(_ code: DiagnosticCode, _ message: @autoclosure () -> String, from start: SourceLocation,
                                 help: @autoclosure () -> String? = nil) {
        guard diagnostics.count < DiagnosticLimit.retained else {
            omittedCount += 1
            return
        }
        diagnostics.append(Diagnostic(code, message(), at: SourceRange(start: start, end: location), help: help()))
    }

    private func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
    private func isUpper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private func isWordByte(_ b: UInt8) -> Bool { isLower(b) || isUpper(b) || isDigit(b) || b == UInt8(ascii: "_") }
}
