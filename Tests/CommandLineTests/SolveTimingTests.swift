import Foundation
import Testing
import TestSupport

/// `solve` says how many of its seconds went to shortening the solution.
@Suite struct SolveTimingTests {
    @Test func jsonSaysHowLongTheShorteningTook() throws {
        let result = try runPatience(["solve", "Rules/FreeCell.patience", "--deal", "ms:1", "--format", "json"])
        expectEqual(result.status, 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let seconds = try #require(parsed?["seconds"] as? Double)
        let shortening = try #require(parsed?["shortening"] as? Double)
        #expect(shortening > 0, "a solution of 106 plays is shortened")
        #expect(shortening <= seconds, "the shortening is part of the seconds")
    }

    @Test func textSaysHowLongTheShorteningTook() throws {
        let result = try runPatience(["solve", "Rules/FreeCell.patience", "--deal", "ms:1"])
        expectEqual(result.status, 0)
        let first = result.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.range(of: #"nodes, \d+\.\d{3} s \(\d+\.\d{3} s of them shortening\)$"#, options: .regularExpression) != nil, "\(first)")
    }

    @Test func anUnknownVerdictSpendsNoTimeShortening() throws {
        let result = try runPatience(["solve", "Rules/FreeCell.patience", "--deal", "ms:11982", "--max-states", "1000", "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect(parsed?["verdict"] as? String == "unknown")
        #expect(parsed?["shortening"] as? Double == 0)
        let text = try runPatience(["solve", "Rules/FreeCell.patience", "--deal", "ms:11982", "--max-states", "1000"])
        #expect(!text.standardOutput.contains("shortening"))
    }
}
