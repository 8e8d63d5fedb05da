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

/// The test-support position builder: the rule tests are only as good as the tables it makes.
@Suite struct PositionsTests {
    @Test func writesPilesBottomFirstWithFacesAndConservesTheDeck() throws {
        let rules = try Positions.rules("Klondike")
        let table = try Positions.table(rules, ["tableau 2": "#5C #9D 8H", "tableau 1": "KS QH", "stock": "#..."])
        #expect(table.piles[try rules.pile("tableau 2")].cards == [
            PlacedCard(Card(rank: 5, suit: .clubs), faceUp: false),
            PlacedCard(Card(rank: 9, suit: .diamonds), faceUp: false),
            PlacedCard(Card(rank: 8, suit: .hearts), faceUp: true),
        ])
        #expect(Positions.text(of: table.piles[try rules.pile("tableau 1")]) == "KS QH")
        #expect(table.piles[try rules.pile("tableau 3")].isEmpty)
        let stock = table.piles[try rules.pile("stock")]
        expectTrue(stock.count == 47 && stock.faceDownCount == 47)
        expectEqual(table.allCards.sorted(), rules.deck)
        expectEqual(table.actionUses, [0, 0])
    }

    @Test func readsRanksBothWaysAndRuns() throws {
        #expect(try Positions.card("10S") == Positions.card("TS"))
        #expect(try Positions.cards("AH..3H") == [Card(rank: 1, suit: .hearts), Card(rank: 2, suit: .hearts), Card(rank: 3, suit: .hearts)])
        #expect(try Positions.cards("QD..JD") == [Card(rank: 12, suit: .diamonds), Card(rank: 11, suit: .diamonds)])
        #expect(throws: PositionError.self) { try Positions.card("1X") }
        #expect(throws: PositionError.self) { try Positions.cards("AH..3S") }
    }

    @Test func givesCopiesInPileOrder() throws {
        let rules = try Positions.rules("Spider", options: ["suits": "1"])
        let table = try Positions.table(rules, ["tableau 2": "QS", "tableau 1": "QS QS", "stock": "#..."])
        #expect(table.piles[try rules.pile("tableau 1")].cards.map(\.card.copy) == [0, 1])
        #expect(table.piles[try rules.pile("tableau 2")].cards.map(\.card.copy) == [2])
        expectEqual(table.allCards.sorted(), rules.deck)
    }

    @Test func placesTheRestWhereItIsWritten() throws {
        let rules = try Positions.rules("FreeCell")
        let table = try Positions.table(rules, ["tableau 8": "KC ... 2D", "tableau 1": "AS"])
        let pile = table.piles[try rules.pile("tableau 8")].cards.map(\.card)
        expectTrue(pile.count == 51 && pile.first == Card(rank: 13, suit: .clubs) && pile.last == Card(rank: 2, suit: .diamonds))
    }

    @Test func refusesPositionsThatAreNotRealTables() throws {
        let rules = try Positions.rules("Klondike")
        #expect(throws: PositionError.self, "cards left out") { try Positions.table(rules, ["tableau 1": "KS"]) }
        #expect(throws: PositionError.self, "a card twice") { try Positions.table(rules, ["tableau 1": "KS", "tableau 2": "KS", "stock": "..."]) }
        #expect(throws: PositionError.self, "the rest twice") { try Positions.table(rules, ["tableau 1": "...", "stock": "..."]) }
        #expect(throws: PositionError.self, "no such pile") { try Positions.table(rules, ["tableau 8": "KS", "stock": "..."]) }
        #expect(throws: PositionError.self, "no such action") { try Positions.table(rules, ["stock": "..."], actionUses: ["shuffle": 1]) }
        let spider = try Positions.rules("Spider", options: ["suits": "2"])
        #expect(throws: PositionError.self, "no clubs in two-suit Spider") { try Positions.table(spider, ["tableau 1": "5C", "stock": "..."]) }
    }
}
