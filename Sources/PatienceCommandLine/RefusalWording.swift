import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// A refused play in a player's words, on one short line that names the cards and gives the
/// rule's reason: `the 7♠ cannot go on the 9♥: a tableau pile builds down in alternating colours`.
/// Where the rule is written is left to `why`.
struct RefusalWording {
    let rules: GameRules
    /// The table the play was tried on (a refusal changes nothing, so it is also the table now).
    let table: CardTable
    let style: CardStyle

    func sentence(for play: Play, refusal: Refusal) -> String {
        let reason = Self.printable(refusal.message)
        switch play {
        case .tap(let pile):
            guard rules.pileCount > pile, pile >= 0 else { return reason }
            switch refusal.code {
            case .actionRefused, .actionLimitReached:
                return "\(rules.address(ofPile: pile)) cannot be tapped now: \(reason)"
            default:
                return reason
            }
        case .move(let move):
            guard (0..<rules.pileCount).contains(move.source), (0..<rules.pileCount).contains(move.destination),
                  move.count >= 1, move.count <= table.piles[move.source].count
            else { return reason }
            let lifted = table.piles[move.source].cards.suffix(move.count)
            switch refusal.code {
            case .acceptRefused, .capacityExceeded, .zoneCannotReceive:
                return "\(subject(lifted, from: move.source)) cannot go on \(place(move.destination)): \(reason)"
            case .liftRefused, .zoneCannotGive:
                return "\(subject(lifted, from: move.source)) cannot be moved: \(reason)"
            default:
                return reason
            }
        case .remove(let piles):
            guard piles.allSatisfy({ (0..<rules.pileCount).contains($0) }), case .removalRefused = refusal.code else { return reason }
            return "\(piles.map { rules.address(ofPile: $0) }.joined(separator: " and ")) cannot be removed together: \(reason)"
        }
    }

    /// The text with control characters (a terminal's escape sequences among them) written as
    /// `\u{1B}`, so that a rule file's text cannot drive the terminal.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `the 7♠`, or `the 7♠ and the 2 cards on it`; a face-down card is not named.
    private func subject(_ cards: ArraySlice<PlacedCard>, from pile: Int) -> String {
        guard let first = cards.first, first.isFaceUp else {
            return "the \(cards.count) card\(cards.count == 1 ? "" : "s") from \(rules.address(ofPile: pile))"
        }
        let name = "the \(style.name(of: first.card))"
        switch cards.count {
        case 1: return name
        case 2: return name + " and the card on it"
        default: return name + " and the \(cards.count - 1) cards on it"
        }
    }

    /// `the 9♥` (the destination's top card), `the empty tableau[3]`, or the pile's address
    /// when its top card is face down.
    private func place(_ pile: Int) -> String {
        guard let top = table.piles[pile].top else { return "the empty \(rules.address(ofPile: pile))" }
        return top.isFaceUp ? "the \(style.name(of: top.card))" : rules.address(ofPile: pile)
    }
}
