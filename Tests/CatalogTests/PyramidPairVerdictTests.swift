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

/// Treize: a face-up pyramid whose uncovered cards leave as lone kings or in pairs that add up to
/// thirteen, two waste piles whose top cards are both in play, the first refilled from the oldest
/// card of the second, and one pass through the stock.
@Suite struct TreizeVerdicts {
    /// Every pyramid pile not written holds a card; the stock takes the rest.
    static func at(_ piles: [String: String]) -> [String: String] {
        FilledPositions.position(piles, zone: "pyramid", piles: 28)
    }

    static let cases: [VerdictCase] = [
        VerdictCase("two bottom cards that add up to thirteen leave", at(["pyramid 22": "6S", "pyramid 23": "7S"]), .remove(["pyramid 22", "pyramid 23"]),
                    .legal, after: ["discard": "6S 7S", "pyramid 22": "", "pyramid 23": ""]),
        VerdictCase("two that do not, stay", at(["pyramid 22": "6S", "pyramid 23": "8S"]), .remove(["pyramid 22", "pyramid 23"]),
                    .refused(.removalRefused)),
        VerdictCase("a covered card does not pair, though it lies face up", at(["pyramid 16": "6S", "pyramid 28": "7S"]),
                    .remove(["pyramid 16", "pyramid 28"]), .refused(.removalRefused)),
        VerdictCase("nor with one of its two covering cards gone", at(["pyramid 16": "6S", "pyramid 22": "", "pyramid 28": "7S"]),
                    .remove(["pyramid 16", "pyramid 28"]), .refused(.removalRefused)),
        VerdictCase("it pairs once both are gone", at(["pyramid 16": "6S", "pyramid 22": "", "pyramid 23": "", "pyramid 28": "7S"]),
                    .remove(["pyramid 16", "pyramid 28"]), .legal, after: ["discard": "6S 7S"]),
        VerdictCase("a card does not pair with the card covering it", at(["pyramid 21": "6S", "pyramid 27": "", "pyramid 28": "7S"]),
                    .remove(["pyramid 21", "pyramid 28"]), .refused(.removalRefused)),
        VerdictCase("an uncovered king leaves alone", at(["pyramid 22": "KS"]), .remove(["pyramid 22"]), .legal, after: ["discard": "KS"]),
        VerdictCase("a covered king does not", at(["pyramid 16": "KS"]), .remove(["pyramid 16"]), .refused(.removalRefused)),
        VerdictCase("nor does another card alone", at(["pyramid 22": "QD"]), .remove(["pyramid 22"]), .refused(.removalRefused)),
        VerdictCase("the second waste pile's top card pairs with the pyramid", at(["pyramid 22": "JD", "waste 1": "4S", "waste 2": "9C 2C"]),
                    .remove(["pyramid 22", "waste 2"]), .legal, after: ["waste 1": "4S", "waste 2": "9C"]),
        VerdictCase("so does the first's", at(["pyramid 22": "JD", "waste 1": "2C", "waste 2": "9C 4S"]),
                    .remove(["pyramid 22", "waste 1"]), .legal, after: ["waste 1": "9C", "waste 2": "4S"]),
        VerdictCase("the two waste piles' top cards pair, and the oldest card left comes to the first",
                    at(["waste 1": "5C", "waste 2": "2D 3D 8H"]), .remove(["waste 1", "waste 2"]), .legal,
                    after: ["waste 1": "2D", "waste 2": "3D", "discard": "5C 8H"]),
        VerdictCase("a king on the first waste pile leaves alone", at(["waste 1": "KC", "waste 2": "2D 3D 4D"]), .remove(["waste 1"]), .legal,
                    after: ["waste 1": "2D", "waste 2": "3D 4D"]),
        VerdictCase("the second waste pile's top two cards leave together", at(["waste 1": "4S", "waste 2": "9C 5C 8C"]), .tap("waste 2"), .legal,
                    after: ["waste 1": "4S", "waste 2": "9C", "discard": "5C 8C"]),
        VerdictCase("when they add up to thirteen", at(["waste 1": "4S", "waste 2": "9C 5C 9D"]), .tap("waste 2"), .refused(.actionRefused),
                    ruleLine: "the waste's top two cards do not add up to thirteen"),
        VerdictCase("a lone card on the first waste pile is no pair", at(["waste 1": "4S"]), .tap("waste 1"), .refused(.noActionHere)),
        VerdictCase("the stock turns a card to the empty first waste pile", at(["stock": "#... #9C"]), .tap("stock"), .legal,
                    after: ["waste 1": "9C", "waste 2": ""]),
        VerdictCase("and the next ones to the second", at(["stock": "#... #9C", "waste 1": "4D", "waste 2": "2H"]), .tap("stock"), .legal,
                    after: ["waste 1": "4D", "waste 2": "2H 9C"]),
        VerdictCase("there is no redeal", at(["stock": "", "waste 1": "4D", "waste 2": "..."]), .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Treize") }

    @Test func theGameIsWonWithEveryCardGone() throws {
        let rules = try Positions.rules("Treize")
        var empty: [String: String] = ["stock": "", "waste 1": "", "waste 2": "", "discard": "..."]
        for index in 1...28 { empty["pyramid \(index)"] = "" }
        #expect(rules.isWon(try Positions.table(rules, empty)))
        #expect(!rules.isWon(try Positions.table(rules, empty.merging(["waste 1": "KS"]) { _, new in new })))
        #expect(!rules.isWon(try Positions.table(rules, empty.merging(["pyramid 1": "KS"]) { _, new in new })))
    }
}

/// Yield: Treize's rules on an upside-down pyramid, whose cards lie under the one or two cards of
/// the row below that overlap them.
@Suite struct YieldVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] {
        FilledPositions.position(piles, zone: "pyramid", piles: 28)
    }

