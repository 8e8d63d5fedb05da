import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceSolver

/// The solver makes the fingerprint and the rating of a successor from those of the table it was
/// made from, rehashing and recounting only the cards above those no change reached
/// (`ChangedPiles.untouched`); they must be the whole table's, whatever the play did.
@Suite("Solver fingerprints and ratings from the changed cards")
struct IncrementalRatingTests {
    /// Bundled games with face-down cards, a stock, interchangeable piles, suit renaming and
    /// piles known by their top, and test games that shuffle, remove cards and keep memory.
    static let games = ["FreeCell", "Klondike", "Golf", "BlackHole", "Spider", "Yukon", "Canfield", "BakersDozen",
                        "Cover", "Gaps", "MiniShuffle", "MiniPairs", "MiniBase", "MiniLock"]

    static func rules(_ game: String) throws -> GameRules {
        let bundled = packageRoot.appendingPathComponent("Rules/\(game).patience").path
        if FileManager.default.fileExists(atPath: bundled) { return try GameCompiler.compile(path: bundled) }
        return try SolverReductionTests.rules(game)
    }

    /// Makes a play on the working table; false when the rules refuse it.
    static func make(_ play: Play, by rules: GameRules, on work: inout WorkingTable) -> Bool {
        switch play {
        case .move(let move): rules.applyListed(move, to: &work)
        case .tap(let pile): rules.tap(pile: pile, on: &work)
        case .remove(let piles): rules.remove(piles: piles, on: &work)
        }
    }

    /// Along a pseudo-random walk, every play from every table: the cards the changed piles keep
    /// at the bottom are the table's before; the fingerprint and the rating made from the changed
    /// cards are the whole table's; and the pile hashes and the heuristic's base, brought to the
    /// table after and back, are those made for each table whole.
    @Test(arguments: games)
    func theFingerprintAndRatingFromTheChangedCardsAreTheWholeTables(game: String) throws {
        let rules = try Self.rules(game)
        let unscanned = StateKey(rules: rules, facts: rules.facts, reductions: .all)
        var heuristic = Heuristic(rules: rules, facts: rules.facts)
        heuristic.w = .patient
        var compared = 0
        for seed in UInt64(1)...3 {
            let root = try rules.deal(.seed(seed))
            // The key a solve of this deal uses, its renaming scan reading the fullest zones first.
            let key = unscanned.scanning(fullestZonesOf: root)
            var work = WorkingTable(rules: rules, table: root)
            var changed = ChangedPiles()
            var random = SplitMix64(seed: seed)
            var hashes = key.pileHashes(work.table)
            var base = Heuristic.Base()
            heuristic.prepare(&base, for: work.table)
            for _ in 0..<60 {
                let before = work.table
                let fingerprint = key.fingerprint(before)
                expectEqual(key.fingerprint(hashes, before), fingerprint, "\(game) seed \(seed)")
                expectEqual(base.total, heuristic.estimate(before), "\(game) seed \(seed)")
                let plays = rules.legalPlays(on: before)
                var made: [Play] = []
                for play in plays {
                    let mark = work.mark
                    guard Self.make(play, by: rules, on: &work) else { continue }
                    made.append(play)
                    compared += 1
                    changed.collect(work, since: mark)
                    let context = Comment(rawValue: "\(game) seed \(seed): \(play)")
                    for i in 0..<changed.count {
                        let p = changed.piles[i], kept = changed.untouched[i]
                        expectTrue(kept <= before.piles[p].cards.count && kept <= work.table.piles[p].cards.count, context)
                        expectEqual(Array(before.piles[p].cards.prefix(kept)), Array(work.table.piles[p].cards.prefix(kept)), context)
                    }
                    expectEqual(key.fingerprint(work.table, changed: changed, from: hashes), key.fingerprint(work.table), context)
                    var rated = base
                    expectEqual(heuristic.estimate(work.table, changed: changed, from: &rated), heuristic.estimate(work.table), context)
                    var there = hashes, thereBase = base
                    key.update(&there, work.table, changed: changed)
                    expectEqual(there.piles, key.pileHashes(work.table).piles, context)
                    expectEqual(key.fingerprint(there, work.table), key.fingerprint(work.table), context)
                    heuristic.update(&thereBase, for: work.table, changed: changed)
                    var whole = Heuristic.Base()
                    heuristic.prepare(&whole, for: work.table)
                    expectEqual(thereBase.total, whole.total, context)
                    expectEqual(thereBase.perPile, whole.perPile, context)
                    work.undo(to: mark)
                    key.update(&there, work.table, changed: changed)
                    expectEqual(key.fingerprint(there, work.table), fingerprint, context)
                    heuristic.update(&thereBase, for: work.table, changed: changed)
                    expectEqual(thereBase.total, base.total, context)
                }
                guard !made.isEmpty else { break }
                // Go on by one of the plays, bringing the hashes and the base along.
                let mark = work.mark
                _ = Self.make(made[Int(random.next() % UInt64(made.count))], by: rules, on: &work)
                changed.collect(work, since: mark)
                key.update(&hashes, work.table, changed: changed)
                heuristic.update(&base, for: work.table, changed: changed)
            }
        }
        expectGreater(compared, 0)
    }

