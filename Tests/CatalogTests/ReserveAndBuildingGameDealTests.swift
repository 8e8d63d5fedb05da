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

/// The opening deals of the reserve, base-card and building games, checked over the same seeds
/// as the catalog's first games.
extension CatalogDeals {
    @Test(arguments: seeds) func auldLangSyne(seed: UInt64) throws {
        let rules = try Positions.rules("AuldLangSyne")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.cards(rules, table, "foundation"), [[Card(rank: 1, suit: .clubs)], [Card(rank: 1, suit: .diamonds)],
                                                            [Card(rank: 1, suit: .hearts)], [Card(rank: 1, suit: .spades)]])
        expectEqual(Self.counts(rules, table, "reserve"), [0, 0, 0, 0])
        expectEqual(Self.shape(rules, table, "stock").map(\.count), [48])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
    }

    @Test(arguments: seeds) func bristol(seed: UInt64) throws {
        let rules = try Positions.rules("Bristol")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 3, count: 8))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 3, count: 8))
        expectEqual(Self.counts(rules, table, "reserve"), [0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [28])
        // Every king lies beneath the other cards of its fan.
        for pile in Self.cards(rules, table, "tableau") {
            let kings = pile.filter { $0.rank == 13 }.count
            expectTrue(pile.prefix(kings).allSatisfy { $0.rank == 13 })
        }
    }

    @Test(arguments: seeds) func backbone(seed: UInt64) throws {
        let rules = try Positions.rules("Backbone")
        let table = try rules.deal(.seed(seed))
        expectEqual(rules.deck.count, 104)
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: 8))
        expectEqual(Self.counts(rules, table, "reserve"), [9, 9, 1])
        expectEqual(Self.faceUp(rules, table, "reserve"), [9, 9, 1])
        expectEqual(Self.counts(rules, table, "stock"), [77])
    }

    @Test(arguments: seeds) func kingAlbert(seed: UInt64) throws {
        let rules = try Positions.rules("KingAlbert")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), [9, 8, 7, 6, 5, 4, 3, 2, 1])
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 9))
        expectEqual(Self.counts(rules, table, "reserve"), Array(repeating: 1, count: 7))
        expectEqual(Self.faceUp(rules, table, "reserve"), Array(repeating: 1, count: 7))
    }

    @Test(arguments: seeds) func bearRiver(seed: UInt64) throws {
        let rules = try Positions.rules("BearRiver")
        let table = try rules.deal(.seed(seed))
        let row = [3, 3, 3, 3, 3, 2]
        expectEqual(Self.counts(rules, table, "tableau"), row + row + row)
        expectEqual(Self.faceUp(rules, table, "tableau"), row + row + row)
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0])
        expectEqual(Self.faceUp(rules, table, "foundation"), [1, 0, 0, 0])
    }

    @Test(arguments: seeds) func eagleWing(seed: UInt64) throws {
        let rules = try Positions.rules("EagleWing")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "reserve"), [13])
        expectEqual(Self.faceUp(rules, table, "reserve"), [0])
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: 8))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 8))
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [30])
    }

    @Test(arguments: seeds) func fortress(seed: UInt64) throws {
        let rules = try Positions.rules("Fortress")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), [6, 5, 5, 5, 5, 6, 5, 5, 5, 5])
        expectEqual(Self.faceUp(rules, table, "tableau"), [6, 5, 5, 5, 5, 6, 5, 5, 5, 5])
    }

    @Test(arguments: seeds) func giant(seed: UInt64) throws {
        let rules = try Positions.rules("Giant")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: 8))
        expectEqual(Self.counts(rules, table, "reserve"), [0])
        expectEqual(Self.counts(rules, table, "stock"), [96])
    }

    @Test(arguments: seeds) func napoleonsTomb(seed: UInt64) throws {
        let rules = try Positions.rules("NapoleonsTomb")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "stock"), [52])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
        expectEqual(Self.counts(rules, table, "cell"), [0, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "corner"), [0, 0, 0, 0])
    }

    @Test(arguments: seeds) func osmosis(seed: UInt64) throws {
        let rules = try Positions.rules("Osmosis")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "reserve"), [4, 4, 4, 4])
        expectEqual(Self.faceUp(rules, table, "reserve"), [1, 1, 1, 1])
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [35])
    }

    @Test(arguments: seeds) func plait(seed: UInt64) throws {
        let rules = try Positions.rules("Plait")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "plait"), [20])
        expectEqual(Self.faceUp(rules, table, "plait"), [20])
        expectEqual(Self.counts(rules, table, "edge"), [1, 1, 1, 1])
        expectEqual(Self.counts(rules, table, "field"), Array(repeating: 1, count: 8))
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0, 0, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [71])
    }

    @Test(arguments: seeds) func royalEast(seed: UInt64) throws {
        let rules = try Positions.rules("RoyalEast")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "tableau"), [1, 1, 1, 1, 1])
        expectEqual(Self.counts(rules, table, "stock"), [46])
    }

    @Test(arguments: seeds) func unionSquare(seed: UInt64) throws {
        let rules = try Positions.rules("UnionSquare")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: 16))
        expectEqual(Self.counts(rules, table, "foundation"), [0, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [88])
    }

    @Test(arguments: seeds) func diamondMine(seed: UInt64) throws {
        let rules = try Positions.rules("DiamondMine")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 4, count: 13))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 13))
        expectEqual(Self.counts(rules, table, "foundation"), [0])
    }
}
