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


/// SplitMix64: a small generator with a fixed seed, so that every run lints the same "random" input.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A game that lints clean, to break in one or more places.
private let soundGame = """
    game "Sound"
    decks 1
    zone stock 1
    zone waste 1
    deal stock rest face down
    lift waste {
      require run.size == 1
    }
    accept waste {}
    won when waste.empty

    """

/// Hostile input must give findings, never a crash, a hang or silence. Each case also renders its
/// findings, since a renderer that quotes a huge line is the next thing to break. The time limit
/// catches a hang, not slowness: each case takes seconds alone, but a loaded machine running the
/// whole suite in parallel has stretched one past a minute.
@Suite(.timeLimit(.minutes(5)))
struct RobustnessTests {
    /// Lints `source`, checks that some finding is an error, that every finding renders with its
    /// quoted lines cut to the excerpt width, and that all of it took well under the time limit.
    @discardableResult
    private func lintsWithErrors(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> FileLintResult {
        let clock = ContinuousClock()
        var result = FileLintResult(path: "", source: nil, diagnostics: [])
        let elapsed = clock.measure {
            result = lintRuleSource(source, path: "hostile.patience")
            for rendered in DiagnosticRenderer().render(result) {
                let widest = rendered.split(separator: "\n").map(\.count).max() ?? 0
                expectLessOrEqual(widest, 300, "a rendered line is \(widest) characters wide", sourceLocation: sourceLocation)
            }
        }
        expectTrue(result.diagnostics.contains { $0.severity == .error }, sourceLocation: sourceLocation)
        // Far above the tenth of a second these take, so that a loaded machine does not fail them,
        // but far below the minutes that work growing with the square of the input would take.
        expectLess(elapsed, .seconds(20), "linting took \(elapsed)", sourceLocation: sourceLocation)
        return result
    }

    @Test func soundGameLintsClean() {
        expectTrue(lintRuleSource(soundGame).diagnostics.isEmpty)
    }

    @Test func threeIndependentErrorsOnThreeLines() {
        let source = soundGame
            .replacing("zone waste 1", with: "zone waste@ 1")
            .replacing("require run.size == 1", with: "require run.sise == 1")
            .replacing("won when waste.empty", with: "won when wast.empty")
        let found = lintRuleSource(source).diagnostics.map {
            ExpectedFinding(code: $0.code.rawValue, line: $0.range.start.line, column: $0.range.start.column)
        }
        expectEqual(found, [
                ExpectedFinding(code: "P0101", line: 4, column: 11),
                ExpectedFinding(code: "P0302", line: 7, column: 15),
                ExpectedFinding(code: "P0301", line: 10, column: 10),
            ])
    }

    @Test func emptyFileLacksGameDeckAndWin() {
        let result = lintsWithErrors("")
        expectEqual(result.diagnostics.map(\.code), [.missingWinCondition, .missingGameName, .missingDeck])
    }

    @Test(arguments: [1, 16, 256, 4_096, 65_536])
    func randomBytes(count: Int) throws {
        var generator = SeededGenerator(state: UInt64(count))
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try withScratchFolder { folder in
            let path = folder.appendingPathComponent("noise.patience").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let result = lintRuleFile(atPath: path)
            expectTrue(result.diagnostics.contains { $0.severity == .error })
            _ = DiagnosticRenderer().render(result)
        }
    }

    @Test(arguments: [1, 16, 256, 4_096, 65_536])
    func randomPrintableText(count: Int) {
        var generator = SeededGenerator(state: 0xC0FFEE + UInt64(count))
        // Printable ASCII plus line breaks and tabs: valid UTF-8 that the lexer must read through.
        let alphabet = Array((32...126).map { Character(UnicodeScalar(UInt8($0))) }) + ["\n", "\n", "\t"]
        lintsWithErrors(String((0..<count).map { _ in alphabet.randomElement(using: &generator)! }))
    }

    @Test(arguments: [10, 100, 1_000, 10_000])
    func randomTokens(count: Int) {
        var generator = SeededGenerator(state: 0x5EED + UInt64(count))
        // Words and symbols of the language in random order, which reach deeper into the parser
        // and the checker than random characters do.
        let vocabulary = Array(Keywords.reserved.union(Keywords.roles)).sorted()
            + Symbol.allCases.map(\.rawValue)
            + ["x", "run", "pile", "top", "size", "rank", "1", "13", "K", "QH", "\"why\"", "\n", "\n", "\n", "(", ")", "{", "}"]
        lintsWithErrors((0..<count).map { _ in vocabulary.randomElement(using: &generator)! }.joined(separator: " "))
    }

    @Test func twoMebibyteFile() throws {
        try withScratchFolder { folder in
            let path = folder.appendingPathComponent("huge.patience").path
            try Data(String(repeating: soundGame, count: 2 << 20 / soundGame.utf8.count + 1).utf8).write(to: URL(fileURLWithPath: path))
            let result = lintRuleFile(atPath: path)
            expectEqual(result.diagnostics.map(\.code), [.fileTooLarge])
        }
    }

    @Test func twoMebibytesOfTextNotFromAFile() {
        // Text handed over directly skips the size check, so the token limit must stop it.
        let definitions = (0..<(2 << 20) / 14).map { "let x\($0) = 1\n" }.joined()
        expectGreaterOrEqual(definitions.utf8.count, 2 << 20)
        let result = lintsWithErrors(definitions)
        expectTrue(result.diagnostics.contains { $0.code == .tooManyTokens })
    }

    @Test func tenThousandNestedParentheses() {
        let result = lintsWithErrors(
            soundGame + "let x = " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + "\n")
        expectTrue(result.diagnostics.contains { $0.code == .nestingTooDeep })
    }

    @Test func tenThousandNestedNots() {
        let result = lintsWithErrors(soundGame + "let x = " + String(repeating: "not ", count: 10_000) + "true\n")
        expectTrue(result.diagnostics.contains { $0.code == .nestingTooDeep })
    }

    @Test func tenThousandNestedBlocks() {
        let result = lintsWithErrors(
            soundGame + "effect e {\n" + String(repeating: "if true {\n", count: 10_000) + String(repeating: "}\n", count: 10_001))
        expectTrue(result.diagnostics.contains { $0.code == .nestingTooDeep })
    }

    @Test func tenThousandBareBraces() {
        lintsWithErrors(soundGame + "effect e " + String(repeating: "{\n", count: 10_000) + String(repeating: "}\n", count: 10_000))
    }

    @Test func tenThousandMinusSigns() {
        let result = lintsWithErrors(soundGame + "let x = " + String(repeating: "-", count: 10_000) + "1\n")
        expectTrue(result.diagnostics.contains { $0.code == .nestingTooDeep })
    }

    @Test func lineOfTwentyThousandCharacters() {
        let result = lintsWithErrors(soundGame + "let x = 1 " + String(repeating: "+ 1 ", count: 5_000) + "\n")
        expectTrue(result.diagnostics.contains { $0.code == .lineTooLong })
    }

    // Long flat chains nest the tree as deeply as brackets do; each of these once overflowed the
    // stack while checking.

    @Test(arguments: [" and true", " + 1", ".size", "[1]"])
    func tenThousandLinkChain(link: String) {
        let lines = (0..<10_000).map { _ in link }.chunked(into: 100).map { $0.joined() }.joined(separator: "\n")
        let result = lintsWithErrors(soundGame + "let x = waste" + lines + "\n")
        expectTrue(result.diagnostics.contains { $0.code == .nestingTooDeep })
    }

    @Test func tenThousandElseIfs() {
        let result = lintsWithErrors(
            soundGame + "effect e {\n  if true {}\n" + String(repeating: "  else if waste.empty {}\n", count: 10_000) + "}\n")
        expectTrue(result.diagnostics.contains { $0.code == .nestingTooDeep })
    }

    @Test func fiveThousandDefinitionsEachUsingTheNext() {
        let definitions = (0..<5_000).map { "let d\($0) = d\($0 + 1) + 1\n" }.joined()
        let result = lintsWithErrors(soundGame + definitions + "let d5000 = 1\n")
        expectTrue(result.diagnostics.contains { $0.code == .nestingTooDeep })
    }
}

extension Array {
    fileprivate func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
