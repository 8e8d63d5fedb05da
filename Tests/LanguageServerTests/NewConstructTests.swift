import Testing
import TestSupport
@testable import PatienceLanguage
@testable import PatienceDiagnostics
@testable import PatienceLanguageServer

private let uri = "file:///nowhere/Constructs.patience"
private let text = """
game "T"
decks 1
zone tableau 4
zone foundation 1
deal tableau rest
lift tableau {}
accept foundation {}
effect after {
  if move.destination == foundation { flip tableau[1] }
}
won when tableau.empty

"""

/// The language server on `move` in an effect and on `remove KIND NAME`.
@Suite struct NewConstructServerTests {
    @Test func hoverExplainsMoveAndTheOutlineListsPartRemovals() throws {
        let server = ServerHarness()
        server.send(request(1, "initialize", [:]))
        _ = server.response(1)
        server.send(notification("initialized", [:]))
        server.send(notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "patience", "version": 1, "text": .string(text)]]))
        // `move` on line 9 (0-based 8), column 6.
        server.send(request(2, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 8, "character": 6]]))
        let hover = server.response(2)?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(hover.contains("the play that set the effects off"), "\(hover)")
        // The game checks clean: `move.destination` is a pile in an effect.
        expectEqual(server.diagnostics(uri, version: 1)?["params"]?["diagnostics"], [])
        server.send(request(3, "shutdown", nil))
        _ = server.response(3)
        server.send(notification("exit", nil))
        expectEqual(server.close(), 0)
    }

    @Test func symbolOfAPartRemoval() {
        let declaration = Declaration(.removePart(kind: Identifier("accept", range: .fileStart), name: Identifier("cell", range: .fileStart)), range: .fileStart)
        expectEqual(LanguageServer.symbol(declaration).0, "remove accept cell")
    }
}

