import Foundation
import Testing
import TestSupport

/// Where Neovim is, if it is installed.
let neovim: String? = ["/usr/bin/nvim", "/usr/local/bin/nvim", "/opt/homebrew/bin/nvim"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Runs headless Neovim with `arguments` in `folder` and `environment` added to this process's,
/// and waits for it to end; a run that takes more than three minutes is ended (a guard against a
/// hang, not a measure of speed: the Lua scripts give up long before).
func runHeadlessNeovim(_ arguments: [String], in folder: URL, environment extra: [String: String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(neovim))
    process.arguments = ["--headless", "--clean"] + arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(180)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
}

/// Runs `body` in a scratch folder holding the LSP fixtures' base game and its broken variant
/// (`Base.patience`, `BrokenVariant.patience`), removed afterwards.
func withBrokenVariantFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-nvim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["Base.patience", "BrokenVariant.patience"] {
        try FileManager.default.copyItem(at: TestPaths.fixture("LSP/\(name)"), to: folder.appendingPathComponent(name))
    }
    try body(folder)
}
