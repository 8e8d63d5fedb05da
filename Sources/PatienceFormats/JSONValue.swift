import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// A JSON value built in code, so that output for programs (`--format json`) keeps its keys in
/// the order written and its layout stable from run to run.
package enum JSONValue {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case null
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])
    /// JSON text written as it is, such as a value another encoder wrote.
    case raw(String)

    /// A string, or null when there is none.
    package static func string(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// An integer, or null when there is none.
    package static func integer(_ number: Int?) -> JSONValue {
        number.map(JSONValue.integer) ?? .null
    }

    /// The value on one line, written `{"key": value, "key": value}` and `[a, b]`.
    package var encoded: String {
        switch self {
        case .string(let text): return DiagnosticJSON.string(text)
        case .integer(let number): return String(number)
        case .boolean(let value): return value ? "true" : "false"
        case .null: return "null"
        case .raw(let text): return text
        case .array(let items): return "[" + items.map(\.encoded).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { DiagnosticJSON.string($0.key) + ": " + $0.value.encoded }.joined(separator: ", ") + "}"
        }
    }

    /// An array with one item per line, indented by two spaces; `[]` when empty.
    package static func encodedLines(_ items: [JSONValue]) -> String {
        items.isEmpty ? "[]" : "[\n" + items.map { "  " + $0.encoded }.joined(separator: ",\n") + "\n]"
    }
}
