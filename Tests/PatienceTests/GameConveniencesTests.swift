import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceFormats
@testable import Patience

/// What an app developer reaches for beyond validation: the pile of a card, the move for a
/// dragged or double-tapped card, why a tap is refused, the drag payload, and readable errors.
@Suite struct GameConveniencesTests {
    func game(_ name: String, options: [String: String] = [:], _ layout: [String: String], actionUses: [String: Int] = [:]) throws -> Game {
        let rules = try Positions.rules(name, options: options)
        return try Game(rules: rules, state: GameState(table: try Positions.table(rules, layout, actionUses: actionUses)))
    }

    func card(_ text: String) throws -> Card { try Positions.card(text) }

    /// 6H on tableau[1] fits 7C on tableau[2] and 7S on tableau[4]; AS goes home; 2H waits for AH.
    static let klondike: [String: String] = [
        "tableau 1": "#9D 6H", "tableau 2": "#4C 7C", "tableau 3": "AS", "tableau 4": "7S",
        "tableau 5": "2H", "foundation 2": "AD", "waste": "5D", "stock": "#...",
    ]

    @Test func pileOfACard() throws {
        let game = try game("Klondike", Self.klondike)
        #expect(game.pile(of: try card("6H")) == PileID(zone: "tableau", index: 1))
        #expect(game.pile(of: try card("9D")) == PileID(zone: "tableau", index: 1), "face down, still in its pile")
        #expect(game.pile(of: try card("AD")) == PileID(zone: "foundation", index: 2))
        expectEqual(game.pile(of: Card(rank: 1, suit: .spades, copy: 1)), nil, "no second deck")
    }

    @Test func bestMoveForADropOnAPile() throws {
        let game = try game("Klondike", Self.klondike)
        let sixHearts = try card("6H")
        // A drop on a pile that takes the card is that move.
        expectEqual(game.bestMove(from: sixHearts, to: PileID(zone: "tableau", index: 4)), Move(source: 2 + 4, count: 1, destination: 2 + 4 + 3), "stock, waste and four foundations come first")
        // A drop on a pile of the right zone that does not take it goes to the nearest one that does.
        let toSixth = game.bestMove(from: sixHearts, to: PileID(zone: "tableau", index: 6))
        expectEqual(toSixth.map { game.rules.address(ofPile: $0.destination) }, "tableau[4]")
        let toFirst = game.bestMove(from: sixHearts, to: PileID(zone: "tableau", index: 1))
        expectEqual(toFirst.map { game.rules.address(ofPile: $0.destination) }, "tableau[2]")
        // An ace dropped on the wrong foundation goes to an empty one; the 2H on the AD's pile goes nowhere.
        let ace = game.bestMove(from: try card("AS"), to: PileID(zone: "foundation", index: 2))
        expectEqual(ace.map { game.rules.zone(ofPile: $0.destination).name }, "foundation")
        expectEqual(ace.map { game.table.piles[$0.destination].isEmpty }, true)
        #expect(game.bestMove(from: try card("2H"), to: PileID(zone: "foundation", index: 2)) == nil)
        // A card that cannot lift, or a pile that does not exist, gives no move.
        #expect(game.bestMove(from: try card("9D"), to: PileID(zone: "tableau", index: 4)) == nil)
        expectEqual(game.bestMove(from: sixHearts, to: PileID(zone: "tableau", index: 99)), nil)
    }

    @Test func bestMoveWithoutADestinationPrefersAFoundation() throws {
        var game = try game("Klondike", Self.klondike)
        let ace = try #require(game.bestMove(from: try card("AS")))
        expectEqual(game.rules.zone(ofPile: ace.destination).role, .foundation)
        let six = try #require(game.bestMove(from: try card("6H")))
        expectEqual(game.rules.zone(ofPile: six.destination).name, "tableau")
        try game.apply(.move(ace))
        #expect(game.pile(of: try card("AS"))?.zone == "foundation")
        #expect(game.bestMove(from: try card("5D")) == nil, "the waste's 5D fits nowhere")
    }

    @Test func explainTapSaysWhyATapIsRefused() throws {
        let dealing = try game("Klondike", Self.klondike)
        expectEqual(dealing.explainTap(PileID(zone: "stock", index: 1)), nil)
        expectTrue(dealing.canTap(PileID(zone: "stock", index: 1)))
        let tableau = try #require(dealing.explainTap(PileID(zone: "tableau", index: 1)))
        expectEqual(tableau.code, .noActionHere)
        expectEqual(dealing.explainTap(PileID(zone: "nowhere", index: 1))?.code, .noSuchPile)

        // With no redeals left, turning the empty stock is refused by the rule's limit.
        var layout = Self.klondike
        layout["stock"] = nil
        layout["waste"] = "..."
        let spent = try game("Klondike", options: ["redeals": "0"], layout)
        let refusal = try #require(spent.explainTap(PileID(zone: "stock", index: 1)))
        expectEqual(refusal.code, .actionLimitReached)
        expectFalse(spent.canTap(PileID(zone: "stock", index: 1)))
        // The answer is the one tapping gives, and asking changes nothing.
        var tapped = spent
        #expect(throws: refusal) { try tapped.tap(PileID(zone: "stock", index: 1)) }
        expectEqual(tapped.state, spent.state)
    }

    @Test func dragPayloadIsTheCardAndTheCardsOnIt() throws {
        let game = try game("Klondike", ["tableau 1": "#2C 9S 8H 7C", "stock": "#..."])
        #expect(game.dragPayload(for: [try card("8H")]).map(\.card) == (try Positions.cards("8H 7C")))
        #expect(game.dragPayload(for: [try card("2C")]).isEmpty, "face down")
        expectTrue(game.dragPayload(for: []).isEmpty)
    }

    @Test func everyErrorPrintsReadably() throws {
        let refusal = Refusal(code: .acceptRefused, message: "a foundation builds up in suit", file: "Rules/Klondike.patience",
                              range: SourceRange(start: SourceLocation(offset: 40, line: 3, column: 5), end: SourceLocation(offset: 44, line: 3, column: 9)))
        expectEqual("\(refusal)", "Rules/Klondike.patience:3:5: error[P0607]: a foundation builds up in suit")
        expectEqual(refusal.localizedDescription, "\(refusal)")
        let problem = DiagnosticsError(.invalidDealSpec, "'x' is not a deal")
        expectEqual(problem.localizedDescription, "error[\(DiagnosticCode.invalidDealSpec.rawValue)]: 'x' is not a deal")
        guard case .failure(let board) = BoardText.parse("1H\n") else {
            Issue.record("1H was read as a card")
            return
        }
        expectEqual(board.localizedDescription, board.description)
        expectHasPrefix(board.description, "1:1: ")
        // A restored game of another game's tables says why, readably.
        let freeCell = try Positions.rules("FreeCell")
        let klondike = try game("Klondike", Self.klondike)
        #expect(throws: DiagnosticsError.self) { try Game(rules: freeCell, state: klondike.state) }
        do {
            _ = try Game(rules: freeCell, state: klondike.state)
        } catch {
            expectContains(error.localizedDescription, "piles")
        }
    }
}
