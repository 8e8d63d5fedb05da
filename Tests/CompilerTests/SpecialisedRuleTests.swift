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

/// The hot path compiles common rule shapes into specialised closures: relations as types,
/// direct conditions inlined into `require` and `if`, and zone counts tested in their loop.
/// These tests judge each specialised form against an independent statement of what it means.
@Suite("Specialised rules")
struct SpecialisedRuleTests {
    // MARK: Relations as types

    /// What Grammar.md section 8 says a relation means, written without the engine's types.
    static func expectedBuilds(_ suit: SuitRelation, _ step: RankStep, wraps: Bool, lower: Card, upper: Card) -> Bool {
        let red = { (card: Card) in card.suit == .diamonds || card.suit == .hearts }
        let suitHolds: Bool
        switch suit {
        case .sameSuit: suitHolds = lower.suit == upper.suit
        case .alternateColour: suitHolds = red(lower) != red(upper)
        case .sameColour: suitHolds = red(lower) == red(upper)
        case .anySuit: suitHolds = true
        case .otherSuit: suitHolds = lower.suit != upper.suit
        }
        let (l, u) = (lower.rank, upper.rank)
        let down = u == l - 1 || (wraps && l == 1 && u == 13)
        let up = u == l + 1 || (wraps && l == 13 && u == 1)
        let stepHolds: Bool
        switch step {
        case .down: stepHolds = down
        case .up: stepHolds = up
        case .upOrDown: stepHolds = down || up
        case .sameRank: stepHolds = u == l
        case .anyRank: stepHolds = true
        }
        return suitHolds && stepHolds
    }

    static func relationRules(_ suit: SuitRelation, _ step: RankStep, wraps: Bool) throws -> GameRules {
        try GameCompiler.compile(source: """
            game "Relation"
            decks 1
            zone tableau 2
            deal tableau rest face up
            relation r = \(suit.rawValue) \(step.rawValue)\(wraps ? " wrapping" : "")
            lift tableau {
              require sequence(run, r)
            }
            accept tableau {
              require builds(top, run.first, r)
            }
            won when all(t in tableau: t.empty)
            """, path: "relation.patience")
    }

    @Test(arguments: SuitRelation.allCases, RankStep.allCases)
    func relationInSequenceAndBuilds(suit: SuitRelation, step: RankStep) throws {
        let deck = Suit.allCases.flatMap { s in (1...13).map { Card(rank: $0, suit: s) } }
        for wraps in [false, true] {
            let rules = try Self.relationRules(suit, step, wraps: wraps)
            var mismatches = 0
            for lower in deck {
                for upper in deck where upper != lower {
                    let expected = Self.expectedBuilds(suit, step, wraps: wraps, lower: lower, upper: upper)
                    // `sequence(run, r)` over a two-card run, judged as a lift alone.
                    let run = CardTable(piles: [Pile([PlacedCard(lower, faceUp: true), PlacedCard(upper, faceUp: true)]), Pile()], actionUses: [])
                    let lifts = rules.liftRefusal(for: Move(source: 0, count: 2, destination: 1), on: run) == nil
                    // `builds(top, run.first, r)`: one card onto another; a one-card run is always a sequence.
                    let onto = CardTable(piles: [Pile([PlacedCard(upper, faceUp: true)]), Pile([PlacedCard(lower, faceUp: true)])], actionUses: [])
                    let accepts = rules.allows(Move(source: 0, count: 1, destination: 1), on: onto)
                    if lifts != expected || accepts != expected { mismatches += 1 }
                    if mismatches == 1 && (lifts != expected || accepts != expected) {
                        Issue.record("\(suit.rawValue) \(step.rawValue) wraps=\(wraps): \(upper) on \(lower) expected \(expected), sequence \(lifts), builds \(accepts)")
                    }
                }
            }
            expectEqual(mismatches, 0, "\(suit.rawValue) \(step.rawValue) wraps=\(wraps)")
        }
    }

    // MARK: `require` and `if` with inlined conditions

    /// Four spades, ace at the bottom, on the first pile; nothing on the second; a five on the third.
    static let table = CardTable(piles: [
        Pile((1...4).map { PlacedCard(Card(rank: $0, suit: .spades), faceUp: true) }),
        Pile(),
        Pile([PlacedCard(Card(rank: 5, suit: .hearts), faceUp: true)]),
    ], actionUses: [])

    static func clauseRules(_ accept: String) throws -> GameRules {
        try GameCompiler.compile(source: """
            game "Clauses"
            decks 1
            zone tableau 3
            deal tableau rest face up
            relation any_down = any suit down
            lift tableau {}
            accept tableau {
            \(accept)
            }
            won when all(t in tableau: t.empty)
            """, path: "clauses.patience")
    }

    /// A verdict as the table writes it: "ok", a refusal's message, or a fault's code.
    static func verdict(_ rules: GameRules, count: Int, destination: Int) -> String {
        guard let refusal = rules.refusal(for: Move(source: 0, count: count, destination: destination), on: table) else { return "ok" }
        return refusal.code == .readMissingCard ? "fault" : refusal.message
    }

