import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// The findings for one rule file, with its text so that a renderer can quote source lines.
public struct FileLintResult: Sendable {
    /// The file as it was named.
    public var path: String
    /// The file's text, or nil when it could not be read or decoded.
    public var source: String?
    /// Every finding, in order of place: at most ``DiagnosticLimit/perFile``, then one `P0012`
    /// finding that counts the rest when there are more.
    public var diagnostics: [Diagnostic]
    /// The errors left out past the limit, counted by ``errorCount``.
    public var omittedErrorCount = 0
    /// The warnings left out past the limit, counted by ``warningCount``.
    public var omittedWarningCount = 0
    /// The static step bound of every rule, action, effect and the win condition, in file order;
    /// empty when the file has errors.
    public var ruleBounds: [RuleBound]

    /// A result for the file at `path`, with at most ``DiagnosticLimit/perFile`` of `diagnostics`
    /// and a finding that counts the rest, and `omittedErrors` more errors that were only counted.
    public init(path: String, source: String?, diagnostics: [Diagnostic], ruleBounds: [RuleBound] = [], omittedErrors: Int = 0) {
        let capped = DiagnosticLimit.cap(diagnostics, alsoOmitted: omittedErrors)
        self.path = path
        self.source = source
        self.diagnostics = capped.shown
        omittedErrorCount = capped.omittedErrors
        omittedWarningCount = capped.omittedWarnings
        self.ruleBounds = ruleBounds
    }

    /// How many findings are errors, those left out past the limit included.
    public var errorCount: Int { count(of: .error) + omittedErrorCount }
    /// How many findings are warnings, those left out past the limit included.
    public var warningCount: Int { count(of: .warning) + omittedWarningCount }

    /// The findings shown of this severity, not counting the one that counts those left out.
    private func count(of severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity && $0.code != .tooManyDiagnostics }.count
    }
}

extension DiagnosticRenderer {
    /// Renders every finding of a lint result, in order, one string per finding.
    public func render(_ result: FileLintResult) -> [String] {
        render(result.diagnostics, inFile: result.path, source: result.source)
    }
}

extension DiagnosticJSON {
    /// Encodes every finding of every lint result, in order, as a single JSON array.
    public static func encode(_ results: [FileLintResult]) -> String {
        encode(files: results.map { (path: $0.path, diagnostics: $0.diagnostics) })
    }
}

/// Lints one rule file: reads it within the input limits, parses it, resolves `extends`, and checks it.
public func lintRuleFile(atPath path: String) -> FileLintResult {
    lint(RuleLoader.load(path: path))
}

/// Lints rule text that did not come from a file on disk.
public func lintRuleSource(_ source: String, path: String = "<input>") -> FileLintResult {
    lint(RuleLoader.load(source: source, path: path))
}

/// Lints the text of an editor's document: `extends` is resolved first among `files` (the texts of
/// the other open documents, by path) and then on disk, as the language server needs.
package func lintDocument(_ source: String, path: String, files: [String: String]) -> FileLintResult {
    lint(RuleLoader.load(source: source, path: path, files: files))
}

/// Lints a file the loader has read and merged.
func lint(_ loaded: LoadedRuleFile) -> FileLintResult {
    var diagnostics = loaded.diagnostics
    var bounds: [RuleBound] = []
    if let declarations = loaded.declarations, !diagnostics.contains(where: { $0.code == .tooManyTokens || $0.code == .nestingTooDeep }) {
        var checker = Checker(declarations: declarations, path: loaded.path)
        bounds = checker.check()?.ruleBounds ?? []
        var findings = checker.diagnostics
        // A declaration that failed to parse is missing from what the checker sees, so findings that
        // a part is missing or unused would follow from the syntax error rather than add to it.
        if diagnostics.contains(where: { $0.severity == .error && $0.code.isLexicalOrSyntax }) {
            findings.removeAll { Checker.followOnCodes.contains($0.code) }
            if let file = loaded.file, let source = loaded.source {
                findings.removeAll { usesDamagedName($0, file, source) }
            }
        }
        // The game is valid with its defaults; check that its other option values can be dealt too.
        if !(diagnostics + findings).contains(where: { $0.severity == .error }) {
            findings += OptionVariants.findings(for: declarations, path: loaded.path, known: findings)
        }
        diagnostics += findings.map { localise($0, to: loaded, declarations: declarations) }
    }
    let findings = Checker.deduplicated(diagnostics)
    let omitted = loaded.file?.omittedErrors ?? 0
    return FileLintResult(path: loaded.path, source: loaded.source, diagnostics: findings,
                          ruleBounds: findings.contains { $0.severity == .error } || omitted > 0 ? [] : bounds, omittedErrors: omitted)
}

/// Whether a finding that a name is unknown is about a declaration that a syntax error damaged,
/// and so follows from that error.
private func usesDamagedName(_ diagnostic: Diagnostic, _ file: RuleFile, _ source: String) -> Bool {
    guard diagnostic.code == .unknownName || diagnostic.code == .unknownZone,
          diagnostic.file == nil || diagnostic.file == file.path else { return false }
    let bytes = source.utf8
    let start = diagnostic.range.start.offset, end = diagnostic.range.end.offset
    guard start >= 0, start <= end, end <= bytes.count else { return false }
    let name = String(decoding: bytes.dropFirst(start).prefix(end - start), as: UTF8.self)
    return file.damagedNames.contains(name)
}

/// A finding inside a base file is reported on the variant's `extends` line, with the base location as a note.
private func localise(_ diagnostic: Diagnostic, to loaded: LoadedRuleFile, declarations: [Declaration]) -> Diagnostic {
    guard let file = diagnostic.file, file != loaded.path else { return diagnostic }
    var moved = diagnostic
    let extends = loaded.file?.declarations.first { if case .extends = $0.kind { return true } else { return false } }
    moved.range = extends?.range ?? .fileStart
    moved.notes.insert(DiagnosticNote(message: "in \(file):\(diagnostic.range.start.line):\(diagnostic.range.start.column)"), at: 0)
    moved.file = nil
    return moved
}
