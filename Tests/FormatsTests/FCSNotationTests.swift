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

/// Freecell Solver's standard notation as `fc-solve -m -snx` (Freecell Solver 5.0.0) prints it.
///
/// The fixtures `fcs-seahaven-towers-*` and `fcs-eight-off-*` are a board and the unchanged
/// output of `fc-solve -g seahaven_towers -m -snx BOARD` and `fc-solve -g eight_off -m -snx BOARD`.
/// They pin how fc-solve writes a tenth column (`10`, as in `410` and `10h`) and free cells
/// beyond the seventh (`k`: its `convert_freecell_num` skips `h`, `i` and `j`). The two games'
/// rules are written for these tests in `fcs-seahaven-towers.patience` and `fcs-eight-off.patience`.
@Suite("Freecell Solver notation")
struct FCSNotationTests {
    static let fixtures = TestPaths.fixtures
    static let freeCell = TestPaths.rules("FreeCell")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    static func rules(_ name: String) throws -> GameRules {
        try GameCompiler.compile(path: fixtures.appendingPathComponent(name).path)
    }

    /// The moves of `fc-solve -m` output: the lines between its `-=-=-…` header and the blank line after them.
    static func solverMoves(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let start = (lines.firstIndex { $0.hasPrefix("-=-=") } ?? -1) + 1
        return lines[start...].drop { $0.isEmpty }.prefix { !$0.isEmpty }.joined(separator: "\n")
    }

    @Test func cellLettersSkipHIAndJAsFcSolveDoes() {
        let letters = (0..<10).compactMap { FCSNotation.cellLetter(forCell: $0) }
        expectEqual(String(letters), "abcdefgklm")
        expectEqual(FCSNotation.cellLetter(forCell: -1), nil)
    }

    @Test(arguments: [("fcs-seahaven-towers", 88), ("fcs-eight-off", 134)])
    func fcSolveSolutionReplaysToAWin(game: String, moves: Int) throws {
        let rules = try Self.rules("\(game).patience")
        let table = try rules.table(fromBoardText: try Self.fixture("\(game)-board.txt"))
        let solution = Self.solverMoves(try Self.fixture("\(game)-solution.txt"))
        let outcome = Replay(rules: rules, notation: .fcs).run(solution, from: table)
        expectEqual(outcome.failure, nil)
        expectEqual(outcome.applied, moves)
        expectTrue(outcome.isWon)
    }

    @Test func fixturesUseTheTenthColumnAndTheEighthCell() throws {
        let seahaven = FCSNotation.tokens(Self.solverMoves(try Self.fixture("fcs-seahaven-towers-solution.txt")))
        expectTrue(seahaven.contains("410") && seahaven.contains("10h") && seahaven.contains("d10"))
        expectContains(seahaven, "54v5")
        let eightOff = FCSNotation.tokens(Self.solverMoves(try Self.fixture("fcs-eight-off-solution.txt")))
        expectTrue(eightOff.contains("1k") && eightOff.contains("k5") && eightOff.contains("kh"))
    }

    @Test func tenthColumnIsReadFromEitherSide() throws {
        let rules = try Self.rules("fcs-seahaven-towers.patience")
        let table = try rules.table(fromBoardText: try Self.fixture("fcs-seahaven-towers-board.txt"))
        let notation = FCSNotation(rules: rules)
        let tableau = try #require(rules.zones.first { $0.role == .tableau }).piles
        let cells = try #require(rules.zones.first { $0.role == .cell }).piles
        // The piles decode whether or not the move is legal.
        #expect(try notation.move("10a", on: table).source == tableau.lowerBound + 9)
        #expect(try notation.move("410", on: table).destination == tableau.lowerBound + 9)
        #expect(try notation.move("101", on: table).source == tableau.lowerBound + 9)
        #expect(try notation.move("101", on: table).destination == tableau.lowerBound)
        #expect(try notation.move("d10", on: table).source == cells.lowerBound + 3)
        #expect(throws: FCSNotation.malformed("11h")) { try notation.move("11h", on: table) }
    }

    @Test func eighthCellIsK() throws {
        let rules = try Self.rules("fcs-eight-off.patience")
        let table = try rules.table(fromBoardText: try Self.fixture("fcs-eight-off-board.txt"))
        let notation = FCSNotation(rules: rules)
        let cells = try #require(rules.zones.first { $0.role == .cell }).piles
        #expect(try notation.move("1k", on: table).destination == cells.lowerBound + 7)
        #expect(try notation.move("g1", on: table).source == cells.lowerBound + 6)
        #expect(throws: FCSNotation.malformed("1h2")) { try notation.move("1h2", on: table) }
        #expect(throws: FCSNotation.noSuchPile("1l")) { try notation.move("1l", on: table) }
    }

    @Test(arguments: [
        ("5!", DiagnosticCode.unparseableMove), ("5x", .noSuchPile), ("", .unparseableMove), ("5", .unparseableMove), ("38vz", .unparseableMove),
        ("38v0", .unparseableMove), ("h5", .noSuchPile), ("9a", .noSuchPile), ("5e", .noSuchPile), ("10h", .noSuchPile),
    ])
    func unreadableTokensInFreeCell(token: String, code: DiagnosticCode) throws {
        let rules = try GameCompiler.compile(path: Self.freeCell)
        let table = try rules.deal(.microsoft(1))
        #expect(throws: DiagnosticsError.self) { try FCSNotation(rules: rules).move(token, on: table) }
        do {
            _ = try FCSNotation(rules: rules).move(token, on: table)
        } catch {
            expectEqual(error.code, code)
        }
    }

    @Test func columnMoveThatFitsNowhereIsRefusedByTheAcceptRule() throws {
        let rules = try GameCompiler.compile(path: Self.freeCell)
        let table = try rules.deal(.microsoft(1))
        // Deal 1: column 1 ends in 6S and column 2 in 9C, which no run of column 1 can go on.
        let move = try FCSNotation(rules: rules).move("12", on: table)
        expectEqual(move.count, 1)
        let refusal = try #require(rules.refusal(for: move, on: table))
        expectEqual(refusal.code, .acceptRefused)
        expectEqual(refusal.message, "a column builds down in alternating colours")
        expectEqual(refusal.file?.hasSuffix("FreeCell.patience"), true)
    }

    @Test func runTooLongForTheCapacityIsRefusedForTheCapacity() throws {
        let rules = try GameCompiler.compile(path: Self.freeCell)
        // Every cell full and no empty column: 9H 8S fits on TS, but only one card may move.
        let position = """
            Foundations: H-6 C-K D-K S-7
            Freecells: KH KS QH QS
            9H 8S
            TS
            JH
            JS
            TH
            9S
            8H
            7H
            """
        let table = try rules.table(fromBoardText: position)
        let move = try FCSNotation(rules: rules).move("12", on: table)
        expectEqual(move.count, 2)
        expectEqual(rules.refusal(for: move, on: table)?.code, .capacityExceeded)
    }
}
