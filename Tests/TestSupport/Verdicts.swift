import Testing
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats
import Patience
import PatienceCommandLine

/// What the rules should answer to a play.
package enum Verdict: Sendable, Equatable, CustomStringConvertible {
    case legal
    case refused(DiagnosticCode)

    package var description: String {
        switch self {
        case .legal: return "legal"
        case .refused(let code): return "refused \(code.rawValue)"
        }
    }
}

/// A play written with pile addresses: move the top `count` cards, tap a pile, or remove the top
/// cards of some piles together.
package enum PlayText: Sendable, CustomStringConvertible {
    case move(Int, from: String, to: String)
    case tap(String)
    case remove([String])

    package var description: String {
        switch self {
        case .move(let count, let from, let to): return "move \(count) from \(from) to \(to)"
        case .tap(let pile): return "tap \(pile)"
        case .remove(let piles): return "remove " + piles.joined(separator: " + ")
        }
    }
}

/// One row of a rule table: a position, a play, and the verdict the rule file must give.
package struct VerdictCase: Sendable, CustomTestStringConvertible {
    package var name: String
    package var options: [String: String] = [:]
    package var position: [String: String]
    package var actionUses: [String: Int] = [:]
    /// Values of the game's memories in the position, by name; the others keep their first values.
    package var memory: [String: Int] = [:]
    package var play: PlayText
    package var verdict: Verdict
    /// For a refusal: text found on exactly one line of the rule file, the line the refusal must point at.
    package var ruleLine: String?
    /// For a legal play: piles as they must be afterwards. A leading `...` matches any cards below the rest.
    package var after: [String: String] = [:]
    /// For a legal play: values the game's memories must hold afterwards, by name.
    package var afterMemory: [String: Int] = [:]

    package init(_ name: String, options: [String: String] = [:], _ position: [String: String], actionUses: [String: Int] = [:],
         memory: [String: Int] = [:], _ play: PlayText, _ verdict: Verdict, ruleLine: String? = nil, after: [String: String] = [:],
         afterMemory: [String: Int] = [:]) {
        self.name = name
        self.options = options
        self.position = position
        self.actionUses = actionUses
        self.memory = memory
        self.play = play
        self.verdict = verdict
        self.ruleLine = ruleLine
        self.after = after
        self.afterMemory = afterMemory
    }

    package var testDescription: String { "\(name): \(play) is \(verdict)" }
}

/// Refusals the engine gives itself, before any rule of the file is asked.
private let engineChecks: Set<DiagnosticCode> = [
    .noSuchPile, .cardNotInPile, .faceDownInRun, .zoneCannotGive, .zoneCannotReceive, .samePile, .emptyRun,
]

/// Checks one row against a bundled game: the verdict, where a refusal points, that the move and
/// tap lists agree with the verdict, and the piles after a legal play.
package func checkVerdict(_ row: VerdictCase, game: String) throws {
    let rules = try Positions.rules(game, options: row.options)
    let table = try Positions.table(rules, row.position, actionUses: row.actionUses, memory: row.memory)

    let play: Play
    let listed: Bool
    switch row.play {
    case .move(let count, let from, let to):
        let move = try rules.move(count, from: from, to: to)
        play = .move(move)
        listed = rules.legalMoves(on: table).contains(move)
    case .tap(let pile):
        let index = try rules.pile(pile)
        play = .tap(pile: index)
        listed = rules.legalTaps(on: table).contains(index)
    case .remove(let addresses):
        let piles = try addresses.map { address throws(PositionError) in try rules.pile(address) }
        play = .remove(piles: piles)
        listed = rules.legalRemovals(on: table).contains(piles.sorted())
    }

    let result: Result<CardTable, Refusal>
    do { result = .success(try rules.applying(play, to: table)) } catch { result = .failure(error) }

    switch (row.verdict, result) {
    case (.legal, .failure(let refusal)):
        Issue.record("refused with \(refusal.code.rawValue): \(refusal.message)")
    case (.legal, .success(let next)):
        expectTrue(listed, "a legal play must be listed by legalMoves or legalTaps")
        if case .move(let move) = play { expectEqual(rules.refusal(for: move, on: table), nil) }
        expectEqual(next.allCards.sorted(), rules.deck.sorted(), "the play must keep every card of the game")
        for (address, expected) in row.after {
            let actual = Positions.text(of: next.piles[try rules.pile(address)])
            if expected.hasPrefix("...") {
                // Match whole cards: "... 4C" must not accept a pile ending in a face-down "#4C".
                expectHasSuffix(actual, expected.dropFirst(3), "\(address) is '\(actual)'")
            } else {
                expectEqual(actual, expected, "\(address)")
            }
        }
        for (name, expected) in row.afterMemory {
            let slot = try #require(rules.memorySlots.firstIndex(where: { $0.name == name }), "no memory '\(name)'")
            expectEqual(next.memory[slot], expected, "memory \(name)")
        }
    case (.refused, .success):
        Issue.record("the play was allowed")
    case (.refused(let code), .failure(let refusal)):
        expectEqual(refusal.code, code, "\(refusal.message)")
        expectFalse(listed, "a refused play must not be listed by legalMoves or legalTaps")
        if case .move(let move) = play { expectEqual(rules.refusal(for: move, on: table), refusal) }
        if engineChecks.contains(code) {
            expectTrue(refusal.file == nil && refusal.range == nil, "the engine makes this check, not a rule")
        }
        if let ruleLine = row.ruleLine {
            let lines = try Positions.lines(containing: ruleLine, in: game)
            try #require(lines.count == 1, "'\(ruleLine)' must name one line of \(game).patience, not \(lines)")
            expectEqual(refusal.file, Positions.rulesPath(game))
            // The refusal's range is the whole `require`, which may wrap its `else "…"` onto a line of its own.
            let covered = refusal.range.map { $0.start.line...$0.end.line }
            expectEqual(covered?.contains(lines[0]), true, "the refusal points at lines \(covered.map { "\($0)" } ?? "none"), not at line \(lines[0])")
        }
    }
}
