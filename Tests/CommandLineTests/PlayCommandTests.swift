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

private typealias PlayOutput = ProcessOutput

private let klondike = packageRoot.appendingPathComponent("Rules/Klondike.patience").path

/// Runs `patience play` with `arguments`, typing `input` on its standard input, which like its
/// outputs is a file rather than a terminal.
private func play(_ arguments: [String], input: String, environment extra: [String: String] = [:]) throws -> PlayOutput {
    try runPatience(["play"] + arguments, input: input, environment: extra)
}

/// Writes a rule file into a fresh folder and returns its path; the caller removes the folder.
private func ruleFile(_ text: String) throws -> (path: String, folder: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-play-rules-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("game.patience")
    try Data(text.utf8).write(to: url)
    return (url.path, folder)
}

/// `file:line:column` of the Klondike rule that refuses a tableau move of the wrong colour.
private func tableauBuildRuleLocation() throws -> String {
    let lines = try String(contentsOfFile: klondike, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let index = try #require(lines.firstIndex { $0.contains("a tableau pile builds down in alternating colours") })
    let column = lines[index].prefix { $0 == " " }.count + 1
    return "\(klondike):\(index + 1):\(column)"
}

/// The table of Klondike `seed:3` starts with `AS` on tableau[5], `8C` on tableau[7] and `5C` on tableau[2].
@Suite struct PlayCommandTests {
    @Test func scriptedSession() throws {
        let result = try play(
            ["--deal", "seed:3", klondike],
            input: """
                tableau[5]->foundation[1]
                tableau[7]->tableau[2]
                undo
                redo
                hint
                quit
                tap(stock)

                """)
        expectEqual(result.status, 0)
        expectTrue(result.standardError.isEmpty)
        let out = result.standardOutput
        expectHasPrefix(out, "\nKlondike  deal seed:3  moves 0\n")
        expectContains(out, "   tableau[5]     ## ## ## ## AS\n")
        expectContains(out, "played tableau[5]->foundation[1]\n")
        expectContains(out, "   foundation[1]  AS\n")
        // The refusal names the cards and the rule's reason on one line; why gives the rule's place and quotes it.
        expectContains(out, "\nthe 8C cannot go on the 5C: a tableau pile builds down in alternating colours\ntook back")
        expectNotContains(out, "error[P0607]")
        expectContains(out, "took back the last play\n")
        expectContains(out, "played again the play taken back\n")
        expectContains(out, "hint: ")
        // Nothing after quit is read.
        expectNotContains(out, "played tap(stock)")
        expectEqual(out.components(separatedBy: "moves 1\n").count, 3, "the move and the redo each draw one play")
    }

    @Test func refusedMoveChangesNothing() throws {
        let result = try play(["--deal", "seed:3", klondike], input: "tableau[7]->tableau[2]\nshow\n")
        // Pile rows, without the quoted rule of the refusal.
        let rows = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("   ") && !$0.contains("|") }
        expectEqual(rows.count, 26)
        expectEqual(rows.prefix(13), rows.suffix(13))
        expectContains(result.standardOutput, "the 8C cannot go on the 5C: a tableau pile builds down in alternating colours\n")
    }

    @Test func whyShowsTheRefusingRule() throws {
        let result = try play(["--deal", "seed:3", klondike], input: "why\ntableau[7]->tableau[2]\nwhy\ntableau[9]->tableau[1]\n")
        let out = result.standardOutput
        expectContains(out, "no play has been refused yet\n")
        expectContains(out, "tableau[7]->tableau[2] was refused by this rule:\n")
        #expect(out.contains("\(try tableauBuildRuleLocation()): error[P0607]: a tableau pile builds down in alternating colours\n"))
        expectContains(out, "|     require builds(top, run.first, build)")
    }

    @Test func pilesChosenAsSourceThenDestination() throws {
        let result = try play(
            ["--deal", "seed:3", klondike],
            input: "tableau[5]\nfoundation[1]\nt7 t6\ns\nw\nt1\nmoves\n1\n")
        let out = result.standardOutput
        expectEqual(result.status, 0)
        // A pile alone goes where it goes best: the ace home.
        expectContains(out, "played tableau[5]->foundation[1]\n")
        // A pile with no legal move is chosen as the source, so that the next pile says why not.
        expectContains(out, "moving foundation[1] (no legal move starts there): type the destination pile, or cancel\n")
        expectContains(out, "played tableau[7]->tableau[6]\n")
        // The stock has no move, only its action, so choosing it taps it.
        expectContains(out, "played tap(stock)\n")
        expectContains(out, "moving waste (no legal move starts there)")
        expectContains(out, "the QD cannot go on the 3S: a tableau pile builds down in alternating colours\n")
        expectContains(out, "\n1. ")
    }

    @Test func unreadableMovesAreExplained() throws {
        let result = try play(
            ["--deal", "seed:3", klondike],
            input: "tableau[9]->tableau[1]\nfoo->bar\nhlep\nmake tea now\n42\nclear\nundo all\nsave\nauto maybe\nt9\n9H t1\n")
        let out = result.standardOutput
        expectEqual(result.status, 0)
        expectContains(out, "cannot read 'tableau[9]->tableau[1]': zone 'tableau' has piles 1 to 7, not 9\n")
        expectContains(out, "cannot read 'foo->bar': there is no zone 'foo'")
        // A word that is no pile is a command the game does not know, never a zone.
        expectContains(out, "unknown command 'hlep'; did you mean 'help'? (type help)\n")
        expectContains(out, "unknown command 'make'; did you mean 'save'? (type help)\n")
        expectContains(out, "unknown command 'clear' (type help)\n")
        expectNotContains(out, "no zone 'undo'")
        expectContains(out, "'undo' takes nothing after it (type help)\n")
        expectContains(out, "'save' is typed as: save FILE (type help)\n")
        expectContains(out, "'auto' is typed as: auto (to finish the game), auto on or auto off (type help)\n")
        expectContains(out, "zone 'tableau' has piles 1 to 7, not 9\n")
        // A card can be named instead of its pile; one buried or face down cannot be moved.
        expectContains(out, "the 9H cannot go on the 3S: a tableau pile builds down in alternating colours\n")
        expectContains(out, "there is no play 42 in the list")
    }

    @Test func helpListsCommandsAndShorthand() throws {
        let result = try play(["--deal", "seed:3", klondike], input: "help\n")
        for word in ["undo, redo", "hint", "moves", "quit", "tap(PILE)", "s = stock", "t1 to t7 = tableau[1] to [7]"] {
            expectContains(result.standardOutput, word)
        }
    }

    @Test func plainTextWithoutATerminal() throws {
        let result = try play(["--deal", "seed:3", klondike], input: "tableau[7]->tableau[2]\n")
        expectNotContains(result.standardOutput, "\u{1B}")
        expectNotContains(result.standardOutput, "♠")
        expectContains(result.standardOutput, "## ## 2S\n")
    }

    @Test func colouredLinesEndWithAReset() throws {
        let result = try play(["--deal", "seed:3", "--color", "always", klondike], input: "tableau[7]->tableau[2]\n")
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "A♠")
        expectContains(result.standardOutput, "\u{1B}[31;47m9♥")
        for line in result.standardOutput.split(separator: "\n") where line.contains("\u{1B}[") {
            expectHasSuffix(line, "\u{1B}[0m", "\(line)")
        }
        expectHasSuffix(result.standardOutput, "\u{1B}[0m")
    }

    @Test func endOfInputEndsTheGame() throws {
        // A last line without a newline is still read. (Mini Klondike: its hint is found at once,
        // where Klondike's search takes the hint's whole two seconds in a debug build.)
        let miniKlondike = packageRoot.appendingPathComponent("Tests/Fixtures/SolverGames/MiniKlondike.patience").path
        let result = try play(["--deal", "seed:3", miniKlondike], input: "hint")
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "hint: ")
    }

    @Test func winIsAnnounced() throws {
        let rules = try ruleFile(
            """
            game "One Move"
            decks 1
            zone foundation 1
            zone tableau 1
            deal tableau rest face up
            lift tableau {}
            accept foundation {}
            won when foundation.size == 52

            """)
        defer { try? FileManager.default.removeItem(at: rules.folder) }
        let result = try play(["--deal", "seed:1", rules.path], input: "tableau x52 -> foundation\nundo\n")
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "played tableaux52->foundation\n")
        expectEqual(result.standardOutput.components(separatedBy: "The game is won!").count, 2)
    }

    @Test func stuckTableIsAnnounced() throws {
        let rules = try ruleFile(
            """
            game "Stuck"
            decks 1
            zone foundation 1
            zone tableau 1
            deal tableau rest face up
            lift tableau {
              require run.size == 53 else "no run is long enough"
            }
            accept foundation {}
            won when foundation.size == 52

            """)
        defer { try? FileManager.default.removeItem(at: rules.folder) }
        let result = try play(["--deal", "seed:1", rules.path], input: "")
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "The table is stuck: no move or action is legal.")
    }

    @Test func deadEndIsAnnounced() throws {
        // The stock can be turned over for ever, but no card can ever leave the waste.
        let rules = try ruleFile(
            """
            game "Endless"
            decks 1
            zone stock 1
            zone waste 1
            zone foundation 1
            deal stock rest face down
            lift waste {
              require run.size == 53 else "no run is long enough"
            }
            accept foundation {}
            action draw: tap stock when not stock.empty {
              deal 1 from stock to waste face up
            }
            action recycle: tap stock when stock.empty {
              deal waste.size from waste to stock face down
            }
            won when foundation.size == 52

            """)
        defer { try? FileManager.default.removeItem(at: rules.folder) }
        let result = try play(["--deal", "seed:1", rules.path], input: "tap(stock)\n")
        expectEqual(result.status, 0)
        expectNotContains(result.standardOutput, "The table is stuck")
        expectEqual(result.standardOutput.components(separatedBy: "No move is left: the stock can still be turned").count, 3, "announced at the start and after the tap")
    }

    @Test(arguments: [
        (["--deal", "seed:3"], "missing expected argument '<rules>'"),
        (["--option", "draw", "Rules/Klondike.patience"], "invalid value 'draw' for '--option'; expected NAME=VALUE"),
        (["--option", "=3", "Rules/Klondike.patience"], "invalid value '=3' for '--option'; expected NAME=VALUE"),
        (["--colour", "never", "Rules/Klondike.patience"], "unknown option '--colour'"),
        (["Rules/Klondike.patience", "Rules/FreeCell.patience"], "unexpected argument 'Rules/FreeCell.patience'"),
        (["--deal", "deal:3", "Rules/Klondike.patience"], "invalid value 'deal:3' for '--deal': 'deal' is not a kind of deal"),
        (["--deal", "seed:x", "Rules/Klondike.patience"], "invalid value 'seed:x' for '--deal'"),
        (["--deal", "ms:0", "Rules/Klondike.patience"], "invalid value 'ms:0' for '--deal': Microsoft deal numbers run from 1 to"),
        (["--deal", "seed:18446744073709551616", "Rules/Klondike.patience"], "invalid value 'seed:18446744073709551616' for '--deal': seeds run from 0 to"),
    ])
    func usageErrorsExitWith64(arguments: [String], problem: String) throws {
        let result = try play(arguments, input: "")
        expectEqual(result.status, 64)
        expectContains(result.standardError, "error: \(problem)")
        expectTrue(result.standardOutput.isEmpty)
    }

    @Test(arguments: [
        (["--option", "draw=2"], "error[P0502]: '2' is not a value option 'draw' allows"),
        (["--option", "drw=3"], "error[P0707]: the game has no option 'drw'"),
    ])
    func badDealsAndOptionsExitWith1(arguments: [String], problem: String) throws {
        let result = try play(arguments + [klondike], input: "quit\n")
        expectEqual(result.status, 1)
        expectContains(result.standardError, problem)
        expectTrue(result.standardOutput.isEmpty)
    }

    @Test func ruleFileWithErrorsExitsWith1() throws {
        let rules = try ruleFile("game \"Broken\"\ndecks 1\nzone tableau 1\nlift tableau { require run.colour == 1 }\n")
        defer { try? FileManager.default.removeItem(at: rules.folder) }
        let result = try play([rules.path], input: "quit\n")
        expectEqual(result.status, 1)
        expectContains(result.standardError, "\(rules.path):")
        expectContains(result.standardError, "error[P0")
        expectTrue(result.standardOutput.isEmpty)
    }

    @Test func everyOptionReachesTheGame() throws {
        // Three cards a tap empty the stock in eight taps; with no redeals the ninth is refused.
        let taps = String(repeating: "tap(stock)\n", count: 8) + "stock\n"
        let result = try play(
            ["--deal", "seed:3", "--option", "draw=3", "--option", "redeals=0", klondike], input: taps)
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "   stock          ## (21)\n")
        expectContains(result.standardOutput, "stock cannot be tapped now: 'redeal' has been used as often as the game allows\n")
    }

    @Test func randomDealIsShownSoItCanBeDealtAgain() throws {
        let result = try play([klondike], input: "")
        expectEqual(result.status, 0)
        expectContains(result.standardOutput, "Klondike  deal seed:")
    }
}
