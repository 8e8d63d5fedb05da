import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import PatienceSolver

/// The solver on games with memory, removals and shuffles: on games small enough to search every
/// table (`Fixtures/SolverGames`: Mini Pairs removes pairs, Mini Base keeps a base rank, a pass
/// flag and a count set by an effect in memory, Mini Shuffle shuffles its stock on a redeal, Mini Lock
/// builds on its tableau only after a tap that moves no card and sets a memory), its verdict, with
/// every reduction on, with every one off and with each one off alone, is the verdict of a plain
/// search over the engine's `legalPlays` and `applying` that tells tables apart by `CardTable`'s
/// own equality (every pile, action count, memory and the count of shuffles), and the guided
/// phase alone gives it or `unknown`; every solution replays to a win; and on an unsolvable deal,
/// with every reduction off, the search stores exactly the tables the plain search reaches.
@Suite("Solver on memory, removals and shuffles")
struct SolverStateTests {
    static let games = ["MiniPairs", "MiniBase", "MiniShuffle", "MiniLock"]
    static let seeds: [UInt64] = TestPaths.isLongRun ? Array(1...24) : Array(1...6)

    /// Whether a won table can be reached from `root`, by every play the engine lists, each table
    /// once; nil past `limit` tables.
    static func winIsReachable(_ rules: GameRules, from root: CardTable, limit: Int = 1_000_000) -> Bool? {
        reachableTables(rules, from: root, limit: limit).map { $0.won }
    }

    /// Whether a won table can be reached from `root`, and how many tables were reached (all of
    /// them when none is won), by every play the engine lists; nil past `limit` tables.
    static func reachableTables(_ rules: GameRules, from root: CardTable, limit: Int = 1_000_000) -> (won: Bool, count: Int)? {
        var seen: Set<CardTable> = [root]
        var open = [root]
        while let table = open.popLast() {
            if rules.isWon(table) { return (true, seen.count) }
            for play in rules.legalPlays(on: table) {
                guard let next = try? rules.applying(play, to: table) else { continue }
                if seen.insert(next).inserted { open.append(next) }
            }
            if seen.count > limit { return nil }
        }
        return (false, seen.count)
    }

    @Test(arguments: games)
    func anUnsolvableDealsSearchStoresEveryTableOnce(game: String) throws {
        // With every reduction off, the exhaustive search that proves a deal unsolvable stores each
        // table the plain search reaches once: a state key that forgot part of a table (a memory,
        // the count of shuffles) would store fewer, even where the verdict stays the same.
        let rules = try SolverReductionTests.rules(game)
        var compared = 0
        for seed in Self.seeds {
            let table = try rules.deal(.seed(seed))
            let plain = try #require(Self.reachableTables(rules, from: table), "\(game) seed:\(seed): too many tables")
            guard !plain.won else { continue }
            var options = SolverReductionTests.exhaustive(.none)
            options.restarts = false
            let result = Solver(rules: rules, options: options).solve(table)
            expectEqual(result.verdict.name, "unsolvable", "\(game) seed:\(seed)")
            expectEqual(result.statistics.statesStored, plain.count, "\(game) seed:\(seed)")
            compared += 1
        }
        expectTrue(compared > 0, "\(game): no unsolvable deal among the seeds")
    }

