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

/// The static step bounds of Grammar.md's cost model, and their enforcement.
@Suite struct CostModelTests {
    static let rules = TestPaths.rules

    static func bounds(_ game: String) throws -> [String: Int] {
        let result = lintRuleFile(atPath: Self.rules.appendingPathComponent("\(game).patience").path)
        return Dictionary(uniqueKeysWithValues: result.ruleBounds.map { ($0.part, $0.steps) })
    }

    @Test func freeCellBounds() throws {
        let bounds = try Self.bounds("FreeCell")
        // (count over 4 cells) + (count over 8 columns): 4 × 1 + 8 × 1.
        expectEqual(bounds["capacity tableau"], 12)
        expectEqual(bounds["won"], 4)
        expectEqual(bounds["accept tableau"], 0)
    }

    @Test func spiderBounds() throws {
        let bounds = try Self.bounds("Spider")
        // for t in tableau (10) × (1 + any(f in foundation) and first(f in foundation), each over 8 piles, 8 × 1).
        expectEqual(bounds["effect complete_runs"], 10 * (1 + 8 + 8))
        expectEqual(bounds["action deal_row"], 10 + 10)
        expectEqual(bounds["effect reveal"], 10)
    }

    @Test(arguments: [
        ("count(p in tableau: p.empty) > 0", 7),
        ("count(p in tableau: all(c in p: c.faceup)) > 0", 7 * (1 + 52)),
        ("sum(p in tableau: p.size) + count(f in foundation: f.empty) > 0", 7 + 4),
        ("busy > 0", 7 * (1 + 4)),
        ("stock.empty", 0),
    ])
    func boundsOfExpressions(condition: String, steps: Int) throws {
        let source = """
            game "Bounds"
            decks 1
            zone stock 1
            zone foundation 4
            zone tableau 7
            deal stock rest face down
            lift stock { require run.size == 1 }
            accept foundation { require run.size == 1 }
            let busy = count(p in tableau: any(f in foundation: f.empty))
            won when \(condition)
            """
        let result = lintRuleSource(source)
        expectEqual(result.ruleBounds.first { $0.part == "won" }?.steps, steps)
    }

    @Test func anEvaluationPastItsBudgetFaults() throws {
        // Counting the empty columns visits all eight, so it needs exactly eight steps.
        let source = try String(contentsOf: Self.rules.appendingPathComponent("FreeCell.patience"), encoding: .utf8)
            .replacingOccurrences(of: "won when all(f in foundation: f.size == 13)", with: "won when count(t in tableau: t.empty) == 8")
        let rules = try GameCompiler.compile(source: source)
        expectEqual(rules.winBound, 8)
        let table = try rules.deal(.microsoft(1))
        Frame.judging(table) { frame in
            frame.budget = 7
            do throws(EvaluationFault) {
                _ = try rules.win(&frame)
                Issue.record("a budget of 7 steps let an 8-step condition finish")
            } catch {
                expectEqual(rules.faultSites[error.site].code, .evaluationBudgetExceeded)
            }
            frame.budget = rules.winBound
            #expect((try? rules.win(&frame)) == false)
        }
    }
}

/// Variants compiled from text find their bases among given texts before the disk.
@Suite struct InMemoryBaseTests {
    @Test func aVariantFindsItsBaseAmongTheGivenTexts() throws {
        let base = try String(contentsOf: CostModelTests.rules.appendingPathComponent("FreeCell.patience"), encoding: .utf8)
        let variant = "extends \"Base.patience\"\ngame \"Bakers\"\noverride relation build = same suit down\n"
        let folder = "/nonexistent-\(UUID().uuidString)"
        let rules = try GameCompiler.compile(source: variant, path: "\(folder)/Variant.patience", files: ["\(folder)/Base.patience": base])
        expectEqual(rules.name, "Bakers")
        expectEqual(rules.zones.map(\.name), ["cell", "foundation", "tableau"])
        #expect(throws: DiagnosticsError.self) {
            try GameCompiler.compile(source: variant, path: "\(folder)/Variant.patience")
        }
    }
}
