import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// The checked form of an expression: typed, with every name resolved to what it stands for
/// (a pile index, a variable's frame slot, an option's value, a definition's number) and every
/// place that can fault numbered. The checker builds terms from the syntax tree; the compiler turns
/// them into the engine's run-time forms. A term says what to compute, never how: it holds no
/// closures, so it can be compiled with or without specialisation, described, or analysed.
///
/// A fault is the index of its description in `CheckedGame.faults`.
package typealias FaultSite = Int

/// A number, a suit (0 clubs … 3 spades) or a colour (0 black, 1 red).
package indirect enum IntTerm: Hashable, Sendable {
    /// A literal, `unlimited`, an option's value or a zone's pile count.
    case constant(Int)
    /// `index` in a deal line's count and conditions: the pile's 1-based position in its zone.
    case dealIndex
    /// `move.size` in an effect: how many cards the play that set the effects off moved (0 for a tap).
    case playSize
    case pileSize(PileTerm)
    /// `zone.size` of a zone of several piles: the cards in all its piles.
    case zoneSize(Range<Int>)
    case sliceSize(SliceTerm)
    /// `p.index`: the pile's 1-based position in its zone.
    case pileIndex(PileTerm)
    /// `p.facedown`: how many of its cards lie face down.
    case faceDownCount(PileTerm)
    case rank(CardTerm)
    case suit(CardTerm)
    case color(CardTerm)
    /// `suit.color`.
    case suitColor(IntTerm)
    case negate(IntTerm)
    /// `+ - * / % ^`; `fault` is where `/` and `%` report a zero divisor.
    case arithmetic(ArithmeticOperator, IntTerm, IntTerm, fault: FaultSite?)
    case minimum(IntTerm, IntTerm)
    case maximum(IntTerm, IntTerm)
    case conditional(BoolTerm, IntTerm, IntTerm)
    /// `segments(cards, r)`.
    case segments(SliceTerm, BuildRelation)
    case count(Loop, BoolTerm)
    case sum(Loop, IntTerm)
    /// A `let` definition, by its index in `CheckedGame.definitions`.
    case definition(Int)
    /// A `memory` of the table, by its slot.
    case memory(Int)
    /// `uses(action)`, by the action's index.
    case actionUses(Int)
    /// `abs(a)`.
    case absolute(IntTerm)
    /// A condition stored as a number, 1 or 0 (`set flag = …`).
    case truth(BoolTerm)
    /// A number parameter of a parameterised definition, by its slot.
    case numberParameter(slot: Int)
    /// A call of a parameterised definition: its index and the arguments for its parameters.
    case call(Int, [ArgumentTerm])
}

/// An argument of a call of a parameterised definition: the parameter's slot and its value.
package indirect enum ArgumentTerm: Hashable, Sendable {
    case pile(slot: Int, PileTerm)
    case card(slot: Int, CardTerm)
    case number(slot: Int, IntTerm)
}

/// A condition.
package indirect enum BoolTerm: Hashable, Sendable {
    case constant(Bool)
    case not(BoolTerm)
    case and(BoolTerm, BoolTerm)
    case or(BoolTerm, BoolTerm)
    /// A comparison of two numbers, suits or colours.
    case compare(IntTerm, Comparison, IntTerm)
    /// `a == b` (or `!=` when `equal` is false) for two conditions.
    case sameTruth(BoolTerm, BoolTerm, equal: Bool)
    /// Two cards compared by rank and suit, not by which copy they are.
    case sameCard(CardTerm, CardTerm, equal: Bool)
    case samePile(PileTerm, PileTerm, equal: Bool)
    /// `p in zone`: the pile is one of the zone's piles; it spends the steps a walk over the
    /// zone to the pile would, as `any(t in zone: t == p)` does, and `exhausted` reports the budget spent.
    case pileInZone(PileTerm, Range<Int>, exhausted: FaultSite)
    case pileEmpty(PileTerm)
    /// `zone.empty` of a zone of several piles: every pile is empty.
    case zoneEmpty(Range<Int>)
    case sliceEmpty(SliceTerm)
    /// Every card of the run is face up.
    case sliceFaceUp(SliceTerm)
    case cardFaceUp(CardTerm)
    /// `builds(lower, upper, r)`.
    case builds(CardTerm, CardTerm, BuildRelation)
    /// `sequence(cards, r)`.
    case sequence(SliceTerm, BuildRelation)
    case all(Loop, BoolTerm)
    case any(Loop, BoolTerm)
    case conditional(BoolTerm, BoolTerm, BoolTerm)
    case definition(Int)
    /// A condition kept in memory, by its slot.
    case memory(Int)
    /// `card.joker`.
    case isJoker(CardTerm)
    case call(Int, [ArgumentTerm])
}

