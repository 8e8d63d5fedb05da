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
    /// The game the plays are applied in.
    public let rules: GameRules
    /// The notation the plays are written in.
    public let notation: PlayNotation

    /// A replay of plays in `notation` under `rules`.
    public init(rules: GameRules, notation: PlayNotation) {
        self.rules = rules
        self.notation = notation
    }

    /// The play tokens of a text; `#` starts a comment in both notations.
    public func tokens(_ text: String) -> [String] { playTokens(text).tokens.map(\.text) }

    /// The plays of a text with their places, and the finding that stops a replay before its
    /// first play: in the fcs notation the text may be Freecell Solver's whole output
    /// (``FCSOutput``), from whose framing and board dumps only the moves are taken.
    public func playTokens(_ text: String) -> (tokens: [PlayToken], problem: Diagnostic?) {
        switch notation {
        case .patience: return (PlayTokens.split(text), nil)
        case .fcs:
            let output = FCSOutput(text)
            return (output.tokens, output.problem)
        }
    }

    /// Applies the plays written in `text` to `table`; a play that cannot be read is reported
    /// with its place in `text`.
    public func run(_ text: String, from table: CardTable) -> ReplayOutcome {
        let (tokens, problem) = playTokens(text)
        if let problem { return ReplayOutcome(unreadable: problem, from: table, rules: rules, text: text) }
        return run(tokens: tokens, from: table)
    }

    /// Applies the plays, one token each, to `table`.
    public func run(tokens: [String], from table: CardTable) -> ReplayOutcome {
        run(tokens: tokens.map { PlayToken($0, at: .fileStart) }, from: table)
    }

    /// Applies the plays, one token each, to `table`.
    public func run(tokens: [PlayToken], from table: CardTable) -> ReplayOutcome {
        run(tokens: tokens, from: table) { _, _ in }
    }

    /// Applies plays already read (a solver's solution, say) to `table`, each judged and applied
    /// by the rules as a play read from text is, so that a list of plays is checked without
    /// writing it out and reading it back. A failing play is named as the project's notation
    /// writes it, whatever `notation` is.
    ///
    /// The plays are made on one working table, judged first where that is a separate step (a
    /// move: `GameRules.allows`), as a search makes them: applying each to a copy of the table
    /// cost four times as much. The refusal of a play the working table does not take is the
    /// one `applying` gives on the table as it stands.
    public func run(plays: [Play], from table: CardTable) -> ReplayOutcome {
        // Held in a local: read out of `self` at each play, the rules were copied every time.
        let rules = rules
        var work = WorkingTable(rules: rules, table: table)
        for (offset, play) in plays.enumerated() {
            let made: Bool
            switch play {
            case .move(let move): made = rules.allows(move, on: work.table) && rules.applyListed(move, to: &work)
            case .tap(let pile): made = rules.tap(pile: pile, on: &work)
            case .remove(let piles): made = rules.remove(piles: piles, on: &work)
            }
            if made { continue }
            var table = work.table
            if let refusal = apply(play, to: &table) {
                return stopped(at: offset + 1, move: MoveNotation(rules: rules).text(of: play), refusal: refusal, table: table)
            }
            // Where the working table and `applying` disagree, `applying` is the rules' word.
            work = WorkingTable(rules: rules, table: table)
        }
        return ReplayOutcome(applied: plays.count, table: work.table, isWon: rules.isWon(work.table), failure: nil)
    }

    /// Applies a play to `table`, or says why the rules refuse it and leaves the table as it was.
    private func apply(_ play: Play, to table: inout CardTable) -> Refusal? {
        do {
            table = try rules.applying(play, to: table)
            return nil
        } catch {
            return error
        }
    }

    /// The outcome of a replay stopped at its `index`-th play, written `move`, which the rules
    /// refused on `table`.
    private func stopped(at index: Int, move: String, refusal: Refusal, table: CardTable) -> ReplayOutcome {
        ReplayOutcome(applied: index - 1, table: table, isWon: rules.isWon(table),
                      failure: ReplayFailure(index: index, move: move, reason: .refused(refusal)))
    }

    /// Applies the plays, telling `applied` each play and the table it leads to.
    func run(tokens: [PlayToken], from table: CardTable, applied: (Play, CardTable) -> Void) -> ReplayOutcome {
        var table = table
        for (offset, token) in tokens.enumerated() {
            let play: Play
            do {
                play = try self.play(token.text, on: table)
            } catch {
                var finding = error.diagnostics.first ?? Diagnostic(.unparseableMove, "the play cannot be read", at: token.range)
                finding.range = token.range
                let failure = ReplayFailure(index: offset + 1, move: token.text, reason: .unreadable(finding))
                return ReplayOutcome(applied: offset, table: table, isWon: rules.isWon(table), failure: failure)
            }
            if let refusal = apply(play, to: &table) { return stopped(at: offset + 1, move: token.text, refusal: refusal, table: table) }
            applied(play, table)
        }
        return ReplayOutcome(applied: tokens.count, table: table, isWon: rules.isWon(table), failure: nil)
    }

    /// The play a token stands for on `table`, or the finding that says why it cannot be read.
    public func play(_ token: String, on table: CardTable) throws(DiagnosticsError) -> Play {
        switch notation {
        case .patience: return try MoveNotation(rules: rules).play(token)
        case .fcs: return .move(try FCSNotation(rules: rules).move(token, on: table))
        }
    }
}

