import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceSolver

/// The dead-end test (`DeadEnds`): where the rules give it, it never calls a table on a winning
/// line a dead end, and it does prune.
@Suite("Solver dead ends")
struct DeadEndTests {
    static func rules(_ path: String) throws -> GameRules {
        try GameCompiler.compile(path: packageRoot.appendingPathComponent(path).path)
    }

    @Test func onlyGamesOfOneSinkThatTakesSingleCardsHaveIt() throws {
        for (path, available) in [("Rules/Golf.patience", true), ("Rules/BlackHole.patience", true),
                                  ("Tests/Fixtures/SolverGames/MiniGolf.patience", true), ("Tests/Fixtures/SolverGames/MiniBlackHole.patience", true),
                                  ("Rules/Klondike.patience", false), ("Rules/FreeCell.patience", false), ("Rules/Spider.patience", false)] {
            let rules = try Self.rules(path)
            let dead = DeadEnds(rules: rules, facts: rules.facts, root: try rules.deal(.seed(1)))
            expectEqual(dead.isAvailable, available, "\(path)")
        }
        let facts = try Self.rules("Rules/BlackHole.patience").facts
        expectEqual(facts.zones.first { $0.name == "foundation" }?.acceptTakesOneCard, true)
        #expect(try Self.rules("Rules/Klondike.patience").facts.zones.first { $0.name == "tableau" }?.acceptTakesOneCard == false)
    }

    /// Every table along a solution found without the test is not a dead end (a solution found
    /// with it would have avoided the tables it wrongly prunes).
    @Test(arguments: [("Rules/BlackHole.patience", UInt64(100)), ("Rules/BlackHole.patience", 10), ("Rules/BlackHole.patience", 18),
                      ("Tests/Fixtures/SolverGames/MiniBlackHole.patience", 3), ("Tests/Fixtures/SolverGames/MiniGolf.patience", 6), ("Rules/Golf.patience", 3), ("Rules/Golf.patience", 15), ("Rules/Golf.patience", 18),
                      ("Tests/Fixtures/SolverGames/MiniGolf.patience", 2), ("Tests/Fixtures/SolverGames/MiniGolf.patience", 3)])
    func noTableOnAWinningLineIsADeadEnd(path: String, seed: UInt64) throws {
        let rules = try Self.rules(path)
        let root = try rules.deal(.seed(seed))
        var options = SolverOptions()
        options.reductions.deadEnds = false
        options.budget = SearchBudget(maxStates: 200_000, maxSeconds: 600)
        guard case .solved(let plays) = Solver(rules: rules, options: options).solve(root).verdict else {
            Issue.record("\(path) seed:\(seed) is not solved")
            return
        }
        // The test alone, with the order of the cards, with the walk of the sink's top, and with both.
        for (order, walk) in [(false, false), (true, false), (false, true), (true, true)] {
            var dead = DeadEnds(rules: rules, facts: rules.facts, root: root, checkingOrder: order, checkingWalk: walk)
            var table = root
            let atRoot = dead.isDeadEnd(table)
            expectFalse(atRoot)
            for play in plays {
                table = try rules.applying(play, to: table)
                let isDead = dead.isDeadEnd(table)
                expectFalse(isDead, "\(path) seed:\(seed) after \(play), order \(order), walk \(walk)")
            }
            expectTrue(rules.isWon(table))
        }
    }

    @Test func aCardWhoseNeighboursAreAllGoneIsADeadEnd() throws {
        // Mini Black Hole with the foundation holding the ace and every two and three: the three
        // of spades can then go only on a four, and a pile with both fours below it is lost.
        let rules = try Self.rules("Tests/Fixtures/SolverGames/MiniBlackHole.patience")
        var table = try rules.deal(.seed(1))
        let foundation = rules.zones.first { $0.name == "foundation" }!.piles.lowerBound
        let piles = Array(rules.zones.first { $0.name == "tableau" }!.piles)
        func card(_ rank: Int, _ suit: Suit) -> PlacedCard { PlacedCard(Card(rank: rank, suit: suit), faceUp: true) }
        table.piles[foundation] = Pile([card(1, .spades), card(2, .spades), card(2, .hearts), card(3, .hearts)])
        table.piles[piles[0]] = Pile([card(4, .spades), card(4, .hearts), card(3, .spades)])
        table.piles[piles[1]] = Pile([card(5, .spades)])
        table.piles[piles[2]] = Pile([card(6, .hearts), card(5, .hearts)])
        var dead = DeadEnds(rules: rules, facts: rules.facts, root: table)
        let lost = dead.isDeadEnd(table)
        expectTrue(lost)
        // With a four on top of the three, the three can follow it (and the deal is won by
        // four, three, four, five, six, five).
        table.piles[piles[0]] = Pile([card(4, .spades), card(3, .spades), card(4, .hearts)])
        let open = dead.isDeadEnd(table)
        expectFalse(open)
    }

