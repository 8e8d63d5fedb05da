import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import PatienceSolver

/// How the solver walks a stock that comes round (Klondike's unlimited redeals): the listing's
/// index of destinations kept along the taps, the moves offered after them, the order of the
/// depth-first searches and the depth-first run before the guided phase.
@Suite("Solver: a stock that comes round")
struct StockChainTests {
    static func klondike(draw: Int) throws -> GameRules {
        try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/Klondike.patience").path, options: ["draw": "\(draw)"])
    }

    static func freeCell() throws -> GameRules {
        try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/FreeCell.patience").path)
    }

    @Test(arguments: [1, 3])
    func aListingThatKeepsTheIndexAlongTheTapsListsWhatAFreshOneLists(draw: Int) throws {
        let rules = try Self.klondike(draw: draw)
        let stock = try #require(rules.tappablePiles.first)
        var compared = 0
        for seed in UInt64(1)...8 {
            var table = try rules.deal(.seed(seed))
            var index: [UInt64] = []
            var fresh: [Move] = []
            rules.appendMovesAllowedByRules(on: table, to: &fresh, index: &index)
            // Along the taps only the stock and the waste change; they accept no card.
            for _ in 0..<30 {
                guard let next = try? rules.tapping(pile: stock, on: table) else { break }
                table = next
                var kept: [Move] = [], rebuilt: [Move] = []
                var reuse = ListingFilter()
                reuse.reusesIndex = true
                rules.appendMovesAllowedByRules(on: table, to: &kept, filter: reuse, index: &index)
                var other: [UInt64] = []
                rules.appendMovesAllowedByRules(on: table, to: &rebuilt, index: &other)
                expectEqual(kept, rebuilt, "seed:\(seed) draw \(draw)")
                expectEqual(Set(rebuilt), Set(rules.movesAllowedByRules(on: table)), "seed:\(seed)")
                compared += 1
            }
        }
        expectGreater(compared, 100)
    }

    /// The chain's taps made without running the actions' code (`GameRules.stockTurn`) make
    /// exactly the table the rules' own taps make, at every table of random games (moves and taps
    /// mixed, so that the waste is played from and the stock runs out at every size), at a draw
    /// of one and of three, and with a redeal that keeps the waste's order (`move`, not `deal`).
    @Test(arguments: [("1", false), ("3", false), ("3", true)])
    func aStockTurnMadeDirectlyMakesWhatTheRulesMake(draw: String, keepsOrder: Bool) throws {
        var text = try String(contentsOfFile: TestPaths.rules("Klondike"), encoding: .utf8)
        if keepsOrder {
            let redeal = "deal waste.size from waste to stock face down"
            expectTrue(text.contains(redeal))
            text = text.replacingOccurrences(of: redeal, with: "move waste.size from waste to stock face down")
        }
        let rules = try GameCompiler.compile(source: text, options: ["draw": draw])
        var compared = 0
        for seed in UInt64(1)...6 {
            var table = try rules.deal(.seed(seed))
            let space = SearchSpace(rules: rules, reductions: .all, root: table)
            let found = space.stockTurn
            let turn = try #require(found, "draw \(draw)")
            expectEqual(turn.count, Int(draw))
            expectEqual(turn.backOneAtATime, !keepsOrder)
            var random = SplitMix64(seed: seed)
            for _ in 0..<300 {
                let moves = rules.legalMoves(on: table)
                if !moves.isEmpty && random.next() % 3 == 0 {
                    table = try rules.applying(moves[Int(random.next() % UInt64(moves.count))], to: table)
                    continue
                }
                let tapped = try? rules.tapping(pile: turn.stock, on: table)
                var work = WorkingTable(rules: rules, table: table)
                let made = rules.turn(turn, on: &work)
                expectEqual(made, tapped != nil)
                guard let tapped else { break }
                expectTrue(work.table.piles == tapped.piles && work.table.actionUses == tapped.actionUses, "seed:\(seed) draw \(draw)")
                // Taken back through the journal, it leaves the table as it was.
                work.undo(to: 0)
                expectTrue(work.table.piles == table.piles && work.table.actionUses == table.actionUses)
                table = tapped
                compared += 1
            }
        }
        expectGreater(compared, 300)
    }

