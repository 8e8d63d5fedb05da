import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// The conversation of `patience play`: reads each typed line against the `Game` facade and says
/// what to show. Every legality question goes to the facade; this type only matches what was
/// typed to the plays the facade offers.
struct PlaySession: Sendable {
    /// A source pile chosen by typing it alone, waiting for a destination.
    struct Selection: Equatable, Sendable {
        var pile: Int
        /// The number of cards asked for with `xN`; nil moves the longest run the rules allow.
        var count: Int?
    }

    private(set) var game: Game
    let notation: MoveNotation
    let shorthand: PileShorthand
    private(set) var selection: Selection?
    /// Which legal play the next `hint` shows, so that asking again offers another.
    private var hintNumber = 0

    init(game: Game) {
        self.game = game
        notation = MoveNotation(rules: game.rules)
        shorthand = PileShorthand(rules: game.rules)
    }

    /// What to show when the game starts.
    var openingEvents: [PlayEvent] {
        [.table] + outcome
    }

    /// Answers one line of input; `quit` is left to the caller.
    mutating func respond(to input: PlayInput) -> [PlayEvent] {
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
            hintNumber = 0
            return [.message("took back the last play"), .table] + outcome
        case .redo:
            selection = nil
            guard game.redo() else { return [.message("there is nothing to redo")] }
            hintNumber = 0
            return [.message("played again the play taken back"), .table] + outcome
        case .hint:
            return hint()
        case .moves:
            return [.list(game.legalPlays.map(notation.text(of:)))]
        case .listedPlay(let number):
            let plays = game.legalPlays
            guard plays.indices.contains(number - 1) else {
                let range = plays.isEmpty ? "there are no legal plays" : "type 1 to \(plays.count)"
                return [.message("there is no play \(number) in the list; \(range), or moves to list them")]
            }
            return perform(plays[number - 1])
        case .notation(let text):
            do throws(Refusal) {
                return perform(try readPlay(text))
            } catch {
                return [.refused(text, error)]
            }
        case .tap(let word):
            do throws(Refusal) {
                return perform(.tap(pile: try readPile(word).pile))
            } catch {
                return [.refused("tap(\(word))", error)]
            }
        case .piles(let words):
            return choose(words)
        case .unknown(let text):
            return [.message("\(Spelling.quoted(text)) is not a command; type help to list them")]
        }
    }

    // MARK: Playing

    /// Applies a play through the facade; a refusal changes nothing.
    private mutating func perform(_ play: Play) -> [PlayEvent] {
        let text = notation.text(of: play)
        selection = nil
        do throws(Refusal) {
            try game.apply(play)
        } catch {
            return [.refused(text, error)]
        }
        hintNumber = 0
        return [.played(text), .table] + outcome
    }

    /// A win, a stuck table or a dead end, announced after every change. A stuck table is a
    /// dead end, so a table with a move (the usual case) is listed once, not twice.
    private var outcome: [PlayEvent] {
        if game.isWon { return [.won] }
        guard game.isDeadEnd else { return [] }
        return game.isStuck ? [.stuck] : [.deadEnd]
    }

    /// Offers the legal plays one at a time, likeliest first, numbered as `moves` lists them.
    private mutating func hint() -> [PlayEvent] {
        let plays = game.legalPlays
        let suggestions = game.suggestedPlays
        guard !suggestions.isEmpty else { return outcome.isEmpty ? [.message("there is no legal play")] : outcome }
        let play = suggestions[hintNumber % suggestions.count]
        hintNumber += 1
        let number = (plays.firstIndex(of: play) ?? 0) + 1
        return [.hint(notation.text(of: play), number: number, of: plays.count)]
    }

    // MARK: Choosing piles

    /// One pile selects a source, or completes the selected one; two piles are a source and a destination.
    private mutating func choose(_ words: [String]) -> [PlayEvent] {
        let piles: [(pile: Int, count: Int?)]
        do throws(Refusal) {
            piles = try words.map { word throws(Refusal) in try readPile(word) }
        } catch {
            if words.count == 1, !words[0].contains("["),
               let command = Spelling.closest(to: words[0].lowercased(), among: PlayInput.commandWords)
            {
                return [.message("\(Spelling.quoted(words[0])) is not a command or a pile; did you mean \(Spelling.quoted(command))?")]
            }
            return [.refused(nil, error)]
        }
        if piles.count == 2 {
            return move(from: Selection(pile: piles[0].pile, count: piles[0].count), to: piles[1].pile)
        }
        guard let chosen = piles.first else { return [.table] }
        if let selection {
            // Choosing the selected pile again taps it, or drops the selection when it has no action.
            if selection.pile == chosen.pile && chosen.count == nil {
                self.selection = nil
                return game.legalPlays.contains(.tap(pile: chosen.pile)) ? perform(.tap(pile: chosen.pile)) : [.deselected]
            }
            return move(from: selection, to: chosen.pile)
        }
        return select(chosen.pile, count: chosen.count)
    }

    /// A pile typed alone becomes the source when a move can start there; a pile that only has
    /// an action (the stock) is tapped at once.
    private mutating func select(_ pile: Int, count: Int?) -> [PlayEvent] {
        let plays = game.legalPlays
        let hasMove = plays.contains { play in
            guard case .move(let move) = play else { return false }
            return move.source == pile && (count == nil || move.count == count)
        }
        if !hasMove && count == nil {
            if plays.contains(.tap(pile: pile)) { return perform(.tap(pile: pile)) }
            // A refused tap tells why a pile with an action cannot be used now (a redeal limit, say).
            var trial = game
            do throws(Refusal) {
                try trial.apply(.tap(pile: pile))
            } catch where error.code != .noActionHere {
                return [.refused("tap(\(notation.name(ofPile: pile)))", error)]
            } catch {}
        }
        selection = Selection(pile: pile, count: count)
        return [.selected(pile: notation.name(ofPile: pile), count: count, hasLegalMove: hasMove)]
    }

    /// Moves the longest legal run (or the asked-for number of cards) from the source to the
    /// destination; when none is legal, tries the move anyway so the refusal says why.
    private mutating func move(from source: Selection, to destination: Int) -> [PlayEvent] {
        let candidates = game.legalPlays.compactMap { play -> Move? in
            guard case .move(let move) = play, move.source == source.pile, move.destination == destination,
                  source.count == nil || move.count == source.count
            else { return nil }
            return move
        }
        // Choosing two piles whose top cards a removal takes removes them, as a drop does.
        let pair = Play.remove(piles: [source.pile, destination].sorted())
        if candidates.isEmpty, source.count == nil, game.legalPlays.contains(pair) { return perform(pair) }
        let chosen = candidates.max { $0.count < $1.count }
            ?? Move(source: source.pile, count: source.count ?? 1, destination: destination)
        return perform(.move(chosen))
    }

    // MARK: Reading notation

    /// Reads a play in the notation, allowing shorthand piles.
    private func readPlay(_ text: String) throws(Refusal) -> Play {
        do {
            return try notation.play(text)
        } catch {
            let expanded = shorthand.expandPlay(text)
            guard expanded != text else { throw error }
            return try notation.play(expanded)
        }
    }

    /// Reads `PILE` or `PILExN`, in the notation or in shorthand.
    private func readPile(_ word: String) throws(Refusal) -> (pile: Int, count: Int?) {
        let expanded = shorthand.expand(word)
        if let x = expanded.lastIndex(of: "x"), let count = Int(expanded[expanded.index(after: x)...]),
           let pile = try? notation.pile(String(expanded[..<x]))
        {
            guard count >= 1 else { throw Refusal(code: .unparseableMove, message: "\(Spelling.quoted(word)) lifts no cards") }
            return (pile, count)
        }
        return (try notation.pile(expanded), nil)
    }
}
