import Foundation
import Testing
import TestSupport

/// `analyze --shard K/N` and `analyze --merge`: a range analysed whole and as three shards, the
/// shards merged, gives the same output byte for byte (only the measured times differ), and
/// `Scripts/analyze-parallel.sh` does the same under GNU parallel.
@Suite struct ScalingOutTests {
    /// A budget in states only, so that every verdict is the same on every run and machine.
    static let game = ["Tests/Fixtures/SolverGames/MiniKlondike.patience", "--deals", "seed:1..30", "--max-states", "20000", "--max-seconds", "1000"]

    static func analyze(_ extra: [String]) throws -> ProcessOutput {
        let run = try runPatience(["analyze"] + game + extra, in: packageRoot)
        expectEqual(run.standardError, "")
        return run
    }

    /// The text summary without its last line, the measured time per deal.
    static func withoutTimes(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.hasPrefix("time per deal:") }.joined(separator: "\n")
    }

    /// The three shards' lines, written to files in a scratch folder.
    static func writeShards(to folder: URL) throws -> [String] {
        try (1...3).map { k in
            let shard = try analyze(["--shard", "\(k)/3", "--format", "jsonl", "--timings"])
            expectEqual(shard.status, 0)
            let path = folder.appendingPathComponent("shard-\(k).jsonl").path
            try shard.standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    static func withScratch(_ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("patience-shards", body)
    }

    @Test func shardsMergedAreTheWholeRun() throws {
        try Self.withScratch { folder in
            let shards = try Self.writeShards(to: folder)
            // The lines: those of the whole run, in deal order, whatever order the files come in.
            let whole = try Self.analyze(["--format", "jsonl"])
            let plainShards = try (1...3).map { k -> String in
                let path = folder.appendingPathComponent("plain-\(k).jsonl").path
                try Self.analyze(["--shard", "\(k)/3", "--format", "jsonl"]).standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
                return path
            }
            let mergedLines = try Self.analyze(["--format", "jsonl", "--merge"] + plainShards.reversed())
            expectEqual(mergedLines.status, 0)
            expectEqual(mergedLines.standardOutput, whole.standardOutput)
            expectEqual(whole.standardOutput.split(separator: "\n").count, 30)

            // The summary: the whole run's, but for the times, which were measured elsewhere.
            let summary = try Self.analyze([])
            let merged = try Self.analyze(["--merge"] + shards)
            expectEqual(merged.status, 0)
            expectEqual(Self.withoutTimes(merged.standardOutput), Self.withoutTimes(summary.standardOutput))
            expectContains(merged.standardOutput, "time per deal: median ")
            // Lines without seconds say so rather than invent times.
            let untimed = try Self.analyze(["--merge"] + plainShards)
            expectEqual(Self.withoutTimes(untimed.standardOutput), Self.withoutTimes(summary.standardOutput))
            expectContains(untimed.standardOutput, "time per deal: not recorded (the shards ran without --timings)\n")
        }
    }

    @Test func aMissingOrRepeatedShardIsRefused() throws {
        try Self.withScratch { folder in
            let shards = try Self.writeShards(to: folder)
            let missing = try runPatience(["analyze"] + Self.game + ["--merge", shards[0], shards[2]], in: packageRoot)
            expectEqual(missing.status, 1)
            expectEqual(missing.standardOutput, "")
            expectEqual(missing.standardError, "error: cannot merge: deal 'seed:2' of 'seed:1..30' and 9 more is in none of the files: is a shard missing or unfinished?\n")
            let twice = try runPatience(["analyze"] + Self.game + ["--merge", shards[0], shards[1], shards[2], shards[1]], in: packageRoot)
            expectEqual(twice.status, 1)
            expectEqual(twice.standardError, "error: cannot merge: \(shards[1]):1: deal 'seed:2' is also at \(shards[1]):1\n")
            let otherRange = try runPatience(["analyze", "Tests/Fixtures/SolverGames/MiniKlondike.patience", "--deals", "seed:1..6", "--merge"] + shards, in: packageRoot)
            expectEqual(otherRange.status, 1)
            expectEqual(otherRange.standardError, "error: cannot merge: \(shards[0]):3: deal 'seed:7' is not in 'seed:1..6'\n")
        }
    }

    static let hasParallel = FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel")

    @Test(.enabled(if: hasParallel, "GNU parallel is not installed (Debian: apt-get install parallel); .ci/run installs it"))
    func scriptRunsTheShardsUnderParallel() throws {
        try Self.withScratch { folder in
            let script = packageRoot.appendingPathComponent("Scripts/analyze-parallel.sh").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: script)
            process.arguments = ["-n", "3", "-k", folder.path, "--"] + Self.game
            process.currentDirectoryURL = packageRoot
            var environment = ProcessInfo.processInfo.environment
            environment["PATIENCE"] = try PatienceExecutable.url().path
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            expectEqual(process.terminationStatus, 0)
            expectEqual(Self.withoutTimes(text), Self.withoutTimes(try Self.analyze([]).standardOutput))
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            expectEqual(kept, ["shard-1.jsonl", "shard-2.jsonl", "shard-3.jsonl"])
        }
    }
}
