import PatienceDiagnostics
import PatienceCards

/// Parses the tokens of one rule file into a `RuleFile`. It never throws: on a syntax error it
/// records a diagnostic, skips to the next place where parsing can resume (a declaration or
/// statement at the start of a line, or a closing brace), and goes on, so one pass reports
/// every independent error in the file.
package struct Parser {
    /// The deepest nesting of brackets, blocks and sub-expressions a file may use.
    package static let maximumNesting = 64

    var tokens: [Token]
    var position = 0
    var depth = 0
    /// Set after an error until the parser resynchronises, so one mistake yields one diagnostic.
    var recovering = false
    var reportedNesting = false
    /// Set while parsing an expression that `in` may follow as a keyword (`parseBarred`).
    var membershipBarred = false
    let path: String
    package private(set) var diagnostics: [Diagnostic] = []
    /// The findings past ``DiagnosticLimit/retained``, counted and not kept (all are errors).
    package private(set) var omittedCount = 0
    /// See `RuleFile.damagedNames`.
    var damagedNames: Set<String> = []

    package init(tokens: [Token], path: String = "") {
        self.tokens = tokens.isEmpty
            ? [Token(kind: .endOfFile, range: .fileStart, startsLine: true)] : tokens
        self.path = path
    }

    /// Lexes and parses a whole source text.
    package static func parse(_ source: String, path: String = "") -> (file: RuleFile, diagnostics: [Diagnostic]) {
        var lexer = Lexer(source)
        let tokens = lexer.tokenize()
        var parser = Parser(tokens: tokens, path: path)
        var file = parser.parseFile()
        file.comments = lexer.comments
        file.omittedErrors = lexer.omittedCount + parser.omittedCount
        return (file, lexer.diagnostics + parser.diagnostics)
    }

    // MARK: Token access

    var current: Token { tokens[position] }
    var previous: Token { tokens[max(position - 1, 0)] }

    func peek(_ ahead: Int = 1) -> Token {
        tokens[min(position + ahead, tokens.count - 1)]
    }

    var atEnd: Bool { current.kind == .endOfFile }

    @discardableResult
    mutating func advance() -> Token {
        let token = current
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    func isWord(_ word: String) -> Bool { current.word == word }

    /// Whether the current token can start an optional expression at the end of a declaration:
    /// anything but the end of the file, `in`, or a word that starts the next declaration.
    var startsExpression: Bool {
        if atEnd { return false }
        // `score` is a name in an expression, and starts a declaration only before `=`.
        if current.word == "score" { return peek().kind != .symbol(.assign) }
        if let word = current.word { return word != "in" && !Keywords.declarationStarts.contains(word) }
        return true
    }
    func isSymbol(_ symbol: Symbol) -> Bool { current.kind == .symbol(symbol) }

    mutating func acceptWord(_ word: String) -> Bool {
        guard isWord(word) else { return false }
        advance()
        return true
    }

    mutating func acceptSymbol(_ symbol: Symbol) -> Bool {
        guard isSymbol(symbol) else { return false }
        advance()
        return true
    }

    /// Consumes the keyword or reports that it was expected.
    @discardableResult
    mutating func expectWord(_ word: String, _ context: String) -> Bool {
        if acceptWord(word) { return true }
        error(.expectedToken, "expected \(Spelling.quoted(word)) \(context), found \(current.quoted)", at: current.range)
        return false
    }

    @discardableResult
    mutating func expectSymbol(_ symbol: Symbol, _ context: String) -> Bool {
        if acceptSymbol(symbol) { return true }
        error(.expectedToken, "expected \(Spelling.quoted(symbol.rawValue)) \(context), found \(current.quoted)", at: current.range)
        return false
    }

    /// Reads a name that is not a keyword.
    mutating func expectIdentifier(_ what: String) -> Identifier? {
        if let word = current.word, !Keywords.reserved.contains(word) {
            let token = advance()
            return Identifier(word, range: token.range)
        }
        if let word = current.word {
            error(.expectedToken, "\(Spelling.quoted(word)) is a keyword and cannot be used as \(what)", at: current.range,
                  help: "choose another name")
        } else {
            error(.expectedToken, "expected \(what), found \(current.quoted)", at: current.range)
        }
        return nil
    }

    mutating func expectString(_ what: String) -> String? {
        if case .string(let text) = current.kind {
            advance()
            return text
        }
        error(.expectedToken, "expected \(what) in double quotes, found \(current.quoted)", at: current.range)
        return nil
    }

    func range(from start: SourceRange) -> SourceRange {
        SourceRange(start: start.start, end: max(previous.range.end, start.end))
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange, help: String? = nil) {
        if recovering { return }
        recovering = true
        // The lexer has already reported this text; a second finding about the same place says nothing new.
        if code != .nestingTooDeep, current.kind == .invalid, range == current.range { return }
        guard diagnostics.count < DiagnosticLimit.retained || code == .nestingTooDeep else {
            omittedCount += 1
            return
        }
        diagnostics.append(Diagnostic(code, message, at: range, help: help))
    }

    // MARK: Nesting

    /// Enters one level of nesting; false (with one diagnostic per file) when the limit is passed.
    mutating func enterNesting() -> Bool {
        depth += 1
        if depth <= Parser.maximumNesting { return true }
        if !reportedNesting {
            reportedNesting = true
            recovering = false
            error(.nestingTooDeep, "this nests deeper than \(Parser.maximumNesting) levels", at: current.range,
                  help: "split the expression with 'let' definitions")
            recovering = true
        }
        return false
    }

    mutating func leaveNesting() { depth -= 1 }

    /// Skips a balanced run of brackets without recursion, used once the nesting limit is passed.
    mutating func skipBalanced() {
        var open = 0
        repeat {
            switch current.kind {
            case .symbol(.leftParen), .symbol(.leftBracket), .symbol(.leftBrace): open += 1
            case .symbol(.rightParen), .symbol(.rightBracket), .symbol(.rightBrace): open -= 1
            default: break
            }
            if atEnd { return }
            advance()
        } while open > 0
    }

    // MARK: File

    /// Parses declarations until the end of the file.
    package mutating func parseFile() -> RuleFile {
        var declarations: [Declaration] = []
        while !atEnd {
            let before = position
            if let declaration = parseDeclaration() {
                declarations.append(declaration)
            }
            if position == before || recovering {
                synchroniseToDeclaration(consumeAtLeastOne: position == before)
            }
        }
        return RuleFile(path: path, declarations: declarations, damagedNames: damagedNames)
    }

    /// Skips to the next token that can start a declaration at the start of a line, outside braces.
    mutating func synchroniseToDeclaration(consumeAtLeastOne: Bool) {
        synchronise(consumeAtLeastOne: consumeAtLeastOne) { parser, braces in
            guard braces <= 0, parser.current.startsLine, let word = parser.current.word else { return false }
            return Keywords.declarationStarts.contains(word)
        }
    }

    /// Skips tokens, tracking braces, until `stop` accepts the current token (never the first one
    /// when `consumeAtLeastOne`), then ends recovery so that the next error is reported again.
    mutating func synchronise(consumeAtLeastOne: Bool, stop: (Parser, _ braces: Int) -> Bool) {
        var braces = 0
        var first = true
        while !atEnd {
            if (!first || !consumeAtLeastOne) && stop(self, braces) { break }
            if isSymbol(.leftBrace) { braces += 1 }
            if isSymbol(.rightBrace) { braces -= 1 }
            advance()
            first = false
        }
        recovering = false
    }
}
