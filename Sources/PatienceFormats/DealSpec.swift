import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// The text form of a deal, as the command line's `--deal` takes it:
///
/// - `seed:N` deals with the project's generator (see `SeededGenerator`), N from 0 to 2⁶⁴−1;
/// - `ms:N` deals Microsoft FreeCell's deal number N (see `MicrosoftDeal.range`).
extension DealSource {
    /// Reads a deal written as `seed:N` or `ms:N`; the prefix may be in either case.
    ///
    /// Throws `.invalidDealSpec` (P0706) for text of another form, and `.dealOutOfRange` (P0709)
    /// for a number its generator cannot deal.
    public init(spec text: String) throws(DiagnosticsError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.firstIndex(of: ":") else {
            throw Self.malformed(trimmed)
        }
        let kind = trimmed[..<colon].lowercased()
        let number = trimmed[trimmed.index(after: colon)...]
        let digits = number.hasPrefix("-") ? number.dropFirst() : number
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw Self.malformed(trimmed)
        }
        switch kind {
        case "seed":
            guard !number.hasPrefix("-"), let seed = UInt64(digits) else {
                throw DiagnosticsError(.dealOutOfRange, "seeds run from 0 to \(UInt64.max), not \(number)")
            }
            self = .seed(seed)
        case "ms":
            guard let deal = Int(number), MicrosoftDeal.range.contains(deal) else {
                throw DiagnosticsError(.dealOutOfRange, "Microsoft deal numbers run from \(MicrosoftDeal.range.lowerBound) to \(MicrosoftDeal.range.upperBound), not \(number)")
            }
            self = .microsoft(deal)
        default:
            let hint = Spelling.closest(to: kind, among: ["seed", "ms"]).map { "; did you mean \(Spelling.quoted($0))?" } ?? "; write seed:N or ms:N"
            throw DiagnosticsError(.invalidDealSpec, "\(Spelling.quoted(kind)) is not a kind of deal\(hint)")
        }
    }

    /// The deal as `--deal` writes it, such as `seed:3` or `ms:617`; nil for a deal given as a card order.
    public var spec: String? {
        switch self {
        case .seed(let seed): return "seed:\(seed)"
        case .microsoft(let deal): return "ms:\(deal)"
        case .order: return nil
        }
    }

    private static func malformed(_ text: String) -> DiagnosticsError {
        DiagnosticsError(.invalidDealSpec, "\(Spelling.quoted(text)) is not a deal; write seed:N or ms:N")
    }
}
