import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine

private typealias Run = ProcessOutput

/// Runs `patience` in the package root with `input` on standard input, without colour.
private func patience(_ arguments: [String], input: String = "") throws -> Run {
    try runPatience(arguments, in: packageRoot, input: input, environment: ["NO_COLOR": "1"])
}

private func makeScratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

private func rules(_ game: String, options: [String: String] = [:]) throws -> GameRules {
    try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/\(game).patience").path, options: options)
}

private func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
}

/// The fixtures from Freecell Solver: boards by deal, and solutions by deal.
private enum Fixtures {
    static let folder = TestPaths.fixtures

    /// `make-microsoft-freecell-board -t N` output for deals 1 to 100.
    static let boards: [Int: String] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("ms-boards-1-100.txt"), encoding: .utf8) else { return [:] }
        var boards: [Int: String] = [:]
        var deal: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# ms "), let number = Int(line.dropFirst(5)) {
                deal = number
            } else if let deal, !line.isEmpty {
                boards[deal, default: ""] += line + "\n"
            }
        }
        return boards
    }()

    /// `fc-solve -m -snx` solutions for deals 1 to 100.
    static let solutions: [Int: String] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("ms-solutions-1-100.txt"), encoding: .utf8) else { return [:] }
        var solutions: [Int: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), let deal = Int(line[..<colon]) else { continue }
            solutions[deal] = String(line[line.index(after: colon)...])
        }
        return solutions
    }()
}

@Suite("patience deal, moves and replay")
struct CLIDealMovesReplayTests {
    // MARK: - Help

    @Test func topLevelHelpListsTheNewSubcommands() throws {
        let result = try patience(["--help"])
        for name in ["deal", "moves", "replay"] {
            expectContains(result.standardOutput, "\n  \(name) ")
        }
    }