    @Test(arguments: games)
    func verdictIsThePlainSearchsWithEveryReductionOnAndOff(game: String) throws {
        let rules = try SolverReductionTests.rules(game)
        var verdicts: Set<String> = []
        for seed in Self.seeds {
            let table = try rules.deal(.seed(seed))
            let reachable = try #require(Self.winIsReachable(rules, from: table) as Bool?, "\(game) seed:\(seed): too many tables")
            let expected = reachable ? "solved" : "unsolvable"
            verdicts.insert(expected)
            var results: [(String, SolverResult)] = [
                ("every reduction", Solver(rules: rules, options: SolverReductionTests.exhaustive(.all)).solve(table)),
                ("no reduction", Solver(rules: rules, options: SolverReductionTests.exhaustive(.none)).solve(table)),
                ("the default options", Solver(rules: rules).solve(table)),
            ]
            for (name, reductions) in SolverReductionTests.eachOneOff {
                results.append(("without \(name)", Solver(rules: rules, options: SolverReductionTests.exhaustive(reductions)).solve(table)))
            }
            var restarted = SolverReductionTests.exhaustive(.all)
            restarted.restartUnit = 3
            results.append(("restarts every 3 states", Solver(rules: rules, options: restarted).solve(table)))
            var unrestarted = SolverReductionTests.exhaustive(.all)
            unrestarted.restarts = false
            results.append(("no restarts", Solver(rules: rules, options: unrestarted).solve(table)))
            var guidedOnly = SolverOptions()
            guidedOnly.exhaustive = false
            let guided = Solver(rules: rules, options: guidedOnly).solve(table)
            if guided.verdict.name != "unknown" { results.append(("the guided phase alone", guided)) }
            for (name, result) in results {
                expectEqual(result.verdict.name, expected, "\(game) seed:\(seed) with \(name)")
                if case .solved(let plays) = result.verdict {
                    expectTrue(SolverTests.replaysToWin(plays, rules: rules, from: table), "\(game) seed:\(seed) with \(name): the solution does not replay")
                }
            }
        }
        // The sample must hold both verdicts, or it could not catch a search that gets one wrong.
        expectEqual(verdicts, ["solved", "unsolvable"], "\(game): only \(verdicts)")
    }

    @Test func theGamesUseWhatTheyAreHereFor() throws {
        let pairs = try SolverReductionTests.rules("MiniPairs")
        let base = try SolverReductionTests.rules("MiniBase")
        let shuffle = try SolverReductionTests.rules("MiniShuffle")
        expectTrue(pairs.hasRemovals)
        expectEqual(base.memorySlots.count, 3)
        expectTrue(base.effectsSetMemoryOrShuffle)
        expectTrue(shuffle.hasShuffles)
        // A solution of Mini Pairs removes cards, and one of Mini Shuffle goes through a shuffle.
        var removes = false, shuffles = false
        for seed in Self.seeds {
            for (rules, flag) in [(pairs, 0), (shuffle, 1)] {
                let table = try rules.deal(.seed(seed))
                guard case .solved(let plays) = Solver(rules: rules).solve(table).verdict else { continue }
                if flag == 0 { removes = removes || plays.contains { if case .remove = $0 { true } else { false } } }
                if flag == 1 {
                    var after = table
                    for play in plays { after = try rules.applying(play, to: after) }
                    shuffles = shuffles || after.shuffles > 0
                }
            }
        }
        expectTrue(removes, "no solution of Mini Pairs removes a card")
        expectTrue(shuffles, "no solution of Mini Shuffle shuffles")
        // Mini Lock's tap changes the memory alone, and some deal needs it and a build on the
        // tableau: told apart by cards alone, that deal would be unsolvable.
        let lock = try SolverReductionTests.rules("MiniLock")
        let root = try lock.deal(.seed(1))
        let pull = try #require(lock.legalPlays(on: root).first { if case .tap = $0 { true } else { false } })
        let pulled = try lock.applying(pull, to: root)
        expectEqual(pulled.piles, root.piles)
        expectNotEqual(pulled.memory, root.memory)
        guard case .solved(let plays) = Solver(rules: lock).solve(root).verdict else {
            Issue.record("Mini Lock seed:1 is not solved")
            return
        }
        expectTrue(plays.contains { if case .move(let m) = $0 { lock.zone(ofPile: m.destination).name == "tableau" && lock.zone(ofPile: m.source).name == "tableau" } else { false } },
                   "no play of Mini Lock seed:1's solution builds on the tableau")
    }