    /// A move of a run takes exactly its cards off the source, and the pile it is put on keeps
    /// all of its own; turning the new top face up reaches one card further down.
    @Test func theCardsKeptAreThoseBelowTheMovedAndTurnedOnes() throws {
        let rules = try Self.rules("Klondike")
        var checked = 0, turned = 0
        for seed in UInt64(1)...20 {
            var work = WorkingTable(rules: rules, table: try rules.deal(.seed(seed)))
            var changed = ChangedPiles()
            for case .move(let move) in rules.legalPlays(on: work.table) {
                let before = work.table
                let mark = work.mark
                guard rules.applyListed(move, to: &work) else { continue }
                changed.collect(work, since: mark)
                let source = before.piles[move.source].cards.count - move.count
                // A face-down card left on top of the source is turned by the rules' effect.
                let turns = source > 0 && !before.piles[move.source].cards[source - 1].isFaceUp
                    && work.table.piles[move.source].cards[source - 1].isFaceUp
                if turns { turned += 1 }
                for i in 0..<changed.count {
                    if changed.piles[i] == move.source { expectEqual(changed.untouched[i], turns ? source - 1 : source, "seed \(seed): \(move)") }
                    if changed.piles[i] == move.destination { expectEqual(changed.untouched[i], before.piles[move.destination].cards.count, "seed \(seed): \(move)") }
                }
                checked += 1
                work.undo(to: mark)
            }
        }
        expectGreater(checked, 0)
        expectGreater(turned, 0)
    }

    /// A shuffle may put any card anywhere in its piles, and a pile recorded whole may have
    /// changed anywhere: no card of them counts as kept.
    @Test func aShuffledOrRewrittenPileKeepsNoCard() throws {
        let rules = try Self.rules("FreeCell")
        var work = WorkingTable(rules: rules, table: try rules.deal(.seed(1)))
        let pile = work.table.piles.indices.first { work.table.piles[$0].cards.count > 2 }!
        var changed = ChangedPiles()
        var mark = work.mark
        expectTrue(work.changeInPlace { f in rules.shuffle([pile], &f) })
        changed.collect(work, since: mark)
        expectEqual(changed.count, 1)
        expectEqual(changed.untouched[0], 0)
        work.undo(to: mark)
        mark = work.mark
        work.changeInPlace { f in
            f.journal?.pointee.recordPile(pile, in: f.piles)
            f.piles[pile].cards.removeLast()
        }
        changed.collect(work, since: mark)
        expectEqual(changed.count, 1)
        expectEqual(changed.untouched[0], 0)
    }
}