    /// No direct turn where the effects could see a tap (the solver then settles after each) or
    /// where the redeals are limited.
    @Test func aStockTurnIsMadeDirectlyOnlyWhereTheRulesShowIt() throws {
        let limited = try GameCompiler.compile(path: TestPaths.rules("Klondike"), options: ["redeals": "2"])
        let none = SearchSpace(rules: limited, reductions: .all, root: try limited.deal(.seed(1))).stockTurn
        expectTrue(none == nil)
        let canfield = try GameCompiler.compile(path: TestPaths.rules("Canfield"))
        let space = SearchSpace(rules: canfield, reductions: .all, root: try canfield.deal(.seed(1)))
        let (settles, turn) = (space.tapsSettle, space.stockTurn)
        expectTrue(settles)
        expectTrue(turn == nil)
    }

    @Test func theSourcesAfterTheTapsAreTheActionZonesPiles() throws {
        let rules = try Self.klondike(draw: 3)
        let space = SearchSpace(rules: rules, reductions: .all, root: try rules.deal(.seed(1)))
        let waste = try #require(rules.zones.firstIndex { $0.name == "waste" })
        let stock = try #require(rules.zones.firstIndex { $0.name == "stock" })
        expectTrue(space.chainPile != nil)
        var expected: UInt64 = 0
        for pile in Array(rules.zones[waste].piles) + Array(rules.zones[stock].piles) { expected |= 1 << UInt64(pile) }
        expectEqual(space.chainSourcePiles, expected)
        // The taps change no pile the index of destinations reads: the chain's listings reuse it.
        expectTrue(space.chainReusesIndex)
        let freeCell = try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/FreeCell.patience").path)
        expectFalse(SearchSpace(rules: freeCell, reductions: .all, root: try freeCell.deal(.microsoft(1))).chainReusesIndex)
        // Off, the chain lists every pile.
        var off = Reductions.all
        off.independentMoves = false
        expectEqual(SearchSpace(rules: rules, reductions: off, root: try rules.deal(.seed(1))).chainSourcePiles, .max)
    }

    @Test func stepsAreOrderedByKind() throws {
        let rules = try Self.klondike(draw: 1)
        let space = SearchSpace(rules: rules, reductions: .all, root: try rules.deal(.seed(1)))
        func pile(_ zone: String, _ k: Int = 0) throws -> Int {
            let z = try #require(rules.zones.first { $0.name == zone })
            return Array(z.piles)[k]
        }
        let toFoundation = Step.moving(Move(source: try pile("tableau", 2), count: 1, destination: try pile("foundation")))
        let withinTableau = Step.moving(Move(source: try pile("tableau", 2), count: 1, destination: try pile("tableau", 3)))
        let fromWaste = Step.moving(Move(source: try pile("waste"), count: 1, destination: try pile("tableau", 3)), afterTaps: 4)
        let fromFoundation = Step.moving(Move(source: try pile("foundation"), count: 1, destination: try pile("tableau")))
        expectEqual([toFoundation, withinTableau, fromWaste, fromFoundation].map(space.kind(of:)), [0, 1, 2, 3])
        expectEqual(space.kind(of: Step(taps: 3, tap: -1, move: nil)), 1)
    }

