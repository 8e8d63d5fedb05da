import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// How `patience play` writes cards and marks: suit symbols in red and black on a terminal,
/// plain letters (`QH`, `10S`) and no escape codes anywhere else.
struct CardStyle: Sendable {
    var usesColor: Bool

    /// The escape sequence that returns the terminal to its default colours.
    static let reset = "\u{1B}[0m"

    /// A card as it lies: its face, or the back mark when it is face down.
    func text(of placed: PlacedCard) -> String {
        guard placed.isFaceUp else {
            return usesColor ? "\u{1B}[37;44m▒▒" + Self.reset : "##"
        }
        let card = placed.card
        guard usesColor else { return card.description }
        // Dark text on a light face reads on dark and light terminals alike, as real cards do.
        let ink = card.color == .red ? "31" : "30"
        return "\u{1B}[\(ink);47m" + Card.rankName(card.rank) + String(card.suit.symbol) + Self.reset
    }

    /// A card named in a sentence (`7♠` on a terminal, `7S` elsewhere), in the one spelling
    /// the project uses for people: `10` for ten, as rule files write it.
    func name(of card: Card) -> String {
        text(of: PlacedCard(card, faceUp: true))
    }

    /// The mark of an empty pile.
    var emptyMark: String {
        usesColor ? dim("··") : "--"
    }

    func bold(_ text: String) -> String {
        usesColor ? "\u{1B}[1m" + text + Self.reset : text
    }

    func dim(_ text: String) -> String {
        usesColor ? "\u{1B}[2m" + text + Self.reset : text
    }

    func green(_ text: String) -> String {
        usesColor ? "\u{1B}[1;32m" + text + Self.reset : text
    }

    func yellow(_ text: String) -> String {
        usesColor ? "\u{1B}[33m" + text + Self.reset : text
    }

    /// A finished line: on a terminal it ends with a reset, so no colour can leak past it.
    func line(_ text: String) -> String {
        usesColor ? text + Self.reset : text
    }
}
