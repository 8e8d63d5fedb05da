import Foundation
import Testing
import TestSupport

private let klondike = packageRoot.appendingPathComponent("Rules/Klondike.patience").path
private let freeCell = packageRoot.appendingPathComponent("Rules/FreeCell.patience").path
private let miniKlondike = packageRoot.appendingPathComponent("Tests/Fixtures/SolverGames/MiniKlondike.patience").path

/// The pile rows of the last table drawn on `screen`, and its heading from the deal on.
private func lastTable(on screen: String) -> (heading: String, rows: [String])? {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let headingIndex = lines.lastIndex(where: { $0.contains("  moves ") && $0.contains("  time ") }) else { return nil }
    var rows: [String] = []
    for line in lines[(headingIndex + 1)...] {
        if line.isEmpty { continue }
        guard line.hasPrefix("   ") || line.hasPrefix(" * ") else { break }
        rows.append(line)
    }
    let heading = lines[headingIndex]
    let deal = heading.range(of: "deal ").map { String(heading[$0.lowerBound...]) } ?? heading
    // The clock is left out: it moves on between two looks at the same game.
    return (deal.components(separatedBy: "  time ").first ?? deal, rows)
}

/// Asks to leave an unsaved game with `ask` (Ctrl-C or quit), answers no, and waits for the prompt.
private func declineToQuit(_ game: PseudoTerminal, asking ask: (PseudoTerminal) -> Void) throws {
    var mark = game.mark
    ask(game)
    try game.waitFor("The game is not saved. Quit anyway? Type y to quit, anything else to go on: ", after: mark)
    mark = game.mark
    game.type("no")
    try game.waitFor("Going on; save FILE keeps the game.", after: mark)
    try game.waitFor("> ", after: mark)
}

/// `patience play` driven as a person drives it, on a pseudo-terminal: keys typed, the screen read back.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "needs util-linux's setsid to give the game a terminal"))
struct PlayTerminalTests {
    /// Seed 3 of Klondike has the A♠ on tableau[5], the 8♣ on tableau[7] and the 5♣ on tableau[2].
    @Test func playSaveQuitAndLoadShowTheSameTable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let savePath = folder.appendingPathComponent("game.json").path

        let game = try PseudoTerminal(["play", klondike, "--deal", "seed:3"], environment: ["NO_COLOR": "1"])
        // On a terminal the game greets the player and prompts for each line.
        try game.waitFor("Type help for the commands, quit to leave.")
        try game.waitFor("> ")
        expectEqual(lastTable(on: game.screen)?.heading, "deal seed:3  moves 0")

        var mark = game.mark
        game.type("t5 f1")
        try game.waitFor("played tableau[5]->foundation[1]", after: mark)
        let afterFirst = try game.waitFor("\n> ", after: mark)
        expectContains(afterFirst, "   foundation[1]  AS\n")
        // The typed line is echoed by the terminal, as a person sees it.
        expectHasPrefix(afterFirst, "t5 f1\n")

        mark = game.mark
        game.type("t7 t2")
        let refusal = try game.waitFor("\n> ", after: mark)
        expectEqual(refusal, "t7 t2\nthe 8C cannot go on the 5C: a tableau pile builds down in alternating colours\n> ")

        mark = game.mark
        game.type("why")
        let why = try game.waitFor("\n> ", after: mark)
        expectContains(why, "tableau[7]->tableau[2] was refused by this rule:")
        expectContains(why, "Klondike.patience:47:5: error[P0607]: a tableau pile builds down in alternating colours")

        for _ in 0..<2 {
            mark = game.mark
            game.type("tap stock")
            try game.waitFor("played tap(stock)", after: mark)
            try game.waitFor("\n> ", after: mark)
        }
        let beforeUndo = try #require(lastTable(on: game.screen))
        expectEqual(beforeUndo.heading, "deal seed:3  moves 3")

