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

/// The opening deals of the games written with memory, removals and hidden zones, checked over
/// the same seeds as the catalog's first games.
extension CatalogDeals {
    /// The value of a memory on a table, by name.
    static func memory(_ rules: GameRules, _ table: CardTable, _ name: String) -> Int? {
        rules.memorySlots.firstIndex { $0.name == name }.map { table.memory[$0] }
    }

    @Test(arguments: seeds) func agnes(seed: UInt64) throws {
        let rules = try Positions.rules("Agnes")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(1...7))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 7))
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [23])
        // The deal remembers the foundation card's rank as the base.
        let base = try #require(Self.cards(rules, table, "foundation")[0].first).rank
        expectEqual(Self.memory(rules, table, "base"), base)
    }

    @Test(arguments: seeds) func ladyJane(seed: UInt64) throws {
        let rules = try Positions.rules("LadyJane")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(1...7))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 7))
        expectEqual(Self.counts(rules, table, "reserve"), Array(repeating: 1, count: 7))
        expectEqual(Self.faceUp(rules, table, "reserve"), Array(repeating: 1, count: 7))
        expectEqual(Self.counts(rules, table, "foundation"), [1, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [16])
        let base = try #require(Self.cards(rules, table, "foundation")[0].first).rank
        expectEqual(Self.memory(rules, table, "base"), base)
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func jamestown(seed: UInt64) throws {
        let rules = try Positions.rules("Jamestown")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: 9))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 9))
        expectEqual(Self.counts(rules, table, "stock"), [43])
        expectEqual(Self.counts(rules, table, "discard"), [0])
        expectEqual(rules.zones.first { $0.name == "discard" }?.role, .hidden)
    }
}

/// Terrace and its variations: reserve and pile counts, and whether the base is dealt or chosen.
@Suite struct TerraceDeals {
    struct Layout: Sendable, CustomTestStringConvertible {
        var game: String
        var reserve: Int
        var piles: Int
        var baseDealt: Bool
        var testDescription: String { game }
    }

    static let layouts = [
        Layout(game: "Terrace", reserve: 11, piles: 9, baseDealt: false), Layout(game: "GeneralsPatience", reserve: 13, piles: 9, baseDealt: false),
        Layout(game: "FallingStars", reserve: 11, piles: 9, baseDealt: true), Layout(game: "Signora", reserve: 11, piles: 9, baseDealt: true),
        Layout(game: "Redheads", reserve: 21, piles: 8, baseDealt: true), Layout(game: "BlondesAndBrunettes", reserve: 10, piles: 8, baseDealt: true),
        Layout(game: "Wood", reserve: 10, piles: 9, baseDealt: true),
    ]

