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

/// A fresh empty folder, removed by the caller.
private func makeTemporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-lint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

@Suite struct CommandLineTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func topLevelHelpListsSubcommands(arguments: [String]) throws {
        let result = try runPatience(arguments)
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "USAGE: patience <subcommand>")
        expectContains(result.standardOutput, "SUBCOMMANDS:")
        expectContains(result.standardOutput, "  lint ")
        expectContains(result.standardOutput, "Check rule files")
        expectTrue(result.standardError.isEmpty)
    }

    @Test(arguments: [["lint", "--help"], ["lint", "-h"], ["help", "lint"], ["lint", "missing.patience", "--help"]])
    func lintHelp(arguments: [String]) throws {
        let result = try runPatience(arguments)
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "USAGE: patience lint <path>...")
        for option in ["--format <format>", "--strict", "--verbose", "--color <when>", "-h, --help"] {
            expectContains(result.standardOutput, option)
        }
        expectContains(result.standardOutput, "standard error")
    }

    /// Every help screen fits a terminal of 80 columns: usage lines and discussions wrap.
    @Test func everyHelpScreenFitsEightyColumns() throws {
        let top = try runPatience(["--help"]).standardOutput
        let listed = top.components(separatedBy: "SUBCOMMANDS:\n").last?.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) } ?? []
        #expect(listed.count >= 10, "the top-level help lists the subcommands")
        for name in [nil] + listed.map(Optional.some) {
            let output = try runPatience(name.map { [$0, "--help"] } ?? ["--help"]).standardOutput
            for line in output.split(separator: "\n") where line.count > 80 {
                Issue.record("'\(name ?? "patience") --help' has a line of \(line.count) columns: \(line)")
            }
        }
    }

    @Test func version() throws {
        let result = try runPatience(["--version"])
        expectEqual(result.status, 0)
        expectHasPrefix(result.standardOutput, "patience ")
    }

    @Test(arguments: [
        (["lint", "--frmat", "text", "a.patience"], "unknown option '--frmat'"),
        (["lint"], "missing expected argument '<path>...'"),
        (["lint", "--strict"], "missing expected argument '<path>...'"),
        (["lint", "--format", "xml", "a.patience"], "invalid value 'xml' for '--format'"),
        (["lint", "--format=yaml", "a.patience"], "invalid value 'yaml' for '--format'"),
        (["lint", "a.patience", "--format"], "missing value for '--format <format>'"),
        (["lint", "--format", "--strict", "a.patience"], "missing value for '--format <format>'"),
        (["lint", "--strict=yes", "a.patience"], "option '--strict' does not take a value"),
        (["lint", "-x", "a.patience"], "unknown option '-x'"),
        (["frobnicate"], "unknown subcommand 'frobnicate'"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["help", "frobnicate"], "unknown subcommand 'frobnicate'"),
    ])
    func usageErrorsExitWith64(arguments: [String], problem: String) throws {
        let result = try runPatience(arguments)
        expectEqual(result.status, 64)
        expectContains(result.standardError, "error: \(problem)")
        expectContains(result.standardError, "--help")
        expectTrue(result.standardOutput.isEmpty)
    }

    @Test func noArgumentsShowsHelpOnStandardErrorAndExits64() throws {
        let result = try runPatience([])
        expectEqual(result.status, 64)
        expectContains(result.standardError, "SUBCOMMANDS:")
        expectTrue(result.standardOutput.isEmpty)
    }

    @Test func missingFileIsP0005() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPatience(["lint", "missing.patience"], in: folder)
        expectEqual(result.status, 1)
        expectEqual(result.standardError, "missing.patience:1:1: error[P0005]: no such file or folder\n")
        expectEqual(result.standardOutput, "1 file, 1 error, 0 warnings\n")
    }

    @Test func emptyFolderIsP0006() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty/.hidden"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("empty/notes.txt"))
        try Data().write(to: folder.appendingPathComponent("empty/.hidden/skipped.patience"))
        let result = try runPatience(["lint", "empty"], in: folder)
        expectEqual(result.status, 1)
        expectHasPrefix(result.standardError, "empty:1:1: error[P0006]: folder holds no .patience files\n")
        expectEqual(result.standardOutput, "0 files, 1 error, 0 warnings\n")
    }

    @Test func foldersAreSearchedRecursivelyInSortedOrder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules.appendingPathComponent("variants"), withIntermediateDirectories: true)
        for name in ["rules/b.patience", "rules/a.patience", "rules/variants/c.patience", "rules/readme.md", "other.txt"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        // The explicitly named .txt file is linted; the duplicate a.patience is linted once.
        let result = try runPatience(["lint", "--verbose", "rules", "other.txt", "rules/a.patience"], in: folder)
        let checked = result.standardError.split(separator: "\n").filter { $0.hasPrefix("checked ") }
            .map { $0.split(separator: ":").first.map(String.init) ?? "" }
        expectEqual(checked, ["checked rules/a.patience", "checked rules/b.patience", "checked rules/variants/c.patience", "checked other.txt"])
        expectHasPrefix(result.standardOutput, "4 files, ")
    }

    @Test func doubleDashEndsOptions() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPatience(["lint", "--", "--strict"], in: folder)
        expectEqual(result.status, 1)
        expectHasPrefix(result.standardError, "--strict:1:1: error[P0005]")
    }

    @Test func jsonModePrintsOneParseableArray() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let result = try runPatience(["lint", "--format", "json", "missing.patience", "empty"], in: folder)
        expectEqual(result.status, 1)
        expectTrue(result.standardError.isEmpty)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let objects = try #require(parsed as? [[String: Any]])
        expectEqual(objects.map { $0["code"] as? String }, ["P0005", "P0006"])
        expectEqual(objects.map { $0["file"] as? String }, ["missing.patience", "empty"])
        expectTrue(objects.allSatisfy { $0["end"] is [String: Any] })
    }

    @Test func colourOnlyWhenAskedOffATerminal() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let auto = try runPatience(["lint", "missing.patience"], in: folder)
        expectNotContains(auto.standardError, "\u{1B}[")
        let always = try runPatience(["lint", "--color", "always", "missing.patience"], in: folder)
        expectContains(always.standardError, "\u{1B}[1;31merror[P0005]")
        let never = try runPatience(["lint", "--color=never", "missing.patience"], in: folder)
        expectNotContains(never.standardError, "\u{1B}[")
    }
}