    @Test func theWalkOfTheSinkTopFollowsFromTheRules() throws {
        // Black Hole's ranks turn the corner: thirteen classes on a cycle; Mini Black Hole's
        // do not: a path. Golf's stock deals to the sink, so the sink's tops are no walk there.
        let blackHole = try Self.rules("Rules/BlackHole.patience")
        let walk = DeadEnds(rules: blackHole, facts: blackHole.facts, root: try blackHole.deal(.seed(1)), checkingWalk: true).walk
        expectTrue(walk?.classes.count == 13 && walk?.isCycle == true)
        let mini = try Self.rules("Tests/Fixtures/SolverGames/MiniBlackHole.patience")
        let miniWalk = DeadEnds(rules: mini, facts: mini.facts, root: try mini.deal(.seed(1)), checkingWalk: true).walk
        expectTrue(miniWalk?.classes.count == 13 && miniWalk?.isCycle == false)
        let golf = try Self.rules("Rules/Golf.patience")
        #expect(DeadEnds(rules: golf, facts: golf.facts, root: try golf.deal(.seed(1)), checkingWalk: true).walk == nil)
        #expect(DeadEnds(rules: blackHole, facts: blackHole.facts, root: try blackHole.deal(.seed(1))).walk == nil)
    }

    @Test func aRankTheWalkCannotLeaveIsADeadEnd() throws {
        // Mini Black Hole with the foundation at the three of hearts and the two of hearts still
        // to play: no three is left to come back by, so the two must be the last card, and the
        // four, the fives and the six cannot all be visited before it. The first half of the
        // test does not see it.
        let rules = try Self.rules("Tests/Fixtures/SolverGames/MiniBlackHole.patience")
        var table = try rules.deal(.seed(1))
        let foundation = rules.zones.first { $0.name == "foundation" }!.piles.lowerBound
        let piles = Array(rules.zones.first { $0.name == "tableau" }!.piles)
        func card(_ rank: Int, _ suit: Suit) -> PlacedCard { PlacedCard(Card(rank: rank, suit: suit), faceUp: true) }
        table.piles[foundation] = Pile([card(1, .spades), card(2, .spades), card(3, .spades), card(4, .spades), card(3, .hearts)])
        table.piles[piles[0]] = Pile([card(2, .hearts), card(4, .hearts)])
        table.piles[piles[1]] = Pile([card(5, .spades), card(5, .hearts)])
        table.piles[piles[2]] = Pile([card(6, .hearts)])
        func isDead(order: Bool, walk: Bool) -> Bool {
            var dead = DeadEnds(rules: rules, facts: rules.facts, root: table, checkingOrder: order, checkingWalk: walk)
            return dead.isDeadEnd(table)
        }
        expectFalse(isDead(order: false, walk: false))
        expectTrue(isDead(order: false, walk: true))
        // The order sees it too: the two lies under the four, and the three, the only card it
        // could go on, is covered by the next card played.
        expectTrue(isDead(order: true, walk: false))
        // With the foundation at the two of hearts instead and the three of hearts to come, the
        // walk two, three, four, five, four, five, six takes every card.
        table.piles[foundation] = Pile([card(1, .spades), card(2, .spades), card(3, .spades), card(2, .hearts)])
        table.piles[piles[0]] = Pile([card(4, .spades), card(4, .hearts), card(3, .hearts)])
        expectFalse(isDead(order: true, walk: true))
    }

