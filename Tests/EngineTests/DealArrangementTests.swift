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

/// The deal line clauses `split before CONDITION` and `moving CONDITION to bottom|top`, on their own.
@Suite struct DealArrangementTests {
    /// A game of four decks' worth of clubs (52 cards), three tableau piles and the given deal lines.
    static func game(_ dealLines: String) -> String {
        """
        game "Deal arrangement"
        decks 1 suits [clubs]
        zone tableau 3
        zone foundation 4
        \(dealLines)
        lift tableau {}
        accept foundation {}
        won when foundation.size == 52
        """
    }

    /// Deals with the cards of the `first` ranks first, in that order, then the rest of the deck,
    /// then the cards of the `last` ranks.
    static func deal(_ dealLines: String, first: [Int] = [], last: [Int] = []) throws -> CardTable {
        let rules = try GameCompiler.compile(source: game(dealLines))
        var pool = rules.deck
        func take(_ ranks: [Int]) -> [Card] {
            ranks.map { rank in pool.remove(at: pool.firstIndex { $0.rank == rank }!) }
        }
        let front = take(first), back = take(last)
        return try rules.deal(.order(front + pool + back))
    }

    static func ranks(_ table: CardTable, _ pile: Int) -> [Int] { table.piles[pile].cards.map(\.card.rank) }

    @Test func movingToBottomPutsMatchingCardsBeneathInTheOrderDealt() throws {
        let table = try Self.deal("deal tableau 4 cards face up by pile moving card.rank == K or card.rank < 3 to bottom\ndeal foundation rest face up",
                                  first: [5, 13, 7, 2, 1, 3, 4, 6])
        expectEqual(Self.ranks(table, 0), [13, 2, 5, 7])
        expectEqual(Self.ranks(table, 1), [1, 3, 4, 6])
    }

    @Test func movingToTopPutsMatchingCardsAbove() throws {
        let table = try Self.deal("deal tableau 4 cards face up by pile moving card.rank >= 12 to top\ndeal foundation rest face up",
                                  first: [12, 1, 13, 2])
        expectEqual(Self.ranks(table, 0), [1, 2, 12, 13])
    }

    @Test func movingWorksOnEachPileOfARowDeal() throws {
        // By row, pile 1 gets the 1st, 4th, 7th and 10th cards.
        let table = try Self.deal("deal tableau 4 cards face up by row moving card.rank == K to bottom\ndeal foundation rest face up",
                                  first: [2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 11, 12])
        expectEqual(Self.ranks(table, 0), [13, 2, 5, 8])
        expectEqual(Self.ranks(table, 1), [3, 6, 9, 11])
    }

    @Test func movedCardsAreTurnedByTheLinesFacing() throws {
        let table = try Self.deal("deal tableau 4 cards with top 1 face up by pile moving card.rank == A to top\ndeal foundation rest face up",
                                  first: [1, 2, 3, 4])
        expectEqual(Self.ranks(table, 0), [2, 3, 4, 1])
        expectEqual(table.piles[0].cards.map(\.isFaceUp), [false, false, false, true])
    }

    @Test func movingAlsoArrangesFilteredLines() throws {
        let rules = try GameCompiler.compile(source: Self.game("deal tableau 2 cards where card.rank >= 12 face up by pile moving card.rank == K to bottom\ndeal foundation rest face up"))
        let table = try rules.deal(.seed(1))
        // The filter picks the first matching cards of the unshuffled deck: Q then K for the first pile.
        expectEqual(Self.ranks(table, 0), [13, 12])
    }

    /// The foundation line comes first and takes 44 cards, so the tableau gets the deck's last eight.
    static let splitLines = "deal foundation 11 cards face up\ndeal tableau rest face up by pile split before card.rank == K"

    @Test func splitBeforeStartsANewPileAtEachMatchingCard() throws {
        let table = try Self.deal(Self.splitLines, last: [13, 4, 5, 13, 13, 6, 13, 7])
        // A king opening the line stays on the first pile, each later king starts the next pile,
        // and the last pile keeps what is left when the piles run out.
        expectEqual(Self.ranks(table, 0), [13, 4, 5])
        expectEqual(Self.ranks(table, 1), [13])
        expectEqual(Self.ranks(table, 2), [13, 6, 13, 7])
    }

    @Test func splitBeforeNeverLeavesAPileEmptyBeforeAMatch() throws {
        let table = try Self.deal(Self.splitLines, last: [2, 3, 4, 5, 13, 13, 13, 13])
        expectEqual(Self.ranks(table, 0), [2, 3, 4, 5])
        expectEqual(Self.ranks(table, 1), [13])
        expectEqual(Self.ranks(table, 2), [13, 13, 13])
    }

    @Test func theClausesPrintAndParseBack() {
        let source = "deal tableau rest face up by pile split before card.rank == K moving card.rank == A to top"
        let (file, diagnostics) = Parser.parse(source)
        expectTrue(diagnostics.isEmpty)
        let printed = Printer.print(file.declarations[0])
        expectEqual(printed, source)
        let (again, _) = Parser.parse(printed)
        guard case .deal(_, _, _, _, _, let first) = file.declarations[0].kind,
              case .deal(_, _, _, _, _, let second) = again.declarations[0].kind else {
            Issue.record("not a deal line")
            return
        }
        expectTrue(first.movingTo == .top && second.movingTo == .top)
        expectEqual(second.splitBefore.map(Printer.print), "card.rank == K")
    }

    @Test func splitBeforeNeedsByPile() {
        let (_, diagnostics) = Parser.parse("deal tableau rest face up split before card.rank == K")
        expectEqual(diagnostics.map(\.code), [.expectedToken])
    }

    @Test func movingNeedsAnEnd() {
        let (_, diagnostics) = Parser.parse("deal tableau 4 cards moving card.rank == K to middle")
        expectEqual(diagnostics.map(\.code), [.expectedToken])
    }

    @Test func splitBeforeNeedsTheRest() {
        do {
            _ = try GameCompiler.compile(source: Self.game("deal tableau 4 cards face up by pile split before card.rank == K\ndeal foundation rest face up"))
            Issue.record("'split before' was accepted on a line with a count")
        } catch {
            expectEqual(error.diagnostics.map(\.code), [.dealMismatch])
        }
    }

    @Test func theConditionsMustBeBooleansAboutTheCard() {
        do {
            _ = try GameCompiler.compile(source: Self.game("deal tableau 4 cards face up by row moving card.rank to bottom\ndeal foundation rest face up"))
            Issue.record("a non-boolean condition was accepted")
        } catch {
            expectEqual(error.diagnostics.map(\.code), [.typeMismatch])
        }
        do {
            _ = try GameCompiler.compile(source: Self.game("deal tableau 4 cards face up by row moving top.rank == K to bottom\ndeal foundation rest face up"))
            Issue.record("'top' was accepted in a deal condition")
        } catch {
            expectContains(error.diagnostics.map(\.code), .nameUnavailableHere)
        }
    }
}
