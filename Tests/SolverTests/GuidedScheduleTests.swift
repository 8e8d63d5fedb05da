import Testing
import PatienceEngine
@testable import PatienceSolver

/// The guided phase's schedule: the prelude's turns in order, then a slice to the member with
/// the fewest nodes for its share.
@Suite("Guided schedule")
struct GuidedScheduleTests {
    /// The members of the turns given out from the start, each member expanding its whole turn.
    private func turns(_ schedule: GuidedSchedule, count: Int) -> [GuidedSchedule.Turn] {
        var expanded = Array(repeating: 0, count: schedule.members.count)
        var result: [GuidedSchedule.Turn] = []
        for turnsRun in 0..<count {
            let turn = schedule.turn(after: turnsRun, expanded: expanded)
            expanded[turn.member] += turn.nodes
            result.append(turn)
        }
        return result
    }

    private let two = [GuidedSchedule.Member(weights: .standard, share: 1), GuidedSchedule.Member(weights: .patient, share: 3)]

    @Test func thePreludeRunsFirstInItsOrder() {
        let prelude = [GuidedSchedule.Turn(member: 1, nodes: 100), .init(member: 0, nodes: 50), .init(member: 1, nodes: 7)]
        let schedule = GuidedSchedule(members: two, prelude: prelude, slice: 10)
        #expect(Array(turns(schedule, count: 3)) == prelude)
    }

    @Test func afterThePreludeEachMemberCatchesUpToItsShareThenKeepsIt() {
        // After the prelude member 0 has 40 nodes and member 1 none: member 1 runs until it has
        // three times member 0's, then they alternate one slice to three.
        let schedule = GuidedSchedule(members: two, prelude: [.init(member: 0, nodes: 40)], slice: 10)
        let order = turns(schedule, count: 1 + 12 + 8).dropFirst().map(\.member)
        #expect(Array(order.prefix(12)) == Array(repeating: 1, count: 12))
        #expect(Array(order.dropFirst(12)) == [0, 1, 1, 1, 0, 1, 1, 1])
        #expect(turns(schedule, count: 30).dropFirst().allSatisfy { $0.nodes == 10 })
    }

    @Test(arguments: [GuidedSchedule.portfolio, GuidedSchedule.hiddenCardsPortfolio])
    func overManySlicesEachMemberGetsItsShareOfTheNodes(portfolio: GuidedSchedule) {
        var expanded = Array(repeating: 0, count: portfolio.members.count)
        for turn in turns(portfolio, count: 20_000) { expanded[turn.member] += turn.nodes }
        let shares = portfolio.members.map(\.share)
        for m in expanded.indices.dropFirst() {
            // Nodes for its share within a slice of the first member's.
            let mine = Double(expanded[m]) / Double(shares[m]), first = Double(expanded[0]) / Double(shares[0])
            #expect(abs(mine - first) <= Double(portfolio.slice), "member \(m): \(expanded)")
        }
    }

    @Test func turnsNamingNoMemberOrNoNodesAreDropped() {
        let schedule = GuidedSchedule(members: two, prelude: [.init(member: 2, nodes: 5), .init(member: 0, nodes: 0), .init(member: 1, nodes: 5)], slice: 0)
        #expect(schedule.prelude == [.init(member: 1, nodes: 5)])
        #expect(schedule.slice == 1)
        // A member with no share still gets slices after the prelude.
        let none = GuidedSchedule(members: [.init(weights: .standard, share: 1), .init(weights: .patient, share: 0)], slice: 10)
        #expect(none.members.map(\.share) == [1, 1])
        #expect(none.next(expanded: [20, 10]) == 1)
    }

    @Test(arguments: [GuidedSchedule.portfolio, GuidedSchedule.hiddenCardsPortfolio])
    func everyMemberOfThePortfolioRunsInThePrelude(portfolio: GuidedSchedule) {
        #expect(Set(portfolio.prelude.map(\.member)) == Set(portfolio.members.indices))
        // The first turn is a best-first set's, not a depth-first one's: most deals fall to it,
        // and pay for no other.
        let first = portfolio.prelude.first.map { portfolio.members[$0.member].weights }
        #expect(first.map { $0.depth >= 0 && $0.depth <= Heuristic.Weights.patient.depth } == true)
    }

    /// Tables with a card face down get the schedule of sets that turn cards up; open ones the
    /// sets that weigh cards out of sequence more.
    @Test func aTableWithAFaceDownCardGetsTheHiddenCardsPortfolio() throws {
        let klondike = try DeadEndTests.rules("Rules/Klondike.patience")
        let freeCell = try DeadEndTests.rules("Rules/FreeCell.patience")
        let members = { (s: GuidedSchedule) in s.members.map(\.weights) }
        let schedule = { (rules: GameRules) in
            GuidedSchedule.portfolio(for: SearchSpace(rules: rules, reductions: .all, root: try rules.deal(.seed(1))))
        }
        #expect(members(try schedule(klondike)) == members(GuidedSchedule.hiddenCardsPortfolio))
        #expect(members(try schedule(freeCell)) == members(GuidedSchedule.portfolio))
        #expect(members(GuidedSchedule.portfolio) != members(GuidedSchedule.hiddenCardsPortfolio))
    }
}
