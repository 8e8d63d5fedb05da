import PatienceCards
import PatienceEngine

extension Heuristic {
    /// What a move adds to the rating of the table it makes, on top of that table's estimate:
    /// `w.split` when it is a *run shuffle*: it lifts a run off a face-up card that the run's
    /// first card builds on (by the relations of the source zone's accept rule) and puts it on
    /// another pile of that zone, either empty or topped by a card equal to the one it leaves
    /// (the same rank and suit, another copy).
    ///
    /// Such a move leaves every term of the estimate as it was (the pair it breaks was in
    /// sequence, and so is the pair it makes) but for the space it fills, so the estimate alone
    /// rates it level with the table it leaves, ahead of any move that costs something now, such
    /// as dealing a row. In a game whose runs move whole (Spider) a depth-first search that tries
    /// these moves first wanders among rearrangements of the same runs below every early choice.
    /// The penalty only orders them after the other moves: nothing is left out, so every
    /// verdict stays sound. (Leaving them out would not be: which run a dealt row covers depends
    /// on where the runs lie.)
    ///
    /// `table` is the table before the move; the move must be one of its legal moves.
    func splitPenalty(of move: Move, on table: CardTable) -> Int {
        let source = move.source, destination = move.destination
        guard w.split != 0, source < pileFlags.count, destination < pileFlags.count,
              pileFlags[source] & 4 != 0, pileFlags[destination] & 4 != 0,
              pileOrderTable[source] == pileOrderTable[destination] else { return 0 }
        let cards = table.piles[source].cards
        let below = cards.count - move.count - 1
        guard below >= 0, move.count > 0, cards[below].isFaceUp else { return 0 }
        let left = cards[below].card
        if let top = table.piles[destination].top?.card, !copiesAreAlike || top.value != left.value { return 0 }
        let lower = Int(left.rawValue), upper = Int(cards[below + 1].card.rawValue)
        guard lower < rawCount, upper < rawCount, buildsTables[pileOrderTable[source]][lower &* rawCount &+ upper] else { return 0 }
        return w.split
    }
}
