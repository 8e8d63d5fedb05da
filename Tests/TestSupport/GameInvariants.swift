import PatienceCards
import PatienceEngine

/// The invariants every game keeps, stated once: the property tests (`PropertyTests`) and the
/// fuzzing harness (`FuzzHarness`, also compiled into the libFuzzer targets by `Scripts/fuzz.sh`,
/// which is why this file uses neither Swift Testing nor Foundation) both check tables through
/// these. Each check returns nil when the invariant holds and otherwise says what is wrong.
package enum GameInvariants {
    /// The table has the game's piles and action counts, and exactly the game's cards, each copy once.
    package static func shapeAndCards(of table: CardTable, rules: GameRules, deck: CardCount) -> String? {
        if table.piles.count != rules.pileCount { return "\(table.piles.count) piles, the game has \(rules.pileCount)" }
        if table.actionUses.count != rules.actionNames.count {
            return "\(table.actionUses.count) action counts, the game has \(rules.actionNames.count) actions"
        }
        if CardCount(table.allCards) != deck {
            return "cards are not conserved: the table holds \(table.allCards.count) cards, not exactly the \(rules.deck.count) of the deck"
        }
        return nil
    }

    /// `legalMoves` is exactly the candidates that `refusal(for:on:)` allows, in order; `legalTaps`
    /// is exactly the piles `tapping` accepts; `isStuck` and `isDeadEnd` agree with both.
    package static func listingDisagreement(rules: GameRules, table: CardTable, candidates: [Move]) -> String? {
        let allowed = candidates.filter { rules.refusal(for: $0, on: table) == nil }
        let legal = rules.legalMoves(on: table)
        if legal != allowed {
            let missing = Set(allowed).subtracting(legal), extra = Set(legal).subtracting(allowed)
            let order = { (a: Move, b: Move) in (a.source, a.count, a.destination) < (b.source, b.count, b.destination) }
            return "legalMoves differs from refusal(for:on:): missing \(missing.sorted(by: order).prefix(3)), extra \(extra.sorted(by: order).prefix(3))"
        }
        if let move = legal.first(where: { !rules.allows($0, on: table) }) { return "legalMoves lists \(move), which allows refuses" }
        let tappable = table.piles.indices.filter { (try? rules.tapping(pile: $0, on: table)) != nil }
        if rules.legalTaps(on: table) != tappable { return "legalTaps \(rules.legalTaps(on: table)) differs from tapping: \(tappable)" }
        // Removals: every listed set is accepted, and every single pile and pair of piles that
        // `removing` accepts is listed (larger sets are only checked from the list).
        let removals = rules.hasRemovals ? rules.legalRemovals(on: table) : []
        if let set = removals.first(where: { (try? rules.removing(piles: $0, on: table)) == nil }) {
            return "legalRemovals lists \(set), which removing refuses"
        }
        if rules.hasRemovals {
            let listed = Set(removals)
            for first in table.piles.indices {
                if (try? rules.removing(piles: [first], on: table)) != nil, !listed.contains([first]) { return "legalRemovals misses [\(first)]" }
                for second in table.piles.indices where second > first {
                    if (try? rules.removing(piles: [first, second], on: table)) != nil, !listed.contains([first, second]) {
                        return "legalRemovals misses [\(first), \(second)]"
                    }
                }
            }
        }
        let stuck = rules.isStuck(table)
        if stuck != (!rules.isWon(table) && allowed.isEmpty && tappable.isEmpty && removals.isEmpty) {
            return "isStuck disagrees with the candidates"
        }
        let deadEnd = rules.isDeadEnd(table)
        if stuck && !deadEnd { return "a stuck table is not a dead end" }
        if deadEnd && (!allowed.isEmpty || !removals.isEmpty || rules.isWon(table)) { return "a dead end has a legal move or is won" }
        // A dead end stays one after any tap.
        if deadEnd, let tap = tappable.first, let next = try? rules.tapping(pile: tap, on: table), !rules.isDeadEnd(next) {
            return "tapping pile \(tap) leaves the dead end"
        }
        return nil
    }

    /// A refused play left the game's whole state as it was and was refused for `expected`.
    package static func refusalChangedNothing<State: Equatable>(before: State, after: State, refusal: Refusal, expected: Refusal?) -> String? {
        if after != before { return "the refused play changed the game" }
        if let expected, refusal != expected { return "refused with '\(refusal.message)', not '\(expected.message)'" }
        return nil
    }
}

/// A multiset of cards: how often each card identity occurs. Equal counts mean the same cards,
/// as comparing the sorted identities would, in linear time.
package struct CardCount: Equatable, Sendable {
    var counts: [Int]

    package init(_ cards: [Card]) {
        // One slot per identity a card can have, and a last one for any it cannot.
        let slots = 52 * Card.maximumCopies
        counts = Array(repeating: 0, count: slots + 1)
        for card in cards { counts[min(Int(card.rawValue), slots)] += 1 }
    }
}
