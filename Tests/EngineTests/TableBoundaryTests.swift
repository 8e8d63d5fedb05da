import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience

/// The engine's public questions and plays at their boundary: pile numbers no table has, tables
/// that do not fit the rules, and effects that fault after a move. None may trap, and listing,
/// validating and applying must agree.
@Suite struct TableBoundaryTests {
    static let klondike = try! GameCompiler.compile(path: TestPaths.rules.appendingPathComponent("Klondike.patience").path)
    static let freeCell = try! GameCompiler.compile(path: TestPaths.rules.appendingPathComponent("FreeCell.patience").path)

    // MARK: Pile numbers that overflow

    @Test func tappingTheLargestPileNumber() throws {
        var game = try Game(rules: Self.klondike, deal: DealSource(spec: "seed:1"))
        #expect(throws: Refusal(code: .noSuchPile, message: "there is no pile 9223372036854775808 on this table")) {
            try game.apply(.tap(pile: Int.max))
        }
    }

    @Test func movingFromTheLargestPileNumber() throws {
        let table = try Self.klondike.deal(DealSource(spec: "seed:1"))
        let refusal = Self.klondike.refusal(for: Move(source: Int.max, count: 1, destination: 0), on: table)
        expectEqual(refusal?.code, .noSuchPile)
        expectEqual(refusal?.message, "there is no pile 9223372036854775808 on this table")
        #expect(throws: Refusal.self) { try Self.klondike.applying(Move(source: 0, count: 1, destination: Int.max), to: table) }
    }

    @Test func aDecodedTapOfTheLargestPile() throws {
        let play = try JSONDecoder().decode(Play.self, from: Data(#"{"tap":{"pile":9223372036854775807}}"#.utf8))
        let table = try Self.klondike.deal(DealSource(spec: "seed:1"))
        #expect(throws: Refusal.self) { try Self.klondike.applying(play, to: table) }
    }

    @Test func namingPilesThatAreNotThere() {
        let notation = MoveNotation(rules: Self.klondike)
        expectEqual(notation.text(of: .tap(pile: 99)), "tap(pile#99)")
        expectEqual(notation.text(of: .move(Move(source: -1, count: 2, destination: Int.max))), "pile#-1x2->pile#\(Int.max)")
        expectEqual(Self.klondike.pileID(-1), PileID(zone: "", index: -1))
        expectEqual(Self.klondike.pileIndex(of: Self.klondike.pileID(-1)), nil)
        expectTrue(Self.klondike.zone(ofPile: Int.min).piles.isEmpty)
        // Index = pile - first + 1, saturating: Int.min - 0 stays Int.min, then one is added.
        expectEqual(Self.klondike.zones[0].pileID(Int.min).index, Int.min + 1)
        expectEqual(Self.klondike.zones[1].pileID(Int.max).index, Int.max)
    }

    // MARK: Tables that do not fit the rules

    static func short(_ table: CardTable) -> CardTable {
        CardTable(piles: Array(table.piles.prefix(3)), actionUses: table.actionUses)
    }

    @Test func aShortKlondikeTableIsRefusedNotIndexed() throws {
        let table = Self.short(try Self.klondike.deal(DealSource(spec: "seed:1")))
        let message = "this table does not fit Klondike: it has 3 piles and 2 action counts, but the game has 13 piles and 2 actions"
        #expect(throws: Refusal(code: .boardDoesNotFitZones, message: message)) { try Self.klondike.tapping(pile: 0, on: table) }
        #expect(throws: Refusal(code: .boardDoesNotFitZones, message: message)) {
            try Self.klondike.applying(Move(source: 1, count: 1, destination: 2), to: table)
        }
        expectEqual(Self.klondike.refusal(for: Move(source: 1, count: 1, destination: 2), on: table)?.message, message)
        expectFalse(Self.klondike.allows(Move(source: 1, count: 1, destination: 2), on: table))
        expectFalse(Self.klondike.isStuck(table))
        expectFalse(Self.klondike.isWon(table))
        expectFalse(Self.klondike.isDeadEnd(table))
        expectTrue(Self.klondike.legalPlays(on: table).isEmpty)
        expectNotEqual(Self.klondike.problem(forRestoring: table), nil)
    }

    @Test func aTableWithTooFewActionCounts() throws {
        var table = try Self.klondike.deal(DealSource(spec: "seed:1"))
        table.actionUses = []
        #expect(throws: Refusal.self) { try Self.klondike.tapping(pile: 0, on: table) }
        expectTrue(Self.klondike.legalTaps(on: table).isEmpty)
    }

    @Test func aShortFreeCellTableSaysWhy() throws {
        let table = Self.short(try Self.freeCell.deal(DealSource(spec: "ms:1")))
        expectTrue(Self.freeCell.legalMoves(on: table).isEmpty)
        expectEqual(Self.freeCell.refusal(for: Move(source: 0, count: 1, destination: 1), on: table)?.code, .boardDoesNotFitZones)
    }

    @Test func aCardWithARawValueOutOfRangeIsNotADuplicate() throws {
        var table = try Self.freeCell.deal(DealSource(spec: "ms:1"))
        let last = table.piles.indices.last { !table.piles[$0].cards.isEmpty }!
        let card = table.piles[last].cards.removeLast()
        table.piles[last].cards.append(PlacedCard(Card(rawValue: card.card.rawValue + 52 * 100), faceUp: true))
        let problem = try #require(Self.freeCell.problem(forRestoring: table))
        expectEqual(problem.diagnostics.map(\.code), [.unknownCard])
        expectEqual(problem.diagnostics.first?.message.hasPrefix("the table holds a card with raw value \(card.card.rawValue + 5200), which is no card of any deck"), true)
    }

    // MARK: Effects that fault after a move

    /// Moving the last card off the first pile leaves it empty, and the effect then reads its top card.
    static let faultingEffect = try! GameCompiler.compile(source: """
        game "Fault"
        decks 1
        zone tableau 2
        zone stock 1
        deal tableau 1 cards face up
        deal stock rest face down
        lift tableau { require run.size == 1 else "one card at a time" }
        accept tableau { require run.size == 1 else "one card at a time" }
        effect peek {
          if tableau[1].top.rank == 0 {
            flip tableau[2]
          }
        }
        won when stock.empty

        """, path: "fault.patience")

    @Test func listingValidatingAndApplyingAgreeWhenAnEffectFaults() throws {
        let rules = Self.faultingEffect
        let table = try rules.deal(DealSource(spec: "seed:1"))
        let faulting = Move(source: 0, count: 1, destination: 1)
        #expect(throws: Refusal.self) { try rules.applying(faulting, to: table) }
        expectNotContains(rules.legalMoves(on: table), faulting)
        expectFalse(rules.allows(faulting, on: table))
        let refusal = try #require(rules.refusal(for: faulting, on: table))
        expectEqual(refusal.code, .readMissingCard)
        expectHasPrefix(refusal.message, "an effect failed after the move: ")
        // The other way the effect reads a pile that still has its card, so it is legal everywhere.
        let fine = Move(source: 1, count: 1, destination: 0)
        expectContains(rules.legalMoves(on: table), fine)
        expectTrue(rules.allows(fine, on: table))
        #expect((try? rules.applying(fine, to: table)) != nil)
        // Every listed move applies.
        for move in rules.legalMoves(on: table) { #expect((try? rules.applying(move, to: table)) != nil) }
    }

    /// Validation applies a move to learn whether its effects refuse it only where an effect may
    /// fault: the checker finds the fault sites, including those of the definitions an effect uses.
    @Test func onlyEffectsThatMayFaultAreRunToValidate() throws {
        expectTrue(Self.faultingEffect.effectsCanFault)
        // Klondike's `for t in tableau { flip t }` cannot fault; Spider's `first(f in foundation: f.empty)`
        // and `top(t, 13).first` are guarded by `any(f in foundation: f.empty)` and `t.size >= 13`
        // (see `GuardedReadTests`); without the guard, `first` finds nothing when every foundation is full.
        #expect(!(try GameCompiler.compile(path: TestPaths.rules("Klondike"))).effectsCanFault)
        #expect(!(try GameCompiler.compile(path: TestPaths.rules("Spider"))).effectsCanFault)
        let unguardedSpider = try String(contentsOfFile: TestPaths.rules("Spider"), encoding: .utf8)
            .replacingOccurrences(of: "\n        and any(f in foundation: f.empty)", with: "")
        #expect(try GameCompiler.compile(source: unguardedSpider, path: "spider.patience").effectsCanFault)
        // The same faulting read, reached through a definition that a lift rule checked first.
        let throughDefinition = try GameCompiler.compile(source: """
            game "Fault"
            decks 1
            zone tableau 2
            zone stock 1
            deal tableau 1 cards face up
            deal stock rest face down
            let first_rank = tableau[1].top.rank
            lift tableau { require run.size == 1 or first_rank > 0 else "one card at a time" }
            accept tableau { require run.size == 1 else "one card at a time" }
            effect peek {
              if first_rank == 0 {
                flip tableau[2]
              }
            }
            won when stock.empty

            """, path: "fault.patience")
        expectTrue(throughDefinition.effectsCanFault)
        let table = try throughDefinition.deal(DealSource(spec: "seed:1"))
        expectFalse(throughDefinition.allows(Move(source: 0, count: 1, destination: 1), on: table))
    }
}
