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

/// Valentine: single cards onto the card of their suit one rank above, empty piles filled only by
/// the stock's tap (from the waste first), a one-card waste, and a redeal that puts the piles
/// under the stock, turned over, and deals them again.
@Suite struct ValentineVerdicts {
    static let full = ["tableau 1": "9H", "tableau 2": "8H", "tableau 3": "4C", "tableau 4": "7D", "stock": "#..."]

    static func at(_ piles: [String: String]) -> [String: String] { full.merging(piles) { _, new in new } }

    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the card of its suit one rank above", at([:]), .move(1, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["tableau 1": "9H 8H", "tableau 2": ""]),
        VerdictCase("not on another suit's", at(["tableau 2": "8S"]), .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a card goes on the card of its suit one rank above"),
        VerdictCase("nor two ranks above", at(["tableau 2": "7H"]), .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("nor below", at([:]), .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("cards move one at a time", at(["tableau 1": "10H", "tableau 2": "9H 8H"]), .move(2, from: "tableau 2", to: "tableau 1"),
                    .refused(.liftRefused), ruleLine: "cards move one at a time"),
        VerdictCase("the waste's card goes on no lower card", at(["waste": "10H"]), .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("nor on another suit's", at(["waste": "8D"]), .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("but on the card of its suit one above", at(["waste": "6D"]), .move(1, from: "waste", to: "tableau 4"), .legal, after: ["tableau 4": "7D 6D", "waste": ""]),
        VerdictCase("an empty pile takes no card by a move", at(["tableau 1": "", "waste": "KS"]), .move(1, from: "waste", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: "an empty pile is filled from the stock"),
        VerdictCase("nothing moves to the waste", at([:]), .move(1, from: "tableau 2", to: "waste"), .refused(.zoneCannotReceive)),
        VerdictCase("the stock fills the empty piles, the waste's card first", at(["tableau 2": "", "tableau 4": "", "waste": "7D", "stock": "#... #2C"]),
                    .tap("stock"), .legal, after: ["tableau 2": "7D", "tableau 4": "2C", "waste": "", "tableau 1": "9H"]),
        VerdictCase("then cards from the stock, face up", at(["tableau 1": "", "tableau 3": "", "stock": "#... #3C #2C", "waste": "", "tableau 4": "7D 4C"]),
                    .tap("stock"), .legal, after: ["tableau 1": "2C", "tableau 3": "3C", "waste": ""]),
        VerdictCase("with every pile filled it turns a card to the empty waste", at(["stock": "#... #2C"]), .tap("stock"), .legal,
                    after: ["waste": "2C", "stock": "... #KS"]),
        VerdictCase("with the waste full it gathers and deals again",
                    ["tableau 1": "KH QH", "tableau 2": "... 9S", "tableau 3": "4C", "tableau 4": "7D 6D", "waste": "5D", "stock": "#2C #3C"],
                    .tap("stock"), .legal,
                    after: ["tableau 1": "5D", "tableau 2": "3C", "tableau 3": "2C", "tableau 4": "7D", "waste": "", "stock": "... #4C #6D"]),
        VerdictCase("even with the stock used up", ["tableau 1": "... KH QH", "tableau 2": "9S", "tableau 3": "4C", "tableau 4": "7D 6D", "waste": "5D", "stock": ""],
                    .tap("stock"), .legal, after: ["tableau 1": "5D", "tableau 2": "7D", "tableau 3": "6D", "tableau 4": "4C", "waste": "", "stock": "... #9S"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Valentine") }

    /// The piles go under the stock turned over, the first pile lowest, and the old stock on them
    /// keeps its order.
    @Test func theRedealPutsThePilesUnderTheStockInOrder() throws {
        let rules = try Positions.rules("Valentine")
        let table = try Positions.table(rules, ["tableau 1": "KH QH", "tableau 2": "... 9S", "tableau 3": "4C", "tableau 4": "7D 6D",
                                                "waste": "5D", "stock": "#2C #3C #10C"])
        let next = try rules.applying(.tap(pile: try rules.pile("stock")), to: table)
        let stock = next.piles[try rules.pile("stock")].cards
        expectEqual(stock.prefix(3).map(\.card.description), ["QH", "KH", "9S"])
        expectEqual(stock.suffix(3).map(\.card.description), ["4C", "6D", "7D"])
        expectTrue(stock.allSatisfy { !$0.isFaceUp })
        #expect(Positions.text(of: next.piles[try rules.pile("tableau 2")]) == "10C")
        #expect(Positions.text(of: next.piles[try rules.pile("tableau 3")]) == "3C")
        #expect(Positions.text(of: next.piles[try rules.pile("tableau 4")]) == "2C")
    }

    @Test func theGameIsWonWithEveryCardOnThePiles() throws {
        let rules = try Positions.rules("Valentine")
        let done = ["tableau 1": "KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C AC", "tableau 2": "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
                    "tableau 3": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH", "tableau 4": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS",
                    "stock": "", "waste": ""]
        #expect(rules.isWon(try Positions.table(rules, done)))
        let table = try Positions.table(rules, done.merging(["tableau 4": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "waste": "AS"]) { _, new in new })
        expectFalse(rules.isWon(table))
        // And nothing is left to tap once it is won.
        #expect(rules.legalTaps(on: try Positions.table(rules, done)).isEmpty)
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func valentine(seed: UInt64) throws {
        let rules = try Positions.rules("Valentine")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), [1, 1, 1, 1])
        expectEqual(Self.faceUp(rules, table, "tableau"), [1, 1, 1, 1])
        expectEqual(Self.counts(rules, table, "stock"), [48])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
        expectEqual(Self.counts(rules, table, "waste"), [0])
    }
}

extension CatalogPlayouts {
    @Test func valentineCardsAreConserved() throws { try cardsAreConserved(Setting(game: "Valentine")) }
}
