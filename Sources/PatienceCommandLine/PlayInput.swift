import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// One line typed at `patience play`, read for its shape only; piles are resolved later against the game.
enum PlayInput: Equatable, Sendable {
    /// An empty line or `show`: draw the table again.
    case show
    case help
    case quit
    case undo
    case redo
    case hint
    case moves
    /// Forget the selected source pile.
    case cancel
    /// A number: the play with that 1-based index in the `moves` list.
    case listedPlay(Int)
    /// A play in the move notation, such as `tableau[7]x3->tableau[2]`, `tap(stock)` or `remove(tableau[1]+tableau[4])`.
    case notation(String)
    /// `tap PILE`, the spoken form of `tap(PILE)`.
    case tap(String)
    /// One pile (select it, or use it as the destination of the selected source) or two (source and destination).
    case piles([String])
    /// More words than any command takes.
    case unknown(String)

    /// The command words, as `help` lists them and as a misspelling is matched against.
    static let commandWords = ["show", "help", "quit", "exit", "undo", "redo", "hint", "moves", "cancel"]

    init(line: String) {
        let text = Self.removingControlSequences(from: line).trimmingCharacters(in: .whitespacesAndNewlines)
        switch text.lowercased() {
        case "", "show": self = .show
        case "help", "?": self = .help
        case "quit", "exit", "q": self = .quit
        case "undo": self = .undo
        case "redo": self = .redo
        case "hint": self = .hint
        case "moves": self = .moves
        case "cancel": self = .cancel
        default: self = Self.play(text)
        }
    }

    private static func play(_ text: String) -> PlayInput {
        if let number = Int(text) { return .listedPlay(number) }
        // The notation has no spaces, but `tableau[7] -> tableau[2]` is an easy thing to type.
        if text.contains("->") || text.hasPrefix("tap(") || text.hasPrefix("remove(") {
            return .notation(text.filter { !$0.isWhitespace })
        }
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        if words.count == 2 && words[0].lowercased() == "tap" { return .tap(words[1]) }
        return words.count <= 2 ? .piles(words) : .unknown(text)
    }

    /// The line without terminal escape sequences and control characters. In line mode an arrow
    /// key still lands in the line (`ESC [ A`), and echoing it back would move the cursor.
    static func removingControlSequences(from line: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                switch scalars.popFirst() {
                case "[":
                    // A CSI sequence ends with a byte from @ to ~.
                    while let next = scalars.popFirst(), !("@"..."~").contains(next) {}
                case "O":
                    _ = scalars.popFirst()
                default:
                    break
                }
            } else if scalar == "\t" || scalar.properties.generalCategory != .control {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
