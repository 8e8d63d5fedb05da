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

/// A deal line's `after each card { … }`: a body run after each card the line deals, with `pile`
/// the pile that just received it. Checked on a small game of its own, not on any catalog game.
@Suite("Deal lines with a body run at each card")
struct DealLineBodyTests {
    /// Four columns of thirteen; a dealt card that fits a foundation goes there at once.
    static let source = """
        game "Homing deal"
        decks 1
        zone foundation 4
        zone tableau 4
        deal tableau 13 cards with top 1 face up by row after each card {
          try move 1 from pile to foundation
        }
        relation home = same suit up
        lift tableau {
          require run.size == 1
        }
        accept foundation {
          if pile.empty {
            require run.first.rank == A
          } else {
            require builds(top, run.first, home)
          }
        }
        won when all(f in foundation: f.size == 13)
        """

    static func compile(_ text: String) throws -> GameRules {
        try GameCompiler.compile(source: text, path: "homing.patience")
    }

    static func cards(_ text: String) throws -> [Card] {
        try BoardText.parse(text).get().columns.flatMap { $0.map(\.card) }
    }

    /// The same deal worked out directly: card i goes to column i mod 4 unless its suit's
    /// foundation is one below it at that moment.
    static func expected(_ order: [Card]) -> (columns: [[Card]], homes: [Suit: Int]) {
        var columns = Array(repeating: [Card](), count: 4)
        var homes: [Suit: Int] = [:]
        for (i, card) in order.enumerated() {
            if (homes[card.suit] ?? 0) == card.rank - 1 {
                homes[card.suit] = card.rank
            } else {
                columns[i % 4].append(card)
            }
        }
        return (columns, homes)
    }

    @Test func aCardThatFitsAFoundationGoesThereAsItIsDealt() throws {
        let rules = try Self.compile(Self.source)
        // Row 1: 2♠ stays (no ace yet), A♠ goes home, K♣ stays, A♥ goes home.
        // Row 2: 2♥ goes home; 3♠ stays, for 2♠ is still on column 1.
        var order = try Self.cards("2S AS KC AH 2H 3S")
        order += rules.deck.filter { !order.contains($0) }
        let table = try rules.deal(.order(order))
        let board = try rules.boardText(for: table)
        let (columns, homes) = Self.expected(order)
        expectEqual(board.columns.map { $0.map(\.card) }, columns)
        expectEqual(Self.homes(on: table, rules), homes)
        expectEqual(board.columns[0].first?.card, Card(rank: 2, suit: .spades))
        expectEqual(board.columns[1].first?.card, Card(rank: 3, suit: .spades))
        let onColumns = board.columns.map(\.count).reduce(0, +)
        let home = homes.values.reduce(0, +)
        expectEqual(onColumns + home, 52)
    }

    @Test(arguments: 0..<25)
    func shuffledDealsMatchTheDirectWorking(seed: Int) throws {
        let rules = try Self.compile(Self.source)
        var rng = SeededGenerator(seed: UInt64(seed))
        let order = rules.deck.shuffled(using: &rng)
        let table = try rules.deal(.order(order))
        let board = try rules.boardText(for: table)
        let (columns, homes) = Self.expected(order)
        expectEqual(board.columns.map { $0.map(\.card) }, columns)
        expectEqual(Self.homes(on: table, rules), homes)
    }

    /// The top rank of each suit's foundation, for foundations that each hold one suit from the ace
    /// up (board text lists them by suit or by pile, as their order of piles needs).
    private static func homes(on table: CardTable, _ rules: GameRules) -> [Suit: Int] {
        var homes: [Suit: Int] = [:]
        for pile in rules.piles(withRole: .foundation) {
            let cards = table.piles[pile].cards.map(\.card)
            guard let suit = cards.first?.suit else { continue }
            expectEqual(cards, (1...cards.count).map { Card(rank: $0, suit: suit) }, "a foundation holds one suit from the ace up")
            homes[suit] = cards.count
        }
        return homes
    }

    /// The line turns its cards once it has dealt them all, counting from the top that is left.
    @Test func facingIsAppliedAfterTheLine() throws {
        let rules = try Self.compile(Self.source)
        for seed in 0..<10 {
            var rng = SeededGenerator(seed: UInt64(seed))
            let table = try rules.deal(.order(rules.deck.shuffled(using: &rng)))
            for column in rules.zones.first(where: { $0.name == "tableau" })!.piles {
                let cards = table.piles[column].cards
                expectTrue(cards.dropLast().allSatisfy { !$0.isFaceUp })
                expectTrue(cards.last?.isFaceUp ?? true)
            }
        }
    }

    /// `pile` names the receiving pile: here each card is sent on to the next column.
    @Test func pileIsThePileThatReceivedTheCard() throws {
        let text = """
            game "Passing deal"
            decks 1
            zone tableau 2
            zone reserve 1
            deal tableau 26 cards by pile after each card {
              if pile == tableau[1] { move 1 from pile to reserve }
            }
            lift tableau {}
            won when reserve.size == 52
            """
        let rules = try Self.compile(text)
        let board = try rules.deal(.order(rules.deck))
        expectTrue(board.piles[0].cards.isEmpty)
        expectEqual(board.piles[1].cards.count, 26)
        expectEqual(board.piles[2].cards.map(\.card), Array(rules.deck.prefix(26)))
    }

    @Test func theBodyMayNotRefuse() throws {
        let text = Self.source.replacingOccurrences(of: "  try move 1 from pile to foundation", with: "  require pile.size < 5")
        let findings = lintRuleSource(text, path: "homing.patience").diagnostics
        expectTrue(findings.contains { $0.code == .misplacedStatement && $0.message.contains("after each card") })
    }

