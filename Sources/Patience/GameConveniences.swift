import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

extension Game {
    /// The pile a card lies in, named as the UI names piles (`tableau[3]`); nil when the card
    /// is not on the table.
    public func pile(of card: Card) -> PileID? {
        location(of: card).map { rules.pileID($0.pile) }
    }

    /// The move a UI should make when `card` (with the cards on it) is dropped on `destination`,
    /// or, when `destination` is nil, tapped or double-clicked to send it where it fits best.
    ///
    /// A drop on a pile that takes the cards moves them there. A drop on a pile of a zone that
    /// does not take them but has another pile that does (a card dropped on the wrong
    /// foundation) moves them to that pile, the nearest to the one aimed at. Without a
    /// destination, the legal moves of these cards are ranked as `suggestedPlays` ranks them
    /// (a foundation first). Nil when no legal move lifts exactly this card and those on it.
    public func bestMove(from card: Card, to destination: PileID? = nil) -> Move? {
        guard let (source, position) = location(of: card) else { return nil }
        let count = table.piles[source].count - position
        let candidates = legalPlays.compactMap { play -> Move? in
            guard case .move(let move) = play, move.source == source, move.count == count else { return nil }
            return move
        }
        guard let destination else {
            let ranked = suggestedPlays
            return candidates.min { a, b in
                (ranked.firstIndex(of: .move(a)) ?? .max) < (ranked.firstIndex(of: .move(b)) ?? .max)
            }
        }
        guard let target = rules.pileIndex(of: destination) else { return nil }
        if let exact = candidates.first(where: { $0.destination == target }) { return exact }
        let zone = rules.zone(ofPile: target)
        return candidates.filter { zone.piles.contains($0.destination) }
            .min { abs($0.destination - target) < abs($1.destination - target) }
    }

    /// The drag payload for the cards a drag container hands over (SwiftUI's
    /// `dragContainer(for:in:_:)` passes the dragged items' IDs): the first card and every card on
    /// it, as they lie, when the rules let them lift together; empty otherwise.
    public func dragPayload(for cards: [Card]) -> [PlacedCard] {
        guard let first = cards.first, let (pile, position) = location(of: first), !cardStack(startingAt: first).isEmpty else { return [] }
        return Array(table.piles[pile].cards[position...])
    }

    /// Why tapping `pile` is refused now (no action applies, an action's limit is reached), or
    /// nil when the tap is legal. The answer of `tap(_:)` without making the tap.
    public func explainTap(_ pile: PileID) -> Refusal? {
        guard let index = rules.pileIndex(of: pile) else {
            return Refusal(code: .noSuchPile, message: "there is no pile \(pile)")
        }
        do throws(Refusal) {
            _ = try rules.applying(.tap(pile: index), to: table)
            return nil
        } catch {
            return error
        }
    }

    /// Whether tapping `pile` is legal now.
    public func canTap(_ pile: PileID) -> Bool { explainTap(pile) == nil }
}
