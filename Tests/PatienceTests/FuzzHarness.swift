import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine
@testable import PatienceLanguageServer
// The fuzzing harness: what the libFuzzer targets in Fuzz/ run on every input, and what
// FuzzRegressionTests replays on every stored reproducer. It lives in the test target so that
// `swift test` compiles and runs it; Scripts/fuzz.sh compiles it into the fuzz targets with
// `-D PATIENCE_FUZZ`, together with the library sources as one module.
import Foundation
#if !PATIENCE_FUZZ
#endif

/// An invariant that did not hold, with what was being checked.
struct InvariantFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum FuzzHarness {
    /// Any bytes through the lexer, parser and checker (`lintRuleSource`) and what the command line
    /// does with the findings; a file without errors is then compiled, dealt and played for a few
    /// random steps with the engine's invariants checked. `extends` resolves next to `path`.
    static func lint(_ bytes: [UInt8], path: String) throws(InvariantFailure) {
        let (decoded, readDiagnostics) = RuleLoader.decode(Data(bytes))
        guard let text = decoded else {
            if readDiagnostics.isEmpty { throw InvariantFailure("undecodable bytes without a diagnostic") }
            return
        }
        let result = lintRuleSource(text, path: path)
        let rendered = DiagnosticRenderer().render(result)
        _ = DiagnosticJSON.encode([result])
        // No file shows more than the limit's findings and the one that counts the rest (issue 35).
        if rendered.count > DiagnosticLimit.perFile + 1 || result.diagnostics.count > DiagnosticLimit.perFile + 1 {
            throw InvariantFailure("\(result.diagnostics.count) findings shown, more than the limit of \(DiagnosticLimit.perFile) and one")
        }
        try framing(bytes)
        guard result.errorCount == 0 else { return }

        let rules: GameRules
        do {
            rules = try GameCompiler.compile(source: text, path: path)
        } catch {
            throw InvariantFailure("lint found no error, but compiling failed: \(error.diagnostics.map(\.message))")
        }
        // The seed comes from the bytes, so a reproducer replays the same deal and playout.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let game: Game
        do {
            game = try Game(rules: rules, deal: .seed(hash))
        } catch {
            throw InvariantFailure("a game without lint errors cannot be dealt with seed:\(hash): \(error.message)")
        }
        var playout = Playout(rules: rules, game: game, choices: ChoiceSource(bytes: [], generator: SeededGenerator(seed: hash)))
        try playout.run(steps: 10, sampleStride: 13)
    }

    /// The same bytes as the input of the language server, arriving in chunks of sizes taken from
    /// the bytes: the reader must end, having taken at least one byte for every message or fault
    /// it reports, whatever the framing (issue 35).
    static func framing(_ bytes: [UInt8]) throws(InvariantFailure) {
        guard FramingCheck.results(of: bytes) != nil else {
            throw InvariantFailure("the message reader reported more results than the \(bytes.count) bytes")
        }
    }

    /// Every bundled game (file name → text), compiled for each value of its options that changes play.
    static func compileBundledGames(_ files: [String: String]) throws(InvariantFailure) -> [GameRules] {
        var games: [GameRules] = []
        for (name, source) in files.sorted(by: { $0.key < $1.key }) {
            let optionSets: [[String: String]]
            switch name {
            case "Klondike.patience": optionSets = [[:], ["draw": "3"], ["draw": "3", "redeals": "2"], ["redeals": "0"]]
            case "Spider.patience": optionSets = [[:], ["suits": "1"], ["suits": "2"]]
            default: optionSets = [[:]]
            }
            for options in optionSets {
                do throws(DiagnosticsError) {
                    // Variants find their bases among the same bundled texts.
                    games.append(try GameCompiler.compile(source: source, path: name, options: options, files: files))
                } catch {
                    throw InvariantFailure("the bundled \(name) with \(options) does not compile: \(error.diagnostics.map(\.message))")
                }
            }
        }
        if games.isEmpty { throw InvariantFailure("no bundled rule files") }
        return games
    }

