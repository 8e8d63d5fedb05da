import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// Turns what `PlaySession` has to show into the text `patience play` writes.
struct PlayScreen: Sendable {
    var style: CardStyle
    /// Whether the tables' status line shows the time played (only to a player at a terminal).
    var showsClock = true
    /// Whether an answer that draws the table first clears the screen, so that the table is
    /// drawn in place (on a terminal) rather than below the last one.
    var redrawsInPlace = false

    /// ANSI: cursor to the top left, then erase the screen.
    static let clearScreen = "\u{1B}[H\u{1B}[2J"

    /// The text for one answer of the session, ending with a newline unless there is nothing to show.
    func text(for events: [PlayEvent], in session: PlaySession) -> String {
        let lines = events.flatMap { self.lines(for: $0, in: session) }
        guard !lines.isEmpty else { return "" }
        let clear = redrawsInPlace && events.contains(.table) ? Self.clearScreen : ""
        return clear + lines.joined(separator: "\n") + "\n"
    }

    /// What to write before reading a line from a terminal.
    func prompt(for session: PlaySession) -> String {
        guard let selection = session.selection else { return "> " }
        let count = selection.count.map { "x\($0)" } ?? ""
        return "\(session.notation.name(ofPile: selection.pile))\(count) -> "
    }

    private func lines(for event: PlayEvent, in session: PlaySession) -> [String] {
        switch event {
        case .table:
            let drawing = TableDrawing(
                rules: session.game.rules, table: session.game.table, style: style, dealSpec: session.dealSpec,
                playCount: session.game.state.undoStack.count, seconds: showsClock ? session.elapsedSeconds : nil,
                autoplay: session.autoplayIsOn, selectedPile: session.selection?.pile)
            return [""] + drawing.lines + [""]
        case .played(let play):
            return ["played \(play)"]
        case .unreadable(let text, let finding):
            let message = RefusalWording.printable(finding.message)
            return [style.line(style.yellow(text.map { "cannot read \(Spelling.quoted(RefusalWording.printable($0))): \(message)" } ?? message))]
        case .autoPlayed(let plays):
            return ["auto: " + plays.joined(separator: ", ")]
        case .refused(let play, let refusal):
            let wording = RefusalWording(rules: session.game.rules, table: session.game.table, style: style)
            return [style.line(style.yellow(wording.sentence(for: play, refusal: refusal)))]
        case .why(let refusal, let play):
            guard refusal.file != nil else {
                return ["\(play) was refused by the engine's own check, not by a rule of the game:",
                        Reporter.text(for: refusal, usesColor: style.usesColor, withNote: false)]
            }
            return ["\(play) was refused by this rule:", Reporter.text(for: refusal, usesColor: style.usesColor, withNote: false)]
        case .rules(let lines):
            return lines
        case .problem(let text):
            return [style.line(style.yellow(text))]
        case .selected(let pile, let count, let hasLegalMove):
            let run = count.map { "\($0) cards of " } ?? ""
            let note = hasLegalMove ? "" : " (no legal move starts there)"
            return ["moving \(run)\(pile)\(note): type the destination pile, or cancel"]
        case .deselected:
            return ["no pile is selected now"]
        case .list(let plays):
            guard !plays.isEmpty else { return ["there is no legal play"] }
            let width = String(plays.count).count
            return plays.enumerated().map { index, play in
                let number = String(index + 1)
                return String(repeating: " ", count: width - number.count) + "\(number). \(play)"
            }
        case .hint(let play, let number, let count, let reason):
            return ["hint: \(play)   (\(reason))", "      type \(number) to play it (play \(number) of \(count)), or hint for another"]
        case .message(let text):
            return [text]
        case .help:
            return helpLines(shorthand: session.shorthand)
        case .won:
            return [style.line(style.green("The game is won!") + " Type undo to take back a play, or quit.")]
        case .stuck:
            return [style.line(style.yellow("The table is stuck: no move or action is legal.") + " Type undo to take back a play, or quit.")]
        case .deadEnd:
            return [style.line(style.yellow("No move is left: the stock can still be turned, but nothing it brings can be played.")
                               + " Type undo to take back a play, or quit.")]
        }
    }

    private func helpLines(shorthand: PileShorthand) -> [String] {
        let piles = shorthand.abbreviations.map { short, zone in
            zone.piles.count == 1 ? "\(short) = \(zone.name)" : "\(short)1 to \(short)\(zone.piles.count) = \(zone.name)[1] to [\(zone.piles.count)]"
        }
        return [
            "Commands:",
            "  SOURCE->DEST     play a move in the notation: tableau[7]x3->tableau[2] moves 3 cards",
            "  tap(PILE)        tap a pile to take its action, such as tap(stock)",
            "  PILE             send the pile's cards where they go best (a foundation first);",
            "                   a pile that only has an action is tapped. With no legal move it",
            "                   is chosen as the source, and the next PILE says why not.",
            "  PILE PILE        move from the first pile to the second, the longest run the rules",
            "                   allow (PILExN moves N cards); a zone without a number (t5 f)",
            "                   means whichever of its piles takes the cards",
            "  CARD             a face-up card, such as KD, kd, K♦, 10H or TH, with the cards on",
            "                   it: alone it goes where it goes best; CARD PILE moves it there",
            "  N                play move N of the moves list (hint shows its number)",
            "  moves            list every legal move and tap",
            "  hint             suggest a play toward a win the solver finds; again for another",
            "  why              show the rule, file and line that refused the last play",
            "  undo, redo       take back the last play, or play it again",
            "  auto             finish the game: every card to the foundations, if that wins",
            "  auto on|off      play every card that can safely go to a foundation on its own",
            "  new [DEAL]       deal a new game (seed:N or ms:N; without DEAL, a random deal of",
            "                   the same kind: ms: stays ms:)",
            "  restart          start this deal again",
            "  save FILE        save the game, with its undo history; load FILE restores it",
            "  rules            show the game's rules",
            "  stats            show this game's statistics: played, won, streaks",
            "  show             draw the table again (so does an empty line)",
            "  cancel           forget the chosen source pile",
            "  help             show this help",
            "  quit             leave the game; on a terminal it asks first when the game is",
            "                   not saved, as Ctrl-C does (end of input, Ctrl-D, does not ask)",
            "Short pile names, from the zones' names and roles (a zone without a number, such",
            "as f, is whichever of its piles takes the cards):",
        ] + piles.map { "  " + $0 }
    }
}
