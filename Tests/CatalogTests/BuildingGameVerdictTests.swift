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

/// Diamond Mine: diamonds go only to their foundation, which starts anywhere and turns the
/// corner; the other suits build down regardless of suit, runs moving together.
@Suite struct DiamondMineVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a run built down moves together and the card under it turns up", ["tableau 1": "#3C 9S 8H", "tableau 2": "10C", "tableau 13": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "3C", "tableau 2": "10C 9S 8H"]),
        VerdictCase("a run out of sequence does not", ["tableau 1": "9S 7H", "tableau 2": "10C", "tableau 13": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("a diamond never goes on the tableau", ["tableau 1": "9D", "tableau 2": "10C", "tableau 13": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused),
                    ruleLine: "a diamond can go only to the foundation"),
        VerdictCase("not even into a space", ["tableau 1": "3C 9D", "tableau 13": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused),
                    ruleLine: "a diamond can go only to the foundation"),
        VerdictCase("nothing is built on a diamond", ["tableau 1": "10D", "tableau 2": "9C", "tableau 13": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "nothing can be built on a diamond"),
        VerdictCase("any other card or run fills a space", ["tableau 1": "3C 9S 8H", "tableau 13": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("any diamond starts the foundation", ["tableau 1": "8D", "tableau 13": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .legal),
        VerdictCase("only diamonds go to the foundation", ["tableau 1": "8C", "tableau 13": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .refused(.acceptRefused),
                    ruleLine: "only diamonds go to the foundation"),
        VerdictCase("the foundation goes on from king to ace", ["foundation": "QD KD", "tableau 1": "AD", "tableau 13": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .legal),
        VerdictCase("the foundation builds in sequence", ["foundation": "QD KD", "tableau 1": "2D", "tableau 13": "#..."],
                    .move(1, from: "tableau 1", to: "foundation"), .refused(.acceptRefused),
                    ruleLine: "the foundation builds up in sequence, a king followed by the ace"),
        VerdictCase("diamonds on the foundation stay there", ["foundation": "QD KD", "tableau 13": "#..."],
                    .move(1, from: "foundation", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "DiamondMine") }

    static let sorted = ["foundation": "AD..KD", "tableau 1": "KC..AC", "tableau 2": "KH..AH", "tableau 3": "KS..AS"]

    @Test func wonWhenTheDiamondsAreHomeAndTheOtherSuitsSorted() throws {
        let rules = try Positions.rules("DiamondMine")
        #expect(rules.isWon(try Positions.table(rules, Self.sorted)))
        // A pile of thirteen in one suit that is not in sequence is not sorted.
        #expect(!rules.isWon(try Positions.table(rules, Self.sorted.merging(["tableau 3": "KS..3S AS 2S"]) { $1 })))
        // Nor is a suit spread over two piles.
        #expect(!rules.isWon(try Positions.table(rules, Self.sorted.merging(["tableau 3": "KS..7S", "tableau 4": "6S..AS"]) { $1 })))
        // Nor is a sorted suit with a diamond still out.
        #expect(!rules.isWon(try Positions.table(rules, Self.sorted.merging(["foundation": "AD..QD", "tableau 4": "KD"]) { $1 })))
    }
}

/// Fortress against Streets and Alleys: ten piles built up or down in suit, one card at a time.
@Suite struct FortressVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the next higher card of its suit", ["tableau 1": "5S", "tableau 2": "6S", "tableau 10": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("or on the next lower one", ["tableau 1": "5S", "tableau 2": "4S", "tableau 10": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("another suit is refused", ["tableau 1": "5S", "tableau 2": "4C", "tableau 10": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a card goes on the next higher or lower card of its suit"),
        VerdictCase("only one card moves at a time, even with a space", ["tableau 1": "5S 4S", "tableau 2": "6S", "tableau 10": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused),
                    ruleLine: "only one card moves at a time"),
        VerdictCase("any card fills a space", ["tableau 1": "3C QH", "tableau 10": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("an ace starts a foundation", ["tableau 1": "3C AH", "tableau 10": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 2"), .legal),
        VerdictCase("a foundation builds up in suit", ["foundation 1": "AH", "tableau 1": "2C", "tableau 10": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AH 2H", "tableau 1": "3H", "tableau 10": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Fortress") }
}

/// Giant against Gypsy: one card per pile at the start, a free cell, foundation cards in play,
/// and Aisleriot's option of building in suit.
@Suite struct GiantVerdicts {
    static let suited = ["same_suit": "true"]

    static let cases: [VerdictCase] = [
        VerdictCase("a run in alternating colours moves together", ["tableau 1": "9S 8H 7C", "tableau 2": "10D", "stock": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("a run in one suit does not, by default", ["tableau 1": "9S 8S", "tableau 2": "10H", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused),
                    ruleLine: "only a run built down in alternating colours moves together"),
        VerdictCase("with the option, a run in one suit moves together", options: suited, ["tableau 1": "9S 8S 7S", "tableau 2": "10S", "stock": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("and a run in alternating colours does not", options: suited, ["tableau 1": "9S 8H", "tableau 2": "10S", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused),
                    ruleLine: "only a run built down in suit moves together"),
        VerdictCase("with the option, a card goes only on its own suit", options: suited, ["tableau 1": "9H", "tableau 2": "10S", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused),
                    ruleLine: "a tableau pile builds down in suit"),
        VerdictCase("any card or run fills a space", ["tableau 1": "KC 5H 4S", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("the reserve takes any one card", ["tableau 1": "KS", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "reserve"), .legal),
        VerdictCase("but only one", ["tableau 1": "KS", "reserve": "QH", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "reserve"), .refused(.acceptRefused),
                    ruleLine: "require pile.empty else \"the reserve holds only one card\""),
        VerdictCase("the reserve card plays to the tableau", ["reserve": "9H", "tableau 1": "10S", "stock": "#..."],
                    .move(1, from: "reserve", to: "tableau 1"), .legal),
        VerdictCase("the stock deals a card to every pile", ["tableau 3": "KC", "stock": "#... #9H #8H #7H #6H #5H #4H #3H #2H"],
                    .tap("stock"), .legal,
                    after: ["tableau 1": "2H", "tableau 2": "3H", "tableau 3": "KC 4H", "tableau 8": "9H"]),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("or go to the reserve", ["foundation 1": "AS 2S 3S", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "reserve"), .legal),
        VerdictCase("or to the other foundation of its suit", ["foundation 1": "AS 2S", "foundation 2": "AS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .legal),
        VerdictCase("the stock is never turned over", ["tableau 8": "..."],
                    .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Giant") }
}

/// Napoleon's Tomb: corners from seven up to king, a centre from six down to ace four times
/// over, free cells fed only from the waste, and Aisleriot's draw and autoplay options.
@Suite struct NapoleonsTombVerdicts {
    static let three = ["draw": "3"]
    static let autoplay = ["autoplay": "true"]

    static let cases: [VerdictCase] = [
        VerdictCase("an empty centre takes a six", ["waste": "6H", "stock": "#..."],
                    .move(1, from: "waste", to: "centre"), .legal),
        VerdictCase("and nothing else", ["waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "centre"), .refused(.acceptRefused),
                    ruleLine: "require run.first.rank == centre_wants"),
        VerdictCase("the centre builds down regardless of suit", ["centre": "6H", "waste": "5S", "stock": "#..."],
                    .move(1, from: "waste", to: "centre"), .legal),
        VerdictCase("one rank at a time", ["centre": "6H", "waste": "4S", "stock": "#..."],
                    .move(1, from: "waste", to: "centre"), .refused(.acceptRefused)),
        VerdictCase("after the ace comes another six", ["centre": "6H 5S 4D 3C 2H AS", "waste": "6C", "stock": "#..."],
                    .move(1, from: "waste", to: "centre"), .legal),
        VerdictCase("an empty corner takes a seven", ["waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "corner 3"), .legal),
        VerdictCase("and nothing else", ["waste": "6D", "stock": "#..."],
                    .move(1, from: "waste", to: "corner 3"), .refused(.acceptRefused),
                    ruleLine: "an empty corner takes only a seven"),
        VerdictCase("a corner builds up regardless of suit", ["corner 1": "7H 8D", "waste": "9S", "stock": "#..."],
                    .move(1, from: "waste", to: "corner 1"), .legal),
        VerdictCase("and ends at the king", ["corner 1": "7H 8D 9S 10C JH QD KS", "waste": "AS", "stock": "#..."],
                    .move(1, from: "waste", to: "corner 1"), .refused(.acceptRefused),
                    ruleLine: "a corner takes the next higher card, up to the king"),
        VerdictCase("the waste card goes to a free cell", ["waste": "9S", "stock": "#..."],
                    .move(1, from: "waste", to: "cell 2"), .legal),
        VerdictCase("a free cell holds one card", ["cell 2": "3C", "waste": "9S", "stock": "#..."],
                    .move(1, from: "waste", to: "cell 2"), .refused(.acceptRefused)),
        VerdictCase("a cell card goes only on to a foundation", ["cell 1": "9S", "stock": "#..."],
                    .move(1, from: "cell 1", to: "cell 2"), .refused(.acceptRefused),
                    ruleLine: "a free cell takes only the waste card"),
        VerdictCase("a cell card plays to a corner", ["cell 1": "7S", "stock": "#..."],
                    .move(1, from: "cell 1", to: "corner 2"), .legal),
        VerdictCase("cards on the foundations stay there", ["corner 1": "7H", "stock": "#..."],
                    .move(1, from: "corner 1", to: "cell 1"), .refused(.zoneCannotGive)),
        VerdictCase("the stock turns up one card", ["stock": "#... #2C #3C"],
                    .tap("stock"), .legal, after: ["waste": "3C"]),
        VerdictCase("and goes through once", ["waste": "3C 4C", "cell 1": "..."],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("with three-card deals, three cards at a time", options: three, ["stock": "#... #2C #3C #4C"],
                    .tap("stock"), .legal, after: ["waste": "4C 3C 2C"]),
        VerdictCase("and three times through", options: three, ["waste": "3C 4C", "cell 1": "..."], actionUses: ["redeal": 1],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C"]),
        VerdictCase("but no more", options: three, ["waste": "3C 4C", "cell 1": "..."], actionUses: ["redeal": 2],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("with autoplay, a card that fits goes to its foundation at once", options: autoplay, ["stock": "#... #6H"],
                    .tap("stock"), .legal, after: ["waste": "", "centre": "6H"]),
        VerdictCase("autoplay looks at the waste again after every card it plays", options: autoplay,
                    ["corner 1": "7H", "cell 1": "8S", "cell 2": "9D", "cell 4": "6H", "waste": "2C 9C", "stock": "#..."],
                    .move(1, from: "cell 4", to: "centre"), .legal,
                    after: ["centre": "6H", "corner 1": "7H 8S 9C", "cell 1": "", "cell 2": "9D", "waste": "2C"]),
        VerdictCase("without autoplay, cards stay where they are", ["corner 1": "7H", "cell 1": "8S", "cell 4": "6H", "waste": "2C 9C", "stock": "#..."],
                    .move(1, from: "cell 4", to: "centre"), .legal,
                    after: ["corner 1": "7H", "cell 1": "8S", "waste": "2C 9C"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "NapoleonsTomb") }
}

/// Union Square: piles that go on up or down in suit the way they started, and one foundation
/// per suit from ace up to king and back down to ace.
@Suite struct UnionSquareVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a single card takes the next higher card of its suit", ["tableau 1": "5S", "waste": "6S", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("or the next lower one", ["tableau 1": "5S", "waste": "4S", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("but not another suit", ["tableau 1": "5S", "waste": "6H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a card goes on the next higher or lower card of its suit"),
        VerdictCase("a pile going up goes on up", ["tableau 1": "5S 6S", "waste": "7S", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("and not back down", ["tableau 1": "5S 6S", "waste": "5S", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "require builds(pile[pile.size - 1], top, rising) and builds(top, run.first, rising)"),
        VerdictCase("a pile going down goes on down", ["tableau 1": "6S 5S", "waste": "4S", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("and not back up", ["tableau 1": "6S 5S", "waste": "6S", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("any card fills a space", ["tableau 1": "6S 5S", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("only one card moves at a time", ["tableau 1": "6S 5S", "tableau 2": "7S", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("an ace starts a foundation", ["waste": "AS", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("each suit has one foundation", ["foundation 1": "AS", "waste": "AS", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "each suit has only one foundation"),
        VerdictCase("a foundation builds up in suit to the king", ["foundation 1": "AS..QS", "waste": "KS", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("not in another suit", ["foundation 1": "AS 2S", "waste": "3H", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up in suit to the king"),
        VerdictCase("the second king follows the first", ["foundation 1": "AS..KS", "waste": "KS", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("and nothing else does", ["foundation 1": "AS..KS", "waste": "QS", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "the second king of the suit follows the first"),
        VerdictCase("then the foundation builds down", ["foundation 1": "AS..KS KS", "waste": "QS", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("to the second ace", ["foundation 1": "AS..KS KS..2S", "waste": "AS", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AS 2S", "tableau 1": "3S", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
        VerdictCase("the stock goes through once", ["waste": "3C", "tableau 16": "..."],
                    .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "UnionSquare") }

    @Test func wonWithTwentySixCardsOnEachFoundation() throws {
        let rules = try Positions.rules("UnionSquare")
        let full = ["foundation 1": "AC..KC KC..AC", "foundation 2": "AD..KD KD..AD", "foundation 3": "AH..KH KH..AH", "foundation 4": "AS..KS KS..AS"]
        #expect(rules.isWon(try Positions.table(rules, full)))
        #expect(!rules.isWon(try Positions.table(rules, full.merging(["foundation 4": "AS..KS KS..2S", "waste": "AS"]) { $1 })))
    }
}
