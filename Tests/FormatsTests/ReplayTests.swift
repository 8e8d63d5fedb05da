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

/// The library behind `patience deal`, `moves` and `replay`: deal specs, board loading,
/// listings, and replays.
@Suite("Deals, listings and replays")
struct ReplayTests {
    static let root = TestPaths.packageRoot

    static func rules(_ game: String, options: [String: String] = [:]) throws -> GameRules {
        try GameCompiler.compile(path: root.appendingPathComponent("Rules/\(game).patience").path, options: options)
    }

    // MARK: - Deal specs

    @Test(arguments: [
        ("seed:1", DealSource.seed(1)), ("seed:0", .seed(0)), ("seed:18446744073709551615", .seed(UInt64.max)),
        ("ms:1", .microsoft(1)), ("ms:32000", .microsoft(32000)), ("ms:8589934591", .microsoft(8_589_934_591)),
    ])
    func dealSpecReads(spec: String, deal: DealSource) throws {
        #expect(try DealSource(spec: spec) == deal)
        expectEqual(deal.spec, spec)
    }

    @Test(arguments: [
        ("ms:0", DiagnosticCode.dealOutOfRange), ("ms:8589934592", .dealOutOfRange), ("ms:99999999999999999999", .dealOutOfRange),
        ("foo:1", .invalidDealSpec), ("seed:-1", .dealOutOfRange), ("seed:+1", .invalidDealSpec), ("seed:", .invalidDealSpec),
        ("seed", .invalidDealSpec), ("seed:18446744073709551616", .dealOutOfRange), ("ms:-3", .dealOutOfRange),
        ("ms:1.5", .invalidDealSpec), ("", .invalidDealSpec),
    ])
    func badDealSpecIsRefused(spec: String, code: DiagnosticCode) {
        #expect(throws: DiagnosticsError.self) { try DealSource(spec: spec) }
        do {
            _ = try DealSource(spec: spec)
        } catch {
            expectEqual(error.code, code)
        }
    }

    /// The notation's own trimming drops what `CharacterSet.whitespaces` does, and only that.
    @Test(arguments: ["tableau[1]->cell[2]", " tableau[1]->cell[2]\t", "\u{3000}\u{A0}x\u{2003} ", "\n a \n", " ", "", "\t\u{301}a", "a\u{200B}"])
    func playTokensAreTrimmedOfBlanksAsFoundationTrimsWhitespace(text: String) {
        expectEqual(MoveNotation.trimmingBlanks(text), text.trimmingCharacters(in: .whitespaces))
    }

