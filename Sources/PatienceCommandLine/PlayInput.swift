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
    /// Show where the last refused play was refused: the rule's file, line and text.
    case why
    /// `new` or `new DEAL`: deal a new game, of a fresh random seed or of the deal given.
    case new(String?)
    /// Deal the same game again from its opening table.
    case restart
    /// `save FILE`: write the game, with its history, to a file.
    case save(String)
    /// `load FILE`: restore a game saved with `save`.
    case load(String)
    /// Show the game's rules.
    case rules
    /// `auto on` or `auto off`: whether cards that can safely go to a foundation go there on their own.
    case auto(Bool)
    /// `auto` alone: play every card to the foundations, and tap the stock, until the game is won.
    case finish
    /// Show the statistics of this game: games played and won, the current and best streaks.
    case stats
    /// A number: the play with that 1-based index in the `moves` list.
    case listedPlay(Int)
    /// A play in the move notation, such as `tableau[7]x3->tableau[2]`, `tap(stock)` or `remove(tableau[1]+tableau[4])`.
    case notation(String)
    /// `tap PILE`, the spoken form of `tap(PILE)`.
    case tap(String)
    /// One pile or card (select it, or use it as the destination of the selected source) or
    /// two (source and destination).
    case piles([String])
    /// A command word with something after it that it does not take, or without the argument it needs.
    case misusedCommand(String, usage: String)
    /// Words that are neither a command nor piles; the first word is kept.
    case unknown(String)

    /// The command words, as `help` lists them and as a misspelling is matched against.
    static let commandWords = ["show", "help", "quit", "exit", "undo", "redo", "hint", "moves", "cancel",
                               "why", "new", "restart", "save", "load", "rules", "auto", "stats"]

    init(line: String) {
        let text = Self.removingControlSequences(from: line).trimmingCharacters(in: .whitespacesAndNewlines)
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let command = words.first?.lowercased() ?? ""
        // What follows the command word, spaces inside kept (a file name may have them).
        let rest = words.count > 1
            ? String(text.dropFirst(words[0].count)).trimmingCharacters(in: .whitespaces) : nil
        switch (command, rest) {
        case ("", _): self = .show
        case ("show", nil): self = .show
        case ("help", nil), ("?", nil): self = .help
        case ("quit", nil), ("exit", nil), ("q", nil): self = .quit
        case ("undo", nil): self = .undo
        case ("redo", nil): self = .redo
        case ("hint", nil): self = .hint
        case ("moves", nil): self = .moves
        case ("cancel", nil): self = .cancel
        case ("why", nil): self = .why
        case ("rules", nil): self = .rules
        case ("restart", nil): self = .restart
        case ("new", let deal): self = .new(deal)
        case ("save", let file?): self = .save(file)
        case ("load", let file?): self = .load(file)
        case ("save", nil): self = .misusedCommand("save", usage: "save FILE")
        case ("load", nil): self = .misusedCommand("load", usage: "load FILE")
        case ("auto", nil): self = .finish
        case ("stats", nil): self = .stats
        case ("auto", "on"?): self = .auto(true)
        case ("auto", "off"?): self = .auto(false)
        case ("auto", _?): self = .misusedCommand("auto", usage: "auto (to finish the game), auto on or auto off")
        case (let word, _?) where Self.commandWords.contains(word) || ["q", "?"].contains(word):
            self = .misusedCommand(word, usage: word)
        default: self = Self.play(text, words: words)
        }
    }

    private static func play(_ text: String, words: [String]) -> PlayInput {
        if let number = Int(text) { return .listedPlay(number) }
        // The notation has no spaces, but `tableau[7] -> tableau[2]` is an easy thing to type.
        if text.contains("->") || text.hasPrefix("tap(") || text.hasPrefix("remove(") {
            return .notation(text.filter { !$0.isWhitespace })
        }
        if words.count == 2 && words[0].lowercased() == "tap" { return .tap(words[1]) }
        return words.count <= 2 ? .piles(words) : .unknown(words[0])
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
