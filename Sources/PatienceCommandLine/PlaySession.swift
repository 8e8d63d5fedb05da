import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats
import PatienceSolver

/// The conversation of `patience play`: reads each typed line against the `Game` facade and says
/// what to show. Every legality question goes to the facade; this type only matches what was
/// typed to the plays the facade offers, and keeps what a player's session has beyond the game
/// (the deal's name, the clock, the last refusal, whether the game is saved).
struct PlaySession: Sendable {
    /// A source pile chosen by typing it alone, waiting for a destination.
    struct Selection: Equatable, Sendable {
        var pile: Int
        /// The number of cards asked for with `xN` or by naming a card; nil moves the longest
        /// run the rules allow.
        var count: Int?
    }

    private(set) var game: Game
    let notation: MoveNotation
    let shorthand: PileShorthand
    private(set) var selection: Selection?
    /// The deal as `--deal` writes it, for the heading; nil for a table read from board text.
    private(set) var dealSpec: String?
    /// Whether cards that can safely go to a foundation are played on their own.
    private(set) var autoplayIsOn = false
    private let autoplay: FoundationAutoplay
    private var hints = PlayHints()
    /// Every table this game has shown, so that no hint leads back to one of them.
    private var seen: Set<CardTable>
    /// The last refused play, in the notation, and its refusal, for `why`.
    private var lastRefusal: (play: String, refusal: Refusal)?
    /// The state as last saved or loaded; nil when this game was never saved.
    private var savedState: GameState?
    /// Seconds on a monotonic clock, read for the elapsed time.
    private let clock: @Sendable () -> Double
    private var startedAt: Double
    /// Seconds played before this session took the game over (from a saved game).
    private var carriedSeconds = 0
    /// The statistics file, where games won and lost are counted.
    private let statistics: StatisticsKeeper
    /// Whether the game on the table has been counted in the statistics (it is won, or was left).
    private var isCounted = false
    /// Goes up each time another game is put on the table, so that leaving one can be told.
    private var gameNumber = 0

    init(game: Game, dealSpec: String?, statisticsPath: String? = nil,
         clock: @escaping @Sendable () -> Double = PlaySession.monotonicSeconds) {
        self.game = game
        statistics = StatisticsKeeper(path: statisticsPath, game: game.rules.name)
        self.dealSpec = dealSpec
        self.clock = clock
        startedAt = clock()
        notation = MoveNotation(rules: game.rules)
        shorthand = PileShorthand(rules: game.rules)
        autoplay = FoundationAutoplay(rules: game.rules, table: game.table)
        seen = Set([game.table] + game.state.undoStack)
    }

    /// Seconds since some fixed moment, never going back.
    @Sendable static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Whole seconds this game has been played, counting those before it was saved.
    var elapsedSeconds: Int { carriedSeconds + Int(clock() - startedAt) }

    /// Whether the game has foundations that autoplay can send cards to.
    var autoplayIsAvailable: Bool { autoplay.isAvailable }

    /// Whether quitting now loses plays: the game has changed since it was dealt or last saved.
    var isUnsaved: Bool {
        savedState.map { $0 != game.state } ?? game.canUndo
    }

    /// What to show when the game starts.
    var openingEvents: [PlayEvent] {
        [.table] + outcome
    }

    /// Answers one line of input; `quit` is left to the caller (see ``leave()``). A game won
    /// is counted in the statistics at once; a game left for another (new, restart, load) after
    /// a play is counted as lost.
    mutating func respond(to input: PlayInput) -> [PlayEvent] {
        let (previous, number, wasCounted) = (game, gameNumber, isCounted)
        var events = answer(to: input)
        if gameNumber != number, !wasCounted, previous.canUndo, !previous.isWon, let line = statistics.record(won: false) {
            events.insert(.message(line), at: 0)
        }
        if game.isWon, !isCounted {
            isCounted = true
            if let line = statistics.record(won: true) { events.append(.message(line)) }
        }
        return events
    }

    /// Ends the session: counts the game as lost when it had a play and is not counted yet, and
    /// gives the statistics line to show (a game won has shown it already).
    mutating func leave() -> [PlayEvent] {
        guard !isCounted, game.canUndo, !game.isWon else { return [] }
        isCounted = true
        return statistics.record(won: false).map { [.message($0)] } ?? []
    }

