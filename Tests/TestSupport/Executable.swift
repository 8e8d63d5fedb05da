import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats
import Patience
import PatienceCommandLine

/// What one run of the `patience` executable produced.
package struct ProcessOutput {
    package var status: Int32
    package var standardOutput: String
    package var standardError: String
}

/// Finds the built `patience` executable. SwiftPM puts it in the same folder as the test bundle
/// (`.build/<triple>/debug/` on Linux), so the search starts from wherever the tests run; the
/// `PATIENCE_EXECUTABLE` environment variable overrides it.
package enum PatienceExecutable {
    package static func url() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["PATIENCE_EXECUTABLE"] {
            return URL(fileURLWithPath: override)
        }
        for folder in candidateFolders {
            let candidate = folder.appendingPathComponent("patience")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        throw LookupError(searched: candidateFolders.map(\.path))
    }

    package struct LookupError: Error, CustomStringConvertible {
        var searched: [String]
        package var description: String {
            "no built 'patience' executable; searched \(searched.joined(separator: ", ")). Run 'swift build' first."
        }
    }

    /// Folders that may hold the executable, nearest first.
    private static var candidateFolders: [URL] {
        var starts = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { starts.append(executable.deletingLastPathComponent()) }
        if let program = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: program).deletingLastPathComponent()) }
        // On macOS the test bundle is a folder (`….xctest/Contents/MacOS`), so climb a few levels.
        var folders: [URL] = []
        for start in starts {
            var folder = start.standardizedFileURL
            for _ in 0..<4 {
                folders.append(folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        // Last resort: the `.build/debug` link next to this package's sources.
        folders.append(TestPaths.packageRoot.appendingPathComponent(".build/debug"))
        var seen: Set<String> = []
        return folders.filter { seen.insert($0.path).inserted }
    }
}

/// Runs `patience` with `arguments` and waits for it. Standard input is `input` (or the null device),
/// and output goes through files so that neither stream can fill up and block. `NO_COLOR` is
/// removed from the environment unless `environment` sets it, and `play`'s statistics go to the
/// run's scratch folder unless `environment` sets `PATIENCE_DATA_HOME`, so that no test counts
/// games in the statistics of the person running it.
package func runPatience(_ arguments: [String], in folder: URL? = nil, input: String? = nil,
                 environment extra: [String: String] = [:]) throws -> ProcessOutput {
    try runProgram(try PatienceExecutable.url().path, arguments, in: folder, input: input, environment: extra)
}

/// Runs the program at `path` as `runPatience` runs `patience`.
package func runProgram(_ path: String, _ arguments: [String], in folder: URL? = nil, input: String? = nil,
                        environment extra: [String: String] = [:]) throws -> ProcessOutput {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("patience-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("stdout")
    let errorURL = scratch.appendingPathComponent("stderr")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    var inputHandle: FileHandle?
    if let input {
        let inputURL = scratch.appendingPathComponent("stdin")
        try Data(input.utf8).write(to: inputURL)
        inputHandle = try FileHandle(forReadingFrom: inputURL)
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "NO_COLOR")
    environment["PATIENCE_DATA_HOME"] = scratch.appendingPathComponent("data").path
    environment.merge(extra) { $1 }
    process.environment = environment
    process.standardOutput = output
    process.standardError = error
    process.standardInput = inputHandle ?? FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try output.close()
    try error.close()
    try inputHandle?.close()
    return ProcessOutput(
        status: process.terminationStatus,
        standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
        standardError: try String(contentsOf: errorURL, encoding: .utf8))
}

/// The package's root folder, where `Rules/` lives.
package let packageRoot = TestPaths.packageRoot
