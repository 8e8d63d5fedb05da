import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCommandLine

/// How one run of `patience` under a shell ended: its exit status, or the signal that ended it.
struct ShellRun {
    var status: Int32
    var endedBySignal: Bool
    var standardOutput: String
    var standardError: String
}

/// Runs `patience ARGUMENTS` through `/bin/sh` with `redirections` after it (such as `>&-` or
/// `> /dev/full`), in `folder`, so that a test can close or fill the standard streams as a user
/// can. Standard error goes to a file unless the redirections say otherwise. A run that takes
/// longer than a minute is ended, and counts as a hang (the test then fails on its status).
func runPatienceInShell(_ arguments: [String], redirections: String = "", in folder: URL? = nil,
                        prefix: [String] = []) throws -> ShellRun {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("patience-shell-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputURL = scratch.appendingPathComponent("stdout"), errorURL = scratch.appendingPathComponent("stderr")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // `exec` so that the shell's own status is the program's, and a signal shows as one.
    let script = "exec \"$@\" 2>'\(errorURL.path)' >'\(outputURL.path)' \(redirections)"
    process.arguments = ["-c", script, "sh"] + prefix + [try PatienceExecutable.url().path] + arguments
    if let folder { process.currentDirectoryURL = folder }
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "NO_COLOR")
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
    return ShellRun(status: process.terminationStatus, endedBySignal: process.terminationReason == .uncaughtSignal,
                    standardOutput: read(outputURL), standardError: read(errorURL))
}

