import Foundation
import Testing
import TestSupport
@testable import PatienceLanguage
@testable import PatienceLanguageServer

/// A real client: headless Neovim with `Tests/Fixtures/LSP/nvim/client.lua` starts the built
/// `patience lsp`, opens a broken variant of a base game and reports what the server told it.
/// Skipped, saying so, where Neovim is not installed (Debian's package is `neovim`).
@Suite struct NeovimClientTests {
    @Test(.enabled(if: neovim != nil, "Neovim (nvim) is not installed: the real-client test of patience lsp is skipped"))
    func neovimReadsDiagnosticsHoverDefinitionAndFormatting() throws {
        try withBrokenVariantFolder { folder in try check(folder) }
    }

    private func check(_ folder: URL) throws {
        let output = folder.appendingPathComponent("result.json")
        try runHeadlessNeovim(["-u", TestPaths.fixture("LSP/nvim/client.lua").path], in: folder, environment: [
            "PATIENCE_BIN": try PatienceExecutable.url().path, "LSP_DIR": folder.path, "LSP_OUT": output.path,
        ])

        let report = try #require(JSON.parse(try Data(contentsOf: output)), "Neovim wrote no report")
        expectTrue(report["errors"] == [] || report["errors"] == [:], "\(report["errors"]?.text ?? "")")

        // The diagnostics of the broken variant, as lint gives them: code, place and help.
        let diagnostics = report["diagnostics"]?.array ?? []
        expectEqual(diagnostics.count, 1)
        expectEqual(diagnostics.first?["code"], "P0301")
        expectTrue(diagnostics.first?["lnum"] == 5 && diagnostics.first?["col"] == 47)
        expectEqual(diagnostics.first?["message"]?.string?.contains("cannot find 'bild'"), true)
        expectEqual(diagnostics.first?["message"]?.string?.contains("help: did you mean 'build'?"), true)

        // The hover on a zone of the base shows its declaration there.
        let hover = report["hover"]?.string ?? ""
        expectTrue(hover.contains("zone tableau 7") && hover.contains("declared in `Base.patience`"), "\(hover)")

        // The definition is in the parent file.
        let definition = report["definition"]
        expectEqual(definition?["uri"]?.string?.hasSuffix("/Base.patience"), true)
        expectTrue(definition?["line"] == 9 && definition?["character"] == 5)

        // The buffer after formatting is what fmt makes of the file.
        let source = try String(contentsOf: TestPaths.fixture("LSP/BrokenVariant.patience"), encoding: .utf8)
        guard case .formatted(let formatted) = Formatter.format(source) else {
            Issue.record("the fixture does not format")
            return
        }
        expectNotEqual(formatted, source)
        let lines = (report["formatted"]?.array ?? []).compactMap(\.string)
        expectEqual(lines.joined(separator: "\n") + "\n", formatted)
    }
}
