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
    static let steps = TestPaths.isLongRun ? 30 : 24

    static let ruleFiles = TestPaths.ruleFiles

    @Test("Specialised and general rules agree", arguments: SpecialisationTests.ruleFiles)
    func specialisedAndGeneralAgree(file: String) throws {
        let path = TestPaths.rules.appendingPathComponent(file).path
        let fast = try GameCompiler.compile(path: path, specialise: true)
        let plain = try GameCompiler.compile(path: path, specialise: false)
        var compared = 0
        for seed in 0..<UInt64(Self.games) {
            var table = try fast.deal(.seed(seed))
            #expect(try plain.deal(.seed(seed)) == table, "\(file) seed \(seed): the deals differ")
            var generator = SeededGenerator(seed: seed &+ 7)
            for step in 0..<Self.steps {
                let context = "\(file) seed \(seed) step \(step)"
                for move in Candidates.moves(on: table) {
                    let a = fast.refusal(for: move, on: table), b = plain.refusal(for: move, on: table)
                    guard a == b else {
                        Issue.record("\(context): \(move) is \(String(describing: a)) specialised, \(String(describing: b)) general")
                        return
                    }
                    #expect(fast.allows(move, on: table) == (a == nil), "\(context): allows disagrees with refusal for \(move)")
                    compared += 1
                }
                #expect(fast.legalMoves(on: table) == plain.legalMoves(on: table), "\(context): the listings differ")
                for pile in table.piles.indices {
                    let a = Result { () throws(Refusal) in try fast.tapping(pile: pile, on: table) }
                    let b = Result { () throws(Refusal) in try plain.tapping(pile: pile, on: table) }
                    #expect(a == b, "\(context): tapping pile \(pile) differs")
                }
                #expect(fast.isWon(table) == plain.isWon(table), "\(context): the win condition differs")
                let plays = fast.legalPlays(on: table)
                guard !plays.isEmpty else { break }
                let play = plays[Int(generator.next() % UInt64(plays.count))]
                let next = try fast.applying(play, to: table)
                #expect(try plain.applying(play, to: table) == next, "\(context): \(play) leads to different tables")
                table = next
            }
        }
        #expect(compared > 0)
    }
}
