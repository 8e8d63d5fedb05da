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

/// Spider's rules as a table: each row is a position, a play and the verdict `Rules/Spider.patience` must give.
@Suite struct SpiderVerdictTests {
    static let suitedLift = "only a run of one suit, built down, moves together"
    static let anyDown = "a card goes on the next higher card of any suit"
    static let noGaps = "the stock cannot be dealt while a tableau pile is empty"

    /// Every tableau pile holds a card, and the next ten stock cards are AH (top, to tableau 1) to 10H (to tableau 10).
    static let fullRow: [String: String] = [
        "tableau 1": "#3C KC", "tableau 2": "QD", "tableau 3": "KH", "tableau 4": "KS", "tableau 5": "QC",
        "tableau 6": "#4C QH", "tableau 7": "QS", "tableau 8": "JC", "tableau 9": "JD", "tableau 10": "JS",
        "stock": "#... #10H #9H #8H #7H #6H #5H #4H #3H #2H #AH",
    ]

    static let cases: [VerdictCase] = [
        // Only runs of one suit, built down, lift.
        VerdictCase("a run of spades on a heart", ["tableau 1": "#2D 5S 4S 3S", "tableau 2": "6H", "stock": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "2D", "tableau 2": "6H 5S 4S 3S"]),
        VerdictCase("a run of two suits", ["tableau 1": "5S 4H", "tableau 2": "6D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: suitedLift),
        VerdictCase("a run built up", ["tableau 1": "4S 5S", "tableau 2": "6D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: suitedLift),
        VerdictCase("a run with a gap", ["tableau 1": "6S 4S", "tableau 2": "7D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: suitedLift),
        VerdictCase("the one-suit top of a mixed pile", ["tableau 1": "5H 4S 3S", "tableau 2": "5D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "5H", "tableau 2": "5D 4S 3S"]),
        VerdictCase("a face-down card does not lift", ["tableau 1": "#9D 5S", "tableau 2": "10H", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.faceDownInRun)),
        VerdictCase("more cards than the pile holds", ["tableau 1": "5S", "tableau 2": "6H", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.cardNotInPile)),

        // A card goes on the next higher card of any suit; an empty pile takes anything.
        VerdictCase("a club on a heart one higher", ["tableau 1": "8H", "tableau 2": "7C", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "8H 7C", "tableau 2": ""]),
        VerdictCase("a heart on a heart one higher", ["tableau 1": "8H", "tableau 2": "7H", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a card on one two higher", ["tableau 1": "9H", "tableau 2": "7H", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: anyDown),
        VerdictCase("a card on one of its own rank", ["tableau 1": "7S", "tableau 2": "7H", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: anyDown),
        VerdictCase("a card on one lower", ["tableau 1": "6H", "tableau 2": "7H", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: anyDown),
        VerdictCase("a run to an empty pile", ["tableau 1": "#JC 5S 4S 3S", "stock": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 5"), .legal, after: ["tableau 5": "5S 4S 3S", "tableau 1": "JC"]),
        VerdictCase("a lone queen to an empty pile", ["tableau 1": "QD", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 10"), .legal, after: ["tableau 10": "QD", "tableau 1": ""]),
        VerdictCase("a card under a face-down card turns", ["tableau 1": "#9D #3C 5S", "tableau 2": "6H", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "#9D 3C"]),

        // Foundations only take completed runs, by the effect.
        VerdictCase("a card to a foundation", ["tableau 1": "AS", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.zoneCannotReceive)),
        VerdictCase("a card from a foundation", ["foundation 1": "KS..AS", "tableau 1": "2D", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
        VerdictCase("a move of no cards", ["tableau 1": "5S", "tableau 2": "6D", "stock": "#..."],
                    .move(0, from: "tableau 1", to: "tableau 2"), .refused(.emptyRun)),
        VerdictCase("a pile onto itself", ["tableau 1": "5S", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 1"), .refused(.samePile)),

        // A completed run, king to ace of one suit, goes to the first empty foundation at once.
        VerdictCase("an ace completes a run of spades",
                    ["tableau 1": "#4D KS..2S", "tableau 2": "#7C AS", "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["foundation 1": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "tableau 1": "4D", "tableau 2": "7C"]),
        VerdictCase("a run of six completes a run of hearts",
                    ["tableau 1": "KH..7H", "tableau 2": "#JD 6H..AH", "stock": "#..."], .move(6, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["foundation 1": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH", "tableau 1": "", "tableau 2": "JD"]),
        VerdictCase("a completed run goes to the first empty foundation",
                    ["foundation 1": "KC..AC", "foundation 2": "KD..AD", "tableau 1": "KS..2S", "tableau 2": "AS", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["foundation 3": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "foundation 4": "", "tableau 1": ""]),
        VerdictCase("king to ace with a two of another suit is not complete",
                    ["tableau 1": "KS..3S 2H", "tableau 2": "AS", "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["tableau 1": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H AS", "foundation 1": ""]),
        VerdictCase("a face-down king does not complete a run",
                    ["tableau 1": "#9D #KS QS..2S", "tableau 2": "AS", "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["tableau 1": "#9D #KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "foundation 1": ""]),

        // The stock deals one card to each pile, but not while a pile is empty.
        VerdictCase("the stock deals a row", fullRow, .tap("stock"), .legal,
                    after: ["tableau 1": "#3C KC AH", "tableau 2": "QD 2H", "tableau 10": "JS 10H", "stock": "... #KS"]),
        VerdictCase("no deal while a pile is empty", fullRow.merging(["tableau 10": ""]) { $1 }, .tap("stock"),
                    .refused(.actionRefused), ruleLine: noGaps),
        VerdictCase("no deal while the first pile is empty", fullRow.merging(["tableau 1": ""]) { $1 }, .tap("stock"),
                    .refused(.actionRefused), ruleLine: noGaps),
        VerdictCase("a dealt ace completes a run",
                    fullRow.merging(["tableau 1": "KH..2H", "stock": "#... #10D #9D #8D #7D #6D #5D #4D #3D #2D #AH"]) { $1 },
                    .tap("stock"), .legal, after: ["foundation 1": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH", "tableau 1": "", "tableau 2": "QD 2D"]),
        VerdictCase("one dealt row completes two runs, which go to two foundations",
                    fullRow.merging(["tableau 1": "KH..2H", "tableau 2": "KS..2S",
                                     "stock": "#... #10D #9D #8D #7D #6D #5D #4D #3D #AS #AH"]) { $1 },
                    .tap("stock"), .legal, after: ["foundation 1": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH",
                                                   "foundation 2": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS",
                                                   "tableau 1": "", "tableau 2": "", "tableau 3": "KH 3D"]),
        VerdictCase("the empty stock does nothing",
                    ["tableau 1": "#... 5D", "tableau 2": "4C"], .tap("stock"), .refused(.noActionHere),
                    ruleLine: "action deal_row: tap stock when not stock.empty"),
        VerdictCase("tapping a tableau pile does nothing", ["tableau 1": "5D", "stock": "#..."],
                    .tap("tableau 1"), .refused(.noActionHere)),

        // One suit: every card is a spade, eight copies of each.
        VerdictCase("one suit: spades on a spade", options: ["suits": "1"], ["tableau 1": "6S", "tableau 2": "KS 5S 4S", "stock": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "6S 5S 4S", "tableau 2": "KS"]),
        VerdictCase("one suit: a third ace completes the second copy's run", options: ["suits": "1"],
                    ["tableau 1": "KS..2S", "tableau 2": "KS..2S", "tableau 3": "AS", "stock": "#..."],
                    .move(1, from: "tableau 3", to: "tableau 2"), .legal,
                    after: ["foundation 1": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "tableau 2": "", "foundation 2": "",
                            "tableau 1": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"]),
        VerdictCase("one suit: no deal while a pile is empty", options: ["suits": "1"],
                    ["tableau 1": "KS", "stock": "#..."], .tap("stock"), .refused(.actionRefused), ruleLine: noGaps),

        // Two suits: spades and hearts.
        VerdictCase("two suits: a heart and a spade do not lift together", options: ["suits": "2"],
                    ["tableau 1": "5H 4S", "tableau 2": "6H", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: suitedLift),
        VerdictCase("two suits: a spade on a heart", options: ["suits": "2"],
                    ["tableau 1": "5H 4S", "tableau 2": "5H", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 2": "5H 4S"]),
        VerdictCase("two suits: a completed run of hearts", options: ["suits": "2"],
                    ["tableau 1": "#KS KH..2H", "tableau 2": "AH", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["tableau 1": "KS", "foundation 1": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws {
        try checkVerdict(row, game: "Spider")
    }

    /// The `suits` option decides the deck: 104 cards of one, two or four suits.
    @Test(arguments: [("1", [Suit.spades]), ("2", [.hearts, .spades]), ("4", Suit.allCases)])
    func suitsOptionChoosesTheDeck(suits: String, expected: [Suit]) throws {
        let rules = try Positions.rules("Spider", options: ["suits": suits])
        expectEqual(rules.deck.count, 104)
        expectEqual(Set(rules.deck.map(\.suit)), Set(expected))
        expectEqual(Set(rules.deck).count, 104)
        let copies = 104 / (13 * expected.count)
        expectEqual(rules.deck.filter { $0.rank == 1 && $0.suit == .spades }.count, copies)
    }

    /// The same rules hold for every suit count: a one-suit run of spades lifts and goes on any one-higher card.
    @Test(arguments: ["1", "2", "4"]) func spadeRunsMoveWithEverySuitCount(suits: String) throws {
        let rules = try Positions.rules("Spider", options: ["suits": suits])
        let table = try Positions.table(rules, ["tableau 1": "#9S 6S 5S 4S", "tableau 2": "7S", "tableau 3": "5S", "stock": "#..."])
        let next = try rules.applying(try rules.move(3, from: "tableau 1", to: "tableau 2"), to: table)
        #expect(Positions.text(of: next.piles[try rules.pile("tableau 2")]) == "7S 6S 5S 4S")
        #expect(Positions.text(of: next.piles[try rules.pile("tableau 1")]) == "9S")
        #expect(rules.refusal(for: try rules.move(2, from: "tableau 1", to: "tableau 3"), on: table)?.code == .acceptRefused)
    }

    @Test func suitsOtherThanOneTwoOrFourAreRefused() throws {
        let error = try #require(throws: DiagnosticsError.self) {
            try GameCompiler.compile(path: Positions.rulesPath("Spider"), options: ["suits": "3"])
        }
        expectEqual(error.diagnostics.map(\.code), [.valueOutsideDomain])
    }
}
