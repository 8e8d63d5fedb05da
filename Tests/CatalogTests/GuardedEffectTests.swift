import Testing
import PatienceCompiler
import TestSupport

/// Validating a move applies it first wherever an effect may fault, which makes validation of
/// that game many times slower (issue 12's benchmark). Every bundled game guards its effects'
/// reads (`not p.empty and p.top…`, `any(…) … first(…)`) so that none may fault.
@Suite struct GuardedEffectTests {
    @Test func noBundledGameHasAnEffectThatMayFault() throws {
        var faulting: [String] = []
        for file in TestPaths.ruleFiles {
            let rules = try GameCompiler.compile(path: TestPaths.rules.appendingPathComponent(file).path)
            if rules.effectsCanFault { faulting.append(file) }
        }
        expectEqual(faulting, [], "guard the reads of these games' effects (Grammar.md, \"Reads that cannot fault\")")
    }
}
