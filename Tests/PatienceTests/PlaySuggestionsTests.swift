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

@Suite struct PlaySuggestionsTests {
    private func game(_ name: String, deal: DealSource) throws -> Game {
        let rules = try GameCompiler.compile(path: TestPaths.rules(name))
        return try Game(rules: rules, deal: deal)
    }

    @Test(arguments: [("Klondike", DealSource.seed(3)), ("FreeCell", .microsoft(1)), ("Spider", .seed(5))])
    func suggestionsAreTheLegalPlaysReordered(name: String, deal: DealSource) throws {
        let game = try game(name, deal: deal)
        expectEqual(Set(game.suggestedPlays), Set(game.legalPlays))
        expectEqual(game.suggestedPlays.count, game.legalPlays.count)
    }

    @Test func foundationMovesComeFirstAndShufflesLast() throws {
        var game = try game("Klondike", deal: .seed(3))
        let notation = MoveNotation(rules: game.rules)
        // tableau[5] holds the ace of spades: the first suggestion sends it home.
        expectEqual(game.suggestedPlays.first.map(notation.text(of:)), "tableau[5]->foundation[1]")
        try game.apply(notation.play("tableau[5]->foundation[1]"))
        // The lone ace cannot move to another empty foundation: the rules refuse it.
        let texts = game.suggestedPlays.map(notation.text(of:))
        expectEqual(texts.first, "tableau[3]->foundation[1]")
        expectTrue(!texts.contains { $0.hasPrefix("foundation[1]->foundation[") })

        // Moving a free cell's card to another empty cell changes nothing, so it is suggested last.
        var freeCell = try self.game("FreeCell", deal: .microsoft(1))
        let cells = MoveNotation(rules: freeCell.rules)
        try freeCell.apply(cells.play("tableau[1]->cell[1]"))
        expectEqual(freeCell.suggestedPlays.suffix(3).map(cells.text(of:)), ["cell[1]->cell[2]", "cell[1]->cell[3]", "cell[1]->cell[4]"])
    }
}
