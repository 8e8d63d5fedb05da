import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// The types of the expression language.
package enum ValueType: String, Hashable, Sendable {
    case integer = "number"
    case boolean = "condition"
    case suit
    case color = "colour"
    case card
    case cards = "run of cards"
    case pile
    case zone
    case relation = "build relation"
    case suitList = "list of suits"
    /// The type of an expression that already has an error; it agrees with every type.
    case invalid

    /// `a number`, `a pile`: how the type reads in a message.
    package var withArticle: String {
        switch self {
        case .integer, .boolean, .suit, .card, .pile, .zone, .relation, .suitList: return "a \(rawValue)"
        case .color: return "a colour"
        case .cards: return "a run of cards"
        case .invalid: return "an invalid value"
        }
    }
}
