import Testing
import TestSupport
@testable import PatienceEngine
@testable import PatienceSolver

/// A schedule written out (`GuidedSchedule.parse`, `patience-bench solver --schedule`): how a
/// schedule the tuning script proposes is measured before it is built in.
@Suite("Written guided schedules")
struct WrittenScheduleTests {
    /// The open tables' portfolio written out as the tuning script prints it.
    private static func written(_ schedule: GuidedSchedule) -> String {
        let members = schedule.members.map { m in
            let w = m.weights
            return "\(w.remaining),\(w.buried),\(w.faceDown),\(w.spaces),\(w.depth),\(w.disorder):\(m.share)"
        }
        return members.joined(separator: " ") + " / " + schedule.prelude.map { "\($0.member):\($0.nodes)" }.joined(separator: " ")
    }

    @Test func aWrittenScheduleReadsBackAsItsMembersSharesAndTurns() throws {
        let schedule = try #require(GuidedSchedule.parse("10,1,3,6,2,5:1 10,2,3,4,3,2:54 10,1,3,6,-100,4,3,7:2 / 0:256 1:370 2:8 0:89"))
        #expect(schedule.members.count == 3)
        #expect(schedule.members.map(\.share) == [1, 54, 2])
        #expect(schedule.members[0].weights == .orderly)
        #expect(schedule.members[1].weights == .patient)
        #expect(schedule.members[2].weights == Heuristic.Weights.deepOrderly.shuffled(noise: 3, seed: 7))
        #expect(schedule.prelude == [.init(member: 0, nodes: 256), .init(member: 1, nodes: 370), .init(member: 2, nodes: 8), .init(member: 0, nodes: 89)])
        // A schedule with no prelude runs its members by their shares alone.
        #expect(GuidedSchedule.parse("10,1,3,6,2,5:1 / ")?.prelude == [])
    }

    @Test(arguments: [
        "10,1,3,6,2,5:1 0:256",             // no '/'
        "10,1,3,6,2,5:1 / 0:256 / 0:1",     // two
        " / 0:256",                         // no member
        "10,1,3,6,2,5 / 0:256",             // a member without its share
        "10,1,3,6,2,5:0 / 0:256",           // a share below 1
        "10,1,3,6,2:1 / 0:256",             // five weights
        "10,1,3,6,2,x:1 / 0:256",           // a weight that is not a number
        "10,1,3,6,2,5,-1,7:1 / 0:256",      // negative noise
        "10,1,3,6,2,5:1 / 1:256",           // a turn of a member that is not there
        "10,1,3,6,2,5:1 / 0:0",             // a turn of no nodes
        "10,1,3,6,2,5:1 / 0:-5",
        "10,1,3,6,2,5:1 / 0",
    ])
    func aMalformedScheduleIsRefused(text: String) {
        #expect(GuidedSchedule.parse(text) == nil)
        #expect(!SolverOptions.acceptsGuidedSchedule(text))
    }

    /// The portfolio written out and read back searches node for node as the portfolio itself.
    @Test func theWrittenPortfolioSearchesAsThePortfolio() throws {
        let rules = try SolverTests.rules("FreeCell")
        let text = Self.written(GuidedSchedule.portfolio)
        #expect(GuidedSchedule.parse(text) != nil, "\(text)")
        var builtIn = SolverTests.options()
        builtIn.exhaustive = false
        var written = builtIn
        written.guidedSchedule = text
        // A schedule that differs (its first turn 64 nodes) searches otherwise on one of them at least.
        var other = builtIn
        let halves = text.components(separatedBy: " / ")
        var turns = halves[1].split(separator: " ").map(String.init)
        turns[0] = "\(turns[0].split(separator: ":")[0]):64"
        other.guidedSchedule = halves[0] + " / " + turns.joined(separator: " ")
        #expect(other.guidedSchedule != text)
        var differs = false
        for deal in [1, 4, 9, 11] {
            let table = try rules.deal(.microsoft(deal))
            let a = Solver(rules: rules, options: builtIn).solve(table)
            let b = Solver(rules: rules, options: written).solve(table)
            let c = Solver(rules: rules, options: other).solve(table)
            #expect(a.statistics.nodesExpanded == b.statistics.nodesExpanded, "ms:\(deal)")
            #expect(a.verdict == b.verdict, "ms:\(deal)")
            if c.statistics.nodesExpanded != a.statistics.nodesExpanded { differs = true }
        }
        #expect(differs)
    }
}
