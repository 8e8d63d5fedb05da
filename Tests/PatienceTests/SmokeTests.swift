import Foundation
import Testing
@testable import Patience

@Test(arguments: 1...100) func freeCellSolutionReplays(deal: Int) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let rules = try GameCompiler.compile(path: root.appendingPathComponent("Rules/FreeCell.patience").path)
    var table = try rules.deal(.microsoft(deal))
    let text = try String(contentsOf: root.appendingPathComponent("Tests/PatienceTests/Fixtures/ms-solutions-1-100.txt"), encoding: .utf8)
    let line = text.split(separator: "\n").first { $0.hasPrefix("\(deal):") }!
    let notation = FCSNotation(rules: rules)
    for (i, token) in FCSNotation.tokens(String(line.drop { $0 != ":" }.dropFirst())).enumerated() {
        let move = try notation.move(token, on: table)
        do { table = try rules.applying(move, to: table) } catch { Issue.record("move \(i + 1) \(token): \(error)"); return }
    }
    #expect(rules.isWon(table))
}
