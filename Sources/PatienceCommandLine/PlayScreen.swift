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
    /// The deal as `--deal` writes it, for the table's heading.
    var dealSpec: String?

    /// The text for one answer of the session, ending with a newline unless there is nothing to show.
    func text(for events: [PlayEvent], in session: PlaySession) -> String {
        let lines = events.flatMap { self.lines(for: $0, in: session) }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
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
                rules: session.game.rules, table: session.game.table, style: style, dealSpec: dealSpec,
                playCount: session.game.state.undoStack.count, selectedPile: session.selection?.pile)
            return [""] + drawing.lines + [""]
        case .played(let play):
            return ["played \(play)"]
        case .unreadable(let text, let finding):
            return (text.map { ["refused \($0); nothing changed"] } ?? []) + [Reporter.errorLine(code: finding.code, message: finding.message, usesColor: style.usesColor)]
        case .refused(let play, let refusal):
            let report = Reporter.text(for: refusal, usesColor: style.usesColor, withNote: false)
            return (play.map { ["refused \($0); nothing changed"] } ?? []) + [report]
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
        case .hint(let play, let number, let count):
            return ["hint: \(play)   (\(number) of \(count); type \(number) to play it, or hint for another)"]
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
            "  PILE             choose a source pile; the next PILE is the destination, and the",
            "                   longest run the rules allow moves (PILExN moves N cards).",
            "                   A pile that only has an action is tapped; choosing it twice taps it.",
            "  PILE PILE        move from the first pile to the second",
            "  N                play move N of the moves list (hint shows its number)",
            "  moves            list every legal move and tap",
            "  hint             suggest a legal play; again for another",
            "  undo, redo       take back the last play, or play it again",
            "  show             draw the table again (so does an empty line)",
            "  cancel           forget the chosen source pile",
            "  help             show this help",
            "  quit             leave the game (so does end of input, Ctrl-D)",
            "Short pile names: " + piles.joined(separator: ", "),
        ]
    }
}
