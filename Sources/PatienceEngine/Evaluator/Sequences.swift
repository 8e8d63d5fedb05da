import PatienceDiagnostics
import PatienceCards

/// A relation between a card and the card it lies on: a `BuildRelation`, or one specialised into
/// types (`SpecialisedRelation`) so that code generic over it inlines the comparisons.
protocol CardRelation: Sendable {
    func builds(_ lower: Card, _ upper: Card) -> Bool
}

extension BuildRelation: CardRelation {}
extension SpecialisedRelation: CardRelation {}

/// `sequence` and `segments`, stated once for any relation. Each reads the cards through `card`
/// (the card at a position of the pile): callers read them from the table in place, since passing
/// the pile's array would copy it out of the table, a retain and a release at every check, and
/// the lift rule `sequence(run, r)` is judged for every run a listing tries.
enum Sequences {
    /// How many cards of positions `start ..< start + count`, after the first, do not build under
    /// `relation` on the card below them; with `stopAtFirst`, 0 or 1.
    @inline(__always)
    static func breaks<Relation: CardRelation>(from start: Int, count: Int, _ relation: Relation, stopAtFirst: Bool,
                                              card: (Int) -> Card) -> Int {
        var breaks = 0
        var i = start + 1
        let end = start + count
        while i < end {
            if !relation.builds(card(i - 1), card(i)) {
                breaks += 1
                if stopAtFirst { return breaks }
            }
            i += 1
        }
        return breaks
    }

    /// `sequence(cards, r)`: every card builds on the one below it; true for 0 or 1 card.
    @inline(__always)
    static func holds<Relation: CardRelation>(from start: Int, count: Int, _ relation: Relation, card: (Int) -> Card) -> Bool {
        breaks(from: start, count: count, relation, stopAtFirst: true, card: card) == 0
    }

    /// `segments(cards, r)`: the pieces the cards fall into when cut at every break; 0 for no cards.
    @inline(__always)
    static func segments<Relation: CardRelation>(from start: Int, count: Int, _ relation: Relation, card: (Int) -> Card) -> Int {
        count == 0 ? 0 : breaks(from: start, count: count, relation, stopAtFirst: false, card: card) + 1
    }
}
