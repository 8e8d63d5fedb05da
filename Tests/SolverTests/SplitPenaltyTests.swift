import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceSolver

/// The exhaustive search orders a move that lifts a run off a card it builds on, onto another
/// pile of the same zone, after the others (`Heuristic.splitPenalty(of:on:)`).
@Suite("Solver split penalty")
struct SplitPenaltyTests {
    /// Walks pseudo-randomly from a few deals, calling `visit` with each table and its legal moves.
    private func walk(_ rules: GameRules, seeds: ClosedRange<UInt64>, steps: Int, visit: (WorkingTable, [Move]) -> Void) throws {
        for seed in seeds {
            var work = WorkingTable(rules: rules, table: try rules.deal(.seed(seed)))
            var random = SplitMix64(seed: seed)
            for _ in 0..<steps {
                let moves = rules.movesAllowedByRules(on: work.table)
                visit(work, moves)
                let taps = rules.tappablePiles
                if moves.isEmpty || (!taps.isEmpty && random.next() % 8 == 0) {
                    var tapped = false
                    for pile in taps where !tapped { tapped = rules.tap(pile: pile, on: &work) }
                    if !tapped { break }
                } else {
                    _ = rules.applyListed(moves[Int(random.next() % UInt64(moves.count))], to: &work)
                }
            }
        }
    }

    /// In Spider (one suit) the penalised moves are the run shuffles: each leaves the estimate
    /// as it was (or better, when it completes a run), but for the space it fills when it goes
    /// to an empty pile; and such moves come up.
    @Test func aSplitOfARunLeavesTheEstimateAsItWas() throws {
        let rules = try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/Spider.patience").path, options: ["suits": "1"])
        let heuristic = Heuristic(rules: rules, facts: rules.facts)
        var penalised = 0
        try walk(rules, seeds: 1...4, steps: 60) { work, moves in
            var work = work
            let before = heuristic.estimate(work.table)
            for move in moves {
                let penalty = heuristic.splitPenalty(of: move, on: work.table)
                guard penalty != 0 else { continue }
                #expect(penalty == heuristic.w.split)
                let toEmpty = work.table.piles[move.destination].isEmpty
                let mark = work.mark
                guard rules.applyListed(move, to: &work) else { continue }
                #expect(heuristic.estimate(work.table) <= before + (toEmpty ? heuristic.w.spaces : 0), "\(move)")
                work.undo(to: mark)
                penalised += 1
            }
        }
        #expect(penalised > 0)
    }

    /// A move to the zone the win fills (Klondike's foundations) is never penalised, nor is a
    /// move that turns a face-down card or empties a pile.
    @Test(arguments: ["Klondike", "Yukon", "FreeCell", "Spider"])
    func progressIsNeverPenalised(game: String) throws {
        let rules = try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/\(game).patience").path)
        let heuristic = Heuristic(rules: rules, facts: rules.facts)
        let won = rules.facts.winFills.map { rules.zones[$0.zone].piles } ?? 0..<0
        var checked = 0
        try walk(rules, seeds: 1...3, steps: 60) { work, moves in
            for move in moves {
                let cards = work.table.piles[move.source].cards
                let below = cards.count - move.count - 1
                if won.contains(move.destination) || below < 0 || !cards[below].isFaceUp {
                    #expect(heuristic.splitPenalty(of: move, on: work.table) == 0, "\(game): \(move)")
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }
}