    private mutating func answer(to input: PlayInput) -> [PlayEvent] {
        switch input {
        case .quit:
            return []
        case .show:
            return [.table]
        case .help:
            return [.help]
        case .cancel:
            guard selection != nil else { return [.message("no pile is selected")] }
            selection = nil
            return [.deselected]
        case .undo:
            selection = nil
            guard game.undo() else { return [.message("there is nothing to undo")] }
            return [.message("took back the last play"), .table] + outcome
        case .redo:
            selection = nil
            guard game.redo() else { return [.message("there is nothing to redo")] }
            seen.insert(game.table)
            return [.message("played again the play taken back"), .table] + outcome
        case .hint:
            return hint()
        case .moves:
            return [.list(game.legalPlays.map(notation.text(of:)))]
        case .why:
            guard let lastRefusal else { return [.message("no play has been refused yet")] }
            return [.why(lastRefusal.refusal, play: lastRefusal.play)]
        case .rules:
            return [.rules(RulesSummary.lines(for: game.rules))]
        case .stats:
            return [.message(statistics.current())]
        case .finish:
            return finishGame()
        case .auto(let setting):
            autoplayIsOn = setting
            guard autoplayIsOn else { return [.message("auto is off: cards go to the foundations only when you move them")] }
            guard autoplay.isAvailable else {
                autoplayIsOn = false
                return [.message("this game has no foundations that auto can play to")]
            }
            let played = playAutomatically()
            return [.message("auto is on: every card that can safely go to a foundation goes there on its own")]
                + (played.isEmpty ? [] : [.autoPlayed(played), .table] + outcome)
        case .new(let spec):
            return newGame(spec)
        case .restart:
            return restart()
        case .save(let path):
            return save(to: path)
        case .load(let path):
            return load(from: path)
        case .listedPlay(let number):
            let plays = game.legalPlays
            guard plays.indices.contains(number - 1) else {
                let range = plays.isEmpty ? "there are no legal plays" : "type 1 to \(plays.count)"
                return [.message("there is no play \(number) in the list; \(range), or moves to list them")]
            }
            return perform(plays[number - 1])
        case .notation(let text):
            do throws(DiagnosticsError) {
                return perform(try readPlay(text))
            } catch {
                return [Self.unreadable(text, error)]
            }
        case .tap(let word):
            do throws(DiagnosticsError) {
                return perform(.tap(pile: try readPile(word).pile))
            } catch {
                return [Self.unreadable("tap(\(word))", error)]
            }
        case .piles(let words):
            return choose(words)
        case .misusedCommand(let command, let usage):
            return [.message(usage == command
                ? "\(Spelling.quoted(command)) takes nothing after it (type help)"
                : "\(Spelling.quoted(command)) is typed as: \(usage) (type help)")]
        case .unknown(let word):
            return [Self.unknownCommand(word)]
        }
    }

    // MARK: Playing

    /// Applies a play through the facade; a refusal changes nothing.
    private mutating func perform(_ play: Play) -> [PlayEvent] {
        perform(play) { (game: inout Game) throws(Refusal) in try game.apply(play) }
    }

    /// Makes a change through the drag-and-drop facade (`insertCards`, `tap`, `remove`), as
    /// `patience serve` does for a drop, a click or a double-click, with what follows every play
    /// here: the hints' plan, the tables seen, and the cards autoplay sends home. `attempted` is
    /// the play the change stands for, to word a refusal; the play reported is the legal play
    /// that leads to the table the change made (a drop may stand for a removal).
    mutating func perform(_ attempted: Play, by change: (inout Game) throws(Refusal) -> Void) -> [PlayEvent] {
        selection = nil
        let before = game.table
        do throws(Refusal) {
            try change(&game)
        } catch {
            lastRefusal = (notation.text(of: attempted), error)
            return [.refused(attempted, error)]
        }
        let play = game.rules.legalPlays(on: before).first { (try? game.rules.applying($0, to: before)) == game.table } ?? attempted
        let text = notation.text(of: play)
        hints.played(play, from: before, to: game.table)
        seen.insert(game.table)
        let automatic = autoplayIsOn ? playAutomatically() : []
        return [.played(text)] + (automatic.isEmpty ? [] : [.autoPlayed(automatic)]) + [.table] + outcome
    }

    /// Makes every automatic move to the foundations, each an undoable play; their notation.
    private mutating func playAutomatically() -> [String] {
        var played: [String] = []
        while played.count < game.rules.deck.count, let (move, _) = autoplay.nextMove(on: game.table) {
            let before = game.table
            do throws(Refusal) {
                try game.apply(.move(move))
            } catch {
                break
            }
            hints.played(.move(move), from: before, to: game.table)
            seen.insert(game.table)
            played.append(notation.text(of: .move(move)))
        }
        return played
    }

