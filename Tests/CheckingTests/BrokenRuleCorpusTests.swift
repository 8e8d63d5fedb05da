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


/// A finding as a corpus file's header states it: `# expect: P0301 at 12:7`.
struct ExpectedFinding: Hashable, Comparable, CustomStringConvertible {
    var code: String
    var line: Int
    var column: Int

    var description: String { "\(code) at \(line):\(column)" }

    static func < (lhs: ExpectedFinding, rhs: ExpectedFinding) -> Bool {
        (lhs.line, lhs.column, lhs.code) < (rhs.line, rhs.column, rhs.code)
    }
}

/// The corpus of broken rule files in `Fixtures/BrokenRules`. Each top-level file is a near-valid
/// game with one thing broken, and begins with comment lines stating every finding expected of it.
/// Files in `bases/` are the games that the variant cases extend.
enum BrokenRuleCorpus {
    static var folder: URL? {
        TestPaths.fixture("BrokenRules")
    }

    /// The names of the corpus files, sorted; empty when the fixtures are missing (which a test reports).
    static let fileNames: [String] = {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".patience") }.sorted()
    }()

    static func path(of name: String) throws -> String {
        try #require(folder).appendingPathComponent(name).path
    }

    /// Reads the `# expect:` lines at the top of a file. Decoding is lossy, since one file is
    /// deliberately not UTF-8 after its header.
    static func expectations(inFile path: String) throws -> [ExpectedFinding] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: data, as: UTF8.self)
        var findings: [ExpectedFinding] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("#") else { break }
            guard line.hasPrefix("# expect: ") else { continue }
            // "P0301 at 12:7"
            let words = line.dropFirst("# expect: ".count).split(separator: " ")
            let position = words.count == 3 ? words[2].split(separator: ":").compactMap { Int($0) } : []
            guard words.count == 3, words[1] == "at", position.count == 2 else {
                Issue.record("malformed expectation '\(line)' in \(path)")
                continue
            }
            findings.append(ExpectedFinding(code: String(words[0]), line: position[0], column: position[1]))
        }
        return findings.sorted()
    }

    /// The P00xx–P05xx codes a rule file can produce. Left out: P0001 (a file over 1 MiB) and P0007
    /// (over 200,000 tokens), too large to keep in the corpus; P0005 and P0006, which concern paths
    /// rather than a file's text; P0502, which only option values given from outside produce; P0011,
    /// a failure to write the output; P0012, which follows the 100 findings a file shows, too many
    /// to list in a header; P0013, a file in UTF-16 or UTF-32, whose header would not read as text.
    /// `DiagnosticCodeTests` covers each of those.
    static let codesFilesCanProduce: Set<String> = {
        let excluded: Set<DiagnosticCode> = [.fileTooLarge, .tooManyTokens, .unreadableFile, .noRuleFiles, .valueOutsideDomain, .unwritableOutput,
                                             .tooManyDiagnostics, .otherEncoding]
        return Set(
            DiagnosticCode.allCases
                .filter { ["P00", "P01", "P02", "P03", "P04", "P05"].contains($0.rawValue.prefix(3)) && !excluded.contains($0) }
                .map(\.rawValue))
    }()
}

@Suite struct BrokenRuleCorpusTests {
    @Test func corpusIsLargeAndCoversEveryCode() throws {
        let names = BrokenRuleCorpus.fileNames
        expectGreaterOrEqual(names.count, 45)
        var covered = Set<String>()
        for name in names {
            covered.formUnion(try BrokenRuleCorpus.expectations(inFile: BrokenRuleCorpus.path(of: name)).map(\.code))
        }
        expectEqual(BrokenRuleCorpus.codesFilesCanProduce.subtracting(covered).sorted(), [])
    }

    @Test(arguments: BrokenRuleCorpus.fileNames)
    func findingsMatchTheHeader(name: String) throws {
        let path = try BrokenRuleCorpus.path(of: name)
        let expected = try BrokenRuleCorpus.expectations(inFile: path)
        try #require(!expected.isEmpty, "\(name) states no expectation")
        let result = lintRuleFile(atPath: path)
        let found = result.diagnostics.map {
            ExpectedFinding(code: $0.code.rawValue, line: $0.range.start.line, column: $0.range.start.column)
        }.sorted()
        // Compared as sorted lists, not sets, so that a finding reported twice is caught too.
        expectEqual(found, expected)
    }

    /// The sound base that most variant cases extend must lint clean, or their findings could come from it.
    @Test func validBaseLintsClean() throws {
        let path = try #require(BrokenRuleCorpus.folder).appendingPathComponent("bases/Klondike.patience").path
        expectTrue(lintRuleFile(atPath: path).diagnostics.isEmpty)
    }
}
