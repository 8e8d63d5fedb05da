import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine


/// A range from `line:column` to `endLine:endColumn`; the renderer reads only lines and columns.
private func range(_ line: Int, _ column: Int, to endLine: Int, _ endColumn: Int) -> SourceRange {
    SourceRange(
        start: SourceLocation(offset: 0, line: line, column: column),
        end: SourceLocation(offset: 0, line: endLine, column: endColumn))
}

/// A source text whose line `number` is `text` and whose other lines are placeholders.
private func source(line number: Int, _ text: String) -> String {
    (1..<number).map { "# line \($0)" }.joined(separator: "\n") + (number > 1 ? "\n" : "") + text + "\nend\n"
}

private let klondikeLine = "  else: run.first.colour != top.color and run.first.rank == top.rank - 1"

@Suite struct DiagnosticRendererTests {
    let plain = DiagnosticRenderer()

    @Test func multiCharacterRangeWithHelp() {
        let diagnostic = Diagnostic(
            .unknownProperty, "'colour' is not a property of a card; did you mean 'color'?",
            at: range(14, 19, to: 14, 25), help: "write 'color'")
        let text = plain.render(diagnostic, inFile: "Rules/Klondike.patience", source: source(line: 14, klondikeLine))
        expectEqual(text, """
                Rules/Klondike.patience:14:19: error[P0302]: 'colour' is not a property of a card; did you mean 'color'?
                   |
                14 |   else: run.first.colour != top.color and run.first.rank == top.rank - 1
                   |                   ^~~~~~
                   = help: write 'color'
                """)
    }

    @Test func singleCharacterRange() {
        let diagnostic = Diagnostic(.unexpectedCharacter, "unexpected character '@'", at: range(3, 9, to: 3, 10))
        let text = plain.render(diagnostic, inFile: "a.patience", source: source(line: 3, "zone foo@ bar"))
        expectEqual(text, """
                a.patience:3:9: error[P0101]: unexpected character '@'
                  |
                3 | zone foo@ bar
                  |         ^
                """)
    }

    @Test func zeroWidthRangeGetsOneCaret() {
        let diagnostic = Diagnostic(.expectedToken, "expected ')'", at: range(2, 11, to: 2, 11))
        let text = plain.render(diagnostic, inFile: "a.patience", source: source(line: 2, "when (a or"))
        expectEqual(text, """
                a.patience:2:11: error[P0201]: expected ')'
                  |
                2 | when (a or
                  |           ^
                """)
    }

    @Test func rangeOverSeveralLinesUnderlinesToEndOfFirstLine() {
        let diagnostic = Diagnostic(.unclosedDelimiter, "'(' is never closed", at: range(5, 6, to: 7, 2))
        let text = plain.render(diagnostic, inFile: "a.patience", source: source(line: 5, "when (top.rank"))
        expectEqual(text, """
                a.patience:5:6: error[P0204]: '(' is never closed
                  |
                5 | when (top.rank
                  |      ^~~~~~~~~
                """)
    }

    @Test func threeDigitLineWidensGutter() {
        let diagnostic = Diagnostic(
            .alwaysFalse, "this condition can never hold", at: range(120, 7, to: 120, 16), severity: .warning)
        let text = plain.render(diagnostic, inFile: "b.patience", source: source(line: 120, "  if 1 == 2 then"))
        expectEqual(text, """
                b.patience:120:7: warning[P0505]: this condition can never hold
                    |
                120 |   if 1 == 2 then
                    |       ^~~~~~~~~
                """)
    }

    @Test(arguments: [(7, 1), (42, 2), (999, 3), (1000, 4)])
    func gutterWidthFollowsLineNumberDigits(line: Int, digits: Int) {
        let diagnostic = Diagnostic(.unknownName, "unknown name 'x'", at: range(line, 1, to: line, 2), help: "h")
        let lines = plain.render(diagnostic, inFile: "f", source: source(line: line, "x")).split(separator: "\n")
        let blankGutter = String(repeating: " ", count: digits + 1)
        expectEqual(lines[1], blankGutter + "|")
        expectEqual(lines[2], "\(line) | x")
        expectEqual(lines[3], blankGutter + "| ^")
        expectEqual(lines[4], blankGutter + "= help: h")
    }

