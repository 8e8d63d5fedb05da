import Foundation

/// The findings for one rule file, with its text so that a renderer can quote source lines.
public struct FileLintResult: Sendable {
    public var path: String
    /// The file's text, or nil when it could not be read or decoded.
    public var source: String?
    public var diagnostics: [Diagnostic]

    public init(path: String, source: String?, diagnostics: [Diagnostic]) {
        self.path = path
        self.source = source
        self.diagnostics = diagnostics
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// Lints one rule file: reads it within the input limits, parses it, resolves `extends`, and checks it.
public func lintRuleFile(atPath path: String) -> FileLintResult {
    // Placeholder until the checker lands; see RuleLoader.
    FileLintResult(path: path, source: nil, diagnostics: [])
}
