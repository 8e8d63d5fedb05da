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

/// Poker: cards placed for good on the empty spaces of a five-by-five grid, the next card turned
/// after each, and the twelve hands scored by the British points once complete.
@Suite struct PokerVerdicts {
    /// A position with these grid spaces filled, an empty waste unless written, the rest in the stock.
    static func at(_ cells: [Int: String], _ piles: [String: String] = [:]) -> [String: String] {
        var position = ["stock": "#...", "waste": ""]
        for index in 1...25 { position["grid \(index)"] = cells[index] ?? "" }
        return position.merging(piles) { _, new in new }
    }

    /// The grid's spaces from 1 to 25, row by row, written as text; `.` is an empty space.
    static func cells(_ rows: String) -> [Int: String] {
        var result: [Int: String] = [:]
        for (offset, word) in rows.split(separator: " ").enumerated() where word != "." { result[offset + 1] = String(word) }
        return result
    }

    static let everyFilled = cells("""
        2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 7C 7D 7H 7S 8C
        """)

    static let cases: [VerdictCase] = [
        VerdictCase("the waste's card goes to an empty space, and the next card turns", at([1: "AS"], ["waste": "KD", "stock": "#... #2C"]),
                    .move(1, from: "waste", to: "grid 7"), .legal, after: ["grid 7": "KD", "waste": "2C", "stock": "... #KS"]),
        VerdictCase("not onto a card", at([1: "AS"], ["waste": "KD"]), .move(1, from: "waste", to: "grid 1"), .refused(.acceptRefused),
                    ruleLine: "each space holds one card"),
        VerdictCase("a placed card stays", at([1: "AS"], ["waste": "KD"]), .move(1, from: "grid 1", to: "grid 2"), .refused(.liftRefused),
                    ruleLine: "a card placed on the grid stays there"),
        // Shuffle mode, Aisleriot's option: a grid card moves to any other space, changing places with its card.
        VerdictCase("in shuffle mode a grid card goes to an empty space", options: ["shuffle_mode": "true"], at([1: "AS"], ["waste": "KD"]),
                    .move(1, from: "grid 1", to: "grid 2"), .legal, after: ["grid 1": "", "grid 2": "AS", "waste": "KD"]),
        VerdictCase("in shuffle mode two grid cards change places", options: ["shuffle_mode": "true"], at([1: "AS", 9: "7H"], ["waste": "KD"]),
                    .move(1, from: "grid 9", to: "grid 1"), .legal, after: ["grid 1": "7H", "grid 9": "AS", "waste": "KD"]),
        VerdictCase("in shuffle mode the waste's card still goes only to an empty space", options: ["shuffle_mode": "true"],
                    at([1: "AS"], ["waste": "KD"]), .move(1, from: "waste", to: "grid 1"), .refused(.acceptRefused),
                    ruleLine: "each space holds one card"),
        VerdictCase("the stock is not tapped", at([1: "AS"], ["waste": "KD"]), .tap("stock"), .refused(.noActionHere)),
        VerdictCase("no card turns once the grid is full", at(everyFilled.merging([25: ""]) { _, new in new }, ["waste": "KD"]),
                    .move(1, from: "waste", to: "grid 25"), .legal, after: ["grid 25": "KD", "waste": ""]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Poker") }

    /// A board, the score it must have, and why.
    struct ScoreCase: Sendable, CustomTestStringConvertible {
        var name: String
        var cells: [Int: String]
        var score: Int
        var testDescription: String { "\(name) scores \(score)" }
    }

    static func row(_ cards: String, _ first: Int = 1, step: Int = 1) -> [Int: String] {
        var result: [Int: String] = [:]
        for (offset, word) in cards.split(separator: " ").enumerated() { result[first + offset * step] = String(word) }
        return result
    }

    static let scores: [ScoreCase] = [
        ScoreCase(name: "an empty grid", cells: [:], score: 0),
        ScoreCase(name: "a straight flush", cells: row("9H 10H JH QH KH"), score: 30),
        ScoreCase(name: "four of a kind", cells: row("7C 7D 2C 7H 7S"), score: 16),
        ScoreCase(name: "a full house", cells: row("7C 2S 7D 2C 7H"), score: 10),
        ScoreCase(name: "three of a kind", cells: row("7C 7D 7H 2S 3C"), score: 6),
        ScoreCase(name: "a flush", cells: row("2H 5H 9H JH KH"), score: 5),
        ScoreCase(name: "two pairs", cells: row("7C 2H 7D 2S 3C"), score: 3),
        ScoreCase(name: "a pair", cells: row("7C 7D 2H 4S 9C"), score: 1),
        ScoreCase(name: "five cards of nothing", cells: row("7C 8D 2H 4S 9C"), score: 0),
        ScoreCase(name: "a straight in any order", cells: row("5H 3C 4S 6D 7H"), score: 12),
        ScoreCase(name: "a straight with the ace low", cells: row("AH 2C 3D 4S 5H"), score: 12),
        ScoreCase(name: "a straight with the ace high", cells: row("10H JC QD KS AH"), score: 12),
        ScoreCase(name: "but not turning the corner", cells: row("QH KC AD 2S 3H"), score: 0),
        ScoreCase(name: "a royal flush is a straight flush", cells: row("10S JS QS KS AS"), score: 30),
        ScoreCase(name: "an incomplete row", cells: row("KC KD KH KS"), score: 0),
        ScoreCase(name: "the last row", cells: row("KC KD KH KS 2C", 21), score: 16),
        ScoreCase(name: "a column", cells: row("KC KD KH KS 2C", 3, step: 5), score: 16),
        ScoreCase(name: "the diagonal from the top left", cells: row("KC KD KH KS 2C", 1, step: 6), score: 16),
        ScoreCase(name: "the other diagonal", cells: row("KC KD KH KS 2C", 5, step: 4), score: 16),
        ScoreCase(name: "a row and a column through the same corner",
                  cells: row("KC KD KH KS 2C").merging(row("KC QC QD QH QS", 1, step: 5)) { first, _ in first }, score: 32),
        // Rows: four straight flushes of two to six and four sevens; columns: four of a rank and a seven
        // or an eight; the diagonals 2C 3D 4H 5S 8C (nothing) and 6C 5D 4H 3S 7C (a straight).
        ScoreCase(name: "a full grid", cells: everyFilled, score: 30 * 4 + 16 + 16 * 5 + 0 + 12),
    ]

    @Test(arguments: scores) func score(_ row: ScoreCase) throws {
        let rules = try Positions.rules("Poker")
        let table = try Positions.table(rules, Self.at(row.cells))
        expectEqual(rules.score(of: table), row.score)
        expectEqual(rules.isWon(table), (row.score >= 75))
        // Shuffle mode scores alike and is won at 120 points, as Aisleriot's.
        let shuffling = try Positions.rules("Poker", options: ["shuffle_mode": "true"])
        let shuffled = try Positions.table(shuffling, Self.at(row.cells))
        expectEqual(shuffling.score(of: shuffled), row.score)
        expectEqual(shuffling.isWon(shuffled), (row.score >= 120))
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func poker(seed: UInt64) throws {
        let rules = try Positions.rules("Poker")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "grid"), Array(repeating: 0, count: 25))
        expectEqual(Self.counts(rules, table, "waste"), [1])
        expectEqual(Self.faceUp(rules, table, "waste"), [1])
        expectEqual(Self.counts(rules, table, "stock"), [51])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
    }
}

extension CatalogPlayouts {
    @Test func pokerCardsAreConserved() throws {
        try cardsAreConserved(Setting(game: "Poker"))
        try cardsAreConserved(Setting(game: "Poker", options: ["shuffle_mode": "true"]))
    }
}
