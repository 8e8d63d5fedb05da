import Foundation
import Testing
import TestSupport
@testable import PatienceChecking
@testable import PatienceLanguageServer

/// `extends "Klondike"` names a bundled game rather than a file: the server resolves it as
/// `lint` does, from a folder that holds no Klondike, checks the variant against it, and goes to
/// its definition; a misspelt name gets `P0309` with the nearest name.
@Suite struct GameNameBaseTests {
    static let folder = "/nowhere-\(UUID().uuidString)"

    @Test func aVariantOfABundledGameFromAnyFolder() throws {
        let server = ServerHarness()
        server.send(request(1, "initialize", [:]))
        _ = server.response(1)
        server.send(notification("initialized", [:]))
        let good = "file://\(Self.folder)/Easy.patience", bad = "file://\(Self.folder)/Typo.patience"
        let texts = [good: "extends \"Klondike\"\ngame \"Easy\"\noverride option draw: 1 | 3 = 3\n", bad: "extends \"Klondyke\"\ngame \"Typo\"\n"]
        for (uri, text) in texts {
            server.send(notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "patience", "version": 1, "text": .string(text)]]))
        }
        expectEqual(server.diagnostics(good, version: 1)?["params"]?["diagnostics"], [])
        let typo = server.diagnostics(bad, version: 1)?["params"]?["diagnostics"]?.array ?? []
        expectEqual(typo.count, 1)
        expectEqual(typo.first?["code"], "P0309")
        expectEqual(typo.first?["message"]?.string?.contains("no game named 'Klondyke'"), true)
        expectEqual(typo.first?["message"]?.string?.contains("did you mean 'Klondike'?"), true)

        server.send(request(2, "textDocument/definition", ["textDocument": ["uri": .string(good)], "position": ["line": 0, "character": 10]]))
        let target = server.response(2)?["result"]?["uri"]?.string ?? ""
        expectHasSuffix(target, "/Klondike.patience")
        let bundled = try #require(GameLibrary.bundledFolder)
        expectEqual(target, "file://" + URL(fileURLWithPath: bundled).appendingPathComponent("Klondike.patience").standardizedFileURL.path)
        _ = server.close()
    }
}
