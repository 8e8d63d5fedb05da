import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats

/// Freecell Solver's whole output, as `fc-solve` 5.0.0 printed it for Microsoft deal 5 and for a
/// Simple Simon deal (`Tests/Fixtures/fcs-output/`, made by `Scripts/make-fcs-output-fixtures.sh`):
/// `--notation fcs` takes the moves from its header, separators, board dumps and closing lines.
@Suite("Freecell Solver output")
struct FCSOutputTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.fixture("fcs-output/\(name)"), encoding: .utf8)
    }

    /// The 143 moves of `fc-solve -m -snx` for deal 5, read from its move lines alone.
    static func standardMoves() throws -> [String] {
        let lines = try fixture("ms5-m-snx.txt").split(separator: "\n").dropFirst()
        return lines.prefix { !$0.hasPrefix("This game") }.flatMap { $0.split(separator: " ").map(String.init) }
    }

    @Test(arguments: ["ms5-m-snx.txt", "ms5-m-snx-p-t.txt", "ms5-sam-snx-p-t.txt", "ms5-sam-p-t.txt", "ms5-m.txt"])
    func fcSolveOutputReplaysToAWin(name: String) throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules("FreeCell"))
        let table = try rules.deal(.microsoft(5))
        let outcome = Replay(rules: rules, notation: .fcs).run(try Self.fixture(name), from: table)
        expectEqual(outcome.failure, nil)
        expectEqual(outcome.applied, 143)
        expectTrue(outcome.isWon)
    }

    @Test(arguments: ["ms5-m-snx.txt", "ms5-sam-snx-p-t.txt"])
    func theMovesAreExactlyTheSolversInOrder(name: String) throws {
        let expected = try Self.standardMoves()
        expectEqual(expected.count, 143)
        #expect(FCSOutput(try Self.fixture(name)).tokens.map(\.text) == expected)
    }

    @Test func sentencesAreTheSameMovesAsTheStandardNotation() throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules("FreeCell"))
        var table = try rules.deal(.microsoft(5))
        let sentences = FCSOutput(try Self.fixture("ms5-m.txt")).tokens.map(\.text)
        let standard = try Self.standardMoves()
        expectEqual(sentences.count, standard.count)
        expectEqual(sentences.first, "Move a card from stack 1 to the foundations")
        let notation = FCSNotation(rules: rules)
        for (sentence, move) in zip(sentences, standard) {
            let read = try notation.move(sentence, on: table)
            #expect(read == (try notation.move(move, on: table)), "\(sentence) is not \(move)")
            table = try rules.applying(.move(read), to: table)
        }
        expectTrue(rules.isWon(table))
    }

    @Test func aPlaceInTheOutputIsItsLineAndColumn() throws {
        let tokens = FCSOutput(try Self.fixture("ms5-sam-snx-p-t.txt")).tokens
        let text = try Self.fixture("ms5-sam-snx-p-t.txt")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let firstMove = try #require(lines.firstIndex { $0.hasPrefix("Move:") })
        expectEqual(tokens.first?.range.start.line, firstMove + 1)
        expectEqual(tokens.first?.range.start.column, 7)
    }

    @Test func statesWithoutMovesAreRefusedAtTheFirstDump() throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules("FreeCell"))
        let outcome = Replay(rules: rules, notation: .fcs).run(try Self.fixture("ms5-p-t.txt"), from: try rules.deal(.microsoft(5)))
        let failure = try #require(outcome.failure)
        expectEqual(outcome.applied, 0)
        expectEqual(failure.code, .unparseableMove)
        expectEqual(failure.move, "Foundations:")
        guard case .unreadable(let finding) = failure.reason else { Issue.record("not unreadable"); return }
        expectEqual(finding.range.start.line, 3)
        expectEqual(finding.help?.contains("-sam"), true)
    }

    @Test func anUnsolvedGameHasNoMoves() throws {
        let text = try Self.fixture("ms5-mi10-m-snx.txt")
        expectHasPrefix(text, "I could not solve this game.")
        let output = FCSOutput(text)
        expectTrue(output.tokens.isEmpty)
        expectEqual(output.problem, nil)
    }

    @Test(arguments: ["simplesimon2-m.txt", "simplesimon2-m-snx.txt"])
    func wholeSuitsGoToTheFoundationsInBothForms(name: String) throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules("SimpleSimon"))
        let solutions = try String(contentsOf: TestPaths.fixture("fcs/SimpleSimon.txt"), encoding: .utf8)
        let block = try #require(solutions.components(separatedBy: "\n\n").first { $0.hasPrefix("deal 2\n") })
        let board = block.split(separator: "\n").filter { !$0.hasPrefix("deal") && !$0.hasPrefix("order:") && !$0.hasPrefix("solution:") }
        let table = try rules.table(fromBoardText: board.joined(separator: "\n"))
        let text = try Self.fixture(name)
        if name == "simplesimon2-m.txt" { expectContains(text, "Move the sequence on top of Stack") }
        let outcome = Replay(rules: rules, notation: .fcs).run(text, from: table)
        expectEqual(outcome.failure, nil)
        expectEqual(outcome.applied, 69)
        expectTrue(outcome.isWon)
    }

    @Test func aWordThatIsNotFCSOutputIsStillAnUnreadableMove() throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules("FreeCell"))
        let text = "-=-=-=-=-=-=-=-=-=-=-=-\n\n2h 8a banana\n\nThis game is solveable.\n"
        let outcome = Replay(rules: rules, notation: .fcs).run(text, from: try rules.deal(.microsoft(5)))
        expectEqual(outcome.applied, 2)
        expectEqual(outcome.failure?.move, "banana")
        expectEqual(outcome.failure?.code, .unparseableMove)
    }

    @Test(arguments: [
        ("Move 3 cards from stack 2 to stack 4", FCSSentence.standard("35v3")),
        ("Move 12 cards from stack 0 to stack 9", .standard("110vc")),
        ("Move a card from stack 7 to freecell 0", .standard("8a")),
        ("Move a card from freecell 7 to stack 2", .standard("k3")),
        ("Move a card from freecell 1 to freecell 2", .standard("bc")),
        ("Move a card from freecell 3 to the foundations", .standard("dh")),
        ("Move a card from stack 9 to the foundations", .standard("10h")),
        ("Move the sequence on top of Stack 3 to the foundations", .runToFoundation(column: 4)),
    ])
    func sentencesReadAsFcSolveMeansThem(sentence: String, expected: FCSSentence) {
        expectEqual(FCSSentence(sentence), expected)
    }

    @Test(arguments: ["Move 0 cards from stack 2 to stack 4", "Move a card from stack x to the foundations", "Move a card from stack 2",
                      "Move a card from stack 2 to the tableau"])
    func otherSentencesAreNotMoves(sentence: String) {
        expectEqual(FCSSentence(sentence), nil)
    }
}
