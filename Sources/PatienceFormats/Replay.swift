import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// The notations a list of plays can be written in.
public enum PlayNotation: String, Sendable, Hashable, CaseIterable {
    /// The project's own notation, ``MoveNotation``: `tableau[7]x3->tableau[2]`, `tap(stock)`.
    case patience
    /// Freecell Solver's standard notation, ``FCSNotation``: `58`, `5a`, `8h`, `38v3`.
    case fcs
}

/// Applies a list of plays, written in one notation, to a table in order (`patience replay`).
///
/// Each play is read against the table as it stands after the plays before it, since an fcs
/// move's run length depends on the table. The replay stops at the first play that cannot be
/// read or that the rules refuse; every play before it has been applied whole, with its
/// effects, and nothing of the failing one has.
public struct Replay: Sendable {
    public let rules: GameRules
    public let notation: PlayNotation

    public init(rules: GameRules, notation: PlayNotation) {
        self.rules = rules
        self.notation = notation
    }

    /// The play tokens of a text in this notation; `#` starts a comment in both.
    public func tokens(_ text: String) -> [String] {
        switch notation {
        case .patience: return MoveNotation.tokens(text)
        case .fcs: return FCSNotation.tokens(text)
        }
    }

    /// Applies the plays written in `text` to `table`.
    public func run(_ text: String, from table: CardTable) -> ReplayOutcome {
        run(tokens: tokens(text), from: table)
    }

    /// Applies the plays, one token each, to `table`.
    public func run(tokens: [String], from table: CardTable) -> ReplayOutcome {
        var table = table
        for (offset, token) in tokens.enumerated() {
            do {
                table = try rules.applying(try play(token, on: table), to: table)
            } catch {
                let failure = ReplayFailure(index: offset + 1, move: token, refusal: error)
                return ReplayOutcome(applied: offset, table: table, isWon: rules.isWon(table), failure: failure)
            }
        }
        return ReplayOutcome(applied: tokens.count, table: table, isWon: rules.isWon(table), failure: nil)
    }

    /// The play a token stands for on `table`, or the refusal that says why it cannot be read.
    public func play(_ token: String, on table: CardTable) throws(Refusal) -> Play {
        switch notation {
        case .patience:
            return try MoveNotation(rules: rules).play(token)
        case .fcs:
            do {
                return .move(try FCSNotation(rules: rules).move(token, on: table))
            } catch {
                throw error.refusal
            }
        }
    }
}

/// The play at which a replay stopped, and why.
public struct ReplayFailure: Hashable, Sendable {
    /// The play's 1-based position in the list.
    public var index: Int
    /// The play as written.
    public var move: String
    /// Why it cannot be read or is refused; `file` and `range` say which rule refused it,
    /// and are nil when the engine refused it itself (an unreadable play, a missing pile).
    public var refusal: Refusal

    public init(index: Int, move: String, refusal: Refusal) {
        self.index = index
        self.move = move
        self.refusal = refusal
    }
}

/// What a replay did.
public struct ReplayOutcome: Sendable {
    /// How many plays were applied: all of them, or those before the failing one.
    public var applied: Int
    /// The table after the last play applied.
    public var table: CardTable
    /// Whether the game is won on that table.
    public var isWon: Bool
    /// The play that stopped the replay; nil when every play was applied.
    public var failure: ReplayFailure?

    public init(applied: Int, table: CardTable, isWon: Bool, failure: ReplayFailure?) {
        self.applied = applied
        self.table = table
        self.isWon = isWon
        self.failure = failure
    }

    /// The outcome on one line of JSON, without a newline: `{"applied": 130, "won": true}`, or
    /// `{"applied": 12, "error": {"index": 13, "move": "…", "code": "P0607", "message": "…",
    /// "file": "…", "line": 40, "column": 5}}` with `file`, `line` and `column` null when no rule
    /// refused the play.
    public var json: String {
        guard let failure else {
            return JSONValue.object([("applied", .integer(applied)), ("won", .boolean(isWon))]).encoded
        }
        let refusal = failure.refusal
        let start = refusal.file == nil ? nil : refusal.range?.start
        let error = JSONValue.object([
            ("index", .integer(failure.index)), ("move", .string(failure.move)),
            ("code", .string(refusal.code.rawValue)), ("message", .string(refusal.message)),
            ("file", .string(refusal.file)), ("line", .integer(start?.line)), ("column", .integer(start?.column)),
        ])
        return JSONValue.object([("applied", .integer(applied)), ("error", error)]).encoded
    }

    /// `applied 130 moves; won: yes`, or `applied 12 moves; move 13 refused` when a play failed.
    public var summary: String {
        let moves = "applied \(applied) move\(applied == 1 ? "" : "s")"
        guard let failure else { return "\(moves); won: \(isWon ? "yes" : "no")" }
        return "\(moves); move \(failure.index) refused"
    }
}
