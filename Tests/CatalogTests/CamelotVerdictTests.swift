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

/// Camelot: court cards placed only in their spaces, the grid filled from the stock, then tens and
/// pairs adding up to ten removed until the stock is tapped again; the phase is a memory.
@Suite struct CamelotVerdicts {
    /// A position with these grid spaces filled (`""` for empty), the others empty unless `full`
    /// (then each takes a low card not written elsewhere), and the rest of the deck in the stock.
    static func at(_ cells: [Int: String], full: Bool = false, _ piles: [String: String] = [:]) -> [String: String] {
        var pool = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"]
        let written = Set((Array(cells.values) + Array(piles.values)).flatMap { $0.split(separator: " ").map(String.init) })
        pool.removeAll { written.contains($0) }
        var position = ["stock": "#...", "waste": ""]
        for index in 1...16 {
            if let card = cells[index] {
                position["grid \(index)"] = card
            } else if full, !pool.isEmpty {
                position["grid \(index)"] = pool.removeFirst()
            } else {
                position["grid \(index)"] = ""
            }
        }
        return position.merging(piles) { _, new in new }
    }

    static let filling = ["filling": 1, "held": 1]
    static let removing = ["filling": 0, "held": 0]

    static let cases: [VerdictCase] = [
        VerdictCase("the stock turns a card to the empty waste", at([:], ["stock": "#... #KH"]), .tap("stock"), .legal,
                    after: ["waste": "KH"], afterMemory: ["filling": 1, "held": 1]),
        VerdictCase("not with a card on the waste", at([:], ["waste": "2H"]), memory: filling, .tap("stock"), .refused(.noActionHere)),
        VerdictCase("nor with the grid full", at([:], full: true), memory: removing, .tap("stock"), .refused(.noActionHere)),
        VerdictCase("a king goes to a corner", at([:], ["waste": "KH"]), memory: filling, .move(1, from: "waste", to: "grid 16"), .legal,
                    after: ["grid 16": "KH", "waste": ""]),
        VerdictCase("and nowhere else", at([:], ["waste": "KH"]), memory: filling, .move(1, from: "waste", to: "grid 2"),
                    .refused(.acceptRefused), ruleLine: "a king goes to a corner"),
        VerdictCase("a queen to the middle of the top or bottom row", at([:], ["waste": "QH"]), memory: filling,
                    .move(1, from: "waste", to: "grid 14"), .legal),
        VerdictCase("not of a column", at([:], ["waste": "QH"]), memory: filling, .move(1, from: "waste", to: "grid 5"),
                    .refused(.acceptRefused), ruleLine: "a queen goes to the middle of the top or bottom row"),
        VerdictCase("a jack to the middle of the left or right column", at([:], ["waste": "JH"]), memory: filling,
                    .move(1, from: "waste", to: "grid 8"), .legal),
        VerdictCase("not to the middle of the grid", at([:], ["waste": "JH"]), memory: filling, .move(1, from: "waste", to: "grid 6"),
                    .refused(.acceptRefused), ruleLine: "a jack goes to the middle of the left or right column"),
        VerdictCase("another card goes anywhere, a corner too", at([:], ["waste": "10H"]), memory: filling,
                    .move(1, from: "waste", to: "grid 1"), .legal),
        VerdictCase("but not on a card", at([1: "2C"], ["waste": "10H"]), memory: filling, .move(1, from: "waste", to: "grid 1"),
                    .refused(.acceptRefused), ruleLine: "a space holds one card"),
        VerdictCase("a card placed stays", at([1: "2C"]), memory: filling, .move(1, from: "grid 1", to: "grid 2"), .refused(.zoneCannotGive)),
        VerdictCase("the last space filled turns to removing", at([16: ""], full: true, ["waste": "10H"]), memory: filling,
                    .move(1, from: "waste", to: "grid 16"), .legal, afterMemory: ["filling": 0, "held": 0]),
        VerdictCase("as does the last card placed", at([:], ["waste": "10H", "stock": "", "discard": "..."]), memory: filling,
                    .move(1, from: "waste", to: "grid 6"), .legal, after: ["grid 6": "10H"], afterMemory: ["filling": 0]),
        VerdictCase("while filling, a ten stays", at([6: "10H", 7: "3C", 10: "7C"], ["waste": "5H"]), memory: filling, .remove(["grid 6"]),
                    .refused(.removalRefused)),
        VerdictCase("and pairs too", at([6: "10H", 7: "3C", 10: "7C"], ["waste": "5H"]), memory: filling, .remove(["grid 7", "grid 10"]),
                    .refused(.removalRefused)),
        VerdictCase("while removing, a ten leaves alone", at([6: "10H"], full: true), memory: removing, .remove(["grid 6"]), .legal,
                    after: ["grid 6": "", "discard": "10H"]),
        VerdictCase("two cards that add up to ten leave together", at([7: "3H", 10: "7H"], full: true), memory: removing,
                    .remove(["grid 7", "grid 10"]), .legal, after: ["grid 7": "", "grid 10": "", "discard": "3H 7H"]),
        VerdictCase("anywhere in the grid", at([1: "AH", 16: "9H"], full: true), memory: removing, .remove(["grid 1", "grid 16"]), .legal),
        VerdictCase("two that do not, stay", at([7: "3H", 10: "6H"], full: true), memory: removing, .remove(["grid 7", "grid 10"]),
                    .refused(.removalRefused)),
        VerdictCase("a court card never leaves", at([1: "KH"], full: true), memory: removing, .remove(["grid 1"]), .refused(.removalRefused)),
        VerdictCase("the stock's tap goes back to filling", at([7: "", 10: ""], full: true, ["stock": "#... #4H"]), memory: removing,
                    .tap("stock"), .legal, after: ["waste": "4H"], afterMemory: ["filling": 1]),
        VerdictCase("so does placing a card left on the waste", at([7: "", 10: ""], full: true, ["waste": "4H"]),
                    memory: ["filling": 0, "held": 1], .move(1, from: "waste", to: "grid 7"), .legal, afterMemory: ["filling": 1, "held": 0]),
        VerdictCase("while a removal leaves the phase as it is", at([6: "10H", 7: ""], full: true, ["waste": "4H"]),
                    memory: ["filling": 0, "held": 1], .remove(["grid 6"]), .legal, afterMemory: ["filling": 0, "held": 1]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Camelot") }

    @Test func theGameIsWonWithTheCourtCardsRoundTheEdge() throws {
        let rules = try Positions.rules("Camelot")
        let court: [Int: String] = [1: "KC", 4: "KD", 13: "KH", 16: "KS", 2: "QC", 3: "QD", 14: "QH", 15: "QS",
                                    5: "JC", 9: "JD", 8: "JH", 12: "JS"]
        var position = Self.at(court, ["stock": "", "discard": "..."])
        #expect(rules.isWon(try Positions.table(rules, position)))
        position["grid 6"] = "10C"
        position["discard"] = "..."
        #expect(!rules.isWon(try Positions.table(rules, position)))
        #expect(!rules.isWon(try Positions.table(rules, Self.at(court, ["stock": "#..."]))))
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func camelot(seed: UInt64) throws {
        let rules = try Positions.rules("Camelot")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "stock"), [52])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
        expectEqual(Self.counts(rules, table, "grid"), Array(repeating: 0, count: 16))
        expectEqual(Self.memory(rules, table, "filling"), 1)
    }
}

extension CatalogPlayouts {
    @Test func camelotCardsAreConserved() throws { try cardsAreConserved(Setting(game: "Camelot")) }
}
