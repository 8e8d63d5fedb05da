/// A type-checked expression, compiled to a closure of its type. The closures read the table
/// straight from the frame: no name lookups, string compares or allocations at evaluation time.
enum Code {
    case integer(IntCode)
    case boolean(BoolCode)
    case suit(IntCode)
    case color(IntCode)
    case card(CardCode)
    case cards(SliceCode)
    case pile(PileCode)
    /// Zones are always named directly, so their index is known when compiling.
    case zone(Int)
    case relation(BuildRelation)
    case suitList(SuitListCode)
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
enum KnownValue: Equatable {
    case integer(Int)
    case boolean(Bool)
}

/// A compiled expression with the facts the lints use.
struct Compiled {
    var code: Code
    /// The value when it does not depend on the table or on bound variables.
    var known: KnownValue?
    /// True when the value is a count or size and so never negative.
    var nonNegative = false
    /// True when the value reads the table (piles, runs, moves); false for options and literals.
    var readsTable = false
    /// How to read the value without a closure call, when it is that simple.
    var directPile: DirectPile?
    var directCard: DirectCard?
    var directInt: DirectInt?
    /// For a condition of a simple shape, how to test it without a closure call.
    var directTest: DirectTest?
    /// True for `run` itself, the run being judged.
    var isRun = false

    static var invalid: Compiled { Compiled(code: .invalid) }
}
