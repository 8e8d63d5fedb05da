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

/// Random playouts of the wave-one catalog games: every play keeps exactly the game's cards
/// on the table, and nothing crashes.
@Suite struct CatalogPlayouts {
    struct Setting: Sendable, CustomTestStringConvertible {
        var game: String
        var options: [String: String] = [:]
        var testDescription: String {
            options.isEmpty ? game : game + " " + options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    static let settings: [Setting] = [
        Setting(game: "Yukon"), Setting(game: "FortyThieves"), Setting(game: "Canfield"),
        Setting(game: "Canfield", options: ["draw": "1", "redeals": "2"]), Setting(game: "Scorpion"),
        Setting(game: "Spiderette"), Setting(game: "Spiderette", options: ["suits": "1"]), Setting(game: "Gypsy"),
        Setting(game: "Golf"), Setting(game: "Golf", options: ["wrap": "true", "dead_kings": "true"]),
        Setting(game: "BlackHole"), Setting(game: "BakersDozen"), Setting(game: "Fan"),
        Setting(game: "DerKatzenschwanz"), Setting(game: "DieSchlange"),
        // The second wave, first half.
        Setting(game: "Athena"), Setting(game: "Athena", options: ["draw": "3"]), Setting(game: "AuntMary"),
        Setting(game: "Saratoga"), Setting(game: "Saratoga", options: ["draw": "3"]), Setting(game: "ThumbAndPouch"),
        Setting(game: "Whitehead"), Setting(game: "GoldMine"), Setting(game: "Jumbo"), Setting(game: "Westhaven"),
        Setting(game: "Easthaven"), Setting(game: "Kansas"), Setting(game: "Zebra"), Setting(game: "AustralianPatience"),
        Setting(game: "Odessa"), Setting(game: "WillOTheWisp"), Setting(game: "Peek"), Setting(game: "Peek", options: ["draw": "3"]),
        Setting(game: "Glenwood"),
    ]

    @Test(arguments: settings) func cardsAreConserved(_ setting: Setting) throws {
        let rules = try Positions.rules(setting.game, options: setting.options)
        let deck = rules.deck.sorted()
        var plays = 0
        for seed in 0..<(TestPaths.isLongRun ? 50 : 4) {
            var game = try Game(rules: rules, deal: .seed(UInt64(seed)))
            expectEqual(game.table.allCards.sorted(), deck)
            var random = SeededGenerator(seed: UInt64(seed) &+ 1000)
            for _ in 0..<(TestPaths.isLongRun ? 100 : 40) {
                let legal = game.legalPlays
                if legal.isEmpty { break }
                try game.apply(legal[random.nextIndex(below: legal.count)])
                plays += 1
                if game.table.allCards.sorted() != deck {
                    Issue.record("seed \(seed): the cards on the table changed after play \(plays)")
                    return
                }
            }
        }
        expectGreater(plays, (TestPaths.isLongRun ? 50 : 4))
    }
}
