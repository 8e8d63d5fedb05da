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
    static let steps = TestPaths.isLongRun ? 40 : 20

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

    private static func withoutLine(_ refusal: Refusal?) -> Refusal? {
        refusal.map { Refusal(code: $0.code, message: $0.message, file: $0.file) }
    }

    @Test(arguments: TestPaths.ruleFiles)
    func formattedGameBehavesTheSame(file: String) throws {
        let path = TestPaths.rules(String(file.dropLast(".patience".count)))
        let text = try #require(Self.formattedTexts[path], "\(file) did not format")
        #expect(text != (try String(contentsOfFile: path, encoding: .utf8)), "the comments added should change the text")
        let original = try GameCompiler.compile(path: path)
        let formatted = try GameCompiler.compile(source: text, path: path, files: Self.formattedTexts)
        var compared = 0
        for seed in 0..<UInt64(Self.games) {
            var table = try original.deal(.seed(seed))
            #expect(try formatted.deal(.seed(seed)) == table, "\(file) seed \(seed): the deals differ")
            var generator = SeededGenerator(seed: seed &+ 11)
            for step in 0..<Self.steps {
                let context = "\(file) seed \(seed) step \(step)"
                for move in Candidates.moves(on: table) {
                    let a = Self.withoutLine(original.refusal(for: move, on: table))
                    let b = Self.withoutLine(formatted.refusal(for: move, on: table))
                    guard a == b else {
                        Issue.record("\(context): \(move) is \(String(describing: a)) originally, \(String(describing: b)) formatted")
                        return
                    }
                    compared += 1
                }
                #expect(original.legalMoves(on: table) == formatted.legalMoves(on: table), "\(context): the listings differ")
                for pile in table.piles.indices {
                    let a = Result { () throws(Refusal) in try original.tapping(pile: pile, on: table) }.mapError { Self.withoutLine($0)! }
                    let b = Result { () throws(Refusal) in try formatted.tapping(pile: pile, on: table) }.mapError { Self.withoutLine($0)! }
                    #expect(a == b, "\(context): tapping pile \(pile) differs")
                }
                #expect(original.isWon(table) == formatted.isWon(table), "\(context): the win condition differs")
                let plays = original.legalPlays(on: table)
                guard !plays.isEmpty else { break }
                let play = plays[Int(generator.next() % UInt64(plays.count))]
                let next = try original.applying(play, to: table)
                #expect(try formatted.applying(play, to: table) == next, "\(context): \(play) leads to different tables")
                table = next
            }
        }
        #expect(compared > 0)
    }
}
