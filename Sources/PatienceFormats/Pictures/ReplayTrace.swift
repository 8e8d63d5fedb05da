import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// Every table a replay passed through, for a page that steps through it (`patience replay --html`).
public struct ReplayTrace: Sendable {
    /// The opening table, then the table after each applied play: `tables[k]` follows `moves[k - 1]`.
    public var tables: [CardTable]
    /// The applied plays as written, one fewer than `tables`.
    public var moves: [String]
    /// The applied plays as read, one for each of `moves`.
    public var plays: [Play]
    /// The play that stopped the replay; nil when every play was applied.
    public var failure: ReplayFailure?
    /// The plays after the failing one, as written, which were not tried.
    public var unplayed: [String]
    /// Whether the game is won on the last table.
    public var isWon: Bool

    /// What ``Replay/run(_:from:)`` reports for the same plays.
    public var outcome: ReplayOutcome {
        ReplayOutcome(applied: moves.count, table: tables[tables.count - 1], isWon: isWon, failure: failure)
    }
}

extension Replay {
    /// Applies the plays written in `text` to `table` as ``run(_:from:)`` does, keeping every table.
    public func trace(_ text: String, from table: CardTable) -> ReplayTrace {
        let (tokens, problem) = playTokens(text)
        if let problem {
            let outcome = ReplayOutcome(unreadable: problem, from: table, rules: rules, text: text)
            return ReplayTrace(tables: [table], moves: [], plays: [], failure: outcome.failure, unplayed: [], isWon: outcome.isWon)
        }
        return trace(tokens: tokens, from: table)
    }

    /// Applies the plays, one token each, to `table` as ``run(tokens:from:)`` does, keeping every table.
    public func trace(tokens: [String], from table: CardTable) -> ReplayTrace {
        trace(tokens: tokens.map { PlayToken($0, at: .fileStart) }, from: table)
    }

    /// Applies the plays to `table` as ``run(tokens:from:)`` does, keeping every table.
    public func trace(tokens: [PlayToken], from table: CardTable) -> ReplayTrace {
        var tables = [table]
        var plays: [Play] = []
        let outcome = run(tokens: tokens, from: table) { play, next in
            plays.append(play)
            tables.append(next)
        }
        let applied = tokens.prefix(outcome.applied).map(\.text)
        let unplayed = outcome.failure == nil ? [] : tokens.dropFirst(outcome.applied + 1).map(\.text)
        return ReplayTrace(tables: tables, moves: applied, plays: plays, failure: outcome.failure, unplayed: unplayed, isWon: outcome.isWon)
    }
}
