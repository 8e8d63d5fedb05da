import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience

private struct Drag: DropSession {
    var draggedItemIDs: [Card]
    var suggestedOperations: [DropOperation] = [.move]
}

private func rules(_ name: String) throws -> GameRules {
    try GameCompiler.compile(path: TestPaths.fixture("Constructs/\(name).patience").path)
}

/// Removals through the drag-and-drop pipeline, the move notations and replay, and memory,
/// shuffles and hidden piles through save, restore, undo and redo (Grammar.md 10.3, 7.14, 9).
@Suite struct RemovalAndMemoryFacadeTests {
    @Test func droppingOneCardOfAPairOnTheOtherRemovesThePair() throws {
        let rules = try rules("Thirteens")
        var game = try Game(rules: rules, deal: .seed(3))
        let ten = game.cards(in: PileID(zone: "tableau", index: 2))[0].card
        let three = game.cards(in: PileID(zone: "tableau", index: 1))[0].card
        let nine = game.cards(in: PileID(zone: "tableau", index: 3))[0].card
        // Tableau piles have no lift rule, yet a card a removal can take lifts alone.
        expectEqual(game.cardStack(startingAt: ten), [ten])
        let onThree = ReorderDifference<Card, PileID>.Destination(position: .end, collectionID: PileID(zone: "tableau", index: 1))
        expectTrue(game.validateMove(session: Drag(draggedItemIDs: [ten]), destination: onThree))
        expectEqual(game.explainMove(session: Drag(draggedItemIDs: [ten]), destination: onThree), nil)
        expectFalse(game.validateMove(session: Drag(draggedItemIDs: [nine]), destination: onThree))
        expectEqual(game.explainMove(session: Drag(draggedItemIDs: [nine]), destination: onThree)?.code, .zoneCannotGive)
        let before = game.table
        try game.moveCards(difference: ReorderDifference(sources: [ten], destination: onThree))
        let discard = PileID(zone: "discard", index: 1)
        expectEqual(game.cards(in: discard).map(\.card), [three, ten])
        expectEqual(game.table.allCards.sorted(), rules.deck.sorted())
        expectEqual(game.state.undoStack.last, before)
        // A refused drop changes nothing.
        let after = game.table
        #expect(throws: Refusal.self) { try game.insertCards([nine], to: onThree) }
        expectEqual(game.table, after)
    }

    @Test func droppingACardOnTheDiscardPileRemovesItAlone() throws {
        let rules = try rules("Thirteens")
        var game = try Game(rules: rules, deal: .seed(3))
        let king = game.cards(in: PileID(zone: "tableau", index: 5))[0].card
        let discard = ReorderDifference<Card, PileID>.Destination(position: .end, collectionID: PileID(zone: "discard", index: 1))
        expectTrue(game.validateMove(session: Drag(draggedItemIDs: [king]), destination: discard))
        try game.insertCards([king], to: discard)
        expectEqual(game.cards(in: PileID(zone: "discard", index: 1)).map(\.card), [king])
        try game.remove([PileID(zone: "tableau", index: 9)])
        expectEqual(game.cards(in: PileID(zone: "discard", index: 1)).count, 2)
        game.undo()
        game.undo()
        #expect(game.table == (try rules.deal(.seed(3))))
    }

    @Test func removalsHaveTheirOwnNotation() throws {
        let rules = try rules("Thirteens")
        let notation = MoveNotation(rules: rules)
        let play = try notation.play("remove(tableau[10]+tableau[2])")
        expectEqual(play, .remove(piles: [2, 10]))
        expectEqual(notation.text(of: play), "remove(tableau[2]+tableau[10])")
        #expect(try notation.play("remove(tableau[5])") == .remove(piles: [5]))
        #expect(throws: DiagnosticsError.self) { try notation.play("remove(tableau[2]+tableau[2])") }
        #expect(throws: DiagnosticsError.self) { try notation.play("remove(talbeau[2])") }
        #expect(throws: DiagnosticsError.self) { try notation.play("remove()") }
        let json = notation.json(of: [play])
        expectTrue(json.contains(#""kind": "remove""#) && json.contains(#""piles": ["tableau[2]", "tableau[10]"]"#))
        // Freecell Solver's notation has no removal; it reads none.
        #expect(throws: DiagnosticsError.self) { try FCSNotation(rules: rules).move("remove(tableau[5])", on: rules.deal(.seed(3))) }
    }

    @Test func replayAppliesRemovalsAndStopsAtARefusedOne() throws {
        let rules = try rules("Thirteens")
        let replay = Replay(rules: rules, notation: .patience)
        let outcome = replay.run("remove(tableau[5]) remove(tableau[2]+tableau[1]) # a pair\nremove(tableau[4]+tableau[6])", from: try rules.deal(.seed(3)))
        expectEqual(outcome.applied, 2)
        expectEqual(outcome.failure?.refusal?.code, .removalRefused)
        expectEqual(outcome.table.piles[RemovalAndMemoryFacadeTests.discard(rules)].count, 3)
    }

    static func discard(_ rules: GameRules) -> Int { rules.pileIndex(of: PileID(zone: "discard", index: 1))! }

    @Test(arguments: ["Thirteens", "BaseCard"])
    func randomPlaysConserveCardsAndSaveUndoAndRedoExactly(game name: String) throws {
        let rules = try rules(name)
        var generator = SeededGenerator(seed: 99)
        for deal in 1...4 {
            var game = try Game(rules: rules, deal: .seed(UInt64(deal)))
            for _ in 0..<80 {
                let plays = game.legalPlays
                guard !plays.isEmpty else { break }
                let play = plays[generator.nextIndex(below: plays.count)]
                let before = game.table
                try game.apply(play)
                expectEqual(game.table.allCards.sorted(), rules.deck.sorted())
                // A play applied again to the same table gives the same table, shuffles included.
                #expect(try rules.applying(play, to: before) == game.table)
                expectEqual(rules.problem(forRestoring: game.table), nil)
            }
            let saved = try JSONEncoder().encode(game.state)
            var restored = try Game(rules: rules, state: try JSONDecoder().decode(GameState.self, from: saved))
            expectEqual(restored.state, game.state)
            while restored.undo() {}
            #expect(restored.table == (try rules.deal(.seed(UInt64(deal)))))
            while restored.redo() {}
            expectEqual(restored.table, game.table)
        }
    }

    @Test func scoreIsOnTheFacade() throws {
        let game = try Game(rules: try rules("BaseCard"), deal: .seed(3))
        expectEqual(game.score, 1)
        #expect(try Game(rules: try rules("Thirteens"), deal: .seed(3)).score == nil)
    }
}
