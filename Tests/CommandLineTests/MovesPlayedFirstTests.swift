import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import PatienceCommandLine

/// Runs `patience` in the package root with `input` on standard input, without colour.
private func patience(_ arguments: [String], input: String = "") throws -> ProcessOutput {
    try runPatience(arguments, in: packageRoot, input: input, environment: ["NO_COLOR": "1"])
}

/// A file in a fresh scratch folder holding `text`; the caller removes the folder.
private func scratchFile(_ text: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-after-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("moves.txt")
    try Data(text.utf8).write(to: file)
    return file
}

/// `--after FILE`: the commands that take a table play these moves first and use the table they reach.
@Suite("Moves played first")
struct MovesPlayedFirstTests {
    /// Three moves of Golf seed:1 that the rules allow: 2H onto KH's waste is refused, so the plays
    /// are found from the rules themselves, the first legal play each time.
    private static func golfPlays(_ count: Int) throws -> (moves: String, table: CardTable, rules: GameRules) {
        let rules = try Positions.rules("Golf")
        var table = try rules.deal(.seed(1))
        let notation = MoveNotation(rules: rules)
        var moves: [String] = []
        for _ in 0..<count {
            let play = try #require(rules.legalPlays(on: table).first)
            moves.append(notation.text(of: play))
            table = try rules.applying(play, to: table)
        }
        return (moves.joined(separator: "\n") + "\n", table, rules)
    }

    @Test func movesListsTheLegalPlaysOfTheTableReached() throws {
        let (moves, table, rules) = try Self.golfPlays(3)
        let expected = MoveNotation(rules: rules).listing(of: rules.legalPlays(on: table))
        let opening = try patience(["moves", "Rules/Golf.patience", "--deal", "seed:1"])
        expectNotEqual(expected, opening.standardOutput, "three plays change what is legal")
        let file = try scratchFile(moves)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let fromFile = try patience(["moves", "Rules/Golf.patience", "--deal", "seed:1", "--after", file.path])
        expectEqual(fromFile.status, 0)
        expectEqual(fromFile.standardError, "")
        expectEqual(fromFile.standardOutput, expected)
        let fromInput = try patience(["moves", "Rules/Golf.patience", "--deal", "seed:1", "--after", "-"], input: moves)
        expectEqual(fromInput.standardOutput, expected)
    }

    @Test(arguments: ["text", "json", "board", "svg"])
    func dealPrintsTheTableReachedInEveryFormat(format: String) throws {
        let (moves, table, rules) = try Self.golfPlays(3)
        let result = try patience(["deal", "Rules/Golf.patience", "--deal", "seed:1", "--after", "-", "--format", format], input: moves)
        expectEqual(result.status, 0)
        expectEqual(result.standardError, "")
        switch format {
        case "text":
            // The table reached is no deal's opening, so the listing names no deal.
            expectEqual(result.standardOutput, TableListing(rules: rules).text(of: table))
        case "json":
            #expect(try rules.table(fromBoardOrPosition: result.standardOutput) == table)
        case "board":
            #expect(result.standardOutput == (try rules.boardText(for: table).rendered()))
        default:
            expectEqual(result.standardOutput, TableSVG(rules: rules).svg(of: table, deal: nil))
        }
    }

    @Test func theMovesStartFromABoardToo() throws {
        let (moves, table, rules) = try Self.golfPlays(2)
        let board = try scratchFile(try rules.boardText(for: try rules.deal(.seed(1))).rendered())
        defer { try? FileManager.default.removeItem(at: board.deletingLastPathComponent()) }
        let result = try patience(["deal", "Rules/Golf.patience", "--board", board.path, "--after", "-", "--format", "json"], input: moves)
        expectEqual(result.status, 0)
        #expect(try rules.table(fromBoardOrPosition: result.standardOutput) == table)
    }

    @Test func fcsMovesAreReadWithTheNotationOption() throws {
        let rules = try Positions.rules("FreeCell")
        let moves = "5a 5b 5c 5d 5h"
        let reached = Replay(rules: rules, notation: .fcs).run(moves, from: try rules.deal(.microsoft(1)))
        expectTrue(reached.failure == nil && reached.applied == 5)
        let result = try patience(["moves", "Rules/FreeCell.patience", "--deal", "ms:1", "--after", "-", "--notation", "fcs"], input: moves)
        expectEqual(result.status, 0)
        expectEqual(result.standardOutput, MoveNotation(rules: rules).listing(of: rules.legalPlays(on: reached.table)))
    }

    /// A refused move, or one that cannot be read, is reported on standard error exactly as
    /// `replay` reports it, and nothing is printed.
    @Test(arguments: ["tap(stock)\nwaste->tableau[1]\n", "tap(stock)\nwaste->nowhere[3]\n", "tap(stock) tap(tableau)\n"])
    func aMoveThatFailsIsReportedAsReplayReportsIt(moves: String) throws {
        let file = try scratchFile(moves)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let replay = try patience(["replay", "Rules/Golf.patience", "--deal", "seed:1", file.path])
        expectEqual(replay.status, 1)
        expectContains(replay.standardError, "move 2 ")
        for command in ["moves", "deal"] {
            let result = try patience([command, "Rules/Golf.patience", "--deal", "seed:1", "--after", file.path])
            expectEqual(result.status, 1)
            expectEqual(result.standardOutput, "")
            expectEqual(result.standardError, replay.standardError)
        }
    }

