import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// A type-checked expression: its term, of one of the language's types, or a value the checker
/// resolves completely (a zone, a relation).
enum CheckedValue: Hashable, Sendable {
    case integer(IntTerm)
    case boolean(BoolTerm)
    case suit(IntTerm)
    case color(IntTerm)
    case card(CardTerm)
    case cards(SliceTerm)
    case pile(PileTerm)
    /// Zones are always named directly, so their index is known when checking.
    case zone(Int)
    case relation(RelationChoice)
    case suitList(SuitListTerm)
    case invalid

    var type: ValueType {
        switch self {
        case .integer: return .integer
        case .boolean: return .boolean
        case .suit: return .suit
        case .color: return .color
        case .card: return .card
        case .cards: return .cards
        case .pile: return .pile
        case .zone: return .zone
        case .relation: return .relation
        case .suitList: return .suitList
        case .invalid: return .invalid
        }
    }
}

/// A build relation, or a choice between relations by conditions (`if c then r1 else r2`).
/// Relations are not values at run time: a call that takes a chosen relation is checked as a
/// choice between calls, one per relation written (`distributed`), so the choice costs one
/// condition and the engine only ever sees fixed relations.
indirect enum RelationChoice: Hashable, Sendable {
    case fixed(BuildRelation)
    case conditional(BoolTerm, RelationChoice, RelationChoice)

    /// The term that applies `leaf` to the relation the conditions choose.
    func distributed<Term>(_ leaf: (BuildRelation) -> Term, choosing: (BoolTerm, Term, Term) -> Term) -> Term {
        switch self {
        case .fixed(let relation): return leaf(relation)
        case .conditional(let c, let a, let b): return choosing(c, a.distributed(leaf, choosing: choosing), b.distributed(leaf, choosing: choosing))
        }
    }
}

/// What the checker knows about a value without a table: used for lints and constant folding.
enum KnownValue: Equatable, Sendable {
    case integer(Int)
    case boolean(Bool)
}

/// A checked expression with the facts the lints use.
struct Checked: Sendable {
    var value: CheckedValue
    /// The value when it depends neither on the table, nor on bound variables, nor on options.
    var known: KnownValue?
    /// True when the value is a count or size and so never negative.
    var nonNegative = false
    /// True when the value reads the table (piles, runs, moves); false for options and literals.
    var readsTable = false

    static var invalid: Checked { Checked(value: .invalid) }
}