        mark = game.mark
        game.type("undo")
        try game.waitFor("took back the last play", after: mark)
        try game.waitFor("\n> ", after: mark)
        let shown = try #require(lastTable(on: game.screen))
        expectEqual(shown.heading, "deal seed:3  moves 2")
        expectNotEqual(shown.rows, beforeUndo.rows)
        expectEqual(shown.rows.count, 13)

        mark = game.mark
        game.type("save \(savePath)")
        try game.waitFor("saved the game to '\(savePath)'", after: mark)
        try game.waitFor("\n> ", after: mark)
        game.type("quit")
        #expect(try game.waitForExit() == 0)

        let again = try PseudoTerminal(["play", klondike, "--deal", "seed:3"], environment: ["NO_COLOR": "1"])
        try again.waitFor("> ")
        let fresh = try #require(lastTable(on: again.screen))
        expectNotEqual(fresh.rows, shown.rows)
        mark = again.mark
        again.type("load \(savePath)")
        try again.waitFor("loaded the game saved in '\(savePath)'", after: mark)
        try again.waitFor("\n> ", after: mark)
        let loaded = try #require(lastTable(on: again.screen))
        expectEqual(loaded.heading, shown.heading)
        expectEqual(loaded.rows, shown.rows)

        // The history came back with the table: undo goes on from where the save left it.
        mark = again.mark
        again.type("undo")
        try again.waitFor("\n> ", after: mark)
        expectEqual(lastTable(on: again.screen)?.heading, "deal seed:3  moves 1")
        again.send("\u{04}")
        #expect(try again.waitForExit() == 0)
    }

    @Test func ctrlCAsksBeforeQuittingAnUnsavedGame() throws {
        let game = try PseudoTerminal(["play", klondike, "--deal", "seed:3", "--color", "never"])
        try game.waitFor("> ")
        var mark = game.mark
        game.type("t5 f1")
        try game.waitFor("played tableau[5]->foundation[1]", after: mark)
        try game.waitFor("\n> ", after: mark)

        try declineToQuit(game) { $0.send("\u{03}") }
        // The game is still there, unchanged.
        mark = game.mark
        game.type("show")
        try game.waitFor("\n> ", after: mark)
        expectEqual(lastTable(on: game.screen)?.heading, "deal seed:3  moves 1")

        mark = game.mark
        game.send("\u{03}")
        try game.waitFor("Quit anyway?", after: mark)
        game.type("y")
        #expect(try game.waitForExit() == 130)
    }

    /// On a terminal the table is drawn in place (the screen cleared first), quit asks before
    /// it drops a game that changed, and the game is counted in the statistics file.
    @Test func quitAsksAndTheGameIsCounted() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("patience-pty-stats-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let game = try PseudoTerminal(["play", klondike, "--deal", "seed:3", "--color", "never"],
                                      environment: ["PATIENCE_DATA_HOME": data.path])
        try game.waitFor("> ")
        var mark = game.mark
        game.type("t5")
        try game.waitFor("played tableau[5]->foundation[1]", after: mark)
        let drawn = try game.waitFor("\n> ", after: mark)
        expectContains(drawn, "\u{1B}[H\u{1B}[2J")
        // The typed line, then the cleared screen, then what was played and the table.
        expectTrue(drawn.components(separatedBy: "\u{1B}[2J").last?.hasPrefix("played tableau[5]->foundation[1]\n") == true, "\(drawn)")

        try declineToQuit(game) { $0.type("quit") }
        mark = game.mark
        game.type("quit")
        try game.waitFor("Quit anyway?", after: mark)
        mark = game.mark
        game.type("y")
        #expect(try game.waitForExit() == 0)
        expectContains(game.since(mark), "Klondike: 1 played, 0 won (0 %), streak 0, best streak 0")
        let file = try String(contentsOf: data.appendingPathComponent("statistics.json"), encoding: .utf8)
        expectContains(file, "\"Klondike\" : {\n      \"best_streak\" : 0,\n      \"played\" : 1,\n      \"streak\" : 0,\n      \"won\" : 0\n    }")

        // A game finished with auto is counted as won at once, and stats shows the counts.
        let board = data.appendingPathComponent("endgame.txt")
        try Data("Foundations: H-Q C-Q D-Q S-Q\n: KH\n: KC\n: KD\n: KS\n:\n:\n:\n:\n".utf8).write(to: board)
        let won = try PseudoTerminal(["play", freeCell, "--board", board.path, "--color", "never"],
                                     environment: ["PATIENCE_DATA_HOME": data.path])
        try won.waitFor("> ")
        mark = won.mark
        won.type("auto")
        try won.waitFor("FreeCell: 1 played, 1 won (100 %), streak 1, best streak 1", after: mark)
        try won.waitFor("\n> ", after: mark)
        mark = won.mark
        won.type("stats")
        try won.waitFor("FreeCell: 1 played, 1 won (100 %), streak 1, best streak 1", after: mark)
        // A won game is not asked about.
        won.type("quit")
        #expect(try won.waitForExit() == 0)
        let both = try String(contentsOf: data.appendingPathComponent("statistics.json"), encoding: .utf8)
        expectContains(both, "\"FreeCell\" : {\n      \"best_streak\" : 1,\n      \"played\" : 1,\n      \"streak\" : 1,\n      \"won\" : 1\n    }")
        expectContains(both, "\"Klondike\"")
    }

    @Test func ctrlCQuitsAtOnceWhenNothingIsLost() throws {
        let game = try PseudoTerminal(["play", klondike, "--deal", "seed:3", "--color", "never"])
        try game.waitFor("> ")
        let mark = game.mark
        game.send("\u{03}")
        #expect(try game.waitForExit() == 130)
        expectNotContains(game.since(mark), "Quit anyway?")
    }

    @Test func aTerminalGetsColouredCardsAndAResetOnExit() throws {
        let game = try PseudoTerminal(["play", klondike, "--deal", "seed:3"])
        try game.waitFor("> ")
        expectContains(game.screen, "\u{1B}[30;47mA♠")
        expectContains(game.screen, "\u{1B}[31;47m9♥")
        let mark = game.mark
        game.type("t7 t2")
        // The refusal names the cards as the table draws them.
        let refusal = try game.waitFor("\n> ", after: mark)
        expectContains(refusal, "8♣")
        expectContains(refusal, "cannot go on the ")
        game.type("quit")
        #expect(try game.waitForExit() == 0)
        expectHasSuffix(game.screen, "\u{1B}[0m")
    }

    /// A hint of the solver's, followed again and again, wins the small Klondike, never going
    /// back to a table already seen.
    @Test func followingHintsWinsWithoutGoingRound() throws {
        let game = try PseudoTerminal(["play", miniKlondike, "--deal", "seed:1", "--color", "never"])
        try game.waitFor("> ")
        var won = false
        var tables: Set<[String]> = []
        for _ in 0..<80 {
            var mark = game.mark
            game.type("hint")
            let hint = try game.waitFor("\n> ", after: mark)
            guard let number = hint.split(separator: "\n").first(where: { $0.contains("type ") && $0.contains(" to play it") })
                .flatMap({ line in line.split(separator: " ").dropFirst().first(where: { Int($0) != nil }) }) else {
                Issue.record("no hint on the screen: \(hint)")
                break
            }
            mark = game.mark
            game.type(String(number))
            let played = try game.waitFor("\n> ", after: mark)
            let table = try #require(lastTable(on: game.screen)).rows
            expectTrue(tables.insert(table).inserted, "a hint led back to a table already seen")
            if played.contains("The game is won!") { won = true; break }
        }
        expectTrue(won)
        game.type("quit")
        #expect(try game.waitForExit() == 0)
    }
}
