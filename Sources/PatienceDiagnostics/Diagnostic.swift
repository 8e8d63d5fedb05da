/// How serious a finding is. Errors stop a game from running; warnings fail a lint only with `--strict`.
public enum Severity: String, Sendable, Codable, Hashable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: return 2
        case .warning: return 1
        case .note: return 0
        }
    }

    /// Notes are below warnings, which are below errors.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A secondary location attached to a diagnostic, such as the earlier declaration of a duplicate.
public struct DiagnosticNote: Hashable, Sendable, Codable {
    /// What the note says.
    public var message: String
    /// Where it points, when it points somewhere.
    public var range: SourceRange?

    /// A note with this message, pointing at `range` if given.
    public init(message: String, range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// One finding about a rule file: a stable code, a severity, where it is and what is wrong.
public struct Diagnostic: Hashable, Sendable, Codable {
    /// The stable code, such as `P0301`, listed in `Diagnostics.md`.
    public var code: DiagnosticCode
    /// Whether it is an error, a warning or a note.
    public var severity: Severity
    /// What is wrong, in one sentence.
    public var message: String
    /// The text the finding is about.
    public var range: SourceRange
    /// A suggestion for the fix, shown as `help:` under the source excerpt.
    public var help: String?
    /// Further places or facts, such as the earlier declaration of a duplicate.
    public var notes: [DiagnosticNote]
    /// The file the range lies in, when it differs from the file being checked (a variant's base).
    public var file: String?

    /// A finding with its code, message and range; its severity is the code's unless given.
    public init(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange,
        help: String? = nil, notes: [DiagnosticNote] = [], severity: Severity? = nil, file: String? = nil
    ) {
        self.file = file
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.message = message
        self.range = range
        self.help = help
        self.notes = notes
    }
}
