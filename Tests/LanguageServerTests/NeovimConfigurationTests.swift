import Foundation
import Testing
import TestSupport
@testable import PatienceLanguageServer

/// The Neovim set-up that `Docs/Editors.md` gives, `Editors/nvim/patience.lua`, works: headless
/// Neovim started with exactly that file as its configuration opens a broken rule file, starts
/// `patience lsp` (found on the PATH, as the page says) and shows its diagnostics. CI runs it
/// with Debian's Neovim (0.7); the file feature-detects what 0.8 and later add. Skipped, saying
/// so, where Neovim is not installed.
@Suite struct NeovimConfigurationTests {
    static let configuration = TestPaths.packageRoot.appendingPathComponent("Editors/nvim/patience.lua")

    @Test func theGuideQuotesTheConfigurationFileVerbatim() throws {
        let guide = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Docs/Editors.md"), encoding: .utf8)
        let file = try String(contentsOf: Self.configuration, encoding: .utf8)
        expectContains(guide, "```lua\n" + file + "```\n")
    }

    @Test(.enabled(if: neovim != nil, "Neovim (nvim) is not installed: the test of the documented Neovim set-up is skipped"))
    func theDocumentedConfigurationShowsDiagnostics() throws {
        try withBrokenVariantFolder { folder in
            let output = folder.appendingPathComponent("result.json")
            // `patience` on the PATH, as the guide asks.
            let executableFolder = try PatienceExecutable.url().deletingLastPathComponent().path
            let path = executableFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            try runHeadlessNeovim(["-u", Self.configuration.path, "BrokenVariant.patience",
                                   "-c", "luafile \(TestPaths.fixture("LSP/nvim/diagnostics.lua").path)"],
                                  in: folder, environment: ["PATH": path, "LSP_OUT": output.path])
            try Self.check(output)
        }
    }

    static func check(_ output: URL) throws {
        let report = try #require(JSON.parse(try Data(contentsOf: output)), "Neovim wrote no report")
        expectTrue(report["errors"] == [] || report["errors"] == [:], "\(report["errors"]?.text ?? "")")
        expectEqual(report["filetype"], "patience")
        expectEqual(report["clients"], ["patience"])
        let diagnostics = report["diagnostics"]?.array ?? []
        expectEqual(diagnostics.count, 1)
        expectEqual(diagnostics.first?["code"], "P0301")
        expectEqual(diagnostics.first?["message"]?.string?.contains("cannot find 'bild'"), true)
    }
}