    /// The bytes as a game and a playout: byte 0 picks the game, byte 1 the kind of deal (seeded or,
    /// for one standard deck, Microsoft's), the next 8 its number; the rest drive up to 48 steps of
    /// moves, taps, drags, undos, redos, saves and edited saves.
    static func engine(_ bytes: [UInt8], games: [GameRules]) throws(InvariantFailure) {
        guard bytes.count >= 2, !games.isEmpty else { return }
        let rules = games[Int(bytes[0]) % games.count]
        var number: UInt64 = 0
        for byte in bytes.dropFirst(2).prefix(8) { number = number << 8 | UInt64(byte) }
        let deal: DealSource
        if bytes[1] & 1 == 1, rules.deck.count == 52 {
            deal = .microsoft(Int(number % 1_000_000) + 1)
        } else {
            deal = .seed(number)
        }
        let game: Game
        do {
            // Microsoft deals exist only for one plain deck; a game that pre-places cards refuses
            // them (P0706), and then the same number seeds the project's own shuffle instead.
            if case .microsoft = deal, let plain = try? Game(rules: rules, deal: deal) {
                game = plain
            } else {
                game = try Game(rules: rules, deal: .seed(number))
            }
        } catch {
            throw InvariantFailure("\(rules.name) cannot deal \(deal): \(error.message)")
        }
        var playout = Playout(rules: rules, game: game, choices: ChoiceSource(bytes: Array(bytes.dropFirst(10))))
        try playout.run(steps: 48, sampleStride: 29)
    }


    /// Where a playout's choices come from: the fuzzer's bytes, then (when given) a seeded generator.
    struct ChoiceSource {
        var bytes: [UInt8]
        var index = 0
        var generator: SeededGenerator?

        init(bytes: [UInt8], generator: SeededGenerator? = nil) {
            self.bytes = bytes
            self.generator = generator
        }

        var isExhausted: Bool { index >= bytes.count && generator == nil }

        /// The next byte, or nil when the bytes are used up and there is no generator.
        mutating func byte() -> UInt8? {
            if index < bytes.count {
                defer { index += 1 }
                return bytes[index]
            }
            guard var g = generator else { return nil }
            defer { generator = g }
            return UInt8(truncatingIfNeeded: g.next())
        }

        /// A number in `0..<bound` (0 when the source is exhausted); `bound` must be positive.
        mutating func below(_ bound: Int) -> Int {
            if bound <= 256 { return Int(byte() ?? 0) % bound }
            let high = Int(byte() ?? 0), low = Int(byte() ?? 0)
            return (high << 8 | low) % bound
        }
    }

    /// Checks what must hold of every table, position and play of one game.
    struct InvariantChecker {
        let rules: GameRules
        let deck: CardCount
        let encoder: JSONEncoder
        let decoder = JSONDecoder()

        init(rules: GameRules) {
            self.rules = rules
            deck = CardCount(rules.deck)
            encoder = JSONEncoder()
        }

        /// The shared invariant of a table's shape and cards (`GameInvariants`).
        func checkTable(_ table: CardTable, _ context: @autoclosure () -> String) throws(InvariantFailure) {
            if let problem = GameInvariants.shapeAndCards(of: table, rules: rules, deck: deck) { throw InvariantFailure("\(context()): \(problem)") }
        }

