import Foundation
import Testing
import TestSupport
@testable import PatienceCommandLine

/// Every exit status a command returns is listed in its `--help`: each command is run into
/// each status it can reach (a good run, findings, a usage error, a full or closed stream, a
/// budget that runs out), and the status seen must be among those its help lists; every status
/// the help lists must be one of those seen, except Ctrl-C's, which a pipe cannot send.
@Suite struct ExitStatusTests {
    struct Run: CustomStringConvertible, Sendable {
        var arguments: [String]
        var redirections = ""
        var input: String? = nil
        var description: String { "patience " + arguments.joined(separator: " ") + " " + redirections }
    }

    static let broken = "Tests/Fixtures/BrokenRules/P0004-nested-parentheses.patience"
    static let klondike = "Rules/Klondike.patience"
    /// A small Klondike whose deals the solver decides in milliseconds.
    static let mini = "Tests/Fixtures/SolverGames/MiniKlondike.patience"

    /// An LSP session that ends as the protocol asks: `initialize`, then `shutdown` and `exit`.
    static let lspSession = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#,
                             #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
                             #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#]
        .map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined()

    static let runs: [String: [Run]] = [
        "lint": [Run(arguments: ["lint", klondike]), Run(arguments: ["lint", broken]), Run(arguments: ["lint", klondike, "--format", "json"], redirections: ">/dev/full")],
        "fmt": [Run(arguments: ["fmt", klondike, "--check"]), Run(arguments: ["fmt", broken]), Run(arguments: ["fmt", "-"], redirections: "< Rules/Klondike.patience >/dev/full")],
        "describe": [Run(arguments: ["describe", klondike]), Run(arguments: ["describe", broken]), Run(arguments: ["describe", klondike], redirections: ">&-")],
        "lsp": [Run(arguments: ["lsp"], input: lspSession), Run(arguments: ["lsp"], input: ""), Run(arguments: ["lsp"], redirections: "<&-"),
                Run(arguments: ["lsp"], redirections: "< Rules")],
        "list": [Run(arguments: ["list", klondike]), Run(arguments: ["list", broken]), Run(arguments: ["list", klondike], redirections: ">/dev/full")],
        "deal": [Run(arguments: ["deal", klondike]), Run(arguments: ["deal", broken]), Run(arguments: ["deal", klondike], redirections: ">/dev/full")],
        "moves": [Run(arguments: ["moves", klondike, "--deal", "seed:1"]), Run(arguments: ["moves", broken, "--deal", "seed:1"]),
                  Run(arguments: ["moves", klondike, "--deal", "seed:1"], redirections: ">/dev/full")],
        "replay": [Run(arguments: ["replay", klondike, "--deal", "seed:1", "-"], input: ""), Run(arguments: ["replay", klondike, "--deal", "seed:1", "-"], input: "t9 f\n"),
                   Run(arguments: ["replay", klondike, "--deal", "seed:1", "-"], redirections: "<&-")],
        "play": [Run(arguments: ["play", klondike, "--deal", "seed:1"], input: "quit\n"), Run(arguments: ["play", broken]),
                 Run(arguments: ["play", klondike, "--deal", "seed:1"], redirections: ">/dev/full", input: "quit\n")],
        "solve": [Run(arguments: ["solve", mini, "--deal", "seed:1"]), Run(arguments: ["solve", broken, "--deal", "seed:1"]),
                  Run(arguments: ["solve", klondike, "--deal", "seed:1", "--max-states", "1"]),
                  Run(arguments: ["solve", mini, "--deal", "seed:1"], redirections: ">/dev/full")],
        // The server runs until it is stopped; what can be seen through a pipe is its refusals.
        "serve": [Run(arguments: ["serve", "Docs"]), Run(arguments: ["serve", "Rules/NoSuchGame.patience"])],
        "analyze": [Run(arguments: ["analyze", mini, "--deals", "seed:1..2"]), Run(arguments: ["analyze", broken, "--deals", "seed:1..2"]),
                    Run(arguments: ["analyze", mini, "--deals", "seed:1..2"], redirections: ">/dev/full")],
    ]

    static func help(of name: String) throws -> CommandHelp {
        let command = try #require(PatienceCommand.subcommands.first { $0.spec.commandName == "patience \(name)" })
        return CommandHelp(spec: command.spec)
    }

    @Test func everyCommandIsExercised() {
        expectEqual(Set(Self.runs.keys), Set(PatienceCommand.subcommands.map { String($0.spec.commandName.dropFirst("patience ".count)) }))
    }

    @Test(arguments: runs.keys.sorted())
    func helpListsEveryStatusTheCommandReturns(command: String) throws {
        let help = try Self.help(of: command)
        let listed = Set(help.exitStatuses.map(\.code.rawValue))
        var seen: Set<Int32> = []
        for run in Self.runs[command] ?? [] {
            seen.insert(try status(of: run))
        }
        seen.insert(try status(of: Run(arguments: [command, "--no-such-option"])))
        expectTrue(seen.isSubset(of: listed), "\(command): seen \(seen.sorted()), listed \(listed.sorted())")
        expectEqual(listed.subtracting(seen).subtracting([ExitCode.interrupted.rawValue]), [], "\(command) lists a status no run returned")
        // The help text itself shows each one.
        for code in listed { expectContains(help.text, "\n  \(code) ") }
    }

    private func status(of run: Run) throws -> Int32 {
        var redirections = run.redirections
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("patience-exit-input-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: inputFile) }
        if let input = run.input {
            expectEqual(run.redirections.contains("<"), false)
            try Data(input.utf8).write(to: inputFile)
            redirections += " < '\(inputFile.path)'"
        }
        let shell = try runPatienceInShell(run.arguments, redirections: redirections, in: packageRoot)
        expectFalse(shell.endedBySignal, "\(run)")
        return shell.status
    }
}
