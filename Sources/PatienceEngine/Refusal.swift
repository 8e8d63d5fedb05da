import Foundation
import PatienceDiagnostics
import PatienceCards

/// Why the rules refused a move or an action: the diagnostic code of the refusing rule, a message,
/// and where that rule is written.
public struct Refusal: Error, Hashable, Sendable, Codable {
    /// The code of the refusing rule (`P0607` for an accept rule) or of the engine's own check.
    public var code: DiagnosticCode
    /// What is wrong, in a player's words: the rule's `else` text or the engine's own.
    public var message: String
    /// The rule file the refusing rule is written in; nil for checks the engine makes itself
    /// (a pile that does not exist, a card that is not there).
    public var file: String?
    /// Where in `file` the refusing rule is written.
    public var range: SourceRange?

    /// A refusal with its code and message, and the rule that refuses, if any.
    public init(code: DiagnosticCode, message: String, file: String? = nil, range: SourceRange? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.range = range
    }
}

extension Refusal: CustomStringConvertible, LocalizedError {
    /// `Rules/FreeCell.patience:48:5: error[P0607]: an empty foundation takes only an ace`, as the
    /// command line's first line says it, or `error[P0601]: …` when the engine refused by itself.
    public var description: String {
        guard let file, let range else { return "error[\(code.rawValue)]: \(message)" }
        return "\(file):\(range.start.line):\(range.start.column): error[\(code.rawValue)]: \(message)"
    }

    /// The same text as `description`, for Foundation's error reporting.
    public var errorDescription: String? { description }
}

/// Why a tap was refused, in a form that costs nothing to build; `GameRules.refusal(for:tapping:)`
/// turns it into a message.
enum TapRejection: Error {
    /// No action taps this pile.
    case noAction
    /// No action's `when` guard holds; the first action of the pile is the one reported.
    case noneApplies(firstAction: Int)
    case fault(EvaluationFault)
    case limitReached(action: Int)
    /// A `require` of the action's body refused.
    case refused(Refusal)
    /// The action would change nothing.
    case unchanged(action: Int)
}
