/// Renders diagnostics as text in the format compilers use, so that editors and CI annotate them:
///
/// ```
/// Rules/Klondike.patience:14:23: error[P0203]: 'colour' is not a property of a card; did you mean 'color'?
///    |
/// 14 |   else: run.first.colour != top.color and run.first.rank == top.rank - 1
///    |                   ^~~~~~
///    = help: ...
/// ```
///
/// The first line is always `path:line:column: severity[CODE]: message`. The quoted line and its
/// underline follow when the source text is known. Tabs in the quoted line are expanded to tab
/// stops, and the underline is expanded the same way, so the caret stays under its column.
///
/// A line wider than `excerptWidth` is quoted as a window around the start of the range, with
/// `…` in place of the text cut at either end, and the underline shifted to match. With a width
/// of 20, a range at column 19 of `abcdefghijklmnopqrstuvwxyz0123456789` renders as:
///
/// ```
/// 1 | …mnopqrstuvwxyz0123…
///   |        ^~
/// ```
public struct DiagnosticRenderer: Sendable {
    /// Whether to add ANSI colour and bold escape codes.
    public var usesColor: Bool
    /// The distance between tab stops when tabs in a quoted line are expanded.
    public var tabWidth: Int
    /// The most columns of a source line that are quoted, counting the `…` that mark cut text.
    public var excerptWidth: Int

    /// Creates a renderer; colour is off unless asked for.
    public init(usesColor: Bool = false, tabWidth: Int = 4, excerptWidth: Int = 120) {
        self.usesColor = usesColor
        self.tabWidth = max(1, tabWidth)
        self.excerptWidth = max(3, excerptWidth)
    }

    /// Renders one diagnostic, without a trailing newline.
    ///
    /// - Parameters:
    ///   - diagnostic: The finding to render.
    ///   - path: The file name shown in the first line, as the user gave it; nil for input that is not a file.
    ///   - source: The file's text, or nil to render only the first line, help and notes.
    public func render(_ diagnostic: Diagnostic, inFile path: String?, source: String?) -> String {
        var excerpts = ExcerptCache(lines: source.map(SourceLines.init), tabWidth: tabWidth)
        return render(diagnostic, inFile: path, excerpts: &excerpts)
    }

    /// Renders the findings of a file, in order, one string per diagnostic: at most
    /// ``DiagnosticLimit/perFile`` of them, then one that says how many more there are.
    ///
    /// The source is split into lines once, and a line is prepared for quoting once however many
    /// findings quote it, so the time taken grows with the file's size and the number of findings
    /// shown, not with their product. With `quotesFileStart` false, a finding about the input as
    /// a whole (its range ``SourceRange/fileStart``) quotes no line. `omittedErrors` errors that
    /// were counted and not kept are counted with the findings not shown.
    public func render(_ diagnostics: [Diagnostic], inFile path: String, source: String?, quotesFileStart: Bool = true,
                       omittedErrors: Int = 0) -> [String] {
        var excerpts = ExcerptCache(lines: source.map(SourceLines.init), tabWidth: tabWidth)
        var unquoted = ExcerptCache(lines: nil, tabWidth: tabWidth)
        return DiagnosticLimit.capped(diagnostics, alsoOmitted: omittedErrors).map { diagnostic in
            quotesFileStart || diagnostic.range != .fileStart
                ? render(diagnostic, inFile: path, excerpts: &excerpts) : render(diagnostic, inFile: path, excerpts: &unquoted)
        }
    }

    private func render(_ diagnostic: Diagnostic, inFile path: String?, excerpts: inout ExcerptCache) -> String {
        let start = diagnostic.range.start
        let label = "\(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]"
        // Input that is not a file (a command-line argument) has no place to name.
        let place = path.map { "\($0):\(start.line):\(start.column): " } ?? ""
        // Messages, help and quoted lines hold text from rule files and boards: no control character reaches the terminal.
        var output = [Spelling.printable(place) + styled(label, diagnostic.severity.style) + ": " + styled(Spelling.printableLines(diagnostic.message), .bold)]

        let gutterWidth = String(start.line).count
        let blankGutter = String(repeating: " ", count: gutterWidth + 1)
        if let excerpt = excerpts.excerpt(ofLine: start.line) {
            let span = excerpt.displaySpan(
                fromColumn: start.column,
                toColumn: diagnostic.range.end.line == start.line ? diagnostic.range.end.column : nil)
            let (text, underlineStart, underlineEnd) = excerpt.window(around: span, width: excerptWidth)
            let underline =
                String(repeating: " ", count: underlineStart) + "^"
                + String(repeating: "~", count: max(0, underlineEnd - underlineStart - 1))
            output.append(blankGutter + "|")
            output.append(text.isEmpty ? "\(start.line) |" : "\(start.line) | \(text)")
            output.append(blankGutter + "| " + styled(underline, diagnostic.severity.style))
        }

        if let help = diagnostic.help {
            output.append(blankGutter + "= " + styled("help", .bold) + ": " + Spelling.printableLines(help))
        }
        for note in diagnostic.notes {
            let location = note.range.map { "\(path.map { $0 + ":" } ?? "")\($0.start.line):\($0.start.column): " } ?? ""
            output.append(blankGutter + "= " + styled("note", Severity.note.style) + ": " + Spelling.printable(location) + Spelling.printableLines(note.message))
        }
        return output.joined(separator: "\n")
    }

