import Foundation
import Testing
import TestSupport

private let klondike = packageRoot.appendingPathComponent("Rules/Klondike.patience").path

/// Writes `text` to a scratch file for `--board`, runs `body` with its path, and removes it.
private func withBoard(_ text: String, _ body: (String) throws -> Void) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("patience-board-\(UUID().uuidString).txt")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try body(file.path)
}

/// FreeCell with every card home but the kings, which lie alone on the first four columns.
private let freeCellEndgame = "Foundations: H-Q C-Q D-Q S-Q\n: KH\n: KC\n: KD\n: KS\n:\n:\n:\n:\n"

/// What `patience play` reads besides the notation, typed as a script types it: short pile
/// names from zones' names and roles, cards by name with letters or suit symbols, a pile or card
/// alone sent where it goes best, a zone as a destination, and `auto` finishing a game.
/// Klondike seed:3 has the A♠ on tableau[5]; FreeCell ms:1 has the 8♥ on tableau[1].
@Suite struct PlayShortFormsTests {
    @Test(arguments: ["t5 f", "t5 f1", "AS", "as", "A♠", "t5", "AS f", "tableau[5]"])
    func theAceGoesHome(typed: String) throws {
        let result = try runPatience(["play", klondike, "--deal", "seed:3"], input: typed + "\n")
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "played tableau[5]->foundation[1]\n", "typed \(typed)")
        expectNotContains(result.standardOutput, "unknown command")
    }

    /// A zone of several piles alone is no pile: the game asks which. As a destination that
    /// takes nothing, it says why its first pile refuses (the 5♣ on tableau[2] goes to no foundation).
    @Test func zonesWithoutANumber() throws {
        let result = try runPatience(["play", klondike, "--deal", "seed:3"], input: "t\nf\nt2 f\n")
        expectContains(result.standardOutput, "which pile of tableau? type t1 to t7, or a card\n")
        expectContains(result.standardOutput, "which pile of foundation? type f1 to f4, or a card\n")
        expectContains(result.standardOutput, "the 5C cannot go on the empty foundation[1]: an empty foundation takes only an ace\n")
        expectNotContains(result.standardOutput, "played ")
    }

    @Test func cellsByTheirRole() throws {
        let result = try runPatience(["play", "FreeCell", "--deal", "ms:1"], in: packageRoot, input: "t1 c\nt2 c2\nKD\n")
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "played tableau[1]->cell[1]\n")
        expectContains(result.standardOutput, "played tableau[2]->cell[2]\n")
    }

    @Test func autoFinishesAGameThatOnlyNeedsItsCardsHome() throws {
        try withBoard(freeCellEndgame) { board in
            let result = try runPatience(["play", "FreeCell", "--board", board], in: packageRoot, input: "auto\nundo\n")
            expectEqual(result.status, 0)
            let line = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("auto: ") } ?? ""
            expectHasPrefix(String(line), "auto: tableau[1]->foundation[")
            expectEqual(line.components(separatedBy: "->foundation[").count, 5, "the four kings home: \(line)")
            expectContains(result.standardOutput, "The game is won!")
            // Each card home is a play of its own.
            expectContains(result.standardOutput, "took back the last play\n")
            expectContains(result.standardOutput, "moves 3\n")
        }
    }

    @Test func autoLeavesAGameThatNeedsThought() throws {
        let result = try runPatience(["play", klondike, "--deal", "seed:3"], input: "auto\n")
        expectContains(result.standardOutput, "auto finishes the game only when every card can go to the foundations from here")
        expectNotContains(result.standardOutput, "played ")
        expectEqual(result.standardOutput.components(separatedBy: "moves 0\n").count, 2, "the table is drawn once, unchanged")
    }

    @Test func scriptsAreNotCountedInTheStatistics() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("patience-stats-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try withBoard(freeCellEndgame) { board in
            let result = try runPatience(["play", "FreeCell", "--board", board], in: packageRoot, input: "auto\nstats\n",
                                         environment: ["PATIENCE_DATA_HOME": data.path])
            expectContains(result.standardOutput, "statistics are kept only for games played at a terminal")
            expectFalse(FileManager.default.fileExists(atPath: data.path))
        }
    }

    @Test func pipedOutputScrollsWithoutEscapes() throws {
        let result = try runPatience(["play", klondike, "--deal", "seed:3"], input: "t5\nundo\n")
        expectNotContains(result.standardOutput, "\u{1B}")
        expectEqual(result.standardOutput.components(separatedBy: "Klondike  deal seed:3").count, 4, "three tables, one after another")
    }
}
