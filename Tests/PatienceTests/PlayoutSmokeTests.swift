import Foundation
import Testing
@testable import Patience

@Test(arguments: ["Klondike", "FreeCell", "Spider"]) func randomPlayouts(game: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let rules = try GameCompiler.compile(path: root.appendingPathComponent("Rules/\(game).patience").path)
    var totalPlays = 0
    for seed in 0..<20 {
        var game = try Game(rules: rules, deal: .seed(UInt64(seed)))
        var rng = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<300 {
            let plays = game.legalPlays
            if plays.isEmpty { break }
            let play = plays[rng.nextIndex(below: plays.count)]
            try game.apply(play)
            totalPlays += 1
            #expect(game.table.allCards.count == rules.deck.count)
            #expect(Set(game.table.allCards).count == rules.deck.count)
        }
    }
    print(game, totalPlays)
    #expect(totalPlays > 100)
}
