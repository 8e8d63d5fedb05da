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

// The variants of Klondike, each as a table of the rules it changes.

/// The refusal every one-deck Klondike variant gives a card that would hop between foundations.
private let ownFoundation = "a card on a foundation stays on its own foundation"
/// The refusal of Klondike variants whose tableau does not take a built run that is out of sequence.
private let builtRunsOnly = "only a run built down in alternating colours moves together"

/// Athena against Klondike: rows dealt face down, up, down and up; only built runs move; three
/// passes through the stock, one or three cards at a time.
@Suite struct AthenaVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a face-down card between face-up ones turns up once the card on it leaves",
                    ["tableau 1": "#2C 9S #5D 8H", "tableau 2": "9C", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "#2C 9S 5D", "tableau 2": "9C 8H"]),
        VerdictCase("two face-up cards dealt apart do not move together",
                    ["tableau 1": "#2C 9S 5D", "tableau 2": "10H", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: builtRunsOnly),
        VerdictCase("a run built down in alternating colours moves together",
                    ["tableau 1": "#2C 9S 8H", "tableau 2": "10D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "2C", "tableau 2": "10D 9S 8H"]),
        VerdictCase("only a king fills a space", ["tableau 1": "#2C QS", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("one card is drawn at a time", ["stock": "#2C #3C #4C", "tableau 7": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C #3C", "waste": "4C"]),
        VerdictCase("with three-card deals, three are drawn", options: ["draw": "3"], ["stock": "#2C #3C #4C #5C", "tableau 7": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C", "waste": "5C 4C 3C"]),
        VerdictCase("the stock is turned over a second time", ["waste": "3C 4C", "tableau 7": "#..."], actionUses: ["redeal": 1],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C", "waste": ""]),
        VerdictCase("but not a third time", ["waste": "3C 4C", "tableau 7": "#..."], actionUses: ["redeal": 2],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("three-card deals keep the same limit", options: ["draw": "3"], ["waste": "3C 4C", "tableau 7": "#..."], actionUses: ["redeal": 2],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("but not go to another foundation", ["foundation 1": "AS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: ownFoundation),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Athena") }
}

/// Aunt Mary against Klondike: six piles of six with the face-up cards dealt together, only built
/// runs moving, and three passes through the stock.
@Suite struct AuntMaryVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("face-up cards dealt together do not move together", ["tableau 1": "QC 8H 3C", "tableau 2": "9S", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: builtRunsOnly),
        VerdictCase("the top card of such a pile moves alone", ["tableau 1": "QC 8H 3C", "tableau 2": "4D", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "QC 8H", "tableau 2": "4D 3C"]),
        VerdictCase("a built run moves together", ["tableau 1": "#5D 9S 8H", "tableau 6": "10D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 6"), .legal, after: ["tableau 1": "5D", "tableau 6": "10D 9S 8H"]),
        VerdictCase("only a king fills a space", ["tableau 1": "#2C QS", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("the stock is turned over a second time", ["waste": "3C 4C", "tableau 6": "#..."], actionUses: ["redeal": 1],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C"]),
        VerdictCase("but not a third time", ["waste": "3C 4C", "tableau 6": "#..."], actionUses: ["redeal": 2],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("but not go to another foundation", ["foundation 1": "AS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: ownFoundation),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "AuntMary") }
}

/// Saratoga against Klondike: the tableau dealt face up, only built runs moving, and the stock
/// turned over without limit, one or three cards at a time.
@Suite struct SaratogaVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("face-up cards dealt together do not move together", ["tableau 1": "5D QC 8H", "tableau 2": "9S", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: builtRunsOnly),
        VerdictCase("a built run moves together", ["tableau 1": "5D 9S 8H", "tableau 2": "10H", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "5D", "tableau 2": "10H 9S 8H"]),
        VerdictCase("the stock is turned over as often as the player likes", ["waste": "3C 4C", "tableau 7": "#..."], actionUses: ["redeal": 40],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C", "waste": ""]),
        VerdictCase("one card is drawn at a time", ["stock": "#2C #3C #4C", "tableau 7": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C #3C", "waste": "4C"]),
        VerdictCase("with three-card deals, three are drawn", options: ["draw": "3"], ["stock": "#2C #3C #4C #5C", "tableau 7": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C", "waste": "5C 4C 3C"]),
        VerdictCase("only a king fills a space", ["tableau 1": "5D QS", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("but not go to another foundation", ["foundation 1": "AS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: ownFoundation),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Saratoga") }
}

/// Thumb and Pouch against Klondike: building down in any other suit, anything in a space, and
/// three passes through the stock.
@Suite struct ThumbAndPouchVerdicts {
    static let otherSuit = "a tableau pile builds down in any suit but its own"

    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the next higher card of another colour", ["tableau 1": "8S", "waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("or of the same colour", ["tableau 1": "8D", "waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("but not of its own suit", ["tableau 1": "8H", "waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused), ruleLine: otherSuit),
        VerdictCase("any card fills a space", ["tableau 2": "#3D QS", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "QS", "tableau 2": "3D"]),
        VerdictCase("so does a run", ["tableau 2": "#3D 9S 8S", "stock": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "9S 8S", "tableau 2": "3D"]),
        VerdictCase("the stock is turned over a second time", ["waste": "3C 4C", "tableau 7": "#..."], actionUses: ["redeal": 1],
                    .tap("stock"), .legal),
        VerdictCase("but not a third time", ["waste": "3C 4C", "tableau 7": "#..."], actionUses: ["redeal": 2],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("but not go to another foundation", ["foundation 1": "AS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: ownFoundation),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "ThumbAndPouch") }
}

/// Whitehead against Klondike: building down in the same colour, runs of one suit moving together,
/// anything in a space, and one pass through the stock.
@Suite struct WhiteheadVerdicts {
    static let oneSuit = "only a run of one suit, built down, moves together"
    static let sameColour = "a tableau pile builds down in the same colour"

    static let cases: [VerdictCase] = [
        VerdictCase("a black card goes on the next higher black card", ["tableau 1": "8S", "waste": "7C", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("a red card on the next higher red card", ["tableau 1": "8H", "waste": "7D", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("colours do not alternate", ["tableau 1": "8S", "waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused), ruleLine: sameColour),
        VerdictCase("a run of one suit moves together", ["tableau 1": "5D 9S 8S", "tableau 2": "10C", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "5D", "tableau 2": "10C 9S 8S"]),
        VerdictCase("a run of one colour in two suits does not", ["tableau 1": "5D 9S 8C", "tableau 2": "10C", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: oneSuit),
        VerdictCase("any card fills a space", ["tableau 2": "5D QH", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("the stock goes through once", ["waste": "3C 4C", "tableau 7": "#..."],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4C", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("but not go to another foundation", ["foundation 1": "AS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: ownFoundation),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Whitehead") }
}

/// Gold Mine against Klondike: an empty tableau, anything in a space, and one pass through the
/// stock, three cards at a time.
@Suite struct GoldMineVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("three cards are drawn at a time", ["stock": "#2C #3C #4C #5C", "tableau 7": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C", "waste": "5C 4C 3C"]),
        VerdictCase("the stock goes through once", ["waste": "3C 4C", "tableau 7": "#..."],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("any card from the waste fills a space", ["waste": "3C 5D", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal, after: ["tableau 1": "5D", "waste": "3C"]),
        VerdictCase("so does a run", ["tableau 2": "9S 8H", "stock": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "9S 8H", "tableau 2": ""]),
        VerdictCase("piles build down in alternating colours", ["tableau 2": "9H", "waste": "8H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("but not go to another foundation", ["foundation 1": "AS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: ownFoundation),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "GoldMine") }
}

/// Jumbo against Klondike: two decks, nine piles, eight foundations, and two passes through the stock.
@Suite struct JumboVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("the second ace of a suit starts another foundation", ["foundation 1": "AH", "waste": "AH", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("a card may move to the other foundation of its suit", ["foundation 1": "AH 2H", "foundation 2": "AH", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .legal, after: ["foundation 1": "AH", "foundation 2": "AH 2H"]),
        VerdictCase("the ninth pile builds too", ["tableau 9": "8S", "waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 9"), .legal),
        VerdictCase("only a king fills a space", ["tableau 9": "#2C QS", "stock": "#..."],
                    .move(1, from: "tableau 9", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("the stock is turned over once", ["waste": "3C 4C", "tableau 9": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C"]),
        VerdictCase("but not twice", ["waste": "3C 4C", "tableau 9": "#..."], actionUses: ["redeal": 1],
                    .tap("stock"), .refused(.actionLimitReached)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Jumbo") }
}

/// Westhaven against Klondike: ten piles giving up their top card or all their face-up cards,
/// anything in a space, one pass through the stock, and foundations that keep their cards.
@Suite struct WesthavenVerdicts {
    static let topOrAll = "only the top card or all the face-up cards of a pile can be moved"
    static let outOfPlay = "cards on the foundations do not come back to the tableau"

    static let cases: [VerdictCase] = [
        VerdictCase("the top card moves alone", ["tableau 1": "#4C 9S 8H 7C", "tableau 2": "8D", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("all the face-up cards move together", ["tableau 1": "#4C 9S 8H 7C", "tableau 2": "10H", "stock": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "4C", "tableau 2": "10H 9S 8H 7C"]),
        VerdictCase("but not only some of them", ["tableau 1": "#4C 9S 8H 7C", "tableau 2": "9C", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused), ruleLine: topOrAll),
        VerdictCase("a whole pile of face-up cards moves too", ["tableau 1": "9S 8H", "tableau 10": "10D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 10"), .legal),
        VerdictCase("any card fills a space", ["tableau 2": "#3D QS", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "QS", "tableau 2": "3D"]),
        VerdictCase("the stock goes through once", ["waste": "3C 4C", "tableau 10": "#..."],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.acceptRefused), ruleLine: outOfPlay),
        VerdictCase("and do not move to another foundation", ["foundation 1": "AS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: ownFoundation),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Westhaven") }
}