        /// `legalMoves` lists exactly the candidate moves that `allows` accepts, and `refusal(for:)`
        /// agrees with `allows`. Candidates: every source, every run length up to one past the face-up
        /// run (longer runs are refused for the same face-down card), every destination, plus a few
        /// malformed moves. `stride` > 1 checks every stride-th candidate, starting at `offset`.
        func checkLegalMoves(on table: CardTable, legal: [Move], stride: Int = 1, offset: Int = 0,
                             _ context: @autoclosure () -> String) throws(InvariantFailure) {
            let legalSet = Set(legal)
            guard legalSet.count == legal.count else { throw InvariantFailure("\(context()): legalMoves lists a move twice") }
            for move in legal where !rules.allows(move, on: table) {
                throw InvariantFailure("\(context()): legalMoves lists \(move), which allows refuses: \(rules.refusal(for: move, on: table)?.message ?? "-")")
            }
            let pileCount = table.piles.count
            var n = 0
            for source in -1...pileCount {
                let cards = source >= 0 && source < pileCount ? table.piles[source].cards : []
                var faceUpRun = 0
                while faceUpRun < cards.count && cards[cards.count - 1 - faceUpRun].isFaceUp { faceUpRun += 1 }
                let longest = min(cards.count, faceUpRun + 1)
                for count in [0] + Array(1...max(longest, 1)) + [cards.count + 1] {
                    for destination in -1...pileCount {
                        n += 1
                        guard (n + offset) % stride == 0 else { continue }
                        let move = Move(source: source, count: count, destination: destination)
                        let allowed = rules.allows(move, on: table)
                        // Building a refusal's message costs more; compare it on every third candidate.
                        if n % 3 == 0 {
                            let refusal = rules.refusal(for: move, on: table)
                            if allowed != (refusal == nil) {
                                throw InvariantFailure("\(context()): allows says \(allowed) for \(move) but refusal(for:) says \(refusal?.message ?? "nil")")
                            }
                        }
                        if allowed != legalSet.contains(move) {
                            throw InvariantFailure("\(context()): allows says \(allowed) for \(move), legalMoves \(allowed ? "omits" : "lists") it")
                        }
                    }
                }
            }
        }

        /// The state survives a JSON round trip, and a game restored from it is accepted.
        /// Returns the restored game.
        @discardableResult
        func checkCodable(_ state: GameState, _ context: @autoclosure () -> String) throws(InvariantFailure) -> Game {
            let data: Data
            do { data = try encoder.encode(state) } catch { throw InvariantFailure("\(context()): GameState does not encode: \(error)") }
            let decoded: GameState
            do { decoded = try decoder.decode(GameState.self, from: data) } catch {
                throw InvariantFailure("\(context()): GameState does not decode: \(error)")
            }
            guard decoded == state else { throw InvariantFailure("\(context()): GameState changed in a JSON round trip") }
            do { return try Game(rules: rules, state: decoded) } catch {
                throw InvariantFailure("\(context()): a saved game of this game is refused on restore: \(error.message)")
            }
        }

        /// Undo then redo, and redo then undo, give back the same state.
        func checkUndoRedo(_ game: Game, _ context: @autoclosure () -> String) throws(InvariantFailure) {
            var copy = game
            if copy.undo() {
                guard copy.redo(), copy.state == game.state else { throw InvariantFailure("\(context()): undo then redo changed the state") }
            }
            copy = game
            if copy.redo() {
                guard copy.undo(), copy.state == game.state else { throw InvariantFailure("\(context()): redo then undo changed the state") }
            }
        }
    }

    /// A sequence of plays, undos, redos and restores on one game, checked after every step.
    struct Playout {
        let checker: InvariantChecker
        var game: Game
        var choices: ChoiceSource
        var log: [String] = []
        /// The legal plays of the last table they were listed for: listing them is the costliest
        /// part of a step, and a refused play, the check after a step and the next step all ask again.
        var cachedPlays: (table: CardTable, plays: [Play])?

        var rules: GameRules { checker.rules }

        init(rules: GameRules, game: Game, choices: ChoiceSource) {
            checker = InvariantChecker(rules: rules)
            self.game = game
            self.choices = choices
        }

        var context: String { "\(rules.name) after [\(log.suffix(8).joined(separator: ", "))]" }

