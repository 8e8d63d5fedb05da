import Foundation
import Testing
import TestSupport

/// One fenced block of a Markdown file: its info string (`console`, `swift`, `patience`), its
/// lines, the HTML comment on the line just above it (if any) and the line it starts on.
struct FencedBlock {
    var info: String
    var lines: [String]
    var comment: String?
    var line: Int

    var text: String { lines.map { $0 + "\n" }.joined() }

    static func all(in markdown: String) -> [FencedBlock] {
        var blocks: [FencedBlock] = []
        var current: FencedBlock?
        var previous = ""
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
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
                current = FencedBlock(info: String(line.dropFirst(3)), lines: [], comment: comment, line: number + 1)
            }
            previous = line
        }
        return blocks
    }

    /// The quoted words of the block's comment when it starts with `<!-- KEYWORD`: for
    /// `<!-- edit Rules/A.patience: without "X" before "Y" -->`, `edit` gives ["X", "Y"].
    func commentQuotes(_ keyword: String) -> [String]? {
        guard let comment, comment.hasPrefix("<!-- \(keyword)") else { return nil }
        let parts = comment.split(separator: "\"", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    /// The path after `<!-- KEYWORD ` up to the next space, colon or the comment's end.
    func commentPath(_ keyword: String) -> String? {
        guard let comment, comment.hasPrefix("<!-- \(keyword) ") else { return nil }
        let rest = comment.dropFirst("<!-- \(keyword) ".count)
        return String(rest.prefix { $0 != " " && $0 != ":" })
    }
}

/// One `$ …` line of a console block and the output quoted under it. A quoted line that is `…`
/// alone stands for any number of lines; a quoted line ending in ` …` for any line that starts
/// with what comes before it.
struct QuotedCommand {
    var command: String
    var expected: [String]

    func matches(_ printed: String) -> Bool {
        var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return Self.match(expected[...], lines[...])
    }

    private static func match(_ expected: ArraySlice<String>, _ lines: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return lines.isEmpty }
        if first == "…" {
            return lines.indices.map { lines[$0...] }.contains { match(expected.dropFirst(), $0) }
                || match(expected.dropFirst(), lines[lines.endIndex...])
        }
        guard let line = lines.first else { return false }
        let fits = first.hasSuffix(" …") ? line.hasPrefix(String(first.dropLast(1))) : line == first
        return fits && match(expected.dropFirst(), lines.dropFirst())
    }
}

/// The README and the guides in `Docs/` are kept honest (Docs/README.md, "How the examples are
/// checked", states the conventions):
/// - every `console` block is run: each `$ ` line by `/bin/sh` with the built `patience` first on
///   the `PATH`, in a scratch folder holding a copy of `Rules/` and the package's `Tests/` and
///   `Examples/`, and what it prints (standard error, then standard output) must be the lines
///   under it; `$ swift run patience …` runs the built `patience`; other `$ swift …` lines build a
///   package, so they run only in the long run (`PATIENCE_LONG=1`), in the package's folder, and
///   only their standard output is compared;
/// - a block under `<!-- file: PATH -->` is a file the reader writes: the test writes it to PATH in
///   the scratch folder before the console blocks after it run;
/// - a block under `<!-- quote: PATH -->` is the package's file PATH whole;
/// - a block under `<!-- excerpt: PATH -->` is a run of whole lines of the package's file PATH;
/// - every `swift` and `patience` block is one of those three, or says why not in
///   `<!-- not checked: REASON -->`;
/// - `<!-- edit PATH: without "X" before "Y" -->` runs the console block under it with X taken
///   out before Y in the scratch folder's PATH, which is put back afterwards;
/// - the README's catalog is exactly what `patience list --format markdown` prints.
@Suite struct DocumentationTests {
    static let root = TestPaths.packageRoot

