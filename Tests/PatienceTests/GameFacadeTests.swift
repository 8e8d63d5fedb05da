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

/// The drag-and-drop facade: every answer a UI asks `Game` for, on hand-written positions.
@Suite struct GameFacadeTests {
    typealias Destination = ReorderDifference<Card, PileID>.Destination

    func game(_ name: String, options: [String: String] = [:], _ layout: [String: String]) throws -> Game {
        let rules = try Positions.rules(name, options: options)
        return try Game(rules: rules, state: GameState(table: try Positions.table(rules, layout)))
    }

    func pileID(_ address: String) throws -> PileID {
        let words = address.split(separator: " ")
        return PileID(zone: String(words[0]), index: words.count > 1 ? Int(words[1])! : 1)
    }

    func destination(_ address: String) throws -> Destination { Destination(collectionID: try pileID(address)) }

    func text(_ game: Game, _ address: String) throws -> String {
        Positions.text(of: Pile(game.cards(in: try pileID(address))))
    }

    /// Takes back the last play, which the test expects there to be.
    func undo(_ game: inout Game, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let undone = game.undo()
        expectTrue(undone, "there was nothing to undo", sourceLocation: sourceLocation)
    }

    /// Plays again the last play taken back, which the test expects there to be.
    func redo(_ game: inout Game, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let redone = game.redo()
        expectTrue(redone, "there was nothing to redo", sourceLocation: sourceLocation)
    }

    func session(_ cards: String) throws -> CardDropSession { CardDropSession(draggedItemIDs: try Positions.cards(cards)) }

    /// A Klondike position with a flip waiting under 7H, a waste, and a stock with JC on top.
    static let klondike: [String: String] = [
        "tableau 1": "#2C 9S 8H 7C", "tableau 2": "#4C 7H", "tableau 3": "8S", "tableau 4": "8D",
        "tableau 5": "6H", "waste": "6D 5C", "stock": "#... #JC",
    ]

    // MARK: Lifting

    @Test func cardStackIsTheCardAndTheCardsOnIt() throws {
        let game = try game("Klondike", Self.klondike)
        #expect(game.cardStack(startingAt: try Positions.card("8H")) == (try Positions.cards("8H 7C")))
        #expect(game.cardStack(startingAt: try Positions.card("9S")) == (try Positions.cards("9S 8H 7C")))
        #expect(game.cardStack(startingAt: try Positions.card("7C")) == (try Positions.cards("7C")))
        #expect(game.cardStack(startingAt: try Positions.card("5C")) == (try Positions.cards("5C")))
    }

    @Test func cardStackIsEmptyWhenTheCardCannotLift() throws {
        let game = try game("Klondike", Self.klondike)
        #expect(game.cardStack(startingAt: try Positions.card("2C")).isEmpty, "face down")
        #expect(game.cardStack(startingAt: try Positions.card("JC")).isEmpty, "in the stock")
        #expect(game.cardStack(startingAt: try Positions.card("6D")).isEmpty, "under the waste's top card")
        expectTrue(game.cardStack(startingAt: Card(rank: 1, suit: .spades, copy: 1)).isEmpty, "not in a one-deck game")
    }

    @Test func cardStackFollowsTheLiftRule() throws {
        let freeCell = try game("FreeCell", ["tableau 1": "2D 9H 8S 7D", "tableau 8": "..."])
        #expect(freeCell.cardStack(startingAt: try Positions.card("9H")) == (try Positions.cards("9H 8S 7D")))
        #expect(freeCell.cardStack(startingAt: try Positions.card("2D")).isEmpty)

        // Spider's second copy of a card is a different card: the stack starts at the copy dragged.
        let spider = try game("Spider", ["tableau 1": "5H 4S 3S", "tableau 2": "4S", "stock": "#..."])
        let secondFour = Card(rank: 4, suit: .spades, copy: 1)
        expectEqual(spider.cardStack(startingAt: secondFour), [secondFour])
        expectEqual(spider.cardStack(startingAt: Card(rank: 4, suit: .spades)), [Card(rank: 4, suit: .spades), Card(rank: 3, suit: .spades)])
        expectTrue(spider.cardStack(startingAt: Card(rank: 5, suit: .hearts)).isEmpty)
    }

