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

/// Baker's Dozen against the FreeCell family: no free cells, building down regardless of
/// suit one card at a time, and spaces that are never filled.
@Suite struct BakersDozenVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the next higher card of another suit", ["tableau 1": "8S", "tableau 2": "7H", "tableau 13": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a card goes on the next higher card of its own suit", ["tableau 1": "8S", "tableau 2": "7S", "tableau 13": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a card two ranks lower is refused", ["tableau 1": "8S", "tableau 2": "6H", "tableau 13": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("a space is never filled", ["tableau 2": "3C 6H", "tableau 13": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("not even by a king", ["tableau 2": "3C KH", "tableau 13": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("only one card moves at a time", ["tableau 1": "8S 7H", "tableau 2": "9D", "tableau 13": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("an ace starts a foundation", ["tableau 1": "8S AH", "tableau 13": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("a foundation builds up in suit", ["foundation 1": "AH", "tableau 1": "2S", "tableau 13": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("a foundation's top card may come back", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "tableau 13": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("there is no stock", ["tableau 1": "4H", "tableau 13": "#..."],
                    .tap("tableau 1"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "BakersDozen") }
}

/// Fan against Baker's Dozen: eighteen fans, building down in suit, and kings in spaces.
@Suite struct FanVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the next higher card of its suit", ["tableau 1": "8S", "tableau 2": "7S", "tableau 17": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("another suit is refused", ["tableau 1": "8S", "tableau 2": "7H", "tableau 17": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("a card two ranks lower is refused", ["tableau 1": "8S", "tableau 2": "6S", "tableau 17": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("a king fills a space", ["tableau 2": "3C KH", "tableau 17": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("only a king fills a space", ["tableau 2": "3C QH", "tableau 17": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("only one card moves at a time", ["tableau 1": "8S 7S", "tableau 2": "9S", "tableau 17": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("a king with a card on it does not move together", ["tableau 1": "KH QH", "tableau 17": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 18"), .refused(.liftRefused)),
        VerdictCase("an ace starts a foundation", ["tableau 18": "AH", "tableau 17": "#..."],
                    .move(1, from: "tableau 18", to: "foundation 4"), .legal),
        VerdictCase("a foundation builds up in suit", ["foundation 1": "AH", "tableau 1": "2D", "tableau 17": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("a foundation's top card may come back", ["foundation 1": "AS 2S 3S", "tableau 1": "4S", "tableau 17": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Fan") }
}

/// Der Katzenschwanz against FreeCell: two decks, eight free cells, spaces never filled, and
/// any run in alternating colours moving as a whole however few cells are free.
@Suite struct DerKatzenschwanzVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a long run moves with every free cell taken", ["cell 1": "2C", "cell 2": "3C", "cell 3": "4C", "cell 4": "5C", "cell 5": "2D", "cell 6": "3D", "cell 7": "4D", "cell 8": "5D", "tableau 1": "10S 9H 8C 7D 6S 5H", "tableau 2": "JD", "tableau 9": "#..."],
                    .move(6, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("a run out of sequence does not move together", ["tableau 1": "10S 9H 8H", "tableau 2": "JD", "tableau 9": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("a space is never filled", ["tableau 1": "10S 9H", "tableau 9": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("not even by a king", ["tableau 1": "10S KH", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("same colours are refused", ["tableau 1": "9D", "tableau 2": "10H", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("a card goes to a free cell", ["tableau 1": "5H", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "cell 8"), .legal),
        VerdictCase("a free cell holds one card", ["cell 1": "2C", "tableau 1": "5H", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "cell 1"), .refused(.acceptRefused)),
        VerdictCase("a card comes back from a free cell", ["cell 1": "9H", "tableau 1": "10S", "tableau 9": "#..."],
                    .move(1, from: "cell 1", to: "tableau 1"), .legal),
        VerdictCase("the second ace of a suit starts another foundation", ["foundation 1": "AH", "tableau 1": "AH", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 2"), .legal),
        VerdictCase("a foundation's top card may come back", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "tableau 9": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "DerKatzenschwanz") }
}

/// Die Schlange against Der Katzenschwanz: seven free cells, and runs no longer than the free
/// cells allow; empty columns do not help, since nothing may enter them.
@Suite struct DieSchlangeVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("two free cells let a run of three move", ["cell 1": "2C", "cell 2": "3C", "cell 3": "4C", "cell 4": "5C", "cell 5": "2D", "tableau 1": "10S 9H 8C", "tableau 2": "JD", "tableau 9": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("two free cells do not let a run of four move", ["cell 1": "2C", "cell 2": "3C", "cell 3": "4C", "cell 4": "5C", "cell 5": "2D", "tableau 1": "JC 10H 9S 8D", "tableau 2": "QD", "tableau 9": "#..."],
                    .move(4, from: "tableau 1", to: "tableau 2"), .refused(.capacityExceeded), ruleLine: "capacity tableau ="),
        VerdictCase("with every cell taken a single card still moves", ["cell 1": "2C", "cell 2": "3C", "cell 3": "4C", "cell 4": "5C", "cell 5": "2D", "cell 6": "3D", "cell 7": "4D", "tableau 1": "10S 9H", "tableau 2": "10C", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("with every cell taken a run of two does not move", ["cell 1": "2C", "cell 2": "3C", "cell 3": "4C", "cell 4": "5C", "cell 5": "2D", "cell 6": "3D", "cell 7": "4D", "tableau 1": "10S 9H", "tableau 2": "JD", "tableau 9": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.capacityExceeded)),
        VerdictCase("an empty column does not add to what can move", ["cell 1": "2C", "cell 2": "3C", "cell 3": "4C", "cell 4": "5C", "cell 5": "2D", "cell 6": "3D", "cell 7": "4D", "tableau 1": "10S 9H", "tableau 2": "JD", "tableau 9": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.capacityExceeded)),
        VerdictCase("seven free cells let a run of eight move", ["tableau 1": "QS JH 10C 9D 8S 7H 6C 5D", "tableau 2": "KD", "tableau 9": "#..."],
                    .move(8, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("a space is never filled", ["tableau 1": "10S 9H", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("a card goes to the seventh free cell", ["tableau 1": "5H", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "cell 7"), .legal),
        VerdictCase("a free cell's card goes on a column", ["cell 1": "9H", "tableau 1": "10S", "tableau 9": "#..."],
                    .move(1, from: "cell 1", to: "tableau 1"), .legal, after: ["cell 1": "", "tableau 1": "10S 9H"]),
        VerdictCase("a foundation builds up in suit from its ace", ["foundation 1": "AH", "tableau 1": "2H", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("a run of nine with seven free cells is refused", ["tableau 1": "QS JH 10C 9D 8S 7H 6C 5D 4S", "tableau 2": "KD", "tableau 9": "#..."],
                    .move(9, from: "tableau 1", to: "tableau 2"), .refused(.capacityExceeded)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "DieSchlange") }
}