    /// A part of a run moved onto another pile, leaving a card the run was built on, is idle in a
    /// zone that hid cards when the search started, whether or not its own pile still hides one
    /// (a run a king brought to an emptied column); never in a zone that hid none (FreeCell's,
    /// where splitting runs reaches other cards), and never for a whole run.
    @Test func idleRunsAreThoseOfAZoneThatHidCards() throws {
        func cards(_ list: [(Int, Suit)]) -> [PlacedCard] { list.map { PlacedCard(Card(rank: $0.0, suit: $0.1), faceUp: true) } }
        let run = cards([(13, .spades), (12, .hearts), (11, .clubs)])
        let target = cards([(13, .clubs), (12, .diamonds)])
        let klondike = try Self.klondike(draw: 3), freeCell = try Self.freeCell()
        let games = [("Klondike", klondike, try klondike.deal(.seed(1)), true), ("FreeCell", freeCell, try freeCell.deal(.microsoft(1)), false)]
        for (game, rules, root, hid) in games {
            let space = SearchSpace(rules: rules, reductions: .all, root: root)
            let tableau = try #require(rules.zones.firstIndex { $0.name == "tableau" })
            let piles = Array(rules.zones[tableau].piles)
            expectEqual(space.zoneHidesCards[tableau], hid, "\(game)")
            var table = root
            table.piles[piles[0]].cards = run
            table.piles[piles[1]].cards = target
            // The jack alone onto the queen: the king and queen stay, built as before.
            expectEqual(space.isIdleRun(Move(source: piles[0], count: 1, destination: piles[1]), on: table), hid, "\(game)")
            // With a face-down card under the run, the same.
            table.piles[piles[0]].cards = [PlacedCard(Card(rank: 2, suit: .hearts), faceUp: false)] + run
            expectEqual(space.isIdleRun(Move(source: piles[0], count: 1, destination: piles[1]), on: table), hid, "\(game)")
            // The whole run, the face-down card left behind: not idle.
            expectFalse(space.isIdleRun(Move(source: piles[0], count: 3, destination: piles[1]), on: table), "\(game)")
        }
    }

    @Test(arguments: [1, 3])
    func theDepthFirstRunBeforeTheGuidedPhaseChangesNoVerdict(draw: Int) throws {
        // With and without the first depth-first run, at budgets of stored states (deterministic),
        // the verdicts agree wherever both decide, and every solution replays to a win.
        let rules = try Self.klondike(draw: draw)
        var with = SolverOptions(), without = SolverOptions()
        with.budget = SearchBudget(maxStates: 15_000, maxSeconds: 600)
        without.budget = with.budget
        without.probeShare = 0
        var decided = 0, probed = 0
        for seed in UInt64(1)...5 {
            let table = try rules.deal(.seed(seed))
            let a = Solver(rules: rules, options: with).solve(table)
            let b = Solver(rules: rules, options: without).solve(table)
            if a.verdict.name != "unknown" && b.verdict.name != "unknown" {
                expectEqual(a.verdict.name, b.verdict.name, "seed:\(seed) draw \(draw)")
                decided += 1
            }
            for result in [a, b] {
                if case .solved(let plays) = result.verdict {
                    expectTrue(SolverTests.replaysToWin(plays, rules: rules, from: table), "seed:\(seed)")
                }
            }
            if a.statistics.statesStored != b.statistics.statesStored { probed += 1 }
        }
        expectGreater(decided, 1)
        // The run does take place: it changes what the searches store.
        expectGreater(probed, 0)
    }

    @Test(arguments: [1, 3])
    func tablesOnOneCycleOfTapsAreOneState(draw: Int) throws {
        let rules = try Self.klondike(draw: draw)
        let root = try rules.deal(.seed(3))
        func keys(_ reductions: Reductions) throws -> (cycle: Set<Fingerprint>, own: Set<Fingerprint>) {
            let space = SearchSpace(rules: rules, reductions: reductions, root: root)
            var scratch = SearchSpace.Scratch()
            let stock = try #require(space.chainPile)
            var table = root
            var cycle: Set<Fingerprint> = [], own: Set<Fingerprint> = []
            // The dealt table, its waste empty, is on its cycle: every table the taps reach is too.
            for _ in 0..<30 {
                var work = WorkingTable(rules: rules, table: table)
                space.keyAsCycle(&work, scratch: &scratch)
                cycle.insert(space.key.fingerprint(work.table))
                own.insert(space.key.fingerprint(table))
                table = try rules.tapping(pile: stock, on: table)
            }
            return (cycle, own)
        }
        let on = try keys(.all)
        expectEqual(on.cycle.count, 1)
        expectGreater(on.own.count, 8)
        var off = Reductions.all
        off.tapCycles = false
        expectEqual(try keys(off).cycle.count, on.own.count)
    }
}