/// A scratch folder that other users can enter, removed afterwards.
func withOpenScratchFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    defer {
        // Give back the permissions a test took away, so that the folder can be removed.
        if let contents = FileManager.default.enumerator(atPath: folder.path) {
            while let path = contents.nextObject() as? String {
                _ = chmod(folder.appendingPathComponent(path).path, 0o755)
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }
    try body(folder)
}

/// Whether a test can run `patience` as a user without privileges, so that permissions apply:
/// as such a user already, or as root with `setpriv` and a build that user can run.
let unprivilegedPrefix: [String]? = {
    if getuid() != 0 { return [] }
    let setpriv = "/usr/bin/setpriv"
    guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
    let prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    guard let run = try? runPatienceInShell(["--version"], prefix: prefix), run.status == 0 else { return nil }
    return prefix
}()

/// Input that could crash or hang `patience`, or be lost without a word: closed and full
/// standard streams, files that cannot be read, folders, links, FIFOs and files over the limits.
/// Each must end in a finding naming the path, with status 1 (74 for a failed read or write),
/// and never in a signal.
@Suite struct HostileInputTests {
    static let klondike = "Rules/Klondike.patience"
    static let freeCell = "Rules/FreeCell.patience"

    // MARK: Standard streams

    @Test func closedStandardInputForTheBoard() throws {
        let run = try runPatienceInShell(["deal", Self.freeCell, "--board", "-"], redirections: "<&-", in: packageRoot)
        expectFalse(run.endedBySignal)
        expectEqual(run.status, 74)
        expectEqual(run.standardError, "<stdin>:1:1: error[P0005]: cannot read the board text: standard input is closed\n")
    }

    @Test func closedStandardInputForTheMoves() throws {
        let run = try runPatienceInShell(["replay", Self.klondike, "--deal", "seed:1"], redirections: "<&-", in: packageRoot)
        expectFalse(run.endedBySignal)
        expectEqual(run.status, 74)
        expectEqual(run.standardError, "<stdin>:1:1: error[P0005]: cannot read the move list: standard input is closed\n")
    }

    @Test func standardInputThatIsAFolder() throws {
        let run = try runPatienceInShell(["deal", Self.freeCell, "--board", "-"], redirections: "< Rules", in: packageRoot)
        expectFalse(run.endedBySignal)
        expectEqual(run.status, 1)
        expectEqual(run.standardError, "<stdin>:1:1: error[P0005]: cannot read the board text: this is a folder, not a file\n")
    }

    @Test func fullStandardOutput() throws {
        let run = try runPatienceInShell(["deal", Self.klondike], redirections: "> /dev/full", in: packageRoot)
        expectFalse(run.endedBySignal)
        expectEqual(run.status, 74)
        expectEqual(run.standardError, "error[P0011]: cannot write to <stdout>: No space left on device\n")
    }

    @Test func closedStandardOutput() throws {
        let run = try runPatienceInShell(["deal", Self.klondike], redirections: ">&-", in: packageRoot)
        expectFalse(run.endedBySignal)
        expectEqual(run.status, 74)
        expectEqual(run.standardError, "error[P0011]: cannot write to <stdout>: Bad file descriptor\n")
    }

    /// With standard output closed, a file opened later must not take its place and receive the output.
    @Test func closedStandardOutputIsNotReplacedByAFile() throws {
        try withOpenScratchFolder { folder in
            let page = folder.appendingPathComponent("page.html")
            let run = try runPatienceInShell(["replay", Self.klondike, "--deal", "seed:1", "--html", page.path, "/dev/null"],
                                             redirections: ">&-", in: packageRoot)
            expectEqual(run.status, 74)
            let html = try String(contentsOf: page, encoding: .utf8)
            // The page is whole, and the line meant for standard output went nowhere (the page's
            // own summary says "applied 0 moves; won: no</p>", never with a line break).
            expectHasPrefix(html, "<!DOCTYPE html>")
            expectHasSuffix(html, "</html>\n")
            expectNotContains(html, "applied 0 moves; won: no\n")
        }
    }

    @Test(arguments: ["2>&-", "2>/dev/full"])
    func closedOrFullStandardError(redirection: String) throws {
        let run = try runPatienceInShell(["deal", Self.klondike, "--option", "draw=2"], redirections: redirection, in: packageRoot)
        expectFalse(run.endedBySignal)
        expectEqual(run.status, 74)
        expectTrue(run.standardOutput.isEmpty)
    }

    @Test func outputToAPipeThatCloses() throws {
        // The reader closes its end before the listing is written, so the listing meets a closed
        // pipe: the command ends quietly with status 0, not with SIGPIPE (which bash reports as
        // 141) nor with a write error (74).
        let run = try runPatienceIntoClosedPipe(["moves", Self.klondike, "--deal", "seed:1"])
        expectEqual(run.status, 0)
        expectEqual(run.standardError, "")
    }

    // MARK: Files and folders

    @Test func boardThatIsASymbolicLinkLoop() throws {
        try withOpenScratchFolder { folder in
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a").path, withDestinationPath: "b")
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b").path, withDestinationPath: "a")
            let run = try runPatienceInShell(["deal", packageRoot.appendingPathComponent(Self.freeCell).path, "--board", "a"], in: folder)
            expectEqual(run.status, 1)
            expectEqual(run.standardError, "a:1:1: error[P0005]: cannot read the board text: the symbolic links loop (too many levels of links)\n")
            let lint = try runPatienceInShell(["lint", "a"], in: folder)
            expectEqual(lint.status, 1)
            expectEqual(lint.standardError, "a:1:1: error[P0005]: the symbolic links loop (too many levels of links)\n")
        }
    }

    @Test func boardOverItsLimit() throws {
        try withOpenScratchFolder { folder in
            try Data(repeating: UInt8(ascii: " "), count: InputKind.board.sizeLimit + 1).write(to: folder.appendingPathComponent("board.txt"))
            let run = try runPatienceInShell(["deal", packageRoot.appendingPathComponent(Self.freeCell).path, "--board", "board.txt"], in: folder)
            expectEqual(run.status, 1)
            expectEqual(run.standardError, "board.txt:1:1: error[P0711]: the board text is larger than 64 KiB, the limit for board text\n")
        }
    }

    @Test func boardOfADeviceThatNeverEnds() throws {
        let run = try runPatienceInShell(["deal", Self.freeCell, "--board", "/dev/zero"], in: packageRoot)
        expectEqual(run.status, 1)
        expectEqual(run.standardError, "/dev/zero:1:1: error[P0711]: the board text is larger than 64 KiB, the limit for board text\n")
    }

    @Test func movesOverTheirLimit() throws {
        try withOpenScratchFolder { folder in
            // The second move would be refused, but the file is refused before any move is read.
            let line = Data("stock->waste\n".utf8)
            var data = Data()
            while data.count <= InputKind.moves.sizeLimit { data.append(line) }
            try data.write(to: folder.appendingPathComponent("moves.txt"))
            let run = try runPatienceInShell(["replay", packageRoot.appendingPathComponent(Self.klondike).path, "--deal", "seed:1", "moves.txt"],
                                             in: folder)
            expectEqual(run.status, 1)
            expectEqual(run.standardError, "moves.txt:1:1: error[P0712]: the move list is larger than 1024 KiB, the limit for move list\n")
        }
    }

    @Test func limitsOfEachKindOfInput() {
        expectEqual(InputKind.board.sizeLimit, 64 * 1024)
        expectEqual(InputKind.moves.sizeLimit, 1024 * 1024)
        expectEqual(InputKind.savedGame.sizeLimit, 1024 * 1024)
        expectEqual([InputKind.board, .moves, .savedGame].map(\.tooLargeCode), [.boardTooLarge, .movesTooLarge, .savedGameTooLarge])
    }

    @Test func readingStopsOneBytePastTheLimit() throws {
        try withOpenScratchFolder { folder in
            let path = folder.appendingPathComponent("f").path
            try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: path))
            #expect(try InputFile.read(path: path, limit: 100).get().count == 100)
            expectEqual(InputFile.read(path: path, limit: 99), .failure(InputFileProblem(kind: .tooLarge)))
        }
    }

    @Test func fifoInALintedFolderDoesNotBlock() throws {
        try withOpenScratchFolder { folder in
            expectEqual(mkfifo(folder.appendingPathComponent("pipe.patience").path, 0o644), 0)
            try FileManager.default.copyItem(at: TestPaths.rules.appendingPathComponent("FreeCell.patience"),
                                             to: folder.appendingPathComponent("FreeCell.patience"))
            let run = try runPatienceInShell(["lint", "."], in: folder)
            expectEqual(run.status, 1)
            expectEqual(run.standardError, "./pipe.patience:1:1: error[P0005]: this is not a regular file (a FIFO, socket or device)\n")
            expectEqual(run.standardOutput, "2 files, 1 error, 0 warnings\n")
        }
    }

    @Test func fifoAsABaseFileDoesNotBlock() throws {
        try withOpenScratchFolder { folder in
            expectEqual(mkfifo(folder.appendingPathComponent("base.patience").path, 0o644), 0)
            try "extends \"base.patience\"\ngame \"V\"\n".write(to: folder.appendingPathComponent("v.patience"), atomically: true, encoding: .utf8)
            let run = try runPatienceInShell(["lint", "v.patience"], in: folder)
            expectEqual(run.status, 1)
            expectHasPrefix(run.standardError, "v.patience:1:1: error[P0309]: cannot use 'base.patience' as the base file: this is not a regular file (a FIFO, socket or device)\n")
        }
    }

    @Test func danglingLinksAndLoopsInALintedFolderAreReported() throws {
        try withOpenScratchFolder { folder in
            try FileManager.default.copyItem(at: TestPaths.rules.appendingPathComponent("FreeCell.patience"),
                                             to: folder.appendingPathComponent("FreeCell.patience"))
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("gone.patience").path, withDestinationPath: "nowhere.patience")
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("x").path, withDestinationPath: "y")
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("y").path, withDestinationPath: "x")
            let run = try runPatienceInShell(["lint", "."], in: folder)
            expectEqual(run.status, 1)
            expectEqual(run.standardError, """
                ./gone.patience:1:1: error[P0005]: it is a symbolic link to a file that does not exist
                ./x:1:1: error[P0005]: the symbolic links loop (too many levels of links)
                ./y:1:1: error[P0005]: the symbolic links loop (too many levels of links)

                """)
        }
    }

    @Test(.enabled(if: unprivilegedPrefix != nil, "needs a user without privileges (setpriv as root)"))
    func unreadableSubfolderIsReportedNotSkipped() throws {
        try withOpenScratchFolder { folder in
            let sub = folder.appendingPathComponent("d/sub")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            try FileManager.default.copyItem(at: TestPaths.rules.appendingPathComponent("FreeCell.patience"), to: sub.appendingPathComponent("FreeCell.patience"))
            _ = chmod(sub.path, 0)
            let run = try runPatienceInShell(["lint", "d"], in: folder, prefix: unprivilegedPrefix ?? [])
            expectEqual(run.status, 1)
            expectEqual(run.standardError, "d/sub:1:1: error[P0005]: cannot list the folder: permission denied\n")
        }
    }

    @Test(.enabled(if: unprivilegedPrefix != nil, "needs a user without privileges (setpriv as root)"))
    func unreadableFiles() throws {
        try withOpenScratchFolder { folder in
            let rules = folder.appendingPathComponent("FreeCell.patience"), board = folder.appendingPathComponent("board.txt")
            try FileManager.default.copyItem(at: TestPaths.rules.appendingPathComponent("FreeCell.patience"), to: rules)
            try "AS\n".write(to: board, atomically: true, encoding: .utf8)
            _ = chmod(board.path, 0)
            let deal = try runPatienceInShell(["deal", "FreeCell.patience", "--board", "board.txt"], in: folder, prefix: unprivilegedPrefix ?? [])
            expectEqual(deal.status, 1)
            expectEqual(deal.standardError, "board.txt:1:1: error[P0005]: cannot read the board text: permission denied\n")
            _ = chmod(rules.path, 0)
            let lint = try runPatienceInShell(["lint", "FreeCell.patience"], in: folder, prefix: unprivilegedPrefix ?? [])
            expectEqual(lint.status, 1)
            expectEqual(lint.standardError, "FreeCell.patience:1:1: error[P0005]: permission denied\n")
        }
    }

    // MARK: Rule files that once hung or misled

    /// Forty levels of definitions that fan out: once a hang of lint, deal and moves.
    @Test(arguments: [["lint"], ["deal"], ["moves", "--deal", "seed:1"]])
    func definitionsThatFanOutAnswerAtOnce(command: [String]) throws {
        try withOpenScratchFolder { folder in
            let klondike = try String(contentsOf: TestPaths.rules.appendingPathComponent("Klondike.patience"), encoding: .utf8)
            let definitions = (0..<40).map { "let f\($0) = f\($0 + 1) + f\($0 + 1)\n" }.joined() + "let f40 = waste.size\n"
            let source = klondike.replacingOccurrences(of: "lift waste {\n", with: "lift waste {\n  require f0 >= 0 else \"never\"\n") + definitions
            try source.write(to: folder.appendingPathComponent("fan.patience"), atomically: true, encoding: .utf8)
            let run = try runPatienceInShell([command[0], "fan.patience"] + command.dropFirst(), in: folder)
            expectEqual(run.status, 1)
            expectContains(run.standardError, "error[P0009]: 'lift waste' is 5,497,558,138,886 terms long with its definitions written out, more than the limit of 10,000")
        }
    }

    @Test func escapeSequencesFromARuleFileAreNotWritten() throws {
        try withOpenScratchFolder { folder in
            let source = """
                game "Evil\u{1B}[2J"
                decks 1
                zone tableau 2
                deal tableau 26 cards face up
                # a comment \u{1B}]0;title\u{07} in an excerpt
                lift tableau { require run.size == 1 else "one at a time" }
                accept tableau { require run.size == 0 else "never \u{1B}[5mblink" }
                won when all(t in tableau: t.empty)

                """
            try source.write(to: folder.appendingPathComponent("evil.patience"), atomically: true, encoding: .utf8)
            let deal = try runPatienceInShell(["deal", "evil.patience"], in: folder)
            expectHasPrefix(deal.standardOutput, "game: Evil\u{241B}[2J\n")
            try "tableau[1]->tableau[2]\n".write(to: folder.appendingPathComponent("m.txt"), atomically: true, encoding: .utf8)
            let replay = try runPatienceInShell(["replay", "evil.patience", "--deal", "seed:1", "m.txt"], in: folder)
            expectNotContains((deal.standardOutput + deal.standardError + replay.standardOutput + replay.standardError), "\u{1B}")
            expectContains(replay.standardError, "never \u{241B}[5mblink")
            expectTrue(replay.standardError.contains("# a comment \u{241B}]0;title\u{2407} in an excerpt") || !replay.standardError.contains("comment"))
        }
    }

    @Test func printableKeepsWidthsAndTabs() {
        expectEqual(Spelling.printable("a\u{1B}[1mb\tc\u{7F}\u{9B}"), "a\u{241B}[1mb\tc\u{2421}\u{FFFD}")
        expectEqual(Spelling.printable("plain ♠ text"), "plain ♠ text")
        let rendered = DiagnosticRenderer().render(Diagnostic(.unknownName, "x\u{1B}y", at: .fileStart), inFile: "f\u{1B}", source: nil)
        expectNotContains(rendered, "\u{1B}")
    }

    // MARK: The command line

    @Test(arguments: [["--deal", "seed:1", "--deal", "seed:2"], ["--board", "a", "--board", "b"]])
    func aRepeatedOptionIsAUsageError(options: [String]) throws {
        let run = try runPatience(["deal", Self.klondike] + options, in: packageRoot)
        expectEqual(run.status, 64)
        expectHasPrefix(run.standardError, "error: '\(options[0])' is given twice ('\(options[1])' and '\(options[3])'); give it once\n")
    }

    @Test func conditionOptionsPrintAsTrueOrFalse() throws {
        let run = try runPatience(["deal", "Rules/Giant.patience"], in: packageRoot)
        expectContains(run.standardOutput, "options: same_suit=false\n")
        let chosen = try runPatience(["deal", "Rules/Giant.patience", "--option", "same_suit=true"], in: packageRoot)
        expectContains(chosen.standardOutput, "options: same_suit=true\n")
    }

    @Test func theLargestNumberIsNotUnlimited() throws {
        let run = try runPatience(["deal", Self.klondike, "--option", "redeals=9223372036854775807"], in: packageRoot)
        expectEqual(run.status, 1)
        expectHasPrefix(run.standardError, "Rules/Klondike.patience:6:8: error[P0502]: '9223372036854775807' is not a value option 'redeals' allows")
        let word = try runPatience(["deal", Self.klondike, "--option", "redeals=unlimited"], in: packageRoot)
        expectEqual(word.status, 0)
        expectContains(word.standardOutput, "redeals=unlimited")
    }

    @Test(arguments: [
        ("tableau[1]x99999999999999999999->tableau[2]", "'tableau[1]x99999999999999999999->tableau[2]' moves more cards than any pile can hold"),
        ("tableau[+1]->cell[1]", "'tableau[+1]' is not a pile: the index must be a number"),
        ("tableau[99999999999999999999]->cell[1]", "zone 'tableau' has piles 1 to 8, not 99999999999999999999"),
        ("tableau[1]x+1->cell[1]", "there is no zone 'tableau[1]x+1'"),
    ])
    func movesWithOddNumbers(move: String, message: String) throws {
        let run = try runPatience(["replay", Self.freeCell, "--deal", "ms:1"], in: packageRoot, input: move + "\n")
        expectEqual(run.status, 1)
        expectContains(run.standardError, message)
    }
}
