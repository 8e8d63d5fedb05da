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

/// Random playouts of the catalog games, with each value of their options that changes the play:
/// every play keeps exactly the game's cards on the table, and nothing crashes.
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
        // Variants of Klondike and of the other games above.
        Setting(game: "Athena"), Setting(game: "Athena", options: ["draw": "3"]), Setting(game: "AuntMary"),
        Setting(game: "Saratoga"), Setting(game: "Saratoga", options: ["draw": "3"]), Setting(game: "ThumbAndPouch"),
        Setting(game: "Whitehead"), Setting(game: "GoldMine"), Setting(game: "Jumbo"), Setting(game: "Westhaven"),
        Setting(game: "Easthaven"), Setting(game: "Kansas"), Setting(game: "Zebra"), Setting(game: "AustralianPatience"),
        Setting(game: "Odessa"), Setting(game: "WillOTheWisp"), Setting(game: "Peek"), Setting(game: "Peek", options: ["draw": "3"]),
        Setting(game: "Glenwood"),
        // Reserve, base-card and building games.
        Setting(game: "AuldLangSyne"), Setting(game: "SirTommy"), Setting(game: "Bristol"), Setting(game: "Backbone"),
        Setting(game: "KingAlbert"), Setting(game: "BearRiver"), Setting(game: "EagleWing"),
        Setting(game: "EagleWing", options: ["draw": "3", "redeals": "unlimited"]), Setting(game: "RoyalEast"),
        Setting(game: "Osmosis"), Setting(game: "Osmosis", options: ["draw": "3"]), Setting(game: "Plait"),
        Setting(game: "DiamondMine"), Setting(game: "Fortress"), Setting(game: "Giant"),
        Setting(game: "Giant", options: ["same_suit": "true"]), Setting(game: "NapoleonsTomb"),
        Setting(game: "NapoleonsTomb", options: ["draw": "3", "autoplay": "true"]), Setting(game: "UnionSquare"),
        // Games written with memory, removals and hidden zones.
        Setting(game: "Agnes"), Setting(game: "LadyJane"), Setting(game: "Jamestown"), Setting(game: "Terrace"),
        Setting(game: "GeneralsPatience"), Setting(game: "FallingStars"), Setting(game: "Signora"), Setting(game: "Redheads"),
        Setting(game: "BlondesAndBrunettes"), Setting(game: "Wood"), Setting(game: "BlockTen"), Setting(game: "Fourteen"),
        Setting(game: "MonteCarlo"), Setting(game: "Quatorze"), Setting(game: "Neighbor"), Setting(game: "Isabel"), Setting(game: "Helsinki"),
        Setting(game: "Cover"), Setting(game: "SpiderThreeDecks"), Setting(game: "Escalator"), Setting(game: "Fortunes"),
        Setting(game: "Thieves"), Setting(game: "StraightUp"), Setting(game: "Cruel"), Setting(game: "Doublets"), Setting(game: "Carpet"),
        Setting(game: "Hopscotch"), Setting(game: "Clock"), Setting(game: "KingsAudience"), Setting(game: "Pileon"),
        Setting(game: "TenAcross"), Setting(game: "TenAcross", options: ["reuse_spots": "false"]), Setting(game: "Scuffle"),
        Setting(game: "Eliminator"), Setting(game: "Eliminator", options: ["foundations": "4"]), Setting(game: "GayGordons"), Setting(game: "FirstLaw"),
        Setting(game: "Chessboard"), Setting(game: "Hamilton"), Setting(game: "Labyrinth"),
    ] + (TestPaths.isLongRun ? slowSettings : [])

    /// Games whose listing walks fifty-odd piles against each other with nested quantifiers, which
    /// makes a hundred plays take seconds in a debug build: their random play is in the property
    /// tests of every run, and here only in the long run.
    static let slowSettings: [Setting] = [
        Setting(game: "Wall"), Setting(game: "Thirteen"), Setting(game: "Elevator"), Setting(game: "TriplePeaks"), Setting(game: "Gaps"),
        Setting(game: "Gaps", options: ["random_gaps": "true"]), Setting(game: "Accordion"), Setting(game: "Treize"), Setting(game: "Yield"),
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
