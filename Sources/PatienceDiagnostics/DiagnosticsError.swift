import Foundation

/// Input that could not be read or used — a rule file, board text, a list of moves, a saved game,
/// a deal — with every finding about it. Each finding has a stable code and, where the input is
/// text, the range it points at. A move that the rules refuse is not one of these: it is a
/// `Refusal`, a verdict on input that was read.
public struct DiagnosticsError: Error, Hashable, Sendable {
    /// The findings, errors first as they were found.
    public var diagnostics: [Diagnostic]
    /// The file the input came from, as the user named it; nil for text given in code.
    public var path: String?
    /// The text that was read, for quoting the lines the findings point at; nil when it could not be read.
    public var source: String?
    /// Errors about the input at `path` past ``DiagnosticLimit/retained``, counted and not kept;
    /// a report counts them with the findings it does not show.
    public var omittedErrorCount = 0

    /// An error with these findings about the input at `path`, and `omittedErrorCount` more that were only counted.
    public init(diagnostics: [Diagnostic], path: String? = nil, source: String? = nil, omittedErrorCount: Int = 0) {
        self.diagnostics = diagnostics
        self.path = path
        self.source = source
        self.omittedErrorCount = omittedErrorCount
    }

    /// An error with one finding.
    public init(_ code: DiagnosticCode, _ message: String, at range: SourceRange = .fileStart, help: String? = nil,
                path: String? = nil, source: String? = nil) {
        self.init(diagnostics: [Diagnostic(code, message, at: range, help: help)], path: path, source: source)
    }

    /// The first error among the findings (or the first finding).
    public var first: Diagnostic? { diagnostics.first { $0.severity == .error } ?? diagnostics.first }
    /// The code of the first error.
    public var code: DiagnosticCode? { first?.code }
    /// The message of the first error.
    public var message: String { first?.message ?? "" }
}

extension DiagnosticsError: CustomStringConvertible, LocalizedError {
    /// Every finding on a line of its own, as the command line writes it without the quoted
    /// source: `board.txt:3:5: error[P0704]: …`.
    public var description: String {
        diagnostics.map { $0.line(inFile: $0.file ?? path) }.joined(separator: "\n")
    }

    /// The same text as `description`, for Foundation's error reporting.
    public var errorDescription: String? { description }
}

extension Diagnostic: CustomStringConvertible {
    /// The finding on one line, `3:5: error[P0704]: …`, as the command line writes its first line.
    public var description: String { line(inFile: file) }

    /// `file:3:5: error[P0704]: …`; a finding about the whole input has no line and column.
    func line(inFile path: String?) -> String {
        var place = path.map { $0 + ":" } ?? ""
        if range != .fileStart { place += "\(range.start.line):\(range.start.column):" }
        return (place.isEmpty ? "" : place + " ") + "\(severity.rawValue)[\(code.rawValue)]: \(message)"
    }
}
