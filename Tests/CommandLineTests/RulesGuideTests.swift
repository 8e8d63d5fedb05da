import Foundation
import Testing
import TestSupport
@testable import PatienceChecking

/// One fenced block of a Markdown file: its info string (`sh`, `patience`), its lines, and the
/// HTML comment on the line just above it, if any.
private struct FencedBlock {
    var info: String
    var lines: [String]
    var comment: String?

    var text: String { lines.map { $0 + "\n" }.joined() }

    static func all(in markdown: String) -> [FencedBlock] {
        var blocks: [FencedBlock] = []
        var current: FencedBlock?
        var previous = ""
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if line.hasPrefix("```") {
                let comment = previous.hasPrefix("<!--") ? previous : nil
                current = FencedBlock(info: String(line.dropFirst(3)), lines: [], comment: comment)
            }
            previous = line
        }
        return blocks
    }
}

/// One `$ …` line of a shell block and the output quoted under it.
private struct QuotedCommand {
    var arguments: [String]
    var input: String?
    var expected: String
    var line: String

    /// Reads `$ [echo 'TEXT' | | printf 'TEXT' | ]swift run patience ARGS…`; nil for anything else.
    init?(_ line: String, output: [String]) {
        guard line.hasPrefix("$ ") else { return nil }
        var command = Substring(line.dropFirst(2))
        for (prefix, addsNewline) in [("echo '", true), ("printf '", false)] where command.hasPrefix(prefix) {
            guard let close = command.dropFirst(prefix.count).firstIndex(of: "'") else { return nil }
            let text = String(command[command.index(command.startIndex, offsetBy: prefix.count)..<close])
            input = addsNewline ? text + "\n" : text.replacingOccurrences(of: "\\n", with: "\n")
            command = command[command.index(after: close)...].drop { $0 == " " }
            guard command.hasPrefix("| ") else { return nil }
            command = command.dropFirst(2)
        }
        let program = "swift run patience "
        guard command.hasPrefix(program) else { return nil }
        arguments = command.dropFirst(program.count).split(separator: " ").map(String.init)
        expected = output.map { $0 + "\n" }.joined()
        self.line = line
    }
}

/// `Rules/README.md`, the guide to writing a variant, is kept honest: the variant it shows is
/// `Tests/Fixtures/Guide/RelaxedKlondike.patience` and lints clean, the excerpts of Klondike are
/// Klondike's, and every command it quotes prints exactly what the guide says it prints.
@Suite struct RulesGuideTests {
    static let guide = TestPaths.rules.appendingPathComponent("README.md")
    static let variant = TestPaths.fixture("Guide/RelaxedKlondike.patience")

    /// A folder laid out as the guide says: `Rules/Klondike.patience` and the variant beside it.
    static func makeGuideFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Rules"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.rules("Klondike"), toPath: folder.appendingPathComponent("Rules/Klondike.patience").path)
        try FileManager.default.copyItem(at: variant, to: folder.appendingPathComponent("Rules/RelaxedKlondike.patience"))
        return folder
    }

    @Test func theGuideShowsTheVariantFileWhole() throws {
        let blocks = FencedBlock.all(in: try String(contentsOf: Self.guide, encoding: .utf8))
        let variant = try String(contentsOf: Self.variant, encoding: .utf8)
        expectTrue(blocks.contains { $0.info == "patience" && $0.text == variant }, "Rules/README.md must quote \(Self.variant.path) whole")
    }

    @Test func theGuidesExcerptsOfKlondikeAreKlondikes() throws {
        let blocks = FencedBlock.all(in: try String(contentsOf: Self.guide, encoding: .utf8))
        let variant = try String(contentsOf: Self.variant, encoding: .utf8)
        let klondike = try String(contentsOfFile: TestPaths.rules("Klondike"), encoding: .utf8)
        let excerpts = blocks.filter { $0.info == "patience" && $0.text != variant }
        expectGreaterOrEqual(excerpts.count, 3)
        for excerpt in excerpts {
            let isKlondikes = klondike.contains(excerpt.text)
            expectTrue(isKlondikes, "an excerpt is not in Rules/Klondike.patience:\n\(excerpt.text)")
        }
    }

    @Test func theVariantLintsClean() throws {
        let folder = try Self.makeGuideFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = lintRuleFile(atPath: folder.appendingPathComponent("Rules/RelaxedKlondike.patience").path)
        expectTrue(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func theReadmeLinksTheGuideAndItsListExampleIsCurrent() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        expectContains(readme, "](Rules/README.md)")
        let examples = FencedBlock.all(in: readme).filter { $0.info == "sh" && $0.lines.first?.hasPrefix("$ swift run patience list ") == true }
        expectEqual(examples.count, 1)
        for example in examples {
            let command = try #require(QuotedCommand(example.lines[0], output: Array(example.lines.dropFirst())))
            let result = try runPatience(command.arguments, in: TestPaths.packageRoot, environment: ["NO_COLOR": "1"])
            expectEqual(result.standardError + result.standardOutput, command.expected)
        }
    }

    @Test func everyQuotedCommandPrintsWhatTheGuideQuotes() throws {
        let blocks = FencedBlock.all(in: try String(contentsOf: Self.guide, encoding: .utf8)).filter { $0.info == "sh" }
        let folder = try Self.makeGuideFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let variantPath = folder.appendingPathComponent("Rules/RelaxedKlondike.patience")
        let variant = try String(contentsOf: Self.variant, encoding: .utf8)
        var subcommands: Set<String> = []
        for block in blocks {
            // `<!-- guide: without "X" before "Y" -->` runs the block on the variant with X left out before Y.
            var text = variant
            if let comment = block.comment {
                let quoted = comment.split(separator: "\"", omittingEmptySubsequences: false)
                try #require(comment.hasPrefix("<!-- guide: without ") && quoted.count == 5, "unknown guide comment \(comment)")
                let (removed, before) = (String(quoted[1]), String(quoted[3]))
                try #require(variant.contains(removed + before), "the variant has no \(removed + before)")
                text = variant.replacingOccurrences(of: removed + before, with: before)
            }
            try Data(text.utf8).write(to: variantPath)

            let starts = block.lines.indices.filter { block.lines[$0].hasPrefix("$ ") }
            expectEqual(starts.first, 0, "a shell block starts with a command")
            for (n, start) in starts.enumerated() {
                let end = n + 1 < starts.count ? starts[n + 1] : block.lines.count
                let command = try #require(QuotedCommand(block.lines[start], output: Array(block.lines[(start + 1)..<end])),
                                           "cannot run \(block.lines[start])")
                let result = try runPatience(command.arguments, in: folder, input: command.input, environment: ["NO_COLOR": "1"])
                let printed = result.standardError + result.standardOutput
                expectEqual(printed, command.expected, "\(command.line) now prints:\n\(printed)")
                subcommands.insert(command.arguments.first ?? "")
            }
        }
        expectTrue(subcommands.isSuperset(of: ["list", "lint", "deal", "moves", "replay", "play"]))
    }
}