    /// Two cards of other suits than each other in two free cells, one way round and the other:
    /// the same state, since the cells are interchangeable. The renaming's scan reads the
    /// tableau (the fullest zone) first, so the cards' places in the cells do not choose it.
    @Test func cardsInInterchangeableCellsTheOtherWayRoundAreOneState() throws {
        let rules = try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/FreeCell.patience").path)
        for deal in [1, 2, 3, 617] {
            let root = try rules.deal(.microsoft(deal))
            let key = StateKey(rules: rules, facts: rules.facts, reductions: .all).scanning(fullestZonesOf: root)
            let cells = rules.zones[try #require(rules.zones.firstIndex { $0.name == "cell" })].piles
            let tableau = rules.zones[try #require(rules.zones.firstIndex { $0.name == "tableau" })].piles
            // The top cards of the first two tableau piles whose tops differ in suit.
            let tops = tableau.filter { !root.piles[$0].cards.isEmpty }
            let pair = try #require(tops.indices.dropFirst().first { root.piles[tops[$0]].cards.last?.card.suit != root.piles[tops[0]].cards.last?.card.suit })
            let (a, b) = (tops[0], tops[pair])
            let cardA = try #require(root.piles[a].cards.last), cardB = try #require(root.piles[b].cards.last)
            var one = root
            one.piles[a].cards.removeLast()
            one.piles[b].cards.removeLast()
            var other = one
            one.piles[cells.lowerBound].cards = [cardA]
            one.piles[cells.lowerBound + 1].cards = [cardB]
            other.piles[cells.lowerBound].cards = [cardB]
            other.piles[cells.lowerBound + 1].cards = [cardA]
            expectNotEqual(one, other)
            expectEqual(key.fingerprint(one), key.fingerprint(other), "ms:\(deal)")
        }
    }

    @Test func theStateKeyTellsMemoryAndShufflesApart() throws {
        let rules = try SolverReductionTests.rules("MiniBase")
        let key = StateKey(rules: rules, facts: rules.facts, reductions: .all)
        let table = try rules.deal(.seed(1))
        var remembered = table
        remembered.memory[1] = 1 - remembered.memory[1]
        var shuffled = table
        shuffled.shuffles += 1
        let fingerprints = [table, remembered, shuffled].map { key.fingerprint($0) }
        expectEqual(Set(fingerprints).count, 3, "\(fingerprints)")
    }

    @Test func aPackedTableKeepsItsMemoryAndShuffles() throws {
        // A table of the same search (the same deal, so the same seed) after some plays.
        let rules = try SolverReductionTests.rules("MiniBase")
        let root = try rules.deal(.seed(2))
        var table = root
        for _ in 0..<4 {
            guard let play = rules.legalPlays(on: table).last else { break }
            table = try rules.applying(play, to: table)
        }
        table.memory[1] = 1
        table.shuffles = 3
        expectNotEqual(table, root)
        var packed: [UInt16] = []
        TablePacking.pack(table, shuffles: true, into: &packed)
        var work = WorkingTable(rules: rules, table: root)
        var changed = ChangedPiles()
        TablePacking.unpack(packed, at: 0, shuffles: true, into: &work, changed: &changed)
        expectEqual(work.table, table)
        // The piles found changed are those that differ, each with the cards at its bottom that stayed.
        var expected: [(Int, Int)] = []
        for p in root.piles.indices where root.piles[p].cards != table.piles[p].cards {
            let (a, b) = (root.piles[p].cards, table.piles[p].cards)
            expected.append((p, zip(a, b).prefix { $0 == $1 }.count))
        }
        expectFalse(expected.isEmpty)
        expectEqual(changed.count, expected.count)
        for (i, (p, same)) in expected.enumerated() where i < changed.count {
            expectEqual(changed.piles[i], p)
            expectEqual(changed.untouched[i], same)
        }
    }

    @Test(arguments: MovesHomeTests.games)
    func unpackingFindsTheChangedPilesTheHashesAndRatingFollow(game: String) throws {
        // Tables of a pseudo-random walk, each unpacked in place of one a few plays before it (then
        // every other time a move made): the pile hashes and the heuristic's base brought up to it
        // from the changed piles alone are those made from the whole table.
        let rules = try IncrementalRatingTests.rules(game)
        let root = try rules.deal(.seed(3))
        let space = SearchSpace(rules: rules, reductions: .all, root: root)
        var work = WorkingTable(rules: rules, table: root)
        var hashes = space.key.pileHashes(root)
        var base = Heuristic.Base()
        space.heuristic.prepare(&base, for: root)
        var walk = [root]
        var random = SplitMix64(seed: 3)
        for _ in 0..<60 {
            let plays = rules.legalPlays(on: walk[walk.count - 1])
            guard !plays.isEmpty else { break }
            walk.append(try rules.applying(plays[Int(random.next() % UInt64(plays.count))], to: walk[walk.count - 1]))
        }
        expectTrue(walk.count >= 5, "walk of \(walk.count) tables")
        var changedSome = 0
        for step in 1...walk.count * 2 {
            // Back and forth along the walk, as the best-first order goes from state to state.
            var table = walk[Int(random.next() % UInt64(walk.count))]
            var packed: [UInt16] = []
            TablePacking.pack(table, shuffles: rules.hasShuffles, into: &packed)
            var changed = ChangedPiles()
            TablePacking.unpack(packed, at: 0, shuffles: rules.hasShuffles, into: &work, changed: &changed)
            if changed.count > 0 && changed.count < table.piles.count { changedSome += 1 }
            expectEqual(work.table, table, "step \(step)")
            // Every other time, a move made after the unpacking, its piles added to those found.
            let moves = rules.movesAllowedByRules(on: table)
            if step % 2 == 0, !moves.isEmpty {
                let mark = work.mark
                if rules.applyListed(moves[Int(random.next() % UInt64(moves.count))], to: &work) {
                    changed.collect(adding: work, since: mark)
                    table = work.table
                }
            }
            space.key.update(&hashes, work.table, changed: changed)
            space.heuristic.update(&base, for: work.table, changed: changed)
            expectEqual(space.key.fingerprint(hashes, work.table), space.key.fingerprint(table), "step \(step)")
            var whole = Heuristic.Base()
            space.heuristic.prepare(&whole, for: table)
            // No successor is rated here, so the base never gives up on being kept.
            expectTrue(base.isValid, "step \(step)")
            expectEqual(base.total, whole.total, "step \(step)")
            expectEqual(base.perPile, whole.perPile, "step \(step)")
        }
        expectTrue(changedSome > 0)
    }

    @Test func theInverseOfAMoveIsNotPrunedWhereEffectsSetMemory() throws {
        // Mini Base's effect sets a memory, so a move may not settle back as it was.
        let base = SearchSpace(rules: try SolverReductionTests.rules("MiniBase"), reductions: .all, root: try SolverReductionTests.rules("MiniBase").deal(.seed(1)))
        expectFalse(base.prunesInverseMoves)
        let pairs = try SolverReductionTests.rules("MiniPairs")
        expectTrue(SearchSpace(rules: pairs, reductions: .all, root: try pairs.deal(.seed(1))).prunesInverseMoves)
    }

    /// The bundled games searched here: each decides some of its first deals within the budget.
    static let bundled = TestPaths.isLongRun
        ? ["MonteCarlo", "BlockTen", "Cover", "Fourteen", "Camelot", "GayGordons"]
        : ["MonteCarlo", "BlockTen", "Cover"]
    static let bundledStates = TestPaths.isLongRun ? 20_000 : 2_000
    static let bundledSeeds: ClosedRange<UInt64> = TestPaths.isLongRun ? 1...20 : 1...3

    @Test(arguments: bundled)
    func aBundledGameWithMemoryRemovalsOrShufflesIsSearched(game: String) throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules.appendingPathComponent("\(game).patience").path)
        var options = SolverOptions()
        options.budget = SearchBudget(maxStates: Self.bundledStates, maxSeconds: 60)
        var decided = 0
        for seed in Self.bundledSeeds {
            let table = try rules.deal(.seed(seed))
            let result = Solver(rules: rules, options: options).solve(table)
            expectNotEqual(result.verdict, .unknown(.unsupportedRules), "\(game) seed:\(seed)")
            switch result.verdict {
            case .solved(let plays):
                expectTrue(SolverTests.replaysToWin(plays, rules: rules, from: table), "\(game) seed:\(seed): the solution does not replay")
                decided += 1
            case .unsolvable: decided += 1
            case .unknown: break
            }
        }
        expectGreater(decided, 0, "\(game): no deal decided within \(Self.bundledStates) states")
    }
}
