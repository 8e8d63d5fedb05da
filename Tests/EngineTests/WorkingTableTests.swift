import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler

/// The solver's working table against the engine's value-returning plays: on seeded random games
/// of every bundled rule file, each listed move made in place (`applyListed`) gives the table
/// `applying` gives, or is refused exactly when `applying` refuses it; each tap made in place
/// gives the table `tapping` gives; each removal whose condition holds, made in place
/// (`remove(piles:on:)`), gives the table `removing` gives or is refused exactly when it is; and
/// the journal takes every change back, one play at a time, to the very table each play started
/// from (cards, faces, action counts, memory, shuffles).
@Suite struct WorkingTableTests {
    /// Every rule file in the long run, half of them in the default run.
    static let ruleFiles = TestPaths.sample(TestPaths.ruleFiles, oneIn: 2, offset: 1)
    static let seeds: Range<UInt64> = 0..<(TestPaths.isLongRun ? 10 : 1)
    static let steps = TestPaths.isLongRun ? 60 : 20

    @Test(arguments: WorkingTableTests.ruleFiles)
    func playsInPlaceMatchPlaysByValueAndUndoExactly(file: String) throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules.appendingPathComponent(file).path)
        var checked = 0
        // A game whose walk is all removals, or stuck at once, is played from more seeds.
        for seed in Self.seeds.lowerBound..<(Self.seeds.upperBound + 3) {
            if seed >= Self.seeds.upperBound && checked > 0 { break }
            var table = try rules.deal(.seed(seed))
            var work = WorkingTable(rules: rules, table: table)
            var generator = SeededGenerator(seed: seed &+ 31)
            // The tables each play of the walk started from, and the journal's mark there.
            var history: [(table: CardTable, mark: Int)] = []
            for step in 0..<Self.steps {
                let context = "\(file) seed \(seed) step \(step)"
                // Every listed move and every tap, made in place and taken back.
                let moves = rules.legalMoves(on: table), taps = rules.legalTaps(on: table)
                // A play made in place gives what the play by value gives, and is taken back.
                func checkInPlace(_ what: String, expected: CardTable?, make: (inout WorkingTable) -> Bool) -> Bool {
                    let mark = work.mark
                    let made = make(&work)
                    expectEqual(made, (expected != nil), "\(context): \(what) in place: \(made)")
                    if made, let expected { expectEqual(work.table, expected, "\(context): \(what) in place differs") }
                    work.undo(to: mark)
                    expectEqual(work.table, table, "\(context): undoing \(what) does not give the table back")
                    return made
                }
                for move in moves {
                    _ = checkInPlace("\(move)", expected: try? rules.applying(move, to: table)) { rules.applyListed(move, to: &$0) }
                    checked += 1
                }
                for pile in table.piles.indices {
                    let expected = try? rules.tapping(pile: pile, on: table)
                    if checkInPlace("tapping pile \(pile)", expected: expected, make: { rules.tap(pile: pile, on: &$0) }) { checked += 1 }
                }
                let removals = rules.removalsAllowedByConditions(on: table)
                for piles in removals {
                    let expected = try? rules.removing(piles: piles, on: table)
                    if checkInPlace("removing \(piles)", expected: expected, make: { rules.remove(piles: piles, on: &$0) }) { checked += 1 }
                }
                // One random play of the walk, kept on the working table.
                let count = moves.count + taps.count + removals.count
                if count == 0 { break }
                let choice = generator.nextIndex(below: count)
                history.append((table, work.mark))
                if choice < moves.count {
                    guard rules.applyListed(moves[choice], to: &work) else { history.removeLast(); continue }
                    table = try rules.applying(moves[choice], to: table)
                } else if choice < moves.count + taps.count {
                    expectTrue(rules.tap(pile: taps[choice - moves.count], on: &work))
                    table = try rules.tapping(pile: taps[choice - moves.count], on: table)
                } else {
                    let piles = removals[choice - moves.count - taps.count]
                    guard rules.remove(piles: piles, on: &work) else { history.removeLast(); continue }
                    table = try rules.removing(piles: piles, on: table)
                }
                expectEqual(work.table, table, "\(context): the walk's play in place differs")
            }
            // The whole walk taken back, one play at a time.
            for (index, start) in history.enumerated().reversed() {
                work.undo(to: start.mark)
                expectEqual(work.table, start.table, "\(file) seed \(seed): undoing play \(index) of the walk differs")
            }
        }
        expectGreater(checked, 0, "\(file): no move, tap or removal was made in place")
    }

    @Test func aRemovalOntoOneOfItsOwnPilesIsMadeInPlaceAndTakenBack() throws {
        // The destination loses its own top card before the cards land on it, which no
        // transfer describes: the journal keeps the piles whole.
        let source = """
            game "Stacking"
            decks 1
            zone stock 1
            zone tableau 4
            deal tableau 2 cards face up
            deal stock rest face down
            remove stack(a, b, c in tableau) to b when a.top.rank != c.top.rank
            won when stock.empty
            """
        let rules = try GameCompiler.compile(source: source)
        let table = try rules.deal(.seed(3))
        var work = WorkingTable(rules: rules, table: table)
        var checked = 0
        for piles in rules.removalsAllowedByConditions(on: table) {
            let expected = try rules.removing(piles: piles, on: table)
            expectTrue(rules.remove(piles: piles, on: &work), "\(piles)")
            expectEqual(work.table, expected, "\(piles) in place differs")
            work.undo(to: 0)
            expectEqual(work.table, table, "undoing \(piles) does not give the table back")
            checked += 1
        }
        expectGreater(checked, 0)
    }
}
