import Foundation
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

@Suite("Board text")
struct BoardTextTests {
    // MARK: - Reading

    @Test func readsEveryKindOfLine() throws {
        let text = """
            Talon: 5C 9D
            Foundations: H-0 C-A D-0 S-3
            Freecells: 8H - JC -

            4C 2C <9C> 8C
            :
            : TS
            """
        let board = try BoardText.parse(text).get()
        expectEqual(board.talon, [card("5C"), card("9D")])
        expectEqual(board.foundations, [.clubs: 1, .spades: 3])
        expectEqual(board.freecells, [card("8H"), nil, card("JC"), nil])
        expectEqual(board.columns, [
            [up("4C"), up("2C"), PlacedCard(card("9C"), faceUp: false), up("8C")],
            [],
            [up("TS")],
        ])
    }

    @Test func boardWithoutHeaderLinesHasOnlyColumns() throws {
        let board = try BoardText.parse("AS 2S\n\n3S\n").get()
        expectTrue(board.foundations.isEmpty)
        expectTrue(board.freecells.isEmpty)
        expectEqual(board.talon, nil)
        expectEqual(board.columns, [[up("AS"), up("2S")], [up("3S")]])
        #expect(try BoardText.parse("").get().columns.isEmpty)
    }

    @Test func faceDownCardsAreWrittenInAngleBrackets() throws {
        let board = try BoardText.parse("<8H> <TS> KD\n").get()
        expectEqual(board.columns[0].map(\.isFaceUp), [false, false, true])
        expectEqual(board.columns[0].map(\.card), [card("8H"), card("TS"), card("KD")])
        expectEqual(board.rendered(), "<8H> <TS> KD\n")
    }

    @Test func ranksAndSuitsAcceptEitherCaseAndTenAsTwoDigits() throws {
        let board = try BoardText.parse("10h ts Ac qD\n").get()
        expectEqual(board.columns[0].map(\.card), [card("TH"), card("TS"), card("AC"), card("QD")])
    }

    @Test func foundationsTakeAnyOrderAliasesAndZero() throws {
        let board = try BoardText.parse("Founds: S-0 D-K h-T C-A\n").get()
        expectEqual(board.foundations, [.diamonds: 13, .hearts: 10, .clubs: 1])
        expectEqual(board.rendered(), "Foundations: H-T C-A D-K S-0\n")
    }

    @Test func freecellsKeepEmptyCellsInBothForms() throws {
        #expect(try BoardText.parse("FC: 3H QC\n").get().freecells == [card("3H"), card("QC")])
        #expect(try BoardText.parse("Freecells: - 8H -\n").get().freecells == [nil, card("8H"), nil])
        // The fixed-width form of `fc-solve -p`: four characters per cell.
        #expect(try BoardText.parse("Freecells:  3D      9S    \n").get().freecells == [card("3D"), nil, card("9S"), nil])
        #expect(try BoardText.parse("Freecells:                \n").get().freecells == [nil, nil, nil, nil])
    }

    @Test func windowsLineEndingsAreAccepted() throws {
        let board = try BoardText.parse("Freecells: 8H -\r\nAS 2S\r\n3S\r\n").get()
        expectEqual(board.freecells, [card("8H"), nil])
        expectEqual(board.columns, [[up("AS"), up("2S")], [up("3S")]])
    }

    // MARK: - Copies

    @Test func copiesAreNumberedInOrderOfAppearance() throws {
        let board = try BoardText.parse("Freecells: 8H\n8H 2C\n8H\n", maximumCopies: 3).get()
        expectEqual(board.freecells, [Card(rank: 8, suit: .hearts, copy: 0)])
        expectEqual(board.columns[0][0].card, Card(rank: 8, suit: .hearts, copy: 1))
        expectEqual(board.columns[1][0].card, Card(rank: 8, suit: .hearts, copy: 2))
        expectEqual(board.columns[0][1].card, Card(rank: 2, suit: .clubs, copy: 0))
    }

    @Test func foundationCardsUseUpCopies() throws {
        let board = try BoardText.parse("Foundations: S-3\n2S\n", maximumCopies: 2).get()
        expectEqual(board.columns[0][0].card, Card(rank: 2, suit: .spades, copy: 1))
    }

