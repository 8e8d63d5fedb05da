import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats
import PatienceSolver

/// A JSON value for `solve` and `analyze`, written on one line with its keys in the order given,
/// so that the output is byte for byte the same from run to run.
enum SolverJSON {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case null
    case array([SolverJSON])
    case object([(String, SolverJSON)])

    static func string(_ text: String?) -> SolverJSON { text.map(SolverJSON.string) ?? .null }
    static func integer(_ number: Int?) -> SolverJSON { number.map(SolverJSON.integer) ?? .null }

    var encoded: String {
        switch self {
        case .string(let text): return SolverJSON.quote(text)
        case .integer(let n): return String(n)
        case .number(let x): return x.isFinite ? String(format6: x) : "null"
        case .boolean(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.encoded).joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { SolverJSON.quote($0.0) + ": " + $0.1.encoded }.joined(separator: ", ") + "}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    /// A number with up to six decimals and no exponent, such as `0.012345`.
    init(format6 value: Double) {
        let micros = Int((abs(value) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        var text = String(micros / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
        while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
        self = (value < 0 && micros > 0 ? "-" : "") + text
    }
}
