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

/// FreeCell's rules as a table: each row is a position, a play and the verdict `Rules/FreeCell.patience` must give.
@Suite struct FreeCellVerdictTests {
    static let columnBuild = "a column builds down in alternating colours"
    static let runLift = "only a run built down in alternating colours moves together"
    static let cellTaken = "require pile.empty else \"a free cell holds only one card\""
    static let cellOneCard = "require run.size == 1 else \"a free cell holds only one card\""
    static let emptyFoundation = "an empty foundation takes only an ace"
    static let foundationBuild = "a foundation builds up in suit"
    static let capacityLine = "capacity tableau ="

    static let cases: [VerdictCase] = [
        // Columns build down in alternating colours; an empty column takes anything.
        VerdictCase("red seven on black eight", ["tableau 1": "8C", "tableau 2": "7D", "tableau 8": "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "8C 7D", "tableau 2": ""]),
        VerdictCase("red seven on red eight", ["tableau 1": "8D", "tableau 2": "7H", "tableau 8": "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: columnBuild),
        VerdictCase("red seven on black nine", ["tableau 1": "9C", "tableau 2": "7D", "tableau 8": "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: columnBuild),
        VerdictCase("black nine on red eight", ["tableau 1": "8D", "tableau 2": "9C", "tableau 8": "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: columnBuild),
        VerdictCase("a queen to an empty column", ["tableau 1": "5C QD", "tableau 8": "..."],
                    .move(1, from: "tableau 1", to: "tableau 4"), .legal, after: ["tableau 4": "QD", "tableau 1": "5C"]),

        // Only a run built down in alternating colours moves together.
        VerdictCase("an alternating run of three", ["tableau 1": "2D 9H 8S 7D", "tableau 2": "10C", "tableau 8": "..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "2D", "tableau 2": "10C 9H 8S 7D"]),
        VerdictCase("a run of four that breaks under the third", ["tableau 1": "2D 9H 8S 7D", "tableau 2": "3C", "tableau 8": "..."],
                    .move(4, from: "tableau 1", to: "tableau 3"), .refused(.liftRefused), ruleLine: runLift),
        VerdictCase("two cards of one colour", ["tableau 1": "9H 8D", "tableau 2": "10S", "tableau 8": "..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: runLift),
        VerdictCase("two cards built up", ["tableau 1": "8S 9H", "tableau 2": "9S", "tableau 8": "..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: runLift),
        VerdictCase("two cards a rank apart", ["tableau 1": "9H 7S", "tableau 2": "10S", "tableau 8": "..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: runLift),

        // A free cell holds one card.
        VerdictCase("a card to an empty cell", ["tableau 1": "4S 9H", "tableau 8": "..."],
                    .move(1, from: "tableau 1", to: "cell 3"), .legal, after: ["cell 3": "9H", "tableau 1": "4S"]),
        VerdictCase("a card to a taken cell", ["cell 3": "KD", "tableau 1": "9H", "tableau 8": "..."],
                    .move(1, from: "tableau 1", to: "cell 3"), .refused(.acceptRefused), ruleLine: cellTaken),
        VerdictCase("two cards to an empty cell", ["tableau 1": "10S 9H", "tableau 8": "..."],
                    .move(2, from: "tableau 1", to: "cell 1"), .refused(.acceptRefused), ruleLine: cellOneCard),
        VerdictCase("a cell's card to a column", ["cell 2": "6H", "tableau 1": "7C", "tableau 8": "..."],
                    .move(1, from: "cell 2", to: "tableau 1"), .legal, after: ["cell 2": "", "tableau 1": "7C 6H"]),
        VerdictCase("a cell's card to another cell", ["cell 2": "6H", "tableau 8": "..."],
                    .move(1, from: "cell 2", to: "cell 4"), .legal, after: ["cell 2": "", "cell 4": "6H"]),
        VerdictCase("a cell's card to its foundation", ["cell 2": "2S", "foundation 4": "AS", "tableau 8": "..."],
                    .move(1, from: "cell 2", to: "foundation 4"), .legal, after: ["foundation 4": "AS 2S"]),
        VerdictCase("an empty cell gives nothing", ["tableau 1": "7C", "tableau 8": "..."],
                    .move(1, from: "cell 1", to: "tableau 1"), .refused(.cardNotInPile)),

        // Foundations build up in suit from the ace, one card at a time.
        VerdictCase("an ace to an empty foundation", ["tableau 1": "5D AC", "tableau 8": "..."],
                    .move(1, from: "tableau 1", to: "foundation 2"), .legal, after: ["foundation 2": "AC", "tableau 1": "5D"]),
        VerdictCase("a two to an empty foundation", ["tableau 1": "2C", "tableau 8": "..."],
                    .move(1, from: "tableau 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: emptyFoundation),
        VerdictCase("six of clubs on five of clubs", ["foundation 1": "AC..5C", "tableau 1": "6C", "tableau 8": "..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal, after: ["foundation 1": "AC 2C 3C 4C 5C 6C"]),
        VerdictCase("six of spades on five of clubs", ["foundation 1": "AC..5C", "tableau 1": "6S", "tableau 8": "..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused), ruleLine: foundationBuild),
        VerdictCase("seven of clubs on five of clubs", ["foundation 1": "AC..5C", "tableau 1": "7C", "tableau 8": "..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused), ruleLine: foundationBuild),
        VerdictCase("a run to a foundation", ["foundation 1": "AC..5C", "tableau 1": "7D 6C", "tableau 8": "..."],
                    .move(2, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "cards go to the foundations one at a time"),
        VerdictCase("a foundation card back to a column", ["foundation 1": "AC..5C", "tableau 1": "6H", "tableau 8": "..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal, after: ["foundation 1": "AC 2C 3C 4C", "tableau 1": "6H 5C"]),
        VerdictCase("two cards from a foundation", ["foundation 1": "AC..5C", "tableau 1": "6H", "tableau 8": "..."],
                    .move(2, from: "foundation 1", to: "tableau 1"), .refused(.liftRefused),
                    ruleLine: "only the top card of a foundation can be moved"),
        VerdictCase("the last king wins a foundation", ["foundation 3": "AH..QH", "cell 1": "KH", "tableau 8": "..."],
                    .move(1, from: "cell 1", to: "foundation 3"), .legal),

        // Engine checks that need no rule.
        VerdictCase("a column onto itself", ["tableau 1": "7C", "tableau 8": "..."],
                    .move(1, from: "tableau 1", to: "tableau 1"), .refused(.samePile)),
        VerdictCase("FreeCell has no actions", ["cell 1": "7C", "tableau 8": "..."], .tap("cell 1"), .refused(.noActionHere)),
    ] + supermoves.flatMap { limit in
        [
            VerdictCase("\(limit.description), a run of \(limit.capacity)", limit.position(moving: limit.capacity),
                        limit.play(limit.capacity), .legal),
            VerdictCase("\(limit.description), a run of \(limit.capacity + 1)", limit.position(moving: limit.capacity + 1),
                        limit.play(limit.capacity + 1), .refused(.capacityExceeded), ruleLine: capacityLine),
        ]
    }

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws {
        try checkVerdict(row, game: "FreeCell")
    }

    /// A table for the supermove limit: how many cells and columns are free, and whether the run goes to an empty column.
    struct Supermove: Sendable, CustomTestStringConvertible {
        var freeCells: Int
        /// Empty columns, counting the destination when it is one.
        var emptyColumns: Int
        var toEmptyColumn: Bool

        /// (free cells + 1) × 2^(empty columns other than the destination).
        var capacity: Int { (freeCells + 1) << (emptyColumns - (toEmptyColumn ? 1 : 0)) }

        var description: String {
            "\(freeCells) free cells, \(emptyColumns) empty columns" + (toEmptyColumn ? ", to an empty column" : "")
        }
        var testDescription: String { description }

        /// Tableau 1 holds KH QS JH … 2S AH. Moving its top `count` cards lifts a run headed by rank `count`,
        /// which goes on the next higher club or diamond in tableau 2, or to tableau 2 left empty.
        /// Cells and the columns tableau 3 to 7 are filled with the hearts and spades the run leaves free;
        /// the rest of the deck lies in tableau 8.
        func position(moving count: Int) -> [String: String] {
            var layout = ["tableau 1": "KH QS JH 10S 9H 8S 7H 6S 5H 4S 3H 2S AH", "tableau 8": "..."]
            if !toEmptyColumn {
                // A red card goes on a black one, a black card on a red one.
                layout["tableau 2"] = Card.rankName(count + 1) + (count % 2 == 1 ? "C" : "D")
            }
            for (cell, card) in ["QH", "10H", "8H", "6H"].enumerated().prefix(4 - freeCells) {
                layout["cell \(cell + 1)"] = card
            }
            let emptyOthers = emptyColumns - (toEmptyColumn ? 1 : 0)
            for (offset, card) in ["KS", "JS", "9S", "7S", "5S"].enumerated().dropFirst(emptyOthers) {
                layout["tableau \(offset + 3)"] = card
            }
            return layout
        }

        func play(_ count: Int) -> PlayText { .move(count, from: "tableau 1", to: "tableau 2") }
    }

    static let supermoves: [Supermove] = [
        Supermove(freeCells: 0, emptyColumns: 0, toEmptyColumn: false),
        Supermove(freeCells: 1, emptyColumns: 0, toEmptyColumn: false),
        Supermove(freeCells: 4, emptyColumns: 0, toEmptyColumn: false),
        Supermove(freeCells: 0, emptyColumns: 1, toEmptyColumn: false),
        Supermove(freeCells: 1, emptyColumns: 1, toEmptyColumn: false),
        Supermove(freeCells: 2, emptyColumns: 1, toEmptyColumn: false),
        Supermove(freeCells: 0, emptyColumns: 2, toEmptyColumn: false),
        Supermove(freeCells: 1, emptyColumns: 1, toEmptyColumn: true),
        Supermove(freeCells: 4, emptyColumns: 1, toEmptyColumn: true),
        Supermove(freeCells: 0, emptyColumns: 3, toEmptyColumn: true),
        Supermove(freeCells: 2, emptyColumns: 3, toEmptyColumn: true),
    ]

    /// The required test: a run exactly at the limit moves, one card more is refused with P0608,
    /// and the refusal names the limit and the `capacity` line.
    @Test(arguments: supermoves) func supermoveLimit(_ limit: Supermove) throws {
        let rules = try Positions.rules("FreeCell")
        let atLimit = try Positions.table(rules, limit.position(moving: limit.capacity))
        let move = try rules.move(limit.capacity, from: "tableau 1", to: "tableau 2")
        expectEqual(rules.refusal(for: move, on: atLimit), nil)

        let overLimit = try Positions.table(rules, limit.position(moving: limit.capacity + 1))
        let longer = try rules.move(limit.capacity + 1, from: "tableau 1", to: "tableau 2")
        let refusal = try #require(rules.refusal(for: longer, on: overLimit))
        expectEqual(refusal.code, .capacityExceeded)
        expectEqual(refusal.message, "\(limit.capacity + 1) cards cannot move together here; at most \(limit.capacity) can")
        #expect(refusal.range?.start.line == (try Positions.lines(containing: Self.capacityLine, in: "FreeCell")).first)
        // The run itself is movable: only the destination's capacity refuses it.
        expectEqual(rules.liftRefusal(for: longer, on: overLimit), nil)
    }

    /// An empty destination column is not counted, but the same run onto a card may use that column.
    @Test func emptyDestinationColumnIsNotCounted() throws {
        let rules = try Positions.rules("FreeCell")
        // One free cell and two empty columns (tableau 2 and 3): 2 × 2² = 8 onto a card, 2 × 2 = 4 into an empty column.
        let table = try Positions.table(rules, [
            "tableau 1": "JD 10S 9H 8S 7H 6S", "tableau 4": "2D", "tableau 5": "4D", "tableau 6": "6D", "tableau 7": "JH",
            "cell 1": "KC", "cell 2": "QH", "cell 3": "10H", "tableau 8": "...",
        ])
        #expect(rules.refusal(for: try rules.move(5, from: "tableau 1", to: "tableau 7"), on: table) == nil)
        #expect(rules.refusal(for: try rules.move(4, from: "tableau 1", to: "tableau 2"), on: table) == nil)
        #expect(rules.refusal(for: try rules.move(5, from: "tableau 1", to: "tableau 2"), on: table)?.code == .capacityExceeded)
    }
}
