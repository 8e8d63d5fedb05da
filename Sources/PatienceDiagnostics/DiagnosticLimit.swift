/// The most findings reported about one file. Past it, as compilers do, the first
/// ``perFile`` findings are shown and one more finding (`P0012`) says how many were left out,
/// so that a file of 100,000 stray bytes gives a screenful rather than 100,000 findings, in every
/// command, in text and JSON alike, and in the language server.
public enum DiagnosticLimit {
    /// How many findings about one file are shown.
    public static let perFile = 100
    /// How many findings the lexer and the parser each keep; past it they only count them, so
    /// that a file of 200,000 stray characters does not build 200,000 findings to show 100.
    /// The findings kept come first in the file, so the ones shown are the same.
    public static let retained = 1_000

    /// The findings of one file within the limit, and how many of each severity were left out.
    public struct Capped: Sendable, Hashable {
        /// The first findings, then the `P0012` finding that counts the rest when any were left out.
        public var shown: [Diagnostic]
        /// How many errors were left out.
        public var omittedErrors: Int
        /// How many warnings were left out.
        public var omittedWarnings: Int
        /// How many notes were left out.
        public var omittedNotes: Int

        /// How many findings were left out.
        public var omittedCount: Int { omittedErrors + omittedWarnings + omittedNotes }
    }

    /// The first `limit` of `diagnostics`, then, when there are more, one `P0012` finding at the
    /// first one left out that says how many were, counting also `alsoOmitted` errors that were
    /// counted but never kept (see ``retained``). A list that is already capped (the limit's
    /// findings and a `P0012` after them) is returned as it is.
    public static func cap(_ diagnostics: [Diagnostic], limit: Int = perFile, alsoOmitted: Int = 0) -> Capped {
        let limit = max(0, limit)
        let alreadyCapped = diagnostics.count == limit + 1 && diagnostics[limit].code == .tooManyDiagnostics
        guard (diagnostics.count > limit && !alreadyCapped) || (alsoOmitted > 0 && !alreadyCapped) else {
            return Capped(shown: diagnostics, omittedErrors: 0, omittedWarnings: 0, omittedNotes: 0)
        }
        var errors = alsoOmitted, warnings = 0, notes = 0
        for diagnostic in diagnostics.dropFirst(limit) {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
        let total = errors + warnings + notes
        var parts: [String] = []
        if errors > 0 { parts.append(count(errors, "error")) }
        if warnings > 0 { parts.append(count(warnings, "warning")) }
        if notes > 0 { parts.append(count(notes, "note")) }
        let severity: Severity = errors > 0 ? .error : warnings > 0 ? .warning : .note
        // At the first finding left out; past the last one shown when only uncounted ones were.
        let first = diagnostics.count > limit ? diagnostics[limit] : diagnostics.last
        let summary = Diagnostic(
            .tooManyDiagnostics,
            "\(count(total, "more finding")) not shown (\(parts.joined(separator: ", "))): a file shows at most \(limit)",
            at: first?.range ?? .fileStart,
            help: "fix the findings above and check the file again",
            severity: severity, file: first?.file)
        return Capped(shown: Array(diagnostics.prefix(limit)) + [summary], omittedErrors: errors, omittedWarnings: warnings, omittedNotes: notes)
    }

    /// `diagnostics` within the limit: ``cap(_:limit:)``'s shown findings.
    public static func capped(_ diagnostics: [Diagnostic], limit: Int = perFile, alsoOmitted: Int = 0) -> [Diagnostic] {
        cap(diagnostics, limit: limit, alsoOmitted: alsoOmitted).shown
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