/// The play at which a replay stopped, and why.
public struct ReplayFailure: Hashable, Sendable {
    /// Why a replay stopped at a play.
    public enum Reason: Hashable, Sendable {
        /// The play could not be read; the finding's range is the play's place in the list.
        case unreadable(Diagnostic)
        /// The rules or the engine refused it.
        case refused(Refusal)
    }

    /// The play's 1-based position in the list.
    public var index: Int
    /// The play as written.
    public var move: String
    /// Why it stopped.
    public var reason: Reason

    /// A failure at the `index`th play, written `move`.
    public init(index: Int, move: String, reason: Reason) {
        self.index = index
        self.move = move
        self.reason = reason
    }

    /// The code of the finding or of the refusal.
    public var code: DiagnosticCode {
        switch reason {
        case .unreadable(let finding): return finding.code
        case .refused(let refusal): return refusal.code
        }
    }

    /// The message of the finding or of the refusal.
    public var message: String {
        switch reason {
        case .unreadable(let finding): return finding.message
        case .refused(let refusal): return refusal.message
        }
    }

    /// The refusal, when the rules or the engine refused the play.
    public var refusal: Refusal? {
        if case .refused(let refusal) = reason { return refusal }
        return nil
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

    /// An outcome with these counts, table and failure.
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
        let start = refusal?.file == nil ? nil : refusal?.range?.start
        let error = JSONValue.object([
            ("index", .integer(failure.index)), ("move", .string(failure.move)),
            ("code", .string(failure.code.rawValue)), ("message", .string(failure.message)),
            ("file", .string(refusal?.file)), ("line", .integer(start?.line)), ("column", .integer(start?.column)),
        ])
        return JSONValue.object([("applied", .integer(applied)), ("error", error)]).encoded
    }

    /// A replay that stops before its first play, at a finding about the whole list.
    init(unreadable finding: Diagnostic, from table: CardTable, rules: GameRules, text: String) {
        let move = finding.range.start.offset < text.utf8.count
            ? String(decoding: text.utf8.dropFirst(finding.range.start.offset).prefix(max(finding.range.end.offset - finding.range.start.offset, 0)), as: UTF8.self)
            : ""
        self.init(applied: 0, table: table, isWon: rules.isWon(table), failure: ReplayFailure(index: 1, move: move, reason: .unreadable(finding)))
    }

    /// `applied 130 moves; won: yes`, or `applied 12 moves; move 13 refused` when a play failed.
    public var summary: String {
        let moves = "applied \(applied) move\(applied == 1 ? "" : "s")"
        guard let failure else { return "\(moves); won: \(isWon ? "yes" : "no")" }
        return "\(moves); move \(failure.index) refused"
    }
}
