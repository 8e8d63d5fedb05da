import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine

/// Conditions of the simplest shapes (`run.size < 3`, `not pile.empty`, `a or b`) are compiled to
/// closures that read the frame directly, and `not` of a comparison becomes the opposite
/// comparison. These tests judge every comparison, plain and negated, against Swift's own operators.
@Suite("Direct conditions")
struct DirectConditionTests {
    static let comparisons: [(text: String, holds: @Sendable (Int, Int) -> Bool)] = [
        ("==", { $0 == $1 }), ("!=", { $0 != $1 }), ("<", { $0 < $1 }),
        ("<=", { $0 <= $1 }), (">", { $0 > $1 }), (">=", { $0 >= $1 }),
    ]

    static func rules(lift condition: String) throws -> GameRules {
        try GameCompiler.compile(source: """
            game "Direct"
            decks 1
            zone tableau 3
            deal tableau rest face up
            lift tableau {
              require \(condition)
            }
            accept tableau {
              require pile.empty or run.size == 1
            }
            won when all(t in tableau: t.empty)
            """, path: "direct.patience")
    }

    /// Four cards on the first pile, none on the second, one on the third.
    static let table = CardTable(piles: [
        Pile((1...4).map { PlacedCard(Card(rank: $0, suit: .spades), faceUp: true) }),
        Pile(),
        Pile([PlacedCard(Card(rank: 9, suit: .hearts), faceUp: true)]),
    ], actionUses: [])

    @Test(arguments: 0..<6, [false, true])
    func comparisonOfRunSize(index: Int, negated: Bool) throws {
        let (text, holds) = Self.comparisons[index]
        let condition = negated ? "not (run.size \(text) 2)" : "run.size \(text) 2"
        let rules = try Self.rules(lift: condition)
        for count in 1...4 {
            let lifts = holds(count, 2) != negated
            expectEqual(rules.allows(Move(source: 0, count: count, destination: 1), on: Self.table), lifts, "\(condition) with \(count) cards, onto an empty pile")
            expectEqual(rules.allows(Move(source: 0, count: count, destination: 2), on: Self.table), (lifts && count == 1), "\(condition) with \(count) cards, onto a card")
        }
    }

    @Test(arguments: [("not pile.empty", [true, true, true, true]), ("pile.empty", [false, false, false, false]),
                      ("run.first.rank == 2 and not pile.empty", [false, false, true, false]),
                      ("run.first.rank >= 3 or run.size == 4", [true, true, false, true])])
    func combinedConditions(condition: String, liftsByCount: [Bool]) throws {
        // The lift rule's `pile` is the source pile, which holds four cards.
        let rules = try Self.rules(lift: condition)
        for count in 1...4 {
            expectEqual(rules.allows(Move(source: 0, count: count, destination: 1), on: Self.table), liftsByCount[count - 1], "\(condition) lifting \(count)")
        }
    }
}
