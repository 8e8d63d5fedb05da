import Patience
import PatienceEngine
import PatienceCards

/// The same legality checks as the bundled rule files, written directly in Swift against the
/// engine's types. They exist only to measure the interpreter against, and to cross-check it:
/// any verdict on which the two disagree is a bug in one of them.
protocol HandWrittenValidator {
    func allows(_ move: Move, on table: CardTable) -> Bool
}

/// The games measured against a hand-written validator, by rule file name, in report order.
let handWrittenValidators: [(game: String, make: @Sendable (GameRules) -> any HandWrittenValidator)] = [
    ("Klondike", { KlondikeValidator($0) }), ("FreeCell", { FreeCellValidator($0) }), ("Spider", { SpiderValidator($0) }),
]

/// Pile ranges looked up once from the compiled rules, so a validator does no name lookups.
struct ZoneRanges {
    let ranges: [String: Range<Int>]
    init(_ rules: GameRules) {
        ranges = Dictionary(uniqueKeysWithValues: rules.zones.map { ($0.name, $0.piles) })
    }
    subscript(_ name: String) -> Range<Int> { ranges[name] ?? 0..<0 }
}

@inline(__always)
private func basicChecks(_ move: Move, _ table: CardTable) -> Bool {
    let piles = table.piles
    guard piles.indices.contains(move.source), piles.indices.contains(move.destination), move.source != move.destination else { return false }
    let cards = piles[move.source].cards
    guard move.count >= 1, move.count <= cards.count else { return false }
    for i in (cards.count - move.count)..<cards.count where !cards[i].isFaceUp { return false }
    return true
}

@inline(__always)
private func foundationAccepts(_ card: Card, onto pile: Pile, count: Int) -> Bool {
    guard count == 1 else { return false }
    guard let top = pile.cards.last?.card else { return card.rank == 1 }
    return top.suitIndex == card.suitIndex && card.rank == top.rank + 1
}

struct KlondikeValidator: HandWrittenValidator {
    let waste: Range<Int>, foundation: Range<Int>, tableau: Range<Int>
    init(_ rules: GameRules) {
        let zones = ZoneRanges(rules)
        (waste, foundation, tableau) = (zones["waste"], zones["foundation"], zones["tableau"])
    }

    func allows(_ move: Move, on table: CardTable) -> Bool {
        guard basicChecks(move, table) else { return false }
        let s = move.source, d = move.destination
        if waste.contains(s) || foundation.contains(s) {
            guard move.count == 1 else { return false }
        } else if !tableau.contains(s) {
            return false
        }
        let source = table.piles[s].cards
        let first = source[source.count - move.count].card
        let destination = table.piles[d]
        if foundation.contains(d) { return !foundation.contains(s) && foundationAccepts(first, onto: destination, count: move.count) }
        guard tableau.contains(d) else { return false }
        guard let top = destination.cards.last?.card else { return first.rank == 13 }
        return top.color != first.color && first.rank == top.rank - 1
    }
}

struct FreeCellValidator: HandWrittenValidator {
    let cell: Range<Int>, foundation: Range<Int>, tableau: Range<Int>
    init(_ rules: GameRules) {
        let zones = ZoneRanges(rules)
        (cell, foundation, tableau) = (zones["cell"], zones["foundation"], zones["tableau"])
    }

    func allows(_ move: Move, on table: CardTable) -> Bool {
        guard basicChecks(move, table) else { return false }
        let s = move.source, d = move.destination
        let source = table.piles[s].cards
        if cell.contains(s) || foundation.contains(s) {
            guard move.count == 1 else { return false }
        } else if tableau.contains(s) {
            var i = source.count - move.count + 1
            while i < source.count {
                let lower = source[i - 1].card, upper = source[i].card
                guard lower.color != upper.color && upper.rank == lower.rank - 1 else { return false }
                i += 1
            }
        } else {
            return false
        }
        let first = source[source.count - move.count].card
        let destination = table.piles[d]
        if cell.contains(d) { return destination.cards.isEmpty && move.count == 1 }
        if foundation.contains(d) { return !foundation.contains(s) && foundationAccepts(first, onto: destination, count: move.count) }
        guard tableau.contains(d) else { return false }
        if let top = destination.cards.last?.card {
            guard top.color != first.color && first.rank == top.rank - 1 else { return false }
        }
        var emptyCells = 0
        for p in cell where table.piles[p].cards.isEmpty { emptyCells += 1 }
        var emptyColumns = 0
        for p in tableau where p != d && table.piles[p].cards.isEmpty { emptyColumns += 1 }
        return move.count <= (emptyCells + 1) << emptyColumns
    }
}

struct SpiderValidator: HandWrittenValidator {
    let tableau: Range<Int>
    init(_ rules: GameRules) { tableau = ZoneRanges(rules)["tableau"] }

    func allows(_ move: Move, on table: CardTable) -> Bool {
        guard basicChecks(move, table) else { return false }
        guard tableau.contains(move.source), tableau.contains(move.destination) else { return false }
        let source = table.piles[move.source].cards
        var i = source.count - move.count + 1
        while i < source.count {
            let lower = source[i - 1].card, upper = source[i].card
            guard lower.suitIndex == upper.suitIndex && upper.rank == lower.rank - 1 else { return false }
            i += 1
        }
        guard let top = table.piles[move.destination].cards.last?.card else { return true }
        return source[source.count - move.count].card.rank == top.rank - 1
    }
}
