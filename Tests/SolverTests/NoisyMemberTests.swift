import Testing
import TestSupport
@testable import PatienceEngine
@testable import PatienceSolver

/// A guided search whose ratings carry seeded noise (`Heuristic.Weights.noise`, `seed`): the
/// portfolio's depth-first sets that differ only in their seed.
@Suite("Noisy guided members")
struct NoisyMemberTests {
    @Test func aMemberTakesSixWeightsOrEightWithItsNoiseAndSeed() {
        let plain = GuidedSchedule.single(weights: [10, 1, 3, 6, -100, 4])
        #expect(plain?.members.first?.weights.noise == 0)
        let noisy = GuidedSchedule.single(weights: [10, 1, 3, 6, -100, 4, 3, 7])
        #expect(noisy?.members.first?.weights.noise == 3)
        #expect(noisy?.members.first?.weights.seed == 7)
        #expect(GuidedSchedule.single(weights: [10, 1, 3, 6, -100, 4, 3]) == nil)
        #expect(GuidedSchedule.single(weights: [10, 1, 3, 6, -100, 4, -1, 7]) == nil)
        #expect(GuidedSchedule.single(weights: [10, 1, 3, 6, -100, 4, 3, -7]) == nil)
        #expect(GuidedSchedule.single(weights: [10, 1, 3, 6, -100, 4, GuidedSchedule.maxNoise, 7]) != nil)
        #expect(GuidedSchedule.single(weights: [10, 1, 3, 6, -100, 4, Int.max, 7]) == nil)
        // What `patience-bench solver --member` takes is what the schedule takes.
        #expect(SolverOptions.acceptsGuidedWeights([10, 1, 3, 6, -100, 4, 3, 7]))
        #expect(!SolverOptions.acceptsGuidedWeights([10, 1, 3, 6, -100, 4, 3]))
    }

    /// The guided phase alone, with one member of these weights, on Microsoft deal `deal`.
    private func solve(_ deal: Int, weights: [Int], rules: GameRules) throws -> (nodes: Int, replays: Bool) {
        var options = SolverTests.options()
        options.exhaustive = false
        options.guidedWeights = weights
        let table = try rules.deal(.microsoft(deal))
        let result = Solver(rules: rules, options: options).solve(table)
        guard case .solved(let plays) = result.verdict else { return (result.statistics.nodesExpanded, false) }
        return (result.statistics.nodesExpanded, SolverTests.replaysToWin(plays, rules: rules, from: table))
    }

    @Test func aSeedGivesTheSameSearchEveryTimeAndAnotherSeedAnother() throws {
        let rules = try SolverTests.rules("FreeCell")
        var first: [Int] = [], again: [Int] = [], other: [Int] = []
        for deal in 2...5 {
            let a = try solve(deal, weights: [10, 1, 3, 6, -100, 4, 3, 1], rules: rules)
            let b = try solve(deal, weights: [10, 1, 3, 6, -100, 4, 3, 1], rules: rules)
            let c = try solve(deal, weights: [10, 1, 3, 6, -100, 4, 3, 2], rules: rules)
            #expect(a.replays && b.replays && c.replays, "ms:\(deal): a solution that does not replay to a win")
            first.append(a.nodes)
            again.append(b.nodes)
            other.append(c.nodes)
        }
        #expect(first == again)
        // The noise reorders alike successors: over four deals two seeds do not expand the same
        // nodes on every one.
        #expect(first != other, "seeds 1 and 2: \(first) and \(other)")
    }
}
