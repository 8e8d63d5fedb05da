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


/// Every input the fuzzers (Scripts/fuzz.sh) found a crash, hang or broken invariant with, kept in
/// `Fixtures/FuzzRegressions/lint` and `…/engine`, replayed through the same harness the fuzz
/// targets run (FuzzHarness.swift). The bundled rule files and a few engine inputs are replayed
/// too, so that the harness itself is exercised on every `swift test`.
enum FuzzRegressions {
    static let packageRoot = TestPaths.packageRoot

    static var folder: URL? {
        TestPaths.fixture("FuzzRegressions")
    }

    static func inputs(_ target: String) -> [String] {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)
        else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    static func bytes(_ target: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try #require(folder).appendingPathComponent(target).appendingPathComponent(name)))
    }

    /// The lint target resolves `extends` next to the bundled rules, as Scripts/fuzz.sh runs it.
    static var lintPath: String { packageRoot.appendingPathComponent("Rules/fuzz-input.patience").path }

    static let bundledRuleFiles: [String: String] = {
        let rules = packageRoot.appendingPathComponent("Rules")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: rules.path)) ?? []
        var files: [String: String] = [:]
        for name in names where name.hasSuffix(".patience") {
            files[name] = try? String(contentsOf: rules.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }()
}

@Suite struct FuzzRegressionTests {
    @Test func theCorpusIsThere() {
        expectFalse(FuzzRegressions.inputs("lint").isEmpty)
        expectFalse(FuzzRegressions.inputs("engine").isEmpty)
    }

    @Test(arguments: FuzzRegressions.inputs("lint"))
    func lintInput(_ name: String) throws {
        let bytes = try FuzzRegressions.bytes("lint", name)
        do {
            try FuzzHarness.lint(bytes, path: FuzzRegressions.lintPath)
        } catch {
            Issue.record("\(name): \(error)")
        }
    }

    @Test func bundledRulesThroughTheLintHarness() throws {
        expectGreaterOrEqual(FuzzRegressions.bundledRuleFiles.count, 3)
        // Every bundled file in the long run, one in four in the default run.
        let files = TestPaths.sample(FuzzRegressions.bundledRuleFiles.sorted { $0.key < $1.key }, oneIn: 4)
        for (name, text) in files {
            do {
                try FuzzHarness.lint(Array(text.utf8), path: FuzzRegressions.lintPath)
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    @Test func engineInputs() throws {
        let games = try FuzzHarness.compileBundledGames(FuzzRegressions.bundledRuleFiles)
        for name in FuzzRegressions.inputs("engine") {
            do {
                try FuzzHarness.engine(try FuzzRegressions.bytes("engine", name), games: games)
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    /// crash-action-count-overflow: a saved game may count Int.max uses of an action without a
    /// limit; tapping once more overflowed `actionUses`. The count now saturates.
    @Test func actionCountSaturates() throws {
        let rules = try GameCompiler.compile(source: try #require(FuzzRegressions.bundledRuleFiles["Klondike.patience"]),
                                             path: "Klondike.patience")
        var table = try rules.deal(.seed(1))
        let draw = try #require(rules.actionNames.firstIndex(of: "draw"))
        table.actionUses[draw] = Int.max
        var game = try Game(rules: rules, state: GameState(table: table))
        try game.tap(PileID(zone: "stock", index: 1))
        expectEqual(game.table.actionUses[draw], Int.max)
    }

    /// No play lowers a use count, so a saved game with a negative one is damaged: it would let an
    /// action run more often than its limit. Restoring it is refused, not trusted.
    @Test func negativeActionCountIsRefusedOnRestore() throws {
        let rules = try GameCompiler.compile(source: try #require(FuzzRegressions.bundledRuleFiles["Klondike.patience"]),
                                             path: "Klondike.patience")
        var table = try rules.deal(.seed(1))
        table.actionUses[0] = -1
        expectEqual(rules.problem(forRestoring: table)?.code, .boardDoesNotFitZones)
        #expect(throws: DiagnosticsError.self) { try Game(rules: rules, state: GameState(table: table)) }
    }
}
