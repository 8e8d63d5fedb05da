import Foundation
import Testing
import TestSupport

/// `patience describe` and `patience lsp` through the built executable: formats, exit statuses and errors.
@Suite struct DescribeCommandTests {
    private let klondike = TestPaths.rules("Klondike")

    @Test func writesTextMarkdownAndHTML() throws {
        let text = try runPatience(["describe", klondike])
        expectTrue(text.status == 0 && text.standardError.isEmpty)
        expectHasPrefix(text.standardOutput, "Klondike\n========\n\nCards and table\n")
        let markdown = try runPatience(["describe", klondike, "--format", "markdown", "--option", "draw=3"])
        expectEqual(markdown.status, 0)
        expectContains(markdown.standardOutput, "\n## Action 'draw'\n\nTap the stock when the stock is not empty to:\n\n- Deal 3 cards from the stock to the waste, one at a time, face up.\n")
        let html = try runPatience(["describe", klondike, "--format", "html"])
        expectTrue(html.status == 0 && html.standardOutput.hasPrefix("<!DOCTYPE html>") && html.standardOutput.contains("<h2>The tableau (7 piles)</h2>"))
    }

    @Test func aFileWithErrorsOrABadOptionIsAFinding() throws {
        let broken = try runPatience(["describe", TestPaths.fixture("LSP/Broken.patience").path], environment: ["NO_COLOR": "1"])
        expectTrue(broken.status == 1 && broken.standardOutput.isEmpty)
        expectContains(broken.standardError, "error[P0301]")
        let option = try runPatience(["describe", klondike, "--option", "draw=2"], environment: ["NO_COLOR": "1"])
        expectTrue(option.status == 1 && option.standardError.contains("P0502"))
    }

    @Test func usageErrorsAreStatus64() throws {
        #expect(try runPatience(["describe", klondike, "--format", "pdf"]).status == 64)
        #expect(try runPatience(["describe"]).status == 64)
        #expect(try runPatience(["describe", klondike, "--option", "draw"]).status == 64)
        #expect(try runPatience(["lsp", "extra"]).status == 64)
    }

    /// The executable serves a whole session on its standard streams and ends with status 0.
    @Test func lspServesASessionOnStandardStreams() throws {
        func framed(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }
        let input = framed(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
            + framed(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
            + framed(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let result = try runPatience(["lsp"], input: input)
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, #""hoverProvider":true"#)
        expectContains(result.standardOutput, #"{"id":2,"jsonrpc":"2.0","result":null}"#)
        let cut = try runPatience(["lsp"], input: framed(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#))
        expectEqual(cut.status, 1)
    }
}
