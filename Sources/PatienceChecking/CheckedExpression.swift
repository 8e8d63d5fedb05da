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
    case relation(BuildRelation)
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
