import PatienceDiagnostics
import PatienceCards

/// The kinds of token a rule file is made of. Keywords are lexed as identifiers; the parser
/// decides where a word is a keyword, so keywords stay usable as property names after `.`.
package enum TokenKind: Hashable, Sendable {
    case identifier(String)
    case integer(Int)
    /// `A`, `J`, `Q` or `K`: a rank written as a letter (1, 11, 12, 13).
    case rank(Int)
    /// A card literal such as `QH` or `10S`.
    case card(rank: Int, suit: Suit)
    case string(String)
    case symbol(Symbol)
    /// Text the lexer could not read; a diagnostic has been reported for it.
    case invalid
    case endOfFile
}

/// Punctuation and operators.
package enum Symbol: String, Hashable, Sendable, CaseIterable {
    case leftParen = "(", rightParen = ")"
    case leftBracket = "[", rightBracket = "]"
    case leftBrace = "{", rightBrace = "}"
    case comma = ",", colon = ":", dot = ".", ellipsis = "..."
    case assign = "=", equal = "==", notEqual = "!="
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case plus = "+", minus = "-", star = "*", slash = "/", percent = "%", caret = "^"
    case bar = "|"
}

/// One token with its place in the source.
package struct Token: Hashable, Sendable {
    package var kind: TokenKind
    package var range: SourceRange
    /// True when the token is the first on its line; used to resynchronise after syntax errors.
    package var startsLine: Bool

    package init(kind: TokenKind, range: SourceRange, startsLine: Bool) {
        self.kind = kind
        self.range = range
        self.startsLine = startsLine
    }

    /// The identifier's text if this token is one, for keyword tests.
    package var word: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    /// How the token reads in a message: `'deal'`, `'('`, `end of file`.
    package var quoted: String {
        switch kind {
        case .identifier(let name): return Spelling.quoted(name)
        case .integer(let n): return Spelling.quoted(n)
        case .rank(let r): return Spelling.quoted(Card.rankName(r))
        case .card(let rank, let suit): return "'\(Card.rankName(rank))\(suit.letter)'"
        case .string: return "a string"
        case .symbol(let s): return Spelling.quoted(s.rawValue)
        case .invalid: return "invalid text"
        case .endOfFile: return "end of file"
        }
    }
}

/// A `#` comment with its place in the source. Comments are trivia: they are kept beside the
/// syntax tree, not in it, so that checking and compiling never see them, while the formatter
/// puts each one back next to the declaration or statement it was written by.
package struct Comment: Hashable, Sendable {
    /// The comment as written, from `#` to the end of its line, without trailing spaces.
    package var text: String
    package var range: SourceRange
    /// True when code precedes the comment on its line (`zone stock 1  # the deck`); false for a
    /// comment on a line of its own.
    package var isTrailing: Bool

    package init(text: String, range: SourceRange, isTrailing: Bool) {
        self.text = text
        self.range = range
        self.isTrailing = isTrailing
    }
}
