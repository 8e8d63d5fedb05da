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


/// The bundled `Rules` folder.
private let rulesFolder = TestPaths.rules

/// The names of every `.patience` file in `Rules`, sorted.
private func bundledRuleFiles() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: rulesFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".patience") }.sorted()
}

@Suite struct RoundTripTests {
    /// Guards the parameterised tests below, which would pass vacuously if the folder were not found.
    @Test func theBundledGamesAreFound() {
        let names = bundledRuleFiles()
        expectTrue(Set(["Klondike.patience", "FreeCell.patience", "Spider.patience"]).isSubset(of: names))
    }

    @Test(arguments: bundledRuleFiles())
    func printingIsStableAndKeepsTheTree(name: String) throws {
        let path = rulesFolder.appendingPathComponent(name).path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let (original, diagnostics) = Parser.parse(source, path: path)
        expectTrue(diagnostics.isEmpty)
        expectFalse(original.declarations.isEmpty)

        let printed = Printer.print(original)
        let (reparsed, reparseDiagnostics) = Parser.parse(printed, path: path)
        expectTrue(reparseDiagnostics.isEmpty)
        expectEqual(Printer.print(reparsed), printed)
        expectEqual(SyntaxTreeDump.file(reparsed), SyntaxTreeDump.file(original))
    }

    @Test(arguments: bundledRuleFiles())
    func bundledGameLintsClean(name: String) {
        let result = lintRuleFile(atPath: rulesFolder.appendingPathComponent(name).path)
        expectTrue(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.code.rawValue): \($0.message)" })")
    }

    @Test(arguments: bundledRuleFiles())
    func printedGameLintsClean(name: String) throws {
        let path = rulesFolder.appendingPathComponent(name).path
        let printed = Printer.print(Parser.parse(try String(contentsOfFile: path, encoding: .utf8), path: path).file)
        let result = lintRuleSource(printed, path: path)
        expectTrue(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.code.rawValue): \($0.message)" })")
    }
}
