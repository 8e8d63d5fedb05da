import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceLanguage
@testable import PatienceEngine
@testable import PatienceCompiler

/// `patience fmt` changes how a game reads, never how it plays: every bundled game is laid out
/// at random (with comments added), formatted, compiled, and played against the original over
/// seeded games. Deals, verdicts, listings, taps and the tables reached must all agree; refusals
/// agree in code, message and file, not in line (comments added move the lines).
@Suite struct FormattedGameBehaviourTests {
    static let games = TestPaths.isLongRun ? 20 : 1
    static let steps = TestPaths.isLongRun ? 40 : 5

    /// Every bundled game laid out at random and formatted, by absolute path, so that a variant
    /// extends its formatted base.
    static let formattedTexts: [String: String] = {
        var texts: [String: String] = [:]
        for (index, name) in TestPaths.ruleFiles.enumerated() {
            let path = TestPaths.rules(String(name.dropLast(".patience".count)))
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            let relaidOut = LayoutPerturbation.perturb(text, seed: UInt64(index), addingComments: true)
            if case .formatted(let formatted) = Formatter.format(relaidOut, path: path) { texts[path] = formatted }
        }
        return texts
    }()

    /// Every rule file in the long run, a quarter of them in the default run.
    static let ruleFiles = TestPaths.sample(TestPaths.ruleFiles, oneIn: 4, offset: 1)

    @Test(arguments: FormattedGameBehaviourTests.ruleFiles)
    func formattedGameBehavesTheSame(file: String) throws {
        let path = TestPaths.rules(String(file.dropLast(".patience".count)))
        let text = try #require(Self.formattedTexts[path], "\(file) did not format")
        #expect(text != (try String(contentsOfFile: path, encoding: .utf8)), "the comments added should change the text")
        let original = try GameCompiler.compile(path: path)
        let formatted = try GameCompiler.compile(source: text, path: path, files: Self.formattedTexts)
        let comparison = BehaviourComparison(file: file, names: ("originally", "formatted"), games: Self.games, steps: Self.steps,
                                             playSeedOffset: 11, normalise: { Refusal(code: $0.code, message: $0.message, file: $0.file) })
        #expect(try comparison.compare(original, formatted) > 0)
    }
}