    /// `auto` alone: plays every card it can to a foundation, turning the stock when none can,
    /// until the game is won, each play undoable on its own. Nothing is played unless that wins
    /// the game: a game that still needs thought is left to the player.
    private mutating func finishGame() -> [PlayEvent] {
        guard !game.isWon else { return [.won] }
        let foundations = Set(game.rules.zones.filter { $0.role == .foundation }.flatMap(\.piles))
        guard !foundations.isEmpty else { return [.message("this game has no foundations that auto can play to")] }
        var trial = game
        var played: [String] = []
        var tablesAfterTaps: Set<CardTable> = []
        while !trial.isWon, played.count < 4 * game.rules.deck.count {
            let plays = trial.legalPlays
            let toFoundation = plays.first { play in
                if case .move(let move) = play { return foundations.contains(move.destination) && !foundations.contains(move.source) }
                return false
            }
            guard let play = toFoundation ?? plays.first(where: { if case .tap = $0 { return true } else { return false } }) else { break }
            do throws(Refusal) { try trial.apply(play) } catch { break }
            if case .tap = play, !tablesAfterTaps.insert(trial.table).inserted { break }
            played.append(notation.text(of: play))
        }
        guard trial.isWon else {
            return [.message("auto finishes the game only when every card can go to the foundations from here (turning the stock as needed), and not all can yet; auto on plays the safe ones as you go")]
        }
        game = trial
        selection = nil
        hints.reset()
        seen.formUnion(game.state.undoStack)
        seen.insert(game.table)
        return [.autoPlayed(played), .table] + outcome
    }

    /// A win, a stuck table or a dead end, announced after every change. A stuck table is a
    /// dead end, so a table with a move (the usual case) is listed once, not twice.
    private var outcome: [PlayEvent] {
        if game.isWon { return [.won] }
        guard game.isDeadEnd else { return [] }
        return game.isStuck ? [.stuck] : [.deadEnd]
    }

    /// A play toward a win the solver finds, or the likeliest play; asking again offers another.
    private mutating func hint() -> [PlayEvent] {
        guard !game.isWon else { return [.won] }
        let plays = game.legalPlays
        guard !plays.isEmpty else { return outcome.isEmpty ? [.message("there is no legal play")] : outcome }
        guard let hint = hints.hint(for: game, seen: seen) else {
            return [.message("every legal play leads back to a table already seen in this game; type undo to take back a play")]
        }
        let number = (plays.firstIndex(of: hint.play) ?? 0) + 1
        return [.hint(notation.text(of: hint.play), number: number, of: plays.count, reason: hint.reason)]
    }

    // MARK: Games

    /// Deals a new game: of the deal given, or of a fresh random seed.
    private mutating func newGame(_ spec: String?) -> [PlayEvent] {
        let deal: DealSource
        if let spec {
            do {
                deal = try DealSource(spec: spec)
            } catch {
                return [.problem("cannot deal \(Spelling.quoted(spec)): \(error.message)")]
            }
        } else if case .microsoft? = (try? dealSpec.map(DealSource.init(spec:))) ?? nil {
            // A new game keeps the kind of deal: Microsoft's deals stay Microsoft's, among the 32,000 of the original.
            deal = .microsoft(Int.random(in: 1...32000))
        } else {
            deal = .seed(UInt64.random(in: 0...UInt64.max))
        }
        do {
            start(try Game(rules: game.rules, deal: deal), dealSpec: deal.spec, seconds: 0, saved: nil)
        } catch {
            return [.problem("cannot deal \(deal.spec ?? "the cards"): \(error.message)")]
        }
        return [.message("dealt \(deal.spec ?? "a new game")"), .table] + outcome
    }

    /// Deals the same game again: the opening table of this game's history, with no plays.
    private mutating func restart() -> [PlayEvent] {
        let opening = game.state.undoStack.first ?? game.table
        // The opening table was this game's own, so it fits the rules.
        guard let fresh = try? Game(rules: game.rules, state: GameState(table: opening)) else { return [] }
        start(fresh, dealSpec: dealSpec, seconds: 0, saved: nil)
        return [.message("started the game again from the deal"), .table] + outcome
    }

    private mutating func start(_ newGame: Game, dealSpec: String?, seconds: Int, saved: GameState?) {
        game = newGame
        self.dealSpec = dealSpec
        selection = nil
        hints.reset()
        seen = Set([game.table] + game.state.undoStack)
        lastRefusal = nil
        savedState = saved
        isCounted = false
        gameNumber += 1
        startedAt = clock()
        carriedSeconds = seconds
    }