    @Test func copiesBeyondTheCardLimitAreDuplicatesNotCrashes() {
        let seventeen = Array(repeating: "AS", count: 17).joined(separator: " ")
        expectEqual(BoardText.parse(seventeen, maximumCopies: 100), .failure(.duplicateCard(text: "AS", line: 1, column: 49)))
        expectEqual(BoardText.parse("AS", maximumCopies: 0), .failure(.duplicateCard(text: "AS", line: 1, column: 1)))
    }

    // MARK: - Errors

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var text: String
        var maximumCopies = 1
        var error: BoardTextError
        var testDescription: String { String(reflecting: text) }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(text: "4C 2C 1H", error: .malformedCard(text: "1H", line: 1, column: 7)),
        ErrorCase(text: "4C\n8X 2C", error: .malformedCard(text: "8X", line: 2, column: 1)),
        ErrorCase(text: "  <8H 2C", error: .malformedCard(text: "<8H", line: 1, column: 3)),
        ErrorCase(text: "AS <XX>", error: .malformedCard(text: "<XX>", line: 1, column: 4)),
        ErrorCase(text: "AS -", error: .malformedCard(text: "-", line: 1, column: 4)),
        ErrorCase(text: ": 4C\r\n: 5X", error: .malformedCard(text: "5X", line: 2, column: 3)),
        ErrorCase(text: "Freecells: 8H - JX -", error: .malformedCard(text: "JX", line: 1, column: 17)),
        ErrorCase(text: "Freecells:  3D  1D", error: .malformedCard(text: "1D", line: 1, column: 17)),
        ErrorCase(text: "Talon: AS 11C", error: .malformedCard(text: "11C", line: 1, column: 11)),
        ErrorCase(text: "Freecells: <8H> -", error: .misplacedFaceDownCard(text: "<8H>", line: 1, column: 12)),
        ErrorCase(text: "\nTalon: AS <2C>", error: .misplacedFaceDownCard(text: "<2C>", line: 2, column: 11)),
        ErrorCase(text: "Foundations: H-5 C5", error: .malformedFoundation(text: "C5", line: 1, column: 18)),
        ErrorCase(text: "Foundations: H-X", error: .malformedFoundation(text: "H-X", line: 1, column: 14)),
        ErrorCase(text: "Foundations: X-5", error: .malformedFoundation(text: "X-5", line: 1, column: 14)),
        ErrorCase(text: "Foundations: H-5 h-6", error: .repeatedFoundationSuit(text: "h-6", line: 1, column: 18)),
        ErrorCase(text: "AS\n  Stock: 2S", error: .unknownLine(label: "Stock:", line: 2, column: 3)),
        ErrorCase(text: "Freecells: -\nFC: 8H", error: .repeatedLine(label: "FC:", line: 2, column: 1)),
        ErrorCase(text: "Talon:\nTalon:", error: .repeatedLine(label: "Talon:", line: 2, column: 1)),
        ErrorCase(text: "AS 2S AS", error: .duplicateCard(text: "AS", line: 1, column: 7)),
        ErrorCase(text: "AS\n<AS>", error: .duplicateCard(text: "<AS>", line: 2, column: 1)),
        ErrorCase(text: "Foundations: S-3\n2S", error: .duplicateCard(text: "2S", line: 2, column: 1)),
        ErrorCase(text: "AS AS AS", maximumCopies: 2, error: .duplicateCard(text: "AS", line: 1, column: 7)),
    ]

    @Test(arguments: BoardTextTests.errorCases)
    func errorNamesItsLineAndColumn(errorCase: ErrorCase) {
        expectEqual(BoardText.parse(errorCase.text, maximumCopies: errorCase.maximumCopies), .failure(errorCase.error))
    }

    @Test func errorDescriptionIsLineColumnMessage() {
        let error = BoardTextError.malformedCard(text: "1H", line: 1, column: 7)
        expectTrue(error.line == 1 && error.column == 7)
        expectEqual(error.description, "1:7: '1H' is not a card; write a rank (A, 2-9, T, J, Q, K) then a suit (C, D, H, S)")
        expectEqual(BoardTextError.duplicateCard(text: "AS", line: 3, column: 4).description, "3:4: 'AS' appears more often than the decks in play hold it")
    }

    // MARK: - Writing

    @Test func plainRenderingWritesOnlyLinesThatHoldSomething() {
        let board = BoardText(
            foundations: [.clubs: 1, .spades: 10],
            freecells: [card("8H"), nil, card("JC"), nil],
            talon: [card("5C"), card("9D")],
            columns: [[up("4C"), PlacedCard(card("9C"), faceUp: false)], [], [up("TS")]])
        expectEqual(board.rendered(), """
            Talon: 5C 9D
            Foundations: H-0 C-A D-0 S-T
            Freecells: 8H - JC -
            4C <9C>
            :
            TS

            """)
    }

    @Test func solverStateRenderingMatchesFcSolveLayout() {
        let board = BoardText(
            foundations: [.spades: 1],
            freecells: [nil, card("8H"), nil, card("4S")],
            columns: [[up("4C"), up("2C")], []])
        expectEqual(board.rendered(style: .solverState), "Foundations: H-0 C-0 D-0 S-A \nFreecells:      8H      4S\n: 4C 2C\n: \n")
    }

    @Test func renderingOutOfRangeFoundationDoesNotCrash() {
        expectEqual(BoardText(foundations: [.hearts: 14], columns: []).rendered(), "Foundations: H-14 C-0 D-0 S-0\n")
    }

    // MARK: - Round trips with real programs' output

    /// Every state that `make-microsoft-freecell-board -t 24 | fc-solve -p -t` (Freecell
    /// Solver 5.0.0) prints while solving deal 24, stored unchanged in `fc-solve-states-24.txt`.
    static let solverStates: [String] = loadSolverStates()

    @Test func solverFixtureHoldsEveryState() {
        expectEqual(BoardTextTests.solverStates.count, 139)
    }

    @Test func everySolverStateRoundTrips() throws {
        for state in BoardTextTests.solverStates {
            let board = try BoardText.parse(state).get()
            expectEqual(board.rendered(style: .solverState), state)
            #expect(try BoardText.parse(board.rendered()).get() == board)
            let cardCount = board.foundations.values.reduce(0, +) + board.freecells.compactMap { $0 }.count
                + board.columns.reduce(0) { $0 + $1.count }
            expectEqual(cardCount, 52)
        }
    }

    @Test(arguments: [1, 24, 617, 11982, 32000])
    func microsoftBoardRoundTrips(deal: Int) throws {
        let board = try #require(MicrosoftDeal.board(forDeal: deal))
        let text = board.rendered()
        let parsed = try BoardText.parse(text).get()
        expectEqual(parsed, board)
        expectEqual(parsed.rendered(), text)
        // fc-solve's column prefix reads back to the same board.
        #expect(try BoardText.parse(board.rendered(style: .solverState)).get().columns == board.columns)
    }

    // MARK: - Helpers

    private func card(_ text: String) -> Card {
        guard case .success(let board) = BoardText.parse(text), let placed = board.columns.first?.first else {
            Issue.record("bad card literal \(text) in a test")
            return Card(rawValue: 0)
        }
        return placed.card
    }

    private func up(_ text: String) -> PlacedCard { PlacedCard(card(text), faceUp: true) }

    private static func loadSolverStates() -> [String] {
        guard let text = try? String(contentsOf: TestPaths.fixture("fc-solve-states-24.txt"), encoding: .utf8)
        else { return [] }
        // A state is its Foundations line, its Freecells line and its eight columns.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.filter { lines[$0].hasPrefix("Foundations:") }.map { start in
            lines[start..<(start + 10)].map { $0 + "\n" }.joined()
        }
    }
}

