import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import PatienceSolver

/// Safe moves where foundation cards come back (`SafeMoves`), on Klondike's own rules: the five of
/// hearts goes up at once exactly when the foundations are as the best Klondike solvers' autoplay
/// asks (the black ones at most two ranks below it, diamonds at most three), derived from the
/// rule file's facts alone.
@Suite("Safe moves where foundation cards come back")
struct SafeMovesReturnsTests {
    /// A Klondike table with these foundations, the five of hearts alone face up on the first
    /// column, and every other card face down in the stock.
    static func table(_ rules: GameRules, foundations: String) throws -> CardTable {
        let text = "Foundations: \(foundations)\n5H\n:\n:\n:\n:\n:\n:\n"
        var table = try #require(Positions.partialTable(rules, BoardText.parse(text).get()))
        let present = Set(table.piles.flatMap { $0.cards.map(\.card) })
        let stock = try #require(rules.pileIndex(of: PileID(zone: "stock", index: 1)))
        table.piles[stock].cards = rules.deck.filter { !present.contains($0) }.map { PlacedCard($0, faceUp: false) }
        return table
    }

    @Test(arguments: [
        ("S-3 C-3 H-4 D-2", true),
        ("S-4 C-3 H-4 D-3", true),
        // A three of clubs still out could need the four of hearts, which the five would cover.
        ("S-3 C-2 H-4 D-2", false),
        // The two of diamonds could need a black three, which could need the four of hearts.
        ("S-3 C-3 H-4 D-A", false),
    ])
    func theFiveOfHeartsGoesUpAtOnceOnlyWhereNoSolutionCanNeedItOut(foundations: String, safe: Bool) throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules("Klondike"))
        let table = try Self.table(rules, foundations: foundations)
        let moves = rules.legalMoves(on: table)
        let up = try #require(moves.first { rules.zone(ofPile: $0.destination).name == "foundation" })
        let safeMoves = SafeMoves(rules: rules, facts: rules.facts, root: table)
        let found = safeMoves.safeMove(among: moves, on: table, likely: false, returns: true)
        expectEqual(found?.move, safe ? up : nil, "\(foundations)")
        if safe { expectEqual(found?.sound, true) }
        // Without the moves proved where cards come back, nothing is soundly safe in Klondike.
        expectTrue(safeMoves.safeMove(among: moves, on: table, likely: false) == nil)
    }

    /// The moves are proved only where a card can go home from under cards that went home first:
    /// a zone that the actions change (the waste) and that lifts runs turns them off.
    @Test func aWasteThatLiftsRunsTurnsThemOff() throws {
        let path = packageRoot.appendingPathComponent("Tests/Fixtures/SolverGames/MiniKlondikeReturns.patience").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let plain = try GameCompiler.compile(source: text)
        let runs = try GameCompiler.compile(source: text.replacingOccurrences(of: "lift waste {\n  require run.size == 1\n}", with: "lift waste {}"))
        for (rules, on) in [(plain, true), (runs, false)] {
            let table = try rules.deal(.seed(1))
            expectEqual(SafeMoves(rules: rules, facts: rules.facts, root: table).isReturnSource.contains(true), on)
        }
    }
}
