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

/// Forty Thieves against Klondike: two decks, building down in suit, one card at a time,
/// any card in a space, and a stock that goes through once.
@Suite struct FortyThievesVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("the waste card builds down in suit", ["waste": "7H", "tableau 1": "8H", "tableau 10": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("alternating colours are not enough", ["waste": "7H", "tableau 1": "8S", "tableau 10": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("only one card moves at a time, even in sequence", ["tableau 1": "8H 7H", "tableau 2": "9H", "tableau 10": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("any card fills a space", ["tableau 1": "5D 9C", "tableau 10": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("only the top card of the waste plays", ["waste": "6H 7H", "tableau 1": "8H", "tableau 10": "#..."],
                    .move(2, from: "waste", to: "tableau 1"), .refused(.liftRefused)),
        VerdictCase("the stock deals one card to the waste", ["stock": "#3C #4C", "tableau 10": "#..."],
                    .tap("stock"), .legal,
                    after: ["stock": "#3C", "waste": "4C"]),
        VerdictCase("the waste is never turned over", ["waste": "3C 4C", "tableau 10": "#..."],
                    .tap("stock"), .refused(.noActionHere)),
        VerdictCase("the second ace of a suit starts another foundation", ["foundation 1": "AH", "waste": "AH", "tableau 10": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("a foundation builds up in suit", ["foundation 1": "AD", "waste": "2H", "tableau 10": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4S", "tableau 10": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("nothing goes on the waste", ["waste": "4C", "tableau 1": "3C", "tableau 10": "#..."],
                    .move(1, from: "tableau 1", to: "waste"), .refused(.zoneCannotReceive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "FortyThieves") }
}

/// Gypsy against Klondike: two decks, any card or run in a space, and a stock that deals a
/// card to every pile instead of to a waste.
@Suite struct GypsyVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a run built down in alternating colours moves together", ["tableau 1": "9S 8H 7C", "tableau 2": "10D", "foundation 8": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("a run out of sequence does not move together", ["tableau 1": "9S 8S 7H", "tableau 2": "10D", "foundation 8": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("any card or run fills a space", ["tableau 1": "5H 4S", "foundation 8": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("same colours are refused", ["tableau 1": "9C", "tableau 2": "10S", "foundation 8": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("an exposed face-down card turns up", ["tableau 1": "#3D 9S", "tableau 2": "10H", "foundation 8": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal,
                    after: ["tableau 1": "3D", "tableau 2": "10H 9S"]),
        VerdictCase("face-down cards never move", ["tableau 1": "#10C 9S", "tableau 2": "JH", "foundation 8": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.faceDownInRun)),
        VerdictCase("the stock deals a card to every pile, empty or not", ["stock": "#2H #3H #4H #5H #6H #7H #8H #9H #10H", "tableau 1": "KC", "foundation 8": "#..."],
                    .tap("stock"), .legal,
                    after: ["stock": "#2H", "tableau 1": "KC 10H", "tableau 2": "9H", "tableau 3": "8H", "tableau 4": "7H", "tableau 5": "6H", "tableau 6": "5H", "tableau 7": "4H", "tableau 8": "3H"]),
        VerdictCase("the stock is never redealt", ["tableau 1": "KC", "foundation 8": "#..."],
                    .tap("stock"), .refused(.noActionHere)),
        VerdictCase("the second ace of a suit starts another foundation", ["foundation 1": "AH", "tableau 1": "AH", "foundation 8": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 2"), .legal),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "foundation 8": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Gypsy") }
}

/// Canfield against Klondike: the base card, wrapping ranks, whole-pile moves, the reserve
/// that fills spaces, and drawing three with unlimited redeals.
@Suite struct CanfieldVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card of the base card's rank starts a foundation", ["foundation 1": "7H", "waste": "7S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("an ace does not start a foundation unless it is the base rank", ["foundation 1": "7H", "waste": "AS", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .refused(.acceptRefused)),
        VerdictCase("a foundation goes on from king to ace", ["foundation 1": "7H 8H 9H 10H JH QH KH", "waste": "AH", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("a king goes on an ace in the tableau", ["foundation 1": "7H", "tableau 1": "AH", "waste": "KS", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("part of a run cannot move", ["foundation 1": "7H", "tableau 1": "9S 8H 7C", "tableau 2": "9C", "foundation 4": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("a whole pile moves, and the reserve fills the space", ["foundation 1": "7D", "reserve": "#2C #5D 3S", "tableau 1": "9S 8H 7C", "tableau 2": "10D", "tableau 3": "KC", "tableau 4": "QC", "foundation 4": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal,
                    after: ["foundation 1": "7D", "reserve": "#2C 5D", "tableau 1": "3S", "tableau 2": "10D 9S 8H 7C", "tableau 3": "KC", "tableau 4": "QC"]),
        VerdictCase("every space is filled from the reserve while it lasts", ["foundation 1": "7D", "reserve": "#2C #5D 3S", "tableau 1": "9S", "tableau 2": "10D", "foundation 4": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal,
                    after: ["foundation 1": "7D", "tableau 1": "3S", "tableau 2": "10D 9S", "tableau 3": "5D", "tableau 4": "2C", "reserve": ""]),
        VerdictCase("the top card of a pile moves alone", ["foundation 1": "7D", "tableau 1": "9S 8H 7C", "tableau 2": "8D", "foundation 4": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("the reserve's top card plays, and the next one turns up", ["foundation 1": "7H", "reserve": "#2C 6D", "tableau 1": "7S", "tableau 2": "KC", "tableau 3": "QC", "tableau 4": "JC", "foundation 4": "#..."],
                    .move(1, from: "reserve", to: "tableau 1"), .legal,
                    after: ["foundation 1": "7H", "reserve": "2C", "tableau 1": "7S 6D", "tableau 2": "KC", "tableau 3": "QC", "tableau 4": "JC"]),
        VerdictCase("once the reserve is gone, any card fills a space", ["foundation 1": "7H", "waste": "4D", "tableau 2": "9S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("three cards are drawn at a time", ["foundation 1": "7H", "stock": "#2C #3C #4C #5C", "foundation 4": "#..."],
                    .tap("stock"), .legal,
                    after: ["foundation 1": "7H", "stock": "#2C", "waste": "5C 4C 3C"]),
        VerdictCase("with the draw option at one, one card is drawn", options: ["draw": "1"], ["foundation 1": "7H", "stock": "#2C #3C #4C #5C", "foundation 4": "#..."],
                    .tap("stock"), .legal,
                    after: ["foundation 1": "7H", "stock": "#2C #3C #4C", "waste": "5C"]),
        VerdictCase("the waste is turned over to make a new stock", ["foundation 1": "7H", "waste": "3C 4C", "foundation 4": "#..."],
                    .tap("stock"), .legal,
                    after: ["foundation 1": "7H", "stock": "#4C #3C", "waste": ""]),
        VerdictCase("with no redeals allowed, the waste stays", options: ["redeals": "0"], ["foundation 1": "7H", "waste": "3C 4C", "foundation 4": "#..."],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "7H 8H", "tableau 1": "9S", "foundation 4": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Canfield") }
}
