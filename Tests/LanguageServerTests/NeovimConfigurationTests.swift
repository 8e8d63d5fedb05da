import Foundation
import Testing
import TestSupport
@testable import PatienceLanguageServer

/// Where Neovim is, if it is installed.
private let neovim: String? = ["/usr/bin/nvim", "/usr/local/bin/nvim", "/opt/homebrew/bin/nvim"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-nvim-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Base.patience", "BrokenVariant.patience"] {
            try FileManager.default.copyItem(at: TestPaths.fixture("LSP/\(name)"), to: folder.appendingPathComponent(name))
        }
        let output = folder.appendingPathComponent("result.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(neovim))
        process.arguments = ["--headless", "--clean", "-u", Self.configuration.path, "BrokenVariant.patience",
                             "-c", "luafile \(TestPaths.fixture("LSP/nvim/diagnostics.lua").path)"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        // `patience` on the PATH, as the guide asks.
        let executableFolder = try PatienceExecutable.url().deletingLastPathComponent().path
        environment["PATH"] = executableFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["LSP_OUT"] = output.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A guard against a hang, not a measure of speed: the script itself gives up long before.
        let deadline = Date().addingTimeInterval(180)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()

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
