import Patience
import PatienceEngine
import PatienceCards

/// The same legality checks as the bundled rule files, written directly in Swift against the
/// engine's types. They exist only to measure the interpreter against, and to cross-check it:
/// any verdict on which the two disagree is a bug in one of them.
protocol HandWrittenValidator {
    func allows(_ move: Move, on table: CardTable) -> Bool
    /// Whether removing the top cards of `piles` is legal, as `GameRules.allowsRemoval(of:on:)`
    /// says; only the pair game is asked.
    func allowsRemoval(of piles: [Int], on table: CardTable) -> Bool
}

extension HandWrittenValidator {
    func allowsRemoval(of piles: [Int], on table: CardTable) -> Bool { false }
}

/// The games measured against a hand-written validator, by rule file name, in report order: the
/// three the targets name, then one game of each of five other families (a pair game, a
/// Golf-like, a Yukon-like, a Forty Thieves-like and a Canfield-like game).
let handWrittenValidators: [(game: String, make: @Sendable (GameRules) -> any HandWrittenValidator)] = [
    ("Klondike", { KlondikeValidator($0) }), ("FreeCell", { FreeCellValidator($0) }), ("Spider", { SpiderValidator($0) }),
    ("Fourteen", { FourteenValidator($0) }), ("Golf", { GolfValidator($0) }), ("Yukon", { YukonValidator($0) }),
    ("FortyThieves", { FortyThievesValidator($0) }), ("Canfield", { CanfieldValidator($0) }),
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

/// A tableau built down in alternating colours whose spaces take only a king (Klondike, Yukon).
@inline(__always)
private func kingOrAlternateDown(_ card: Card, onto pile: Pile) -> Bool {
    guard let top = pile.cards.last?.card else { return card.rank == 13 }
    return top.color != card.color && card.rank == top.rank - 1
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
        return tableau.contains(d) && kingOrAlternateDown(first, onto: destination)
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

/// Fourteen: no card moves; two top cards of the tableau adding up to fourteen leave together.
struct FourteenValidator: HandWrittenValidator {
    let tableau: Range<Int>
    init(_ rules: GameRules) { tableau = ZoneRanges(rules)["tableau"] }

    func allows(_ move: Move, on table: CardTable) -> Bool { false }

    func allowsRemoval(of piles: [Int], on table: CardTable) -> Bool {
        guard piles.count == 2, piles[0] != piles[1], tableau.contains(piles[0]), tableau.contains(piles[1]),
              let a = table.piles[piles[0]].cards.last, let b = table.piles[piles[1]].cards.last, a.isFaceUp, b.isFaceUp else { return false }
        return a.card.rank + b.card.rank == 14
    }
}

/// Golf (no wrapping, kings not dead): a column's top card goes on the waste one rank above or below its top.
struct GolfValidator: HandWrittenValidator {
    let waste: Range<Int>, tableau: Range<Int>
    init(_ rules: GameRules) {
        let zones = ZoneRanges(rules)
        (waste, tableau) = (zones["waste"], zones["tableau"])
    }

    func allows(_ move: Move, on table: CardTable) -> Bool {
        guard basicChecks(move, table), move.count == 1, tableau.contains(move.source), waste.contains(move.destination),
              let top = table.piles[move.destination].cards.last?.card, let card = table.piles[move.source].cards.last?.card else { return false }
        return card.rank == top.rank + 1 || card.rank == top.rank - 1
    }
}

/// Yukon: any face-up card moves with the cards on it; tableau down in alternating colours, a king
/// to a space; foundations up in suit from the ace, one card at a time, and cards stay there.
struct YukonValidator: HandWrittenValidator {
    let foundation: Range<Int>, tableau: Range<Int>
    init(_ rules: GameRules) {
        let zones = ZoneRanges(rules)
        (foundation, tableau) = (zones["foundation"], zones["tableau"])
    }

    func allows(_ move: Move, on table: CardTable) -> Bool {
        guard basicChecks(move, table), tableau.contains(move.source) else { return false }
        let source = table.piles[move.source].cards
        let first = source[source.count - move.count].card
        let destination = table.piles[move.destination]
        if foundation.contains(move.destination) { return foundationAccepts(first, onto: destination, count: move.count) }
        return tableau.contains(move.destination) && kingOrAlternateDown(first, onto: destination)
    }
}

/// Forty Thieves: one card at a time; tableau down in suit, any card to a space; foundations up in
/// suit from the ace, an ace never to an empty foundation from another one.
struct FortyThievesValidator: HandWrittenValidator {
    let waste: Range<Int>, foundation: Range<Int>, tableau: Range<Int>
    init(_ rules: GameRules) {
        let zones = ZoneRanges(rules)
        (waste, foundation, tableau) = (zones["waste"], zones["foundation"], zones["tableau"])
    }

    func allows(_ move: Move, on table: CardTable) -> Bool {
        guard basicChecks(move, table), move.count == 1 else { return false }
        let s = move.source, d = move.destination
        guard waste.contains(s) || foundation.contains(s) || tableau.contains(s), let card = table.piles[s].cards.last?.card else { return false }
        let destination = table.piles[d]
        if foundation.contains(d) {
            guard let top = destination.cards.last?.card else { return card.rank == 1 && !foundation.contains(s) }
            return top.suitIndex == card.suitIndex && card.rank == top.rank + 1
        }
        guard tableau.contains(d) else { return false }
        guard let top = destination.cards.last?.card else { return true }
        return top.suitIndex == card.suitIndex && card.rank == top.rank - 1
    }
}

/// Canfield: ranks turn the corner; foundations up in suit from the base card's rank; a tableau
/// pile gives its top card or the whole pile, a run down in alternating colours, and takes the
/// same, any card to a space.
struct CanfieldValidator: HandWrittenValidator {
    let waste: Range<Int>, reserve: Range<Int>, foundation: Range<Int>, tableau: Range<Int>
    init(_ rules: GameRules) {
        let zones = ZoneRanges(rules)
        (waste, reserve, foundation, tableau) = (zones["waste"], zones["reserve"], zones["foundation"], zones["tableau"])
    }

    @inline(__always)
    private func buildsDown(_ lower: Card, _ upper: Card) -> Bool {
        lower.color != upper.color && (upper.rank == lower.rank - 1 || (lower.rank == 1 && upper.rank == 13))
    }

    func allows(_ move: Move, on table: CardTable) -> Bool {
        guard basicChecks(move, table) else { return false }
        let s = move.source, d = move.destination
        let source = table.piles[s].cards
        if waste.contains(s) || reserve.contains(s) {
            guard move.count == 1 else { return false }
        } else if tableau.contains(s) {
            guard move.count == 1 || move.count == source.count else { return false }
            var i = source.count - move.count + 1
            while i < source.count {
                guard buildsDown(source[i - 1].card, source[i].card) else { return false }
                i += 1
            }
        } else {
            return false
        }
        let first = source[source.count - move.count].card
        let destination = table.piles[d]
        if foundation.contains(d) {
            guard move.count == 1 else { return false }
            guard let top = destination.cards.last?.card else {
                guard let base = table.piles[foundation.lowerBound].cards.first?.card else { return false }
                return first.rank == base.rank
            }
            return top.suitIndex == first.suitIndex && (first.rank == top.rank + 1 || (top.rank == 13 && first.rank == 1))
        }
        guard tableau.contains(d) else { return false }
        guard let top = destination.cards.last?.card else { return true }
        return buildsDown(top, first)
    }
}