    /// README.md and every guide of Docs/, as paths from the package's folder.
    static let markdownFiles: [String] = {
        let guides = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)) ?? []
        return ["README.md"] + guides.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    }()

    static func blocks(of file: String) throws -> [FencedBlock] {
        FencedBlock.all(in: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
    }

    /// A scratch folder with a copy of `Rules/` and links to the package's `Tests/` and `Examples/`.
    static func makeScratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Rules"), to: folder.appendingPathComponent("Rules"))
        for linked in ["Tests", "Examples"] {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(linked), withDestinationURL: root.appendingPathComponent(linked))
        }
        return folder
    }

    /// Runs `command` with `/bin/sh` in `folder`, `patience` first on the PATH and no colour, and
    /// returns what it wrote to standard error followed by what it wrote to standard output.
    static func shell(_ command: String, in folder: URL) throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("patience-docs-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (outputURL, errorURL) = (scratch.appendingPathComponent("stdout"), scratch.appendingPathComponent("stderr"))
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let (output, error) = (try FileHandle(forWritingTo: outputURL), try FileHandle(forWritingTo: errorURL))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        let bin = try PatienceExecutable.url().deletingLastPathComponent().path
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return try String(contentsOf: errorURL, encoding: .utf8) + String(contentsOf: outputURL, encoding: .utf8)
    }

    static func commands(in block: FencedBlock) -> [QuotedCommand] {
        let starts = block.lines.indices.filter { block.lines[$0].hasPrefix("$ ") }
        return starts.enumerated().map { n, start in
            let end = n + 1 < starts.count ? starts[n + 1] : block.lines.count
            return QuotedCommand(command: String(block.lines[start].dropFirst(2)), expected: Array(block.lines[(start + 1)..<end]))
        }
    }

    @Test(arguments: markdownFiles) func everyConsoleBlockPrintsWhatItQuotes(file: String) throws {
        let folder = try Self.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for block in try Self.blocks(of: file) {
            if let path = block.commentPath("file:") {
                // `Tests/` and `Examples/` are the package's own, linked into the scratch folder.
                let isScratch = !path.hasPrefix("Tests/") && !path.hasPrefix("Examples/") && !path.contains("..")
                try #require(isScratch, "\(file):\(block.line): a file to write must stay in the scratch folder")
                let target = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(block.text.utf8).write(to: target)
            }
            guard block.info == "console" else { continue }
            let commands = Self.commands(in: block)
            expectEqual(block.lines.first.map { $0.hasPrefix("$ ") }, true, "\(file):\(block.line): a console block starts with a command")

            // `<!-- edit PATH: without "X" before "Y" -->`
            var restore: (URL, String)?
            if let path = block.commentPath("edit") {
                let quotes = try #require(block.commentQuotes("edit"), "\(file):\(block.line)")
                try #require(quotes.count == 2 && block.comment?.contains(": without \"") == true, "\(file):\(block.line): unknown edit comment")
                let url = folder.appendingPathComponent(path)
                let original = try String(contentsOf: url, encoding: .utf8)
                try #require(original.contains(quotes[0] + quotes[1]), "\(file):\(block.line): \(path) has no \(quotes[0] + quotes[1])")
                try Data(original.replacingOccurrences(of: quotes[0] + quotes[1], with: quotes[1]).utf8).write(to: url)
                restore = (url, original)
            }
            for var command in commands {
                // `swift run patience` is the built `patience`; running SwiftPM inside `swift test` would wait for its lock.
                if command.command.hasPrefix("swift run patience ") { command.command = String(command.command.dropFirst("swift run ".count)) }
                let isBuild = command.command.hasPrefix("swift ")
                if isBuild && !TestPaths.isLongRun { continue }
                // A build's progress goes to standard error; only what the program prints is compared.
                let printed = try Self.shell(isBuild ? "{ \(command.command); } 2>/dev/null" : command.command, in: isBuild ? Self.root : folder)
                expectTrue(command.matches(printed), "\(file):\(block.line): $ \(command.command)\nnow prints:\n\(printed)")
            }
            if let (url, original) = restore { try Data(original.utf8).write(to: url) }
        }
    }

    @Test(arguments: markdownFiles) func everyQuotedFileAndExcerptIsThePackagesOwn(file: String) throws {
        for block in try Self.blocks(of: file) {
            let place = "\(file):\(block.line)"
            if let path = block.commentPath("quote:") {
                let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
                expectEqual(block.text, text, "\(place) must quote \(path) whole")
            } else if let path = block.commentPath("excerpt:") {
                let source = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
                let isWholeLines = ("\n" + source).contains("\n" + block.text)
                expectTrue(isWholeLines, "\(place) is not an excerpt of \(path):\n\(block.text)")
            }
            if block.info != "console" {
                let hasCommands = block.lines.contains { $0.hasPrefix("$ ") }
                expectFalse(hasCommands, "\(place): a block of `$ ` commands must be a console block, so that it is run")
            }
            let marks = ["file:", "quote:", "excerpt:"].filter { block.commentPath($0) != nil }
            if marks.isEmpty && ["swift", "patience"].contains(block.info) {
                let says = block.comment?.hasPrefix("<!-- not checked: ") == true
                expectTrue(says, "\(place): a \(block.info) block must be marked file:, quote:, excerpt: or not checked: REASON")
            }
        }
    }

    /// The library example is a package of its own, quoted whole by the guide to the library.
    @Test func theLibraryExampleIsQuotedWhole() throws {
        let quoted = try Self.markdownFiles.flatMap { try Self.blocks(of: $0) }.compactMap { $0.commentPath("quote:") }
        for path in ["Examples/Solitaire/Package.swift", "Examples/Solitaire/Sources/Solitaire/main.swift"] {
            expectTrue(quoted.contains(path), "no guide quotes \(path)")
        }
    }

    @Test func theReadmesCatalogIsWhatListPrints() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "<!-- catalog: patience list --format markdown -->\n"
        expectContains(readme, marker)
        let listed = try runPatience(["list", "--format", "markdown"], in: Self.root)
        expectEqual(listed.status, 0)
        expectEqual(listed.standardError, "")
        expectContains(readme, marker + listed.standardOutput, "README.md's catalog is not `patience list --format markdown`'s output")
        expectEqual(listed.standardOutput.split(separator: "\n").count, TestPaths.ruleFiles.count + 2)
        expectContains(readme, "\(TestPaths.ruleFiles.count) games are bundled")
    }

    /// `.ci/run` runs nothing the README and the guides do not tell a person to run.
    @Test func theCIRunsOnlyWhatTheGuidesSay() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let commands = script.split(separator: "\n").map(String.init).filter { $0.hasPrefix("swift ") || $0.hasPrefix("PATIENCE_LONG=") }
        expectGreaterOrEqual(commands.count, 4)
        let guides = try Self.markdownFiles.map { try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8) }.joined()
        for command in commands {
            expectContains(guides, command, ".ci/run runs a command no guide gives")
        }
    }

    @Test func theGuidesCoverEverySubcommand() throws {
        let run = try Self.markdownFiles.flatMap { try Self.blocks(of: $0) }.filter { $0.info == "console" }
            .flatMap { Self.commands(in: $0) }.map(\.command)
        for subcommand in ["lint", "fmt", "describe", "list", "deal", "moves", "replay", "play", "solve", "analyze"] {
            expectTrue(run.contains { $0.contains("patience \(subcommand) ") }, "no console block runs patience \(subcommand)")
        }
    }

    @Test func theMatchingOfQuotedOutputHasItsWildcards() {
        let quoted = QuotedCommand(command: "x", expected: ["a", "…", "d", "e …"])
        expectTrue(quoted.matches("a\nb\nc\nd\ne f\n"))
        expectTrue(quoted.matches("a\nd\ne\n") == false)
        expectTrue(quoted.matches("a\nd\ne 1\n"))
        expectFalse(quoted.matches("a\nb\nd\nf\n"))
        expectFalse(QuotedCommand(command: "x", expected: ["a"]).matches("a\nb\n"))
    }
}
