import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine

/// The compiler's specialised forms (direct tests, fused clauses, pile-test loops, constant
/// operands) against the general closures they replace: every bundled game is compiled both ways
/// and played over seeded random games, and at every step the two must agree on every verdict,
/// listing and refusal, and reach the same table.
@Suite struct SpecialisationTests {
    /// Seeded games per rule file, and plays per game at most.
    static let games = TestPaths.isLongRun ? 10 : 1
    static let steps = TestPaths.isLongRun ? 30 : 6

    /// Every rule file in the long run; a quarter of them in the default run.
    static let ruleFiles = TestPaths.sample(TestPaths.ruleFiles, oneIn: 4, offset: 0)

    @Test("Specialised and general rules agree", arguments: SpecialisationTests.ruleFiles)
    func specialisedAndGeneralAgree(file: String) throws {
        let path = TestPaths.rules.appendingPathComponent(file).path
        let fast = try GameCompiler.compile(path: path, specialise: true)
        let plain = try GameCompiler.compile(path: path, specialise: false)
        let comparison = BehaviourComparison(file: file, names: ("specialised", "general"), games: Self.games, steps: Self.steps,
                                             playSeedOffset: 7)
        #expect(try comparison.compare(fast, plain) > 0)
    }
}