    @Test(arguments: [
        ("deal", "USAGE: patience deal <rules> [--deal <deal>] [--board <file>] [--after <file>] [--notation <notation>] [--option <name=value> ...] [--format <format>]"),
        ("moves", "USAGE: patience moves <rules> [--deal <deal>] [--board <file>] [--after <file>] [--notation <notation>] [--option <name=value> ...] [--format <format>]"),
        ("replay", "USAGE: patience replay <rules> [<moves>] [--deal <deal>] [--board <file>] [--after <file>] [--notation <notation>] [--option <name=value> ...] [--format <format>] [--html <file>]"),
    ])
    func subcommandHelp(name: String, usage: String) throws {
        let result = try patience([name, "--help"])
        expectEqual(result.status, 0)
        // The usage line wraps at 80 columns, its further lines indented.
        let joined = result.standardOutput.replacingOccurrences(of: #"\n +"#, with: " ", options: .regularExpression)
        expectContains(joined, usage)
        expectContains(result.standardOutput, "EXIT STATUS:\n  0 ")
        expectTrue(result.standardError.isEmpty)
    }

    @Test func dealHelpDocumentsTheDefaultDeal() throws {
        #expect(try patience(["help", "deal"]).standardOutput.contains("(default: seed:1)"))
    }

    // MARK: - deal

    @Test func dealPrintsATextListing() throws {
        let result = try patience(["deal", "Rules/FreeCell.patience", "--deal", "ms:1"])
        expectEqual(result.status, 0)
        expectTrue(result.standardError.isEmpty)
        expectEqual(result.standardOutput, """
            game: FreeCell
            deal: ms:1

            cell[1]:       (empty)
            cell[2]:       (empty)
            cell[3]:       (empty)
            cell[4]:       (empty)
            foundation[1]: (empty)
            foundation[2]: (empty)
            foundation[3]: (empty)
            foundation[4]: (empty)
            tableau[1]:    JD KD 2S 4C 3S 6D 6S
            tableau[2]:    2D KC KS 5C 10D 8S 9C
            tableau[3]:    9H 9S 9D 10S 4S 8D 2H
            tableau[4]:    JC 5S QD QH 10H QS 6H
            tableau[5]:    5D AD JS 4H 8H 6C
            tableau[6]:    7H QC AS AC 2C 3D
            tableau[7]:    7C KH AH 4D JH 8C
            tableau[8]:    5H 3H 3C 7S 7D 10C

            """)
    }

    @Test func dealDefaultsToSeedOne() throws {
        let implicit = try patience(["deal", "Rules/Klondike.patience"])
        let explicit = try patience(["deal", "Rules/Klondike.patience", "--deal", "seed:1"])
        expectEqual(implicit.status, 0)
        expectEqual(implicit.standardOutput, explicit.standardOutput)
        expectHasPrefix(implicit.standardOutput, "game: Klondike\ndeal: seed:1\noptions: draw=1 redeals=unlimited\n")
        expectContains(implicit.standardOutput, "\ntableau[2]:    <7C> 6C\n")
    }

    @Test func dealOptionsChangeTheGame() throws {
        let result = try patience(["deal", "Rules/Spider.patience", "--option", "suits=1", "--format", "json"])
        expectEqual(result.status, 0)
        let object = try #require(try json(result.standardOutput) as? [String: Any])
        expectEqual((object["options"] as? [String: Int]), ["suits": 1])
        let piles = try #require(object["piles"] as? [[String: Any]])
        let cards = piles.flatMap { ($0["cards"] as? [[String: Any]]) ?? [] }
        expectEqual(cards.count, 104)
        expectTrue(cards.allSatisfy { ($0["card"] as? String)?.hasSuffix("S") == true })
        // Two decks: each card names the copy it is, so the position can be read back without loss.
        expectGreater(Set(cards.compactMap { $0["deck"] as? Int }).count, 1)
    }

    @Test func dealJSONShape() throws {
        let result = try patience(["deal", "Rules/Klondike.patience", "--deal", "seed:3", "--format", "json"])
        expectEqual(result.status, 0)
        let object = try #require(try json(result.standardOutput) as? [String: Any])
        expectEqual(Set(object.keys), ["format", "version", "game", "deal", "options", "actions", "piles"])
        expectEqual(object["format"] as? String, "patience-table")
        expectEqual(object["game"] as? String, "Klondike")
        expectEqual(object["deal"] as? String, "seed:3")
        let piles = try #require(object["piles"] as? [[String: Any]])
        expectEqual(piles.map { $0["address"] as? String }, [
            "stock", "waste", "foundation[1]", "foundation[2]", "foundation[3]", "foundation[4]",
            "tableau[1]", "tableau[2]", "tableau[3]", "tableau[4]", "tableau[5]", "tableau[6]", "tableau[7]",
        ])
        for pile in piles {
            expectEqual(Set(pile.keys), ["address", "zone", "role", "cards"])
        }
        let tableau7 = try #require(piles[12]["cards"] as? [[String: String]])
        expectEqual(tableau7.map { $0["face"] }, ["down", "down", "down", "down", "down", "down", "up"])
        expectEqual((piles[0]["cards"] as? [Any])?.count, 24)
    }

    /// Every deal of the fixture in the long run, one in ten in the default run.
    @Test(arguments: TestPaths.sample(Array(1...100), oneIn: 10))
    func msBoardMatchesMakeMicrosoftFreecellBoard(deal: Int) throws {
        let expected = try #require(Fixtures.boards[deal])
        let result = try patience(["deal", "Rules/FreeCell.patience", "--deal", "ms:\(deal)", "--format", "board"])
        expectEqual(result.status, 0)
        expectEqual(result.standardOutput, expected)
    }

    @Test(arguments: ["Klondike", "FreeCell", "Spider"])
    func boardOutputReadsBack(game: String) throws {
        let board = try patience(["deal", "Rules/\(game).patience", "--deal", "seed:11", "--format", "board"])
        expectEqual(board.status, 0)
        let fromStandardInput = try patience(["deal", "Rules/\(game).patience", "--board", "-", "--format", "board"], input: board.standardOutput)
        expectEqual(fromStandardInput.status, 0)
        expectEqual(fromStandardInput.standardOutput, board.standardOutput)
        let listing = try patience(["deal", "Rules/\(game).patience", "--board", "-"], input: board.standardOutput)
        let dealt = try patience(["deal", "Rules/\(game).patience", "--deal", "seed:11"])
        // The listing of a board has no deal line; the piles are the same.
        expectEqual(listing.standardOutput, dealt.standardOutput.replacingOccurrences(of: "deal: seed:11\n", with: ""))
    }

    /// Golf's waste, Canfield's reserve and base card and Die Schlange's two aces of each suit
    /// have board text of their own, which `moves --board` reads back.
    @Test(arguments: [("Golf", "Foundations: KH\n"), ("Canfield", "Foundations: 3S - - -\n"),
                      ("Canfield", "Reserve: <KD> <7C>"), ("DieSchlange", "Foundations: C-A D-A H-A S-A C-A D-A H-A S-A\n")])
    func boardTextOfWastesReservesAndBaseCardsReadsBack(game: String, line: String) throws {
        let board = try patience(["deal", "Rules/\(game).patience", "--deal", "seed:1", "--format", "board"])
        expectEqual(board.status, 0)
        expectContains(board.standardOutput, line)
        let fromBoard = try patience(["moves", "Rules/\(game).patience", "--board", "-"], input: board.standardOutput)
        let dealt = try patience(["moves", "Rules/\(game).patience", "--deal", "seed:1"])
        expectEqual(fromBoard.status, 0)
        expectEqual(fromBoard.standardError, "")
        expectEqual(fromBoard.standardOutput, dealt.standardOutput)
    }

    @Test func boardFileIsRead() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("board.txt")
        try Data(try #require(Fixtures.boards[7]).utf8).write(to: file)
        let fromFile = try patience(["deal", "Rules/FreeCell.patience", "--board", file.path, "--format", "json"])
        let dealt = try patience(["deal", "Rules/FreeCell.patience", "--deal", "ms:7", "--format", "json"])
        expectEqual(fromFile.status, 0)
        expectEqual(fromFile.standardOutput, dealt.standardOutput.replacingOccurrences(of: "\"deal\": \"ms:7\"", with: "\"deal\": null"))
    }

    // MARK: - moves

    @Test func movesListsEveryLegalPlayInTheNotation() throws {
        let result = try patience(["moves", "Rules/FreeCell.patience", "--deal", "ms:1"])
        expectEqual(result.status, 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        expectEqual(lines.count, 32)
        expectEqual(lines.first, "tableau[1]->cell[1]")
        expectEqual(lines.last, "tableau[8]->cell[4]")
        #expect(try patience(["moves", "Rules/Klondike.patience", "--deal", "seed:1"]).standardOutput == "tap(stock)\n")
    }

    @Test(arguments: [("Klondike", "seed:2"), ("FreeCell", "ms:617"), ("Spider", "seed:9"), ("Klondike", "ms:3")])
    func movesMatchTheEngine(game: String, deal: String) throws {
        let rules = try rules(game)
        let table = try rules.deal(try DealSource(spec: deal))
        let expected = rules.legalPlays(on: table).map { MoveNotation(rules: rules).text(of: $0) + "\n" }.joined()
        let result = try patience(["moves", "Rules/\(game).patience", "--deal", deal])
        expectEqual(result.status, 0)
        expectEqual(result.standardOutput, expected)
    }

    @Test func movesJSONShape() throws {
        let result = try patience(["moves", "Rules/Spider.patience", "--deal", "seed:4", "--format", "json"])
        expectEqual(result.status, 0)
        let plays = try #require(try json(result.standardOutput) as? [[String: Any]])
        expectFalse(plays.isEmpty)
        for play in plays {
            expectEqual(Set(play.keys), ["notation", "kind", "source", "destination", "count"])
        }
        let tap = try #require(plays.last)
        expectEqual(tap["notation"] as? String, "tap(stock)")
        expectEqual(tap["kind"] as? String, "tap")
        expectEqual(tap["source"] as? String, "stock")
        expectTrue(tap["destination"] is NSNull)
        expectTrue(tap["count"] is NSNull)
        let move = try #require(plays.first)
        expectEqual(move["kind"] as? String, "move")
        let notation = try #require(move["notation"] as? String)
        let source = try #require(move["source"] as? String), destination = try #require(move["destination"] as? String)
        let count = try #require(move["count"] as? Int)
        expectEqual(notation, "\(source)\(count == 1 ? "" : "x\(count)")->\(destination)")
    }

    @Test func movesOnAWonBoardComeOnlyFromTheFoundations() throws {
        // Every card home: the only plays take a king back down, which FreeCell's rules allow.
        let won = try patience(["moves", "Rules/FreeCell.patience", "--board", "-", "--format", "json"],
                               input: "Foundations: H-K C-K D-K S-K\n:\n:\n:\n:\n:\n:\n:\n:\n")
        expectEqual(won.status, 0)
        let plays = try #require(try json(won.standardOutput) as? [[String: Any]])
        expectTrue(plays.allSatisfy { ($0["source"] as? String)?.hasPrefix("foundation") == true })
    }

    // MARK: - replay

    /// Every solution of the fixture in the long run, one in ten in the default run.
    @Test(arguments: TestPaths.sample(Array(1...100), oneIn: 10))
    func fixtureSolutionReplaysToAWin(deal: Int) throws {
        let solution = try #require(Fixtures.solutions[deal])
        let result = try patience(
            ["replay", "Rules/FreeCell.patience", "--deal", "ms:\(deal)", "--notation", "fcs", "--format", "json"], input: solution)
        expectEqual(result.status, 0)
        expectTrue(result.standardError.isEmpty)
        let object = try #require(try json(result.standardOutput) as? [String: Any])
        expectEqual(object["won"] as? Bool, true)
        expectEqual(object["applied"] as? Int, FCSNotation.tokens(solution).count)
    }

    @Test func replayTextReportsAppliedAndWon() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("solution.txt")
        try Data(try #require(Fixtures.solutions[1]).utf8).write(to: file)
        let result = try patience(["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--notation", "fcs", file.path])
        expectEqual(result.status, 0)
        expectEqual(result.standardOutput, "applied 127 moves; won: yes\n")
        let partial = try patience(["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--notation", "fcs", "-"], input: "5a 5b")
        expectEqual(partial.status, 0)
        expectEqual(partial.standardOutput, "applied 2 moves; won: no\n")
    }

    /// A FreeCell solution with move `index` replaced by a move the rules refuse fails there,
    /// naming the refusing rule.
    @Test(arguments: [1, 10, 60])
    func corruptedFreeCellSolutionFailsAtTheCorruptedMove(index: Int) throws {
        let rules = try rules("FreeCell")
        var tokens = FCSNotation.tokens(try #require(Fixtures.solutions[1]))
        let replay = Replay(rules: rules, notation: .fcs)
        let before = replay.run(tokens: Array(tokens.prefix(index - 1)), from: try rules.deal(.microsoft(1)))
        expectEqual(before.failure, nil)
        // The first column-to-column move the rules refuse on that table.
        let candidates = (1...8).flatMap { s in (1...8).filter { $0 != s }.map { "\(s)\($0)" } }
        var bad: (token: String, refusal: Refusal)?
        for candidate in candidates {
            let move = try FCSNotation(rules: rules).move(candidate, on: before.table)
            if let refusal = rules.refusal(for: move, on: before.table), refusal.file != nil {
                bad = (candidate, refusal)
                break
            }
        }
        let (token, refusal) = try #require(bad)
        tokens[index - 1] = token

        let result = try patience(
            ["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--notation", "fcs", "--format", "json"],
            input: tokens.joined(separator: " "))
        expectEqual(result.status, 1)
        let object = try #require(try json(result.standardOutput) as? [String: Any])
        expectEqual(object["applied"] as? Int, index - 1)
        let error = try #require(object["error"] as? [String: Any])
        expectEqual(error["index"] as? Int, index)
        expectEqual(error["move"] as? String, token)
        expectEqual(error["code"] as? String, refusal.code.rawValue)
        expectEqual(error["message"] as? String, refusal.message)
        expectEqual(error["file"] as? String, "Rules/FreeCell.patience")
        expectEqual(error["line"] as? Int, refusal.range?.start.line)
        expectEqual(error["column"] as? Int, refusal.range?.start.column)

        let text = try patience(["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--notation", "fcs"], input: tokens.joined(separator: " "))
        expectEqual(text.status, 1)
        expectEqual(text.standardOutput, "applied \(index - 1) move\(index == 2 ? "" : "s"); move \(index) refused\n")
        let location = "Rules/FreeCell.patience:\(refusal.range!.start.line):\(refusal.range!.start.column)"
        expectHasPrefix(text.standardError, "\(location): error[\(refusal.code.rawValue)]: move \(index) '\(token)': \(refusal.message)\n")
    }

    /// A short legal sequence of Klondike or Spider plays, as `patience moves` lists them, replays;
    /// with one play swapped for a refused one, the replay stops there.
    @Test(arguments: [("Klondike", "seed:5"), ("Spider", "seed:8")])
    func corruptedSequenceFailsAtTheCorruptedMove(game: String, deal: String) throws {
        let rules = try rules(game)
        let notation = MoveNotation(rules: rules)
        var table = try rules.deal(try DealSource(spec: deal))
        // The first step's choices are exactly what `patience moves` prints.
        let listed = try patience(["moves", "Rules/\(game).patience", "--deal", deal]).standardOutput
        expectEqual(listed, notation.listing(of: rules.legalPlays(on: table)))

        var plays: [String] = []
        var tables: [CardTable] = []
        for step in 0..<12 {
            let legal = rules.legalPlays(on: table)
            guard !legal.isEmpty else { break }
            let play = legal[(step * 7) % legal.count]
            tables.append(table)
            plays.append(notation.text(of: play))
            table = try rules.applying(play, to: table)
        }
        expectEqual(plays.count, 12)
        let arguments = ["replay", "Rules/\(game).patience", "--deal", deal, "--format", "json"]
        let legal = try patience(arguments, input: plays.joined(separator: "\n"))
        expectEqual(legal.status, 0)
        expectEqual(legal.standardOutput, "{\"applied\": 12, \"won\": false}\n")

        let index = 7
        let before = tables[index - 1]
        var refused: (text: String, refusal: Refusal)?
        search: for source in before.piles.indices {
            for destination in before.piles.indices where destination != source && !before.piles[source].isEmpty {
                let move = Move(source: source, count: 1, destination: destination)
                if let refusal = rules.refusal(for: move, on: before), refusal.file != nil {
                    refused = (notation.text(of: .move(move)), refusal)
                    break search
                }
            }
        }
        let (text, refusal) = try #require(refused)
        var corrupted = plays
        corrupted[index - 1] = text
        let result = try patience(arguments, input: corrupted.joined(separator: "\n"))
        expectEqual(result.status, 1)
        let object = try #require(try json(result.standardOutput) as? [String: Any])
        expectEqual(object["applied"] as? Int, index - 1)
        let error = try #require(object["error"] as? [String: Any])
        expectEqual(error["index"] as? Int, index)
        expectEqual(error["move"] as? String, text)
        expectEqual(error["code"] as? String, refusal.code.rawValue)
        expectEqual(error["file"] as? String, "Rules/\(game).patience")
        expectEqual(error["line"] as? Int, refusal.range?.start.line)
        expectEqual(error["column"] as? Int, refusal.range?.start.column)
    }

    @Test func replayFromABoard() throws {
        let board = try #require(Fixtures.boards[2])
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("board.txt")
        try Data(board.utf8).write(to: file)
        let result = try patience(
            ["replay", "Rules/FreeCell.patience", "--board", file.path, "--notation", "fcs", "--format", "json"],
            input: try #require(Fixtures.solutions[2]))
        expectHasSuffix(result.standardOutput, "\"won\": true}\n")
    }

    // MARK: - Bad input

    struct BadInput: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var input = ""
        var status: Int32
        /// Text standard error must contain.
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        // Options the game does not have, or values it does not allow: the checker's findings.
        BadInput(arguments: ["deal", "Rules/Klondike.patience", "--option", "drw=3"], status: 1,
                 message: "Rules/Klondike.patience:1:1: error[P0707]: the game has no option 'drw'\n  = help: did you mean 'draw'?"),
        BadInput(arguments: ["moves", "Rules/Klondike.patience", "--deal", "seed:1", "--option", "draw=2"], status: 1,
                 message: "Rules/Klondike.patience:5:8: error[P0502]: '2' is not a value option 'draw' allows\n  |\n5 | option draw: 1 | 3 = 1\n"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--option", "draw=1"], status: 1, message: "error[P0707]"),
        BadInput(arguments: ["deal", "Rules/Klondike.patience", "--option", "draw"], status: 64,
                 message: "error: invalid value 'draw' for '--option'; expected NAME=VALUE"),
        BadInput(arguments: ["deal", "Rules/Klondike.patience", "--option", "=3"], status: 64, message: "expected NAME=VALUE"),
        BadInput(arguments: ["deal", "Rules/Klondike.patience", "--option", "draw=1", "--option", "draw=3"], status: 64,
                 message: "error: option 'draw' is set twice"),
        // Deal specs.
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--deal", "ms:0"], status: 64,
                 message: "error: invalid value 'ms:0' for '--deal': Microsoft deal numbers run from 1 to 8589934591, not 0"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--deal", "foo:1"], status: 64,
                 message: "error: invalid value 'foo:1' for '--deal': 'foo' is not a kind of deal; write seed:N or ms:N"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--deal", "seed:-1"], status: 64,
                 message: "error: invalid value 'seed:-1' for '--deal': seeds run from 0 to"),
        BadInput(arguments: ["moves", "Rules/FreeCell.patience", "--deal", "ms:x"], status: 64, message: "'ms:x' is not a deal; write seed:N or ms:N"),
        BadInput(arguments: ["deal", "Rules/Spider.patience", "--deal", "ms:1"], status: 1,
                 message: "error[P0706]: cannot deal ms:1: Microsoft deals need a game of one standard deck"),
        // Where the table comes from.
        BadInput(arguments: ["moves", "Rules/FreeCell.patience"], status: 64,
                 message: "error: give the table with '--deal <deal>' or '--board <file>'"),
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "moves.txt"], status: 64, message: "give the table with"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--deal", "ms:1", "--board", "b.txt"], status: 64,
                 message: "error: '--deal' and '--board' cannot be used together"),
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "--board", "-"], status: 64,
                 message: "error: the board and the moves cannot both come from standard input"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--board", "no-such-board.txt"], status: 1,
                 message: "no-such-board.txt:1:1: error[P0005]: cannot read the board text: no such file"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--board", "Rules"], status: 1,
                 message: "Rules:1:1: error[P0005]: cannot read the board text: this is a folder, not a file"),
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "no-such-moves.txt"], status: 1,
                 message: "no-such-moves.txt:1:1: error[P0005]: cannot read the move list: no such file"),
        // Boards.
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--board", "-"],
                 input: "JD KD 2S 4C 3S 6D 6S\n2D KC KS 5C TD 8S 9C\n9H 9S 9D 1S 4S 8D 2H\n", status: 1,
                 message: "<stdin>:3:10: error[P0701]: '1S' is not a card; write a rank (A, 2-9, T, J, Q, K) then a suit (C, D, H, S)\n  |\n3 | 9H 9S 9D 1S 4S 8D 2H\n  |          ^~\n"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--board", "-"], input: "Stock: AS\n", status: 1,
                 message: "<stdin>:1:1: error[P0701]: 'Stock:' is not a line of board text"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--board", "-"], input: "AS 2S\n3S AS\n", status: 1,
                 message: "<stdin>:2:4: error[P0703]: 'AS' appears more often than the decks in play hold it"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--board", "-"], input: "AS 2S\n", status: 1,
                 message: "<stdin>:1:1: error[P0705]: the board has 1 columns, but the game has 8 tableau piles"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--board", "-"], input: "Talon: AS\n:\n:\n:\n:\n:\n:\n:\n:\n", status: 1,
                 message: "error[P0705]: the board has a talon, but the game has no stock"),
        BadInput(arguments: ["deal", "Rules/FreeCell.patience", "--board", "-"], input: "AS 2S\n:\n:\n:\n:\n:\n:\n:\n", status: 1,
                 message: "<stdin>:1:1: error[P0704]: 50 cards are missing: AC 2C 3C"),
        BadInput(arguments: ["deal", "Rules/Spider.patience", "--option", "suits=1", "--board", "-"],
                 input: "AH\n:\n:\n:\n:\n:\n:\n:\n:\n:\n", status: 1, message: "error[P0702]: AH is not a card of this game"),
        // Moves.
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "--deal", "ms:1"], input: "tableau[2]->cell[1] foo", status: 1,
                 message: "<stdin>:1:21: error[P0708]: move 2 'foo': 'foo' is not a move: write SOURCE->DESTINATION or tap(PILE)\n  |\n1 | tableau[2]->cell[1] foo\n  |                     ^~~"),
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "--deal", "ms:1"], input: "tableau[9]->cell[1]", status: 1,
                 message: "error[P0601]: move 1 'tableau[9]->cell[1]': zone 'tableau' has piles 1 to 8, not 9"),
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "--deal", "ms:1"], input: "tablaeu[1]->cell[1]", status: 1,
                 message: "error[P0601]: move 1 'tablaeu[1]->cell[1]': there is no zone 'tablaeu'; did you mean 'tableau'?"),
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--notation", "fcs"], input: "5a 9h", status: 1,
                 message: "error[P0601]: move 2 '9h': '9h' names a column, free cell or foundation this game does not have"),
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--notation", "fcs"], input: "5a 5*", status: 1,
                 message: "error[P0708]: move 2 '5*': '5*' is not a Freecell Solver move"),
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--notation", "fcs"], input: "1h", status: 1,
                 message: "Rules/FreeCell.patience:48:5: error[P0607]: move 1 '1h': an empty foundation takes only an ace\n   |\n48 |     require run.first.rank == A"),
        BadInput(arguments: ["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--notation", "xfc"], status: 64,
                 message: "error: invalid value 'xfc' for '--notation'; expected 'patience' or 'fcs'"),
        BadInput(arguments: ["moves", "Rules/FreeCell.patience", "--deal", "ms:1", "--format", "board"], status: 64,
                 message: "error: invalid value 'board' for '--format'; expected 'text' or 'json'"),
        // Rule files.
        BadInput(arguments: ["deal", "Rules/Missing.patience"], status: 1, message: "Rules/Missing.patience:1:1: error[P0005]: no such file"),
        BadInput(arguments: ["deal"], status: 64, message: "error: missing expected argument '<rules>'"),
    ]

    @Test(arguments: CLIDealMovesReplayTests.badInputs)
    func badInputIsReportedAndNothingIsPrinted(badInput: BadInput) throws {
        let result = try patience(badInput.arguments, input: badInput.input)
        expectEqual(result.status, badInput.status)
        expectContains(result.standardError, badInput.message, "standard error was:\n\(result.standardError)")
        if badInput.arguments.first != "replay" || badInput.status == 64 {
            // Nothing is dealt or listed when the input is bad.
            expectTrue(result.standardOutput.isEmpty)
        }
        if badInput.status == 64 {
            expectContains(result.standardError, "See 'patience \(badInput.arguments[0]) --help'")
        }
    }

    @Test func ruleFileWithErrorsIsRenderedLikeLint() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Broken.patience")
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Rules/FreeCell.patience"), encoding: .utf8)
            .replacingOccurrences(of: "run.first.rank == A", with: "run.first.rnak == A")
        try Data(source.utf8).write(to: file)
        let lint = try patience(["lint", file.path])
        for arguments in [["deal", file.path], ["moves", file.path, "--deal", "ms:1"], ["replay", file.path, "--deal", "ms:1", "-"]] {
            let result = try patience(arguments)
            expectEqual(result.status, 1)
            expectTrue(result.standardOutput.isEmpty)
            expectContains(result.standardError, "\(file.path):48:")
            expectContains(result.standardError, "error[P0302]")
            expectEqual(result.standardError, lint.standardError)
        }
    }

    @Test func replayErrorWithoutARuleHasNullLocationInJSON() throws {
        let result = try patience(["replay", "Rules/FreeCell.patience", "--deal", "ms:1", "--format", "json"], input: "tap(cell[1])")
        expectEqual(result.status, 1)
        expectTrue(result.standardError.isEmpty)
        expectEqual(result.standardOutput, """
            {"applied": 0, "error": {"index": 1, "move": "tap(cell[1])", "code": "P0611", "message": "nothing happens when cell[1] is tapped", "file": null, "line": null, "column": null}}

            """)
    }
}
