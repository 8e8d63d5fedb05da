import Foundation
import PatienceDiagnostics

/// Freecell Solver's output exactly as `fc-solve` prints it, read for its moves.
///
/// `fc-solve -m -sn` (or `-snx`) prints a header line of `-=-=-…`, a blank line, its moves ten to
/// a line, and closing lines such as `This game is solveable.` and its statistics
/// (`Total number of states checked is 110.`). With `-sam` (states and moves) and `-p -t`, each
/// move is a `Move: 2h` line between board dumps (`Foundations:`, `Freecells:` and `: AH 5C …`
/// column lines), the blocks separated by lines of `=`. Without `-sn`, fc-solve writes each move
/// as a sentence (`Move 3 cards from stack 2 to stack 4`, `Move a card from freecell 0 to the
/// foundations`), whose stacks and free cells count from 0; such a sentence is one play.
///
/// A text that is not fc-solve's output, a plain list of moves, reads as ``PlayTokens`` reads it.
public struct FCSOutput: Sendable {
    /// The plays, each at its place in the text: the moves of `Move:` lines, fc-solve's sentences,
    /// and every token of the other lines that are neither fc-solve's framing nor a board dump.
    public var tokens: [PlayToken]
    /// Set when the text is fc-solve's output of states without moves (`-p -t` without `-m` or
    /// `-sam`), from which no move can be read: the finding points at the first board dump.
    public var problem: Diagnostic?

    /// Reads fc-solve's output, or a plain list of moves.
    public init(_ text: String) {
        let lines = Self.lines(of: text)
        // Lines of `=` separate the blocks of -sam and of moves written as sentences; a block
        // holds at most one move, and everything else in it is a board dump.
        let hasBlocks = lines.contains { Self.isSeparator($0.text) }
        var tokens: [PlayToken] = []
        var firstDump: SourceRange?
        for line in lines {
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || Self.isHeader(trimmed) || Self.isSeparator(trimmed) || Self.isClosing(trimmed) { continue }
            if trimmed.hasPrefix("Move:") {
                tokens += line.tokens.filter { $0.text != "Move:" }
                continue
            }
            if let sentence = Self.sentence(line) {
                tokens.append(sentence)
                continue
            }
            if hasBlocks || Self.isBoardDump(trimmed) {
                if firstDump == nil, let first = line.tokens.first { firstDump = first.range }
                continue
            }
            tokens += line.tokens
        }
        self.tokens = tokens
        if tokens.isEmpty, let firstDump {
            problem = Diagnostic(.unparseableMove,
                                 "this is Freecell Solver's output of states without its moves, from which no move can be read",
                                 at: firstDump,
                                 help: "run fc-solve with -m (moves only) or -sam (states and moves), and -sn or -snx")
        } else {
            problem = nil
        }
    }

    /// One line of the text: its characters (without the comment) and its tokens.
    private struct Line {
        var text: String
        var tokens: [PlayToken]
    }

    /// The lines of `text`, split as ``PlayTokens`` splits them (at `\n`, `\r\n` or a lone `\r`),
    /// each with the tokens ``PlayTokens`` finds on it.
    private static func lines(of text: String) -> [Line] {
        var texts: [String] = [""]
        var previousWasCR = false
        var inComment = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                if !(scalar == "\n" && previousWasCR) { texts.append("") }
                previousWasCR = scalar == "\r"
                inComment = false
                continue
            }
            previousWasCR = false
            if scalar == "#" { inComment = true }
            if !inComment { texts[texts.count - 1].unicodeScalars.append(scalar) }
        }
        var lines = texts.map { Line(text: $0, tokens: []) }
        for token in PlayTokens.split(text) where token.range.start.line <= lines.count {
            lines[token.range.start.line - 1].tokens.append(token)
        }
        return lines
    }

    /// `-=-=-=-=-=-=-=-=-=-=-=-`, the line fc-solve starts its solution with.
    static func isHeader(_ line: String) -> Bool {
        line.count >= 3 && line.hasPrefix("-=") && line.allSatisfy { $0 == "-" || $0 == "=" }
            && !line.contains("--") && !line.contains("==")
    }

    /// `====================`, the line between fc-solve's states or moves.
    static func isSeparator(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count >= 3 && trimmed.allSatisfy { $0 == "=" }
    }

    /// The lines fc-solve closes its output with: its verdict and its statistics.
    static func isClosing(_ line: String) -> Bool {
        let exact: Set<String> = [
            "This game is solveable.", "I could not solve this game.", "Iterations count exceeded.",
            // fc-solve writes this banner to standard error; it is read too, for output saved with 2>&1.
            "Reading the board from the standard input.", "Please refer to the documentation for more usage information:",
            "http://fc-solve.shlomifish.org/docs/", "To cancel this message set the FREECELL_SOLVER_QUIET environment variable.",
        ]
        if exact.contains(line) { return true }
        for (prefix, suffix) in [("Total number of states checked is ", "."), ("This scan generated ", " states."),
                                 ("Stored-States: ", ""), ("Iterations: ", "")] {
            guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { continue }
            let number = line.dropFirst(prefix.count).dropLast(suffix.count)
            if !number.isEmpty && number.allSatisfy(\.isNumber) { return true }
        }
        return false
    }

    /// A line of a board dump as `fc-solve -p` prints it: `Foundations: H-0 C-A D-0 S-0`,
    /// `Freecells:  JS`, or a column `: AH 5C 3S`.
    static func isBoardDump(_ line: String) -> Bool {
        line.hasPrefix("Foundations:") || line.hasPrefix("Freecells:") || line.hasPrefix(":")
    }

    /// A move written as fc-solve's sentence, one token covering the whole sentence.
    private static func sentence(_ line: Line) -> PlayToken? {
        guard let first = line.tokens.first, first.text == "Move", let last = line.tokens.last,
              FCSSentence(line.tokens.map(\.text).joined(separator: " ")) != nil else { return nil }
        return PlayToken(line.tokens.map(\.text).joined(separator: " "), at: SourceRange(start: first.range.start, end: last.range.end))
    }
}