    @Test func helpAndNotes() {
        let diagnostic = Diagnostic(
            .duplicateDeclaration, "zone 'tableau' is declared twice", at: range(9, 6, to: 9, 13),
            help: "rename one of them",
            notes: [
                DiagnosticNote(message: "first declared here", range: range(4, 6, to: 4, 13)),
                DiagnosticNote(message: "zone names must be unique"),
            ])
        let text = plain.render(diagnostic, inFile: "c.patience", source: source(line: 9, "zone tableau: 7 piles"))
        expectEqual(text, """
                c.patience:9:6: error[P0304]: zone 'tableau' is declared twice
                  |
                9 | zone tableau: 7 piles
                  |      ^~~~~~~
                  = help: rename one of them
                  = note: c.patience:4:6: first declared here
                  = note: zone names must be unique
                """)
    }

    @Test func withoutSourceOnlyHeaderHelpAndNotes() {
        let diagnostic = Diagnostic(
            .unreadableFile, "no such file or folder", at: .fileStart, help: "check the path",
            notes: [DiagnosticNote(message: "named on the command line")])
        expectEqual(plain.render(diagnostic, inFile: "gone.patience", source: nil), """
                gone.patience:1:1: error[P0005]: no such file or folder
                  = help: check the path
                  = note: named on the command line
                """)
        let bare = Diagnostic(.unreadableFile, "no such file or folder", at: .fileStart)
        expectEqual(plain.render(bare, inFile: "gone.patience", source: nil), "gone.patience:1:1: error[P0005]: no such file or folder")
    }

    @Test func lineMissingFromSourceRendersHeaderOnly() {
        let diagnostic = Diagnostic(.expectedToken, "expected 'end'", at: range(40, 1, to: 40, 1))
        expectEqual(plain.render(diagnostic, inFile: "d.patience", source: "game X\n"), "d.patience:40:1: error[P0201]: expected 'end'")
    }

    @Test func tabsExpandInLineAndUnderlineAlike() {
        // Scalars: tab, "foo", space, "bar": column 6 is the 'b' of "bar", which a 4-column tab moves to display column 9.
        let diagnostic = Diagnostic(.unknownName, "unknown name 'bar'", at: range(1, 6, to: 1, 9))
        expectEqual(plain.render(diagnostic, inFile: "t.patience", source: "\tfoo bar\n"), """
                t.patience:1:6: error[P0301]: unknown name 'bar'
                  |
                1 |     foo bar
                  |         ^~~
                """)
        // "b", tab, "c", "d": the tab inside the range widens the underline by its two display columns.
        let spanningTab = Diagnostic(.unknownName, "unknown name", at: range(1, 2, to: 1, 6))
        expectHasSuffix(plain.render(spanningTab, inFile: "t.patience", source: "ab\tcd\n"), """
                1 | ab  cd
                  |  ^~~~~
                """)
    }

    @Test func carriageReturnLineEndingsAreNotQuoted() {
        let diagnostic = Diagnostic(.unknownName, "unknown name 'x'", at: range(2, 1, to: 2, 2))
        let text = plain.render(diagnostic, inFile: "w.patience", source: "game W\r\nx\r\n")
        expectContains(text, "2 | x\n")
        expectNotContains(text, "\r")
    }

    @Test func emptyLineHasNoTrailingSpace() {
        let diagnostic = Diagnostic(.expectedExpression, "expected an expression", at: range(2, 1, to: 2, 1))
        let text = plain.render(diagnostic, inFile: "e.patience", source: "game E\n\nend\n")
        expectEqual(text.split(separator: "\n", omittingEmptySubsequences: false)[2], "2 |")
    }

    @Test func colourWrapsLabelMessageAndUnderline() {
        let diagnostic = Diagnostic(
            .unknownName, "unknown name 'x'", at: range(1, 1, to: 1, 2), help: "declare it",
            notes: [DiagnosticNote(message: "names are case-sensitive")])
        let text = DiagnosticRenderer(usesColor: true).render(diagnostic, inFile: "k.patience", source: "x\n")
        expectEqual(text, """
                k.patience:1:1: \u{1B}[1;31merror[P0301]\u{1B}[0m: \u{1B}[1munknown name 'x'\u{1B}[0m
                  |
                1 | x
                  | \u{1B}[1;31m^\u{1B}[0m
                  = \u{1B}[1mhelp\u{1B}[0m: declare it
                  = \u{1B}[36mnote\u{1B}[0m: names are case-sensitive
                """)
    }

