import Testing
@testable import PatienceSolver

/// The guided phase's schedule: who joins when, and who runs each slice.
@Suite("Guided schedule")
struct GuidedScheduleTests {
    /// The slices given out in turn from the start, each member expanding a whole slice.
    private func turns(_ schedule: GuidedSchedule, count: Int) -> [Int] {
        var expanded: [Int] = []
        var result: [Int] = []
        for slicesRun in 0..<count {
            while expanded.count < schedule.joined(afterSlices: slicesRun) { expanded.append(0) }
            let i = schedule.next(expanded: expanded)
            expanded[i] += schedule.slice
            result.append(i)
        }
        return result
    }

    @Test func theFirstRunsAloneAndEachLaterMemberCatchesUpToItsShareAtOnce() {
        let order = turns(.portfolio, count: 40)
        // Standard alone for two slices; spacious catches up; one each; then patient runs until
        // it has six times the nodes of each of the others (4 × 6 slices, less none run yet).
        #expect(Array(order.prefix(6)) == [0, 0, 1, 1, 0, 1])
        #expect(Array(order[6..<24]) == Array(repeating: 2, count: 18))
        #expect(Array(order[24..<32]) == [0, 1, 2, 2, 2, 2, 2, 2])
    }

    @Test func overManySlicesEachMemberGetsItsShare() {
        let order = turns(.portfolio, count: 8_000)
        let counts = (0..<3).map { m in order.filter { $0 == m }.count }
        #expect(counts[2] >= 6 * counts[0] - 6 && counts[2] <= 6 * counts[0] + 6)
        #expect(abs(counts[0] - counts[1]) <= 1)
    }

    @Test func equalSharesTakeTurns() {
        let schedule = GuidedSchedule(members: [
            .init(weights: .standard, joinsAfter: 0, share: 1),
            .init(weights: .patient, joinsAfter: 0, share: 1),
        ], slice: 10)
        #expect(schedule.joined(afterSlices: 0) == 2)
        #expect(turns(schedule, count: 6) == [0, 1, 0, 1, 0, 1])
    }
}
