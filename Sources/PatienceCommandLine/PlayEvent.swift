import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// Something `patience play` has to show after a line of input; `PlayScreen` turns it into text.
enum PlayEvent: Equatable, Sendable {
    /// Draw the whole table.
    case table
    /// A play was made, written in the move notation.
    case played(String)
    /// Plays made on their own by `auto`, in the move notation.
    case autoPlayed([String])
    /// A play was refused and changed nothing; shown on one line in a player's words, naming
    /// the cards and the rule's reason (`RefusalWording`).
    case refused(Play, Refusal)
    /// Where the last refusal's rule is written, as `why` shows it.
    case why(Refusal, play: String)
    /// What was typed could not be read as a play; nothing changed.
    case unreadable(String?, Diagnostic)
    /// A pile was chosen as the source of the next move.
    case selected(pile: String, count: Int?, hasLegalMove: Bool)
    /// The source chosen earlier was dropped.
    case deselected
    /// Plays, numbered from 1, as `moves` lists them.
    case list([String])
    /// A suggested play, with its place among all legal plays and why it is suggested.
    case hint(String, number: Int, of: Int, reason: String)
    /// The game's rules, as `rules` shows them.
    case rules([String])
    case message(String)
    /// A problem with a command (a file that cannot be saved or loaded, a deal that cannot be dealt).
    case problem(String)
    case help
    case won
    case stuck
    /// Only taps remain, and none of them ever brings a legal move.
    case deadEnd
}