    @Test func misspeltDealKindGetsASuggestion() {
        #expect(throws: DiagnosticsError(.invalidDealSpec, "'sed' is not a kind of deal; did you mean 'seed'?")) {
            try DealSource(spec: "sed:4")
        }
    }

    // MARK: - Boards

    @Test(arguments: 1...5)
    func openingFreeCellBoardIsMicrosoftsBoard(deal: Int) throws {
        let rules = try Self.rules("FreeCell")
        let table = try rules.deal(.microsoft(deal))
        // No `Freecells:` line for empty cells: the text is what make-microsoft-freecell-board prints.
        #expect(try rules.boardText(for: table).rendered() == MicrosoftDeal.board(forDeal: deal)?.rendered())
    }

    @Test(arguments: ["Klondike", "FreeCell", "Spider"])
    func openingBoardReadsBackToTheSameTable(game: String) throws {
        let rules = try Self.rules(game)
        let table = try rules.deal(.seed(5))
        let text = try rules.boardText(for: table).rendered()
        let read = try rules.table(fromBoardText: text)
        // Copy numbers are given by order of appearance, so Spider's two decks compare by text.
        #expect(try rules.boardText(for: read).rendered() == text)
        expectEqual(read.piles.map(\.count), table.piles.map(\.count))
    }

    @Test func boardLineProblemHasItsRange() throws {
        let rules = try Self.rules("FreeCell")
        let text = "JD KD 2S 4C 3S 6D 6S\n2D KC 1X 5C TD 8S 9C\n"
        #expect(throws: DiagnosticsError.self) { try rules.table(fromBoardText: text) }
        do {
            _ = try rules.table(fromBoardText: text)
        } catch {
            expectEqual(error.code, .malformedBoard)
            expectEqual(error.first?.range.start.line, 2)
            expectEqual(error.first?.range.start.column, 7)
            expectEqual(error.first?.range.end.column, 9)
            expectEqual(error.first?.range.start.offset, 27)
            expectHasPrefix(error.description, "2:7: error[P0701]: '1X' is not a card")
        }
    }

    @Test func boardProblems() throws {
        let rules = try Self.rules("FreeCell")
        let board = MicrosoftDeal.board(forDeal: 1)!.rendered()
        let lines = board.split(separator: "\n").map(String.init)
        func problem(_ text: String) -> DiagnosticsError? {
            do {
                _ = try rules.table(fromBoardText: text)
                return nil
            } catch {
                return error
            }
        }
        expectEqual(problem(board), nil)
        expectEqual(problem(lines.dropLast().joined(separator: "\n"))?.code, .boardDoesNotFitZones)
        expectEqual(problem(lines.dropLast().joined(separator: "\n"))?.first?.range, .fileStart)
        expectEqual(problem(board.replacingOccurrences(of: "JD KD", with: "JD AH"))?.code, .duplicateCard)
        expectEqual(problem(board.replacingOccurrences(of: "JD KD", with: "JD"))?.message, "1 card is missing: KD")
        let cellProblem = problem("Freecells: - - - - KD\n" + board.replacingOccurrences(of: "JD KD", with: "JD"))
        expectEqual(cellProblem?.diagnostics.map(\.code), [.boardDoesNotFitZones])
        expectEqual(cellProblem?.message, "the board puts KD in free cell 5, but the game has 4")
        expectEqual(problem("Talon: KD\n" + board.replacingOccurrences(of: "JD KD", with: "JD"))?.code, .boardDoesNotFitZones)
        expectEqual(problem("Stock: 4C\n" + board)?.first?.range.start.line, 1)
    }

    @Test func spiderBoardAllowsTwoCopiesAndOneSuitEight() throws {
        #expect(try Self.rules("Spider").maximumCopies == 2)
        #expect(try Self.rules("Spider", options: ["suits": "1"]).maximumCopies == 8)
        #expect(try Self.rules("FreeCell").maximumCopies == 1)
    }

    // MARK: - Listings

    @Test func textListingNamesEveryPile() throws {
        let rules = try Self.rules("FreeCell")
        let text = TableListing(rules: rules).text(of: try rules.deal(.microsoft(1)), deal: .microsoft(1))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        expectEqual(lines.prefix(3), ["game: FreeCell", "deal: ms:1", ""])
        expectEqual(lines[3], "cell[1]:       (empty)")
        expectEqual(lines[11], "tableau[1]:    JD KD 2S 4C 3S 6D 6S")
        expectEqual(lines.count, 3 + 16 + 1)
    }

    @Test func textListingMarksFaceDownCardsAndOptions() throws {
        let rules = try Self.rules("Klondike", options: ["draw": "3"])
        let text = TableListing(rules: rules).text(of: try rules.deal(.seed(1)))
        expectHasPrefix(text, "game: Klondike\noptions: draw=3 redeals=unlimited\n\n")
        expectContains(text, "\ntableau[2]:    <7C> 6C\n")
    }

    @Test func jsonListingShape() throws {
        let rules = try Self.rules("Klondike")
        let json = TableListing(rules: rules).json(of: try rules.deal(.seed(1)), deal: .seed(1))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        expectEqual(object["game"] as? String, "Klondike")
        expectEqual(object["deal"] as? String, "seed:1")
        let options = try #require(object["options"] as? [String: Any])
        expectEqual(options["draw"] as? Int, 1)
        expectEqual(options["redeals"] as? String, "unlimited")
        let piles = try #require(object["piles"] as? [[String: Any]])
        expectEqual(piles.count, 13)
        expectEqual(piles[0]["address"] as? String, "stock")
        expectEqual(piles[7]["address"] as? String, "tableau[2]")
        expectEqual(piles[7]["role"] as? String, "tableau")
        let cards = try #require(piles[7]["cards"] as? [[String: String]])
        expectEqual(cards, [["card": "7C", "face": "down"], ["card": "6C", "face": "up"]])
        expectHasPrefix(json, "{\n  \"format\": \"patience-table\",\n  \"version\": 1,\n  \"game\": \"Klondike\",\n  \"deal\": \"seed:1\",\n")
    }

    @Test func playListingInTextAndJSON() throws {
        let rules = try Self.rules("Klondike")
        let notation = MoveNotation(rules: rules)
        // Piles: stock, waste, four foundations, then tableau[1] at index 6.
        let plays: [Play] = [.move(Move(source: 6, count: 3, destination: 7)), .tap(pile: 0)]
        expectEqual(notation.listing(of: plays), "tableau[1]x3->tableau[2]\ntap(stock)\n")
        expectEqual(notation.json(of: plays), """
            [
              {"notation": "tableau[1]x3->tableau[2]", "kind": "move", "source": "tableau[1]", "destination": "tableau[2]", "count": 3},
              {"notation": "tap(stock)", "kind": "tap", "source": "stock", "destination": null, "count": null}
            ]
            """)
        expectEqual(notation.json(of: []), "[]")
    }

    // MARK: - Replays

    @Test func notationTokensSplitCRLFLinesAndDropComments() {
        expectTrue(MoveNotation.tokens("tap(stock)\r\nwaste->tableau[1], # a comment\r\n\ttap(stock)") ==
            ["tap(stock)", "waste->tableau[1]", "tap(stock)"])
        expectEqual(FCSNotation.tokens("5a 5b\r\n# header\r\n8h,ah\n"), ["5a", "5b", "8h", "ah"])
    }

    @Test func replayOfLegalPlaysReportsTheCountAndWin() throws {
        let rules = try Self.rules("Klondike")
        let outcome = Replay(rules: rules, notation: .patience).run("tap(stock) tap(stock)", from: try rules.deal(.seed(1)))
        expectEqual(outcome.applied, 2)
        expectEqual(outcome.failure, nil)
        expectFalse(outcome.isWon)
        expectEqual(outcome.table.piles[1].count, 2)
        expectEqual(outcome.json, #"{"applied": 2, "won": false}"#)
        expectEqual(outcome.summary, "applied 2 moves; won: no")
    }

    @Test func replayStopsAtTheFirstRefusedPlayAndKeepsTheTableBeforeIt() throws {
        let rules = try Self.rules("FreeCell")
        let table = try rules.deal(.microsoft(1))
        let outcome = Replay(rules: rules, notation: .patience).run(
            "tableau[2]->cell[1]\ntableau[1]->foundation[1]\ntableau[3]->cell[2]", from: table)
        expectEqual(outcome.applied, 1)
        let failure = try #require(outcome.failure)
        expectEqual(failure.index, 2)
        expectEqual(failure.move, "tableau[1]->foundation[1]")
        expectEqual(failure.refusal?.code, .acceptRefused)
        expectEqual(failure.refusal?.range?.start.line, 48)
        #expect(outcome.table == (try rules.applying(Move(source: 9, count: 1, destination: 0), to: table)))
        expectEqual(outcome.summary, "applied 1 move; move 2 refused")
        expectHasPrefix(outcome.json, #"{"applied": 1, "error": {"index": 2, "move": "tableau[1]->foundation[1]", "code": "P0607", "message": "an empty foundation takes only an ace", "file": ""#)
        expectHasSuffix(outcome.json, #"FreeCell.patience", "line": 48, "column": 5}}"#)
    }

    /// Plays given as values are judged as the same plays written out: fc-solve's solution of
    /// deal 1, read once, wins the same way; and a refused play stops both replays alike.
    @Test func replayOfPlaysAgreesWithTheReplayOfTheirText() throws {
        let rules = try Self.rules("FreeCell")
        let table = try rules.deal(.microsoft(1))
        let fixture = try String(contentsOf: Self.root.appendingPathComponent("Tests/Fixtures/ms-solutions-1-100.txt"), encoding: .utf8)
        let line = try #require(fixture.split(separator: "\n").first { $0.hasPrefix("1:") })
        let fcs = Replay(rules: rules, notation: .fcs)
        var plays: [Play] = []
        let written = fcs.run(tokens: fcs.playTokens(String(line.dropFirst(2))).tokens, from: table) { play, _ in plays.append(play) }
        expectTrue(written.isWon)
        let won = fcs.run(plays: plays, from: table)
        expectEqual(won.applied, plays.count)
        expectEqual(won.failure, nil)
        expectTrue(won.isWon)
        #expect(won.table == written.table)
        expectFalse(fcs.run(plays: plays.dropLast(), from: table).isWon)

        let patience = Replay(rules: rules, notation: .patience)
        let refused = patience.run(plays: [.move(Move(source: 9, count: 1, destination: 0)), .move(Move(source: 8, count: 1, destination: 4)),
                                           .move(Move(source: 10, count: 1, destination: 1))], from: table)
        let text = patience.run("tableau[2]->cell[1]\ntableau[1]->foundation[1]\ntableau[3]->cell[2]", from: table)
        expectEqual(refused.applied, 1)
        expectEqual(refused.failure, text.failure)
        expectEqual(refused.failure?.move, "tableau[1]->foundation[1]")
        expectEqual(refused.failure?.refusal?.code, .acceptRefused)
        #expect(refused.table == text.table)
        expectEqual(refused.json, text.json)
    }

    @Test func unreadablePlayHasNoRuleLocation() throws {
        let rules = try Self.rules("FreeCell")
        let outcome = Replay(rules: rules, notation: .patience).run("tableau[9]->cell[1]", from: try rules.deal(.microsoft(1)))
        expectEqual(outcome.applied, 0)
        expectEqual(outcome.json, #"{"applied": 0, "error": {"index": 1, "move": "tableau[9]->cell[1]", "code": "P0601", "message": "zone 'tableau' has piles 1 to 8, not 9", "file": null, "line": null, "column": null}}"#)
    }

    @Test func fcsReplayMapsUnreadableTokensToRefusals() throws {
        let rules = try Self.rules("FreeCell")
        let outcome = Replay(rules: rules, notation: .fcs).run("5a 5e", from: try rules.deal(.microsoft(1)))
        expectEqual(outcome.applied, 1)
        expectEqual(outcome.failure?.code, .noSuchPile)
        expectEqual(outcome.failure?.refusal, nil, "an unreadable play is not a refusal")
        expectEqual(outcome.failure?.index, 2)
    }

    @Test func emptyReplayAppliesNothing() throws {
        let rules = try Self.rules("FreeCell")
        let outcome = Replay(rules: rules, notation: .fcs).run("  # nothing\n", from: try rules.deal(.microsoft(1)))
        expectEqual(outcome.json, #"{"applied": 0, "won": false}"#)
    }
}

/// `patience deal --deal ms:N --format board` goes through the rule file's deal, not through
/// `MicrosoftDeal.board(forDeal:)`, which `MicrosoftDealTests` pins to the reference program for
/// every deal from 1 to 32000; the two must agree on all of them.
@Test func freeCellRulesDealEveryMicrosoftBoard() throws {
    let rules = try ReplayTests.rules("FreeCell")
    var mismatches: [Int] = []
    // Every deal in the long run; every twentieth in the default run.
    for deal in stride(from: 1, through: 32000, by: TestPaths.isLongRun ? 1 : 20) {
        let dealt = try rules.boardText(for: try rules.deal(.microsoft(deal)))
        if dealt != MicrosoftDeal.board(forDeal: deal) { mismatches.append(deal) }
    }
    expectTrue(mismatches.isEmpty)
}