    @Test(arguments: [(Severity.error, "\u{1B}[1;31m"), (.warning, "\u{1B}[33m"), (.note, "\u{1B}[36m")])
    func severityColours(severity: Severity, escape: String) {
        let diagnostic = Diagnostic(.unusedOption, "m", at: .fileStart, severity: severity)
        let text = DiagnosticRenderer(usesColor: true).render(diagnostic, inFile: "f", source: nil)
        expectEqual(text, "f:1:1: \(escape)\(severity.rawValue)[P0514]\u{1B}[0m: \u{1B}[1mm\u{1B}[0m")
    }

    @Test func noEscapesWithoutColour() {
        let diagnostic = Diagnostic(.unknownName, "m", at: range(1, 1, to: 1, 2), help: "h", notes: [DiagnosticNote(message: "n")])
        expectNotContains(plain.render(diagnostic, inFile: "f", source: "x"), "\u{1B}")
    }

    @Test func fileResultRendersEachDiagnosticInOrder() {
        let result = FileLintResult(
            path: "r.patience", source: "one\ntwo\n",
            diagnostics: [
                Diagnostic(.unknownName, "first", at: range(2, 1, to: 2, 4)),
                Diagnostic(.unknownName, "second", at: range(1, 1, to: 1, 4)),
            ])
        let rendered = plain.render(result)
        expectEqual(rendered.count, 2)
        expectHasPrefix(rendered[0], "r.patience:2:1: error[P0301]: first\n")
        expectHasSuffix(rendered[1], "1 | one\n  | ^~~")
    }

    // MARK: Long lines

    /// Thirty-six characters, so that a window of 20 must cut it and each column is easy to find.
    private let alphabetLine = "abcdefghijklmnopqrstuvwxyz0123456789"
    private let narrow = DiagnosticRenderer(excerptWidth: 20)

    @Test func lineAsWideAsTheWindowIsQuotedWhole() {
        let diagnostic = Diagnostic(.unknownName, "m", at: range(1, 3, to: 1, 5))
        expectEqual(narrow.render(diagnostic, inFile: "w.patience", source: "abcdefghijklmnopqrst\n"), """
                w.patience:1:3: error[P0301]: m
                  |
                1 | abcdefghijklmnopqrst
                  |   ^~
                """)
    }

    @Test func rangeNearTheStartCutsTheEnd() {
        let diagnostic = Diagnostic(.unknownName, "m", at: range(1, 3, to: 1, 5))
        expectEqual(narrow.render(diagnostic, inFile: "w.patience", source: alphabetLine), """
                w.patience:1:3: error[P0301]: m
                  |
                1 | abcdefghijklmnopqrs…
                  |   ^~
                """)
    }

    @Test func rangeInTheMiddleCutsBothEnds() {
        // Column 19 is 's'; the window starts a third of its width (6 columns) before it.
        let diagnostic = Diagnostic(.unknownName, "m", at: range(1, 19, to: 1, 21))
        expectEqual(narrow.render(diagnostic, inFile: "w.patience", source: alphabetLine), """
                w.patience:1:19: error[P0301]: m
                  |
                1 | …mnopqrstuvwxyz0123…
                  |        ^~
                """)
    }

    @Test func rangeNearTheEndShowsTheLineEnd() {
        // Column 34 is '7'; the window ends at the line's end instead of running past it.
        let diagnostic = Diagnostic(.unknownName, "m", at: range(1, 34, to: 1, 36))
        expectEqual(narrow.render(diagnostic, inFile: "w.patience", source: alphabetLine), """
                w.patience:1:34: error[P0301]: m
                  |
                1 | …rstuvwxyz0123456789
                  |                  ^~
                """)
    }

    @Test func underlineStopsAtTheCut() {
        // The range runs on to the next line, so its underline would reach the end of this one.
        let diagnostic = Diagnostic(.unclosedDelimiter, "m", at: range(1, 3, to: 2, 1))
        expectEqual(narrow.render(diagnostic, inFile: "w.patience", source: alphabetLine + "\nnext\n"), """
                w.patience:1:3: error[P0204]: m
                  |
                1 | abcdefghijklmnopqrs…
                  |   ^~~~~~~~~~~~~~~~~
                """)
    }