    @Test func aTableAfterARedealIsRefusedAsBoardTextButNotAsJSON() throws {
        // Klondike seed:1 turns its 24 stock cards one by one; the 25th tap redeals the waste.
        let moves = String(repeating: "tap(stock)\n", count: 25)
        let board = try patience(["deal", "Rules/Klondike.patience", "--deal", "seed:1", "--option", "redeals=2", "--after", "-", "--format", "board"], input: moves)
        expectEqual(board.status, 1)
        expectEqual(board.standardOutput, "")
        expectEqual(board.standardError, "error[P0724]: cannot write the table as board text: 'redeal' has been used 1 time, which board text cannot say; write the table with '--format json' instead\n")
        let json = try patience(["deal", "Rules/Klondike.patience", "--deal", "seed:1", "--option", "redeals=2", "--after", "-", "--format", "json"], input: moves)
        expectEqual(json.status, 0)
        expectContains(json.standardOutput, "{\"action\": \"redeal\", \"uses\": 1}")
    }

    @Test(arguments: [
        (["moves", "Rules/Golf.patience", "--board", "-", "--after", "-"], "the board and the moves of '--after' cannot both come from standard input"),
        (["replay", "Rules/Golf.patience", "--deal", "seed:1", "--after", "-"], "the moves of '--after' and the moves to replay cannot both come from standard input"),
        (["play", "Rules/Golf.patience", "--deal", "seed:1", "--after", "-"], "'play' reads its commands from standard input, so '--after' cannot read it too"),
        (["deal", "Rules/Golf.patience", "--deal", "seed:1", "--winnable", "--after", "moves.txt"], "'--winnable' chooses the deal, so it cannot be used with '--after'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try patience(arguments)
        expectEqual(result.status, 64)
        expectContains(result.standardError, message)
    }

    @Test func aMissingFileIsAFinding() throws {
        let result = try patience(["moves", "Rules/Golf.patience", "--deal", "seed:1", "--after", "no-such-moves.txt"])
        expectEqual(result.status, 1)
        expectEqual(result.standardError, "no-such-moves.txt:1:1: error[P0005]: cannot read the move list: no such file\n")
    }

    @Test func replayAppliesItsMovesAfterThoseOfAfter() throws {
        let (moves, table, rules) = try Self.golfPlays(3)
        let lines = moves.split(separator: "\n")
        let first = try scratchFile(lines.prefix(1).joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(at: first.deletingLastPathComponent()) }
        let result = try patience(["replay", "Rules/Golf.patience", "--deal", "seed:1", "--after", first.path], input: lines.dropFirst().joined(separator: "\n"))
        expectEqual(result.status, 0)
        expectEqual(result.standardOutput, "applied 2 moves; won: \(rules.isWon(table) ? "yes" : "no")\n")
    }

    @Test func playStartsFromTheTableReached() throws {
        let file = try scratchFile("tap(stock)\ntap(stock)\n")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let opening = try patience(["play", "Rules/Klondike.patience", "--deal", "seed:1"], input: "quit\n")
        let reached = try patience(["play", "Rules/Klondike.patience", "--deal", "seed:1", "--after", file.path], input: "quit\n")
        expectEqual(reached.status, 0)
        // Two cards turned from the stock: 10C, then 8S on top of it.
        expectContains(opening.standardOutput, "waste          --")
        expectContains(reached.standardOutput, "stock          ## (22)")
        expectContains(reached.standardOutput, "waste          10C 8S")
    }

    @Test func solveSolvesTheTableReached() throws {
        // Two moves of fc-solve's solution of deal 1, then the solver finishes the game, and its
        // moves replay to a win from the table reached.
        let first = "5a 5b"
        let file = try scratchFile(first)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let solved = try patience(["solve", "Rules/FreeCell.patience", "--deal", "ms:1", "--after", file.path, "--notation", "fcs"])
        expectEqual(solved.status, 0)
        let replay = try patience(["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--after", file.path, "--notation", "fcs"], input: solved.standardOutput)
        expectEqual(replay.status, 0)
        expectHasSuffix(replay.standardOutput, "; won: yes\n")
        let fromOpening = try patience(["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--notation", "fcs"], input: solved.standardOutput)
        expectNotEqual(fromOpening.standardOutput, replay.standardOutput, "the solution starts after the two moves")
    }

    @Test(arguments: ["deal", "moves", "replay", "play", "solve"])
    func everyCommandThatTakesATableDocumentsAfter(command: String) throws {
        let help = try patience([command, "--help"])
        expectEqual(help.status, 0)
        expectContains(help.standardOutput, "--after <file>")
        expectContains(help.standardOutput, "--notation <notation>")
    }
}
