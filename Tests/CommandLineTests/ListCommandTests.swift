import Foundation
import Testing
import TestSupport

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
        expectEqual(columns(klondike), ["Klondike", "Rules/Klondike.patience", "-", "draw = 1 (1 | 3), redeals = unlimited (0 ... 10 | unlimited)"])
        let athena = try #require(rows.first { $0.hasPrefix("Athena ") })
        expectEqual(columns(athena), ["Athena", "Rules/Athena.patience", "Klondike", "draw = 1 (1 | 3), redeals = 2 (2)"])
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
            expectEqual(Set(game.keys), ["name", "file", "extends", "options", "references"])
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
                GAME           FILE                 EXTENDS   OPTIONS
                easy Klondike  rules/Easy.patience  Klondike  draw = 1 (1 | 3), redeals = 3 (0 ... 10 | unlimited), hints = true (true | false)
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
                | Game | File | Variant of | Options (default, then allowed values) | Checked against |
                | --- | --- | --- | --- | --- |
                | easy Klondike | `rules/Easy.patience` | Klondike | `draw = 1 (1 \\| 3)`, `redeals = 3 (0 ... 10 \\| unlimited)`, `hints = true (true \\| false)` |  |
                | Odd\\_\\*game\\* | `rules/Odd.patience` | Klondike | `draw = 1 (1 \\| 3)`, `redeals = unlimited (0 ... 10 \\| unlimited)` |  |

                """)
        expectContains(result.standardError, "rules/Broken.patience:4:")
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
        for phrase in ["./Rules", "PATIENCE_RULES", "name = default (allowed values)", "\"extends\"", "\"values\"", "\"default\"", "EXIT STATUS:\n  0 "] {
            expectContains(result.standardOutput, phrase, "help mentions \(phrase)")
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
