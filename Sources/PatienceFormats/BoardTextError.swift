import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// Why ``BoardText/parse(_:maximumCopies:)`` rejected a text.
///
/// Every case carries the 1-based line and column (counted in Unicode scalars) where the
/// offending text starts.
public enum BoardTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A token where a card belongs is not a card, such as `1H`, `8X` or `<8H`.
    case malformedCard(text: String, line: Int, column: Int)
    /// A card in brackets, face down, outside a tableau column.
    case misplacedFaceDownCard(text: String, line: Int, column: Int)
    /// A `Foundations:` entry is not a suit letter, a dash and a rank or `0`, such as `H-5`.
    case malformedFoundation(text: String, line: Int, column: Int)
    /// A `Foundations:` line names the same suit twice in a game of one deck.
    case repeatedFoundationSuit(text: String, line: Int, column: Int)
    /// A line starts with a label the format does not have, such as `Stock:`.
    case unknownLine(label: String, line: Int, column: Int)
    /// A second `Foundations:`, `Freecells:` or `Talon:` line (`Waste:` and `Reserve:` lines may repeat).
    case repeatedLine(label: String, line: Int, column: Int)
    /// A card appears more often than the allowed number of copies; cards on a foundation count.
    case duplicateCard(text: String, line: Int, column: Int)

    /// The 1-based line of the problem.
    public var line: Int {
        switch self {
        case .malformedCard(_, let line, _), .misplacedFaceDownCard(_, let line, _),
            .malformedFoundation(_, let line, _), .repeatedFoundationSuit(_, let line, _),
            .unknownLine(_, let line, _), .repeatedLine(_, let line, _),
            .duplicateCard(_, let line, _):
            return line
        }
    }

    /// The 1-based column, in Unicode scalars, where the problem starts.
    public var column: Int {
        switch self {
        case .malformedCard(_, _, let column), .misplacedFaceDownCard(_, _, let column),
            .malformedFoundation(_, _, let column), .repeatedFoundationSuit(_, _, let column),
            .unknownLine(_, _, let column), .repeatedLine(_, _, let column),
            .duplicateCard(_, _, let column):
            return column
        }
    }

    /// What is wrong, in one sentence without the position.
    public var message: String {
        switch self {
        case .malformedCard(let text, _, _):
            return "\(Spelling.quoted(text)) is not a card; write a rank (A, 2-9, T, J, Q, K) then a suit (C, D, H, S)"
        case .misplacedFaceDownCard(let text, _, _):
            return "\(Spelling.quoted(text)) is face down, which only a tableau column can hold"
        case .malformedFoundation(let text, _, _):
            return "\(Spelling.quoted(text)) is not a foundation; write a suit, a dash and the top rank, such as H-5 or S-0, a dash for an empty pile, or the pile's cards joined by commas, such as 3S,4S"
        case .repeatedFoundationSuit(let text, _, _):
            return "\(Spelling.quoted(text)) names a suit whose foundation is already given"
        case .unknownLine(let label, _, _):
            return "\(Spelling.quoted(label)) is not a line of board text; expected Foundations:, Freecells:, Talon:, Waste:, Reserve: or a column"
        case .repeatedLine(let label, _, _):
            return "a second \(Spelling.quoted(label)) line; each may appear only once"
        case .duplicateCard(let text, _, _):
            return "\(Spelling.quoted(text)) appears more often than the decks in play hold it"
        }
    }

    /// The diagnostic code of the problem: ``DiagnosticCode/duplicateCard`` for a card seen
    /// too often, ``DiagnosticCode/malformedBoard`` for everything else.
    public var code: DiagnosticCode {
        if case .duplicateCard = self { return .duplicateCard }
        return .malformedBoard
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

extension BoardTextError: LocalizedError {
    /// The same text as `description`, for Foundation's error reporting.
    public var errorDescription: String? { description }
}
