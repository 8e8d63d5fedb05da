import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats
import PatienceSolver

/// What `hint` suggests in `patience play`: a step of a solution when the solver finds one
/// within a small budget, otherwise the likeliest play by `Game.suggestedPlays`; never a play
/// that returns to a table already seen in this game, so following hints cannot go round in
/// circles.
///
/// A solution found once is kept: while the player follows it, each hint is its next play, with
/// no new search. A search that found nothing is not run again on the same table.
struct PlayHints {
    /// The solver's budget for one hint: small, so that a hint answers at once.
    static let budget = SearchBudget(maxStates: 30_000, maxSeconds: 2)

    /// A suggestion and why it is made.
    struct Hint: Equatable {
        var play: Play
        var reason: String
    }

    /// The rest of the last solution found, and the table it starts from.
    private var plan: (table: CardTable, plays: [Play])?
    /// The last table searched without a solution, and what the search said.
    private var unsolved: (table: CardTable, verdict: Verdict)?
    /// How many hints were asked for on this table without playing, to offer another each time.
    private var asked: (table: CardTable, count: Int)?

    /// Forgets every solution, for a new game.
    mutating func reset() {
        plan = nil
        unsolved = nil
        asked = nil
    }

    /// The hint for the game's table, or nil when every legal play returns to a table in `seen`.
    mutating func hint(for game: Game, seen: Set<CardTable>) -> Hint? {
        let table = game.table
        let repeatCount = asked?.table == table ? asked!.count : 0
        asked = (table, repeatCount + 1)
        func isNew(_ play: Play) -> Bool {
            guard let next = try? game.rules.applying(play, to: table) else { return false }
            return !seen.contains(next)
        }

        var solutionPlay: Play?
        var remaining = 0
        if let (start, plays) = plan, start == table, let first = plays.first, isNew(first) {
            solutionPlay = first
            remaining = plays.count
        } else if unsolved?.table != table {
            plan = nil
            var options = SolverOptions()
            options.budget = Self.budget
            options.exhaustive = false
            options.shortenShare = SolverArguments.shortenShare
            let verdict = Solver(rules: game.rules, options: options).solve(table).verdict
            if case .solved(let plays) = verdict, let first = plays.first, isNew(first) {
                solutionPlay = first
                remaining = plays.count
                plan = (table, plays)
            } else {
                unsolved = (table, verdict)
            }
        }

        var offers: [Hint] = []
        if let solutionPlay {
            offers.append(Hint(play: solutionPlay, reason: remaining == 1 ? "this play wins"
                                   : "the first play of a \(remaining)-play plan to win that the solver found"))
        }
        let fallback: String
        if solutionPlay != nil {
            fallback = "another legal play; the solver's way is the first hint"
        } else if unsolved?.table == table, unsolved?.verdict == .unsolvable {
            fallback = "the solver proved that no win is left from this table; undo may find one"
        } else {
            fallback = "the solver found no win within its budget; this is the likeliest play"
        }
        for play in game.suggestedPlays where play != solutionPlay && isNew(play) {
            offers.append(Hint(play: play, reason: fallback))
        }
        guard !offers.isEmpty else { return nil }
        return offers[repeatCount % offers.count]
    }

    /// Advances the kept solution when the player made its next play, so that the next hint
    /// needs no search.
    mutating func played(_ play: Play, from table: CardTable, to next: CardTable) {
        guard let (start, plays) = plan, start == table, plays.first == play else {
            plan = nil
            return
        }
        plan = (next, Array(plays.dropFirst()))
    }
}