    @Test(arguments: layouts) func opening(_ layout: Layout) throws {
        let rules = try Positions.rules(layout.game)
        expectEqual(rules.deck.count, 104)
        for seed in CatalogDeals.seeds {
            let table = try rules.deal(.seed(seed))
            expectEqual(CatalogDeals.counts(rules, table, "reserve"), [layout.reserve])
            expectEqual(CatalogDeals.faceUp(rules, table, "reserve"), [layout.reserve])
            let base = CatalogDeals.memory(rules, table, "base")
            if layout.baseDealt {
                expectEqual(CatalogDeals.counts(rules, table, "tableau"), Array(repeating: 1, count: layout.piles))
                expectEqual(CatalogDeals.counts(rules, table, "foundation"), [1, 0, 0, 0, 0, 0, 0, 0])
                expectEqual(CatalogDeals.counts(rules, table, "waste"), [1])
                expectEqual(base, CatalogDeals.cards(rules, table, "foundation")[0].first?.rank)
                expectEqual(CatalogDeals.counts(rules, table, "stock"), [104 - layout.reserve - layout.piles - 2])
            } else {
                // Four cards to choose the base from, and nothing else dealt until it is chosen.
                expectEqual(CatalogDeals.counts(rules, table, "tableau"), [1, 1, 1, 1] + Array(repeating: 0, count: layout.piles - 4))
                expectEqual(CatalogDeals.counts(rules, table, "foundation"), Array(repeating: 0, count: 8))
                expectEqual(CatalogDeals.counts(rules, table, "waste"), [0])
                expectEqual(base, 0)
            }
        }
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func wall(seed: UInt64) throws {
        let rules = try Positions.rules("Wall")
        let table = try rules.deal(.seed(seed))
        expectEqual(rules.deck.count, 104)
        expectEqual(Self.cards(rules, table, "throne"), [[Card(rank: 13, suit: .spades, copy: 0), Card(rank: 13, suit: .spades, copy: 1)]])
        expectEqual(Self.counts(rules, table, "high_guard"), [2, 2, 2])
        expectEqual(Self.faceUp(rules, table, "high_guard"), [2, 2, 2])
        expectEqual(Self.counts(rules, table, "low_guard"), [3, 3, 3, 3])
        expectEqual(Self.faceUp(rules, table, "low_guard"), [0, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "wall"), Array(repeating: 1, count: 45))
        expectEqual(Self.counts(rules, table, "waste"), [1, 1, 1])
        expectEqual(Self.counts(rules, table, "stock"), [36])
        expectEqual(Self.counts(rules, table, "discard"), [0])
        // No other king of spades is dealt.
        expectEqual(table.allCards.filter { $0.rank == 13 && $0.suit == .spades }.count, 2)
    }
}

/// The pair games of issue 15: one card a pile in a grid with the stock holding the rest, or
/// Fourteen's whole deck on twelve piles.
extension CatalogDeals {
    @Test(arguments: ["BlockTen": 9, "MonteCarlo": 25, "Quatorze": 25, "Neighbor": 25].sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })
    func gridOfPairs(_ setting: String) throws {
        let words = setting.split(separator: " ")
        let rules = try Positions.rules(String(words[0]))
        let piles = try #require(Int(words[1]))
        for seed in Self.seeds {
            let table = try rules.deal(.seed(seed))
            expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: piles))
            expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: piles))
            expectEqual(Self.counts(rules, table, "stock"), [52 - piles])
            expectEqual(Self.faceUp(rules, table, "stock"), [0])
            expectEqual(Self.counts(rules, table, "discard"), [0])
        }
    }

    @Test(arguments: seeds) func fourteen(seed: UInt64) throws {
        let rules = try Positions.rules("Fourteen")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), [5, 5, 5, 5] + Array(repeating: 4, count: 8))
        expectEqual(Self.faceUp(rules, table, "tableau"), [5, 5, 5, 5] + Array(repeating: 4, count: 8))
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func isabel(seed: UInt64) throws {
        let rules = try Positions.rules("Isabel")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 4, count: 13))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 13))
    }

    @Test(arguments: ["Helsinki": 10, "Cover": 4].sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })
    func jamestownVariants(_ setting: String) throws {
        let words = setting.split(separator: " ")
        let rules = try Positions.rules(String(words[0]))
        let piles = try #require(Int(words[1]))
        let table = try rules.deal(.seed(3))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: piles))
        expectEqual(Self.counts(rules, table, "stock"), [52 - piles])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func spiderThreeDecks(seed: UInt64) throws {
        let rules = try Positions.rules("SpiderThreeDecks")
        let table = try rules.deal(.seed(seed))
        expectEqual(rules.deck.count, 156)
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 5, count: 6) + Array(repeating: 4, count: 6))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 1, count: 12))
        expectEqual(Self.counts(rules, table, "stock"), [102])
        expectEqual(Self.counts(rules, table, "foundation"), Array(repeating: 0, count: 12))
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func thirteen(seed: UInt64) throws {
        let rules = try Positions.rules("Thirteen")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "pyramid"), Array(repeating: 1, count: 28))
        expectEqual(Self.faceUp(rules, table, "pyramid"), Array(repeating: 0, count: 21) + Array(repeating: 1, count: 7))
        expectEqual(Self.counts(rules, table, "stock"), [24])
        expectEqual(Self.counts(rules, table, "waste"), [0])
    }
}