/// Board text writes each suit's foundation as its highest rank when that reads back to the same
/// piles, and otherwise lists the foundation piles in order, as PySol does; any face-up foundation
/// can be written and is read back exactly.
@Suite struct BoardTextFoundationTests {
    /// Each pile as its cards' ranks, suits and faces, without copy numbers.
    private func faces(_ table: CardTable) -> [[String]] {
        table.piles.map { $0.cards.map { "\($0.card.rank)\($0.card.suit.letter)\($0.isFaceUp ? "" : "#")" } }
    }

    @Test func aCompletedSpiderRunIsWrittenAsItsCards() throws {
        let rules = try Positions.rules("Spider")
        let table = try Positions.table(rules, ["foundation 1": "KS..AS", "tableau 1": "..."])
        let board = try rules.boardText(for: table)
        // The king lies at the bottom, so the pile is not the ace up: its cards are written.
        expectEqual(board.foundationPiles?.first, .cards((1...13).reversed().map { Card(rank: $0, suit: .spades) }))
        expectContains(board.rendered(), "Foundations: KS,QS,JS,TS,9S,8S,7S,6S,5S,4S,3S,2S,AS - - - - - - -\n")
        #expect(faces(try rules.table(fromBoardText: board.rendered())) == faces(table))
    }

    @Test func twoRunsOfOneSuitAreListedPileByPile() throws {
        let rules = try Positions.rules("FortyThieves")
        let table = try Positions.table(rules, ["foundation 2": "AS..3S", "foundation 5": "AS", "tableau 1": "..."])
        let text = try rules.boardText(for: table).rendered()
        expectHasPrefix(text, "Foundations: - S-3 - - S-A - - -\n")
        // Board text writes no copy numbers: the two aces of spades may come back as each other.
        #expect(faces(try rules.table(fromBoardText: text)) == faces(table))
    }

    @Test func aBaseCardIsWrittenAsPySolWritesIt() throws {
        // Canfield deals one card to a foundation as its base.
        let rules = try Positions.rules("Canfield")
        let table = try rules.deal(.seed(1))
        let text = try rules.boardText(for: table).rendered()
        expectContains(text, "Foundations: 3S - - -\n")
        #expect(try rules.table(fromBoardText: text) == table)
    }

    @Test func foundationsOutOfSuitOrderAreListedByPile() throws {
        let rules = try Positions.rules("FreeCell")
        let table = try Positions.table(rules, ["foundation 1": "AH..5H", "foundation 2": "AC", "tableau 1": "..."])
        let board = try rules.boardText(for: table)
        expectEqual(board.foundationPiles, [.run(.hearts, rank: 5), .run(.clubs, rank: 1), .empty, .empty])
        #expect(try rules.table(from: board) == table)
    }

    @Test func fullFoundationsOutOfSuitOrderSayThatTheyListPiles() throws {
        // Every pile holds a run from the ace in its own suit, so only a card entry tells the
        // line from fc-solve's, which would put the suits back in suit order.
        let rules = try Positions.rules("FreeCell")
        let aces = try Positions.table(rules, ["foundation 1": "AS", "foundation 2": "AH", "foundation 3": "AC", "foundation 4": "AD", "tableau 1": "..."])
        let acesText = try rules.boardText(for: aces).rendered()
        expectHasPrefix(acesText, "Foundations: AS AH AC AD\n")
        #expect(try rules.table(fromBoardText: acesText) == aces)
        let runs = try Positions.table(rules, ["foundation 1": "AS..3S", "foundation 2": "AH..2H", "foundation 3": "AC..2C", "foundation 4": "AD..4D", "tableau 1": "..."])
        let runsText = try rules.boardText(for: runs).rendered()
        expectHasPrefix(runsText, "Foundations: AS,2S,3S H-2 C-2 D-4\n")
        #expect(try rules.table(fromBoardText: runsText) == runs)
    }

    @Test func foundationsInSuitOrderKeepFcSolvesForm() throws {
        let rules = try Positions.rules("FreeCell")
        let table = try Positions.table(rules, ["foundation 1": "AC", "foundation 2": "AH..5H", "tableau 1": "..."])
        let board = try rules.boardText(for: table)
        expectEqual(board.foundationPiles, nil)
        expectEqual(board.foundations, [.hearts: 5, .clubs: 1])
        #expect(try rules.table(from: board) == table)
    }
}
