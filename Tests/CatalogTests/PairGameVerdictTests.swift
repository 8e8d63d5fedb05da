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

/// Whole one-deck positions written by the piles that matter: every other pile of `zone` gets one
/// card, in pile order, from the cards not written (in the deck's order), and `rest` (a pile
/// address, face down) takes what is left.
enum FilledPositions {
    static func position(_ overrides: [String: String], zone: String = "tableau", piles: Int, rest: String? = "stock") -> [String: String] {
        var pool: [String] = []
        for suit in ["C", "D", "H", "S"] {
            for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] { pool.append(rank + suit) }
        }
        for text in overrides.values {
            for word in text.split(separator: " ") {
                let card = word.hasPrefix("#") ? String(word.dropFirst()) : String(word)
                pool.removeAll { $0 == card }
            }
        }
        var result = overrides
        for pile in 1...piles where result["\(zone) \(pile)"] == nil && !pool.isEmpty {
            result["\(zone) \(pile)"] = pool.removeFirst()
        }
        if let rest, result[rest] == nil { result[rest] = pool.map { "#" + $0 }.joined(separator: " ") }
        return result
    }
}

/// Block Ten against Jamestown: pairs that add up to ten or are two jacks, queens or kings, and
/// tens that never leave.
@Suite struct BlockTenVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] { FilledPositions.position(piles, piles: 9) }

    static let cases: [VerdictCase] = [
        VerdictCase("a three and a seven leave together", at(["tableau 1": "3H", "tableau 6": "7S"]), .remove(["tableau 1", "tableau 6"]), .legal,
                    after: ["discard": "3H 7S"]),
        VerdictCase("and so do two fives", at(["tableau 2": "5H", "tableau 3": "5S"]), .remove(["tableau 2", "tableau 3"]), .legal),
        VerdictCase("and two queens", at(["tableau 2": "QH", "tableau 3": "QS"]), .remove(["tableau 2", "tableau 3"]), .legal),
        VerdictCase("but not a queen and a king", at(["tableau 2": "QH", "tableau 3": "KS"]), .remove(["tableau 2", "tableau 3"]),
                    .refused(.removalRefused)),
        VerdictCase("nor two sixes", at(["tableau 2": "6H", "tableau 3": "6S"]), .remove(["tableau 2", "tableau 3"]), .refused(.removalRefused)),
        VerdictCase("nor two tens", at(["tableau 2": "10H", "tableau 3": "10S"]), .remove(["tableau 2", "tableau 3"]), .refused(.removalRefused)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "BlockTen") }

    @Test func theGameIsWonWhenOnlyTensAreLeft() throws {
        let rules = try Positions.rules("BlockTen")
        let tens = ["tableau 1": "10C", "tableau 4": "10D", "tableau 5": "10H", "tableau 9": "10S", "discard": "..."]
        #expect(rules.isWon(try Positions.table(rules, tens)))
        #expect(!rules.isWon(try Positions.table(rules, tens.merging(["tableau 2": "AC"]) { _, new in new })))
        #expect(!rules.isWon(try Positions.table(rules, tens.merging(["stock": "#AC"]) { _, new in new })))
    }
}

/// Fourteen: pairs of top cards that add up to fourteen, from piles that stay empty once emptied.
@Suite struct FourteenVerdicts {
    static let piles = ["tableau 1": "AC 2C 3C 4C 6H", "tableau 2": "5C 6C 7C 8C 8S", "tableau 3": "9C 10C JC QC 7H", "tableau 4": "KC AD 2D 3D 7D",
                        "tableau 5": "4D 5D 6D 8D", "tableau 6": "9D 10D JD QD", "tableau 7": "KD AH 2H 3H", "tableau 8": "4H 5H 8H 9H",
                        "tableau 9": "10H JH QH KH", "tableau 10": "AS 2S 3S 4S", "tableau 11": "5S 6S 7S 9S", "tableau 12": "10S JS QS KS"]

