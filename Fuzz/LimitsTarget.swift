// libFuzzer target for the limits of issue 35: any bytes as a rule file through reading
// (encodings), the lexer, the parser and the checker (`lintRuleSource`), then rendered as text and
// JSON, checking that no file shows more than the cap of findings and that the count of those
// left out adds up; then the same bytes as the language server's input, read in chunks by
// `MessageReader`, which must end and take input for every fault it reports. Built by
// `Scripts/fuzz.sh limits SECONDS` from the stages it needs only (no engine, no playout), so it
// runs many times faster than the lint target and spends its time on this code.
import Foundation

private struct LimitFailure: Error, CustomStringConvertible {
    var description: String
}

private func checkLimits(_ bytes: [UInt8]) throws(LimitFailure) {
    let data = Data(bytes)
    let (decoded, readDiagnostics) = RuleLoader.decode(data)
    if let foreign = ForeignEncoding.of(data), decoded != nil {
        throw LimitFailure(description: "\(foreign.encoding.rawValue) was decoded as UTF-8")
    }
    if let text = decoded {
        let result = lintRuleSource(text, path: "fuzz.patience")
        let limit = DiagnosticLimit.perFile
        guard result.diagnostics.count <= limit + 1 else {
            throw LimitFailure(description: "\(result.diagnostics.count) findings shown")
        }
        let summaries = result.diagnostics.filter { $0.code == .tooManyDiagnostics }
        if summaries.count > 1 || (summaries.count == 1 && result.diagnostics.last?.code != .tooManyDiagnostics) {
            throw LimitFailure(description: "the finding that counts the rest is not alone at the end")
        }
        let shownErrors = result.diagnostics.filter { $0.severity == .error && $0.code != .tooManyDiagnostics }.count
        guard result.errorCount == shownErrors + result.omittedErrorCount, summaries.isEmpty == (result.omittedErrorCount + result.omittedWarningCount == 0)
        else {
            throw LimitFailure(description: "the counts do not add up: \(result.errorCount) errors, \(shownErrors) shown, \(result.omittedErrorCount) left out")
        }
        let rendered = DiagnosticRenderer().render(result)
        guard rendered.count == result.diagnostics.count else { throw LimitFailure(description: "rendered \(rendered.count) of \(result.diagnostics.count)") }
        for text in rendered {
            // A quoted line is a window of at most 120 columns after its gutter and '| '.
            for line in text.split(separator: "\n") where line.prefix(while: \.isNumber).count > 0 && line.drop(while: \.isNumber).hasPrefix(" | ") {
                guard line.unicodeScalars.count <= 130 else { throw LimitFailure(description: "a quoted line of \(line.unicodeScalars.count) scalars") }
            }
        }
        let json = DiagnosticJSON.encode([result])
        guard (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil else { throw LimitFailure(description: "the JSON does not parse") }
    } else if readDiagnostics.isEmpty {
        throw LimitFailure(description: "undecodable bytes without a finding")
    }

    // The bytes as the language server's input (Tests/TestSupport/FramingCheck.swift).
    guard FramingCheck.results(of: bytes) != nil else {
        throw LimitFailure(description: "the message reader reported more results than the \(bytes.count) bytes")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func limitsFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        try checkLimits(Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        FileHandle.standardError.write(Data("\nINVARIANT FAILED: \(error)\n".utf8))
        abort()
    }
    return 0
}