/// A card as it lies: its identity and whether it is face up.
package indirect enum CardTerm: Hashable, Sendable {
    /// A card literal, face up.
    case literal(Card)
    /// A card variable of a quantifier, or `card` in a deal line's conditions (slot 0).
    case variable(slot: Int)
    /// `p.top` (`fromTop`) or `p.bottom`; `fault` when the pile is empty.
    case end(PileTerm, fromTop: Bool, fault: FaultSite)
    /// `s.first` (`fromTop` false) or `s.last`; `fault` when the run is empty.
    case endOfSlice(SliceTerm, fromTop: Bool, fault: FaultSite)
    /// `s[i]`, from 1 at the bottom; `fault` when `i` is outside the run.
    case element(SliceTerm, IntTerm, fault: FaultSite)
    case conditional(BoolTerm, CardTerm, CardTerm)
    /// `first(c in cards: condition)`; `fault` when no card meets it.
    case first(Loop, BoolTerm, fault: FaultSite)
    case definition(Int)
    case call(Int, [ArgumentTerm])
}

/// Consecutive cards of one pile, bottom first.
package indirect enum SliceTerm: Hashable, Sendable {
    /// The run being lifted or judged.
    case run
    /// Every card of a pile.
    case pileCards(PileTerm)
    /// `top(p, n)`: the top `max(0, min(n, p.size))` cards.
    case topCards(PileTerm, IntTerm)
    case definition(Int)
    case call(Int, [ArgumentTerm])
}

/// One pile of the table, as its flat index.
package indirect enum PileTerm: Hashable, Sendable {
    /// The move's source pile (`pile` in a lift rule, `source` in an accept rule).
    case source
    /// The pile a move would go to, the tapped pile, or the pile that just received a dealt card.
    case destination
    /// `move.source` in an effect: the pile the play took its cards from (the tapped pile for a tap).
    case playSource
    /// `move.destination` in an effect: the pile the play put its cards on (the tapped pile for a tap).
    case playDestination
    case variable(slot: Int)
    /// A pile the rules name: a zone of one pile, or a zone's pile at a constant index.
    case constant(Int)
    /// `zone[i]` with `i` computed; `fault` when it is outside `1 … piles.count`.
    case zonePile(Range<Int>, IntTerm, fault: FaultSite)
    case conditional(BoolTerm, PileTerm, PileTerm)
    /// `first(p in zone: condition)`; `fault` when no pile meets it.
    case first(Loop, BoolTerm, fault: FaultSite)
    case definition(Int)
    case call(Int, [ArgumentTerm])
}

/// A list of suits, as `decks … suits` takes it.
indirect enum SuitListTerm: Hashable, Sendable {
    case constant([Suit])
    case conditional(BoolTerm, SuitListTerm, SuitListTerm)
}

/// What a quantifier or `for` ranges over, the frame slot of its variable, and the fault it
/// reports when the check runs out of steps. Each element visited spends one step.
package enum Loop: Hashable, Sendable {
    /// The piles of a zone, in order.
    case piles(Range<Int>, slot: Int, exhausted: FaultSite)
    /// The cards of a run, from the bottom; the run is found once, before the first step.
    indirect case cards(SliceTerm, slot: Int, exhausted: FaultSite)

    var slot: Int {
        switch self {
        case .piles(_, let slot, _), .cards(_, let slot, _): return slot
        }
    }
}

/// A `let` definition's checked value, with its name for descriptions.
package struct DefinitionTerm: Hashable, Sendable {
    package enum Value: Hashable, Sendable {
        case integer(IntTerm)
        case boolean(BoolTerm)
        case card(CardTerm)
        case cards(SliceTerm)
        case pile(PileTerm)
    }

    package var name: String
    package var value: Value
    /// A parameterised definition's parameters, in order: the names written and the frame slots
    /// they take (a pile slot for a pile, a card slot for a card or a number).
    package var parameters: [Parameter] = []

    package struct Parameter: Hashable, Sendable {
        package var name: String
        package var slot: Int
        package var isPile: Bool
    }
}
