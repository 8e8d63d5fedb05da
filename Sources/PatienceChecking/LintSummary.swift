import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// The closing line of a lint run, such as `3 files, 0 errors, 1 warning`.
public struct LintSummary: Hashable, Sendable, CustomStringConvertible {
    /// The rule files checked, including named files that could not be read.
    public var fileCount: Int
    /// The findings of severity error.
    public var errorCount: Int
    /// The findings of severity warning; notes are not counted.
    public var warningCount: Int

    /// Creates a summary from counts.
    public init(fileCount: Int, errorCount: Int, warningCount: Int) {
        self.fileCount = fileCount
        self.errorCount = errorCount
        self.warningCount = warningCount
    }

    /// Counts the files, errors and warnings of a set of lint results.
    public init(results: [FileLintResult]) {
        self.init(
            fileCount: results.count,
            errorCount: results.reduce(0) { $0 + $1.errorCount },
            warningCount: results.reduce(0) { $0 + $1.warningCount })
    }

    /// The summary line, with singular and plural nouns as the counts require.
    public var description: String {
        Self.count(fileCount, "file") + ", " + findings
    }

    /// The counts of findings alone, such as `0 errors, 1 warning`.
    public var findings: String {
        Self.count(errorCount, "error") + ", " + Self.count(warningCount, "warning")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
