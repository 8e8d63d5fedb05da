import PatienceDiagnostics

/// One play as written in a list of plays, with where it stands in the text.
public struct PlayToken: Hashable, Sendable {
    /// The play's text, such as `tableau[7]x3->tableau[2]` or `58`.
    public var text: String
    /// Where it is: byte offsets, and lines and columns counted as in rule files.
    public var range: SourceRange

    /// A token of `text` at `range`.
    public init(_ text: String, at range: SourceRange) {
        self.text = text
        self.range = range
    }
}

/// Splits a list of plays into tokens, the same way for every notation: plays are separated by
/// white space, commas or line ends (`\n`, `\r\n` or a lone `\r`), and `#` starts a comment that
/// runs to the end of its line.
public enum PlayTokens {
    /// The tokens of `text`, in order.
    public static func split(_ text: String) -> [PlayToken] {
        var tokens: [PlayToken] = []
        var current = ""
        var start = SourceLocation(offset: 0, line: 1, column: 1)
        var location = start
        var inComment = false
        func finish() {
            if !current.isEmpty { tokens.append(PlayToken(current, at: SourceRange(start: start, end: location))) }
            current = ""
        }
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let isLineEnd = scalar == "\n" || scalar == "\r"
            if isLineEnd {
                finish()
                inComment = false
                // `\r\n` ends one line, not two.
                if !(scalar == "\n" && previousWasCR) {
                    location.line += 1
                }
                location.column = 1
                location.offset += scalar.utf8.count
                previousWasCR = scalar == "\r"
                continue
            }
            previousWasCR = false
            if !inComment {
                if scalar == "#" {
                    finish()
                    inComment = true
                } else if scalar.properties.isWhitespace || scalar == "," {
                    finish()
                } else {
                    if current.isEmpty { start = location }
                    current.unicodeScalars.append(scalar)
                }
            }
            location.column += 1
            location.offset += scalar.utf8.count
        }
        finish()
        return tokens
    }
}