    static let cases: [VerdictCase] = [
        VerdictCase("a six and an eight leave together", piles, .remove(["tableau 1", "tableau 2"]), .legal,
                    after: ["tableau 1": "AC 2C 3C 4C", "tableau 2": "5C 6C 7C 8C", "discard": "6H 8S"]),
        VerdictCase("and two sevens", piles, .remove(["tableau 3", "tableau 4"]), .legal),
        VerdictCase("a seven and an eight do not", piles, .remove(["tableau 2", "tableau 3"]), .refused(.removalRefused)),
        VerdictCase("only top cards count", piles, .remove(["tableau 5", "tableau 6"]), .refused(.removalRefused)),
        VerdictCase("an emptied pile stays empty", ["tableau 1": "6H", "tableau 2": "8S", "tableau 3": "..."], .remove(["tableau 1", "tableau 2"]), .legal,
                    after: ["tableau 1": "", "tableau 2": ""]),
        VerdictCase("a card does not move to another pile", piles, .move(1, from: "tableau 1", to: "tableau 5"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Fourteen") }
}

/// Monte Carlo: pairs of a rank that touch in the grid, and a stock tap that closes the gaps in
/// reading order and deals to the spaces left at the end.
@Suite struct MonteCarloVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] { FilledPositions.position(piles, piles: 25) }

    static let cases: [VerdictCase] = [
        VerdictCase("side by side", at(["tableau 7": "9H", "tableau 8": "9S"]), .remove(["tableau 7", "tableau 8"]), .legal,
                    after: ["tableau 7": "", "tableau 8": "", "discard": "9H 9S"]),
        VerdictCase("one above the other", at(["tableau 7": "9H", "tableau 12": "9S"]), .remove(["tableau 12", "tableau 7"]), .legal),
        VerdictCase("corner to corner", at(["tableau 7": "9H", "tableau 13": "9S"]), .remove(["tableau 7", "tableau 13"]), .legal),
        VerdictCase("and the other corner", at(["tableau 7": "9H", "tableau 11": "9S"]), .remove(["tableau 7", "tableau 11"]), .legal),
        VerdictCase("not two apart", at(["tableau 7": "9H", "tableau 9": "9S"]), .remove(["tableau 7", "tableau 9"]), .refused(.removalRefused)),
        VerdictCase("not from the end of one row to the start of the next", at(["tableau 5": "9H", "tableau 6": "9S"]),
                    .remove(["tableau 5", "tableau 6"]), .refused(.removalRefused)),
        VerdictCase("nor corner to corner across the edge", at(["tableau 6": "9H", "tableau 10": "9S"]),
                    .remove(["tableau 6", "tableau 10"]), .refused(.removalRefused)),
        VerdictCase("touching cards of different ranks stay", at(["tableau 7": "9H", "tableau 8": "8S"]),
                    .remove(["tableau 7", "tableau 8"]), .refused(.removalRefused)),
        VerdictCase("spaces are not filled by themselves", at(["tableau 7": "9H", "tableau 8": "9S"]), .remove(["tableau 7", "tableau 8"]), .legal,
                    after: ["tableau 7": "", "tableau 9": "7C"]),
        VerdictCase("the stock closes the gaps and fills the spaces at the end",
                    at(["tableau 2": "", "tableau 4": "", "tableau 3": "QH", "tableau 25": "KH", "stock": "#... #2S #3S"]), .tap("stock"), .legal,
                    after: ["tableau 2": "QH", "tableau 23": "KH", "tableau 24": "3S", "tableau 25": "2S"]),
        VerdictCase("with no gap, the stock does nothing", at([:]), .tap("stock"), .refused(.actionRefused)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "MonteCarlo") }
}

/// Quatorze: pairs that add up to fourteen in a row or a column, spaces filled from the stock,
/// and once it is used up, the cards closing up.
@Suite struct QuatorzeVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] { FilledPositions.position(piles, piles: 25) }

    static let cases: [VerdictCase] = [
        VerdictCase("a six and an eight in a row", at(["tableau 6": "6H", "tableau 10": "8S", "stock": "#... #2S #3S"]),
                    .remove(["tableau 6", "tableau 10"]), .legal, after: ["tableau 6": "3S", "tableau 10": "2S", "discard": "6H 8S"]),
        VerdictCase("in a column", at(["tableau 2": "6H", "tableau 22": "8S"]), .remove(["tableau 2", "tableau 22"]), .legal),
        VerdictCase("not corner to corner", at(["tableau 2": "6H", "tableau 8": "8S"]), .remove(["tableau 2", "tableau 8"]), .refused(.removalRefused)),
        VerdictCase("and not adding up to thirteen", at(["tableau 2": "6H", "tableau 3": "7S"]), .remove(["tableau 2", "tableau 3"]),
                    .refused(.removalRefused)),
        VerdictCase("with the stock used up, the cards close up", at(["tableau 6": "6H", "tableau 10": "8S", "tableau 11": "JH", "tableau 25": "KH",
                    "stock": "", "discard": "..."]), .remove(["tableau 6", "tableau 10"]), .legal,
                    after: ["tableau 9": "JH", "tableau 23": "KH", "tableau 24": "", "tableau 25": ""]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Quatorze") }
}

/// Neighbor: kings removed alone, touching pairs that add up to thirteen, and the cards closing
/// up after every removal with the stock filling the spaces at the end.
@Suite struct NeighborVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] { FilledPositions.position(piles, piles: 25) }

    static let cases: [VerdictCase] = [
        VerdictCase("a king leaves alone", at(["tableau 7": "KH", "stock": "#... #2S"]), .remove(["tableau 7"]), .legal,
                    after: ["tableau 7": "7C", "tableau 25": "2S", "discard": "KH"]),
        VerdictCase("another card does not", at(["tableau 7": "QH"]), .remove(["tableau 7"]), .refused(.removalRefused)),
        VerdictCase("a six and a seven side by side", at(["tableau 7": "6H", "tableau 8": "7S"]), .remove(["tableau 7", "tableau 8"]), .legal),
        VerdictCase("corner to corner", at(["tableau 7": "6H", "tableau 11": "7S"]), .remove(["tableau 7", "tableau 11"]), .legal),
        VerdictCase("not two apart", at(["tableau 7": "6H", "tableau 9": "7S"]), .remove(["tableau 7", "tableau 9"]), .refused(.removalRefused)),
        VerdictCase("not across the row's end", at(["tableau 10": "6H", "tableau 11": "7S"]), .remove(["tableau 10", "tableau 11"]),
                    .refused(.removalRefused)),
        VerdictCase("two cards of a rank do not", at(["tableau 7": "6H", "tableau 8": "6S"]), .remove(["tableau 7", "tableau 8"]),
                    .refused(.removalRefused)),
        VerdictCase("the cards close up and the stock fills the end", at(["tableau 7": "6H", "tableau 8": "7S", "tableau 9": "JH",
                    "tableau 25": "QH", "stock": "#... #2S #3S"]), .remove(["tableau 7", "tableau 8"]), .legal,
                    after: ["tableau 7": "JH", "tableau 23": "QH", "tableau 24": "3S", "tableau 25": "2S"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Neighbor") }
}

/// Isabel: pairs of a rank from the tops of thirteen piles, the cards under them turned up, and
/// empty piles left empty.
@Suite struct IsabelVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("two top cards of a rank leave, and the cards under them turn up", ["tableau 1": "#2C #3C #4C 9H", "tableau 5": "#5C 9S",
                    "tableau 13": "#..."], .remove(["tableau 1", "tableau 5"]), .legal, after: ["tableau 1": "#2C #3C 4C", "tableau 5": "5C", "discard": "9H 9S"]),
        VerdictCase("not of different ranks", ["tableau 1": "#2C 9H", "tableau 5": "#5C 8S", "tableau 13": "#..."], .remove(["tableau 1", "tableau 5"]),
                    .refused(.removalRefused)),
        VerdictCase("a face-down card is not paired", ["tableau 1": "#2C 9H", "tableau 5": "#9S", "tableau 13": "#..."], .remove(["tableau 1", "tableau 5"]),
                    .refused(.faceDownInRun)),
        VerdictCase("an emptied pile stays empty", ["tableau 1": "9H", "tableau 5": "9S", "tableau 13": "#... 2C"], .remove(["tableau 1", "tableau 5"]),
                    .legal, after: ["tableau 1": "", "tableau 5": ""]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Isabel") }
}

/// Helsinki and Cover against Jamestown: pairs adding up to thirteen and lone kings on ten piles,
/// or pairs of a suit on four piles, won once the stock is used up.
@Suite struct JamestownVariantVerdicts {
    static func ten(_ piles: [String: String]) -> [String: String] { FilledPositions.position(piles, piles: 10) }
    static func four(_ piles: [String: String]) -> [String: String] { FilledPositions.position(piles, piles: 4) }

    static let cases: [(game: String, row: VerdictCase)] = [
        ("Helsinki", VerdictCase("a king leaves alone and the stock refills its pile", ten(["tableau 3": "KD", "stock": "#... #4S"]),
                                 .remove(["tableau 3"]), .legal, after: ["tableau 3": "4S", "discard": "KD"])),
        ("Helsinki", VerdictCase("a four and a nine leave together", ten(["tableau 3": "4D", "tableau 10": "9S"]), .remove(["tableau 3", "tableau 10"]),
                                 .legal)),
        ("Helsinki", VerdictCase("two cards of a rank do not", ten(["tableau 3": "4D", "tableau 10": "4S"]), .remove(["tableau 3", "tableau 10"]),
                                 .refused(.removalRefused))),
        ("Helsinki", VerdictCase("nor does a queen alone", ten(["tableau 3": "QD"]), .remove(["tableau 3"]), .refused(.removalRefused))),
        ("Cover", VerdictCase("two cards of a suit leave together", four(["tableau 1": "4D", "tableau 4": "JD", "stock": "#... #2S #3S"]),
                              .remove(["tableau 1", "tableau 4"]), .legal, after: ["tableau 1": "3S", "tableau 4": "2S"])),
        ("Cover", VerdictCase("two of a colour do not", four(["tableau 1": "4D", "tableau 4": "JH"]), .remove(["tableau 1", "tableau 4"]),
                              .refused(.removalRefused))),
        ("Cover", VerdictCase("a pair of the last stock card's suit wins", ["tableau 1": "4D", "tableau 2": "JD", "tableau 3": "AC", "tableau 4": "AH",
                                                                           "stock": "#AS", "discard": "..."], .remove(["tableau 1", "tableau 2"]), .legal,
                              after: ["tableau 1": "AS", "tableau 2": "", "stock": ""])),
    ]

    @Test(arguments: cases.indices) func verdict(_ index: Int) throws {
        try checkVerdict(Self.cases[index].row, game: Self.cases[index].game)
    }

    @Test func coverIsWonWhenTheStockIsUsedUp() throws {
        let rules = try Positions.rules("Cover")
        let last = ["tableau 1": "AS", "tableau 3": "AC", "tableau 4": "AH", "discard": "..."]
        #expect(rules.isWon(try Positions.table(rules, last)))
        #expect(!rules.isWon(try Positions.table(rules, last.merging(["stock": "#AD"]) { _, new in new })))
    }
}

/// Thirteen: a pyramid whose cards turn up as they are uncovered, pairs that add up to thirteen
/// from the pyramid and the waste, lone kings, the waste's top two cards, and one pass through
/// the stock.
@Suite struct ThirteenVerdicts {
    /// Every pyramid pile holds a card, face down in the rows above the bottom one.
    static func at(_ piles: [String: String]) -> [String: String] {
        var filled = FilledPositions.position(piles, zone: "pyramid", piles: 28)
        for index in 1...21 where piles["pyramid \(index)"] == nil {
            filled["pyramid \(index)"] = "#" + filled["pyramid \(index)"]!
        }
        return filled
    }

    static let cases: [VerdictCase] = [
        VerdictCase("two bottom cards that add up to thirteen leave, and the card they covered turns up", at(["pyramid 22": "6S", "pyramid 23": "7S"]), .remove(["pyramid 22", "pyramid 23"]),
                    .legal, after: ["discard": "6S 7S", "pyramid 16": "3D"]),
        VerdictCase("a card with one of its two covering cards gone stays down", at(["pyramid 16": "#9H", "pyramid 22": "6S", "pyramid 23": "", "waste": "4C"]),
                    .tap("stock"), .legal, after: ["pyramid 16": "#9H"]),
        VerdictCase("it turns up once both are gone", at(["pyramid 16": "#9H", "pyramid 22": "", "pyramid 23": "", "waste": "4C"]),
                    .tap("stock"), .legal, after: ["pyramid 16": "9H"]),
        VerdictCase("a covered card does not play", at(["pyramid 16": "#6S", "pyramid 28": "7S"]), .remove(["pyramid 16", "pyramid 28"]),
                    .refused(.faceDownInRun)),
        VerdictCase("the waste's top card pairs with the pyramid", at(["pyramid 25": "JD", "waste": "5C 2C"]), .remove(["pyramid 25", "waste"]), .legal,
                    after: ["waste": "5C"]),
        VerdictCase("a king leaves alone", at(["waste": "5C KC"]), .remove(["waste"]), .legal, after: ["waste": "5C"]),
        VerdictCase("other cards do not", at(["pyramid 25": "QD"]), .remove(["pyramid 25"]), .refused(.removalRefused)),
        VerdictCase("the waste's top two cards leave together", at(["waste": "4D 5C 8C"]), .tap("waste"), .legal, after: ["waste": "4D"]),
        VerdictCase("when they add up to thirteen", at(["waste": "4D 5C 9C"]), .tap("waste"), .refused(.actionRefused),
                    ruleLine: "the waste's top two cards do not add up to thirteen"),
        VerdictCase("the stock turns one card", at(["stock": "#... #9C", "waste": "4D"]), .tap("stock"), .legal, after: ["waste": "4D 9C"]),
        VerdictCase("and is not turned again", at(["stock": "", "waste": "..."]), .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Thirteen") }
}

/// Fortunes: aces high, the lower of two top cards of a suit removed, runs moved only to empty
/// piles, a row dealt from the stock, and the game won with the four aces left.
@Suite struct FortunesVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("the lower of two cards of a suit leaves", ["tableau 1": "9H", "tableau 3": "QH", "tableau 2": "4C", "tableau 4": "5D", "stock": "#..."],
                    .remove(["tableau 1"]), .legal, after: ["tableau 1": "", "discard": "9H"]),
        VerdictCase("not the higher", ["tableau 1": "9H", "tableau 3": "QH", "tableau 2": "4C", "tableau 4": "5D", "stock": "#..."],
                    .remove(["tableau 3"]), .refused(.removalRefused)),
        VerdictCase("an ace is above a king", ["tableau 1": "KH", "tableau 3": "AH", "tableau 2": "4C", "tableau 4": "5D", "stock": "#..."],
                    .remove(["tableau 1"]), .legal),
        VerdictCase("so an ace never leaves", ["tableau 1": "KH", "tableau 3": "AH", "tableau 2": "4C", "tableau 4": "5D", "stock": "#..."],
                    .remove(["tableau 3"]), .refused(.removalRefused)),
        VerdictCase("a card under another does not count", ["tableau 1": "9H", "tableau 3": "QH 2S", "tableau 2": "4C", "tableau 4": "5D", "stock": "#..."],
                    .remove(["tableau 1"]), .refused(.removalRefused)),
        VerdictCase("a run moves to an empty pile", ["tableau 1": "9H 4S 7D", "tableau 2": "4C", "tableau 3": "", "tableau 4": "5D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 3"), .legal, after: ["tableau 1": "9H", "tableau 3": "4S 7D"]),
        VerdictCase("not onto a card", ["tableau 1": "9H 4S", "tableau 2": "4C", "tableau 3": "2H", "tableau 4": "5D", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 3"), .refused(.acceptRefused), ruleLine: "cards move only to an empty pile"),
        VerdictCase("the stock deals a card to every pile", ["tableau 1": "9H", "tableau 2": "", "stock": "#... #2S #3S #4S #5S"], .tap("stock"), .legal,
                    after: ["tableau 1": "9H 5S", "tableau 2": "4S", "tableau 4": "2S"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Fortunes") }

    @Test func theGameIsWonWithTheFourAcesLeft() throws {
        let rules = try Positions.rules("Fortunes")
        let aces = ["tableau 1": "AC", "tableau 2": "AD", "tableau 3": "AH", "tableau 4": "AS", "discard": "..."]
        #expect(rules.isWon(try Positions.table(rules, aces)))
        #expect(!rules.isWon(try Positions.table(rules, aces.merging(["tableau 4": "AS KS"]) { _, new in new })))
    }
}

/// Gay Gordons: pairs adding up to eleven, kings with queens, jacks with jacks, from the piles and
/// the reserve.
@Suite struct GayGordonsVerdicts {
    static let piles = ["tableau 1": "2C 5H", "tableau 2": "3C 6S", "tableau 3": "4C JH", "tableau 4": "5C JS", "tableau 5": "6C KD", "tableau 6": "7C QS",
                        "tableau 7": "8C QH", "tableau 8": "9C 9D", "tableau 9": "10C AS", "tableau 10": "JC 4H", "reserve": "..."]

    static let cases: [VerdictCase] = [
        VerdictCase("a five and a six leave together", piles, .remove(["tableau 1", "tableau 2"]), .legal, after: ["tableau 1": "2C", "discard": "5H 6S"]),
        VerdictCase("two jacks", piles, .remove(["tableau 3", "tableau 4"]), .legal),
        VerdictCase("a king and a queen", piles, .remove(["tableau 5", "tableau 6"]), .legal),
        VerdictCase("not two queens", piles, .remove(["tableau 6", "tableau 7"]), .refused(.removalRefused)),
        VerdictCase("not an ace and a nine", piles, .remove(["tableau 9", "tableau 8"]), .refused(.removalRefused)),
        VerdictCase("the reserve's top card pairs", piles.merging(["reserve": "... 7S"]) { _, new in new }, .remove(["reserve", "tableau 10"]), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "GayGordons") }
}

/// Treize and Yield: a face-up pyramid (upright or upside down) whose uncovered cards pair, and a
/// waste whose first card turned stays in play in a place of its own, refilled from the bottom of
/// the waste when it goes.
@Suite struct TreizeVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] { FilledPositions.position(piles, zone: "pyramid", piles: 28) }

    static let cases: [(game: String, row: VerdictCase)] = [
        ("Treize", VerdictCase("two uncovered cards pair", at(["pyramid 22": "6S", "pyramid 28": "7S"]), .remove(["pyramid 22", "pyramid 28"]), .legal)),
        ("Treize", VerdictCase("a covered card does not", at(["pyramid 16": "6S", "pyramid 28": "7S"]), .remove(["pyramid 16", "pyramid 28"]),
                               .refused(.removalRefused))),
        ("Treize", VerdictCase("the first card turned goes to its own place", at(["stock": "#... #9C"]), .tap("stock"), .legal,
                               after: ["first_card": "9C", "waste": ""])),
        ("Treize", VerdictCase("the next to the waste", at(["first_card": "2D", "stock": "#... #9C"]), .tap("stock"), .legal,
                               after: ["first_card": "2D", "waste": "9C"])),
        ("Treize", VerdictCase("the waste's bottom card pairs with the pyramid", at(["first_card": "2D", "waste": "5C 8H", "pyramid 25": "JS"]),
                               .remove(["first_card", "pyramid 25"]), .legal, after: ["first_card": "5C", "waste": "8H"])),
        ("Treize", VerdictCase("and with the waste's top card", at(["first_card": "6D", "waste": "5C 7H"]), .remove(["waste", "first_card"]), .legal,
                               after: ["first_card": "5C", "waste": ""])),
        ("Treize", VerdictCase("the waste's top two cards pair", at(["first_card": "2D", "waste": "5C 6H 7H"]), .tap("waste"), .legal,
                               after: ["first_card": "2D", "waste": "5C"])),
        ("Yield", VerdictCase("the one card of the last row is uncovered", at(["pyramid 28": "6S", "first_card": "7H"]), .remove(["pyramid 28", "first_card"]),
                              .legal)),
        ("Yield", VerdictCase("the row above it is covered", at(["pyramid 26": "6S", "first_card": "7H"]), .remove(["pyramid 26", "first_card"]),
                              .refused(.removalRefused))),
        ("Yield", VerdictCase("until the card on it is gone", at(["pyramid 26": "6S", "pyramid 28": "", "first_card": "7H"]),
                              .remove(["pyramid 26", "first_card"]), .legal)),
        ("Yield", VerdictCase("a row's last card lies under one card", at(["pyramid 25": "6S", "pyramid 27": "", "pyramid 28": "", "first_card": "7H"]),
                              .remove(["pyramid 25", "first_card"]), .legal)),
    ]

    @Test(arguments: cases.indices) func verdict(_ index: Int) throws {
        try checkVerdict(Self.cases[index].row, game: Self.cases[index].game)
    }
}
