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

/// The opening deals of the variants of Klondike and of the other first games, checked over the
/// same seeds as theirs.
extension CatalogDeals {
    /// Each pile's cards from the bottom, as face up (true) or down.
    static func faces(_ rules: GameRules, _ table: CardTable, _ zone: String) -> [[Bool]] {
        rules.zones.first { $0.name == zone }!.piles.map { table.piles[$0].cards.map(\.isFaceUp) }
    }

    @Test(arguments: seeds) func athena(seed: UInt64) throws {
        let rules = try Positions.rules("Athena")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.faces(rules, table, "tableau"), Array(repeating: [false, true, false, true], count: 7))
        expectEqual(Self.counts(rules, table, "stock"), [24])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
        expectEqual(Self.counts(rules, table, "waste"), [0])
    }

    /// Athena's tableau takes the first 28 cards a row of seven at a time, and the stock keeps the rest in order.
    @Test func athenaDealsItsRowsInOrder() throws {
        let rules = try Positions.rules("Athena")
        let order = shuffled(rules.deck, seed: 11)
        let table = try rules.deal(.order(order))
        for (offset, pile) in Self.cards(rules, table, "tableau").enumerated() {
            expectEqual(pile, [order[offset], order[offset + 7], order[offset + 14], order[offset + 21]])
        }
        expectEqual(Self.cards(rules, table, "stock"), [Array(order[28...])])
    }

    @Test(arguments: seeds) func auntMary(seed: UInt64) throws {
        let rules = try Positions.rules("AuntMary")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 6, count: 6))
        expectEqual(Self.faceUp(rules, table, "tableau"), [6, 5, 4, 3, 2, 1])
        expectEqual(Self.counts(rules, table, "stock"), [16])
    }

    @Test(arguments: seeds) func saratogaAndWhitehead(seed: UInt64) throws {
        for game in ["Saratoga", "Whitehead"] {
            let rules = try Positions.rules(game)
            let table = try rules.deal(.seed(seed))
            expectEqual(Self.counts(rules, table, "tableau"), Array(1...7), "\(game)")
            expectEqual(Self.faceUp(rules, table, "tableau"), Array(1...7), "\(game)")
            expectEqual(Self.counts(rules, table, "stock"), [24], "\(game)")
        }
    }

    @Test(arguments: seeds) func thumbAndPouch(seed: UInt64) throws {
        let rules = try Positions.rules("ThumbAndPouch")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(1...7))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 7))
        expectEqual(Self.counts(rules, table, "stock"), [24])
    }

    @Test(arguments: seeds) func goldMine(seed: UInt64) throws {
        let rules = try Positions.rules("GoldMine")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 0, count: 7))
        expectEqual(Self.counts(rules, table, "stock"), [52])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
    }

    @Test(arguments: seeds) func jumbo(seed: UInt64) throws {
        let rules = try Positions.rules("Jumbo")
        let table = try rules.deal(.seed(seed))
        expectEqual(rules.deck.count, 104)
        expectEqual(Self.counts(rules, table, "tableau"), Array((1...9).reversed()))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 9))
        expectEqual(Self.counts(rules, table, "foundation"), Array(repeating: 0, count: 8))
        expectEqual(Self.counts(rules, table, "stock"), [59])
    }

    @Test(arguments: seeds) func westhavenAndEasthaven(seed: UInt64) throws {
        for (game, piles, stock) in [("Westhaven", 10, 22), ("Easthaven", 7, 31), ("WillOTheWisp", 7, 31)] {
            let rules = try Positions.rules(game)
            let table = try rules.deal(.seed(seed))
            expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 3, count: piles), "\(game)")
            expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: piles), "\(game)")
            expectEqual(Self.counts(rules, table, "stock"), [stock], "\(game)")
            expectEqual(Self.counts(rules, table, "foundation"), [0, 0, 0, 0], "\(game)")
        }
    }

    @Test func willOTheWispPlaysWithFourSuits() throws {
        let rules = try Positions.rules("WillOTheWisp")
        expectEqual(rules.deck.count, 52)
        expectEqual(Set(rules.deck.map(\.suit)).count, 4)
    }

    @Test(arguments: seeds) func kansas(seed: UInt64) throws {
        let rules = try Positions.rules("Kansas")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "reserve"), [12])
        expectEqual(Self.faceUp(rules, table, "reserve"), [1])
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "tableau"), [1, 1, 1])
        expectEqual(Self.faceUp(rules, table, "tableau"), [1, 1, 1])
        expectEqual(Self.counts(rules, table, "stock"), [36])
        // The other foundations start from the base card's rank.
        let base = Self.cards(rules, table, "foundation")[0][0]
        var position = table
        let second = rules.pileIndex(of: PileID(zone: "foundation", index: 2))!
        let tableau1 = rules.pileIndex(of: PileID(zone: "tableau", index: 1))!
        for card in rules.deck where card != base {
            position.piles[tableau1].cards = [PlacedCard(card, faceUp: true)]
            expectEqual(rules.allows(Move(source: tableau1, count: 1, destination: second), on: position), (card.rank == base.rank))
        }
    }

    @Test(arguments: seeds) func zebra(seed: UInt64) throws {
        let rules = try Positions.rules("Zebra")
        let table = try rules.deal(.seed(seed))
        expectEqual(rules.deck.count, 104)
        let foundations = Self.cards(rules, table, "foundation")
        expectEqual(foundations.map { $0.map(\.rank) }, Array(repeating: [1], count: 8))
        expectEqual(foundations.map { $0[0].suit }, [.clubs, .diamonds, .hearts, .spades, .clubs, .diamonds, .hearts, .spades])
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: 8))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 8))
        expectEqual(Self.counts(rules, table, "stock"), [88])
        expectTrue(Self.cards(rules, table, "stock")[0].allSatisfy { $0.rank != 1 })
    }

    @Test(arguments: seeds) func australianPatience(seed: UInt64) throws {
        let rules = try Positions.rules("AustralianPatience")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 4, count: 7))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 4, count: 7))
        expectEqual(Self.counts(rules, table, "stock"), [24])
        expectEqual(Self.counts(rules, table, "waste"), [0])
    }

    @Test(arguments: seeds) func odessa(seed: UInt64) throws {
        let rules = try Positions.rules("Odessa")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), [6, 8, 8, 8, 8, 8, 6])
        expectEqual(Self.faceUp(rules, table, "tableau"), [3, 5, 5, 5, 5, 5, 3])
        expectEqual(Self.counts(rules, table, "foundation"), [0, 0, 0, 0])
    }

    @Test(arguments: seeds) func peek(seed: UInt64) throws {
        let rules = try Positions.rules("Peek")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "reserve"), [4, 4, 4, 4])
        expectEqual(Self.faceUp(rules, table, "reserve"), [4, 4, 4, 4])
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [35])
    }

    @Test(arguments: seeds) func glenwood(seed: UInt64) throws {
        let rules = try Positions.rules("Glenwood")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "reserve"), [3, 3, 3, 3])
        expectEqual(Self.faceUp(rules, table, "reserve"), [3, 3, 3, 3])
        expectEqual(Self.counts(rules, table, "tableau"), [1, 1, 1, 1])
        expectEqual(Self.counts(rules, table, "foundation"), [0, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [36])
        // Only reserve cards can be played until the first foundation is started.
        let plays = rules.legalMoves(on: table)
        expectFalse(plays.isEmpty)
        let reserves = Set(rules.zones.first { $0.name == "reserve" }!.piles)
        expectTrue(plays.allSatisfy { reserves.contains($0.source) })
        expectTrue(rules.legalTaps(on: table).isEmpty)
    }
}
