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

/// Freecell Solver's notation beyond FreeCell's moves: the move of a whole run to a foundation
/// (Simple Simon's complete suits), which fc-solve 5.0.0 writes with the column counted from 0
/// (`0h` … `9h`, as in the stored Simple Simon solutions), and counts written in hexadecimal.
@Suite("FCS notation: runs to the foundations and long runs")
struct FCSRunToFoundationTests {
    static func rules(_ game: String) throws -> GameRules {
        try GameCompiler.compile(path: TestPaths.rules(game))
    }

    static func table(_ rules: GameRules, columns: String, cells: String = "") throws -> CardTable {
        var text = cells.isEmpty ? "" : "Freecells: \(cells)\n"
        for column in columns.split(separator: "|", omittingEmptySubsequences: false) {
            let cards = column.trimmingCharacters(in: .whitespaces)
            text += (cards.isEmpty ? ":" : cards) + "\n"
        }
        return try #require(Positions.partialTable(rules, BoardText.parse(text).get()))
    }

    static func pile(_ rules: GameRules, _ zone: String, _ index: Int) throws -> Int {
        try #require(rules.pileIndex(of: PileID(zone: zone, index: index)))
    }

    static let spades = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"

    @Test func zeroHIsTheFirstColumnsRun() throws {
        let rules = try Self.rules("SimpleSimon")
        let table = try Self.table(rules, columns: "\(Self.spades) | KC | KD | KH | QC | QD | QH | JC | JD | JH")
        let move = try FCSNotation(rules: rules).move("0h", on: table)
        #expect(move.source == (try Self.pile(rules, "tableau", 1)))
        expectEqual(move.count, 13)
        expectTrue(rules.allows(move, on: table))
    }

    @Test func nineHIsTheTenthColumnsRun() throws {
        let rules = try Self.rules("SimpleSimon")
        let table = try Self.table(rules, columns: "KC | KD | KH | QC | QD | QH | JC | JD | JH | \(Self.spades)")
        let move = try FCSNotation(rules: rules).move("9h", on: table)
        #expect(move.source == (try Self.pile(rules, "tableau", 10)))
        expectEqual(move.count, 13)
        expectTrue(rules.allows(move, on: table))
        // `10h` would be an eleventh column's run, and column 10's ace alone cannot go home.
        let tenth = try FCSNotation(rules: rules).move("10h", on: table)
        #expect(tenth == Move(source: try Self.pile(rules, "tableau", 10), count: 1, destination: try Self.pile(rules, "foundation", 1)))
        expectEqual(rules.refusal(for: tenth, on: table)?.message, "only a complete suit, king down to ace, goes to a foundation")
    }

    /// When column N's top card can go home, `Nh` is that card, as in every FreeCell solution.
    @Test func aCardThatGoesHomeKeepsTheOneBasedColumn() throws {
        let rules = try Self.rules("FreeCell")
        let table = try Self.table(rules, columns: "KC | AS | KD | KH | QC | QD | QH | JC")
        let move = try FCSNotation(rules: rules).move("2h", on: table)
        #expect(move.source == (try Self.pile(rules, "tableau", 2)))
        expectEqual(move.count, 1)
        expectTrue(rules.allows(move, on: table))
        #expect(throws: FCSNotation.noSuchPile("0h")) { try FCSNotation(rules: rules).move("0h", on: table) }
    }

    @Test func theEighthCellsCardGoesToTheFoundationThatTakesIt() throws {
        let rules = try Self.rules("EightOff")
        var table = try Self.table(rules, columns: "5H | 6H | KC | KD | KH | KS | QC | QD", cells: "- - - - - - - AS")
        table.piles[try Self.pile(rules, "foundation", 1)].cards = [PlacedCard(Card(rank: 1, suit: .hearts), faceUp: true)]
        let move = try FCSNotation(rules: rules).move("kh", on: table)
        #expect(move == Move(source: try Self.pile(rules, "cell", 8), count: 1, destination: try Self.pile(rules, "foundation", 2)))
        expectTrue(rules.allows(move, on: table))
    }

    /// `v` counts are hexadecimal: `va` is ten cards and `vd` thirteen.
    @Test func hexadecimalCountsPastNine() throws {
        let rules = try Self.rules("RelaxedFreeCell")
        let table = try Self.table(rules, columns: "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S | | KC | KD | KH | QC | QD | JC")
        let one = try Self.pile(rules, "tableau", 1), two = try Self.pile(rules, "tableau", 2)
        #expect(try FCSNotation(rules: rules).move("12va", on: table) == Move(source: one, count: 10, destination: two))
        #expect(try FCSNotation(rules: rules).move("12vb", on: table) == Move(source: one, count: 11, destination: two))
        expectTrue(rules.allows(Move(source: one, count: 11, destination: two), on: table))
    }

    /// Onto a card, the run whose first card fits moves, however long; here four cards.
    @Test func aLongRunOntoACard() throws {
        let rules = try Self.rules("RelaxedFreeCell")
        let table = try Self.table(rules, columns: "KS QH JS TH 9S | KD | KC | QS | KH | QC | QD | JC")
        let move = try FCSNotation(rules: rules).move("13", on: table)
        #expect(move == Move(source: try Self.pile(rules, "tableau", 1), count: 4, destination: try Self.pile(rules, "tableau", 3)))
        expectTrue(rules.allows(move, on: table))
    }
}
