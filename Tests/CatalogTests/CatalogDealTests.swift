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

/// The opening deals of the catalog's first games, checked over several seeds.
@Suite struct CatalogDeals {
    static let seeds: [UInt64] = [0, 1, 2, 3, 17, 4242]

    /// The cards of each pile of a zone, and how many of them lie face up.
    static func shape(_ rules: GameRules, _ table: CardTable, _ zone: String) -> [(count: Int, faceUp: Int)] {
        let piles = rules.zones.first { $0.name == zone }!.piles
        return piles.map { (table.piles[$0].count, table.piles[$0].count - table.piles[$0].faceDownCount) }
    }

    static func counts(_ rules: GameRules, _ table: CardTable, _ zone: String) -> [Int] { shape(rules, table, zone).map(\.count) }
    static func faceUp(_ rules: GameRules, _ table: CardTable, _ zone: String) -> [Int] { shape(rules, table, zone).map(\.faceUp) }

    static func cards(_ rules: GameRules, _ table: CardTable, _ zone: String) -> [[Card]] {
        rules.zones.first { $0.name == zone }!.piles.map { table.piles[$0].cards.map(\.card) }
    }

    @Test(arguments: seeds) func yukon(seed: UInt64) throws {
        let rules = try Positions.rules("Yukon")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), [1, 6, 7, 8, 9, 10, 11])
        expectEqual(Self.faceUp(rules, table, "tableau"), [1, 5, 5, 5, 5, 5, 5])
    }

    @Test(arguments: seeds) func fortyThieves(seed: UInt64) throws {
        let rules = try Positions.rules("FortyThieves")
        let table = try rules.deal(.seed(seed))
        expectEqual(rules.deck.count, 104)
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 4, count: 10))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 4, count: 10))
        expectEqual(Self.shape(rules, table, "stock").map(\.count), [64])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
    }

    @Test(arguments: seeds) func gypsy(seed: UInt64) throws {
        let rules = try Positions.rules("Gypsy")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 3, count: 8))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 8))
        expectEqual(Self.counts(rules, table, "stock"), [80])
    }

    @Test(arguments: seeds) func canfield(seed: UInt64) throws {
        let rules = try Positions.rules("Canfield")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "reserve"), [13])
        expectEqual(Self.faceUp(rules, table, "reserve"), [1])
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "tableau"), [1, 1, 1, 1])
        expectEqual(Self.faceUp(rules, table, "tableau"), [1, 1, 1, 1])
        expectEqual(Self.counts(rules, table, "stock"), [34])
        // Every foundation starts from the base card's rank.
        let base = Self.cards(rules, table, "foundation")[0][0]
        var empty = table
        let second = rules.pileIndex(of: PileID(zone: "foundation", index: 2))!
        let tableau1 = rules.pileIndex(of: PileID(zone: "tableau", index: 1))!
        let sameRank = rules.deck.first { $0.rank == base.rank && $0 != base }!
        let other = rules.deck.first { $0.rank != base.rank }!
        for card in [sameRank, other] {
            empty.piles[tableau1].cards = [PlacedCard(card, faceUp: true)]
            let verdict = rules.allows(Move(source: tableau1, count: 1, destination: second), on: empty)
            expectEqual(verdict, (card == sameRank))
        }
    }

    @Test(arguments: seeds) func scorpion(seed: UInt64) throws {
        let rules = try Positions.rules("Scorpion")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 7, count: 7))
        expectEqual(Self.faceUp(rules, table, "tableau"), [4, 4, 4, 4, 7, 7, 7])
        expectEqual(Self.counts(rules, table, "stock"), [3])
    }

    @Test(arguments: seeds) func spiderette(seed: UInt64) throws {
        let rules = try Positions.rules("Spiderette")
        let table = try rules.deal(.seed(seed))
        expectEqual(rules.deck.count, 52)
        expectEqual(Self.counts(rules, table, "foundation"), [0, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "tableau"), [1, 2, 3, 4, 5, 6, 7])
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 7))
        expectEqual(Self.counts(rules, table, "stock"), [24])
    }

    @Test func spideretteWithOneSuitIsFourSetsOfSpades() throws {
        let rules = try Positions.rules("Spiderette", options: ["suits": "1"])
        expectEqual(rules.deck.count, 52)
        expectTrue(rules.deck.allSatisfy { $0.suit == .spades })
    }

    @Test(arguments: seeds) func golf(seed: UInt64) throws {
        let rules = try Positions.rules("Golf")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 5, count: 7))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 5, count: 7))
        expectEqual(Self.faceUp(rules, table, "waste"), [1])
        expectEqual(Self.counts(rules, table, "stock"), [16])
        expectFalse(rules.isWon(table))
    }

    @Test(arguments: seeds) func blackHole(seed: UInt64) throws {
        let rules = try Positions.rules("BlackHole")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.cards(rules, table, "foundation"), [[Card(rank: 1, suit: .spades)]])
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 3, count: 17))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 3, count: 17))
    }

    @Test(arguments: seeds) func bakersDozen(seed: UInt64) throws {
        let rules = try Positions.rules("BakersDozen")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 4, count: 13))
        // Every king lies beneath the other cards of its pile.
        for pile in Self.cards(rules, table, "tableau") {
            let kings = pile.filter { $0.rank == 13 }.count
            expectTrue(pile.prefix(kings).allSatisfy { $0.rank == 13 })
        }
    }

    @Test func bakersDozenKeepsTheDealtOrderOfTheOtherCards() throws {
        let rules = try Positions.rules("BakersDozen")
        let unsorted = shuffled(rules.deck, seed: 9)
        let table = try rules.deal(.order(unsorted))
        for (offset, pile) in Self.cards(rules, table, "tableau").enumerated() {
            let dealt = (0..<4).map { unsorted[$0 * 13 + offset] }
            expectEqual(pile, dealt.filter { $0.rank == 13 } + dealt.filter { $0.rank != 13 })
        }
    }

    @Test(arguments: seeds) func fan(seed: UInt64) throws {
        let rules = try Positions.rules("Fan")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 3, count: 17) + [1])
    }

    @Test(arguments: seeds) func derKatzenschwanz(seed: UInt64) throws {
        let rules = try Positions.rules("DerKatzenschwanz")
        let table = try rules.deal(.seed(seed))
        let piles = Self.cards(rules, table, "tableau")
        expectEqual(piles.map(\.count).reduce(0, +), 104)
        expectEqual(Self.counts(rules, table, "cell"), Array(repeating: 0, count: 8))
        // Each king starts a column, and a column holds no other king.
        for (index, pile) in piles.enumerated() {
            expectTrue(pile.dropFirst().allSatisfy { $0.rank != 13 })
            if index > 0 && !pile.isEmpty { expectEqual(pile[0].rank, 13) }
        }
        // The columns fill from the left: only the last can be left empty, when the first card is a king.
        expectTrue(piles.dropLast().allSatisfy { !$0.isEmpty })
    }

    @Test(arguments: seeds) func dieSchlange(seed: UInt64) throws {
        let rules = try Positions.rules("DieSchlange")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "cell"), Array(repeating: 0, count: 7))
        let foundations = Self.cards(rules, table, "foundation")
        expectTrue(foundations.allSatisfy { $0.count == 1 && $0[0].rank == 1 })
        let piles = Self.cards(rules, table, "tableau")
        expectEqual(piles.map(\.count).reduce(0, +), 96)
        expectTrue(piles.allSatisfy { $0.allSatisfy { $0.rank != 1 } })
        for (index, pile) in piles.enumerated() {
            expectTrue(pile.dropFirst().allSatisfy { $0.rank != 13 })
            if index > 0 && !pile.isEmpty { expectEqual(pile[0].rank, 13) }
        }
    }
}
