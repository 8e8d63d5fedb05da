import Foundation
import Testing
import TestSupport

/// Runs `patience ARGUMENTS` with its standard output into a pipe whose reader takes `lines`
/// lines and goes away (`| head -LINES`), or, with `lines` 0, closes its end before reading
/// anything, so that the command's first write meets a closed pipe. Standard error goes to a
/// file. The status is the command's own, not the pipeline's.
func runPatienceIntoClosedPipe(_ arguments: [String], lines: Int = 0, in folder: URL = packageRoot) throws -> ShellRun {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("patience-pipe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let errorURL = scratch.appendingPathComponent("stderr")
    let reader = lines == 0 ? "(exec 0<&-; sleep 2)" : "head -\(lines) >/dev/null"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", "\"$@\" 2>'\(errorURL.path)' | \(reader); exit ${PIPESTATUS[0]}", "bash",
                         try PatienceExecutable.url().path] + arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return ShellRun(status: process.terminationStatus, endedBySignal: false, standardOutput: "",
                    standardError: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "")
}

/// Output to a reader that goes away (`patience … | head -3`) ends quietly with status 0, for
/// every command that writes much, whether the reader leaves before the first line or after a few.
@Suite struct ClosedPipeTests {
    static let runs: [[String]] = [
        ["solve", "Rules/FreeCell.patience", "--deal", "ms:1"],
        ["list", "Rules"],
        ["deal", "Rules/Klondike.patience", "--deal", "seed:1"],
        ["moves", "Rules/Klondike.patience", "--deal", "seed:1"],
        ["describe", "Rules/Klondike.patience"],
        ["analyze", "Tests/Fixtures/SolverGames/MiniKlondike.patience", "--deals", "seed:1..400", "--format", "jsonl"],
        ["lint", "Rules", "--format", "json"],
        ["--help"],
    ]

    @Test(arguments: runs, [0, 1, 3])
    func readerThatGoesAway(arguments: [String], lines: Int) throws {
        let run = try runPatienceIntoClosedPipe(arguments, lines: lines)
        expectEqual(run.status, 0, "patience \(arguments.joined(separator: " ")) | head -\(lines)")
        expectEqual(run.standardError, "")
    }
}