        /// Plays up to `steps` steps, or until the choices run out. After each step the cheap
        /// invariants are checked in full and `legalMoves` against `allows` on every `sampleStride`-th
        /// candidate (a different sample each step); at the end, on every candidate.
        mutating func run(steps: Int, sampleStride: Int) throws(InvariantFailure) {
            try checker.checkTable(game.table, "the deal of \(context)")
            for step in 1...max(steps, 1) {
                guard let op = choices.byte() else { break }
                try self.step(op)
                try checker.checkTable(game.table, context)
                try checker.checkUndoRedo(game, context)
                try checker.checkLegalMoves(on: game.table, legal: legalMoves(), stride: sampleStride, offset: step, context)
            }
            try checker.checkLegalMoves(on: game.table, legal: legalMoves(), "the end of \(context)")
            if let problem = GameInvariants.listingDisagreement(rules: rules, table: game.table, candidates: Candidates.moves(on: game.table)) {
                throw InvariantFailure("the end of \(context): \(problem)")
            }
            // JSON coding is by far the slowest check, so the whole state (with its history) is
            // round-tripped whenever the playout saves and restores (op 13), and at the end the
            // table with the newest eight entries of each stack.
            try checker.checkCodable(GameState(table: game.table, undoStack: game.state.undoStack.suffix(8),
                                               redoStack: game.state.redoStack.suffix(8)), "the end of \(context)")
        }

        /// `game.legalPlays`, listed once per table.
        mutating func legalPlays() -> [Play] {
            if let cachedPlays, cachedPlays.table == game.table { return cachedPlays.plays }
            let plays = game.legalPlays
            cachedPlays = (game.table, plays)
            return plays
        }

        mutating func legalMoves() -> [Move] {
            legalPlays().compactMap { if case .move(let move) = $0 { move } else { nil } }
        }

        /// One step, chosen by `op`.
        mutating func step(_ op: UInt8) throws(InvariantFailure) {
            let pileCount = rules.pileCount
            switch op % 16 {
            case 0..<6:
                // A legal play, so that the game gets somewhere.
                let plays = legalPlays()
                guard !plays.isEmpty else { log.append("no plays"); return }
                let play = plays[choices.below(plays.count)]
                log.append("\(play)")
                try tryPlay(play, expectLegal: true)
            case 6, 7:
                // Any move, mostly refused.
                let source = choices.below(pileCount + 2) - 1
                let count = choices.below(16)
                let destination = choices.below(pileCount + 2) - 1
                let move = Move(source: source, count: count, destination: destination)
                log.append("\(move)")
                let allowed = rules.allows(move, on: game.table)
                try tryPlay(.move(move), expectLegal: allowed ? nil : false)
            case 8, 9:
                let pile = choices.below(pileCount + 2) - 1
                log.append("tap \(pile)")
                try tryPlay(.tap(pile: pile), expectLegal: nil)
            case 10:
                log.append("undo")
                let before = game.state
                if !game.undo() && game.state != before { throw InvariantFailure("\(context): a refused undo changed the state") }
            case 11:
                log.append("redo")
                let before = game.state
                if !game.redo() && game.state != before { throw InvariantFailure("\(context): a refused redo changed the state") }
            case 12:
                // Through the drag-and-drop facade: drag a card (and those on it) to a pile.
                let table = game.table
                let pile = choices.below(max(pileCount, 1))
                let destination = choices.below(max(pileCount, 1))
                guard pile < table.piles.count, !table.piles[pile].cards.isEmpty, destination < pileCount else { return }
                let cards = table.piles[pile].cards
                let position = choices.below(cards.count)
                let dragged = cards[position...].map(\.card)
                log.append("drag \(dragged.first.map { "\($0)" } ?? "-")→\(destination)")
                _ = game.cardStack(startingAt: dragged[0])
                let before = game.state
                do {
                    try game.insertCards(dragged, to: .init(position: .end, collectionID: rules.pileID(destination)))
                } catch {
                    if game.state != before { throw InvariantFailure("\(context): a refused drag changed the state") }
                }
            case 13:
                // Save and restore through JSON mid-game, then play on from the restored game.
                log.append("save/restore")
                game = try checker.checkCodable(game.state, context)
            case 14:
                // A saved game edited by hand: a card moved to another pile or turned over, or an
                // action's use count changed. A save that holds the game's cards and counts no action
                // below zero must be accepted, and play must go on from it without harm.
                var table = game.table
                let from = choices.below(max(pileCount, 1)), to = choices.below(max(pileCount, 1))
                guard from < table.piles.count, to < table.piles.count else { return }
                var mayBeRefused = false
                switch choices.below(3) {
                case 0 where !table.piles[from].cards.isEmpty:
                    let position = choices.below(table.piles[from].cards.count)
                    let card = table.piles[from].cards.remove(at: position)
                    table.piles[to].cards.append(card)
                    log.append("edit: move pile \(from)#\(position) to \(to)")
                case 1 where !table.piles[from].cards.isEmpty:
                    let position = choices.below(table.piles[from].cards.count)
                    table.piles[from].cards[position].isFaceUp.toggle()
                    log.append("edit: turn pile \(from)#\(position)")
                case 2 where !table.actionUses.isEmpty:
                    let action = choices.below(table.actionUses.count)
                    let counts = [Int.max, Int.max - 1, Int.min, -1, 0, 1, 2, 1_000_000]
                    let count = counts[choices.below(counts.count)]
                    table.actionUses[action] = count
                    mayBeRefused = count < 0
                    log.append("edit: action \(action) used \(count) times")
                default:
                    return
                }
                let state = GameState(table: table, undoStack: game.state.undoStack + [game.table], redoStack: [])
                do throws(DiagnosticsError) {
                    game = try Game(rules: rules, state: state)
                } catch {
                    if !mayBeRefused {
                        throw InvariantFailure("\(context): an edited save with the game's cards was refused: \(error.message)")
                    }
                }
            default:
                // Ask the questions a UI asks, which must not crash.
                log.append("ask")
                _ = game.isWon
                _ = game.isStuck
                _ = game.isDeadEnd
                let notation = MoveNotation(rules: rules)
                for play in legalPlays().prefix(8) {
                    let text = notation.text(of: play)
                    guard let parsed = try? notation.play(text), parsed == play else {
                        throw InvariantFailure("\(context): the notation of \(play), '\(text)', does not read back")
                    }
                }
                _ = TableListing(rules: rules).text(of: game.table)
                // Move text and board text as a user types them: read or refused, never a crash.
                let text = typedText()
                log.append("text \(text.debugDescription)")
                for notation in PlayNotation.allCases {
                    if let play = try? Replay(rules: rules, notation: notation).play(text, on: game.table) {
                        try tryPlay(play, expectLegal: nil)
                    }
                }
                if let table = try? rules.table(fromBoardText: text) {
                    try checker.checkTable(table, "the board text \(text.debugDescription)")
                }
            }
        }

