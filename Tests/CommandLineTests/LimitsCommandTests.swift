import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceFormats
@testable import PatienceCommandLine

/// Issue 35 through the `patience` executable: every command caps the findings about a file,
/// names other encodings, and `--html` refuses a list of plays too long for a page. Inputs are
/// generated here, none larger than a few hundred KiB.
@Suite struct LimitsCommandTests {
    /// A scratch folder holding `files` (name → bytes), removed afterwards.
    private func withFiles(_ files: [String: [UInt8]], _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        try body(folder)
    }

    /// Lines that start findings in standard error, `file:line:column: severity[CODE]: …`.
    private func findingLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(": error[") || $0.contains(": warning[") || $0.contains(": note[") }
    }

    /// 5,000 stray characters: every command that reads rules shows 100 findings and one that
    /// counts the other 4,900 (plus the missing parts the checker reports).
    @Test(arguments: [
        ["lint", "many.patience"],
        ["deal", "many.patience"],
        ["moves", "many.patience", "--deal", "seed:1"],
        ["solve", "many.patience", "--deal", "seed:1"],
        ["replay", "many.patience", "--deal", "seed:1", "empty.moves"],
        ["describe", "many.patience"],
        ["fmt", "--check", "many.patience"],
    ])
    func everyCommandCapsTheFindings(arguments: [String]) throws {
        let source = "game \"G\"\n" + String(repeating: "@\n", count: 5_000)
        try withFiles(["many.patience": Array(source.utf8), "empty.moves": []]) { folder in
            let run = try runPatience(arguments, in: folder, environment: ["NO_COLOR": "1"])
            expectEqual(run.status, 1)
            let findings = findingLines(run.standardError)
            expectEqual(findings.count, DiagnosticLimit.perFile + 1, "\(arguments)")
            expectContains(String(findings.last ?? ""), "error[P0012]: ")
            // Past the 1,000 the lexer keeps, the rest are counted, not kept: the count is still exact.
            expectContains(String(findings.last ?? ""), ": 4900 more findings not shown (4900 errors): a file shows at most 100")
        }
    }

    /// The summary line still counts every error, and JSON holds the same capped list.
    @Test func lintCountsEveryErrorAndCapsItsJSON() throws {
        let source = "game \"G\"\n" + String(repeating: "@\n", count: 1_000)
        try withFiles(["many.patience": Array(source.utf8)]) { folder in
            let text = try runPatience(["lint", "many.patience"], in: folder, environment: ["NO_COLOR": "1"])
            expectEqual(text.status, 1)
            expectHasPrefix(text.standardOutput, "1 file, 10")
            let errors = Int(text.standardOutput.split(separator: " ")[2]) ?? 0
            expectGreaterOrEqual(errors, 1_000)
            let json = try runPatience(["lint", "--format", "json", "many.patience"], in: folder)
            expectEqual(json.status, 1)
            let objects = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]] ?? []
            expectEqual(objects.count, DiagnosticLimit.perFile + 1)
            expectEqual(objects.last?["code"] as? String, "P0012")
            expectEqual(objects.last?["severity"] as? String, "error")
        }
    }

    /// One comment line of 1,000,000 characters: one finding (`P0003`), quoted as a window of
    /// the line, in every command that reads rules.
    @Test(arguments: [["lint", "long.patience"], ["deal", "long.patience"], ["describe", "long.patience"]])
    func aMillionCharacterLineIsQuotedShort(arguments: [String]) throws {
        let game = try String(contentsOf: packageRoot.appendingPathComponent("Rules/Klondike.patience"), encoding: .utf8)
        let source = game + "# " + String(repeating: "x", count: 1_000_000) + "\n"
        try withFiles(["long.patience": Array(source.utf8)]) { folder in
            let run = try runPatience(arguments, in: folder, environment: ["NO_COLOR": "1"])
            expectEqual(run.status, 1)
            expectContains(run.standardError, "error[P0003]: ")
            expectLessOrEqual(run.standardError.count, 2_000)
        }
    }

    @Test func otherEncodingsAreNamedForRulesAndBoards() throws {
        let game = try String(contentsOf: packageRoot.appendingPathComponent("Rules/FreeCell.patience"), encoding: .utf8)
        let littleEndian: [UInt8] = game.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let bigEndian: [UInt8] = "AS 2S\n".utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let utf16: [UInt8] = [0xFF, 0xFE] + littleEndian
        let board: [UInt8] = [0xFE, 0xFF] + bigEndian
        try withFiles(["game.patience": utf16, "board.txt": board]) { folder in
            let lint = try runPatience(["lint", "game.patience"], in: folder, environment: ["NO_COLOR": "1"])
            expectEqual(lint.status, 1)
            expectContains(lint.standardError, "game.patience:1:1: error[P0013]: the file is in UTF-16 (little-endian), not UTF-8")
            let rules = packageRoot.appendingPathComponent("Rules/FreeCell.patience").path
            let deal = try runPatience(["deal", rules, "--board", "board.txt"], in: folder, environment: ["NO_COLOR": "1"])
            expectEqual(deal.status, 1)
            expectContains(deal.standardError, "error[P0013]: the board text is in UTF-16 (big-endian), not UTF-8")
        }
    }

    /// A legal list of more plays than a page shows gets no page and no table is kept; the
    /// replay itself still runs. One play fewer than the limit gets its page.
    @Test func replayPagesRefusePastTheLimit() throws {
        let rules = packageRoot.appendingPathComponent("Rules/Klondike.patience").path
        let over = String(repeating: "tap(stock)\n", count: PlayPage.maximumPlays + 1)
        try withFiles(["over.moves": Array(over.utf8), "few.moves": Array("tap(stock)\ntap(stock)\n".utf8)]) { folder in
            let run = try runPatience(["replay", rules, "over.moves", "--deal", "seed:1", "--html", "page.html"], in: folder,
                                      environment: ["NO_COLOR": "1"])
            expectEqual(run.status, 1)
            expectContains(run.standardError, "over.moves:1:1: error[P0714]: the replay has \(PlayPage.maximumPlays + 1) plays")
            expectHasPrefix(run.standardOutput, "applied \(PlayPage.maximumPlays + 1) moves")
            expectFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.html").path))
            let few = try runPatience(["replay", rules, "few.moves", "--deal", "seed:1", "--html", "page.html"], in: folder)
            expectEqual(few.status, 0)
            expectTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.html").path))
        }
    }
}
