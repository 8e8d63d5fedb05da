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

/// Agnes: the base rank kept in memory from the deal, foundations in suit turning the corner and
/// still in play, piles built down in colour that only the stock fills, and runs that stop at the
/// base rank.
@Suite struct AgnesVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card of the base rank starts a foundation", ["foundation 1": "7D", "tableau 1": "7S", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 1", to: "foundation 2"), .legal),
        VerdictCase("a card of another rank does not", ["foundation 1": "7D", "tableau 1": "8S", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the base card's rank"),
        VerdictCase("the base is remembered when every foundation is empty", ["tableau 1": "7S", "tableau 2": "7H", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 1", to: "foundation 3"), .legal),
        VerdictCase("and another memory is another base", ["tableau 1": "7S", "tableau 2": "7H", "stock": "#..."], memory: ["base": 8],
                    .move(1, from: "tableau 1", to: "foundation 3"), .refused(.acceptRefused)),
        VerdictCase("a foundation builds in suit from king to ace", ["foundation 1": "7D 8D 9D 10D JD QD KD", "tableau 1": "AD", "stock": "#..."],
                    memory: ["base": 7], .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("and not in another suit", ["foundation 1": "7D", "tableau 1": "8H", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up in suit"),
        VerdictCase("a foundation's top card comes back to a pile", ["foundation 1": "7D 8D", "tableau 1": "9H", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal, after: ["foundation 1": "7D", "tableau 1": "9H 8D"]),
        VerdictCase("and so does the base card, emptying its foundation", ["foundation 1": "7D", "tableau 1": "8H", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal, after: ["foundation 1": ""], afterMemory: ["base": 7]),
        VerdictCase("but not to another foundation", ["foundation 1": "7D", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "a card on a foundation does not move to another foundation"),
        VerdictCase("a pile builds down in colour", ["tableau 1": "9C", "tableau 2": "8S", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("not in alternating colours", ["tableau 1": "9C", "tableau 2": "8H", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a pile builds down in the same colour"),
        VerdictCase("a king goes on an ace", ["tableau 1": "AC", "tableau 2": "KS", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("an empty pile takes no card", ["tableau 2": "KS", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "an empty pile is filled only by a deal from the stock"),
        VerdictCase("a run in colour moves", ["tableau 1": "#2D 9C 8S 7C", "tableau 2": "10S", "stock": "#..."], memory: ["base": 4],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "2D", "tableau 2": "10S 9C 8S 7C"]),
        VerdictCase("a run of mixed colours does not", ["tableau 1": "9C 8H", "tableau 2": "10S", "stock": "#..."], memory: ["base": 4],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused),
                    ruleLine: "only a run built down in one colour moves together"),
        VerdictCase("a run may end on a card of the base rank", ["tableau 1": "9C 8S", "tableau 2": "10S", "stock": "#..."], memory: ["base": 8],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("but not go on past it", ["tableau 1": "9C 8S 7C", "tableau 2": "10S", "stock": "#..."], memory: ["base": 8],
                    .move(3, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused),
                    ruleLine: "a run does not go on from a card of the base rank"),
        VerdictCase("nor turn the corner when the base is an ace", ["tableau 1": "AC KS", "tableau 2": "2S", "stock": "#..."], memory: ["base": 1],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("which it may with another base", ["tableau 1": "AC KS", "tableau 2": "2S", "stock": "#..."], memory: ["base": 7],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("the stock deals a card face up to every pile, empty or not",
                    ["tableau 2": "5C", "stock": "#... #2D #3D #4D #5D #6D #7D #8D"], memory: ["base": 7], .tap("stock"), .legal,
                    after: ["tableau 1": "8D", "tableau 2": "5C 7D", "tableau 7": "2D"]),
        VerdictCase("the last deal has two cards, for the first two piles", ["tableau 3": "#...", "tableau 4": "9S", "stock": "#2D #3D"],
                    memory: ["base": 7], .tap("stock"), .legal, after: ["tableau 1": "3D", "tableau 2": "2D", "tableau 4": "9S", "stock": ""]),
        VerdictCase("and then the stock is done", ["tableau 3": "#...", "tableau 4": "9S"], memory: ["base": 7],
                    .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Agnes") }
}

/// Lady Jane: the base rank kept in memory from the deal, foundations in suit turning the corner
/// and still in play, piles built down in alternating colours from the rank below the base to
/// the base, reserves that only give, and a stock that deals to the reserves and turns its last
/// two cards up.
@Suite struct LadyJaneVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card of the base rank starts a foundation", ["foundation 1": "7D", "reserve 1": "7S", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "reserve 1", to: "foundation 2"), .legal),
        VerdictCase("a card of another rank does not", ["foundation 1": "7D", "reserve 1": "AS", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "reserve 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the base card's rank"),
        VerdictCase("the base is remembered when every foundation is empty", ["tableau 1": "QH 7S", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 1", to: "foundation 4"), .legal),
        VerdictCase("a foundation goes on from king to ace", ["foundation 1": "7D 8D 9D 10D JD QD KD", "waste": "AD", "stock": "#..."],
                    memory: ["base": 7], .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("a foundation's top card comes back to a pile", ["foundation 1": "7D 8D", "tableau 1": "9S", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("but not to another foundation", ["foundation 1": "7D", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "foundation 1", to: "foundation 3"), .refused(.acceptRefused),
                    ruleLine: "a card on a foundation does not move to another foundation"),
        VerdictCase("a pile builds down in alternating colours", ["tableau 1": "9C", "reserve 3": "8H", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "reserve 3", to: "tableau 1"), .legal),
        VerdictCase("not in one colour", ["tableau 1": "9C", "reserve 3": "8S", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "reserve 3", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a pile builds down in alternating colours"),
        VerdictCase("a king goes on an ace", ["tableau 1": "AC", "waste": "KH", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("nothing goes on a card of the base rank", ["tableau 1": "7C", "waste": "6H", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "nothing is built on a card of the base rank"),
        VerdictCase("an empty pile takes the rank below the base", ["tableau 2": "#2C 6H", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 2": "2C"]),
        VerdictCase("and no other", ["tableau 2": "#2C 8H", "stock": "#..."], memory: ["base": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "an empty pile takes only a card one rank below the base card"),
        VerdictCase("below an ace is a king", ["reserve 1": "KH", "stock": "#..."], memory: ["base": 1],
                    .move(1, from: "reserve 1", to: "tableau 5"), .legal),
        VerdictCase("a run from that rank fills it", ["tableau 2": "#2C 6H 5S 4D", "stock": "#..."], memory: ["base": 7],
                    .move(3, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("only a reserve pile's top card plays", ["reserve 1": "6H 5S", "tableau 1": "7H", "stock": "#..."], memory: ["base": 8],
                    .move(2, from: "reserve 1", to: "tableau 1"), .refused(.liftRefused),
                    ruleLine: "only the top card of a reserve pile can be played"),
        VerdictCase("nothing goes on a reserve pile", ["reserve 1": "6H", "waste": "5S", "stock": "#..."], memory: ["base": 8],
                    .move(1, from: "waste", to: "reserve 1"), .refused(.zoneCannotReceive)),
        VerdictCase("the stock deals a card to every reserve pile", ["reserve 2": "9S", "stock": "#... #2D #3D #4D #5D #6D #7D #8D"],
                    memory: ["base": 7], .tap("stock"), .legal, after: ["reserve 1": "8D", "reserve 2": "9S 7D", "reserve 7": "2D", "waste": ""]),
        VerdictCase("its last two cards go one to the waste and one face up on the stock", ["tableau 7": "#...", "stock": "#2D #3D"],
                    memory: ["base": 7], .tap("stock"), .legal, after: ["waste": "3D", "stock": "2D"]),
        VerdictCase("and that card is played from the stock", ["tableau 7": "#... 3D", "stock": "2S"], memory: ["base": 7],
                    .move(1, from: "stock", to: "tableau 7"), .legal),
        VerdictCase("after which the stock is done", ["tableau 7": "#...", "stock": "2S"], memory: ["base": 7],
                    .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "LadyJane") }
}

/// Jamestown: two cards of the same rank are removed together, to the hidden discard pile, and
/// the stock refills their piles; nothing moves from pile to pile.
@Suite struct JamestownVerdicts {
    /// Every pile holds a card, so that the stock refills only the piles a pair empties.
    static func full(_ piles: [String: String]) -> [String: String] {
        let others = ["tableau 1": "AC", "tableau 2": "2C", "tableau 3": "3C", "tableau 4": "4C", "tableau 5": "5C",
                      "tableau 6": "6C", "tableau 7": "8C", "tableau 8": "9C", "tableau 9": "10C"]
        return others.merging(piles) { _, new in new }
    }

    static let cases: [VerdictCase] = [
        VerdictCase("two cards of the same rank leave together", full(["tableau 2": "7S", "tableau 5": "7H", "stock": "#... #2D #3D"]),
                    .remove(["tableau 5", "tableau 2"]), .legal, after: ["tableau 2": "3D", "tableau 5": "2D", "discard": "7S 7H"]),
        VerdictCase("two cards of different ranks do not", full(["tableau 2": "7S", "tableau 5": "8H", "stock": "#..."]),
                    .remove(["tableau 2", "tableau 5"]), .refused(.removalRefused)),
        VerdictCase("nor does one card alone", full(["tableau 2": "KS", "stock": "#..."]),
                    .remove(["tableau 2"]), .refused(.noRemovalHere)),
        VerdictCase("nor three of a rank", full(["tableau 1": "7C", "tableau 2": "7S", "tableau 5": "7H", "stock": "#..."]),
                    .remove(["tableau 1", "tableau 2", "tableau 5"]), .refused(.noRemovalHere)),
        VerdictCase("a card does not move onto another", full(["tableau 2": "7S", "tableau 5": "7H", "stock": "#..."]),
                    .move(1, from: "tableau 2", to: "tableau 5"), .refused(.zoneCannotGive)),
        VerdictCase("the stock's cards cannot be paired", full(["tableau 2": "7S", "stock": "#... #7H"]),
                    .remove(["tableau 2", "stock"]), .refused(.faceDownInRun)),
        VerdictCase("when the stock is out, the piles stay empty", full(["tableau 2": "7S", "tableau 5": "7H", "tableau 9": "10C ...", "stock": ""]),
                    .remove(["tableau 2", "tableau 5"]), .legal, after: ["tableau 2": "", "tableau 5": ""]),
        VerdictCase("with one card left, the first emptied pile takes it", full(["tableau 2": "7S", "tableau 5": "7H", "tableau 9": "10C ...", "stock": "#2D"]),
                    .remove(["tableau 2", "tableau 5"]), .legal, after: ["tableau 2": "2D", "tableau 5": ""]),
        VerdictCase("there is no tap on the stock", ["stock": "#..."], .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Jamestown") }
}
