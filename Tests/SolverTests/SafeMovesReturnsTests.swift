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

    /// The exhaustive search's steps from `table`.
    static func steps(_ rules: GameRules, from table: CardTable) -> [Step] {
        let space = SearchSpace(rules: rules, reductions: .all, root: table)
        var work = WorkingTable(rules: rules, table: table)
        var scratch = SearchSpace.Scratch()
        var steps: [Step] = []
        var used = false
        space.steps(on: &work, hashes: space.key.pileHashes(table), last: nil, likelySafe: false, usedLikely: &used, scratch: &scratch, into: &steps)
        return steps
    }

    /// Where the stock turns one card at a time without end (`RuleFacts.stockTurn`), a card it
    /// can bring up goes home as the table's only step, after the taps that bring it: the five of
    /// hearts, sixth from the top of the stock, the only card out that can go up (every other
    /// suit is home). Not at a draw of three (taking a card out would change which others the
    /// stock can reach: the move is one step among others), nor with a limit on the redeals.
    @Test(arguments: [("1", "unlimited", 6), ("3", "unlimited", 2), ("1", "2", nil)])
    func aCardTheStockBringsUpGoesHomeAfterTheTaps(draw: String, redeals: String, taps: Int?) throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules("Klondike"), options: ["draw": draw, "redeals": redeals])
        var table = try Self.table(rules, foundations: "S-K C-K H-4 D-K")
        let stock = try #require(rules.pileIndex(of: PileID(zone: "stock", index: 1)))
        let column = try #require(rules.pileIndex(of: PileID(zone: "tableau", index: 1)))
        let popped = table.piles[column].cards.popLast()
        let five = try #require(popped)
        // The stock's top card is its last.
        let count = table.piles[stock].cards.count
        table.piles[stock].cards.insert(PlacedCard(five.card, faceUp: false), at: count - 5)
        let turned = SafeMoves(rules: rules, facts: rules.facts, root: table).turnedStock
        let safe = draw == "1" && redeals == "unlimited"
        expectEqual(turned != nil, safe, "draw \(draw), redeals \(redeals)")
        let steps = Self.steps(rules, from: table)
        let up = steps.filter { $0.move.map { rules.zone(ofPile: $0.destination).name == "foundation" } ?? false }
        expectEqual(up.map { Int($0.taps) }, taps.map { [$0] } ?? [], "draw \(draw), redeals \(redeals)")
        expectEqual(steps.count == 1, safe, "\(steps.count) steps")
    }

    /// A card of L (home for good: nothing still out could ever need it as a base) is never
    /// taken back out of the foundations; a card that a card still out could need is.
    @Test(arguments: [("S-4 C-4 H-3 D-3", 0), ("S-4 C-4 H-2 D-3", 2)])
    func cardsHomeForGoodAreNotTakenBackOut(foundations: String, offered: Int) throws {
        // No redeal, so that no card of the stock goes home at once in place of every other step.
        let rules = try GameCompiler.compile(path: TestPaths.rules("Klondike"), options: ["redeals": "0"])
        let table = try Self.table(rules, foundations: foundations)
        // Either black four could come down onto the five of hearts on the first column. With
        // both red threes home nothing still out could go on it; with the three of hearts out,
        // it could.
        let down = rules.legalMoves(on: table).filter { rules.zone(ofPile: $0.source).name == "foundation" }
        expectEqual(down.count, 2)
        let steps = Self.steps(rules, from: table)
        // No card goes up: the steps are every play but the ones left out.
        expectTrue(steps.allSatisfy { $0.move.map { rules.zone(ofPile: $0.destination).name != "foundation" } ?? true })
        expectEqual(steps.filter { $0.move.map { down.contains($0) } ?? false }.count, offered, "\(foundations)")
    }
}
