import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceLanguage

/// The syntax of a rule serving several zones, of `pile in zone` and of a conditional relation
/// (Grammar.md 3.2, 3.4, 7.8–7.10): each construct's tree, its canonical print and layout, and
/// where `in` is a keyword instead.
@Suite struct ZoneConstructSyntaxTests {
    private func dump(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let (file, diagnostics) = Parser.parse(source)
        expectTrue(diagnostics.isEmpty, "unexpected findings: \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return SyntaxTreeDump.file(file)
    }

    @Test(arguments: [
        ("accept up, down { require run.size == 1 }", "(accept up down {(require (== (. run size) 1))})"),
        ("lift tableau, reserve {}", "(lift tableau reserve {})"),
        ("capacity a, b, c = 1", "(capacity a b c 1)"),
        ("won when source in reserve", "(won (in source reserve))"),
        ("won when not source in reserve and pile in tableau", "(won (and (not (in source reserve)) (in pile tableau)))"),
        ("won when builds(top, run.first, if pile.index <= 4 then up else down)",
         "(won (call builds top (. run first) (if (<= (. pile index) 4) up down)))"),
        ("deal foundation 1 card where card.rank > 5 in dealt order", "(deal foundation 1 where (> (. card rank) 5) in-dealt-order up by-row)"),
        ("deal foundation 1 card where (tableau[1] in tableau) in dealt order",
         "(deal foundation 1 where (in ([] tableau 1) tableau) in-dealt-order up by-row)"),
    ])
    func treeOfEachConstruct(source: String, tree: String) {
        expectContains(dump(source), tree)
    }

    @Test func membershipDoesNotChain() {
        let codes = Parser.parse("won when a in b in c").1.map(\.code)
        expectEqual(codes, [.expectedToken])
        expectEqual(Parser.parse("won when a in b == c").1.map(\.message), ["comparisons do not chain; join them with 'and'"])
    }

    @Test func printingAndFormattingKeepEachConstruct() throws {
        let source = """
            game "T"
            accept up, down {
              require not (source in reserve)
              require builds(top, run.first, if pile.index <= 4 then up_suit else down_suit)
            }

            capacity up, down = 1
            deal foundation 1 card where (tableau[1] in tableau) in dealt order

            """
        guard case .formatted(let text) = Formatter.format(source) else { Issue.record("did not format"); return }
        expectEqual(text, source)
        guard case .formatted(let again) = Formatter.format(text) else { Issue.record("did not format"); return }
        expectEqual(again, text)
        let (file, _) = Parser.parse(source)
        let printed = file.declarations.map { Printer.print($0) }.joined(separator: "\n")
        expectContains(printed, "accept up, down {")
        expectContains(printed, "capacity up, down = 1")
        expectContains(printed, "where (tableau[1] in tableau) in dealt order")
        let (reparsed, diagnostics) = Parser.parse(printed)
        expectEqual(diagnostics.map(\.message), [])
        expectEqual(SyntaxTreeDump.file(reparsed), SyntaxTreeDump.file(file))
    }

    @Test func aRuleForSeveralZonesIsOnePartPerZone() {
        let (file, _) = Parser.parse("accept up, down { require run.size == 1 }")
        let parts = file.declarations[0].parts
        expectEqual(parts.map { $0.key.description }, ["accept up", "accept down"])
        expectEqual(parts.map(\.range), [file.declarations[0].range, file.declarations[0].range])
        expectEqual(parts[1].nameRange.start.column, 12)
        expectEqual(file.declarations[0].key.description, "accept up, down")
    }
}
