import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import PatienceSolver

/// Solutions made shorter: detours put into a solution by hand come out again, what comes out
/// still wins, and a solve reports the length it found and the length it answers.
@Suite("Solution shortening")
struct SolutionShortenerTests {
    /// FreeCell ms:1 and Freecell Solver's solution of it (a fixture), as plays: a solution
    /// found by another program, so that the suite need not search.
    static func dealOne() throws -> (GameRules, CardTable, [Play]) {
        let rules = try Positions.rules("FreeCell")
        let table = try rules.deal(.microsoft(1))
        let text = try freeCellSolutionOfDealOne()
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }).map { PlayToken(String($0), at: .fileStart) }
        var plays: [Play] = []
        let outcome = Replay(rules: rules, notation: .fcs).run(tokens: tokens, from: table) { play, _ in plays.append(play) }
        guard outcome.isWon, outcome.failure == nil else { throw Failure("fc-solve's solution of ms:1 does not replay") }
        return (rules, table, plays)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ text: String) { description = text }
    }

    static func wins(_ plays: [Play], rules: GameRules, from table: CardTable) -> Bool {
        let outcome = Replay(rules: rules, notation: .patience).run(plays: plays, from: table)
        return outcome.failure == nil && outcome.isWon
    }

    /// A detour: a card goes from a column to a free cell and straight back, twice, in the
    /// middle of the solution; the loop is cut and nothing longer than the solution comes back.
    @Test func aCardSentToACellAndBackIsCut() throws {
        let (rules, table, plays) = try Self.dealOne()
        var tables = [table]
        for play in plays { tables.append(try rules.applying(play, to: tables[tables.count - 1])) }
        // The first table of the solution with a card that can go to a cell and back.
        func detour(on table: CardTable) -> Move? {
            rules.legalMoves(on: table).first { move in
                guard rules.zone(ofPile: move.destination).role == .cell, move.count == 1,
                      let after = try? rules.applying(move, to: table) else { return false }
                return rules.allows(Move(source: move.destination, count: 1, destination: move.source), on: after)
            }
        }
        let k = try #require(tables.indices.first { detour(on: tables[$0]) != nil })
        let out = try #require(detour(on: tables[k]))
        let back = Move(source: out.destination, count: 1, destination: out.source)
        let long: [Play] = Array(plays[..<k]) + [.move(out), .move(back), .move(out), .move(back)] + Array(plays[k...])
        expectTrue(Self.wins(long, rules: rules, from: table))
        let shorter = SolutionShortener(rules: rules).shorten(long, from: table, timeIsUp: { false })
        expectLessOrEqual(shorter.count, plays.count)
        expectTrue(Self.wins(shorter, rules: rules, from: table))
    }

    /// A card moved from one free cell to another and then on is one play too many: the
    /// shortcut search finds the direct move, and more detours besides.
    @Test func aWanderingCardTakesTheDirectWay() throws {
        let (rules, table, plays) = try Self.dealOne()
        // The solution's first play that takes a card out of a free cell.
        var tables = [table]
        for play in plays { tables.append(try rules.applying(play, to: tables[tables.count - 1])) }
        let cells = rules.piles(withRole: .cell)
        let k = try #require(plays.indices.first { i in
            if case .move(let m) = plays[i], cells.contains(m.source) {
                return cells.contains { $0 != m.source && tables[i].piles[$0].isEmpty }
            }
            return false
        })
        guard case .move(let m) = plays[k] else { return }
        let spare = try #require(cells.first { $0 != m.source && tables[k].piles[$0].isEmpty })
        // Through the spare cell: one play more than the solution.
        let wander: [Play] = Array(plays[..<k]) + [.move(Move(source: m.source, count: 1, destination: spare)),
                                                    .move(Move(source: spare, count: 1, destination: m.destination))] + Array(plays[(k + 1)...])
        expectTrue(Self.wins(wander, rules: rules, from: table))
        // Freecell Solver's solution moves one card at a time and has detours of its own: the
        // shortened one is shorter than it, not only than the wandering one.
        let shorter = SolutionShortener(rules: rules).shorten(wander, from: table, timeIsUp: { false })
        expectLess(shorter.count, plays.count)
        expectTrue(Self.wins(shorter, rules: rules, from: table))
    }

    /// A solve answers a solution no longer than the search found, says how long that was, and
    /// the answer wins.
    @Test(arguments: ["Golf", "Yukon"])
    func aSolveAnswersTheShorterSolution(game: String) throws {
        let rules = try Positions.rules(game)
        let table = try rules.deal(.seed(2))
        var options = SolverOptions()
        options.budget = SearchBudget(maxStates: 200_000, maxSeconds: 60)
        options.shortenShare = 0
        guard case .solved(let plays) = Solver(rules: rules, options: options).solve(table).verdict else {
            Issue.record("\(game) seed:2 was not solved")
            return
        }
        options.shortenShare = 0.5
        let result = Solver(rules: rules, options: options).solve(table)
        guard case .solved(let answered) = result.verdict else {
            Issue.record("\(game) seed:2 was not solved with shortening on")
            return
        }
        expectEqual(result.statistics.playsFound, plays.count)
        expectLessOrEqual(answered.count, plays.count)
        expectTrue(Self.wins(answered, rules: rules, from: table))
    }

    /// With no time at all, the solution comes back as found.
    @Test func noTimeKeepsTheSolution() throws {
        let (rules, table, plays) = try Self.dealOne()
        expectEqual(SolutionShortener(rules: rules).shorten(plays, from: table, timeIsUp: { true }), plays)
    }

    /// A shortcut search asks for the time as it goes, not only between searches: a search of
    /// hundreds of tables is stopped in its course when the budget runs out (a Klondike solution
    /// found near the end of a 2-s budget was shortened 0.4 s past it). Here the shortener asks
    /// many times for each place of the solution it searches from.
    @Test func searchesAskForTheTimeAsTheyGo() throws {
        let (rules, table, plays) = try Self.dealOne()
        var asked = 0
        let shorter = SolutionShortener(rules: rules).shorten(plays, from: table) {
            asked += 1
            return false
        }
        // Once a place (and a pass) would ask about 2 times a play; searches of up to 600 tables
        // ask every 32 of them besides.
        expectGreater(asked, 4 * plays.count)
        expectTrue(Self.wins(shorter, rules: rules, from: table))
    }
}