extension CatalogDeals {
    @Test(arguments: ["Escalator", "Elevator"]) func pyramidToTheWaste(_ game: String) throws {
        let rules = try Positions.rules(game)
        for seed in Self.seeds {
            let table = try rules.deal(.seed(seed))
            expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: 28))
            let faceUp = game == "Escalator" ? Array(repeating: 1, count: 28) : Array(repeating: 0, count: 21) + Array(repeating: 1, count: 7)
            expectEqual(Self.faceUp(rules, table, "tableau"), faceUp)
            expectEqual(Self.counts(rules, table, "waste"), [0])
            expectEqual(Self.counts(rules, table, "stock"), [24])
        }
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func fortunes(seed: UInt64) throws {
        let rules = try Positions.rules("Fortunes")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), [1, 1, 1, 1])
        expectEqual(Self.counts(rules, table, "stock"), [48])
        // Aces are high.
        expectTrue(rules.cardOrder.acesHigh)
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func thieves(seed: UInt64) throws {
        let rules = try Positions.rules("Thieves")
        let table = try rules.deal(.seed(seed))
        expectTrue(rules.deck.count == 54 && rules.deck.filter(\.isJoker).count == 2)
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 5, count: 7))
        expectEqual(Self.counts(rules, table, "waste"), [1])
        expectEqual(Self.counts(rules, table, "stock"), [18])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func straightUp(seed: UInt64) throws {
        let rules = try Positions.rules("StraightUp")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.cards(rules, table, "foundation").map { $0.map(\.rank) }, [[2], [2], [2], [2]])
        expectEqual(Set(Self.cards(rules, table, "foundation").compactMap { $0.first?.suit }).count, 4)
        expectEqual(Self.counts(rules, table, "reserve"), [13])
        expectEqual(Self.faceUp(rules, table, "reserve"), [1])
        expectEqual(Self.counts(rules, table, "tableau"), [1, 1, 1, 1])
        expectEqual(Self.counts(rules, table, "stock"), [31])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func cruel(seed: UInt64) throws {
        let rules = try Positions.rules("Cruel")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.cards(rules, table, "foundation").map { $0.map(\.rank) }, [[1], [1], [1], [1]])
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 4, count: 12))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 4, count: 12))
        expectEqual(Self.counts(rules, table, "stock"), [0])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func doublets(seed: UInt64) throws {
        let rules = try Positions.rules("Doublets")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "reserve"), Array(repeating: 1, count: 7))
        expectEqual(Self.counts(rules, table, "foundation"), [1])
        expectEqual(Self.counts(rules, table, "stock"), [44])
        // No king is dealt to the reserve or the foundation.
        expectTrue((Self.cards(rules, table, "reserve") + Self.cards(rules, table, "foundation")).joined().allSatisfy { $0.rank != 13 })
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func carpetAndHopscotch(seed: UInt64) throws {
        let carpet = try Positions.rules("Carpet")
        let table = try carpet.deal(.seed(seed))
        expectEqual(Self.cards(carpet, table, "foundation").map { $0.map(\.rank) }, [[1], [1], [1], [1]])
        expectEqual(Self.counts(carpet, table, "tableau"), Array(repeating: 1, count: 20))
        expectEqual(Self.counts(carpet, table, "stock"), [28])
        let hopscotch = try Positions.rules("Hopscotch")
        let other = try hopscotch.deal(.seed(seed))
        expectEqual(Self.cards(hopscotch, other, "foundation"), (1...4).map { [Card(rank: $0, suit: .clubs)] })
        expectEqual(Self.counts(hopscotch, other, "stock"), [48])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func clock(seed: UInt64) throws {
        let rules = try Positions.rules("Clock")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "clock"), Array(repeating: 4, count: 12))
        expectEqual(Self.faceUp(rules, table, "clock"), Array(repeating: 0, count: 12))
        expectEqual(Self.counts(rules, table, "middle"), [4])
        expectEqual(Self.faceUp(rules, table, "middle"), [1])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func kingsAudience(seed: UInt64) throws {
        let rules = try Positions.rules("KingsAudience")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "reserve"), Array(repeating: 1, count: 16))
        expectEqual(Self.counts(rules, table, "stock"), [36])
        expectEqual(Self.counts(rules, table, "throne"), [0, 0, 0, 0])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func pileon(seed: UInt64) throws {
        let rules = try Positions.rules("Pileon")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 4, count: 13) + [0, 0])
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 4, count: 13) + [0, 0])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func triplePeaks(seed: UInt64) throws {
        let rules = try Positions.rules("TriplePeaks")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: 28))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(repeating: 0, count: 18) + Array(repeating: 1, count: 10))
        expectEqual(Self.counts(rules, table, "waste"), [1])
        expectEqual(Self.counts(rules, table, "stock"), [23])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func tenAcross(seed: UInt64) throws {
        let rules = try Positions.rules("TenAcross")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 5, count: 10))
        expectEqual(Self.faceUp(rules, table, "tableau"), [5, 4, 3, 2, 1, 1, 2, 3, 4, 5])
        expectEqual(Self.counts(rules, table, "cell"), [1, 1])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func scuffle(seed: UInt64) throws {
        let rules = try Positions.rules("Scuffle")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.cards(rules, table, "foundation").map { $0.map(\.rank) }, [[1], [1], [1], [1]])
        expectEqual(Self.counts(rules, table, "reserve"), [0, 0, 0, 0])
        expectEqual(Self.counts(rules, table, "stock"), [48])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func eliminatorAndGayGordons(seed: UInt64) throws {
        let eliminator = try Positions.rules("Eliminator")
        let table = try eliminator.deal(.seed(seed))
        expectEqual(Self.counts(eliminator, table, "tableau"), [13, 13, 13, 13])
        expectEqual(Self.faceUp(eliminator, table, "tableau"), [13, 13, 13, 13])
        let gordons = try Positions.rules("GayGordons")
        let other = try gordons.deal(.seed(seed))
        expectEqual(Self.counts(gordons, other, "tableau"), Array(repeating: 5, count: 10))
        expectEqual(Self.counts(gordons, other, "reserve"), [2])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func gaps(seed: UInt64) throws {
        let rules = try Positions.rules("Gaps")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau").filter { $0 == 0 }.count, 4)
        expectEqual(Self.cards(rules, table, "discard").joined().map(\.rank), [1, 1, 1, 1])
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func accordion(seed: UInt64) throws {
        let rules = try Positions.rules("Accordion")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 1, count: 52))
    }
}

