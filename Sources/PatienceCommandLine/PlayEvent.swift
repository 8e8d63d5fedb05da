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
    /// A play, written in the move notation when it could be read, was refused and changed nothing.
    case refused(String?, Refusal)
    /// What was typed could not be read as a play; nothing changed.
    case unreadable(String?, Diagnostic)
    /// A pile was chosen as the source of the next move.
    case selected(pile: String, count: Int?, hasLegalMove: Bool)
    /// The source chosen earlier was dropped.
    case deselected
    /// Plays, numbered from 1, as `moves` lists them.
    case list([String])
    /// A suggested play, with its place among all legal plays.
    case hint(String, number: Int, of: Int)
    case message(String)
    case help
    case won
    case stuck
    /// Only taps remain, and none of them ever brings a legal move.
    case deadEnd
}
