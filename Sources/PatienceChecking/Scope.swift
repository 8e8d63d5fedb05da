import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// Where an expression appears, which decides the context names it may use.
enum RuleContext: Equatable {
    /// Zone counts, deck counts and option-dependent settings: options and literals only.
    case settings
    /// A deal line's count: settings plus `index`.
    case dealCount
    /// The deck's `where` filter: settings plus `card`.
    case dealFilter
    /// A deal line's `where` filter and its `split before` and `moving` conditions: settings plus
    /// `card` and `index`, the position of the pile the card would go to.
    case dealLineFilter
    /// `lift ZONE`: `pile` (the source) and `run`.
    case lift
    /// `accept ZONE` and `capacity ZONE`: `pile` (the destination), `source`, `run`, `top`.
    case accept
    /// An action's guard, limit and body: `pile` (the tapped pile).
    case action
    /// Effects, `let` definitions and the win condition: the table, but no move.
    case table
    /// A deal line's `after each card` body: the table as dealt so far, and `pile`, the pile
    /// that just received a card.
    case dealtCard
    /// A deal line's `where … in dealt order` filter: `card`, `index`, and the table as dealt so far.
    case dealtFilter
    /// A deal line's `until` condition: `pile`, the pile that just received a card, and the table as dealt so far.
    case dealUntil
    /// An effect's body: the table, and `move`, the play that set the effects off.
    case effect

    var contextNames: Set<String> {
        switch self {
        case .settings, .table: return []
        case .dealCount: return ["index"]
        case .dealFilter: return ["card"]
        case .dealLineFilter, .dealtFilter: return ["card", "index"]
        case .lift: return ["pile", "run"]
        case .accept: return ["pile", "source", "run", "top"]
        case .action, .dealtCard, .dealUntil: return ["pile"]
        case .effect: return ["move"]
        }
    }

    /// Every name some rule context provides; no declaration may take one.
    static let allContextNames: Set<String> = ["pile", "run", "source", "top", "index", "card", "move"]

    var readsTable: Bool {
        switch self {
        case .settings, .dealCount, .dealFilter, .dealLineFilter: return false
        default: return true
        }
    }
}

/// A variable bound by a quantifier or `for`: a pile or a card, kept in a frame slot.
enum BoundVariable: Hashable {
    case pile(slot: Int)
    case card(slot: Int)
    /// A number parameter of a parameterised definition.
    case number(slot: Int)
}

struct Scope {
    var context: RuleContext
    var variables: [String: BoundVariable] = [:]

    init(_ context: RuleContext) { self.context = context }

    func binding(_ name: String, to variable: BoundVariable) -> Scope {
        var copy = self
        copy.variables[name] = variable
        return copy
    }
}

/// A zone as the checker resolved it.
struct ZoneInfo {
    var name: String
    var index: Int
    var role: ZoneRole
    /// The flat indices of its piles in `CardTable.piles`.
    var piles: Range<Int>
    var range: SourceRange
    /// The file that declares the zone, which differs from the checked file in a variant.
    var file: String
}

/// An option with its resolved type and the value this instance of the game uses.
struct OptionInfo {
    var name: String
    var index: Int
    var type: ValueType
    var range: SourceRange
    /// Rules are compiled for one set of option values, so an option reads as this constant.
    var value: Int
}
