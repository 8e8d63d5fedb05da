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
        trace(tokens: tokens(text), from: table)
    }

    /// Applies the plays, one token each, to `table` as ``run(tokens:from:)`` does, keeping every table.
    public func trace(tokens: [String], from table: CardTable) -> ReplayTrace {
        var tables = [table]
        var plays: [Play] = []
        for (offset, token) in tokens.enumerated() {
            let current = tables[tables.count - 1]
            do {
                let play = try play(token, on: current)
                tables.append(try rules.applying(play, to: current))
                plays.append(play)
            } catch {
                return ReplayTrace(
                    tables: tables, moves: Array(tokens[..<offset]), plays: plays,
                    failure: ReplayFailure(index: offset + 1, move: token, refusal: error),
                    unplayed: Array(tokens[(offset + 1)...]), isWon: rules.isWon(current))
            }
        }
        return ReplayTrace(tables: tables, moves: tokens, plays: plays, failure: nil, unplayed: [], isWon: rules.isWon(tables[tables.count - 1]))
    }
}
