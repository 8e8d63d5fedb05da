import Foundation
import Testing
import TestSupport
@testable import PatienceCommandLine

/// A folder of rule files made for one test: a copy of Klondike, a variant that extends it and
/// adds an option (a base lies in the variant's folder or below it: see P0517), and whatever else the test writes. Removed by the caller.
private func makeCatalogFolder(_ extra: [String: String] = [:]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-list-\(UUID().uuidString)")
    let rules = folder.appendingPathComponent("rules")
    try FileManager.default.createDirectory(at: rules.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: TestPaths.rules("Klondike"), toPath: rules.appendingPathComponent("Klondike.patience").path)
    let files = [
        "Easy.patience": """
            extends "Klondike.patience"
            game "easy Klondike"
            override option redeals: 0 ... 10 | unlimited = 3
            option hints: true | false = true
            override won when hints or all(f in foundation: f.size == 13)

            """
    ].merging(extra) { $1 }
    for (name, text) in files {
        try Data(text.utf8).write(to: rules.appendingPathComponent(name))
    }
    return folder
}

/// The JSON object `list --format json` printed.
private func decodedObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct ListCommandTests {
    /// A typo in a rule: the error every test of a broken file expects.
    static let brokenVariant = """
        extends "Klondike.patience"
        game "Broken Klondike"
        override accept tableau {
          require run.first.colr != top.color else "builds down in alternating colours"
        }

        """

    @Test func listsEveryBundledGameByDefault() throws {
        let result = try runPatience(["list"], in: TestPaths.packageRoot)
        expectEqual(result.status, 0)
        expectTrue(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        expectEqual(lines.first?.hasPrefix("GAME "), true)
        expectTrue(lines.first?.contains(" FILE ") == true && lines.first?.hasSuffix(" OPTIONS") == true)
        let count = TestPaths.ruleFiles.count
        expectEqual(lines.last, "\(count) files, \(count) games, 0 errors")
        let rows = lines.dropFirst().dropLast()
        expectEqual(rows.count, count)
        for file in TestPaths.ruleFiles {
            expectTrue(rows.contains { $0.contains(" Rules/\(file) ") }, "\(file) is listed")
        }
        let columns = { (row: String) in row.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) } }
        let klondike = try #require(rows.first { $0.hasPrefix("Klondike ") })
        let klondikeShare = try Self.bundledShares().row(for: "Klondike")?.shareText ?? "-"
        expectEqual(columns(klondike), ["Klondike", "Rules/Klondike.patience", "-", klondikeShare, "draw = 1 (1 | 3), redeals = unlimited (0 ... 10 | unlimited)"])
        let athena = try #require(rows.first { $0.hasPrefix("Athena ") })
        let athenaShare = try Self.bundledShares().row(for: "Athena")?.shareText ?? "-"
        expectEqual(columns(athena), ["Athena", "Rules/Athena.patience", "Klondike", athenaShare, "draw = 1 (1 | 3), redeals = 2 (2)"])
        let golf = try #require(rows.first { $0.hasPrefix("Golf ") })
        expectEqual(columns(golf).last, "wrap = false (false | true), dead_kings = false (false | true)")
        // The columns line up: every row's file starts where the header's FILE does.
        let fileColumn = try #require(lines.first?.range(of: "FILE")).lowerBound.utf16Offset(in: lines[0])
        for row in rows {
            expectHasPrefix(row.dropFirst(fileColumn), "Rules/", "\(row)")
        }
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let result = try runPatience(["list", "Rules", "--format", "json"], in: TestPaths.packageRoot)
        expectEqual(result.status, 0)
        expectTrue(result.standardError.isEmpty)
        let object = try decodedObject(result.standardOutput)
        expectEqual(Set(object.keys), ["games", "findings"])
        expectEqual((object["findings"] as? [Any])?.isEmpty, true)
        let games = try #require(object["games"] as? [[String: Any]])
        expectEqual(games.count, TestPaths.ruleFiles.count)
        for game in games {
            expectEqual(Set(game.keys), ["name", "file", "extends", "winnable", "options", "references"])
            for option in game["options"] as? [[String: Any]] ?? [] {
                expectEqual(Set(option.keys), ["name", "type", "values", "default"])
            }
        }
        let klondike = try #require(games.first { $0["name"] as? String == "Klondike" })
        expectEqual(klondike["file"] as? String, "Rules/Klondike.patience")
        expectTrue(klondike["extends"] is NSNull)
        let options = try #require(klondike["options"] as? [[String: Any]])
        expectEqual(options.map { $0["name"] as? String }, ["draw", "redeals"])
        expectEqual(options[0]["type"] as? String, "integer")
        expectEqual(options[0]["values"] as? [Int], [1, 3])
        expectEqual(options[0]["default"] as? Int, 1)
        let redeals = try #require(options[1]["values"] as? [Any])
        expectEqual(redeals.count, 2)
        expectEqual(redeals.first as? [String: Int], ["from": 0, "to": 10])
        expectEqual(redeals.last as? String, "unlimited")
        expectEqual(options[1]["default"] as? String, "unlimited")
        let athena = try #require(games.first { $0["name"] as? String == "Athena" })
        expectEqual(athena["extends"] as? [String: String], ["name": "Klondike", "file": "Rules/Klondike.patience"])
        let golf = try #require(games.first { $0["name"] as? String == "Golf" })
        let wrap = try #require((golf["options"] as? [[String: Any]])?.first)
        expectEqual(wrap["type"] as? String, "boolean")
        expectEqual(wrap["values"] as? [Bool], [false, true])
        expectEqual(wrap["default"] as? Bool, false)
        expectContains(result.standardOutput, #"{"name": "wrap", "type": "boolean", "values": [false, true], "default": false}"#)
        // One game a line, so that the output diffs well.
        expectEqual(result.standardOutput.split(separator: "\n").count, games.count + 5)
    }

    @Test func aBrokenFileIsReportedAtItsPlaceAndFailsTheRun() throws {
        let folder = try makeCatalogFolder(["Broken.patience": Self.brokenVariant])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPatience(["list", "rules"], in: folder)
        expectEqual(result.status, 1)
        expectHasPrefix(result.standardError, "rules/Broken.patience:4:21: error[P0302]: 'colr' is not a property of a card\n")
        expectContains(result.standardError, "4 |   require run.first.colr != top.color")
        // The unused-option warning of the variant is lint's business, not the index's.
        expectNotContains(result.standardError, "warning")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        expectEqual(lines.count, 4)
        expectEqual(lines.last, "3 files, 2 games, 1 error")
        expectNotContains(result.standardOutput, "Broken")

        let json = try runPatience(["list", "rules", "--format", "json"], in: folder)
        expectEqual(json.status, 1)
        expectTrue(json.standardError.isEmpty)
        let object = try decodedObject(json.standardOutput)
        let findings = try #require(object["findings"] as? [[String: Any]])
        expectEqual(findings.count, 1)
        expectEqual(findings.first?["file"] as? String, "rules/Broken.patience")
        expectEqual(findings.first?["line"] as? Int, 4)
        expectEqual(findings.first?["column"] as? Int, 21)
        expectEqual(findings.first?["code"] as? String, "P0302")
        expectEqual((object["games"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["easy Klondike", "Klondike"])
    }

    @Test func aVariantOfABrokenBaseIsNotListed() throws {
        let folder = try makeCatalogFolder([
            "Broken.patience": Self.brokenVariant,
            "OfBroken.patience": "extends \"Broken.patience\"\ngame \"Worse Klondike\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPatience(["list", "rules"], in: folder)
        expectEqual(result.status, 1)
        // The base's error is reported on the variant's `extends` line, as `lint` reports it.
        expectContains(result.standardError, "rules/OfBroken.patience:1:1: error[P0302]")
        expectHasSuffix(result.standardOutput, "4 files, 2 games, 2 errors\n")
    }

    @Test func gamesAreSortedByNameIgnoringCaseThenByFile() throws {
        // File order (Easy, Klondike, Z, a, b) differs from name order.
        let folder = try makeCatalogFolder([
            "Z.patience": "extends \"Klondike.patience\"\ngame \"Beta\"\n",
            "a.patience": "extends \"Klondike.patience\"\ngame \"Gamma\"\n",
            "b.patience": "extends \"Klondike.patience\"\ngame \"beta\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPatience(["list", "rules"], in: folder)
        expectEqual(result.status, 0)
        let names = result.standardOutput.split(separator: "\n").dropFirst().dropLast()
            .map { $0.split(separator: "  ").first.map(String.init) ?? "" }
        expectEqual(names, ["Beta", "beta", "easy Klondike", "Gamma", "Klondike"])
        let json = try decodedObject(try runPatience(["list", "--format", "json", "rules"], in: folder).standardOutput)
        let files = (json["games"] as? [[String: Any]])?.compactMap { $0["file"] as? String }
        expectEqual(files, ["rules/Z.patience", "rules/b.patience", "rules/Easy.patience", "rules/a.patience", "rules/Klondike.patience"])
    }

    @Test func aVariantShowsItsBaseAndItsMergedOptions() throws {
        let folder = try makeCatalogFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPatience(["list", "rules/Easy.patience"], in: folder)
        expectEqual(result.status, 0)
        expectEqual(result.standardOutput, """
                GAME           FILE                 EXTENDS   WINNABLE  OPTIONS
                easy Klondike  rules/Easy.patience  Klondike  -         draw = 1 (1 | 3), redeals = 3 (0 ... 10 | unlimited), hints = true (true | false)
                1 file, 1 game, 0 errors

                """)
        let text = try runPatience(["list", "--format", "json", "rules/Easy.patience"], in: folder).standardOutput
        let game = try #require((try decodedObject(text)["games"] as? [[String: Any]])?.first)
        // The base is named as a path from where the variant was named, `..` resolved.
        expectEqual(game["extends"] as? [String: String], ["name": "Klondike", "file": "rules/Klondike.patience"])
        expectEqual((game["options"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["draw", "redeals", "hints"])
        // Foundation's decoder reads JSON booleans and numbers alike, so the types are checked in the text.
        expectContains(text, #"{"name": "redeals", "type": "integer", "values": [{"from": 0, "to": 10}, "unlimited"], "default": 3}"#)
        expectContains(text, #"{"name": "hints", "type": "boolean", "values": [true, false], "default": true}"#)
    }

    /// The README's catalog: a Markdown table whose option cells escape `|`, and whose names escape
    /// what Markdown would read as markup; a broken file is reported on standard error only.
    @Test func markdownIsATableWithItsPipesEscaped() throws {
        let folder = try makeCatalogFolder(["Odd.patience": "extends \"Klondike.patience\"\ngame \"Odd_*game*\"\n", "Broken.patience": Self.brokenVariant])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPatience(["list", "--format", "markdown", "rules/Easy.patience", "rules/Odd.patience", "rules/Broken.patience"], in: folder, environment: ["NO_COLOR": "1"])
        expectEqual(result.status, 1)
        expectEqual(result.standardOutput, """
                | Game | File | Variant of | Winnable | Options (default, then allowed values) | Checked against |
                | --- | --- | --- | --- | --- | --- |
                | easy Klondike | `rules/Easy.patience` | Klondike |  | `draw = 1 (1 \\| 3)`, `redeals = 3 (0 ... 10 \\| unlimited)`, `hints = true (true \\| false)` |  |
                | Odd\\_\\*game\\* | `rules/Odd.patience` | Klondike |  | `draw = 1 (1 \\| 3)`, `redeals = unlimited (0 ... 10 \\| unlimited)` |  |

                """)
        expectContains(result.standardError, "rules/Broken.patience:4:")
    }

    /// The bundled `Rules/Winnable.tsv`, parsed.
    static func bundledShares() throws -> WinnableTable {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Rules").appendingPathComponent(WinnableTable.fileName), encoding: .utf8)
        return try WinnableTable.parse(text)
    }

    /// The committed table parses, names only games of the catalog, once each, sorted by name.
    @Test func theBundledWinnableTableNamesOnlyCatalogGames() throws {
        let table = try Self.bundledShares()
        expectFalse(table.rows.isEmpty)
        let json = try decodedObject(try runPatience(["list", "--format", "json", "Rules"], in: TestPaths.packageRoot).standardOutput)
        let names = Set((json["games"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? [])
        for row in table.rows {
            expectTrue(names.contains(row.game), "Winnable.tsv names '\(row.game)', which is no game of Rules")
            expectEqual(row.deals, 100, "\(row.game) was analysed over deals 1 to 100")
        }
        let games = table.rows.map(\.game)
        expectEqual(games, games.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) })
        // `list` shows each row's share in the game's line, and its counts in the JSON.
        let listed = (json["games"] as? [[String: Any]]) ?? []
        let first = try #require(table.rows.first)
        let entry = try #require(listed.first { $0["name"] as? String == first.game })
        let winnable = try #require(entry["winnable"] as? [String: Any])
        expectEqual(winnable["won"] as? Int, first.won)
        expectEqual(winnable["unknown"] as? Int, first.unknown)
        let text = try runPatience(["list", "Rules"], in: TestPaths.packageRoot).standardOutput
        expectTrue(text.split(separator: "\n").contains { $0.hasPrefix(first.game + " ") && $0.contains("  \(first.shareText)  ") }, "\(first.game)'s line shows \(first.shareText)")
    }

    @Test func aWinnableTableIsReadNextToTheRuleFiles() throws {
        let folder = try makeCatalogFolder(["Winnable.tsv": "game\tdeals\twon\tlost\tunknown\tbudget\neasy Klondike\t100\t80\t13\t7\tstates=20000\nKlondike\t100\t90\t10\t0\tstates=20000\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPatience(["list", "rules"], in: folder)
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "easy Klondike  rules/Easy.patience      Klondike  80–87 %   ")
        expectContains(result.standardOutput, "Klondike       rules/Klondike.patience  -         90 %      ")
        let markdown = try runPatience(["list", "--format", "markdown", "rules/Easy.patience"], in: folder).standardOutput
        expectContains(markdown, "| easy Klondike | `rules/Easy.patience` | Klondike | 80–87 % | ")
    }

    @Test(arguments: [
        ("game\tdeals\twon\n", 1, "header"),
        ("game\tdeals\twon\tlost\tunknown\tbudget\nX\t100\t50\t50\n", 2, "6 tab-separated columns"),
        ("game\tdeals\twon\tlost\tunknown\tbudget\nX\t100\t50\t40\t0\ts\n", 2, "add up to 90"),
        ("game\tdeals\twon\tlost\tunknown\tbudget\nX\t100\tmany\t40\t0\ts\n", 2, "whole numbers"),
        ("game\tdeals\twon\tlost\tunknown\tbudget\nX\t1\t1\t0\t0\ts\nX\t1\t1\t0\t0\ts\n", 3, "a second row"),
    ])
    func aBrokenWinnableTableIsAWarning(text: String, line: Int, message: String) throws {
        #expect(throws: WinnableTable.Problem.self) { try WinnableTable.parse(text) }
        do {
            _ = try WinnableTable.parse(text)
        } catch {
            expectEqual(error.line, line)
            expectContains(error.message, message)
        }
        let folder = try makeCatalogFolder(["Winnable.tsv": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runPatience(["list", "rules/Easy.patience"], in: folder)
        expectEqual(result.status, 0)
        expectContains(result.standardError, "warning: rules/Winnable.tsv:\(line): ")
        expectContains(result.standardOutput, "easy Klondike  rules/Easy.patience  Klondike  -  ")
    }

    @Test func missingAndEmptyFoldersAreFindings() throws {
        let folder = try makeCatalogFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let result = try runPatience(["list", "missing", "empty"], in: folder)
        expectEqual(result.status, 1)
        expectHasPrefix(result.standardError, "missing:1:1: error[P0005]: no game or file named 'missing'\n")
        expectContains(result.standardError, "empty:1:1: error[P0006]: folder holds no .patience files")
        expectEqual(result.standardOutput, "1 file, 0 games, 2 errors\n")
        // Without a Rules folder where it runs, the games that can be named are the bundled ones.
        let defaulted = try runPatience(["list"], in: folder)
        expectEqual(defaulted.status, 0)
        expectContains(defaulted.standardOutput, "\nKlondike ")
        expectHasSuffix(defaulted.standardOutput, "\(TestPaths.ruleFiles.count) files, \(TestPaths.ruleFiles.count) games, 0 errors\n")
    }

    @Test(arguments: [["list", "--help"], ["help", "list"]])
    func helpDescribesTheOutputAndExitStatus(arguments: [String]) throws {
        let result = try runPatience(arguments)
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "USAGE: patience list [<path>...] [--format <format>] [--color <when>]")
        expectContains(result.standardOutput, "EXIT STATUS:\n  0 ")
        // The discussion is wrapped to the terminal's width, so its phrases are read across line breaks.
        let prose = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in ["./Rules", "PATIENCE_RULES", "name = default (allowed values)", "\"extends\"", "\"values\"", "\"default\""] {
            expectContains(prose, phrase, "help mentions \(phrase)")
        }
        let top = try runPatience(["--help"])
        expectContains(top.standardOutput, "  list ")
    }

    @Test func usageErrorsExitWith64() throws {
        let result = try runPatience(["list", "--format", "yaml"])
        expectEqual(result.status, 64)
        expectContains(result.standardError, "error: invalid value 'yaml' for '--format'")
        expectTrue(result.standardOutput.isEmpty)
    }
}
