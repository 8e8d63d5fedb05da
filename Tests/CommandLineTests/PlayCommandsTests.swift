import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceFormats
@testable import Patience
@testable import PatienceSolver
@testable import PatienceCommandLine

private let klondike = packageRoot.appendingPathComponent("Rules/Klondike.patience").path
private let freeCell = packageRoot.appendingPathComponent("Rules/FreeCell.patience").path
private let miniKlondike = packageRoot.appendingPathComponent("Tests/Fixtures/SolverGames/MiniKlondike.patience").path

/// A fresh folder for files a test writes; the caller removes it.
private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-play-commands-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The pile rows of the last table drawn in `output`.
private func lastRows(_ output: String) -> [String] {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let heading = lines.lastIndex(where: { $0.contains("  moves ") }) else { return [] }
    return Array(lines[(heading + 1)...].prefix { $0.isEmpty || $0.hasPrefix("   ") }.filter { !$0.isEmpty })
}

/// The commands of `patience play` beyond moves: new, restart, save and load, rules, auto, and
/// the options `--winnable` and `--help`.
@Suite struct PlayCommandsTests {
    @Test func saveAndLoadRestoreTheGameAndItsHistory() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("saved game.json").path
        let saved = try runPatience(["play", klondike, "--deal", "seed:3"], input: "t5 f1\ntap stock\nsave \(path)\nshow\n")
        expectEqual(saved.status, 0)
        expectContains(saved.standardOutput, "saved the game to '\(path)'")
        let table = lastRows(saved.standardOutput)

        // Another deal is started, then the save loaded: the same table, the same history.
        let loaded = try runPatience(["play", klondike, "--deal", "seed:4"], input: "load \(path)\nundo\nundo\nundo\n")
        expectEqual(loaded.status, 0)
        let out = loaded.standardOutput
        expectContains(out, "loaded the game saved in '\(path)'\n")
        expectContains(out, "Klondike  deal seed:3  moves 2\n")
        let afterLoad = out.components(separatedBy: "loaded the game saved in").last ?? ""
        expectEqual(lastRows(String(afterLoad.prefix { _ in true }.split(separator: "took back").first ?? "")), table)
        expectEqual(out.components(separatedBy: "took back the last play").count, 3, "two plays to take back")
        expectContains(out, "there is nothing to undo")

        // The file is the library's GameState inside a small envelope.
        let file = try JSONDecoder().decode(PlaySaveFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        expectEqual(file.game, "Klondike")
        expectEqual(file.deal, "seed:3")
        expectEqual(file.state.undoStack.count, 2)
    }

