import PatienceDiagnostics
import PatienceCards

/// Why the rules refused a move or an action: the diagnostic code of the refusing rule, a message,
/// and where that rule is written.
public struct Refusal: Error, Hashable, Sendable, Codable {
    public var code: DiagnosticCode
    public var message: String
    /// The rule file the refusing rule is written in; nil for checks the engine makes itself
    /// (a pile that does not exist, a card that is not there).
    public var file: String?
    public var range: SourceRange?

    public init(code: DiagnosticCode, message: String, file: String? = nil, range: SourceRange? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.range = range
    }
}