    /// Each rule with its verdicts for one card and two cards onto the empty pile, then onto the five.
    /// The lifted run's bottom card is a 4 for one card and a 3 for two.
    static let clauseCases: [(String, [String])] = [
        (#"if pile.empty { require run.size == 2 else "E2" }"#, ["E2", "ok", "ok", "ok"]),
        (#"if pile.empty {} else { require run.size == 1 else "C1" }"#, ["ok", "ok", "ok", "C1"]),
        (#"if pile.empty { require run.size == 2 else "E2" } else { require run.size == 1 else "C1" }"#, ["E2", "ok", "ok", "C1"]),
        (#"if pile.empty { require run.size == 2 else "E2" } require run.size == 2 else "N""#, ["E2", "ok", "N", "ok"]),
        (#"if pile.empty {} require run.size == 1 else "N""#, ["ok", "N", "ok", "N"]),
        (#"if pile.empty {} else { require run.size == 1 else "C1" } require run.first.rank == 3 else "R""#, ["R", "ok", "R", "C1"]),
        (#"if pile.empty { require run.size == 2 else "E2" } else { require run.size == 1 else "C1" } require run.first.rank == 4 else "R""#,
         ["E2", "R", "ok", "C1"]),
        (#"if not pile.empty { require run.size == 1 else "C1" } else { require run.size == 2 else "E2" require run.first.rank == 3 else "R" }"#,
         ["E2", "ok", "ok", "C1"]),
        (#"if top.rank == 5 {}"#, ["fault", "fault", "ok", "ok"]),
        (#"require run.size == 1 else "S" require not pile.empty else "P""#, ["P", "S", "ok", "S"]),
        (#"require pile.empty else "P" require run.size == 1 else "S""#, ["ok", "S", "P", "P"]),
        (#"require run.size == 1 else "S" require pile.empty else "P" require run.first.rank == 4 else "R""#, ["ok", "S", "P", "S"]),
        (#"if not pile.empty { require builds(top, run.first, any_down) else "B" }"#, ["ok", "ok", "ok", "B"]),
    ]

    /// The same rules with each `if` condition written so that it cannot be tested inline.
    static let clauseCasesThroughClosures: [(String, [String])] = clauseCases.compactMap { accept, verdicts in
        guard accept.contains("if pile.empty") || accept.contains("if not pile.empty") else { return nil }
        let rewritten = accept.replacingOccurrences(of: "if pile.empty", with: "if (pile.empty) == true")
            .replacingOccurrences(of: "if not pile.empty", with: "if (pile.empty) == false")
        return (rewritten, verdicts)
    }

    @Test(arguments: clauseCases + clauseCasesThroughClosures)
    func clauseShapes(accept: String, verdicts: [String]) throws {
        let rules = try Self.clauseRules(accept)
        let found = [(1, 1), (2, 1), (1, 2), (2, 2)].map { Self.verdict(rules, count: $0.0, destination: $0.1) }
        expectEqual(found, verdicts, "\(accept)")
    }

    // MARK: Zone quantifiers tested in their loop

    static func loopRules(_ condition: String) throws -> GameRules {
        try GameCompiler.compile(source: """
            game "Loops"
            decks 1
            zone cell 2
            zone tableau 5
            deal tableau rest face up
            lift tableau {}
            lift cell {}
            accept tableau {
              require \(condition)
            }
            won when all(t in tableau: t.empty)
            """, path: "loops.patience")
    }

    /// Random tables of two cells of up to two cards and five columns of up to three, and every one-card move
    /// onto a column. Each table draws its column sizes from one range, so that some tables have
    /// every column empty, or every column of one card, and `all` is sometimes true.
    static let loopCases: [(CardTable, Move)] = {
        var generator = SeededGenerator(seed: 7)
        let deck = Suit.allCases.flatMap { s in (1...13).map { Card(rank: $0, suit: s) } }
        let columnSizes = [0...3, 0...1, 1...1, 2...3, 0...0]
        var cases: [(CardTable, Move)] = []
        for table in 0..<60 {
            var cards = deck.shuffled(using: &generator)[...]
            let piles = (0..<7).map { index in
                let size = Int.random(in: index < 2 ? 0...2 : columnSizes[table % columnSizes.count], using: &generator)
                defer { cards = cards.dropFirst(size) }
                return Pile(cards.prefix(size).map { PlacedCard($0, faceUp: true) })
            }
            let table = CardTable(piles: piles, actionUses: [])
            for source in piles.indices where !piles[source].cards.isEmpty {
                for destination in 2..<7 where destination != source {
                    cases.append((table, Move(source: source, count: 1, destination: destination)))
                }
            }
        }
        return cases
    }()

    /// Each body is written once in a shape the loop tests inline and once through `== true`,
    /// which the compiler cannot inline; every quantifier must judge every case alike.
    @Test(arguments: ["t.empty", "not t.empty", "t.size >= 2", "t.size == 1", "t.empty and t != pile", "pile != t and not t.empty",
                      "t != pile and t.size < 2", "t.empty and t != cell[1]"])
    func zoneLoopsMatchTheGeneralLoop(body: String) throws {
        for quantifier in ["count(t in %@: BODY) >= 2", "all(t in %@: BODY)", "any(t in %@: BODY)"] {
            var distinguished = false
            for zone in ["tableau", "cell"] {
                let form = quantifier.replacingOccurrences(of: "%@", with: zone)
                let direct = try Self.loopRules(form.replacingOccurrences(of: "BODY", with: body))
                let general = try Self.loopRules(form.replacingOccurrences(of: "BODY", with: "(\(body)) == true"))
                let verdicts = Self.loopCases.map { direct.allows($0.1, on: $0.0) }
                expectEqual(verdicts, Self.loopCases.map { general.allows($0.1, on: $0.0) }, "\(form) with \(body)")
                if Set(verdicts).count == 2 { distinguished = true }
            }
            // The cases must tell verdicts apart, or agreeing would prove nothing.
            expectTrue(distinguished, "\(quantifier) with \(body) judged every case alike in both zones")
        }
    }
}
