import PatienceDiagnostics
import PatienceCards

/// Writes a rule file in the canonical layout that `patience fmt` keeps the bundled games in
/// (Grammar.md, section 3.6): one declaration or statement per line, two-space indentation,
/// single spaces around operators, a line broken before an operator only when it is longer than
/// `lineWidth`, and every comment kept next to the declaration or statement it was written by.
///
/// The formatter reads the same syntax tree as the checker, so the formatted file parses to the
/// same tree; comments come from `RuleFile.comments`, and the braces of each block from the tokens.
package struct Formatter {
    /// The longest line the formatter writes where it has a choice.
    package static let lineWidth = 120
    /// Columns per block level.
    package static let indentWidth = 2

    /// What formatting a text gives: the formatted text, or the syntax errors that stop it.
    package enum Outcome: Sendable, Equatable {
        case formatted(String)
        /// The text has lexical or syntax errors and is left as it is; past
        /// ``DiagnosticLimit/retained`` they are counted in `omitted` and not kept.
        case failed([Diagnostic], omitted: Int = 0)
    }

    /// Formats a rule file's text.
    package static func format(_ source: String, path: String = "") -> Outcome {
        var lexer = Lexer(source)
        let tokens = lexer.tokenize()
        var parser = Parser(tokens: tokens, path: path)
        var file = parser.parseFile()
        file.comments = lexer.comments
        let errors = (lexer.diagnostics + parser.diagnostics).filter { $0.severity == .error }
        guard errors.isEmpty else { return .failed(errors, omitted: lexer.omittedCount + parser.omittedCount) }
        var formatter = Formatter(file: file, tokens: tokens)
        return .formatted(formatter.formatFile())
    }

    /// Where each comment of a file that parses stands: the declaration or statement it belongs to
    /// and its place there. Formatting keeps every placement, which the property tests check; a
    /// comment inside an expression counts as before its statement, where the formatter moves it.
    package static func commentPlacements(_ source: String) -> [CommentPlacement]? {
        var lexer = Lexer(source)
        let tokens = lexer.tokenize()
        var parser = Parser(tokens: tokens)
        var file = parser.parseFile()
        file.comments = lexer.comments
        guard !(lexer.diagnostics + parser.diagnostics).contains(where: { $0.severity == .error }) else { return nil }
        var formatter = Formatter(file: file, tokens: tokens)
        _ = formatter.formatFile()
        return file.comments.indices.map { formatter.placements[$0] ?? CommentPlacement(text: file.comments[$0].text, owner: [], slot: .lost) }
    }

    // MARK: State

    let file: RuleFile
    let tokens: [Token]
    let comments: [Comment]
    /// For each `{` token's index, the index of its `}`.
    let closingBrace: [Int: Int]
    /// For each `(` token's index, the index of its `)`.
    let closingParenthesis: [Int: Int]
    var used: [Bool]
    var placements: [Int: CommentPlacement] = [:]

    init(file: RuleFile, tokens: [Token]) {
        self.file = file
        self.tokens = tokens
        comments = file.comments
        used = Array(repeating: false, count: file.comments.count)
        var closing: [Int: Int] = [:], closingParentheses: [Int: Int] = [:]
        var open: [Int] = [], openParentheses: [Int] = []
        for (i, token) in tokens.enumerated() {
            switch token.kind {
            case .symbol(.leftBrace): open.append(i)
            case .symbol(.rightBrace): if let o = open.popLast() { closing[o] = i }
            case .symbol(.leftParen): openParentheses.append(i)
            case .symbol(.rightParen): if let o = openParentheses.popLast() { closingParentheses[o] = i }
            default: break
            }
        }
        closingBrace = closing
        closingParenthesis = closingParentheses
    }

    // MARK: Positions

    /// The braces of a block, as token indices.
    struct BlockSpan {
        var open: Int
        var close: Int
    }

    /// The first `{` at or after `offset`: a block's opening brace, since no expression holds a brace.
    func block(openingAtOrAfter offset: Int) -> BlockSpan? {
        var i = tokenIndex(atOrAfter: offset)
        while i < tokens.count, tokens[i].kind != .symbol(.leftBrace) {
            if tokens[i].kind == .endOfFile { return nil }
            i += 1
        }
        guard i < tokens.count, let close = closingBrace[i] else { return nil }
        return BlockSpan(open: i, close: close)
    }

    func offset(_ tokenIndex: Int) -> Int { tokens[tokenIndex].range.start.offset }

    /// The index of the first token that starts at or after `offset`.
    func tokenIndex(atOrAfter offset: Int) -> Int {
        var low = 0, high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].range.start.offset < offset { low = mid + 1 } else { high = mid }
        }
        return min(low, tokens.count - 1)
    }

    /// The index of the token that starts exactly at `offset`, if one does.
    func tokenIndex(startingAt offset: Int) -> Int? {
        let i = tokenIndex(atOrAfter: offset)
        return tokens[i].range.start.offset == offset ? i : nil
    }

    /// The unused comments that start in `range`, by index, in order.
    func commentIndices(in range: Range<Int>) -> [Int] {
        var low = 0, high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if comments[mid].range.start.offset < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        var i = low
        while i < comments.count, comments[i].range.start.offset < range.upperBound {
            if !used[i] { found.append(i) }
            i += 1
        }
        return found
    }

    func hasComments(inside span: BlockSpan) -> Bool {
        !commentIndices(in: offset(span.open)..<offset(span.close)).isEmpty
    }
}

/// Where a comment stands relative to the declarations and statements of its file.
package struct CommentPlacement: Hashable, Sendable, CustomStringConvertible {
    package enum Slot: String, Hashable, Sendable {
        /// On a line of its own before its owner.
        case before
        /// At the end of its owner's last line.
        case after
        /// At the end of the line that opens its owner, a block.
        case opening
        /// On a line of its own after the last statement of its owner, a block (or the file).
        case closing
        /// Not placed: a mistake in the formatter.
        case lost
    }

    package var text: String
    /// The path of the owner: a declaration's index, then for each level a block's index within
    /// its statement or declaration (0 the body or `then`, 1 `else`) and a statement's index.
    package var owner: [Int]
    package var slot: Slot

    package var description: String { "\(slot.rawValue) \(owner.map(String.init).joined(separator: ".")): \(text)" }
}
