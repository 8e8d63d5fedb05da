extension DealSource {
    /// Reads a deal as the command line writes it: `seed:N` for the project's own generator
    /// (N from 0 to 2^64 - 1) or `ms:N` for Microsoft FreeCell deal N (1 to 2^33 - 1).
    ///
    /// Throws `.invalidDealSpec` for text of another shape and `.dealOutOfRange` for a
    /// Microsoft deal number outside ``MicrosoftDeal/range``.
    public init(spec: String) throws(Refusal) {
        let parts = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw Refusal(code: .invalidDealSpec, message: "'\(spec)' is not a deal; write seed:N or ms:N")
        }
        let kind = parts[0], number = parts[1]
        // Only plain decimal digits: `Int("+5")` would accept a sign the notation does not have.
        let isDecimal = !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
        switch kind {
        case "seed":
            guard isDecimal, let seed = UInt64(number) else {
                throw Refusal(code: .invalidDealSpec, message: "the seed in '\(spec)' must be a whole number from 0 to \(UInt64.max)")
            }
            self = .seed(seed)
        case "ms":
            guard isDecimal else {
                throw Refusal(code: .invalidDealSpec, message: "the deal number in '\(spec)' must be a whole number")
            }
            guard let deal = Int(number), MicrosoftDeal.range.contains(deal) else {
                throw Refusal(code: .dealOutOfRange,
                              message: "Microsoft deal numbers run from \(MicrosoftDeal.range.lowerBound) to \(MicrosoftDeal.range.upperBound), not \(number)")
            }
            self = .microsoft(deal)
        default:
            let hint = Spelling.closest(to: String(kind), among: ["seed", "ms"]).map { "; did you mean '\($0)'?" } ?? "; write seed:N or ms:N"
            throw Refusal(code: .invalidDealSpec, message: "'\(kind)' is not a kind of deal\(hint)")
        }
    }

    /// The deal as ``init(spec:)`` reads it, such as `seed:1` or `ms:617`; nil for a given card order.
    public var spec: String? {
        switch self {
        case .seed(let seed): return "seed:\(seed)"
        case .microsoft(let deal): return "ms:\(deal)"
        case .order: return nil
        }
    }
}
