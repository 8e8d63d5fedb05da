import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceLanguage

/// The `layout` declaration's syntax (Grammar.md 3.2, 7.17): its tree, its canonical print and
/// format, and what a wrong spelling of it reports.
@Suite struct LayoutSyntaxTests {
    private func dump(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let (file, diagnostics) = Parser.parse(source)
        expectTrue(diagnostics.isEmpty, "unexpected findings: \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return SyntaxTreeDump.file(file)
    }

    @Test(arguments: [
        ("layout reserve row 1 left", "(layout reserve row 1 side-left)"),
        ("layout foundation right", "(layout foundation side-right)"),
        ("layout tableau fan down in rows of 9", "(layout tableau fan-down per-row 9)"),
        ("layout waste fan right 5", "(layout waste fan-right 5)"),
        ("layout waste fan right", "(layout waste fan-right)"),
        ("layout stock stacked", "(layout stock stacked)"),
        ("layout cell row 2 right stacked in rows of 2", "(layout cell row 2 side-right stacked per-row 2)"),
        ("layout tableau row if wide then 1 else 2 fan right draw + 1 in rows of 4",
         "(layout tableau row (if wide 1 2) fan-right (+ draw 1) per-row 4)"),
        // The optional count after `fan right` is not read across `in` or the next declaration.
        ("layout waste fan right\nzone waste 1", "(layout waste fan-right)\n(zone waste 1)"),
        ("layout waste fan right\nscore = 1", "(layout waste fan-right)\n(score 1)"),
        ("layout waste fan right score", "(layout waste fan-right score)"),
        ("override layout waste fan right 2", "(override (layout waste fan-right 2))"),
        ("layout pyramid in rows 1, 2, 3 overlapping", "(layout pyramid rows (1 2 3) overlapping)"),
        ("layout tableau in rows 8, 7", "(layout tableau rows (8 7))"),
        ("layout tableau in rows of 5 overlapping", "(layout tableau per-row 5 overlapping)"),
        ("layout cell row 1 at (2, 0), (0, 2)", "(layout cell row 1 at ((2 0) (0 2)))"),
        // `at` after `fan right` starts the places, not the number of cards shown.
        ("layout waste fan right at (1, n + 1)", "(layout waste fan-right at ((1 (+ n 1))))"),
    ])
    func layoutParsesTo(source: String, tree: String) {
        expectEqual(dump(source), tree)
    }

    @Test(arguments: [
        "layout reserve row 1 left",
        "layout tableau fan down in rows of 9",
        "layout waste fan right",
        "layout waste fan right (draw + 2) * 1",
        "layout cell row 2 right stacked in rows of 2",
        "override layout plait fan down",
        "layout pyramid in rows 1, 2, 3 overlapping",
        "layout tableau fan down in rows of 5 overlapping",
        "layout corner row 2 at (0, 0), (4, 0), (0, 4), (4, 4)",
    ])
    func printingAndFormattingGiveTheSameText(source: String) {
        let (file, diagnostics) = Parser.parse(source)
        expectTrue(diagnostics.isEmpty)
        let printed = Printer.print(file)
        expectEqual(printed, source + "\n")
        expectEqual(SyntaxTreeDump.file(Parser.parse(printed).0), SyntaxTreeDump.file(file))
        expectEqual(Formatter.format("\(source.replacingOccurrences(of: " ", with: "   "))\n"), .formatted(source + "\n"))
    }

    @Test(arguments: [
        ("layout tableau", "expected 'row', 'left', 'right', 'fan', 'stacked', 'in rows' or 'at' after the zone name, found end of file", 1, 15),
        ("layout tableau fan up", "expected 'down' or 'right' after 'fan', found 'up'", 1, 20),
        ("layout tableau in columns of 3", "expected 'rows' after 'in', found 'columns'", 1, 19),
        ("layout tableau left row 1",
         "'row' is out of place: a layout's clauses come in the order 'row', 'left' or 'right', 'fan' or 'stacked', "
            + "then 'in rows' (with 'overlapping') or 'at', each at most once",
         1, 21),
        ("layout tableau stacked fan down",
         "'fan' is out of place: a layout's clauses come in the order 'row', 'left' or 'right', 'fan' or 'stacked', "
            + "then 'in rows' (with 'overlapping') or 'at', each at most once",
         1, 24),
        ("layout tableau in rows of 4 at (0, 0)",
         "'at' is out of place: a layout's clauses come in the order 'row', 'left' or 'right', 'fan' or 'stacked', "
            + "then 'in rows' (with 'overlapping') or 'at', each at most once",
         1, 29),
        ("layout tableau at (0 0)", "expected ',' between a place's column and row, found '0'", 1, 22),
        ("layout tableau at 0, 0", "expected '(' before a place's column, found '0'", 1, 19),
        ("layout zone fan down", "'zone' is a keyword and cannot be used as a zone name", 1, 8),
    ])
    func aMisspeltLayoutIsASyntaxError(source: String, message: String, line: Int, column: Int) throws {
        let diagnostics = Parser.parse(source).1
        let first = try #require(diagnostics.first)
        expectEqual(first.message, message)
        expectTrue(first.code.isLexicalOrSyntax)
        expectTrue(first.range.start.line == line && first.range.start.column == column)
    }

    @Test func layoutIsReservedAndStartsADeclaration() {
        expectContains(Keywords.reserved, "layout")
        expectContains(Keywords.declarationStarts, "layout")
        expectEqual(Parser.parse("option layout: 1 | 2 = 1").1.map(\.code), [.expectedToken])
    }
}
