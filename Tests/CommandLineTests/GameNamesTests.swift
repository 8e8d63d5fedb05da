import Foundation
import Testing
import TestSupport
@testable import PatienceChecking

/// Games named rather than given by path: found in `PATIENCE_RULES`, then `./Rules`, then among
/// the bundled games, whatever the current folder; names compared without case, spaces or
/// punctuation; "did you mean" for a near miss; and the bundled games reachable from a copy of
/// the executable with its resource bundle.
@Suite struct GameNamesTests {
    static func scratch(_ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("patience-names", body)
    }

    @Test func bundledGamesAreFoundFromAnyFolder() throws {
        try Self.scratch { folder in
            let played = try runPatience(["play", "Klondike", "--deal", "seed:3"], in: folder, input: "t5\n")
            expectEqual(played.status, 0)
            expectEqual(played.standardError, "")
            expectContains(played.standardOutput, "played tableau[5]->foundation[1]\n")
            let solved = try runPatience(["solve", "FreeCell", "--deal", "ms:1", "--format", "json"], in: folder)
            expectEqual(solved.status, 0)
            expectContains(solved.standardOutput, #""verdict": "solved""#)
            let linted = try runPatience(["lint", "Klondike", "Baker's Game"], in: folder)
            expectEqual(linted.standardOutput, "2 files, 0 errors, 0 warnings\n")
        }
    }

    /// fmt rewrites what it is given, so it never reaches into the library by name.
    @Test func fmtTakesPathsOnly() throws {
        try Self.scratch { folder in
            let run = try runPatience(["fmt", "Klondike"], in: folder)
            expectEqual(run.status, 1)
            expectEqual(run.standardError, "Klondike:1:1: error[P0005]: no such file or folder\n")
        }
    }

    @Test(arguments: ["Baker's Game", "bakers-game", "BAKERSGAME", "bakers game"])
    func namesIgnoreCaseSpacesAndPunctuation(name: String) throws {
        let byPath = try runPatience(["describe", "Rules/BakersGame.patience"], in: packageRoot)
        let byName = try runPatience(["describe", name], in: packageRoot)
        expectEqual(byName.status, 0)
        expectEqual(byName.standardOutput, byPath.standardOutput)
        expectHasPrefix(byName.standardOutput, "Baker's Game\n")
    }

    @Test func aNearMissIsAnsweredWithTheName() throws {
        let run = try runPatience(["play", "Klondkie"], in: packageRoot)
        expectEqual(run.status, 1)
        expectEqual(run.standardOutput, "")
        expectEqual(run.standardError, "error[P0005]: no game or file named 'Klondkie'\n  = help: did you mean 'Klondike'? 'patience list' lists the games\n\n")
        // A path is still a path, and reported as one.
        let path = try runPatience(["deal", "Rules/Klondkie.patience"], in: packageRoot)
        expectEqual(path.status, 1)
        expectHasPrefix(path.standardError, "Rules/Klondkie.patience:1:1: error[P0005]: ")
    }

    /// The search order: PATIENCE_RULES (its folders in order), then ./Rules, then the bundle.
    @Test func theSearchPathComesFirstThenTheCurrentFolder() throws {
        try Self.scratch { folder in
            let first = folder.appendingPathComponent("first"), second = folder.appendingPathComponent("second")
            let local = folder.appendingPathComponent("Rules")
            for place in [first, second, local] { try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true) }
            let golf = try String(contentsOf: TestPaths.rules.appendingPathComponent("Golf.patience"), encoding: .utf8)
            func write(_ name: String, to place: URL) throws {
                try Data(golf.replacingOccurrences(of: "game \"Golf\"", with: "game \"\(name)\"").utf8)
                    .write(to: place.appendingPathComponent("Golf.patience"))
            }
            try write("Second Golf", to: second)
            try write("Local Golf", to: local)
            let environment = ["PATIENCE_RULES": first.path + ":" + second.path]
            let found = try runPatience(["describe", "golf"], in: folder, environment: environment)
            expectHasPrefix(found.standardOutput, "Second Golf\n")
            try write("First Golf", to: first)
            expectHasPrefix(try runPatience(["describe", "golf"], in: folder, environment: environment).standardOutput, "First Golf\n")
            expectHasPrefix(try runPatience(["describe", "golf"], in: folder).standardOutput, "Local Golf\n")

            // list alone lists what can be named: the first Golf, and every other bundled game.
            let listed = try runPatience(["list"], in: folder, environment: environment)
            expectEqual(listed.status, 0)
            expectContains(listed.standardOutput, "\nFirst Golf ")
            expectNotContains(listed.standardOutput, "Local Golf")
            expectContains(listed.standardOutput, "\nKlondike ")
            expectHasSuffix(listed.standardOutput, "\(TestPaths.ruleFiles.count) files, \(TestPaths.ruleFiles.count) games, 0 errors\n")
        }
    }

    /// A variant anywhere can build on a bundled game by name; its own base's relative `extends`
    /// (Baker's Game extends "FreeCell.patience") stays inside the bundle's folder.
    @Test func extendsNamesABundledGame() throws {
        try Self.scratch { folder in
            try Data("extends \"Baker's Game\"\ngame \"Kings' Bakers\"\n".utf8).write(to: folder.appendingPathComponent("Kings.patience"))
            try Data("extends \"Bakers Gaem\"\ngame \"Typo\"\n".utf8).write(to: folder.appendingPathComponent("Typo.patience"))
            let good = try runPatience(["lint", "Kings.patience"], in: folder)
            expectEqual(good.status, 0)
            expectEqual(good.standardError, "")
            let listed = try runPatience(["list", "Kings.patience"], in: folder)
            expectContains(listed.standardOutput, "Kings' Bakers  Kings.patience  Baker's Game  -         -\n")
            let typo = try runPatience(["lint", "Typo.patience"], in: folder)
            expectEqual(typo.status, 1)
            expectHasPrefix(typo.standardError, "Typo.patience:1:1: error[P0309]: cannot use 'Bakers Gaem' as the base: no game named 'Bakers Gaem'\n")
            expectContains(typo.standardError, "= help: did you mean 'BakersGame'?")
        }
    }

    /// An installed copy: the executable and its resource bundle copied together elsewhere.
    @Test func aCopiedExecutableFindsItsBundledGames() throws {
        try Self.scratch { folder in
            let executable = try PatienceExecutable.url()
            let bundle = executable.deletingLastPathComponent().appendingPathComponent(GameLibrary.resourceBundleName)
            try FileManager.default.copyItem(at: executable, to: folder.appendingPathComponent("patience"))
            try FileManager.default.copyItem(at: bundle, to: folder.appendingPathComponent(GameLibrary.resourceBundleName))
            let process = Process()
            process.executableURL = folder.appendingPathComponent("patience")
            process.arguments = ["list", "--format", "json"]
            process.currentDirectoryURL = folder
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            expectEqual(process.terminationStatus, 0)
            let bundled = folder.appendingPathComponent(GameLibrary.resourceBundleName + "/Rules/Klondike.patience").path
            expectContains(text, "\"file\": \"\(bundled)\"")
        }
    }
}
