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


/// `Diagnostics.md` at the package root.
private let catalogueURL = TestPaths.packageRoot.appendingPathComponent("Diagnostics.md")

/// One row of the catalogue's tables: `| P0001 | error | The rule file is larger than 1 MiB. |`.
private struct CatalogueRow: Equatable {
    var code: String
    var severity: String
    var summary: String
}

/// Reads every table row whose first cell is a code; other lines (headings, prose, table heads) are skipped.
private func catalogueRows() throws -> [CatalogueRow] {
    let text = try String(contentsOf: catalogueURL, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> CatalogueRow? in
        guard line.hasPrefix("| P"), line.hasSuffix(" |") else { return nil }
        let inner = line.dropFirst(2).dropLast(2)
        let cells = inner.components(separatedBy: " | ")
        guard cells.count >= 3 else { return CatalogueRow(code: String(inner), severity: "", summary: "") }
        // A summary may itself hold " | ", so everything after the second cell belongs to it.
        return CatalogueRow(code: cells[0], severity: cells[1], summary: cells[2...].joined(separator: " | "))
    }
}

@Suite struct DiagnosticCatalogueTests {
    @Test func everyCodeIsListedExactlyOnce() throws {
        let listed = try catalogueRows().map(\.code)
        let declared = DiagnosticCode.allCases.map(\.rawValue)
        let duplicates = Dictionary(grouping: listed, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        expectTrue(duplicates.isEmpty, "listed more than once: \(duplicates)")
        expectEqual(Set(declared).subtracting(listed).sorted(), [], "missing from Diagnostics.md")
        expectEqual(Set(listed).subtracting(declared).sorted(), [], "not a DiagnosticCode")
        expectEqual(listed.count, declared.count)
    }

    @Test(arguments: DiagnosticCode.allCases)
    func rowMatchesTheCode(code: DiagnosticCode) throws {
        let rows = try catalogueRows().filter { $0.code == code.rawValue }
        expectEqual(rows, [CatalogueRow(code: code.rawValue, severity: code.defaultSeverity.rawValue, summary: code.summary)])
    }

    @Test func codesAreListedInOrder() throws {
        let listed = try catalogueRows().map(\.code)
        expectEqual(listed, listed.sorted())
    }
}