    @Test func theBodyHasPileButNoRun() throws {
        let text = Self.source.replacingOccurrences(of: "  try move 1 from pile to foundation", with: "  try move run.size from pile to foundation")
        let findings = lintRuleSource(text, path: "homing.patience").diagnostics
        expectTrue(findings.contains { $0.code == .nameUnavailableHere && $0.message.contains("'run'") })
        expectTrue(lintRuleSource(Self.source, path: "homing.patience").diagnostics.isEmpty)
    }

    @Test func aFaultInTheBodyStopsTheDeal() throws {
        let text = Self.source.replacingOccurrences(of: "try move 1 from pile to foundation",
                                                    with: "move 1 from pile to first(f in foundation: f.size == 20)")
        let rules = try Self.compile(text)
        #expect(throws: DiagnosticsError.self) { try rules.deal(.seed(1)) }
    }

    @Test func parsesAndPrintsBack() throws {
        let (file, diagnostics) = Parser.parse(Self.source, path: "homing.patience")
        expectTrue(diagnostics.isEmpty)
        let deal = try #require(file.declarations.first { $0.key == PartKey(kind: "deal", name: "tableau") })
        #expect(Printer.print(deal) == """
            deal tableau 13 cards with top 1 face up by row after each card {
              try move 1 from pile to foundation
            }
            """)
        guard case .deal(_, _, _, _, _, let arrangement) = deal.kind, let body = arrangement.afterEachCard else { Issue.record("no body"); return }
        expectEqual(body.count, 1)
        let (again, _) = Parser.parse(Printer.print(file), path: "again.patience")
        expectEqual(again.declarations.map { Printer.print($0) }, file.declarations.map { Printer.print($0) })
    }

    @Test func aDealLineWithoutTheBodyIsUnchanged() throws {
        let (file, _) = Parser.parse("deal tableau 6 cards face up by row\n", path: "x.patience")
        guard case .deal(_, _, _, _, _, let arrangement)? = file.declarations.first?.kind else { Issue.record("no deal"); return }
        let body = arrangement.afterEachCard
        expectEqual(body, nil)
        expectEqual(Printer.print(file), "deal tableau 6 cards face up by row\n")
    }

    @Test func aMisspeltBodyIsAnError() throws {
        let (_, diagnostics) = Parser.parse("deal tableau 6 cards by row after every card { flip pile }\n", path: "x.patience")
        expectTrue(diagnostics.contains { $0.code == .expectedToken && $0.message.contains("'each'") })
    }
}

/// `segments(cards, relation)`: how many pieces the cards fall into when cut wherever a card
/// does not follow the relation on the card below it.
@Suite("segments(cards, relation)")
struct SegmentsFunctionTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var cards: String
        var relation: String
        var segments: Int
        var testDescription: String { "segments(\(cards.isEmpty ? "none" : cards), \(relation)) == \(segments)" }
    }

    static let examples: [Example] = [
        Example(cards: "", relation: "suited", segments: 0),
        Example(cards: "7S", relation: "suited", segments: 1),
        Example(cards: "8S 7S 6S", relation: "suited", segments: 1),
        Example(cards: "8S 7H 6S", relation: "suited", segments: 3),
        Example(cards: "8S 7S 6H 5H", relation: "suited", segments: 2),
        Example(cards: "8S 7H 6S", relation: "alternating", segments: 1),
        Example(cards: "8S 7S 6H 5C", relation: "alternating", segments: 2),
        Example(cards: "KS 2D 9C", relation: "alternating", segments: 3),
        Example(cards: "3C 4C 5C", relation: "suited", segments: 3),
        Example(cards: "3C 4C 5C", relation: "upward", segments: 1),
    ]

    static func rules(expecting n: Int, of relation: String) throws -> GameRules {
        try GameCompiler.compile(source: """
            game "Segments"
            decks 1
            zone tableau 2
            deal tableau rest face up
            relation suited = same suit down
            relation alternating = alternate colour down
            relation upward = same suit up
            lift tableau {}
            accept tableau {}
            won when segments(tableau[1], \(relation)) == \(n)
            """, path: "segments.patience")
    }

    @Test(arguments: SegmentsFunctionTests.examples)
    func countsPieces(example: Example) throws {
        let board = try BoardText.parse("\(example.cards.isEmpty ? ":" : example.cards)\nKH\n").get()
        for guess in [example.segments - 1, example.segments, example.segments + 1] {
            let rules = try Self.rules(expecting: guess, of: example.relation)
            let table = try #require(Positions.partialTable(rules, board))
            expectEqual(rules.isWon(table), (guess == example.segments), "guess \(guess)")
        }
    }

    @Test func checksItsArguments() {
        let base = """
            game "Segments"
            decks 1
            zone tableau 2
            deal tableau rest face up
            relation suited = same suit down
            lift tableau {}
            """
        let wrongCount = lintRuleSource(base + "\nwon when segments(tableau[1]) == 1\n").diagnostics
        expectTrue(wrongCount.contains { $0.code == .wrongArgumentCount })
        let wrongType = lintRuleSource(base + "\nwon when segments(tableau[1], 3) == 1\n").diagnostics
        expectTrue(wrongType.contains { $0.code == .typeMismatch })
        let notCards = lintRuleSource(base + "\nwon when segments(suited, suited) == 1\n").diagnostics
        expectTrue(notCards.contains { $0.code == .typeMismatch })
    }
}
