import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceChecking
@testable import PatienceLanguage

/// A finding on line `line`, column `column`, of `severity`.
private func finding(_ line: Int, _ column: Int, _ severity: Severity = .error, code: DiagnosticCode = .unexpectedCharacter) -> Diagnostic {
    let location = SourceLocation(offset: 0, line: line, column: column)
    return Diagnostic(code, "finding \(line):\(column)", at: SourceRange(start: location, end: location), severity: severity)
}

/// Issue 35: the cap on findings per file, quoting very long lines, and files in other encodings.
@Suite struct DiagnosticLimitTests {
    @Test func aListWithinTheLimitIsLeftAsItIs() {
        let findings = (1...DiagnosticLimit.perFile).map { finding($0, 1) }
        let capped = DiagnosticLimit.cap(findings)
        expectEqual(capped.shown, findings)
        expectEqual(capped.omittedCount, 0)
    }

    @Test func pastTheLimitTheRestAreCountedInOneFinding() {
        let findings = (1...250).map { finding($0, 2, $0 % 5 == 0 ? .warning : .error) }
        let capped = DiagnosticLimit.cap(findings)
        expectEqual(capped.shown.count, DiagnosticLimit.perFile + 1)
        expectEqual(Array(capped.shown.prefix(DiagnosticLimit.perFile)), Array(findings.prefix(DiagnosticLimit.perFile)))
        let summary = capped.shown[DiagnosticLimit.perFile]
        expectEqual(summary.code, .tooManyDiagnostics)
        expectEqual(summary.severity, .error)
        expectEqual(summary.range, findings[DiagnosticLimit.perFile].range)
        expectEqual(summary.message, "150 more findings not shown (120 errors, 30 warnings): a file shows at most 100")
        expectEqual(capped.omittedErrors, 120)
        expectEqual(capped.omittedWarnings, 30)
        // Capping again changes nothing.
        expectEqual(DiagnosticLimit.cap(capped.shown).shown, capped.shown)
    }

    /// Past the findings the lexer keeps, the rest are only counted, and the count is exact.
    @Test func findingsPastThoseKeptAreCounted() {
        let count = DiagnosticLimit.retained * 3
        let (file, diagnostics) = Parser.parse("game \"G\"\n" + String(repeating: "@\n", count: count))
        expectEqual(diagnostics.count, DiagnosticLimit.retained)
        expectEqual(file.omittedErrors, count - DiagnosticLimit.retained)
        let result = lintRuleSource("game \"G\"\n" + String(repeating: "@\n", count: count))
        expectEqual(result.errorCount, count)
        expectEqual(result.diagnostics.last?.message,
                    "\(count - DiagnosticLimit.perFile) more findings not shown (\(count - DiagnosticLimit.perFile) errors): a file shows at most 100")
        // The findings shown are the first ones, one a line.
        expectEqual(result.diagnostics.prefix(DiagnosticLimit.perFile).map(\.range.start.line), Array(2...(DiagnosticLimit.perFile + 1)))
    }

    @Test func theSummaryHasTheWorstSeverityOfThoseLeftOut() {
        let warnings = (1...103).map { finding($0, 1, .warning) }
        let summary = DiagnosticLimit.capped(warnings).last
        expectEqual(summary?.severity, .warning)
        expectEqual(summary?.message, "3 more findings not shown (3 warnings): a file shows at most 100")
    }

    /// 100,000 stray NUL bytes on one line: the renderer and the JSON encoder show the limit's
    /// findings and one more, and the lint result still counts every error.
    @Test func aFloodOfFindingsIsCappedInTextAndJSON() {
        let source = String(repeating: "\u{0}", count: 100_000)
        let result = lintRuleSource(source, path: "nul.patience")
        expectEqual(result.diagnostics.count, DiagnosticLimit.perFile + 1)
        expectEqual(result.diagnostics.last?.code, .tooManyDiagnostics)
        expectGreaterOrEqual(result.errorCount, 100_000)
        let rendered = DiagnosticRenderer().render(result)
        expectEqual(rendered.count, DiagnosticLimit.perFile + 1)
        expectHasPrefix(rendered.last ?? "", "nul.patience:1:")
        expectContains(rendered.last ?? "", "error[P0012]: ")
        // Each quoted line is a window of the 100,000-character line, not the line.
        expectLessOrEqual(rendered.map(\.count).max() ?? 0, 600)
        let json = DiagnosticJSON.encode([result])
        expectEqual(json.components(separatedBy: "\"code\":").count - 1, DiagnosticLimit.perFile + 1)
        expectContains(json, "\"code\":\"P0012\"")
    }