extension CatalogDeals {
    @Test(arguments: ["Treize", "Yield"]) func facedUpPyramids(_ game: String) throws {
        let rules = try Positions.rules(game)
        let table = try rules.deal(.seed(3))
        expectEqual(Self.counts(rules, table, "pyramid"), Array(repeating: 1, count: 28))
        expectEqual(Self.faceUp(rules, table, "pyramid"), Array(repeating: 1, count: 28))
        expectEqual(Self.counts(rules, table, "first_card"), [0])
        expectEqual(Self.counts(rules, table, "stock"), [24])
    }
}

extension CatalogDeals {
    @Test func firstLaw() throws {
        let rules = try Positions.rules("FirstLaw")
        let table = try rules.deal(.seed(3))
        expectEqual(Self.counts(rules, table, "stock"), [52])
        expectEqual(Self.counts(rules, table, "tableau"), [0, 0, 0, 0])
    }
}

/// The opening deals of Chessboard, Hamilton and Labyrinth.
extension CatalogDeals {
    @Test(arguments: seeds) func chessboard(seed: UInt64) throws {
        let rules = try Positions.rules("Chessboard")
        let table = try rules.deal(.seed(seed))
        // Two columns of five piles; the top pile of each has a sixth card.
        expectEqual(Self.counts(rules, table, "tableau"), [6, 5, 5, 5, 5, 6, 5, 5, 5, 5])
        expectEqual(Self.faceUp(rules, table, "tableau"), [6, 5, 5, 5, 5, 6, 5, 5, 5, 5])
        expectEqual(Self.counts(rules, table, "foundation"), [0, 0, 0, 0])
    }

    @Test(arguments: seeds) func hamilton(seed: UInt64) throws {
        let rules = try Positions.rules("Hamilton")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(1...7))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(1...7))
        expectEqual(Self.counts(rules, table, "stock"), [24])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
        expectEqual(Self.counts(rules, table, "chooser"), [0])
        expectEqual(Self.counts(rules, table, "foundation"), [0, 0, 0, 0])
        expectEqual(Self.memory(rules, table, "start"), 0)
        expectEqual(rules.zones.first { $0.name == "hold" }?.role, .hidden)
    }

    @Test(arguments: seeds) func labyrinth(seed: UInt64) throws {
        let rules = try Positions.rules("Labyrinth")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.cards(rules, table, "foundation").map { $0.map(\.rank) }, [[1], [1], [1], [1]])
        expectEqual(Self.cards(rules, table, "foundation").map { $0.map(\.suit) }, [[.clubs], [.diamonds], [.hearts], [.spades]])
        expectEqual(Self.counts(rules, table, "top_row"), Array(repeating: 1, count: 8))
        expectEqual(Self.faceUp(rules, table, "top_row"), Array(repeating: 1, count: 8))
        expectEqual(Self.counts(rules, table, "column"), Array(repeating: 0, count: 8))
        expectEqual(Self.counts(rules, table, "stock"), [40])
        expectEqual(Self.memory(rules, table, "first_row"), 1)
    }
}
