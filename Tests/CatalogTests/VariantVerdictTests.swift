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

// Variants of Gypsy, Canfield, Forty Thieves, Yukon and Spiderette, and Peek and Glenwood, each as a table of
// its distinctive rules.

private let ownFoundation = "a card on a foundation stays on its own foundation"
private let outOfPlay = "cards on the foundations do not come back to the tableau"

/// Every tableau pile of a seven-pile game holds a card that blocks nothing: no king lies on other
/// cards, so a deal is never held up waiting for a space to be filled.
private let sevenFullPiles: [String: String] = [
    "tableau 1": "KC", "tableau 2": "QC", "tableau 3": "JC", "tableau 4": "10C", "tableau 5": "9C", "tableau 6": "8C", "tableau 7": "7C",
]

private func with(_ base: [String: String], _ changes: [String: String]) -> [String: String] {
    base.merging(changes) { $1 }
}

/// Easthaven against Gypsy: one deck, seven piles, kings in spaces, spaces a king could fill
/// filled before the stock deals, and foundations that keep their cards.
@Suite struct EasthavenVerdicts {
    static let fillFirst = "fill the empty piles with kings before dealing"

    static let cases: [VerdictCase] = [
        VerdictCase("the stock deals a card face up to each pile", with(sevenFullPiles, ["stock": "#... #3H #4H #5H #6H #7H #8H #9H"]),
                    .tap("stock"), .legal,
                    after: ["tableau 1": "KC 9H", "tableau 2": "QC 8H", "tableau 3": "JC 7H", "tableau 4": "10C 6H",
                            "tableau 5": "9C 5H", "tableau 6": "8C 4H", "tableau 7": "7C 3H"]),
        VerdictCase("the last three cards go to the first three piles", with(sevenFullPiles, ["stock": "#2H #3H #4H", "foundation 4": "#..."]),
                    .tap("stock"), .legal,
                    after: ["tableau 1": "KC 4H", "tableau 2": "QC 3H", "tableau 3": "JC 2H", "tableau 4": "10C", "stock": ""]),
        VerdictCase("a space a king could fill holds up the deal", with(sevenFullPiles, ["tableau 1": "", "tableau 2": "#5C KH QS", "stock": "#..."]),
                    .tap("stock"), .refused(.actionRefused), ruleLine: fillFirst),
        VerdictCase("a king at the bottom of its pile does not", with(sevenFullPiles, ["tableau 1": "", "tableau 2": "KH QS", "stock": "#..."]),
                    .tap("stock"), .legal),
        VerdictCase("nor a king covered by cards not built on it", with(sevenFullPiles, ["tableau 1": "", "tableau 2": "#5C KH 3D", "stock": "#..."]),
                    .tap("stock"), .legal),
        VerdictCase("nor a space when fewer cards than piles are left in the tableau",
                    ["tableau 2": "#5C KH", "tableau 3": "2C", "tableau 4": "3C", "tableau 5": "4C", "stock": "#..."],
                    .tap("stock"), .legal),
        VerdictCase("a king fills a space with the run on it", ["tableau 2": "#5C KH QS", "stock": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "KH QS", "tableau 2": "5C"]),
        VerdictCase("no other card fills a space", ["tableau 2": "#5C QS", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: "only a king can fill an empty tableau pile"),
        VerdictCase("a run out of sequence does not move together", ["tableau 2": "#5C 9S 8S", "tableau 3": "10H", "stock": "#..."],
                    .move(2, from: "tableau 2", to: "tableau 3"), .refused(.liftRefused)),
        VerdictCase("the stock is never turned over", with(sevenFullPiles, ["foundation 4": "#..."]),
                    .tap("stock"), .refused(.noActionHere)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.acceptRefused), ruleLine: outOfPlay),
        VerdictCase("and do not move to another foundation", ["foundation 1": "AS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: ownFoundation),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Easthaven") }
}

/// Kansas against Canfield: a reserve of twelve, three piles built down regardless of suit, runs
/// that move at will, spaces filled from the waste once the reserve is gone, and one pass of the stock.
@Suite struct KansasVerdicts {
    static let wasteOnly = "only the waste's top card can fill a space"

