import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import PatienceSolver

/// The guided search finds a table's safe move home from the tops its last play changed
/// (`SafeMoves.moveHome`) instead of listing every play, and makes the safe moves home that
/// follow one in the same step (`SafeMoves.makeMovesHome`). Both must find what the listing's
/// safe move (`SafeMoves.safeMove`) finds.
@Suite("Safe moves home found without listing")
struct MovesHomeTests {
    /// Games whose win fills a zone from its bottom card (FreeCell, Klondike, Baker's Dozen, Yukon,
    /// a stock turned one card at a time), whose foundation takes any card next in rank (Golf,
    /// Black Hole: several cards a card goes on), and one won otherwise (Spider).
    static let games = ["FreeCell", "Klondike", "BakersDozen", "Yukon", "Golf", "BlackHole", "Spider"]

    /// The safe move among the table's listed moves, as the guided phase asks for it.
    static func listed(_ safeMoves: SafeMoves, among moves: [Move], on table: CardTable, turned: Bool) -> (move: Move, sound: Bool)? {
        safeMoves.safeMove(among: moves, on: table, likely: true, soon: true, turned: turned)
    }

    /// Along a pseudo-random walk: a safe move home exactly where the listing has one, the same
    /// kind (sound or likely), a move the listing holds and calls safe; and, from a table with
    /// none, after every move, looking only at the piles it changed finds one exactly where the
    /// listing of the table it makes has one.
    @Test(arguments: games)
    func aSafeMoveHomeIsFoundWhereTheListingFindsOne(game: String) throws {
        let rules = try IncrementalRatingTests.rules(game)
        var tables = 0, found = 0, children = 0
        for seed in UInt64(1)...4 {
            let root = try rules.deal(.seed(seed))
            let safeMoves = SafeMoves(rules: rules, facts: rules.facts, root: root)
            let turned = safeMoves.turnedStock != nil
            var table = root
            var random = SplitMix64(seed: seed)
            for step in 0..<80 {
                let context = Comment(rawValue: "\(game) seed \(seed) step \(step)")
                let moves = rules.movesAllowedByRules(on: table)
                let expected = Self.listed(safeMoves, among: moves, on: table, turned: turned)
                let got = safeMoves.moveHome(after: nil, on: table, sound: true, turned: turned)
                tables += 1
                expectEqual(got == nil, expected == nil, context)
                if let got {
                    found += 1
                    expectEqual(got.sound, expected?.sound, context)
                    expectTrue(moves.contains(got.move), context)
                    expectTrue(safeMoves.safeMove(among: [got.move], on: table, likely: true, soon: true, turned: turned) != nil, context)
                } else {
                    for move in moves {
                        guard let child = try? rules.applying(move, to: table) else { continue }
                        children += 1
                        let after = safeMoves.moveHome(after: move, on: child, sound: true, turned: turned)
                        let listed = Self.listed(safeMoves, among: rules.movesAllowedByRules(on: child), on: child, turned: turned)
                        expectEqual(after == nil, listed == nil, "\(context): \(move)")
                    }
                }
                let plays = rules.legalPlays(on: table)
                guard !plays.isEmpty, let next = try? rules.applying(plays[Int(random.next() % UInt64(plays.count))], to: table) else { break }
                table = next
            }
        }
        expectGreater(tables, 0)
        expectGreater(children, 0)
        // Those that build foundations by suit meet safe moves on the way (in Golf and Black Hole
        // any card could still go on one home, and Spider has none to meet).
        if !["Golf", "BlackHole", "Spider"].contains(game) { expectGreater(found, 0, "\(game)") }
    }

    /// The safe moves home after a move are made one after another, each the one `moveHome`
    /// finds on the table before it, until there is none.
    @Test func theSafeMovesHomeThatFollowOneAreMadeInTurn() throws {
        let rules = try IncrementalRatingTests.rules("FreeCell")
        // The aces of spades and hearts and the twos, each over the next to go home; every
        // other card face up on the last column, a king on top.
        let text = """
            2H 2S AH AS
            QD
            JD
            :
            :
            :
            :
            :
            """
        var table = try #require(Positions.partialTable(rules, BoardText.parse(text).get()))
        let present = Set(table.piles.flatMap { $0.cards.map(\.card) })
        let last = try #require(rules.pileIndex(of: PileID(zone: "tableau", index: 8)))
        table.piles[last].cards = rules.deck.filter { !present.contains($0) }.sorted { $0.rank < $1.rank }.map { PlacedCard($0, faceUp: true) }
        let safeMoves = SafeMoves(rules: rules, facts: rules.facts, root: table)
        let first = try #require(safeMoves.moveHome(after: nil, on: table, sound: true, turned: false))
        var work = WorkingTable(rules: rules, table: table)
        #expect(rules.applyListed(first.move, to: &work))
        var made: [Move] = []
        var usedLikely = false
        safeMoves.makeMovesHome(after: first.move, on: &work, sound: true, turned: false, usedLikely: &usedLikely, into: &made)
        var replayed = table
        for move in [first.move] + made {
            let next = safeMoves.moveHome(after: nil, on: replayed, sound: true, turned: false)
            expectEqual(next?.move, move)
            replayed = try rules.applying(move, to: replayed)
        }
        expectEqual(replayed, work.table)
        expectTrue(safeMoves.moveHome(after: nil, on: work.table, sound: true, turned: false) == nil)
        let home = try #require(rules.zones.first { $0.name == "foundation" })
        expectEqual(home.piles.reduce(0) { $0 + work.table.piles[$1].cards.count }, 4)
    }

    /// On an easy FreeCell deal the guided search walks nearly straight to the win: with the safe
    /// moves home that follow one made in the same step, it expands fewer nodes than the plays
    /// of the solution it finds (one node a play without them), and the solution replays.
    @Test(arguments: [2, 3, 4, 5])
    func aRunOfSafeMovesHomeIsOneStep(deal: Int) throws {
        let rules = try IncrementalRatingTests.rules("FreeCell")
        var options = SolverOptions()
        options.exhaustive = false
        let solver = Solver(rules: rules, options: options)
        let table = try rules.deal(.microsoft(deal))
        let result = solver.solve(table)
        guard case .solved(let plays) = result.verdict else {
            Issue.record("deal \(deal): \(result.verdict)")
            return
        }
        expectTrue(solver.replays(plays, from: table))
        expectLess(result.statistics.nodesExpanded, plays.count - 1, "deal \(deal)")
    }
}