    @Test func caretAfterTheEndOfACutLine() {
        // A missing token at the end of the line is reported just past it.
        let diagnostic = Diagnostic(.expectedToken, "m", at: range(1, 37, to: 1, 37))
        expectEqual(narrow.render(diagnostic, inFile: "w.patience", source: alphabetLine), """
                w.patience:1:37: error[P0201]: m
                  |
                1 | …rstuvwxyz0123456789
                  |                     ^
                """)
    }

    @Test func tabsBeforeTheWindowKeepTheCaretAligned() {
        // Two tabs expand to eight columns, so column 15 ('m') is display column 20.
        let diagnostic = Diagnostic(.unknownName, "m", at: range(1, 15, to: 1, 16))
        expectEqual(narrow.render(diagnostic, inFile: "w.patience", source: "\t\tabcdefghijklmnopqrstuvwxyz"), """
                w.patience:1:15: error[P0301]: m
                  |
                1 | …ghijklmnopqrstuvwx…
                  |        ^
                """)
    }

    @Test func tenThousandCharacterLineShowsAWindowOf120() {
        let line = String(repeating: "x", count: 5_000) + "BAD" + String(repeating: "y", count: 5_000)
        let diagnostic = Diagnostic(.unknownName, "cannot find 'BAD'", at: range(1, 5_001, to: 1, 5_004))
        let expected = """
            w.patience:1:5001: error[P0301]: cannot find 'BAD'
              |
            1 | …\(String(repeating: "x", count: 40))BAD\(String(repeating: "y", count: 75))…
              | \(String(repeating: " ", count: 41))^~~
            """
        let text = plain.render(diagnostic, inFile: "w.patience", source: line)
        expectEqual(text, expected)
        let quoted = text.split(separator: "\n")[2].dropFirst("1 | ".count)
        expectEqual(quoted.count, 120)
    }

    @Test func linterFindingOnALongLine() throws {
        // A real finding near the end of a 199-character line, at the default width: the window
        // ends with the line, so only its start is cut.
        let source = "game \"T\"\nwon when " + String(repeating: "true and ", count: 20) + "wste.empty\n"
        let result = lintRuleSource(source)
        let unknown = try #require(result.diagnostics.first { $0.code == .unknownName })
        expectEqual(plain.render(unknown, inFile: "<input>", source: source), """
                <input>:2:190: error[P0301]: cannot find 'wste' among the zones, options, definitions and relations
                  |
                2 | … \(String(repeating: "true and ", count: 12))wste.empty
                  | \(String(repeating: " ", count: 110))^~~~
                """)
    }
}