    @Test func loadRefusesAFileOfAnotherGameOrOptionsOrDamaged() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let freeCellSave = folder.appendingPathComponent("freecell.json").path
        let drawThree = folder.appendingPathComponent("draw3.json").path
        let damaged = folder.appendingPathComponent("damaged.json").path
        let notJSON = folder.appendingPathComponent("notes.txt").path
        let wrongCards = folder.appendingPathComponent("cards.json").path
        _ = try runPatience(["play", freeCell, "--deal", "ms:1"], input: "save \(freeCellSave)\n")
        _ = try runPatience(["play", klondike, "--deal", "seed:3", "--option", "draw=3"], input: "save \(drawThree)\n")
        let good = try runPatience(["play", klondike, "--deal", "seed:3"], input: "save \(damaged)\n")
        expectEqual(good.status, 0)
        let text = try String(contentsOfFile: damaged, encoding: .utf8)
        try Data(text.prefix(text.count / 2).utf8).write(to: URL(fileURLWithPath: damaged))
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: notJSON))
        // A save whose cards were edited by hand: two aces of spades.
        var file = try JSONDecoder().decode(PlaySaveFile.self, from: Data(contentsOf: URL(fileURLWithPath: drawThree)))
        file.options = try Positions.rules("Klondike").optionValues
        let ace = try #require(file.state.table.piles.firstIndex { $0.cards.contains { $0.card == Card(rank: 1, suit: .spades) } })
        file.state.table.piles[0].cards[0] = file.state.table.piles[ace].cards.first { $0.card == Card(rank: 1, suit: .spades) }!
        try file.write(to: wrongCards)

        let result = try runPatience(
            ["play", klondike, "--deal", "seed:3"],
            input: ["t5 f1"] .joined() + "\n" + [freeCellSave, drawThree, damaged, notJSON, wrongCards, folder.path, folder.appendingPathComponent("none.json").path]
                .map { "load \($0)\n" }.joined() + "show\n")
        expectEqual(result.status, 0)
        let out = result.standardOutput
        expectContains(out, "cannot load '\(freeCellSave)': it is a saved game of 'FreeCell', and this game is 'Klondike'\n")
        expectContains(out, "cannot load '\(drawThree)': it was saved with draw=3 redeals=unlimited; start play with the same --option values to load it\n")
        expectContains(out, "cannot load '\(damaged)': it is not a game saved by patience play, or it is damaged")
        expectContains(out, "cannot load '\(notJSON)': it is not a game saved by patience play, or it is damaged")
        expectContains(out, "cannot load '\(wrongCards)': it does not fit Klondike: ")
        expectContains(out, "cannot load '\(folder.path)': it is a folder\n")
        expectContains(out, "cannot load '\(folder.appendingPathComponent("none.json").path)': there is no such file\n")
        // None of them changed the game.
        expectNotContains(out, "loaded the game")
        expectTrue(out.hasSuffix("moves 1\n\n" + lastRows(out).map { $0 + "\n" }.joined(separator: out.contains("\n\n   tableau[1]") ? "" : "") + "\n") || lastRows(out).contains("   foundation[1]  AS"))
    }

    @Test func saveToAFolderThatDoesNotExistSaysSo() throws {
        let result = try runPatience(["play", klondike, "--deal", "seed:3"], input: "save /nonexistent-folder/game.json\n")
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "cannot save to '/nonexistent-folder/game.json': ")
    }

    @Test func newAndRestart() throws {
        let result = try runPatience(["play", klondike, "--deal", "seed:3"],
                                     input: "t5 f1\nrestart\nnew seed:4\nnew seed:x\nnew ms:1\nnew\n")
        expectEqual(result.status, 0)
        let out = result.standardOutput
        expectContains(out, "started the game again from the deal\n\nKlondike  deal seed:3  moves 0\n")
        expectContains(out, "dealt seed:4\n\nKlondike  deal seed:4  moves 0\n")
        expectContains(out, "cannot deal 'seed:x': ")
        expectContains(out, "dealt ms:1\n")
        // `new` alone keeps the kind of deal: after ms:1, another Microsoft deal.
        expectEqual(out.components(separatedBy: "\ndealt seed:").count, 2, "seed:4 only")
        expectEqual(out.components(separatedBy: "\ndealt ms:").count, 3, "ms:1, then a random Microsoft deal")
        // Restarting shows the opening table again.
        let opening = try runPatience(["play", klondike, "--deal", "seed:3"], input: "")
        let restarted = try runPatience(["play", klondike, "--deal", "seed:3"], input: "t5 f1\nrestart\n")
        expectEqual(lastRows(restarted.standardOutput), lastRows(opening.standardOutput))
    }

    @Test func rulesDescribeTheGameWithTheOptionsPlayed() throws {
        let result = try runPatience(["play", klondike, "--deal", "seed:3", "--option", "draw=3"], input: "rules\n")
        let out = result.standardOutput
        expectContains(out, "\nKlondike\n========\n")
        expectContains(out, "- draw = 3 (one of 1 | 3; the default is 1)\n")
        expectContains(out, "- Deal 3 cards from the stock to the waste, one at a time, face up.\n")
        expectContains(out, "The game is won when every foundation pile holds 13 cards.\n")
        expectEqual(RulesSummary.commentParagraphs(of: "# a\n# b\ngame \"x\" # not this\n\n#c\n"), [["a", "b"], ["c"]])
    }

    @Test func autoPlaysCardsNothingCanNeed() throws {
        let result = try runPatience(["play", klondike, "--deal", "seed:3"], input: "auto on\nundo\nauto off\nauto on\n")
        let out = result.standardOutput
        // The ace of spades on tableau[5] goes home at once; nothing else of seed:3 can.
        expectContains(out, "auto is on: every card that can safely go to a foundation goes there on its own\nauto: tableau[5]->foundation[1]\n")
        expectContains(out, "moves 1  auto\n")
        expectContains(out, "took back the last play\n")
        expectContains(out, "auto is off")
        expectEqual(out.components(separatedBy: "auto: tableau[5]->foundation[1]").count, 3, "switching auto on again plays it again")
    }

    @Test func autoplayProvesSafetyWhereTheRulesAllow() throws {
        // Mini FreeCell's foundations give nothing back, so its automatic moves are proved safe;
        // Klondike lets cards come back off a foundation, so its are only cards nothing can need.
        let mini = try GameCompiler.compile(path: packageRoot.appendingPathComponent("Tests/Fixtures/SolverGames/MiniFreeCell.patience").path)
        var table = try mini.deal(.seed(1))
        let autoplay = FoundationAutoplay(rules: mini, table: table)
        expectTrue(autoplay.isAvailable)
        var proved = 0
        while let (move, sound) = autoplay.nextMove(on: table) {
            expectTrue(mini.allows(move, on: table))
            if sound { proved += 1 }
            table = try mini.applying(.move(move), to: table)
        }
        let (moves, end) = FoundationAutoplay(rules: mini, table: try mini.deal(.seed(1))).moves(from: try mini.deal(.seed(1)))
        expectEqual(end, table)
        expectEqual(proved, moves.count)

        let rules = try Positions.rules("Klondike")
        let klondikeTable = try rules.deal(.seed(3))
        let (plays, _) = FoundationAutoplay(rules: rules, table: klondikeTable).moves(from: klondikeTable)
        expectEqual(plays.map { rules.address(ofPile: $0.source) }, ["tableau[5]"])
        expectEqual(FoundationAutoplay(rules: rules, table: klondikeTable).nextMove(on: klondikeTable)?.proved, false)
    }

    @Test func hintsNeverLeadBackToATableAlreadySeen() throws {
        let rules = try GameCompiler.compile(path: miniKlondike)
        let game = try Game(rules: rules, deal: .seed(1))
        var hints = PlayHints()
        let firstHint = hints.hint(for: game, seen: [game.table])
        let first = try #require(firstHint)
        expectTrue(first.reason == "this play wins" || first.reason.hasPrefix("the first play of a "), "\(first.reason)")
        // With the table the solver's play leads to already seen, another play is offered.
        let next = try rules.applying(first.play, to: game.table)
        var other = PlayHints()
        let secondHint = other.hint(for: game, seen: [game.table, next])
        let second = try #require(secondHint)
        expectNotEqual(second.play, first.play)
        #expect(!([game.table, next] as Set).contains(try rules.applying(second.play, to: game.table)))
        // With every play's table seen, there is no hint.
        let all = Set(game.legalPlays.compactMap { try? rules.applying($0, to: game.table) } + [game.table])
        var none = PlayHints()
        expectEqual(none.hint(for: game, seen: all), nil)
    }

    @Test func dealWinnablePassesOverUnwinnableDeals() throws {
        // Seed 8 of Mini Klondike is proved unsolvable; seed 9 is solved.
        let result = try runPatience(["deal", miniKlondike, "--deal", "seed:8", "--winnable"])
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "deal: seed:9\n")
        expectContains(result.standardError, "patience: seed:9 is winnable in ")
        expectContains(result.standardError, "(the deal before it was not proved winnable)")
        let same = try runPatience(["deal", miniKlondike, "--deal", "seed:9"])
        expectEqual(same.standardOutput, result.standardOutput)

        let play = try runPatience(["play", miniKlondike, "--deal", "seed:8", "--winnable"], input: "")
        expectEqual(play.status, 0)
        expectContains(play.standardOutput, "Mini Klondike  deal seed:9  moves 0")
    }

    @Test func dealWinnableGivesUpAfterItsTries() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: miniKlondike, encoding: .utf8)
            .replacingOccurrences(of: "won when all(f in foundation: f.size == 5)", with: "won when all(f in foundation: f.size == 6)")
        let path = folder.appendingPathComponent("Unwinnable.patience").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let result = try runPatience(["deal", path, "--deal", "seed:1", "--winnable", "--tries", "3"])
        expectEqual(result.status, 1)
        expectTrue(result.standardOutput.isEmpty)
        expectContains(result.standardError, "error: no deal from seed:1 to seed:3 was proved winnable (3 tried, each for up to 200000 states and 10 seconds)")
    }

    @Test(arguments: [
        (["deal", "Rules/Klondike.patience", "--winnable", "--board", "x.txt"], "'--winnable' needs a numbered deal"),
        (["deal", "Rules/Klondike.patience", "--tries", "3"], "'--tries' is only for '--winnable'"),
        (["play", "Rules/Klondike.patience", "--winnable", "--tries", "0"], "invalid value '0' for '--tries'"),
    ])
    func winnableUsageErrors(arguments: [String], problem: String) throws {
        let result = try runPatience(arguments, input: "")
        expectEqual(result.status, 64)
        expectContains(result.standardError, problem)
    }

    @Test func playHelpShowsThatOptionRepeatsAndTheNewOptions() throws {
        let result = try runPatience(["play", "--help"])
        expectEqual(result.status, 0)
        let out = result.standardOutput
        expectContains(out, "[--option <name=value> ...]")
        expectContains(out, "--option <name=value>   Set one of the game's options, such as 'draw=3'. May\n                          be repeated.")
        expectContains(out, "--winnable")
        expectContains(out, "--tries <n>")
        expectContains(out.split(whereSeparator: \.isWhitespace).joined(separator: " "), "save FILE writes")
    }

    @Test func cardsAreWrittenOneWayAndReadBothWays() throws {
        // deal writes tens as play and rule files do; play reads a ten as 10 or T.
        let listing = try runPatience(["deal", "Rules/FreeCell.patience", "--deal", "ms:1"])
        expectContains(listing.standardOutput, "tableau[2]:    2D KC KS 5C 10D 8S 9C\n")
        expectNotContains(listing.standardOutput, "TD")
        let json = try runPatience(["deal", "Rules/FreeCell.patience", "--deal", "ms:1", "--format", "json"])
        expectContains(json.standardOutput, "{\"card\": \"10D\", \"face\": \"up\"}")
        expectEqual(PlaySession.card(named: "TD"), Card(rank: 10, suit: .diamonds))
        expectEqual(PlaySession.card(named: "10d"), Card(rank: 10, suit: .diamonds))
        expectEqual(PlaySession.card(named: "1D"), Card(rank: 1, suit: .diamonds))
        expectEqual(PlaySession.card(named: "11D"), nil)
        expectEqual(PlaySession.card(named: "t1"), nil, "shorthand for tableau[1], not a card")
        // Board text, Freecell Solver's format, keeps T.
        let board = try runPatience(["deal", "Rules/FreeCell.patience", "--deal", "ms:1", "--format", "board"])
        expectContains(board.standardOutput, "2D KC KS 5C TD 8S 9C\n")
    }
}