    /// Rendering a finding on a line of 1,000,000 characters quotes a window of the line, with
    /// the caret under the column, and many findings on it share one preparation of the line.
    @Test func aMillionCharacterLineIsQuotedAsAWindow() {
        let line = String(repeating: "ab\t", count: 333_334)
        let findings = [finding(1, 600_001), finding(1, 900_001)]
        let rendered = DiagnosticRenderer().render(findings, inFile: "long.patience", source: line + "\n")
        expectEqual(rendered.count, 2)
        for text in rendered {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            expectEqual(lines.count, 4)
            guard lines.count == 4 else { continue }
            expectLessOrEqual(lines[2].count, "1 | ".count + 120)
            expectHasPrefix(String(lines[2]), "1 | …")
            // The caret sits under the first column of the finding, an 'a'.
            let caret = lines[3].firstIndex(of: "^").map { lines[3].distance(from: lines[3].startIndex, to: $0) } ?? -1
            let quoted = Array(lines[2])
            expectTrue(caret >= 0 && caret < quoted.count && quoted[caret] == "a", "caret at \(caret) in \(lines[2])")
        }
    }

    /// Bytes in another encoding, and what should be said of them.
    struct EncodedCase: Sendable, CustomStringConvertible {
        var bytes: [UInt8]
        var encoding: ForeignEncoding
        var evidence: ForeignEncoding.Evidence
        var description: String { "\(encoding.rawValue), \(evidence)" }
    }

    static let encodedCases: [EncodedCase] = {
        let text = Array("game \"G\"\n".utf16)
        let little: [UInt8] = text.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = text.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return [
            EncodedCase(bytes: [0xFF, 0xFE] + little, encoding: .utf16LittleEndian, evidence: .byteOrderMark),
            EncodedCase(bytes: [0xFE, 0xFF] + big, encoding: .utf16BigEndian, evidence: .byteOrderMark),
            EncodedCase(bytes: [0xFF, 0xFE, 0x00, 0x00, 0x67, 0x00, 0x00, 0x00], encoding: .utf32LittleEndian, evidence: .byteOrderMark),
            EncodedCase(bytes: [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x67], encoding: .utf32BigEndian, evidence: .byteOrderMark),
            EncodedCase(bytes: little, encoding: .utf16LittleEndian, evidence: .zeroBytes),
            EncodedCase(bytes: big, encoding: .utf16BigEndian, evidence: .zeroBytes),
        ]
    }()

    @Test(arguments: encodedCases)
    func otherEncodingsAreNamed(_ encoded: EncodedCase) {
        let (bytes, encoding, evidence) = (encoded.bytes, encoded.encoding, encoded.evidence)
        let found = ForeignEncoding.of(Data(bytes))
        expectEqual(found?.encoding, encoding)
        expectEqual(found?.evidence, evidence)
        let (text, diagnostics) = RuleLoader.decode(Data(bytes))
        expectEqual(text, nil)
        expectEqual(diagnostics.map(\.code), [.otherEncoding])
        expectContains(diagnostics.first?.message ?? "", "the file is in \(encoding.rawValue), not UTF-8")
    }

    /// UTF-8, with or without its byte-order mark, and NUL bytes are not taken for another encoding.
    @Test func utf8AndNulBytesAreNotAnotherEncoding() {
        expectTrue(ForeignEncoding.of(Data("game \"G\"\n".utf8)) == nil)
        expectTrue(ForeignEncoding.of(Data([0xEF, 0xBB, 0xBF] + Array("game \"G\"\n".utf8))) == nil)
        expectTrue(ForeignEncoding.of(Data(repeating: 0, count: 1000)) == nil)
        let (text, diagnostics) = RuleLoader.decode(Data([0xEF, 0xBB, 0xBF] + Array("game \"G\"\n".utf8)))
        expectTrue(text != nil)
        expectEqual(diagnostics, [])
    }
}
