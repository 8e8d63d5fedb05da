import Testing
import TestSupport
@testable import PatienceEngine
@testable import PatienceCompiler

/// `allows` and `allowsRemoval` judge a move or a removal by their own shortcuts (the rules'
/// plain clauses inline, a removal's condition looked up for its top cards, no table copied):
/// over seeded random games of every bundled rule file they must give the verdict of the
/// reference checks, `refusal(for:on:) == nil` and a `removing` that does not throw, for every
/// candidate move and every removal of one or two piles.
@Suite struct ValidationAgreementTests {
    static let games = TestPaths.isLongRun ? 6 : 1
    static let steps = TestPaths.isLongRun ? 30 : 5

    @Test("allows and allowsRemoval agree with the reference checks", arguments: TestPaths.ruleFiles)
    func verdictsAgree(file: String) throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules.appendingPathComponent(file).path)
        var compared = 0
        for seed in 0..<UInt64(Self.games) {
            var table = try rules.deal(.seed(seed))
            var generator = SeededGenerator(seed: seed &+ 11)
            for step in 0..<Self.steps {
                let context = "\(file) seed \(seed) step \(step)"
                for move in Candidates.moves(on: table) {
                    let refused = rules.refusal(for: move, on: table) != nil
                    guard rules.allows(move, on: table) == !refused else {
                        Issue.record("\(context): allows says \(!refused ? "no" : "yes") to \(move), refusal(for:on:) \(refused ? "refuses" : "allows") it")
                        return
                    }
                    compared += 1
                }
                if rules.hasRemovals {
                    for piles in Self.removals(on: table) {
                        let removed = (try? rules.removing(piles: piles, on: table)) != nil
                        expectEqual(rules.allowsRemoval(of: piles, on: table), removed, "\(context): allowsRemoval of \(piles)")
                        compared += 1
                    }
                }
                let plays = rules.legalPlays(on: table)
                guard !plays.isEmpty else { break }
                table = try rules.applying(plays[Int(generator.next() % UInt64(plays.count))], to: table)
            }
        }
        #expect(compared > 0)
    }

    /// Every removal of one pile or of two different piles (each pair in increasing order and
    /// reversed), plus the same pile twice and a pile off the table.
    static func removals(on table: CardTable) -> [[Int]] {
        var removals: [[Int]] = [[table.piles.count], [0, 0]]
        for a in table.piles.indices {
            removals.append([a])
            for b in table.piles.indices where b > a { removals += [[a, b], [b, a]] }
        }
        return removals
    }
}
