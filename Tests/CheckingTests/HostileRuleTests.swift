import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler

/// Rule files that once misled the loader or the checker: old Mac line ends, face-up counts
/// outside a pile, bases named by absolute paths in notes, and the measures of the cost model.
@Suite struct HostileRuleTests {
    static let game = """
        game "T"
        decks 1
        zone stock 1
        zone tableau 4
        deal tableau 3 cards with top UP face up
        deal stock rest face down
        lift tableau {}
        accept tableau {}
        won when stock.empty

        """

    @Test func aLoneCarriageReturnEndsALine() {
        let source = "game \"T\"\r# a comment\rzone waste@ 1\r"
        let result = lintRuleSource(source, path: "cr.patience")
        let finding = result.diagnostics.first { $0.code == .unexpectedCharacter }
        expectEqual(finding?.range.start.line, 3)
        expectEqual(finding?.range.start.column, 11)
        // "\r\n" stays one line break.
        let windows = lintRuleSource("game \"T\"\r\n# a comment\r\nzone waste@ 1\r\n", path: "crlf.patience")
        expectEqual(windows.diagnostics.first { $0.code == .unexpectedCharacter }?.range.start.line, 3)
    }

    @Test(arguments: [("0 - 1", false), ("2000", true), ("unlimited", true)])
    func faceUpCountsAreClamped(count: String, allUp: Bool) throws {
        let source = Self.game.replacingOccurrences(of: "UP", with: count)
        expectTrue(lintRuleSource(source).diagnostics.filter { $0.severity == .error }.isEmpty)
        let rules = try GameCompiler.compile(source: source)
        let table = try rules.deal(DealSource(spec: "seed:1"))
        for pile in rules.zones[1].piles {
            expectEqual(table.piles[pile].cards.count, 3)
            expectTrue(table.piles[pile].cards.allSatisfy { $0.isFaceUp == allUp })
        }
    }

    @Test func aBaseWithErrorsIsNamedAsTheUserWouldReachIt() throws {
        let folder = try #require(BrokenRuleCorpus.folder).path
        // Named relative to the working folder when it can be, as a user types paths.
        let here = FileManager.default.currentDirectoryPath + "/"
        let given = folder.hasPrefix(here) ? String(folder.dropFirst(here.count)) : folder
        let result = lintRuleSource("extends \"Syntax.patience\"\ngame \"V\"\n", path: given + "/bases/variant.patience")
        let finding = try #require(result.diagnostics.first { $0.code == .missingBaseFile })
        expectEqual(finding.help, "lint \(Spelling.quoted(given + "/bases/Syntax.patience")) for the details")
    }

    @Test func definitionsAreMeasuredOnceEach() {
        let definitions = (0..<62).map { i in ("f\(i)", ExpressionSyntax(.binary(.add, ExpressionSyntax(.name("f\(i + 1)"), range: .fileStart),
                                                                            ExpressionSyntax(.name("f\(i + 1)"), range: .fileStart)), range: .fileStart)) }
        let cost = CostModel(zonePiles: ["tableau": 7], plainDefinitions: Dictionary(uniqueKeysWithValues: definitions + [("f62", ExpressionSyntax(.integer(1), range: .fileStart))]),
                             cardCount: 52)
        let use = ExpressionSyntax(.name("f0"), range: .fileStart)
        // 2^63 - 1 nodes: each level doubles the one below and adds one.
        expectEqual(cost.size(use), Int.max)
        expectEqual(cost.steps(use), 0)
        let small = CostModel(zonePiles: [:], plainDefinitions: Dictionary(uniqueKeysWithValues: Array(definitions.suffix(3)) + [("f62", ExpressionSyntax(.integer(1), range: .fileStart))]),
                              cardCount: 52)
        // A use of a name is one term plus its definition written out: f62 (= 1) is 2 terms,
        // and each fk = f(k+1) + f(k+1) is 1 + (1 + 2 × f(k+1)): f61 is 6, f60 is 14, f59 is 30.
        expectEqual(small.size(ExpressionSyntax(.name("f62"), range: .fileStart)), 2)
        expectEqual(small.size(ExpressionSyntax(.name("f59"), range: .fileStart)), 1 + (1 + 2 * (1 + (1 + 2 * (1 + (1 + 2 * 2))))))
    }

    @Test func stepBoundsOfNestedQuantifiers() {
        let quantifier = { (variable: String, body: ExpressionSyntax) in
            ExpressionSyntax(.quantifier(.all, Identifier(variable, range: .fileStart), ExpressionSyntax(.name("run"), range: .fileStart), body), range: .fileStart)
        }
        let cost = CostModel(zonePiles: [:], definitions: [:], cardCount: 104)
        let two = quantifier("a", quantifier("b", ExpressionSyntax(.boolean(true), range: .fileStart)))
        expectEqual(cost.steps(two), 104 * (1 + 104))
        expectLessOrEqual(cost.steps(two), CostModel.maximumSteps)
        expectGreater(cost.steps(quantifier("c", two)), CostModel.maximumSteps)
    }
}
