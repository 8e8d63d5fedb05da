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

/// Yukon against its nearest relative, Klondike: no stock, an unordered deal of face-up cards,
/// and any face-up card moving with everything on it.
@Suite struct YukonVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("any face-up card moves with the cards on it, in sequence or not", ["tableau 1": "#2C 9S 4H QD", "tableau 2": "10H", "tableau 7": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal,
                    after: ["tableau 1": "2C", "tableau 2": "10H 9S 4H QD"]),
        VerdictCase("a group from the middle of a pile moves", ["tableau 1": "8C 7D 3S", "tableau 2": "8S", "tableau 7": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("the card led builds down in alternating colours", ["tableau 1": "9C 4H", "tableau 2": "10S", "tableau 7": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("the card led is one rank lower", ["tableau 1": "8D 4H", "tableau 2": "10S", "tableau 7": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("face-down cards never move", ["tableau 1": "#2C 9S 4H", "tableau 2": "3D", "tableau 7": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .refused(.faceDownInRun)),
        VerdictCase("a king with any cards on it fills a space", ["tableau 1": "5C KH 2S 9D", "tableau 7": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("only a king fills a space", ["tableau 1": "5C QH 2S", "tableau 7": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("an ace starts a foundation", ["tableau 1": "5C AH", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("a foundation builds up in suit", ["foundation 1": "AH", "tableau 1": "2D", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("cards go to a foundation one at a time", ["foundation 1": "AH", "tableau 1": "3H 2H", "tableau 7": "#..."],
                    .move(2, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AH 2H", "tableau 1": "3S", "tableau 7": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
        VerdictCase("there is no stock to tap", ["tableau 1": "3S", "tableau 7": "#..."],
                    .tap("tableau 1"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Yukon") }
}

/// Scorpion against its relatives: Spider's suited building and completed runs, Yukon's
/// unordered moves, kings only in spaces, and a three-card stock for the first three piles.
@Suite struct ScorpionVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("any face-up card moves with the cards on it", ["tableau 1": "8S", "tableau 2": "#4D 7S 2D 9C", "tableau 7": "#..."],
                    .move(3, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["tableau 1": "8S 7S 2D 9C", "tableau 2": "4D"]),
        VerdictCase("the card led builds down in its own suit", ["tableau 1": "8S", "tableau 2": "7H", "tableau 7": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("a king with any cards on it fills a space", ["tableau 2": "3C KD 5S", "tableau 7": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("only a king fills a space", ["tableau 2": "3C QD 5S", "tableau 7": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("face-down cards never move", ["tableau 1": "8S", "tableau 2": "#7S 2D", "tableau 7": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .refused(.faceDownInRun)),
        VerdictCase("the stock deals one card to each of the first three piles", ["stock": "#5H #6H #7H", "tableau 1": "2C", "tableau 2": "3C", "tableau 3": "4C", "tableau 4": "9D", "tableau 7": "#..."],
                    .tap("stock"), .legal,
                    after: ["tableau 1": "2C 7H", "tableau 2": "3C 6H", "tableau 3": "4C 5H", "tableau 4": "9D", "stock": ""]),
        VerdictCase("the stock is dealt even when a pile is empty", ["stock": "#5H #6H #7H", "tableau 5": "9D", "tableau 7": "#..."],
                    .tap("stock"), .legal,
                    after: ["tableau 1": "7H", "tableau 2": "6H", "tableau 3": "5H", "tableau 5": "9D", "stock": ""]),
        VerdictCase("a completed king-to-ace run of one suit leaves the table", ["tableau 1": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S", "tableau 2": "#9H 2S AS", "tableau 7": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["foundation 1": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "tableau 2": "9H", "tableau 1": ""]),
        VerdictCase("single cards never go to a foundation", ["tableau 1": "AS", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.zoneCannotReceive)),
        VerdictCase("completed runs stay on their foundation", ["foundation 1": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "tableau 1": "2H", "tableau 7": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
        VerdictCase("the stock is dealt only once", ["tableau 1": "2H", "tableau 7": "#..."],
                    .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Scorpion") }
}

/// Spiderette against Spider: the same building, one deck in Klondike's seven piles, four
/// foundations, and a stock whose last deal reaches only the first three piles.
@Suite struct SpideretteVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("the stock deals one card to each of the seven piles", ["stock": "#2H #3H #4H #5H #6H #7H #8H #9H #10H", "tableau 1": "KC", "tableau 2": "QC", "tableau 3": "JC", "tableau 4": "10C", "tableau 5": "9C", "tableau 6": "8C", "tableau 7": "7C", "foundation 4": "#..."],
                    .tap("stock"), .legal,
                    after: ["stock": "#2H #3H", "tableau 1": "KC 10H", "tableau 2": "QC 9H", "tableau 3": "JC 8H", "tableau 4": "10C 7H", "tableau 5": "9C 6H", "tableau 6": "8C 5H", "tableau 7": "7C 4H"]),
        VerdictCase("the last three stock cards go to the first three piles", ["stock": "#2H #3H #4H", "tableau 1": "KC", "tableau 2": "QC", "tableau 3": "JC", "tableau 4": "10C", "tableau 5": "9C", "tableau 6": "8C", "tableau 7": "7C", "foundation 4": "#..."],
                    .tap("stock"), .legal,
                    after: ["tableau 1": "KC 4H", "tableau 2": "QC 3H", "tableau 3": "JC 2H", "tableau 4": "10C", "tableau 5": "9C", "tableau 6": "8C", "tableau 7": "7C", "stock": ""]),
        VerdictCase("the stock is not dealt while a pile is empty", ["stock": "#2H #3H #4H", "tableau 1": "KC", "tableau 2": "QC", "tableau 3": "JC", "tableau 4": "10C", "tableau 5": "9C", "tableau 6": "8C", "foundation 4": "#..."],
                    .tap("stock"), .refused(.actionRefused)),
        VerdictCase("a card goes on the next higher card of any suit", ["tableau 1": "8S", "tableau 2": "7H", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a run of one suit moves together", ["tableau 1": "8S", "tableau 2": "7H 6H", "foundation 4": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a run of mixed suits does not move together", ["tableau 1": "8S", "tableau 2": "7H 6S", "foundation 4": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .refused(.liftRefused)),
        VerdictCase("a card two ranks lower is refused", ["tableau 1": "8S", "tableau 2": "6S", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("any card fills a space", ["tableau 2": "5D", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a completed run goes to the next empty one of the four foundations", ["foundation 1": "KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C AC", "tableau 1": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H", "tableau 2": "#9D 2H AH", "foundation 4": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["foundation 1": "KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C AC", "foundation 2": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH", "tableau 2": "9D", "tableau 1": ""]),
        VerdictCase("the stock is never redealt", ["tableau 1": "KC", "foundation 4": "#..."],
                    .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Spiderette") }
}
