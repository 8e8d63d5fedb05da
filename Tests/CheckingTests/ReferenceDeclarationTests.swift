import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceDescribing
@testable import PatienceFormats
@testable import PatienceCommandLine

/// `reference` and `differs` (Grammar.md 7.18, 7.19): their syntax, canonical layout, checks,
/// how a variant merges them, and what `GameRules`, `describe` and `list` make of them.
@Suite struct ReferenceDeclarationTests {
    /// A small game with two zones and a stock, for the declarations to name.
    static let base = """
        game "Base"
        decks 1
        zone stock 1
        zone cell 4
        zone foundation 4
        deal cell 1 card face up
        deal stock rest face down
        lift cell {}
        accept foundation {}
        won when all(f in foundation: f.size == 13)

        """

    @Test(arguments: [
        (#"reference aisleriot "freecell.scm""#, #"(reference aisleriot "freecell.scm")"#),
        (#"differs pysolfc move foundation to cell "why""#, #"(differs pysolfc move foundation to cell "why")"#),
        (#"differs aisleriot tap stock "why""#, #"(differs aisleriot tap stock "why")"#),
        (#"differs aisleriot removal "why""#, #"(differs aisleriot removal "why")"#),
        (#"differs aisleriot position cell "why""#, #"(differs aisleriot position cell "why")"#),
    ])
    func parsesTo(source: String, tree: String) {
        let (file, diagnostics) = Parser.parse(source)
        expectTrue(diagnostics.isEmpty, "unexpected findings: \(diagnostics.map(\.message))")
        expectEqual(SyntaxTreeDump.file(file), tree)
        expectEqual(Printer.print(file), source + "\n")
        expectEqual(Formatter.format(source.replacingOccurrences(of: " ", with: "  ") + "\n"), .formatted(source + "\n"))
    }

    @Test func aLongReasonGoesOntoALineOfItsOwn() {
        let reason = String(repeating: "a card on a foundation may go back ", count: 3).trimmingCharacters(in: .whitespaces)
        let formatted = "differs aisleriot move foundation to cell\n    \"\(reason)\"\n"
        expectEqual(Formatter.format("differs aisleriot move foundation to cell \"\(reason)\"\n"), .formatted(formatted))
        expectEqual(Formatter.format(formatted), .formatted(formatted))
    }

    @Test(arguments: [
        (#"reference pysol "x""#, "P0313 there is no reference program 'pysol'"),
        (#"differs aisleriott tap stock "x""#, "P0313 there is no reference program 'aisleriott'"),
        (#"differs aisleriot move foundations to cell "x""#, "P0305 there is no zone 'foundations'"),
        (#"differs aisleriot sideways "x""#,
         "P0201 expected what differs ('move A to B', 'tap Z', 'removal' or 'position Z'), found 'sideways'"),
        (#"differs aisleriot tap stock"#, "P0201 expected the reason for the difference in double quotes, found end of file"),
        ("reference aisleriot \"a.scm\"\nreference aisleriot \"b.scm\"", "P0304 reference aisleriot is declared twice"),
    ])
    func mistakesAreReported(line: String, finding: String) {
        let result = lintRuleSource(Self.base + line + "\n", path: "base.patience")
        let errors = result.diagnostics.filter { $0.severity == .error }.map { "\($0.code.rawValue) \($0.message)" }
        expectEqual(errors, [finding])
    }

    @Test func theCompiledGameHasTheDeclarations() throws {
        let rules = try GameCompiler.compile(source: Self.base + """
            reference aisleriot "base.scm"
            reference pysolfc "Base"
            differs aisleriot move foundation to cell "cards go back"
            differs pysolfc tap stock "the stock turns"

            """)
        expectEqual(rules.references, [GameReference(program: .aisleriot, name: "base.scm"), GameReference(program: .pysolfc, name: "Base")])
        expectEqual(rules.differences.map(\.kind), [.move(from: "foundation", to: "cell"), .tap("stock")])
        expectTrue(rules.differences.coversMove(.aisleriot, from: "foundation", to: "cell"))
        expectFalse(rules.differences.coversMove(.pysolfc, from: "foundation", to: "cell"))
        expectFalse(rules.differences.coversMove(.aisleriot, from: "cell", to: "foundation"))
        expectTrue(rules.differences.coversTap(.pysolfc, zone: "stock"))
        expectFalse(rules.differences.coversRemoval(.pysolfc))
        expectFalse(rules.differences.coversPosition(.aisleriot, zone: "cell"))
    }

    @Test func aVariantKeepsItsBasesDifferencesButNotItsReferences() throws {
        try withTemporaryFolder("reference") { folder in
            try (Self.base + """
                reference aisleriot "base.scm"
                differs aisleriot move foundation to cell "cards go back"

                """).write(to: folder.appendingPathComponent("Base.patience"), atomically: true, encoding: .utf8)
            let variant = folder.appendingPathComponent("Variant.patience")
            try """
                extends "Base.patience"
                game "Variant"
                reference pysolfc "Variant"
                differs pysolfc removal "pairs"

                """.write(to: variant, atomically: true, encoding: .utf8)
            let rules = try GameCompiler.compile(path: variant.path)
            expectEqual(rules.references, [GameReference(program: .pysolfc, name: "Variant")])
            expectEqual(rules.differences.map(\.kind), [.move(from: "foundation", to: "cell"), .removal])
            // A variant restating its base's difference is told to override it.
            try """
                extends "Base.patience"
                game "Variant"
                reference aisleriot "variant.scm"
                differs aisleriot move foundation to cell "again"

                """.write(to: variant, atomically: true, encoding: .utf8)
            let codes = lint(RuleLoader.load(path: variant.path)).diagnostics.map(\.code)
            expectEqual(codes, [.duplicateInBase])
        }
    }

    @Test func describeSaysWhatTheRulesAreCheckedAgainst() throws {
        let description = try RulesDescriber.describe(path: TestPaths.rules("FreeCell")).get()
        let text = description.plainText(width: 100_000)
        expectContains(text, "These rules are checked against Aisleriot (freecell.scm) and PySolFC (FreeCell).")
        expectContains(text, "- from Aisleriot, in moves from foundation to cell: a card on a foundation may go back to a free cell")
    }

    @Test func listShowsTheReferencesInItsMarkdownAndJSON() {
        let freeCell = catalogEntry(forRuleFileAtPath: TestPaths.rules("FreeCell"))
        let bakers = catalogEntry(forRuleFileAtPath: TestPaths.rules("BakersGame"))
        let table = ListCommand.markdownTable([bakers, freeCell])
        expectContains(table, "| Checked against |")
        expectContains(table, "| Aisleriot (freecell.scm), PySolFC (FreeCell) |")
        let json = JSONValue.encodedLines([ListCommand.gameJSON(freeCell)])
        expectContains(json, #""references": [{"program": "aisleriot", "name": "freecell.scm"}, {"program": "pysolfc", "name": "FreeCell"}]"#)
    }
}
