import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// Evaluates settings for one set of option values: option defaults, deck and zone counts, a deal
/// line's counts per pile and its conditions on a card. Settings read only options, literals,
/// `index` and `card`, never the table, so they are worked out here, before there is a table;
/// the operators mean what `Arithmetic` and `Comparison` say, as they do in the engine.
struct SettingsEvaluator {
    /// Why a setting has no value: the fault it ran into, or a term that needs a table, which the
    /// checker keeps out of settings.
    enum Failure: Error {
        case fault(FaultSite)
        case needsTable
    }

    /// The value of `index`, the pile's 1-based position in its zone.
    var index = 0
    /// The value of `card`, the candidate card of a deal line's conditions.
    var card = Card(rawValue: 0)
    /// How the deck reads ranks, suits and relations (aces high, jokers).
    var order = CardOrder()

    func integer(_ term: IntTerm) throws(Failure) -> Int {
        switch term {
        case .constant(let n): return n
        case .dealIndex: return index
        case .rank(let c): return order.rank(try self.card(c))
        case .suit(let c): return order.suit(try self.card(c))
        case .color(let c): return order.color(try self.card(c))
        case .absolute(let a):
            let v = try integer(a)
            return v < 0 ? Arithmetic.subtract(0, v) : v
        case .truth(let b): return try boolean(b) ? 1 : 0
        case .memory, .actionUses, .numberParameter, .call, .playSize:
            throw .needsTable
        case .suitColor(let s): return (Suit(rawValue: try integer(s)) ?? .clubs).color.rawValue
        case .negate(let a): return Arithmetic.subtract(0, try integer(a))
        case .arithmetic(let op, let a, let b, let fault):
            let x = try integer(a), y = try integer(b)
            guard let value = Arithmetic.apply(op, x, y) else { throw fault.map { Failure.fault($0) } ?? .needsTable }
            return value
        case .minimum(let a, let b): return min(try integer(a), try integer(b))
        case .maximum(let a, let b): return max(try integer(a), try integer(b))
        case .conditional(let c, let a, let b): return try boolean(c) ? try integer(a) : try integer(b)
        case .pileSize, .zoneSize, .sliceSize, .pileIndex, .faceDownCount, .segments, .count, .sum, .definition:
            throw .needsTable
        }
    }

    func boolean(_ term: BoolTerm) throws(Failure) -> Bool {
        switch term {
        case .constant(let b): return b
        case .not(let a): return try !boolean(a)
        case .and(let a, let b):
            guard try boolean(a) else { return false }
            return try boolean(b)
        case .or(let a, let b):
            if try boolean(a) { return true }
            return try boolean(b)
        case .compare(let a, let comparison, let b): return comparison.holds(try integer(a), try integer(b))
        case .sameTruth(let a, let b, let equal): return (try boolean(a) == boolean(b)) == equal
        case .sameCard(let a, let b, let equal): return (try card(a).value == card(b).value) == equal
        case .cardFaceUp(let c): _ = try card(c); return true
        case .isJoker(let c): return try card(c).isJoker
        case .builds(let a, let b, let relation): return order.builds(relation, try card(a), try card(b))
        case .memory, .call:
            throw .needsTable
        case .conditional(let c, let a, let b): return try boolean(c) ? try boolean(a) : try boolean(b)
        case .samePile, .pileInZone, .pileEmpty, .zoneEmpty, .sliceEmpty, .sliceFaceUp, .sequence, .all, .any, .definition:
            throw .needsTable
        }
    }

    /// Cards in settings are literals or `card`, both face up.
    func card(_ term: CardTerm) throws(Failure) -> Card {
        switch term {
        case .literal(let c): return c
        case .variable(slot: 0): return card
        case .conditional(let c, let a, let b): return try boolean(c) ? try self.card(a) : try self.card(b)
        case .variable, .end, .endOfSlice, .element, .first, .definition, .call:
            throw .needsTable
        }
    }

    func suits(_ term: SuitListTerm) throws(Failure) -> [Suit] {
        switch term {
        case .constant(let suits): return suits
        case .conditional(let c, let a, let b): return try boolean(c) ? try suits(a) : try suits(b)
        }
    }
}