    static let cases: [VerdictCase] = [
        VerdictCase("a card of the base card's rank starts a foundation", ["foundation 1": "7H", "waste": "7S", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("an ace does not, unless it is the base rank", ["foundation 1": "7H", "waste": "AS", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .refused(.acceptRefused)),
        VerdictCase("a foundation goes on from king to ace", ["foundation 1": "7H 8H 9H 10H JH QH KH", "waste": "AH", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("piles build down regardless of suit", ["foundation 1": "7D", "tableau 1": "8H", "waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("a king goes on an ace", ["foundation 1": "7D", "tableau 1": "AH", "waste": "KH", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("but not on a two", ["foundation 1": "7D", "tableau 1": "2H", "waste": "KH", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("part of a run moves", ["foundation 1": "7D", "tableau 1": "9S 8H 7C", "tableau 2": "9D", "tableau 3": "KC", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "9S", "tableau 2": "9D 8H 7C"]),
        VerdictCase("the reserve fills a space at once", ["foundation 1": "7D", "reserve": "#2C 5D", "tableau 1": "8H", "tableau 2": "9S", "tableau 3": "KC", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "5D", "reserve": "2C", "tableau 2": "9S 8H"]),
        VerdictCase("once the reserve is gone, the waste fills a space", ["foundation 1": "7D", "waste": "4D", "tableau 2": "9S", "tableau 3": "KC", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("but a tableau card does not", ["foundation 1": "7D", "tableau 2": "9S 8H", "tableau 3": "KC", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: wasteOnly),
        VerdictCase("one card is drawn at a time", ["foundation 1": "7D", "stock": "#2C #3C #4C", "foundation 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C #3C", "waste": "4C"]),
        VerdictCase("the stock goes through once", ["foundation 1": "7D", "waste": "3C 4C", "foundation 4": "#..."],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "7D 8D", "tableau 1": "9S", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Kansas") }
}

/// Zebra against Forty Thieves: aces out, foundations and piles built in alternating colours, spaces
/// filled from the waste or the stock at once, and two passes through the stock.
@Suite struct ZebraVerdicts {
    /// Eight piles that hold a card each; the rest of the deck is in the stock.
    static let piles: [String: String] = [
        "tableau 1": "5H", "tableau 2": "6S", "tableau 3": "KC", "tableau 4": "KD",
        "tableau 5": "KH", "tableau 6": "KS", "tableau 7": "QC", "tableau 8": "QD",
    ]
    static let alternateUp = "a foundation builds up in alternating colours"

    static let cases: [VerdictCase] = [
        VerdictCase("a foundation builds up in alternating colours", with(piles, ["foundation 1": "AC", "waste": "2H", "stock": "#..."]),
                    .move(1, from: "waste", to: "foundation 1"), .legal, after: ["foundation 1": "AC 2H"]),
        VerdictCase("whatever the suit", with(piles, ["foundation 1": "AS", "waste": "2D", "stock": "#..."]),
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("not in one colour", with(piles, ["foundation 1": "AD", "waste": "2H", "stock": "#..."]),
                    .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused), ruleLine: alternateUp),
        VerdictCase("a pile builds down in alternating colours", with(piles, ["waste": "2H 5D", "stock": "#..."]),
                    .move(1, from: "waste", to: "tableau 2"), .legal, after: ["tableau 2": "6S 5D"]),
        VerdictCase("one card at a time", with(piles, ["tableau 1": "6S 5H", "tableau 2": "7D", "stock": "#..."]),
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("a pile that empties is filled from the waste", with(piles, ["waste": "3C 9D", "stock": "#..."]),
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "9D", "tableau 2": "6S 5H", "waste": "3C"]),
        VerdictCase("or from the stock when the waste is empty", with(piles, ["stock": "#... #4C"]),
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "4C", "tableau 2": "6S 5H"]),
        VerdictCase("a space takes no card by a move", ["tableau 2": "5H", "tableau 3": "6S", "foundation 8": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: "a space is filled from the waste or the stock"),
        VerdictCase("the stock is turned over once", with(piles, ["waste": "3C 4C", "foundation 8": "#..."]),
                    .tap("stock"), .legal, after: ["stock": "#4C #3C", "waste": ""]),
        VerdictCase("but not twice", with(piles, ["waste": "3C 4C", "foundation 8": "#..."]), actionUses: ["redeal": 1],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("cards on the foundations stay there", with(piles, ["foundation 1": "AC 2H", "tableau 3": "3S", "stock": "#..."]),
                    .move(1, from: "foundation 1", to: "tableau 3"), .refused(.acceptRefused), ruleLine: outOfPlay),
        VerdictCase("and do not move to another foundation", with(piles, ["foundation 1": "AC 2H", "foundation 2": "AS", "stock": "#..."]),
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: ownFoundation),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Zebra") }
}

/// Australian Patience against Yukon: building down in suit, four face-up cards a pile, and a
/// stock that goes through once.
@Suite struct AustralianPatienceVerdicts {
    static let inSuit = "a tableau pile builds down in suit"

    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the next higher card of its suit", ["tableau 1": "8H", "waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("not of another suit", ["tableau 1": "8D", "waste": "7H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused), ruleLine: inSuit),
        VerdictCase("a card moves with every card on it, in sequence or not", ["tableau 1": "4D 7H 2C 9S", "tableau 2": "8H", "stock": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "4D", "tableau 2": "8H 7H 2C 9S"]),
        VerdictCase("only a king fills a space", ["tableau 1": "4D QS", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused), ruleLine: "only a king can fill an empty tableau pile"),
        VerdictCase("a king fills a space with the cards on it", ["tableau 1": "4D KS 2H", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("only the waste's top card plays", ["tableau 1": "8H", "waste": "7H 6H", "stock": "#..."],
                    .move(2, from: "waste", to: "tableau 1"), .refused(.liftRefused)),
        VerdictCase("one card is drawn at a time", ["stock": "#2C #3C #4C", "foundation 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C #3C", "waste": "4C"]),
        VerdictCase("the stock goes through once", ["waste": "3C 4C", "foundation 4": "#..."],
                    .tap("stock"), .refused(.noActionHere)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AS 2S 3S", "tableau 1": "4S", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "AustralianPatience") }
}

/// Odessa against Yukon: building down in suit, dealt with three face-down cards under three or five face-up ones.
@Suite struct OdessaVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the next higher card of its suit", ["tableau 1": "8H", "tableau 2": "#2C 7H", "tableau 7": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "8H 7H", "tableau 2": "2C"]),
        VerdictCase("not of another suit", ["tableau 1": "8D", "tableau 2": "7H", "tableau 7": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: "a tableau pile builds down in suit"),
        VerdictCase("a card moves with every card on it, in sequence or not", ["tableau 1": "#4D 7H 2C 9S", "tableau 2": "8H", "tableau 7": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "4D"]),
        VerdictCase("only a king fills a space", ["tableau 1": "4D QS", "tableau 7": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AS 2S 3S", "tableau 1": "4S", "tableau 7": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Odessa") }
}

/// Will o' the Wisp against Spiderette: seven piles of three, the stock dealt seven cards a time
/// and then its last three.
@Suite struct WillOTheWispVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the next higher card of any suit", ["tableau 1": "8S", "tableau 2": "#2C 7H", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 2": "2C"]),
        VerdictCase("only a run of one suit moves together", ["tableau 1": "8H 7S", "tableau 2": "9D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("any card fills a space", ["tableau 1": "8H 7S", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("the stock deals a card to each pile", with(sevenFullPiles, ["stock": "#... #3H #4H #5H #6H #7H #8H #9H"]),
                    .tap("stock"), .legal, after: ["tableau 1": "KC 9H", "tableau 7": "7C 3H"]),
        VerdictCase("and its last three cards to the first three piles", with(sevenFullPiles, ["stock": "#2H #3H #4H", "foundation 4": "#..."]),
                    .tap("stock"), .legal, after: ["tableau 1": "KC 4H", "tableau 3": "JC 2H", "tableau 4": "10C", "stock": ""]),
        VerdictCase("not while a pile is empty", with(sevenFullPiles, ["tableau 7": "", "stock": "#..."]),
                    .tap("stock"), .refused(.actionRefused)),
        VerdictCase("a completed suit goes to a foundation", ["tableau 1": "KS..2S", "tableau 2": "#3D AS", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["tableau 1": "", "tableau 2": "3D", "foundation 1": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "WillOTheWisp") }
}

/// Peek: face-up reserves, the first foundation's card setting the starting rank, foundations
/// built in suit whatever the rank but only in ranks the foundation above holds, started in order.
@Suite struct PeekVerdicts {
    static let aboveHolds = "a card joins a foundation only when the foundation above holds its rank"

    static let cases: [VerdictCase] = [
        VerdictCase("the first foundation takes any card of its suit", ["foundation 1": "9C", "reserve 1": "2C", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 1"), .legal, after: ["foundation 1": "9C 2C", "reserve 1": ""]),
        VerdictCase("but no other suit", ["foundation 1": "9C", "reserve 1": "2D", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 1"), .refused(.acceptRefused), ruleLine: "a foundation takes only cards of its own suit"),
        VerdictCase("a card of the first foundation's rank starts the next", ["foundation 1": "9C", "reserve 1": "9H", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 2"), .legal),
        VerdictCase("no other rank does", ["foundation 1": "9C", "reserve 1": "8H", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the first foundation's rank"),
        VerdictCase("the foundations are started in order", ["foundation 1": "9C", "reserve 1": "9H", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 3"), .refused(.acceptRefused), ruleLine: "the foundations are started in order"),
        VerdictCase("a card joins a foundation whose upper neighbour holds its rank", ["foundation 1": "9C 4C", "foundation 2": "9H", "waste": "4H", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("whatever the order of the ranks", ["foundation 1": "9C 4C KC", "foundation 2": "9H 4H", "waste": "KH", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("but not a rank the upper neighbour lacks", ["foundation 1": "9C 4C", "foundation 2": "9H", "waste": "5H", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .refused(.acceptRefused), ruleLine: aboveHolds),
        VerdictCase("only the top card of a reserve plays", ["foundation 1": "9C", "reserve 1": "2C 3C", "stock": "#..."],
                    .move(2, from: "reserve 1", to: "foundation 1"), .refused(.liftRefused)),
        VerdictCase("nothing is put on a reserve", ["foundation 1": "9C", "reserve 1": "2C", "waste": "3C", "stock": "#..."],
                    .move(1, from: "waste", to: "reserve 1"), .refused(.zoneCannotReceive)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "9C 2C", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.zoneCannotGive)),
        VerdictCase("one card is drawn at a time", ["foundation 1": "9C", "stock": "#2C #3C #4C", "reserve 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C #3C", "waste": "4C"]),
        VerdictCase("the stock is turned over twice", ["foundation 1": "9C", "waste": "3C 4C", "reserve 4": "#..."], actionUses: ["redeal": 1],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C"]),
        VerdictCase("but not three times", ["foundation 1": "9C", "waste": "3C 4C", "reserve 4": "#..."], actionUses: ["redeal": 2],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("three cards at a time, and then without limit", options: ["draw": "3"],
                    ["foundation 1": "9C", "waste": "3C 4C", "reserve 4": "#..."], actionUses: ["redeal": 30],
                    .tap("stock"), .legal),
        VerdictCase("three cards are drawn at a time", options: ["draw": "3"], ["foundation 1": "9C", "stock": "#2C #3C #4C #5C", "reserve 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C", "waste": "5C 4C 3C"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Peek") }
}

/// Glenwood: the player starts the first foundation from a reserve; until then only reserve
/// cards play. Piles build down in alternating colours around the corner and move whole.
@Suite struct GlenwoodVerdicts {
    static let startFirst = "first start a foundation with a card from a reserve"
    static let wholePiles = "only a whole pile moves onto another tableau pile"

    static let cases: [VerdictCase] = [
        VerdictCase("any reserve card starts the first foundation", ["reserve 1": "5C 9D", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 1"), .legal, after: ["foundation 1": "9D", "reserve 1": "5C"]),
        VerdictCase("before that, a tableau card cannot play", ["tableau 1": "9D", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.liftRefused), ruleLine: startFirst),
        VerdictCase("nor can the stock be turned", ["stock": "#..."],
                    .tap("stock"), .refused(.actionRefused), ruleLine: "the stock waits until a foundation is started"),
        VerdictCase("but a reserve card may go on the tableau", ["reserve 1": "8S", "tableau 1": "9D", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "tableau 1"), .legal),
        VerdictCase("a card of the first foundation's rank starts another", ["foundation 1": "9D", "tableau 1": "9S", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 2"), .legal),
        VerdictCase("no other rank does", ["foundation 1": "9D", "tableau 1": "8S", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the first foundation's rank"),
        VerdictCase("nor does any card before the first foundation is started", ["reserve 1": "9S", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: "the first foundation is started first"),
        VerdictCase("a foundation goes on from king to ace", ["foundation 1": "9D 10D JD QD KD", "tableau 1": "AD", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("a king goes on an ace in the tableau", ["foundation 1": "9D", "tableau 1": "AH", "waste": "KS", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("a whole pile moves onto another", ["foundation 1": "9D", "tableau 1": "8S 7H", "tableau 2": "9H", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "", "tableau 2": "9H 8S 7H"]),
        VerdictCase("the top card of a pile does not move alone to another pile", ["foundation 1": "9D", "tableau 1": "8S 7H", "tableau 2": "8C", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.acceptRefused), ruleLine: wholePiles),
        VerdictCase("but it may go to a foundation", ["foundation 1": "6H", "tableau 1": "8S 7H", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("part of a pile does not move", ["foundation 1": "9D", "tableau 1": "10D 9S 8H", "tableau 2": "10H", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("a reserve card fills a space", ["foundation 1": "9D", "reserve 2": "3C", "stock": "#..."],
                    .move(1, from: "reserve 2", to: "tableau 1"), .legal),
        VerdictCase("the waste does not while a reserve holds cards", ["foundation 1": "9D", "reserve 2": "3C", "waste": "4C", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused), ruleLine: "the waste fills a space only when the reserves are empty"),
        VerdictCase("it does once they are empty", ["foundation 1": "9D", "waste": "4C", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("one card is drawn at a time", ["foundation 1": "9D", "stock": "#2C #3C", "tableau 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C", "waste": "3C"]),
        VerdictCase("the stock is turned over once", ["foundation 1": "9D", "waste": "3C 4C", "tableau 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C"]),
        VerdictCase("but not twice", ["foundation 1": "9D", "waste": "3C 4C", "tableau 4": "#..."], actionUses: ["redeal": 1],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "9D 10D", "tableau 1": "JS", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Glenwood") }
}

/// The options Aisleriot does not offer are fixed: any other value is refused as the command line would refuse it.
@Suite struct FixedOptionVerdicts {
    struct Setting: Sendable, CustomTestStringConvertible {
        var game: String
        var option: String
        var value: String
        var testDescription: String { "\(game) \(option)=\(value)" }
    }

    static let refused: [Setting] = [
        Setting(game: "Athena", option: "redeals", value: "unlimited"), Setting(game: "AuntMary", option: "draw", value: "3"),
        Setting(game: "AuntMary", option: "redeals", value: "0"), Setting(game: "Saratoga", option: "redeals", value: "2"),
        Setting(game: "ThumbAndPouch", option: "draw", value: "3"), Setting(game: "Whitehead", option: "redeals", value: "2"),
        Setting(game: "GoldMine", option: "draw", value: "1"), Setting(game: "Jumbo", option: "redeals", value: "0"),
        Setting(game: "Westhaven", option: "redeals", value: "1"), Setting(game: "Kansas", option: "draw", value: "3"),
        Setting(game: "WillOTheWisp", option: "suits", value: "1"),
    ]

    @Test(arguments: refused) func otherValuesAreRefused(_ setting: Setting) throws {
        do {
            _ = try Positions.rules(setting.game, options: [setting.option: setting.value])
            Issue.record("\(setting.game) accepted \(setting.option)=\(setting.value)")
        } catch let error as DiagnosticsError {
            expectEqual(error.diagnostics.map(\.code), [.valueOutsideDomain])
        }
    }

    /// Athena, Saratoga and Peek offer Aisleriot's three-card deals.
    @Test(arguments: ["Athena", "Saratoga", "Peek"]) func threeCardDealsAreOffered(game: String) throws {
        let rules = try Positions.rules(game, options: ["draw": "3"])
        expectEqual(rules.optionValues["draw"], 3)
    }
}