    @Test func dragConfigurationOffersAMoveOnlyForALiftableCard() throws {
        let game = try game("Klondike", Self.klondike)
        let run = game.dragConfiguration(for: try Positions.card("8H"))
        #expect(run == DragConfiguration(items: try Positions.cards("8H 7C"), allowedOperations: [.move]))
        expectTrue(run.isEnabled)
        let faceDown = game.dragConfiguration(for: try Positions.card("2C"))
        expectTrue(faceDown.items.isEmpty && faceDown.allowedOperations.isEmpty && !faceDown.isEnabled)
    }

    // MARK: Validating

    @Test func validateMoveAnswersForTheDraggedCards() throws {
        let game = try game("Klondike", Self.klondike)
        #expect(game.validateMove(session: try session("7H"), destination: try destination("tableau 3")))
        #expect(!game.validateMove(session: try session("7H"), destination: try destination("tableau 4")))
        #expect(game.validateMove(session: try session("5C"), destination: try destination("tableau 5")))
        // Only the whole stack on a card can be dragged, and only to a pile that exists.
        #expect(!game.validateMove(session: try session("8H"), destination: try destination("tableau 3")))
        #expect(!game.validateMove(session: try session("7H"), destination: Destination(collectionID: PileID(zone: "tableau", index: 8))))
        #expect(!game.validateMove(session: CardDropSession(draggedItemIDs: []), destination: try destination("tableau 3")))
        // A drop before a card of the destination still goes on top; before a card of another pile it is refused.
        #expect(game.validateMove(session: try session("7H"), destination: Destination(position: .before(try Positions.card("8S")),
                                                                                     collectionID: try pileID("tableau 3"))))
        #expect(!game.validateMove(session: try session("7H"), destination: Destination(position: .before(try Positions.card("8D")),
                                                                                      collectionID: try pileID("tableau 3"))))
    }

    @Test func explainMoveNamesTheRefusingRule() throws {
        let game = try game("Klondike", Self.klondike)
        #expect(game.explainMove(session: try session("7H"), destination: try destination("tableau 3")) == nil)

        let refusal = try #require(game.explainMove(session: try session("7H"), destination: try destination("tableau 4")))
        expectEqual(refusal.code, .acceptRefused)
        expectEqual(refusal.message, "a tableau pile builds down in alternating colours")
        expectEqual(refusal.file, Positions.rulesPath("Klondike"))
        let line = try #require(try Positions.lines(containing: "require builds(top, run.first, build)", in: "Klondike").first)
        expectEqual(refusal.range?.start.line, line)
        expectGreater((refusal.range?.end.offset ?? 0), (refusal.range?.start.offset ?? 0))

        let partial = try #require(game.explainMove(session: try session("8H"), destination: try destination("tableau 3")))
        expectEqual(partial.code, .cardNotInPile)
        let faceDown = try #require(game.explainMove(session: try session("2C 9S 8H 7C"), destination: try destination("tableau 5")))
        expectEqual(faceDown.code, .faceDownInRun)
    }

    @Test func explainMoveReportsTheSupermoveLimit() throws {
        // No free cell and no empty column but the destination: one card at a time.
        let game = try game("FreeCell", [
            "cell 1": "KC", "cell 2": "KD", "cell 3": "KH", "cell 4": "KS",
            "tableau 1": "9H 8S", "tableau 3": "2C", "tableau 4": "3C", "tableau 5": "4C", "tableau 6": "5C", "tableau 7": "6C",
            "tableau 8": "...",
        ])
        let refusal = try #require(game.explainMove(session: try session("9H 8S"), destination: try destination("tableau 2")))
        expectEqual(refusal.code, .capacityExceeded)
        expectEqual(refusal.message, "2 cards cannot move together here; at most 1 can")
        #expect(refusal.range?.start.line == (try Positions.lines(containing: "capacity tableau =", in: "FreeCell")).first)
        #expect(game.validateMove(session: try session("8S"), destination: try destination("tableau 2")))
    }

    @Test func dropConfigurationIsMoveOrForbidden() throws {
        let game = try game("Klondike", Self.klondike)
        let target = try destination("tableau 3")
        #expect(game.dropConfiguration(session: try session("7H"), destination: target) == DropConfiguration(operation: .move, destination: target))
        #expect(game.dropConfiguration(session: try session("7H"), destination: try destination("tableau 4"))
                == DropConfiguration(operation: .forbidden, destination: nil))
        // A legal drop is still forbidden when the drag does not offer to move.
        let copyOnly = CardDropSession(draggedItemIDs: try Positions.cards("7H"), suggestedOperations: [.copy])
        expectEqual(game.dropConfiguration(session: copyOnly, destination: target).operation, .forbidden)
    }

    // MARK: Playing

    @Test func moveCardsAppliesTheMoveWithItsEffects() throws {
        var game = try game("Klondike", Self.klondike)
        let before = game.state
        try game.moveCards(difference: ReorderDifference(sources: try Positions.cards("7H"), destination: try destination("tableau 3")))
        #expect(try text(game, "tableau 3") == "8S 7H")
        #expect(try text(game, "tableau 2") == "4C", "the exposed card turns over with the move")
        expectEqual(game.state.undoStack, [before.table])
        expectTrue(game.state.redoStack.isEmpty)
        expectEqual(game.table.allCards.sorted(), game.rules.deck)
    }

    @Test func insertCardsMovesARun() throws {
        var game = try game("FreeCell", ["tableau 1": "2D 9H 8S 7D", "tableau 2": "10C", "tableau 8": "..."])
        try game.insertCards(try Positions.cards("9H 8S 7D"), to: try destination("tableau 2"))
        #expect(try text(game, "tableau 2") == "10C 9H 8S 7D")
        #expect(try text(game, "tableau 1") == "2D")
        expectTrue(game.canUndo)
    }

    @Test func aRefusedMoveOrTapLeavesTheStateExactlyAsItWas() throws {
        var game = try game("Klondike", Self.klondike)
        // Give the state an undo and a redo history, which a refusal must not touch either.
        try game.tap(try pileID("stock"))
        try game.insertCards(try Positions.cards("7H"), to: try destination("tableau 3"))
        undo(&game)
        let before = game.state
        expectTrue(!before.undoStack.isEmpty && !before.redoStack.isEmpty)

        #expect(throws: Refusal.self) {
            try game.moveCards(difference: ReorderDifference(sources: try Positions.cards("7H"), destination: try destination("tableau 4")))
        }
        expectEqual(game.state, before)
        #expect(throws: Refusal.self) { try game.insertCards(try Positions.cards("2C 9S 8H 7C"), to: try destination("tableau 5")) }
        expectEqual(game.state, before)
        #expect(throws: Refusal.self) { try game.tap(try pileID("waste")) }
        expectEqual(game.state, before)

        var empty = try self.game("Klondike", options: ["redeals": "0"], ["waste": "3C", "tableau 1": "#..."])
        let emptyBefore = empty.state
        let refusal = try #require(throws: Refusal.self) { try empty.tap(try pileID("stock")) }
        expectEqual(refusal.code, .actionLimitReached)
        expectEqual(empty.state, emptyBefore)
    }

    @Test func undoAndRedoTakeTheFlipWithTheMove() throws {
        var game = try game("Klondike", Self.klondike)
        let start = game.table
        let undid = game.undo(), redid = game.redo()
        expectTrue(!undid && !redid, "a new game has no history")
        try game.insertCards(try Positions.cards("7H"), to: try destination("tableau 3"))
        let moved = game.table
        undo(&game)
        expectEqual(game.table, start)
        #expect(try text(game, "tableau 2") == "#4C 7H")
        expectTrue(game.canRedo && !game.canUndo)
        redo(&game)
        expectEqual(game.table, moved)
        #expect(try text(game, "tableau 2") == "4C")
        // A new play after an undo forgets the redo history.
        undo(&game)
        try game.tap(try pileID("stock"))
        expectFalse(game.canRedo)
        #expect(try text(game, "waste") == "6D 5C JC")
    }

    @Test func undoTakesBackARedealAndItsUse() throws {
        var game = try game("Klondike", options: ["redeals": "1"], ["waste": "3C 8D", "tableau 1": "#..."])
        try game.tap(try pileID("stock"))
        expectEqual(game.table.actionUses, [0, 1])
        #expect(try text(game, "stock") == "#8D #3C")
        // Draw both cards again: the stock is empty and the one redeal is spent.
        try game.tap(try pileID("stock"))
        try game.tap(try pileID("stock"))
        #expect(throws: Refusal.self) { try game.tap(try pileID("stock")) }
        undo(&game)
        undo(&game)
        undo(&game)
        expectEqual(game.table.actionUses, [0, 0])
        #expect(try text(game, "waste") == "3C 8D")
        #expect(try text(game, "stock") == "")
    }

    @Test func undoAndRedoTakeACompletedSpiderRunWithTheMove() throws {
        var game = try game("Spider", ["tableau 1": "#4D KS..2S", "tableau 2": "#7C AS", "stock": "#..."])
        try game.insertCards([Card(rank: 1, suit: .spades)], to: try destination("tableau 1"))
        #expect(try text(game, "foundation 1") == "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS")
        #expect(try text(game, "tableau 1") == "4D")
        #expect(try text(game, "tableau 2") == "7C")
        undo(&game)
        #expect(try text(game, "foundation 1") == "")
        #expect(try text(game, "tableau 1") == "#4D KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")
        #expect(try text(game, "tableau 2") == "#7C AS")
        redo(&game)
        #expect(try text(game, "foundation 1") == "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS")
        #expect(try text(game, "tableau 1") == "4D")
    }

    // MARK: Game end

    @Test(arguments: ["Klondike", "FreeCell"]) func isWonWhenEveryFoundationIsFull(name: String) throws {
        let full = ["foundation 1": "AC..KC", "foundation 2": "AD..KD", "foundation 3": "AH..KH", "foundation 4": "AS..KS"]
        let won = try game(name, full)
        expectTrue(won.isWon)
        expectFalse(won.isStuck, "a won game is not stuck")

        // One king short of the win, then the winning move.
        let lastCard = name == "Klondike" ? "tableau 1" : "cell 1"
        var almost = try game(name, full.merging(["foundation 4": "AS..QS", lastCard: "KS"]) { $1 })
        expectFalse(almost.isWon)
        try almost.insertCards([try Positions.card("KS")], to: try destination("foundation 4"))
        expectTrue(almost.isWon)
    }

    @Test func spiderIsWonWithEightCompletedRuns() throws {
        let runs = ["KC..AC", "KD..AD", "KH..AH", "KS..AS"]
        var layout: [String: String] = [:]
        for i in 0..<8 { layout["foundation \(i + 1)"] = runs[i % 4] }
        #expect(try game("Spider", layout).isWon)
        layout["foundation 8"] = nil
        layout["tableau 1"] = "..."
        #expect(!(try game("Spider", layout).isWon))
    }

    @Test func isStuckWhenNoMoveOrActionRemains() throws {
        // Stock and waste spent; the only face-up card is a five that has nowhere to go.
        let stuck = try game("Klondike", ["tableau 1": "#... 5D"])
        expectTrue(stuck.isStuck)
        expectTrue(stuck.legalPlays.isEmpty)
        // A king could fill an empty pile, and a waste card could be turned over: neither is stuck.
        #expect(!(try game("Klondike", ["tableau 1": "#... KD"]).isStuck))
        #expect(!(try game("Klondike", ["tableau 1": "#... 5D", "waste": "3C"]).isStuck))
        // With no redeal left, the same waste card is only a card to play.
        #expect(try game("Klondike", options: ["redeals": "0"], ["tableau 1": "#... 5D", "waste": "KC"]).legalPlays.count == 6)
    }

    @Test func aDeadEndIsATableWhereOnlyUselessTapsRemain() throws {
        // Unlimited redeals: the three of clubs can be turned over forever, and never played.
        let endless = try game("Klondike", ["tableau 1": "#... 5D", "waste": "3C"])
        expectTrue(!endless.isStuck && !endless.legalPlays.isEmpty)
        expectTrue(endless.isDeadEnd)
        // The stock holds a red five for the black six: turning it over brings a move.
        #expect(!(try game("Klondike", ["tableau 1": "#... 6C", "waste": "3C", "stock": "#5D"]).isDeadEnd))
        // A card deep in the stock counts too, and so does one that only a redeal brings back.
        #expect(!(try game("Klondike", ["tableau 1": "#... 6C", "waste": "5D 3C", "stock": "#2C #4C"]).isDeadEnd))
        // With no redeal left, the same cards in the waste are out of reach for good.
        #expect(try game("Klondike", options: ["redeals": "0"], ["tableau 1": "#... 6C", "waste": "5D 3C", "stock": "#2C #4C"]).isDeadEnd)
        // A stuck table is a dead end; a table with a move, or a won one, is not.
        #expect(try game("Klondike", ["tableau 1": "#... 5D"]).isDeadEnd)
        #expect(!(try game("Klondike", ["tableau 1": "#... KD"]).isDeadEnd))
        let full = ["foundation 1": "AC..KC", "foundation 2": "AD..KD", "foundation 3": "AH..KH", "foundation 4": "AS..KS"]
        #expect(!(try game("Klondike", full).isDeadEnd))
    }

    /// Where a rule reads how often an action was used, a layout seen again after more uses may
    /// allow a play the first visit did not, so the dead-end search tells the counts apart.
    @Test func aDeadEndCountsUsesWhereARuleReadsThem() throws {
        let klondike = try String(contentsOfFile: TestPaths.rules("Klondike"), encoding: .utf8)
        let king = #"require run.first.rank == K else "only a king can fill an empty tableau pile""#
        expectContains(klondike, king)
        let patient = klondike.replacingOccurrences(
            of: king, with: #"require run.first.rank == K or uses(redeal) >= 2 else "only a king can fill an empty tableau pile, until the second redeal""#)
        let rules = try GameCompiler.compile(source: patient, path: "Patient.patience")
        expectTrue(rules.facts.readsActionUses)
        #expect(!(try Positions.rules("Klondike", options: [:]).facts.readsActionUses))
        // No play now: the five of diamonds waits for an empty pile, which takes only a king until
        // the waste has been turned over twice; each pass through the stock comes back to this layout.
        let layout = ["tableau 1": "#... 5D", "tableau 2": "", "waste": "3C"]
        let table = try Positions.table(rules, layout)
        expectTrue(rules.legalMoves(on: table).isEmpty)
        expectFalse(rules.isDeadEnd(table))
        // With no redeal allowed, the same layout is a dead end.
        let strict = try GameCompiler.compile(source: patient, path: "Patient.patience", options: ["redeals": "1"])
        #expect(strict.isDeadEnd(try Positions.table(strict, layout)))
    }

    // MARK: Saving

    @Test func gameStateRoundTripsThroughJSON() throws {
        var game = try game("Spider", options: ["suits": "2"], ["tableau 1": "#4H KS..2S", "tableau 2": "#7H AS", "tableau 3": "3S", "stock": "#..."])
        try game.insertCards([Card(rank: 1, suit: .spades)], to: try destination("tableau 1"))
        try game.insertCards([Card(rank: 3, suit: .spades, copy: 1)], to: try destination("tableau 1"))
        undo(&game)
        expectTrue(game.state.undoStack.count == 1 && game.state.redoStack.count == 1)

        let data = try JSONEncoder().encode(game.state)
        let decoded = try JSONDecoder().decode(GameState.self, from: data)
        expectEqual(decoded, game.state)

        // The decoded state plays on exactly like the original.
        var restored = try Game(rules: game.rules, state: decoded)
        redo(&restored)
        redo(&game)
        expectEqual(restored.state, game.state)
        undo(&restored)
        undo(&restored)
        #expect(try text(restored, "tableau 2") == "#7H AS")
        #expect(try text(restored, "foundation 1") == "")
    }

    @Test func aSaveThatDoesNotFitTheRulesIsRefused() throws {
        let klondike = try Positions.rules("Klondike")
        let freeCell = try Positions.rules("FreeCell")
        let klondikeTable = try Positions.table(klondike, ["tableau 1": "#...", "waste": "KS"])
        let otherGame = try #require(throws: DiagnosticsError.self) { try Game(rules: freeCell, state: GameState(table: klondikeTable)) }
        expectEqual(otherGame.code, .boardDoesNotFitZones)

        // The same piles, but a history table with a card twice and one missing.
        var doubled = klondikeTable
        doubled.piles[try klondike.pile("tableau 1")].cards[0].card = try Positions.card("KS")
        let history = try #require(throws: DiagnosticsError.self) {
            try Game(rules: klondike, state: GameState(table: klondikeTable, undoStack: [doubled]))
        }
        expectEqual(history.code, .duplicateCard)

        // A two-suit Spider save holds hearts and spades only: four-suit Spider is another deck.
        let twoSuits = try Positions.rules("Spider", options: ["suits": "2"])
        let fourSuits = try Positions.rules("Spider")
        let spiderTable = try Positions.table(twoSuits, ["stock": "#..."])
        #expect(throws: DiagnosticsError.self) { try Game(rules: fourSuits, state: GameState(table: spiderTable)) }
        #expect(try Game(rules: twoSuits, state: GameState(table: spiderTable)).table == spiderTable)
    }
}
