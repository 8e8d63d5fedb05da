import Foundation
import Testing
import TestSupport

/// `patience fmt` through the built executable: writing files, `--check`, standard input, and
/// files it must not touch.
@Suite struct FmtCommandTests {
    private static let messy = "game   \"G\"\nzone a 1   # the only zone\nlift a{require run.size==1}\nwon when a.empty\n"
    private static let tidy = "game \"G\"\nzone a 1  # the only zone\nlift a {\n  require run.size == 1\n}\n\nwon when a.empty\n"

    private func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-fmt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    private func read(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func formatsFilesInPlaceAndSaysWhich() throws {
        let dir = try folder(["a.patience": Self.messy, "b.patience": Self.tidy])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runPatience(["fmt", dir.path])
        expectEqual(result.status, 0)
        #expect(try read(dir, "a.patience") == Self.tidy)
        #expect(try read(dir, "b.patience") == Self.tidy)
        expectEqual(result.standardError, "formatted \(dir.path)/a.patience\n")
        expectEqual(result.standardOutput, "2 files, 1 reformatted\n")
    }

    @Test func checkListsWhatWouldChangeAndWritesNothing() throws {
        let dir = try folder(["a.patience": Self.messy, "b.patience": Self.tidy])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runPatience(["fmt", "--check", dir.path])
        expectEqual(result.status, 1)
        expectEqual(result.standardOutput, "\(dir.path)/a.patience\n")
        #expect(try read(dir, "a.patience") == Self.messy)
        let clean = try runPatience(["fmt", "--check", dir.appendingPathComponent("b.patience").path])
        expectEqual(clean.status, 0)
        expectTrue(clean.standardOutput.isEmpty)
    }

    @Test func theBundledGamesPassCheck() throws {
        let result = try runPatience(["fmt", "--check", "Rules"], in: TestPaths.packageRoot)
        expectEqual(result.status, 0, "not formatted: \(result.standardOutput)")
    }

    @Test func standardInputGoesToStandardOutput() throws {
        let result = try runPatience(["fmt", "-"], input: Self.messy)
        expectEqual(result.status, 0)
        expectEqual(result.standardOutput, Self.tidy)
        let check = try runPatience(["fmt", "--check", "-"], input: Self.messy)
        expectEqual(check.status, 1)
        expectEqual(check.standardOutput, "<stdin>\n")
    }

    @Test func aFileWithSyntaxErrorsIsLeftAsItIsWithItsDiagnostics() throws {
        let broken = "game \"G\"\nzone tableau\nlift tableau {\n  require run.size ==\n}\n"
        let dir = try folder(["broken.patience": broken, "a.patience": Self.messy])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runPatience(["fmt", dir.path])
        expectEqual(result.status, 1)
        #expect(try read(dir, "broken.patience") == broken)
        #expect(try read(dir, "a.patience") == Self.tidy, "the other files are still formatted")
        expectContains(result.standardError, "broken.patience:5:1: error[P0203]")
        expectContains(result.standardError, "error[P02")
        expectEqual(result.standardOutput, "2 files, 1 reformatted, 1 with errors\n")
        // From standard input the text comes back unchanged.
        let piped = try runPatience(["fmt", "-"], input: broken)
        expectEqual(piped.status, 1)
        expectEqual(piped.standardOutput, broken)
        expectContains(piped.standardError, "<stdin>:5:1: error[P0203]")
    }

    @Test func missingPathsAndUsage() throws {
        let missing = try runPatience(["fmt", "/nonexistent/x.patience"])
        expectEqual(missing.status, 1)
        expectContains(missing.standardError, "P0005")
        let none = try runPatience(["fmt"])
        expectEqual(none.status, 64)
        let twice = try runPatience(["fmt", "-", "-"])
        expectEqual(twice.status, 64)
        let help = try runPatience(["fmt", "--help"])
        expectEqual(help.status, 0)
        expectContains(help.standardOutput, "USAGE: patience fmt")
        expectContains(help.standardOutput, "--check")
    }
}