    @Test func aCardThatMustLeaveBeforeItselfIsADeadEnd() throws {
        // Mini Black Hole at the four of hearts, with the ace and the two to five of spades in
        // the foundation. The two of hearts can then go only on the three of hearts, which lies
        // under the six, which can go only on the five of hearts, which lies under the two: each
        // would have to leave before itself. (No card can be played on the four either, which
        // the search sees by itself; the first half of the test passes the table all the same.)
        let rules = try Self.rules("Tests/Fixtures/SolverGames/MiniBlackHole.patience")
        var table = try rules.deal(.seed(1))
        let foundation = rules.zones.first { $0.name == "foundation" }!.piles.lowerBound
        let piles = Array(rules.zones.first { $0.name == "tableau" }!.piles)
        func card(_ rank: Int, _ suit: Suit) -> PlacedCard { PlacedCard(Card(rank: rank, suit: suit), faceUp: true) }
        table.piles[foundation] = Pile([card(1, .spades), card(2, .spades), card(3, .spades), card(4, .spades), card(5, .spades), card(4, .hearts)])
        table.piles[piles[0]] = Pile([card(5, .hearts), card(2, .hearts)])
        table.piles[piles[1]] = Pile([card(3, .hearts), card(6, .hearts)])
        table.piles[piles[2]] = Pile([])
        func isDead(order: Bool) -> Bool {
            var dead = DeadEnds(rules: rules, facts: rules.facts, root: table, checkingOrder: order)
            return dead.isDeadEnd(table)
        }
        expectFalse(isDead(order: false))
        expectTrue(isDead(order: true))
    }

    /// The check by card masks and the general check agree on every table of seeded random walks.
    @Test(arguments: ["Rules/Golf.patience", "Rules/BlackHole.patience", "Tests/Fixtures/SolverGames/MiniBlackHole.patience"])
    func masksAndTheGeneralCheckAgree(path: String) throws {
        let rules = try Self.rules(path)
        var dead = 0, alive = 0
        for seed in UInt64(1)...40 {
            var table = try rules.deal(.seed(seed))
            var byMasks = DeadEnds(rules: rules, facts: rules.facts, root: table)
            var general = DeadEnds(rules: rules, facts: rules.facts, root: table, masks: false)
            var generator = SeededGenerator(seed: seed)
            for _ in 0..<60 {
                let a = byMasks.isDeadEnd(table), b = general.isDeadEnd(table)
                expectEqual(a, b, "\(path) seed:\(seed)")
                if a { dead += 1 } else { alive += 1 }
                var plays = rules.legalMoves(on: table).map { Play.move($0) }
                plays += rules.legalTaps(on: table).map { Play.tap(pile: $0) }
                guard let play = plays.randomElement(using: &generator), let next = try? rules.applying(play, to: table) else { break }
                table = next
            }
        }
        // Both kinds of table must be in the sample, or it could not catch a disagreement.
        expectTrue(dead > 0 && alive > 0, "\(path): \(dead) dead, \(alive) alive")
    }

    @Test(arguments: ["MiniGolf", "MiniBlackHole"])
    func itPrunes(game: String) throws {
        let rules = try Self.rules("Tests/Fixtures/SolverGames/\(game).patience")
        func states(_ on: Bool) throws -> Int {
            var options = SolverOptions()
            options.guided = false
            options.reductions.deadEnds = on
            var total = 0
            for seed in UInt64(1)...12 { total += Solver(rules: rules, options: options).solve(try rules.deal(.seed(seed))).statistics.statesStored }
            return total
        }
        #expect(try states(true) < states(false))
    }

    @Test(arguments: ["order", "walk"])
    func theOrderAndTheWalkPruneMore(test: String) throws {
        // On the deals of Mini Black Hole Fans, each of the two tests on top of the first half
        // stores fewer states than the first half alone.
        let rules = try Self.rules("Tests/Fixtures/SolverGames/MiniBlackHoleFans.patience")
        func states(_ on: Bool) throws -> Int {
            var options = SolverOptions()
            options.guided = false
            options.reductions.deadEndOrder = test == "order" && on
            options.reductions.deadEndWalk = test == "walk" && on
            var total = 0
            for seed in UInt64(1)...12 { total += Solver(rules: rules, options: options).solve(try rules.deal(.seed(seed))).statistics.statesStored }
            return total
        }
        #expect(try states(true) < states(false))
    }
}