@Suite struct DiagnosticJSONTests {
    private func decode(_ json: String) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require(value as? [[String: Any]])
    }

    @Test func emptyFindingsEncodeAsEmptyArray() throws {
        expectEqual(DiagnosticJSON.encode([]), "[]")
        expectEqual(DiagnosticJSON.encode([FileLintResult(path: "a", source: nil, diagnostics: [])]), "[]")
        #expect(try decode("[]").isEmpty)
    }

    @Test func objectHasStableKeyOrder() {
        let diagnostic = Diagnostic(
            .unknownProperty, "no 'colour'", at: range(14, 19, to: 14, 25), help: "write 'color'")
        expectEqual(DiagnosticJSON.encode(diagnostic, inFile: "Rules/K.patience"), #"{"file":"Rules/K.patience","line":14,"column":19,"endLine":14,"endColumn":25,"end":{"line":14,"column":25},"severity":"error","code":"P0302","message":"no 'colour'","help":"write 'color'"}"#)
    }

    @Test func arrayShape() throws {
        let results = [
            FileLintResult(
                path: "a.patience", source: nil,
                diagnostics: [
                    Diagnostic(.unknownName, "unknown name 'x'", at: range(2, 3, to: 4, 5), help: "declare it"),
                    Diagnostic(.deadZone, "zone 'waste' is never used", at: range(7, 1, to: 7, 6)),
                ]),
            FileLintResult(path: "b.patience", source: nil, diagnostics: []),
            FileLintResult(
                path: "empty", source: nil,
                diagnostics: [Diagnostic(.noRuleFiles, "folder holds no .patience files", at: .fileStart)]),
        ]
        let objects = try decode(DiagnosticJSON.encode(results))
        expectEqual(objects.count, 3)

        let first = objects[0]
        expectEqual(first["file"] as? String, "a.patience")
        expectEqual(first["line"] as? Int, 2)
        expectEqual(first["column"] as? Int, 3)
        expectEqual(first["endLine"] as? Int, 4)
        expectEqual(first["endColumn"] as? Int, 5)
        let end = try #require(first["end"] as? [String: Any])
        expectEqual(end["line"] as? Int, 4)
        expectEqual(end["column"] as? Int, 5)
        expectEqual(first["severity"] as? String, "error")
        expectEqual(first["code"] as? String, "P0301")
        expectEqual(first["message"] as? String, "unknown name 'x'")
        expectEqual(first["help"] as? String, "declare it")

        expectEqual(objects[1]["severity"] as? String, "warning")
        #expect(objects[1]["help"] == nil)
        #expect(objects[1]["notes"] == nil)
        expectEqual(objects[2]["file"] as? String, "empty")
        expectEqual(objects[2]["code"] as? String, "P0006")
        let required: Set = ["file", "line", "column", "endLine", "endColumn", "end", "severity", "code", "message"]
        for object in objects {
            expectTrue(required.isSubset(of: Set(object.keys)))
        }
    }

    @Test func notesAreListedWithTheirLocations() throws {
        let diagnostic = Diagnostic(
            .duplicateDeclaration, "twice", at: range(9, 1, to: 9, 2),
            notes: [DiagnosticNote(message: "first here", range: range(4, 6, to: 4, 8)), DiagnosticNote(message: "plain")])
        let objects = try decode(DiagnosticJSON.encode([FileLintResult(path: "n", source: nil, diagnostics: [diagnostic])]))
        let notes = try #require(objects.first?["notes"] as? [[String: Any]])
        expectEqual(notes.count, 2)
        expectEqual(notes[0]["message"] as? String, "first here")
        expectEqual(notes[0]["line"] as? Int, 4)
        expectEqual(notes[0]["column"] as? Int, 6)
        #expect(notes[1]["line"] == nil)
    }

    @Test(arguments: [
        "say \"hi\"", "back\\slash", "line\nbreak", "tab\there", "bell\u{07}", "nul\u{00}", "\r\u{08}\u{0C}\u{1F}",
        "ünïcødé ♠ 🂡", "slash/ok",
    ])
    func stringsRoundTrip(text: String) throws {
        let diagnostic = Diagnostic(.unknownName, text, at: .fileStart, help: text)
        let json = DiagnosticJSON.encode([FileLintResult(path: text, source: nil, diagnostics: [diagnostic])])
        let object = try #require(try decode(json).first)
        expectEqual(object["message"] as? String, text)
        expectEqual(object["help"] as? String, text)
        expectEqual(object["file"] as? String, text)
        // Each object stays on one line, so line-oriented tools can split the output.
        expectEqual(json.split(separator: "\n").count, 3)
    }

    @Test func controlCharactersUseUnicodeEscapes() {
        expectEqual(DiagnosticJSON.string("a\u{01}b\u{1F}"), #""a\u0001b\u001F""#)
        expectEqual(DiagnosticJSON.string("\"\\\n\r\t"), #""\"\\\n\r\t""#)
    }
}

@Suite struct LintSummaryTests {
    @Test(arguments: [
        (3, 0, 1, "3 files, 0 errors, 1 warning"),
        (1, 1, 0, "1 file, 1 error, 0 warnings"),
        (0, 0, 0, "0 files, 0 errors, 0 warnings"),
        (2, 5, 2, "2 files, 5 errors, 2 warnings"),
        (1, 1, 1, "1 file, 1 error, 1 warning"),
    ])
    func pluralisation(files: Int, errors: Int, warnings: Int, expected: String) {
        expectEqual(LintSummary(fileCount: files, errorCount: errors, warningCount: warnings).description, expected)
    }

    @Test func countsResultsAndIgnoresNotes() {
        let results = [
            FileLintResult(
                path: "a", source: nil,
                diagnostics: [
                    Diagnostic(.unknownName, "e", at: .fileStart),
                    Diagnostic(.deadZone, "w", at: .fileStart),
                    Diagnostic(.deadZone, "n", at: .fileStart, severity: .note),
                ]),
            FileLintResult(path: "b", source: nil, diagnostics: [Diagnostic(.unknownName, "e", at: .fileStart)]),
        ]
        let summary = LintSummary(results: results)
        expectEqual(summary, LintSummary(fileCount: 2, errorCount: 2, warningCount: 1))
        expectEqual(summary.findings, "2 errors, 1 warning")
    }
}