    private mutating func save(to path: String) -> [PlayEvent] {
        let file = PlaySaveFile(game: game, deal: dealSpec, seconds: elapsedSeconds)
        do throws(PlayFileError) {
            try file.write(to: path)
        } catch {
            return [.problem(error.message)]
        }
        savedState = game.state
        return [.message("saved the game to \(PlaySaveFile.quoted(path)); load \(path) restores it")]
    }

    private mutating func load(from path: String) -> [PlayEvent] {
        do throws(PlayFileError) {
            let (loaded, file) = try PlaySaveFile.load(from: path, rules: game.rules)
            start(loaded, dealSpec: file.deal, seconds: file.seconds, saved: loaded.state)
        } catch {
            return [.problem(error.message)]
        }
        return [.message("loaded the game saved in \(PlaySaveFile.quoted(path))"), .table] + outcome
    }

    // MARK: Choosing piles

    /// One pile or card alone is sent where it goes best (or, with no legal move, becomes the
    /// source that the next pile completes); two are a source and a destination. A zone of
    /// several piles named as the destination (`t5 f`) is whichever of its piles takes the cards.
    private mutating func choose(_ words: [String]) -> [PlayEvent] {
        var words = words
        var destinationZone: Zone?
        if let last = words.last, words.count == 2 || selection != nil, let zone = shorthand.zoneOfSeveralPiles(named: last) {
            destinationZone = zone
            words.removeLast()
        } else if words.count == 1, let zone = shorthand.zoneOfSeveralPiles(named: words[0]) {
            let short = shorthand.abbreviations.first { $0.zone.name == zone.name }?.shorthand ?? zone.name
            return [.message("which pile of \(zone.name)? type \(short)1 to \(short)\(zone.piles.count), or a card")]
        }
        let piles: [(pile: Int, count: Int?)]
        do throws(DiagnosticsError) {
            piles = try words.map { word throws(DiagnosticsError) in try readPile(word) }
        } catch {
            // A word that is no pile's name is read as a command, not reported as a missing zone.
            if let word = words.first(where: { word in
                !shorthand.expand(word).contains("[") && Self.card(named: word) == nil && (try? readPile(word)) == nil
            }) {
                return [Self.unknownCommand(word)]
            }
            return [Self.unreadable(nil, error)]
        }
        if let destinationZone {
            guard let source = piles.first.map({ Selection(pile: $0.pile, count: $0.count) }) ?? selection else { return [.table] }
            return move(from: source, to: destinationZone.piles)
        }
        if piles.count == 2 {
            return move(from: Selection(pile: piles[0].pile, count: piles[0].count), to: piles[1].pile ..< piles[1].pile + 1)
        }
        guard let chosen = piles.first else { return [.table] }
        if let selection {
            // Choosing the selected pile again taps it, or drops the selection when it has no action.
            if selection.pile == chosen.pile && chosen.count == nil {
                self.selection = nil
                return game.legalPlays.contains(.tap(pile: chosen.pile)) ? perform(.tap(pile: chosen.pile)) : [.deselected]
            }
            return move(from: selection, to: chosen.pile ..< chosen.pile + 1)
        }
        return send(chosen.pile, count: chosen.count)
    }

    /// `unknown command 'new' (type help)`, with the closest command when one is close.
    private static func unknownCommand(_ word: String) -> PlayEvent {
        let printable = RefusalWording.printable(word)
        if let command = Spelling.closest(to: word.lowercased(), among: PlayInput.commandWords) {
            return .message("unknown command \(Spelling.quoted(printable)); did you mean \(Spelling.quoted(command))? (type help)")
        }
        return .message("unknown command \(Spelling.quoted(printable)) (type help)")
    }

    /// A pile or card typed alone goes where it goes best: the legal move from it that a hint
    /// would rank first (a foundation before a tableau pile, as ``Game/bestMove(from:to:)``
    /// ranks them). A pile that only has an action (the stock) is tapped at once; one with
    /// neither becomes the source of the next pile typed, so that the refusal can say why.
    private mutating func send(_ pile: Int, count: Int?) -> [PlayEvent] {
        let plays = game.legalPlays
        let moves = plays.compactMap { play -> Move? in
            guard case .move(let move) = play, move.source == pile, count == nil || move.count == count else { return nil }
            return move
        }
        if let best = best(of: moves) { return perform(.move(best)) }
        if count == nil {
            if plays.contains(.tap(pile: pile)) { return perform(.tap(pile: pile)) }
            // A refused tap tells why a pile with an action cannot be used now (a redeal limit, say).
            if let refusal = game.explainTap(game.rules.pileID(pile)), refusal.code != .noActionHere {
                lastRefusal = (notation.text(of: .tap(pile: pile)), refusal)
                return [.refused(.tap(pile: pile), refusal)]
            }
        }
        selection = Selection(pile: pile, count: count)
        return [.selected(pile: notation.name(ofPile: pile), count: count, hasLegalMove: false)]
    }