    static let cases: [VerdictCase] = [
        VerdictCase("the bottom row's single card is in play", at(["pyramid 28": "KS"]), .remove(["pyramid 28"]), .legal, after: ["discard": "KS"]),
        VerdictCase("the two cards above it are under it", at(["pyramid 26": "KS"]), .remove(["pyramid 26"]), .refused(.removalRefused)),
        VerdictCase("and in play once it is gone", at(["pyramid 26": "6S", "pyramid 27": "7S", "pyramid 28": ""]),
                    .remove(["pyramid 26", "pyramid 27"]), .legal, after: ["discard": "6S 7S"]),
        VerdictCase("a middle card lies under two cards", at(["pyramid 24": "KS", "pyramid 26": "", "pyramid 28": ""]),
                    .remove(["pyramid 24"]), .refused(.removalRefused)),
        VerdictCase("and is in play once both are gone", at(["pyramid 24": "KS", "pyramid 26": "", "pyramid 27": "", "pyramid 28": ""]),
                    .remove(["pyramid 24"]), .legal),
        VerdictCase("the first card of a row lies under one card only", at(["pyramid 1": "6S", "pyramid 8": "", "pyramid 28": "7S"]),
                    .remove(["pyramid 1", "pyramid 28"]), .legal, after: ["discard": "6S 7S"]),
        VerdictCase("the next card under two", at(["pyramid 2": "6S", "pyramid 8": "", "pyramid 28": "7S"]),
                    .remove(["pyramid 2", "pyramid 28"]), .refused(.removalRefused)),
        VerdictCase("the last card of a row under one card only", at(["pyramid 13": "KS", "pyramid 18": ""]), .remove(["pyramid 13"]), .legal),
        VerdictCase("the one before it in that row covers nothing of it", at(["pyramid 13": "KS", "pyramid 17": ""]), .remove(["pyramid 13"]), .refused(.removalRefused)),
        VerdictCase("the waste plays as in Treize", at(["pyramid 28": "JD", "waste 1": "2C", "waste 2": "9C 4S"]),
                    .remove(["pyramid 28", "waste 1"]), .legal, after: ["waste 1": "9C", "waste 2": "4S"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Yield") }
}

/// The opening deals of the pair games on a face-up pyramid.
extension CatalogDeals {
    @Test(arguments: ["Treize", "Yield"]) func faceUpPyramid(_ game: String) throws {
        let rules = try Positions.rules(game)
        for seed in Self.seeds {
            let table = try rules.deal(.seed(seed))
            #expect(Self.counts(rules, table, "pyramid") == Array(repeating: 1, count: 28))
            #expect(Self.faceUp(rules, table, "pyramid") == Array(repeating: 1, count: 28))
            #expect(Self.counts(rules, table, "stock") == [24])
            #expect(Self.faceUp(rules, table, "stock") == [0])
            #expect(Self.counts(rules, table, "waste") == [0, 0])
            #expect(Self.counts(rules, table, "discard") == [0])
        }
    }
}

/// Random playouts of the pair games on a face-up pyramid, through the first wave's check.
extension CatalogPlayouts {
    static let pyramidPairSettings: [Setting] = [Setting(game: "Treize"), Setting(game: "Yield")]

    @Test(arguments: pyramidPairSettings) func pyramidPairCardsAreConserved(_ setting: Setting) throws {
        try cardsAreConserved(setting)
    }
}
