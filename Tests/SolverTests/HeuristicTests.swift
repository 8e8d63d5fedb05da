import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceSolver

/// The heuristic rates a successor from the piles its step changed (`Heuristic.estimate(_:changed:from:)`),
/// and must give the same number as rating the whole table.
@Suite("Solver heuristic")
struct HeuristicTests {
    /// Along a pseudo-random walk, every successor of every table is rated alike both ways.
    @Test(arguments: ["FreeCell", "Klondike", "Golf", "BlackHole", "Spider", "Yukon", "Canfield", "BakersDozen"])
    func theRatingFromTheChangedPilesIsTheWholeTablesRating(game: String) throws {
        let rules = try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/\(game).patience").path)
        for seed in UInt64(1)...3 {
            var work = WorkingTable(rules: rules, table: try rules.deal(.seed(seed)))
            var weights = Heuristic(rules: rules, facts: rules.facts)
            weights.w = .patient
            var base = Heuristic.Base()
            var changed = ChangedPiles()
            var random = SplitMix64(seed: seed)
            var compared = 0
            for _ in 0..<80 {
                weights.prepare(&base, for: work.table)
                expectEqual(base.total, weights.estimate(work.table))
                let moves = rules.movesAllowedByRules(on: work.table)
                var made: [Int] = []
                for (i, move) in moves.enumerated() {
                    let mark = work.mark
                    guard rules.applyListed(move, to: &work) else { continue }
                    changed.collect(work, since: mark)
                    expectEqual(weights.estimate(work.table, changed: changed, from: &base), weights.estimate(work.table), "\(game) seed \(seed): \(move)")
                    compared += 1
                    made.append(i)
                    work.undo(to: mark)
                }
                // Go on by a move or, now and then or when there is none, by a tap.
                let taps = rules.tappablePiles
                if made.isEmpty || (!taps.isEmpty && random.next() % 4 == 0) {
                    var tapped = false
                    for pile in taps where !tapped { tapped = rules.tap(pile: pile, on: &work) }
                    if !tapped { break }
                } else {
                    _ = rules.applyListed(moves[made[Int(random.next() % UInt64(made.count))]], to: &work)
                }
            }
            expectGreater(compared, 0)
        }
    }
}