/// The digests the shortener finds tables by: tables that differ only in the order of piles no
/// rule tells apart share the canonical digest and not the exact one, and a card turned over
/// changes both.
@Suite("Solution shortening: table digests")
struct ShortenerDigestTests {
    @Test func cellsInAnotherOrderShareOnlyTheCanonicalDigest() throws {
        let rules = try Positions.rules("FreeCell")
        var table = try rules.deal(.microsoft(1))
        let cells = Array(rules.piles(withRole: .cell))
        let columns = Array(rules.piles(withRole: .tableau))
        try #require(cells.count == 4 && columns.count == 8)
        let shortener = SolutionShortener(rules: rules, interchangeable: [cells[0]..<(cells[3] + 1)])
        // Two cards in the first two cells, then the same cards the other way round.
        let a = try #require(table.piles[columns[0]].cards.last)
        let b = try #require(table.piles[columns[1]].cards.last)
        table.piles[columns[0]].cards.removeLast()
        table.piles[columns[1]].cards.removeLast()
        table.piles[cells[0]].cards = [a]
        table.piles[cells[1]].cards = [b]
        var swapped = table
        swapped.piles[cells[0]].cards = [b]
        swapped.piles[cells[1]].cards = [a]
        expectNotEqual(table, swapped)
        let one = shortener.digests(table), other = shortener.digests(swapped)
        expectEqual(one.canonical, other.canonical)
        expectNotEqual(one.exact, other.exact)
        // Without interchangeable piles, both digests tell the tables apart.
        let plain = SolutionShortener(rules: rules)
        expectNotEqual(plain.digests(table).canonical, plain.digests(swapped).canonical)
        // A card turned face down is another table.
        var turned = table
        turned.piles[columns[2]].cards[0].isFaceUp.toggle()
        expectNotEqual(shortener.digests(turned).exact, one.exact)
        expectNotEqual(shortener.digests(turned).canonical, one.canonical)
    }
}
