/// Finds the known word closest to a misspelt one, for "did you mean" help.
package enum Spelling {
    /// The longest word for which a suggestion is sought.
    package static let maximumWordLength = 64
    /// The most characters of a name or text a message quotes; longer ones are cut short with `…`,
    /// so that a 100,000-character name does not make a 100,000-character message.
    package static let longestQuote = 48

    /// The text with every control character but the tab made visible, so that text from a rule
    /// file or a board (a game's name, an `else` reason, a quoted line) cannot send escape
    /// sequences to the terminal: C0 controls become their Unicode control pictures (ESC is `␛`),
    /// DEL `␡`, and C1 controls `�`. Each stays one column wide, so underlines still line up.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            shown.append(isControl(scalar) ? picture(of: scalar) : scalar)
        }
        return String(shown)
    }

    /// One scalar as `printable(_:)` shows it.
    package static func printableScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        isControl(scalar) ? picture(of: scalar) : scalar
    }

    /// Like `printable(_:)`, but keeps line breaks, for text of several lines.
    public static func printableLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }.joined(separator: "\n")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    private static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: return Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: return "\u{2421}"
        default: return "\u{FFFD}"
        }
    }

    /// `value` in single quotes, as messages quote names and text, cut short past `longestQuote`.
    package static func quoted(_ value: some CustomStringConvertible) -> String {
        let text = value.description
        guard text.count > longestQuote else { return "'\(text)'" }
        return "'\(text.prefix(longestQuote - 1))…'"
    }

    /// The candidate within edit distance 2 (or a third of the word's length, if larger) of `word`,
    /// preferring the smallest distance and then alphabetical order; nil when none is close, or
    /// when the word is longer than `maximumWordLength`.
    package static func closest<S: Sequence>(to word: String, among candidates: S) -> String? where S.Element == String {
        // The distance takes time proportional to the product of the lengths, and no one misspells
        // a name of hundreds of characters by a few letters.
        guard word.count <= maximumWordLength else { return nil }
        let limit = max(2, word.count / 3)
        var best: (distance: Int, word: String)?
        for candidate in candidates where candidate != word {
            let d = distance(word, candidate, limit: limit)
            guard d <= limit else { continue }
            if let current = best, d > current.distance || (d == current.distance && candidate >= current.word) { continue }
            best = (d, candidate)
        }
        return best?.word
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}
