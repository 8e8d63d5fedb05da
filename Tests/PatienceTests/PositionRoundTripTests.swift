import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats

/// Positions (`deal --format json`, read back by `--board`) lose nothing: for every bundled game
/// and option variant, tables from seeded random playouts are written, read back and compared
/// with the tables they came from, whole (every pile, card copy, face and action use), and so are
/// their legal plays. The rules compiled from a position's own options are the rules it came from.
@Suite("Positions round trip")
struct PositionRoundTripTests {
    /// Games per variant, and plays per game at most; a few seconds in all by default.
    static let gamesPerVariant = TestPaths.isLongRun ? 40 : 1
    static let stepsPerGame = TestPaths.isLongRun ? 200 : 30
    /// A position is checked every this many plays, and at the end of the game.
    static let checkInterval = 9

    /// Every variant in the long run, a quarter of them in the default run.
    static let variants = TestPaths.sample(PropertyTests.variants, oneIn: 4, offset: 2)

    @Test(arguments: PositionRoundTripTests.variants)
    func playedPositionsComeBackExactly(variant: PropertyTests.Variant) throws {
        let rules = try GameCompiler.compile(path: variant.path, options: variant.options)
        var checked = 0
        for seed in 0..<UInt64(Self.gamesPerVariant) {
            var table = try rules.deal(.seed(seed))
            var generator = SeededGenerator(seed: seed &+ 0x5EED)
            for step in 0...Self.stepsPerGame {
                let plays = rules.legalPlays(on: table)
                if step % Self.checkInterval == 0 || plays.isEmpty || step == Self.stepsPerGame {
                    try Self.checkRoundTrip(table, rules: rules, deal: .seed(seed), plays: plays)
                    checked += 1
                }
                guard !plays.isEmpty, step < Self.stepsPerGame else { break }
                table = try rules.applying(plays[generator.nextIndex(below: plays.count)], to: table)
            }
        }
        expectGreaterOrEqual(checked, Self.gamesPerVariant)
        let json = rules.positionJSON(of: try rules.deal(.seed(1)), deal: .seed(1))
        let recompiled = try GameCompiler.compile(path: variant.path, options: try TablePosition.optionValues(in: json))
        expectEqual(recompiled.optionValues, rules.optionValues)
    }

    static func checkRoundTrip(_ table: CardTable, rules: GameRules, deal: DealSource, plays: [Play],
                               sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let json = rules.positionJSON(of: table, deal: deal)
        let read = try rules.table(fromPosition: json, path: "position.json")
        expectEqual(read, table, "\(rules.name): the position read back differs", sourceLocation: sourceLocation)
        expectEqual(rules.legalPlays(on: read), plays, "\(rules.name): the legal plays differ", sourceLocation: sourceLocation)
        expectEqual(rules.positionJSON(of: read, deal: deal), json, sourceLocation: sourceLocation)
    }

    /// The fixture games of the constructs of state keep memory, shuffles and hidden piles in
    /// their positions; a game with jokers keeps which joker is which.
    @Test(arguments: ["Thirteens", "BaseCard"])
    func constructStateComesBackExactly(game name: String) throws {
        let rules = try GameCompiler.compile(path: TestPaths.fixture("Constructs/\(name).patience").path)
        var sawState = false
        for seed in 0..<UInt64(Self.gamesPerVariant) {
            var table = try rules.deal(.seed(seed))
            var generator = SeededGenerator(seed: seed &+ 0x5EED)
            for step in 0...Self.stepsPerGame {
                let plays = rules.legalPlays(on: table)
                if step % 3 == 0 || plays.isEmpty { try Self.checkRoundTrip(table, rules: rules, deal: .seed(seed), plays: plays) }
                sawState = sawState || table.memory.contains { $0 != 0 } || table.shuffles > 0
                    || table.piles.indices.contains { rules.zone(ofPile: $0).role == .hidden && !table.piles[$0].isEmpty }
                guard !plays.isEmpty else { break }
                table = try rules.applying(plays[generator.nextIndex(below: plays.count)], to: table)
            }
        }
        expectTrue(sawState, "\(name): no table with memory, shuffles or hidden cards was checked")
    }

    @Test func jokersKeepTheirNumbers() throws {
        let rules = try GameCompiler.compile(source: """
            game "Jokers"
            decks 1 jokers 2
            zone stock 1
            zone tableau 3
            deal tableau 2 cards face up
            deal stock rest face down
            lift tableau { require run.size == 1 }
            accept tableau { require pile.empty }
            won when stock.empty

            """)
        let table = try rules.deal(.seed(5))
        let json = rules.positionJSON(of: table)
        expectContains(json, "\"card\": \"JK\", \"deck\": 2")
        #expect(try rules.table(fromPosition: json) == table)
        #expect(throws: DiagnosticsError.self) { try rules.boardText(for: table) }
    }

    @Test func actionUsesAndCopiesAreKept() throws {
        let klondike = try GameCompiler.compile(path: TestPaths.rules("Klondike"), options: ["redeals": "3"])
        var table = try klondike.deal(.seed(4))
        table.actionUses = [17, 2]
        let read = try klondike.table(fromPosition: klondike.positionJSON(of: table))
        expectEqual(read.actionUses, [17, 2])
        let spider = try GameCompiler.compile(path: TestPaths.rules("Spider"), options: ["suits": "1"])
        let dealt = try spider.deal(.seed(2))
        let json = spider.positionJSON(of: dealt)
        expectContains(json, "\"deck\": 8")
        #expect(try spider.table(fromPosition: json).piles.map { $0.cards.map(\.card.rawValue) } == dealt.piles.map { $0.cards.map(\.card.rawValue) })
    }

    @Test func handWrittenPositionsNeedNeitherDecksNorEmptyPiles() throws {
        let spider = try GameCompiler.compile(path: TestPaths.rules("Spider"), options: ["suits": "1"])
        let dealt = try spider.deal(.seed(2))
        // The piles of the deal with their deck numbers left out and the empty piles dropped.
        let piles = dealt.piles.enumerated().filter { !$0.element.isEmpty }.map { index, pile in
            "{\"address\": \"\(spider.address(ofPile: index))\", \"cards\": ["
                + pile.cards.map { "{\"card\": \"\($0.card.boardText)\"\($0.isFaceUp ? "" : ", \"face\": \"down\"")}" }.joined(separator: ", ") + "]}"
        }
        let text = "{\"version\": 1, \"piles\": [\(piles.joined(separator: ", "))]}"
        let read = try spider.table(fromPosition: text)
        expectEqual(read.piles.map { $0.cards.map(\.card.boardText) }, dealt.piles.map { $0.cards.map(\.card.boardText) })
        expectEqual(read.piles.map { $0.cards.map(\.isFaceUp) }, dealt.piles.map { $0.cards.map(\.isFaceUp) })
        expectEqual(spider.legalPlays(on: read), spider.legalPlays(on: dealt))
    }
}
