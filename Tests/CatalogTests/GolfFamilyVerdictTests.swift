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

/// Golf: cards go from the columns to the waste one rank up or down regardless of suit, with
/// options for turning the corner at king and ace and for a king that takes nothing.
@Suite struct GolfVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card one rank higher goes on the waste", ["waste": "4C", "tableau 1": "5H", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .legal),
        VerdictCase("a card one rank lower goes on the waste", ["waste": "4C", "tableau 1": "3D", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .legal),
        VerdictCase("a card two ranks away is refused", ["waste": "4C", "tableau 1": "6H", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .refused(.acceptRefused)),
        VerdictCase("a card of the same rank is refused", ["waste": "4C", "tableau 1": "4H", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .refused(.acceptRefused)),
        VerdictCase("an ace does not go on a king", ["waste": "KC", "tableau 1": "AH", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .refused(.acceptRefused)),
        VerdictCase("with wrapping, an ace goes on a king", options: ["wrap": "true"], ["waste": "KC", "tableau 1": "AH", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .legal),
        VerdictCase("with wrapping, a king goes on an ace", options: ["wrap": "true"], ["waste": "AC", "tableau 1": "KH", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .legal),
        VerdictCase("a queen goes on a king", ["waste": "KC", "tableau 1": "QH", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .legal),
        VerdictCase("with dead kings, nothing goes on a king", options: ["dead_kings": "true"], ["waste": "KC", "tableau 1": "QH", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .refused(.acceptRefused)),
        VerdictCase("only the top card of a column plays", ["waste": "4C", "tableau 1": "3D 5H", "tableau 7": "#..."],
                    .move(2, from: "tableau 1", to: "waste"), .refused(.liftRefused)),
        VerdictCase("nothing is built on the columns", ["waste": "4C", "tableau 1": "5H", "tableau 2": "6S", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.zoneCannotReceive)),
        VerdictCase("the waste's cards stay there", ["waste": "4C 5H", "tableau 1": "6S", "tableau 7": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.zoneCannotGive)),
        VerdictCase("the stock turns one card onto the waste", ["stock": "#9C #10C", "waste": "4C", "tableau 7": "#..."],
                    .tap("stock"), .legal,
                    after: ["stock": "#9C", "waste": "4C 10C"]),
        VerdictCase("the stock goes through once", ["waste": "4C 10C", "tableau 1": "6S", "tableau 7": "#..."],
                    .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Golf") }

    @Test func wonWhenTheColumnsAreEmpty() throws {
        let rules = try Positions.rules("Golf")
        #expect(rules.isWon(try Positions.table(rules, ["stock": "#9C", "waste": "..."])))
        #expect(!rules.isWon(try Positions.table(rules, ["waste": "...", "tableau 7": "2H"])))
    }
}

/// Black Hole against Golf: no stock, one foundation that starts with the ace of spades and
/// takes every card, and ranks that turn the corner.
@Suite struct BlackHoleVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card one rank higher goes into the hole", ["foundation": "AS", "tableau 1": "2C", "tableau 17": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .legal),
        VerdictCase("a card one rank lower goes into the hole", ["foundation": "AS 2C", "tableau 1": "AD", "tableau 17": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .legal),
        VerdictCase("a king goes on an ace", ["foundation": "AS", "tableau 1": "KD", "tableau 17": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .legal),
        VerdictCase("an ace goes on a king", ["foundation": "AS KD", "tableau 1": "AH", "tableau 17": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .legal),
        VerdictCase("a card two ranks away is refused", ["foundation": "AS", "tableau 1": "3H", "tableau 17": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .refused(.acceptRefused)),
        VerdictCase("a card of the same rank is refused", ["foundation": "AS", "tableau 1": "AH", "tableau 17": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .refused(.acceptRefused)),
        VerdictCase("only the top card of a fan plays", ["foundation": "AS", "tableau 1": "2C 2D", "tableau 17": "#..."],
                    .move(2, from: "tableau 1", to: "foundation"), .refused(.liftRefused)),
        VerdictCase("nothing is built on the fans", ["foundation": "AS", "tableau 1": "2C", "tableau 2": "3D", "tableau 17": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.zoneCannotReceive)),
        VerdictCase("cards never leave the hole", ["foundation": "AS 2C", "tableau 1": "3D", "tableau 17": "#..."],
                    .move(1, from: "foundation", to: "tableau 1"), .refused(.zoneCannotGive)),
        VerdictCase("there is no stock", ["foundation": "AS", "tableau 1": "3D", "tableau 17": "#..."],
                    .tap("tableau 1"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "BlackHole") }
}
