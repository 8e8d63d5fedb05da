import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats

/// Board text never loses a card: every table it is asked to write either reads back to the same
/// piles (cards compared without their copy numbers, which board text does not write) or is refused
/// with a finding.
@Suite("Board text round trips")
struct BoardTextRoundTripTests {
    static let games: [String] = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.rules.path))?
        .filter { $0.hasSuffix(".patience") }.map { String($0.dropLast(".patience".count)) }.sorted() ?? []

    @Test func everyBundledGameIsCovered() {
        expectGreaterOrEqual(Self.games.count, 50)
    }

    /// Each pile as its cards' ranks, suits and faces, without copy numbers.
    private static func faces(_ table: CardTable) -> [[String]] {
        table.piles.map { $0.cards.map { "\($0.card.rank)\($0.card.suit.letter)\($0.isFaceUp ? "" : "#")" } }
    }

    /// Whether a refusal says that the table holds state board text has no words for (a hidden
    /// zone's cards, jokers, memory, a shuffle's seed) and sends the user to JSON positions.
    static func sendsToJSON(_ error: DiagnosticsError) -> Bool {
        error.code == .boardDoesNotFitZones && error.message.hasSuffix("write the table with '--format json' instead")
    }

    /// Every bundled game's opening deals round-trip, or are refused because they hold state that
    /// board text cannot write (JSON positions can; `PositionRoundTripTests`); any other refusal
    /// fails the test, naming the game and what board text could not hold.
    @Test(arguments: games)
    func openingDealRoundTrips(game: String) throws {
        let rules = try Positions.rules(game)
        for seed: UInt64 in [1, 2, 3] {
            let table = try rules.deal(.seed(seed))
            let board: BoardText
            do {
                board = try rules.boardText(for: table)
            } catch {
                if !Self.sendsToJSON(error) {
                    Issue.record("\(game) seed:\(seed) cannot be written as board text: \(error.code?.rawValue ?? "") \(error.message)")
                }
                continue
            }
            let text = board.rendered()
            let read = try rules.table(fromBoardText: text)
            expectEqual(Self.faces(read), Self.faces(table), "\(game) seed:\(seed):\n\(text)")
            if rules.maximumCopies == 1 {
                // With one copy of each card nothing is left to chance: the tables are equal.
                expectEqual(read, table, "\(game) seed:\(seed)")
            }
            expectEqual(read.actionUses, table.actionUses)
            expectEqual(rules.legalPlays(on: read), rules.legalPlays(on: table))
            #expect(try rules.boardText(for: read).rendered() == text)
        }
    }

    @Test func moreFoundationPilesThanTheGameHasAreRefused() throws {
        let rules = try Positions.rules("Klondike")
        do {
            _ = try rules.table(fromBoardText: "Foundations: AS - - - -\n")
            Issue.record("five foundation piles were read into four")
        } catch {
            expectEqual(error.code, .boardDoesNotFitZones)
            expectEqual(error.message, "the board lists 5 foundation piles, but the game has 4")
        }
    }

    /// Tables from seeded random playouts: each is refused with a finding, or reads back to the
    /// same cards with the same legal plays.
    /// Every game in the long run, a quarter of them in the default run.
    static let playedGames = TestPaths.sample(games, oneIn: 4, offset: 3)
    /// Plays per playout at most: 60 in the long run, 30 by default.
    static let playedSteps = TestPaths.isLongRun ? 60 : 30

    @Test(arguments: playedGames)
    func playedTablesRoundTripOrAreRefused(game: String) throws {
        let rules = try Positions.rules(game)
        var written = 0
        var lastRefusal = ""
        // Two deals by default, and up to six when the first ones stop early (a game whose random
        // play redeals at once writes no table after that).
        for seed: UInt64 in 0..<(TestPaths.isLongRun ? 20 : 6) {
            if !TestPaths.isLongRun && seed >= 2 && written >= 2 { break }
            var table = try rules.deal(.seed(seed))
            var generator = SeededGenerator(seed: seed &+ 0xB0A4D)
            for step in 0...Self.playedSteps {
                let plays = rules.legalPlays(on: table)
                if step % 7 == 0 || plays.isEmpty {
                    do {
                        let text = try rules.boardText(for: table).rendered()
                        let read = try rules.table(fromBoardText: text)
                        expectEqual(Self.faces(read), Self.faces(table), "\(game) seed:\(seed) step \(step):\n\(text)")
                        expectEqual(rules.legalPlays(on: read), plays, "\(game) seed:\(seed) step \(step)")
                        written += 1
                    } catch {
                        expectContains([DiagnosticCode.boardDoesNotFitZones, .boardCannotCountActionUses], error.code, "\(game): \(error.message)")
                        lastRefusal = error.message
                    }
                }
                guard !plays.isEmpty else { break }
                table = try rules.applying(plays[generator.nextIndex(below: plays.count)], to: table)
            }
        }
        // The opening is written unless it holds what only JSON can, so such a game writes some
        // tables; one that shuffles during play may reach, after its first shuffle, only tables
        // whose seed board text cannot say.
        let openingWritten = (try? rules.boardText(for: rules.deal(.seed(0)))) != nil
        expectTrue(written >= 2 || !openingWritten || (rules.hasShuffles && lastRefusal.contains("seed")), "\(game) wrote \(written) tables; the last refused: \(lastRefusal)")
    }

    @Test func golfsWasteIsWrittenAsPySolWritesIt() throws {
        // PySol (and black-hole-solver) write the waste of a game without foundations as its foundation.
        let rules = try Positions.rules("Golf")
        let table = try rules.deal(.seed(1))
        let text = try rules.boardText(for: table).rendered()
        expectEqual(text.split(separator: "\n").filter { $0.hasPrefix("Foundations:") }, ["Foundations: KH"])
        #expect(try rules.table(fromBoardText: text) == table)
        let played = try Positions.table(rules, ["waste": "KH AS 2C", "tableau 1": "...", "stock": ""])
        let playedText = try rules.boardText(for: played).rendered()
        expectHasPrefix(playedText, "Foundations: KH,AS,2C\n")
        #expect(try rules.table(fromBoardText: playedText) == played)
        // A Waste: line says the same.
        #expect(try rules.table(fromBoardText: playedText.replacingOccurrences(of: "Foundations: KH,AS,2C", with: "Waste: KH AS 2C")) == played)
    }

    @Test func reservesAreOneLineEachAndKeepFaceDownCards() throws {
        let rules = try Positions.rules("Glenwood")
        let table = try Positions.table(rules, ["reserve 1": "#5C 9D", "reserve 3": "KH", "tableau 1": "..."])
        let text = try rules.boardText(for: table).rendered()
        expectEqual(text.split(separator: "\n").filter { $0.hasPrefix("Reserve:") }, ["Reserve: <5C> 9D", "Reserve:", "Reserve: KH"])
        #expect(Self.faces(try rules.table(fromBoardText: text)) == Self.faces(table))
    }

    @Test func aUsedRedealIsRefusedWithItsOwnCode() throws {
        let rules = try Positions.rules("Klondike")
        let table = try Positions.table(rules, ["stock": "#...", "tableau 1": "KS"], actionUses: ["redeal": 1])
        do {
            _ = try rules.boardText(for: table)
            Issue.record("a table with a used redeal was written as board text")
        } catch {
            expectEqual(error.code, .boardCannotCountActionUses)
            expectEqual(error.message, "'redeal' has been used 1 time, which board text cannot say; write the table with '--format json' instead")
        }
    }

    @Test func unlimitedActionUsesDoNotStopBoardText() throws {
        let rules = try Positions.rules("Klondike")
        let table = try Positions.table(rules, ["stock": "#...", "tableau 1": "KS"], actionUses: ["draw": 3])
        #expect(throws: Never.self) { try rules.boardText(for: table) }
    }

    @Test(arguments: [
        ("FreeCell", ["cell 1": "AS 2S", "tableau 1": "..."], "cell[1] holds AS 2S; board text shows a free cell only as one face-up card"),
        ("Klondike", ["stock": "AS #...", "tableau 1": "KS"], "stock holds AS face up; board text shows the talon only face down"),
        ("FreeCell", ["foundation 1": "#AS", "tableau 1": "..."], "foundation[1] holds AS face down; board text shows a foundation only face up"),
    ])
    func whatBoardTextHasNoFormForIsRefused(game: String, layout: [String: String], message: String) throws {
        let rules = try Positions.rules(game)
        let table = try Positions.table(rules, layout)
        do {
            _ = try rules.boardText(for: table)
            Issue.record("\(game): the table was written as board text")
        } catch {
            expectEqual(error.code, .boardDoesNotFitZones)
            expectEqual(error.message, message)
        }
    }

    // MARK: - Reading the new lines

    @Test func wasteAndReserveLinesRepeatOnePilePerLine() throws {
        let board = try BoardText.parse("Waste: 5C <9D>\nReserve: KH\nReserve:\nReserve: 2S 3S\nAS\n").get()
        expectEqual(board.wastes.map { $0.map(\.card.description) }, [["5C", "9D"]])
        expectEqual(board.wastes.first?.map(\.isFaceUp), [true, false])
        expectEqual(board.reserves.map(\.count), [1, 0, 2])
        expectEqual(board.columns.count, 1)
        #expect(try BoardText.parse(board.rendered()).get() == board)
    }

    @Test func foundationsListedByPile() throws {
        let board = try BoardText.parse("Foundations: - S-3 KH 3D,4D S-0\n").get()
        expectTrue(board.foundations.isEmpty)
        expectEqual(board.foundationPiles, [.empty, .run(.spades, rank: 3), .cards([Card(rank: 13, suit: .hearts)]),
                                          .cards([Card(rank: 3, suit: .diamonds), Card(rank: 4, suit: .diamonds)]), .empty])
        expectEqual(board.rendered(), "Foundations: - S-3 KH 3D,4D -\n")
    }

    @Test func aSuitTwiceListsPilesInSeveralDecksAndIsAnErrorInOne() throws {
        #expect(try BoardText.parse("Foundations: H-A H-2\n", maximumCopies: 2).get().foundationPiles == [.run(.hearts, rank: 1), .run(.hearts, rank: 2)])
        expectEqual(BoardText.parse("Foundations: H-A H-2\n"), .failure(.repeatedFoundationSuit(text: "H-2", line: 1, column: 18)))
        expectEqual(BoardText.parse("Foundations: 3D,X\n"), .failure(.malformedFoundation(text: "3D,X", line: 1, column: 14)))
    }

    @Test(arguments: [
        ("Golf", "Waste: KH\nWaste: 2C\n", "the board has 2 Waste: lines, but the game has 1 waste pile"),
        ("Golf", "Foundations: KH 2C\n", "the board lists 2 foundation piles, but the game has 0"),
        ("FreeCell", "Reserve: KH\n", "the board has 1 Reserve: line, but the game has 0 reserve piles"),
        ("Canfield", "Foundations: - - - - 3S\n", "the board lists 5 foundation piles, but the game has 4"),
    ])
    func linesThatDoNotFitTheGameAreRefused(game: String, text: String, message: String) throws {
        let rules = try Positions.rules(game)
        do {
            _ = try rules.table(fromBoardText: text)
            Issue.record("\(game): the board was read")
        } catch {
            expectEqual(error.code, .boardDoesNotFitZones)
            expectEqual(error.message, message)
        }
    }
}

/// Board text has no form for memory, removed cards or shuffles: it refuses such tables.
@Suite struct BoardTextRefusalOfGameStateTests {
    @Test func hiddenCardsMemoryAndShufflesAreRefused() throws {
        let thirteens = try GameCompiler.compile(path: TestPaths.fixture("Constructs/Thirteens.patience").path)
        var table = try thirteens.deal(.seed(1))
        #expect(throws: Never.self) { try thirteens.boardText(for: table) }
        let discard = try #require(thirteens.pileIndex(of: PileID(zone: "discard", index: 1)))
        let tableau = try #require(thirteens.pileIndex(of: PileID(zone: "tableau", index: 1)))
        table.piles[discard].cards.append(table.piles[tableau].cards.removeLast())
        #expect(throws: DiagnosticsError(.boardDoesNotFitZones, "discard is in a hidden zone and holds cards, which board text has no line for; write the table with '--format json' instead")) {
            try thirteens.boardText(for: table)
        }
        let baseCard = try GameCompiler.compile(path: TestPaths.fixture("Constructs/BaseCard.patience").path)
        var dealt = try baseCard.deal(.seed(1))
        // A deal of a game that shuffles keeps the seed its shuffles are drawn from.
        expectNotEqual(dealt.seed, 0)
        #expect((try? baseCard.boardText(for: dealt))?.rendered() == nil)
        dealt.seed = 0
        // The deal sets `base`; with it back at its start, only `shuffled` differs.
        dealt.memory = [0, 1]
        do {
            _ = try baseCard.boardText(for: dealt)
            Issue.record("a table with changed memory was written as board text")
        } catch {
            expectTrue(error.code == .boardDoesNotFitZones && error.message.contains("'shuffled'"))
        }
    }
}