    private func styled(_ text: String, _ style: ANSIStyle) -> String {
        usesColor ? style.rawValue + text + ANSIStyle.reset.rawValue : text
    }
}

/// The ANSI escape sequences the renderer uses.
enum ANSIStyle: String {
    case bold = "\u{1B}[1m"
    case boldRed = "\u{1B}[1;31m"
    case yellow = "\u{1B}[33m"
    case cyan = "\u{1B}[36m"
    case reset = "\u{1B}[0m"
}

extension Severity {
    fileprivate var style: ANSIStyle {
        switch self {
        case .error: return .boldRed
        case .warning: return .yellow
        case .note: return .cyan
        }
    }
}

/// A file's text split into lines of Unicode scalars, the unit that `SourceLocation.column` counts.
private struct SourceLines {
    private let lines: [Substring.UnicodeScalarView]

    init(_ source: String) {
        // Split on scalars, not Characters: "\r\n" is one Character and would hide the line break.
        lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
    }

    /// The 1-based line `number`, or nil when the file has no such line.
    func line(_ number: Int) -> Substring.UnicodeScalarView? {
        lines.indices.contains(number - 1) ? lines[number - 1] : nil
    }
}

/// The excerpt of the line last quoted, kept while the findings that follow quote the same line
/// (findings come in order of place, so a line's findings are together).
private struct ExcerptCache {
    let lines: SourceLines?
    let tabWidth: Int
    private var last: (line: Int, excerpt: Excerpt)?

    init(lines: SourceLines?, tabWidth: Int) {
        self.lines = lines
        self.tabWidth = tabWidth
    }

    mutating func excerpt(ofLine number: Int) -> Excerpt? {
        if let last, last.line == number { return last.excerpt }
        guard let line = lines?.line(number) else { return nil }
        let excerpt = Excerpt(line: line, tabWidth: tabWidth)
        last = (number, excerpt)
        return excerpt
    }
}

/// One source line prepared for quoting: tabs expanded, control characters made visible, with the
/// display column of each scalar. Preparing it takes time in proportion to the line's length;
/// quoting a window of it then takes time in proportion to the window's width.
private struct Excerpt {
    /// The line as shown, one scalar per display column.
    private let shown: [Unicode.Scalar]
    /// `displayColumns[i]` is where scalar `i` starts on screen; the last entry is the line's width.
    private let displayColumns: [Int]

    init(line: Substring.UnicodeScalarView, tabWidth: Int) {
        var shown: [Unicode.Scalar] = []
        var columns: [Int] = []
        shown.reserveCapacity(line.count)
        columns.reserveCapacity(line.count + 1)
        var width = 0
        for scalar in line {
            columns.append(width)
            if scalar == "\t" {
                let advance = tabWidth - width % tabWidth
                shown.append(contentsOf: repeatElement(" ", count: advance))
                width += advance
            } else {
                shown.append(Spelling.printableScalar(scalar))
                width += 1
            }
        }
        columns.append(width)
        self.shown = shown
        displayColumns = columns
    }

    /// The on-screen start and end of the underline for 1-based scalar columns; a nil end column
    /// means the range continues past this line, so the underline runs to the end of the line.
    func displaySpan(fromColumn start: Int, toColumn end: Int?) -> (start: Int, end: Int) {
        let startDisplay = displayColumn(ofScalar: start - 1)
        let endDisplay = end.map { displayColumn(ofScalar: $0 - 1) } ?? displayColumns[displayColumns.count - 1]
        return (startDisplay, max(endDisplay, startDisplay + 1))
    }

    /// The text to quote and the underline's display span within it. A line wider than `width`
    /// is cut to a window that starts a third of the width before the span (or ends at the line's
    /// end), with `…` for the cut text; the span is shifted to match, and cut at the window's end.
    func window(around span: (start: Int, end: Int), width: Int) -> (text: String, start: Int, end: Int) {
        let lineWidth = displayColumns[displayColumns.count - 1]
        guard lineWidth > width else { return (Self.text(shown[...]), span.start, span.end) }
        // Near the line's end the window ends with the line, and only the leading '…' takes a column.
        let windowStart = max(0, min(span.start - width / 3, lineWidth - (width - 1)))
        let leading = windowStart > 0 ? 1 : 0
        var windowEnd = windowStart + width - leading
        let trailing = windowEnd < lineWidth ? 1 : 0
        windowEnd = min(windowEnd - trailing, lineWidth)
        var text = String.UnicodeScalarView()
        if leading == 1 { text.append("…") }
        text.append(contentsOf: shown[windowStart..<windowEnd])
        if trailing == 1 { text.append("…") }
        let start = span.start - windowStart + leading
        let end = min(span.end, windowEnd) - windowStart + leading
        return (String(text), start, max(end, start + 1))
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }

    private func displayColumn(ofScalar index: Int) -> Int {
        let lineEnd = displayColumns.count - 1
        if index < 0 { return 0 }
        // A column past the end of the line (such as a missing token at the line's end) sits in
        // the empty space after it.
        return index <= lineEnd ? displayColumns[index] : displayColumns[lineEnd] + (index - lineEnd)
    }
}