    /// Moves the longest legal run (or the asked-for number of cards) from the source to the
    /// destination, or to the best of the destinations when a zone was named; when none is
    /// legal, tries the move anyway (to the zone's first pile) so the refusal says why.
    private mutating func move(from source: Selection, to destinations: Range<Int>) -> [PlayEvent] {
        let candidates = game.legalPlays.compactMap { play -> Move? in
            guard case .move(let move) = play, move.source == source.pile, destinations.contains(move.destination),
                  source.count == nil || move.count == source.count
            else { return nil }
            return move
        }
        // Choosing two piles whose top cards a removal takes removes them, as a drop does.
        let pair = Play.remove(piles: [source.pile, destinations.lowerBound].sorted())
        if candidates.isEmpty, destinations.count == 1, source.count == nil, game.legalPlays.contains(pair) { return perform(pair) }
        let longest = candidates.map(\.count).max()
        let chosen = best(of: candidates.filter { $0.count == longest })
            ?? Move(source: source.pile, count: source.count ?? 1, destination: destinations.lowerBound)
        return perform(.move(chosen))
    }

    /// The move a hint would rank first among `moves` (``Game/suggestedPlays``), the longest
    /// first among equals; nil when there are none.
    private func best(of moves: [Move]) -> Move? {
        guard moves.count > 1 else { return moves.first }
        let ranked = game.suggestedPlays
        return moves.min { a, b in
            let (rankA, rankB) = (ranked.firstIndex(of: .move(a)) ?? .max, ranked.firstIndex(of: .move(b)) ?? .max)
            return rankA != rankB ? rankA < rankB : a.count > b.count
        }
    }

    // MARK: Reading notation

    /// The event for text that cannot be read as a play.
    private static func unreadable(_ text: String?, _ error: DiagnosticsError) -> PlayEvent {
        .unreadable(text, error.first ?? Diagnostic(.unparseableMove, "this is not a play", at: .fileStart))
    }

    /// Reads a play in the notation, allowing shorthand piles.
    private func readPlay(_ text: String) throws(DiagnosticsError) -> Play {
        do {
            return try notation.play(text)
        } catch {
            let expanded = shorthand.expandPlay(text)
            guard expanded != text else { throw error }
            return try notation.play(expanded)
        }
    }

    /// Reads `PILE` or `PILExN`, in the notation or in shorthand, or a face-up card (`7S`,
    /// `10S` or `TS`): the pile it lies in, with that card and the cards on it.
    private func readPile(_ word: String) throws(DiagnosticsError) -> (pile: Int, count: Int?) {
        let expanded = shorthand.expand(word)
        if let x = expanded.lastIndex(of: "x"), let count = Int(expanded[expanded.index(after: x)...]),
           let pile = try? notation.pile(String(expanded[..<x]))
        {
            guard count >= 1 else { throw DiagnosticsError(.unparseableMove, "\(Spelling.quoted(word)) lifts no cards") }
            return (pile, count)
        }
        do {
            return (try notation.pile(expanded), nil)
        } catch {
            guard let card = Self.card(named: word) else { throw error }
            let table = game.table
            for (index, pile) in table.piles.enumerated() {
                if let position = pile.cards.lastIndex(where: { $0.isFaceUp && $0.card.rank == card.rank && $0.card.suit == card.suit }) {
                    return (index, pile.count - position)
                }
            }
            throw DiagnosticsError(.cardNotInPile, "the \(card) is not face up on the table")
        }
    }

    /// A card written as rule files and board text write it: a rank (`A`, `2` to `10`, `T`,
    /// `J`, `Q`, `K`) and a suit letter, in either case.
    static func card(named word: String) -> Card? {
        // The suit symbols the table shows (K♦) may be typed too, filled or hollow.
        let symbols: [Character: Character] = ["♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"]
        let word = String(word.map { symbols[$0] ?? $0 })
        guard word.count >= 2, word.count <= 3, let letter = word.last, let suit = Suit(letter: Character(letter.uppercased())),
              let rank = Card.rank(from: Substring(word.dropLast())) else { return nil }
        return Card(rank: rank, suit: suit)
    }
}
