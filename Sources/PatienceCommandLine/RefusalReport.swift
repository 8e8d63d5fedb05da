import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// A refused play, written the way compilers write diagnostics: `file:line:column: error[CODE]: message`
/// and the quoted rule that refused it, or just `error[CODE]: message` for a check the engine makes itself.
struct RefusalReport: Sendable {
    var usesColor: Bool

    func text(for refusal: Refusal) -> String {
        guard let file = refusal.file else {
            let label = "error[\(refusal.code.rawValue)]"
            return usesColor
                ? "\u{1B}[1;31m\(label)\(CardStyle.reset): \u{1B}[1m\(refusal.message)\(CardStyle.reset)"
                : "\(label): \(refusal.message)"
        }
        let diagnostic = Diagnostic(refusal.code, refusal.message, at: refusal.range ?? .fileStart, severity: .error)
        // The rule may live in a variant's base file, so quote whichever file the refusal names.
        let source = RuleLoader.read(path: file).text
        return DiagnosticRenderer(usesColor: usesColor).render(diagnostic, inFile: file, source: source)
    }
}
