import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceLanguage

/// The syntax of memory, removals, shuffles, deck shapes and parameterised definitions (Grammar.md 3.2, 3.3): each construct's tree, its
/// canonical print, and what a wrong spelling of it reports.
@Suite struct ConstructSyntaxTests {
    private func dump(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let (file, diagnostics) = Parser.parse(source)
        expectTrue(diagnostics.isEmpty, "unexpected findings: \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return SyntaxTreeDump.file(file)
    }

    private func codes(_ source: String) -> [DiagnosticCode] { Parser.parse(source).1.map(\.code) }

    @Test(arguments: [
        ("memory base = 0", "(memory base 0)"),
        ("memory flag = false", "(memory flag bool(false))"),
        ("score = sum(f in foundation: f.size)", "(score (sum f foundation (. f size)))"),
        ("remove pair(a, b in tableau, waste) to discard when a.top.rank + b.top.rank == 13",
         "(remove pair (a b) in (tableau waste) to discard when (== (+ (. (. a top) rank) (. (. b top) rank)) 13))"),
        ("remove king(a in tableau) to discard", "(remove king (a) in (tableau) to discard)"),
        ("let covered(p: pile, c: card, n: number) = p.size > n", "(let covered (p:pile c:card n:number) (> (. p size) n))"),
        ("decks 2 where card.rank != A jokers 2 aces high", "(decks 2 where (!= (. card rank) rank(1)) jokers 2 aces-high)"),
        ("decks 1 suits [spades] aces high", "(decks 1 suits (list suit(spades)) aces-high)"),
        ("deal foundation 1 card where card.rank > 5 in dealt order face up", "(deal foundation 1 where (> (. card rank) 5) in-dealt-order up by-row)"),
        ("effect e { shuffle stock set n = n + 1 }", "(effect e {(shuffle stock) (set n (+ n 1))})"),
        ("won when score >= 200 and uses(redeal) < 2", "(won (and (>= score 200) (< (call uses redeal) 2)))"),
    ])
    func constructParsesTo(source: String, tree: String) {
        expectEqual(dump(source), tree)
    }

    @Test(arguments: [
        "memory base = 0",
        "score = sum(f in foundation: f.size)",
        "remove pair(a, b in tableau, waste) to discard when a.top.rank + b.top.rank == 13",
        "remove king(a in tableau) to discard",
        "let covered(p: pile, c: card, n: number) = p.size > n",
        "decks 2 where card.rank != A jokers 2 aces high",
        "deal foundation 1 cards where card.rank > 5 in dealt order face up by row",
        "effect e {\n  shuffle stock\n  set n = n + 1\n}",
        "won when score >= 200 and abs(uses(redeal) - 2) < 2",
    ])
    func printingGivesTheSameTree(source: String) {
        let (file, _) = Parser.parse(source)
        let printed = Printer.print(file)
        expectEqual(printed, source + "\n")
        expectEqual(SyntaxTreeDump.file(Parser.parse(printed).0), SyntaxTreeDump.file(file))
    }

    @Test(arguments: [
        ("let f(p: colour) = 1", DiagnosticCode.expectedToken),
        ("let f(p) = 1", .expectedToken),
        ("let f(p: pile = 1", .expectedToken),
        ("remove pair a, b in tableau to discard", .expectedToken),
        ("remove pair(a, b) to discard", .expectedToken),
        ("remove pair(a in tableau)", .expectedToken),
        ("decks 1 aces", .expectedToken),
        ("deal foundation 1 card where card.rank > 5 in dealt", .expectedToken),
        ("effect e { set 3 = 1 }", .expectedToken),
        ("effect e { set n 1 }", .expectedToken),
        ("score 3", .expectedToken),
        ("memory = 1", .expectedToken),
        ("let shuffle = 1", .expectedToken),
    ])
    func wrongSpellingIsAFinding(source: String, code: DiagnosticCode) {
        expectEqual(codes(source), [code])
    }

    @Test func newWordsAreReserved() {
        for word in ["memory", "remove", "score", "shuffle", "set"] {
            expectContains(Keywords.reserved, word)
        }
        expectContains(Keywords.roles, "hidden")
    }
}