        /// Words of the move notations and board text, chosen by the bytes, with now and then a raw character.
        mutating func typedText() -> String {
            let words = ["tableau", "cell", "foundation", "stock", "waste", "reserve", "[", "]", "1", "2", "3", "8", "10", "0",
                         "-1", "->", "x", "x3", "tap(", ")", "a", "h", "v", "v3", "9999999999999999999", " ", ",", "#", "\n",
                         "Foundations:", "Freecells:", "Talon:", "H-5", "S-K", "KS", "AH", "<8H>", "TD", "-", ":"]
            var text = ""
            for _ in 0..<choices.below(12) {
                let b = Int(choices.byte() ?? 0)
                if b < 216 {
                    text += words[b % words.count]
                } else {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8(b - 216 + 32)))
                }
            }
            return text
        }

        /// Applies a play through the facade. A refused play must leave the state exactly as it was;
        /// a play the rules refuse must be refused; a play that is applied must have been allowed.
        mutating func tryPlay(_ play: Play, expectLegal: Bool?) throws(InvariantFailure) {
            let before = game.state
            let refusal: Refusal?
            do throws(Refusal) {
                try game.apply(play)
                refusal = nil
            } catch {
                refusal = error
            }
            if let refusal {
                if game.state != before { throw InvariantFailure("\(context): a refused play changed the state (\(refusal.message))") }
                if refusal.message.isEmpty { throw InvariantFailure("\(context): a refusal without a message") }
            } else {
                if expectLegal == false { throw InvariantFailure("\(context): a refused play was applied") }
                if case .move(let move) = play, !rules.allows(move, on: before.table) {
                    throw InvariantFailure("\(context): a move that allows refuses was applied")
                }
                guard game.state.undoStack.last == before.table, game.state.redoStack.isEmpty else {
                    throw InvariantFailure("\(context): a play did not record its undo step")
                }
            }
        }
    }
}
