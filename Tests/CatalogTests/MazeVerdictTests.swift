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

/// Maze: a line of 54 spaces over two zones, cards moved to a space after the card they follow or
/// before the card that follows them, queens and aces of any suits linked, an ace to the first
/// space and a queen to the last, and Aisleriot's score of linked cards.
@Suite struct MazeVerdicts {
    /// The address of space `i` of the line.
    static func space(_ i: Int) -> String { i <= 27 ? "upper \(i)" : "lower \(i - 27)" }

    /// A position with these spaces empty and these cards placed; the other spaces take the other
    /// cards but the kings, in the deck's order, and the kings lie in their hidden pile.
    static func at(empty: Set<Int>, _ cards: [Int: String]) -> [String: String] {
        var pool: [String] = []
        for suit in ["C", "D", "H", "S"] {
            for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"] { pool.append(rank + suit) }
        }
        pool.removeAll { cards.values.contains($0) }
        var position = ["kings": "KC KD KH KS"]
        for i in 1...54 {
            if empty.contains(i) {
                position[space(i)] = ""
            } else if let card = cards[i] {
                position[space(i)] = card
            } else if !pool.isEmpty {
                position[space(i)] = pool.removeFirst()
            } else {
                position[space(i)] = ""
            }
        }
        return position
    }

    static let gaps: Set<Int> = [10, 20, 30, 40, 50, 1]

    static let cases: [VerdictCase] = [
        VerdictCase("a card goes just after the card of its suit one rank below", at(empty: gaps, [9: "5H", 11: "2D", 3: "6H"]),
                    .move(1, from: space(3), to: space(10)), .legal, after: [space(10): "6H", space(3): ""]),
        VerdictCase("not after another suit's", at(empty: gaps, [9: "5H", 11: "2D", 3: "6S"]), .move(1, from: space(3), to: space(10)),
                    .refused(.acceptRefused)),
        VerdictCase("or just before the card one rank above", at(empty: gaps, [9: "2D", 11: "7H", 3: "6H"]),
                    .move(1, from: space(3), to: space(10)), .legal),
        VerdictCase("but not before the card one below", at(empty: gaps, [9: "2D", 11: "5H", 3: "6H"]),
                    .move(1, from: space(3), to: space(10)), .refused(.acceptRefused)),
        VerdictCase("an ace follows a queen of any suit", at(empty: gaps, [9: "QS", 11: "2D", 3: "AH"]),
                    .move(1, from: space(3), to: space(10)), .legal),
        VerdictCase("a queen goes before an ace of any suit", at(empty: gaps, [9: "2D", 11: "AC", 3: "QH"]),
                    .move(1, from: space(3), to: space(10)), .legal),
        VerdictCase("an ace goes to the first space", at(empty: gaps, [2: "5D", 3: "AS"]), .move(1, from: space(3), to: space(1)), .legal),
        VerdictCase("no other card does unless it fits before the second", at(empty: gaps, [2: "5D", 3: "7S"]),
                    .move(1, from: space(3), to: space(1)), .refused(.acceptRefused)),
        VerdictCase("a queen goes to the last space", at(empty: [10, 20, 30, 40, 50, 54], [53: "5D", 3: "QS"]),
                    .move(1, from: space(3), to: space(54)), .legal),
        VerdictCase("no other card does unless it follows the one before", at(empty: [10, 20, 30, 40, 50, 54], [53: "5D", 3: "JS"]),
                    .move(1, from: space(3), to: space(54)), .refused(.acceptRefused)),
        VerdictCase("a card does not go on a card", at(empty: [11, 20, 30, 40, 50, 1], [9: "5H", 10: "2D", 3: "6H"]), .move(1, from: space(3), to: space(10)),
                    .refused(.acceptRefused)),
        VerdictCase("the line runs on from the top half to the bottom", at(empty: [28, 10, 20, 40, 50, 1], [27: "5H", 29: "2D", 3: "6H"]),
                    .move(1, from: space(3), to: space(28)), .legal, after: ["lower 1": "6H"]),
        VerdictCase("and back", at(empty: [27, 10, 20, 40, 50, 1], [26: "2D", 28: "7H", 3: "6H"]),
                    .move(1, from: space(3), to: space(27)), .legal, after: ["upper 27": "6H"]),
        VerdictCase("the end of a row runs on to the next row", at(empty: [19, 10, 30, 40, 50, 1], [18: "5H", 20: "2D", 3: "6H"]),
                    .move(1, from: space(3), to: space(19)), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Maze") }

    /// The four suits from ace to queen, in the order given, over the spaces not in `empty`.
    static func solved(_ suits: [String], empty: Set<Int>) -> [String: String] {
        var cards: [Int: String] = [:]
        var line = suits.flatMap { suit in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"].map { $0 + suit } }
        for i in 1...54 where !empty.contains(i) && !line.isEmpty { cards[i] = line.removeFirst() }
        return at(empty: empty, cards)
    }

    @Test func theGameIsWonWhenTheSuitsReadFromAceToQueen() throws {
        let rules = try Positions.rules("Maze")
        let won = try Positions.table(rules, Self.solved(["H", "C", "S", "D"], empty: [9, 18, 2, 40, 41, 54]))
        expectEqual(rules.score(of: won), 48)
        expectTrue(rules.isWon(won))
        // Spaces first: the line starts after them.
        let late = try Positions.table(rules, Self.solved(["S", "D", "C", "H"], empty: [1, 2, 3, 4, 5, 6]))
        expectTrue(rules.isWon(late))
        // Two cards swapped break three links.
        var swapped = Self.solved(["H", "C", "S", "D"], empty: [9, 18, 2, 40, 41, 54])
        (swapped["upper 5"], swapped["upper 6"]) = (swapped["upper 6"], swapped["upper 5"])
        let broken = try Positions.table(rules, swapped)
        expectEqual(rules.score(of: broken), 45)
        expectFalse(rules.isWon(broken))
        // A line that starts with a two scores no point for it.
        var shifted = Self.solved(["H", "C", "S", "D"], empty: [9, 18, 2, 40, 41, 54])
        (shifted["upper 1"], shifted["lower 27"]) = ("", shifted["upper 1"])
        let noAce = try Positions.table(rules, shifted)
        expectEqual(rules.score(of: noAce), 47)
        expectFalse(rules.isWon(noAce))
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func maze(seed: UInt64) throws {
        let rules = try Positions.rules("Maze")
        let table = try rules.deal(.seed(seed))
        let line = Self.cards(rules, table, "upper") + Self.cards(rules, table, "lower")
        expectEqual(line.count, 54)
        expectTrue(line.allSatisfy { $0.count <= 1 })
        expectEqual(line.filter(\.isEmpty).count, 6)
        expectTrue(line[8].isEmpty && line[17].isEmpty)
        expectTrue(!line.joined().contains { $0.rank == 13 })
        expectEqual(Self.cards(rules, table, "kings")[0].map(\.rank), [13, 13, 13, 13])
        expectEqual(Self.faceUp(rules, table, "upper"), Self.counts(rules, table, "upper"))
        expectEqual(Self.faceUp(rules, table, "lower"), Self.counts(rules, table, "lower"))
    }
}

extension CatalogPlayouts {
    @Test func mazeCardsAreConserved() throws { try cardsAreConserved(Setting(game: "Maze")) }
}
