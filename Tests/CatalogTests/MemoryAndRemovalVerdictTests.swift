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

/// Terrace: the base chosen by the first move and kept in memory, foundations in alternating
/// colours from it, single cards on the piles, a reserve that plays only to the foundations, an
/// empty waste refilled from the stock, and the stock locked by a turn made while a pile is empty.
@Suite struct TerraceVerdicts {
    /// Every pile holds a card.
    static func full(_ piles: [String: String]) -> [String: String] {
        let others = ["tableau 1": "10C", "tableau 2": "10C", "tableau 3": "10D", "tableau 4": "10D", "tableau 5": "10H",
                      "tableau 6": "10H", "tableau 7": "10S", "tableau 8": "10S", "tableau 9": "JC", "waste": "2C", "reserve": "2C"]
        return others.merging(piles) { _, new in new }
    }

    static let choosing: [String: String] = ["tableau 1": "7D", "tableau 2": "9S", "tableau 3": "2C", "tableau 4": "KH", "stock": "#..."]

    static let cases: [VerdictCase] = [
        VerdictCase("the first move chooses the base from the four cards", choosing, .move(1, from: "tableau 2", to: "foundation 5"), .legal,
                    after: ["foundation 5": "9S", "tableau 1": "7D"], afterMemory: ["base": 9]),
        VerdictCase("and fills every empty pile, then the waste, from the stock", ["tableau 1": "7D", "tableau 2": "9S", "tableau 3": "2C",
                    "tableau 4": "KH", "stock": "#... #AS #2S #3S #4S #5S #6S #7S"], .move(1, from: "tableau 2", to: "foundation 1"), .legal,
                    after: ["tableau 2": "7S", "tableau 5": "6S", "tableau 9": "2S", "waste": "AS"]),
        VerdictCase("before it, the piles do not build", choosing, .move(1, from: "tableau 3", to: "tableau 4"), .refused(.acceptRefused)),
        VerdictCase("nor does the reserve play", choosing.merging(["reserve": "7S"]) { _, new in new }, .move(1, from: "reserve", to: "foundation 1"),
                    .refused(.liftRefused)),
        VerdictCase("nor does the stock turn", choosing, .tap("stock"), .refused(.actionRefused)),
        VerdictCase("a card of the base rank starts a foundation", full(["reserve": "2C 7S", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "reserve", to: "foundation 3"), .legal),
        VerdictCase("a card of another rank does not", full(["reserve": "2C 8S", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "reserve", to: "foundation 3"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the base card's rank"),
        VerdictCase("a foundation builds up in alternating colours", full(["foundation 1": "7D", "waste": "8S", "stock": "#..."]),
                    memory: ["base": 7], .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("not in suit", full(["foundation 1": "7D", "waste": "8D", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up in alternating colours"),
        VerdictCase("and turns the corner from king to ace", full(["foundation 1": "JD QS KD", "waste": "AS", "stock": "#..."]), memory: ["base": 11],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("a full foundation takes no card of the base rank", full(["foundation 1": "2D 3S 4D 5S 6D 7S 8D 9S 10D JS QD KS AD", "waste": "2S",
                    "tableau 3": "4H", "stock": "#..."]), memory: ["base": 2], .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation ends below the base rank"),
        VerdictCase("cards on the foundations stay there", full(["foundation 1": "7D 8S", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "foundation 1", to: "tableau 9"), .refused(.zoneCannotGive)),
        VerdictCase("a pile builds down in alternating colours", full(["tableau 9": "9C", "waste": "8H", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "waste", to: "tableau 9"), .legal),
        VerdictCase("a king goes on an ace", full(["tableau 9": "AC", "waste": "KH", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "waste", to: "tableau 9"), .legal),
        VerdictCase("nothing goes on a card of the base rank", full(["tableau 9": "7C", "waste": "6H", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "waste", to: "tableau 9"), .refused(.acceptRefused),
                    ruleLine: "nothing is built on a card of the base rank"),
        VerdictCase("cards move one at a time", full(["tableau 8": "9C 8H", "tableau 9": "10H", "tableau 5": "4H", "stock": "#..."]), memory: ["base": 7],
                    .move(2, from: "tableau 8", to: "tableau 9"), .refused(.liftRefused)),
        VerdictCase("a reserve card does not go on a pile", full(["tableau 9": "9C", "reserve": "2C 8H", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "reserve", to: "tableau 9"), .refused(.acceptRefused),
                    ruleLine: "a reserve card goes only to a foundation"),
        VerdictCase("a space takes the waste's card", full(["tableau 9": "", "waste": "5H", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "waste", to: "tableau 9"), .legal),
        VerdictCase("and no card from another pile", full(["tableau 9": "", "tableau 8": "10S 5H", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "tableau 8", to: "tableau 9"), .refused(.acceptRefused),
                    ruleLine: "an empty pile is filled only from the waste"),
        VerdictCase("an emptied waste is given the stock's next card", full(["tableau 9": "9C", "waste": "8H", "stock": "#... #3S"]), memory: ["base": 7],
                    .move(1, from: "waste", to: "tableau 9"), .legal, after: ["waste": "3S"]),
        VerdictCase("a turn with every pile filled leaves the stock free", full(["stock": "#... #3S"]), memory: ["base": 7],
                    .tap("stock"), .legal, after: ["waste": "2C 3S"], afterMemory: ["locked": 0]),
        VerdictCase("a turn while a pile is empty locks the stock", full(["tableau 9": "", "stock": "#... #3S"]), memory: ["base": 7],
                    .tap("stock"), .legal, after: ["waste": "2C 3S"], afterMemory: ["locked": 1, "locked_at": 2]),
        VerdictCase("the locked stock does not turn", full(["tableau 9": "", "waste": "2C 3S", "stock": "#..."]),
                    memory: ["base": 7, "locked": 1, "locked_at": 2], .tap("stock"), .refused(.actionRefused),
                    ruleLine: "a card was turned while a pile was empty"),
        VerdictCase("a card leaving the waste unlocks it", full(["tableau 9": "", "tableau 8": "4C", "waste": "2C 3H", "stock": "#..."]),
                    memory: ["base": 7, "locked": 1, "locked_at": 2], .move(1, from: "waste", to: "tableau 8"), .legal, afterMemory: ["locked": 0]),
        VerdictCase("another move leaves it locked", full(["tableau 9": "", "reserve": "7S", "stock": "#..."]),
                    memory: ["base": 7, "locked": 1, "locked_at": 1], .move(1, from: "reserve", to: "foundation 1"), .legal, afterMemory: ["locked": 1]),
        VerdictCase("the stock goes through once", full(["waste": "...", "stock": ""]), memory: ["base": 7], .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Terrace") }
}

/// General's Patience against Terrace: foundations in suit, and a second pass through the stock
/// that turns a card only onto an empty waste.
@Suite struct GeneralsPatienceVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a foundation builds up in suit", TerraceVerdicts.full(["foundation 1": "7D", "waste": "8D", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("not in alternating colours", TerraceVerdicts.full(["foundation 1": "7D", "waste": "8S", "stock": "#..."]), memory: ["base": 7],
                    .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused), ruleLine: "a foundation builds up in suit"),
        VerdictCase("the waste is turned over once, its first card left for a tap", TerraceVerdicts.full(["waste": "...", "stock": ""]), memory: ["base": 7],
                    .tap("stock"), .legal, after: ["waste": ""]),
        VerdictCase("or for the next move", TerraceVerdicts.full(["waste": "", "stock": "#... #AC", "foundation 1": "7D", "tableau 1": "10C 8D"]),
                    actionUses: ["redeal": 1], memory: ["base": 7], .move(1, from: "tableau 1", to: "foundation 1"), .legal, after: ["waste": "AC"]),
        VerdictCase("but not twice", TerraceVerdicts.full(["waste": "...", "stock": ""]), actionUses: ["redeal": 1], memory: ["base": 7],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("nor while the stock is locked", TerraceVerdicts.full(["tableau 9": "", "waste": "...", "stock": ""]),
                    memory: ["base": 7, "locked": 1, "locked_at": 60], .tap("stock"), .refused(.actionRefused)),
        VerdictCase("on the first pass a card is turned onto the waste", TerraceVerdicts.full(["stock": "#..."]), memory: ["base": 7],
                    .tap("stock"), .legal),
        VerdictCase("on the second only onto an empty waste", TerraceVerdicts.full(["stock": "#..."]), actionUses: ["redeal": 1], memory: ["base": 7],
                    .tap("stock"), .refused(.actionRefused), ruleLine: "after the first pass, a card is turned only onto an empty waste"),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "GeneralsPatience") }
}

/// Falling Stars, Signora and Redheads against Terrace: the base dealt rather than chosen, and
/// spaces filled at once, from the waste or the stock, or from the reserve first.
@Suite struct TerraceVariantVerdicts {
    static let cases: [(game: String, row: VerdictCase)] = [
        ("FallingStars", VerdictCase("the dealt base allows any first move", TerraceVerdicts.full(["foundation 1": "7D", "reserve": "8S", "stock": "#..."]),
                                     memory: ["base": 7], .move(1, from: "reserve", to: "foundation 1"), .legal)),
        ("FallingStars", VerdictCase("a space waits for the waste's card", TerraceVerdicts.full(["foundation 1": "7D", "tableau 9": "8S", "stock": "#..."]),
                                     memory: ["base": 7], .move(1, from: "tableau 9", to: "foundation 1"), .legal, after: ["tableau 9": "", "waste": "2C"])),
        ("Signora", VerdictCase("a space is filled at once from the waste", TerraceVerdicts.full(["foundation 1": "7D", "tableau 9": "8S", "waste": "2C 5H",
                                "stock": "#..."]), memory: ["base": 7], .move(1, from: "tableau 9", to: "foundation 1"), .legal,
                                after: ["tableau 9": "5H", "waste": "2C"])),
        ("Signora", VerdictCase("or from the stock when the waste is empty, which then gets the next card",
                                TerraceVerdicts.full(["foundation 1": "7D", "tableau 9": "8S", "waste": "", "stock": "#... #4S #3S"]),
                                memory: ["base": 7], .move(1, from: "tableau 9", to: "foundation 1"), .legal, after: ["tableau 9": "3S", "waste": "4S"])),
        ("Signora", VerdictCase("the reserve does not fill it", TerraceVerdicts.full(["foundation 1": "7D", "tableau 9": "8S", "reserve": "2C 6H", "waste": "2C 5H",
                                "stock": "#..."]), memory: ["base": 7], .move(1, from: "tableau 9", to: "foundation 1"), .legal,
                                after: ["tableau 9": "5H", "reserve": "2C 6H"])),
        ("Redheads", VerdictCase("a space is filled at once from the reserve", ["foundation 1": "7D", "tableau 8": "8S", "reserve": "2C 6H", "waste": "2C 5H",
                                 "tableau 1": "10C", "tableau 2": "10C", "tableau 3": "10D", "tableau 4": "10D", "tableau 5": "10H", "tableau 6": "10H",
                                 "tableau 7": "10S", "stock": "#..."], memory: ["base": 7], .move(1, from: "tableau 8", to: "foundation 1"), .legal,
                                 after: ["tableau 8": "6H", "reserve": "2C", "waste": "2C 5H"])),
        ("Redheads", VerdictCase("and from the waste when it is empty", ["foundation 1": "7D", "tableau 8": "8S", "reserve": "", "waste": "2C 5H",
                                 "tableau 1": "10C", "tableau 2": "10C", "tableau 3": "10D", "tableau 4": "10D", "tableau 5": "10H", "tableau 6": "10H",
                                 "tableau 7": "10S", "stock": "#..."], memory: ["base": 7], .move(1, from: "tableau 8", to: "foundation 1"), .legal,
                                 after: ["tableau 8": "5H", "waste": "2C"])),
    ]

    @Test(arguments: cases.indices) func verdict(_ index: Int) throws {
        try checkVerdict(Self.cases[index].row, game: Self.cases[index].game)
    }
}

/// Whole positions of Wall, written by the piles that matter: every other pile is dealt, in
/// table order, from the cards left (two kings of spades on the throne, two cards on each high
/// guard post, three face down on each low one, one on each wall pile and waste pile), and the
/// stock takes the rest.
enum WallPositions {
    static func position(_ overrides: [String: String]) -> [String: String] {
        var pool: [String] = []
        for _ in 0..<2 {
            for suit in ["C", "D", "H", "S"] {
                for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] { pool.append(rank + suit) }
            }
        }
        var result = overrides
        if result["throne"] == nil { result["throne"] = "KS KS" }
        for text in result.values {
            for word in text.split(separator: " ") {
                let card = word.hasPrefix("#") ? String(word.dropFirst()) : String(word)
                if let index = pool.firstIndex(of: card) { pool.remove(at: index) }
            }
        }
        func deal(_ address: String, _ count: Int, faceDown: Bool = false) {
            guard result[address] == nil else { return }
            let cards = pool.prefix(count).map { (faceDown ? "#" : "") + $0 }
            pool.removeFirst(cards.count)
            result[address] = cards.joined(separator: " ")
        }
        for pile in 1...3 { deal("high_guard \(pile)", 2) }
        for pile in 1...4 { deal("low_guard \(pile)", 3, faceDown: true) }
        for pile in 1...45 { deal("wall \(pile)", 1) }
        for pile in 1...3 { deal("waste \(pile)", 1) }
        deal("stock", pool.count, faceDown: true)
        return result
    }
}

/// Wall: attacks from the waste that must be worth more than their target's health, a wall
/// opened from the bottom row up and beside each removed card, guard posts that open in turn,
/// the first attack on a face-down post that always turns it over, and a waste dealt three at a
/// time.
@Suite struct WallVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] { WallPositions.position(piles) }

    /// Wall 39 (the bottom row's first card) under wall 31 and 32.
    static let bottom = ["wall 39": "AH", "wall 31": "2C", "wall 32": "3C"]

    static let cases: [VerdictCase] = [
        VerdictCase("a bottom-row card falls to an attack worth more than it and the cards on its corners",
                    at(bottom.merging(["waste 1": "7H", "waste 2": "2H", "waste 3": "3H"]) { _, new in new }),
                    .move(1, from: "waste 1", to: "wall 39"), .legal, after: ["wall 39": "", "waste 1": "", "discard": "AH 7H", "waste 2": "2H"]),
        VerdictCase("not to one worth the same", at(bottom.merging(["waste 1": "6H"]) { _, new in new }),
                    .move(1, from: "waste 1", to: "wall 39"), .refused(.acceptRefused),
                    ruleLine: "the attack is worth no more than the card and the cards on its top corners"),
        VerdictCase("waste cards piled together attack together", at(bottom.merging(["waste 1": "4H 3H"]) { _, new in new }),
                    .move(2, from: "waste 1", to: "wall 39"), .legal, after: ["discard": "AH 4H 3H"]),
        VerdictCase("waste cards pile on each other", at(["waste 1": "4H", "waste 2": "9D"]), .move(1, from: "waste 2", to: "waste 1"), .legal,
                    after: ["waste 1": "4H 9D"]),
        VerdictCase("only waste cards attack", at(bottom.merging(["wall 40": "KH"]) { _, new in new }),
                    .move(1, from: "wall 40", to: "wall 39"), .refused(.zoneCannotGive)),
        VerdictCase("a card above the bottom row is closed", at(["wall 31": "AH", "waste 1": "KH"]),
                    .move(1, from: "waste 1", to: "wall 31"), .refused(.acceptRefused),
                    ruleLine: "a wall card is attacked only once a card under it or beside it is gone"),
        VerdictCase("until a card under it is gone", at(["wall 31": "AH", "wall 24": "2H", "wall 16": "3H", "wall 39": "", "waste 1": "KH"]),
                    .move(1, from: "waste 1", to: "wall 31"), .legal),
        VerdictCase("or a card beside it", at(["wall 33": "AH", "wall 25": "2H", "wall 26": "3H", "wall 34": "", "waste 1": "KH"]),
                    .move(1, from: "waste 1", to: "wall 33"), .legal),
        VerdictCase("but not a card above it", at(["wall 33": "AH", "wall 25": "", "wall 26": "", "waste 1": "KH"]),
                    .move(1, from: "waste 1", to: "wall 33"), .refused(.acceptRefused)),
        VerdictCase("a card at the end of a row of eight counts the card straight above it",
                    at(["wall 31": "2D", "wall 24": "3D", "wall 16": "4D", "wall 23": "KD", "wall 39": "", "waste 1": "10H"]),
                    .move(1, from: "waste 1", to: "wall 31"), .legal),
        VerdictCase("so nine is not enough there", at(["wall 31": "2D", "wall 24": "3D", "wall 16": "4D", "wall 39": "", "waste 1": "9H"]),
                    .move(1, from: "waste 1", to: "wall 31"), .refused(.acceptRefused)),
        VerdictCase("a top-row card counts only itself", at(["wall 1": "5D", "wall 2": "", "waste 1": "6H"]),
                    .move(1, from: "waste 1", to: "wall 1"), .legal),
        VerdictCase("a low guard post is closed while the wall under it stands", at(["low_guard 1": "#5C #6C #7C", "waste 1": "KH"]),
                    .move(1, from: "waste 1", to: "low_guard 1"), .refused(.acceptRefused),
                    ruleLine: "a low guard post is attacked only once a wall card under it or a post beside it is gone"),
        VerdictCase("a face-down post falls to an attack worth more than its cards",
                    at(["low_guard 1": "#5C #6C #7C", "wall 2": "", "waste 1": "KH 6H"]),
                    .move(2, from: "waste 1", to: "low_guard 1"), .legal, after: ["low_guard 1": "", "discard": "#5C #6C #7C KH 6H"]),
        VerdictCase("a weaker first attack turns it over and is used up", at(["low_guard 1": "#5C #6C #7C", "wall 2": "", "waste 1": "AH", "waste 2": "9D"]),
                    .move(1, from: "waste 1", to: "low_guard 1"), .legal, after: ["low_guard 1": "5C 6C 7C", "discard": "AH", "waste 2": "9D"]),
        VerdictCase("after which a weaker attack is refused", at(["low_guard 1": "5C 6C 7C", "wall 2": "", "waste 1": "KH"]),
                    .move(1, from: "waste 1", to: "low_guard 1"), .refused(.acceptRefused),
                    ruleLine: "the attack is worth no more than the post"),
        VerdictCase("a neighbouring post's fall opens a post", at(["low_guard 1": "", "low_guard 2": "5C 6C 7C", "waste 1": "KH 6H"]),
                    .move(2, from: "waste 1", to: "low_guard 2"), .legal),
        VerdictCase("a high guard post opens when a low post under it falls", at(["low_guard 2": "", "high_guard 1": "2D 3D", "waste 1": "6H"]),
                    .move(1, from: "waste 1", to: "high_guard 1"), .legal),
        VerdictCase("not when another low post falls", at(["low_guard 3": "", "high_guard 1": "2D 3D", "waste 1": "6H"]),
                    .move(1, from: "waste 1", to: "high_guard 1"), .refused(.acceptRefused),
                    ruleLine: "a high guard post is attacked only once a post under it or the middle post is gone"),
        VerdictCase("but when the middle post falls", at(["high_guard 2": "", "high_guard 1": "2D 3D", "waste 1": "6H"]),
                    .move(1, from: "waste 1", to: "high_guard 1"), .legal),
        VerdictCase("the throne waits for every high post", at(["high_guard 1": "", "high_guard 2": "", "waste 1": "KH KD AC"]),
                    .move(3, from: "waste 1", to: "throne"), .refused(.acceptRefused),
                    ruleLine: "the throne is attacked only once every high guard post is gone"),
        VerdictCase("and falls to more than its two kings", at(["high_guard 1": "", "high_guard 2": "", "high_guard 3": "", "waste 1": "KH KD AC"]),
                    .move(3, from: "waste 1", to: "throne"), .legal, after: ["throne": ""]),
        VerdictCase("a tap attacks with the whole waste, which is then dealt again", at(bottom.merging(["waste 1": "2H", "waste 2": "2D", "waste 3": "3H",
                    "stock": "#... #4D #5D #6D"]) { _, new in new }), .tap("wall 39"), .legal,
                    after: ["wall 39": "", "waste 1": "6D", "waste 2": "5D", "waste 3": "4D", "discard": "AH 2H 2D 3H"]),
        VerdictCase("a tap that is not worth enough is refused", at(bottom.merging(["waste 1": "2H", "waste 2": "2D", "waste 3": "AD"]) { _, new in new }),
                    .tap("wall 39"), .refused(.actionRefused)),
        VerdictCase("a tap on a face-down post turns it over even so", at(["low_guard 1": "#5C #6C #7C", "wall 2": "", "waste 1": "AH", "waste 2": "",
                    "waste 3": ""]), .tap("low_guard 1"), .legal, after: ["low_guard 1": "5C 6C 7C", "discard": "AH"]),
        VerdictCase("turning the stock discards the waste and deals three", at(["waste 1": "2H", "waste 2": "2D", "waste 3": "",
                    "stock": "#... #4D #5D #6D"]), .tap("stock"), .legal, after: ["waste 1": "6D", "waste 2": "5D", "waste 3": "4D", "discard": "2H 2D"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Wall") }

    @Test func theGameIsWonWhenTheThroneFalls() throws {
        let rules = try Positions.rules("Wall")
        let before = try Positions.table(rules, Self.at(["high_guard 1": "", "high_guard 2": "", "high_guard 3": "", "waste 1": "KH KD AC"]))
        expectFalse(rules.isWon(before))
        #expect(rules.isWon(try rules.applying(.move(try rules.move(3, from: "waste 1", to: "throne")), to: before)))
    }
}

/// Spider Three Decks against Spider: three decks on twelve piles, twelve foundations, and a
/// stock that deals a row even when a pile is empty.
@Suite struct SpiderThreeDecksVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("the stock deals a row with a pile empty", ["tableau 1": "", "tableau 2": "5S", "stock": "#..."], .tap("stock"), .legal,
                    after: ["tableau 1": "KS", "tableau 2": "5S QS"]),
        VerdictCase("a run of one suit moves", ["tableau 1": "#2D 5S 4S 3S", "tableau 2": "6H", "stock": "#..."], .move(3, from: "tableau 1", to: "tableau 2"),
                    .legal),
        VerdictCase("a run of two suits does not", ["tableau 1": "5S 4H", "tableau 2": "6D", "stock": "#..."], .move(2, from: "tableau 1", to: "tableau 2"),
                    .refused(.liftRefused)),
        VerdictCase("a completed suit goes to the twelfth foundation", ["tableau 1": "KS..2S", "tableau 2": "AS", "foundation 1": "KH..AH",
                    "foundation 2": "KH..AH", "foundation 3": "KH..AH", "foundation 4": "KD..AD", "foundation 5": "KD..AD", "foundation 6": "KD..AD",
                    "foundation 7": "KC..AC", "foundation 8": "KC..AC", "foundation 9": "KC..AC", "foundation 10": "KS..AS", "foundation 11": "KS..AS",
                    "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "", "foundation 12": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "SpiderThreeDecks") }
}

/// Escalator and Elevator: a pyramid played to the waste one rank up or down, turning the corner,
/// a card in play only once it is uncovered (and, in Elevator, turned up then), an empty waste
/// at the start, and one pass through the stock.
@Suite struct EscalatorVerdicts {
    static func at(_ piles: [String: String], faceDown: Bool = false) -> [String: String] {
        var filled = FilledPositions.position(piles, piles: 28)
        if faceDown {
            for index in 1...21 where piles["tableau \(index)"] == nil { filled["tableau \(index)"] = "#" + filled["tableau \(index)"]! }
        }
        return filled
    }

    static let cases: [(game: String, row: VerdictCase)] = [
        ("Escalator", VerdictCase("a bottom card goes on the waste one rank above", at(["tableau 25": "8D", "waste": "7C"]),
                                  .move(1, from: "tableau 25", to: "waste"), .legal)),
        ("Escalator", VerdictCase("or below", at(["tableau 25": "6D", "waste": "7C"]), .move(1, from: "tableau 25", to: "waste"), .legal)),
        ("Escalator", VerdictCase("an ace goes on a king", at(["tableau 25": "AD", "waste": "KC"]), .move(1, from: "tableau 25", to: "waste"), .legal)),
        ("Escalator", VerdictCase("not two ranks away", at(["tableau 25": "9D", "waste": "7C"]), .move(1, from: "tableau 25", to: "waste"),
                                  .refused(.acceptRefused), ruleLine: "a card goes on the waste one rank above or below its top card")),
        ("Escalator", VerdictCase("a covered card waits", at(["tableau 16": "8D", "waste": "7C"]), .move(1, from: "tableau 16", to: "waste"),
                                  .refused(.liftRefused), ruleLine: "a card is in play only once both cards on it are gone")),
        ("Escalator", VerdictCase("until both cards on it are gone", at(["tableau 16": "8D", "tableau 22": "", "tableau 23": "", "waste": "7C"]),
                                  .move(1, from: "tableau 16", to: "waste"), .legal)),
        ("Escalator", VerdictCase("one is not enough", at(["tableau 16": "8D", "tableau 22": "", "waste": "7C"]), .move(1, from: "tableau 16", to: "waste"),
                                  .refused(.liftRefused))),
        ("Escalator", VerdictCase("nothing goes on an empty waste", at(["tableau 25": "8D", "waste": ""]), .move(1, from: "tableau 25", to: "waste"),
                                  .refused(.acceptRefused), ruleLine: "turn a card from the stock first")),
        ("Escalator", VerdictCase("the stock turns a card", at(["stock": "#... #9C", "waste": ""]), .tap("stock"), .legal, after: ["waste": "9C"])),
        ("Escalator", VerdictCase("once through", at(["stock": "", "waste": "..."]), .tap("stock"), .refused(.noActionHere))),
        ("Elevator", VerdictCase("an uncovered card turns up", at(["tableau 16": "#8D", "tableau 22": "9S", "tableau 23": "", "waste": "10C"], faceDown: true),
                                 .move(1, from: "tableau 22", to: "waste"), .legal, after: ["tableau 16": "8D"])),
        ("Elevator", VerdictCase("a half-covered card stays down", at(["tableau 16": "#8D", "tableau 17": "#3H", "tableau 22": "9S", "tableau 23": "JS", "tableau 24": "",
                                 "waste": "10C"], faceDown: true), .move(1, from: "tableau 22", to: "waste"), .legal, after: ["tableau 16": "#8D", "tableau 17": "#3H"])),
        ("Elevator", VerdictCase("a face-down card does not play", at(["tableau 16": "#8D", "waste": "7C"], faceDown: true),
                                 .move(1, from: "tableau 16", to: "waste"), .refused(.faceDownInRun))),
    ]

    @Test(arguments: cases.indices) func verdict(_ index: Int) throws {
        try checkVerdict(Self.cases[index].row, game: Self.cases[index].game)
    }
}

/// Thieves against Golf: two wild jokers, ranks that do not turn the corner, and cards allowed
/// on a king.
@Suite struct ThievesVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("any card goes on a joker", ["tableau 1": "9S", "waste": "JK", "stock": "#..."], .move(1, from: "tableau 1", to: "waste"), .legal),
        VerdictCase("a joker goes on any card", ["tableau 1": "4C JK", "waste": "9H", "stock": "#..."], .move(1, from: "tableau 1", to: "waste"), .legal,
                    after: ["waste": "9H JK", "tableau 1": "4C"]),
        VerdictCase("a card goes one rank up or down", ["tableau 1": "10S", "waste": "9H", "stock": "#..."], .move(1, from: "tableau 1", to: "waste"), .legal),
        VerdictCase("not two", ["tableau 1": "JS", "waste": "9H", "stock": "#..."], .move(1, from: "tableau 1", to: "waste"), .refused(.acceptRefused)),
        VerdictCase("ranks do not turn the corner", ["tableau 1": "AS", "waste": "KH", "stock": "#..."], .move(1, from: "tableau 1", to: "waste"),
                    .refused(.acceptRefused)),
        VerdictCase("a queen goes on a king", ["tableau 1": "QS", "waste": "KH", "stock": "#..."], .move(1, from: "tableau 1", to: "waste"), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Thieves") }
}

/// Straight Up against Canfield: aces high, foundations from the twos up in suit to the aces,
/// piles down in suit that move as runs, spaces filled from the reserve and then from the waste,
/// and three passes one card at a time.
@Suite struct StraightUpVerdicts {
    static let twos = ["foundation 1": "2C", "foundation 2": "2D", "foundation 3": "2H", "foundation 4": "2S"]
    static func at(_ piles: [String: String]) -> [String: String] {
        twos.merging(["tableau 1": "9C", "tableau 2": "9D", "tableau 3": "9H", "tableau 4": "9S", "reserve": "#5C 6C", "stock": "#..."]) { _, new in new }
            .merging(piles) { _, new in new }
    }

    static let cases: [VerdictCase] = [
        VerdictCase("a foundation builds up in suit from its two", at(["waste": "3C"]), .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("and ends with the ace", at(["foundation 1": "2C..KC", "waste": "AC", "tableau 1": "10D", "reserve": "#5H 6H"]), .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("an ace does not go on a two", at(["waste": "AC"]), .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("a pile builds down in suit", at(["waste": "8H"]), .move(1, from: "waste", to: "tableau 3"), .legal),
        VerdictCase("not in another suit", at(["waste": "8D"]), .move(1, from: "waste", to: "tableau 3"), .refused(.acceptRefused),
                    ruleLine: "a pile builds down in suit"),
        VerdictCase("a king goes on an ace", at(["tableau 3": "AH", "waste": "KH"]), .move(1, from: "waste", to: "tableau 3"), .legal),
        VerdictCase("a run in suit moves together", at(["tableau 1": "JD 10D 9D", "tableau 2": "QD"]), .move(3, from: "tableau 1", to: "tableau 2"),
                    .legal, after: ["tableau 1": "6C", "reserve": "5C"]),
        VerdictCase("a space is filled from the reserve at once", at(["tableau 4": "3S"]), .move(1, from: "tableau 4", to: "foundation 4"), .legal,
                    after: ["tableau 4": "6C", "reserve": "5C"]),
        VerdictCase("once the reserve is used up, a space takes the waste's card", at(["tableau 1": "", "reserve": "", "waste": "4D"]),
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("and no pile's card", at(["tableau 1": "", "reserve": "", "tableau 2": "8C 9D"]), .move(1, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: "a space takes only the waste's top card"),
        VerdictCase("the stock turns one card", at(["stock": "#... #4D #7H"]), .tap("stock"), .legal, after: ["waste": "7H"]),
        VerdictCase("the waste is turned over twice", at(["stock": "", "waste": "..."]), actionUses: ["redeal": 1], .tap("stock"), .legal),
        VerdictCase("but not three times", at(["stock": "", "waste": "..."]), actionUses: ["redeal": 2], .tap("stock"), .refused(.actionLimitReached)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "StraightUp") }
}

/// Cruel: aces dealt to the foundations, single cards built in suit, empty piles left empty, and
/// the redeal that deals the piles' cards again four to a pile in order.
@Suite struct CruelVerdicts {
    static let aces = ["foundation 1": "AC", "foundation 2": "AD", "foundation 3": "AH", "foundation 4": "AS"]
    static func at(_ piles: [String: String]) -> [String: String] { aces.merging(piles) { _, new in new } }

    static let cases: [VerdictCase] = [
        VerdictCase("a foundation builds up in suit", at(["tableau 1": "2C", "tableau 12": "..."]), .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("a pile builds down in suit", at(["tableau 1": "9H", "tableau 2": "8H", "tableau 12": "..."]), .move(1, from: "tableau 2", to: "tableau 1"),
                    .legal),
        VerdictCase("not in colour", at(["tableau 1": "9H", "tableau 2": "8D", "tableau 12": "..."]), .move(1, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: "a pile builds down in suit"),
        VerdictCase("one card at a time", at(["tableau 1": "10H", "tableau 2": "9H 8H", "tableau 12": "..."]), .move(2, from: "tableau 2", to: "tableau 1"),
                    .refused(.liftRefused)),
        VerdictCase("an empty pile stays empty", at(["tableau 1": "", "tableau 2": "9H 8H", "tableau 12": "..."]), .move(1, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: "an empty pile is filled only by a redeal"),
        VerdictCase("foundation cards stay", at(["foundation 1": "AC 2C", "tableau 1": "3D", "tableau 12": "..."]),
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.liftRefused), ruleLine: "cards on the foundations stay there"),
        VerdictCase("unless PySolFC's option says they come back", options: ["foundation_play": "true"],
                    at(["foundation 1": "AC 2C", "tableau 1": "3C", "tableau 12": "..."]), .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("the redeal deals the cards again in order, four to a pile",
                    at(["tableau 1": "2C 3C", "tableau 2": "4C 5C 6C", "tableau 3": "7C", "tableau 4": "8C 9C 10C JC QC", "tableau 5": "...", "tableau 6": "",
                        "tableau 7": "", "tableau 8": "", "tableau 9": "", "tableau 10": "", "tableau 11": "", "tableau 12": ""]), .tap("stock"), .legal,
                    after: ["tableau 1": "2C 3C 4C 5C", "tableau 2": "6C 7C 8C 9C", "tableau 3": "10C JC QC KC", "stock": ""]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Cruel") }
}

/// Doublets: a foundation built by doubling, kings that never move, reserve piles refilled from
/// the waste or the stock, and three passes one card at a time.
@Suite struct DoubletsVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] {
        ["reserve 1": "2C", "reserve 2": "3C", "reserve 3": "4C", "reserve 4": "5C", "reserve 5": "6C", "reserve 6": "7C", "reserve 7": "8C",
         "foundation": "AD", "waste": "9C", "stock": "#..."].merging(piles) { _, new in new }
    }

    static let cases: [VerdictCase] = [
        VerdictCase("a two goes on an ace", at([:]), .move(1, from: "reserve 1", to: "foundation"), .legal, after: ["reserve 1": "9C", "waste": ""]),
        VerdictCase("a queen on a six", at(["foundation": "6D", "waste": "QH"]), .move(1, from: "waste", to: "foundation"), .legal),
        VerdictCase("a jack on a queen, twenty-four less thirteen", at(["foundation": "QD", "waste": "JH"]), .move(1, from: "waste", to: "foundation"), .legal),
        VerdictCase("an ace on a seven", at(["foundation": "7D", "waste": "AH"]), .move(1, from: "waste", to: "foundation"), .legal),
        VerdictCase("not the next rank up", at(["foundation": "4D", "waste": "5H"]), .move(1, from: "waste", to: "foundation"), .refused(.acceptRefused),
                    ruleLine: "the foundation takes the card of twice its top card's rank"),
        VerdictCase("a king never moves", at(["reserve 3": "KC", "foundation": "QD"]), .move(1, from: "reserve 3", to: "foundation"), .refused(.liftRefused),
                    ruleLine: "a king never moves"),
        VerdictCase("with an empty waste the stock refills the reserve", at(["waste": "", "stock": "#... #10S"]), .move(1, from: "reserve 1", to: "foundation"),
                    .legal, after: ["reserve 1": "10S"]),
        VerdictCase("nothing goes on a reserve pile", at(["waste": "9C"]), .move(1, from: "waste", to: "reserve 2"), .refused(.zoneCannotReceive)),
        VerdictCase("the waste is turned over twice", at(["waste": "...", "stock": ""]), actionUses: ["redeal": 1], .tap("stock"), .legal),
        VerdictCase("not three times", at(["waste": "...", "stock": ""]), actionUses: ["redeal": 2], .tap("stock"), .refused(.actionLimitReached)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Doublets") }
}

/// Carpet: aces out, twenty cards that play only to the foundations, spaces filled at once from
/// the waste or the stock, and one pass one card at a time.
@Suite struct CarpetVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] {
        FilledPositions.position(["foundation 1": "AC", "foundation 2": "AD", "foundation 3": "AH", "foundation 4": "AS"].merging(piles) { _, new in new },
                                 piles: 20)
    }

    static let cases: [VerdictCase] = [
        VerdictCase("a carpet card goes to its foundation and the waste fills its place", at(["tableau 7": "2H", "waste": "9S KD"]),
                    .move(1, from: "tableau 7", to: "foundation 3"), .legal, after: ["tableau 7": "KD", "waste": "9S"]),
        VerdictCase("from the stock when the waste is empty", at(["tableau 7": "2H", "waste": "", "stock": "#... #QD"]),
                    .move(1, from: "tableau 7", to: "foundation 3"), .legal, after: ["tableau 7": "QD"]),
        VerdictCase("a foundation builds in suit", at(["tableau 7": "2S"]), .move(1, from: "tableau 7", to: "foundation 3"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up in suit"),
        VerdictCase("there is no building on the carpet", at(["tableau 7": "9S", "tableau 8": "8H"]), .move(1, from: "tableau 8", to: "tableau 7"),
                    .refused(.zoneCannotReceive)),
        VerdictCase("the waste's top card plays", at(["waste": "2D"]), .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("the stock goes through once", at(["waste": "...", "stock": ""]), .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Carpet") }
}

/// Hopscotch: foundations from the ace to the four of clubs going up by one to four, turning the
/// corner, thirteen cards each; the waste's card to a foundation or a reserve pile before the next
/// is turned; reserve cards only to the foundations.
@Suite struct HopscotchVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] {
        ["foundation 1": "AC", "foundation 2": "2C", "foundation 3": "3C", "foundation 4": "4C", "stock": "#..."].merging(piles) { _, new in new }
    }

    static let cases: [VerdictCase] = [
        VerdictCase("the first foundation goes up by one", at(["waste": "2D"]), .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("the fourth by four", at(["waste": "8D"]), .move(1, from: "waste", to: "foundation 4"), .legal),
        VerdictCase("not by another step", at(["waste": "5D"]), .move(1, from: "waste", to: "foundation 4"), .refused(.acceptRefused),
                    ruleLine: "foundation n takes the card n ranks above its top card"),
        VerdictCase("past the king it turns the corner", at(["foundation 4": "4C 8C QC", "waste": "3D"]), .move(1, from: "waste", to: "foundation 4"), .legal),
        VerdictCase("and the king comes last", at(["foundation 4": "4C 8C QC 3D 7D JD 2D 6D 10D AD 5D 9D", "waste": "KD"]),
                    .move(1, from: "waste", to: "foundation 4"), .legal),
        VerdictCase("a full foundation takes no more", at(["foundation 1": "AC 2D..KD", "waste": "AH"]), .move(1, from: "waste", to: "foundation 1"),
                    .refused(.acceptRefused), ruleLine: "a foundation holds thirteen cards"),
        VerdictCase("the waste's card goes to any reserve pile", at(["reserve 3": "9H", "waste": "5D"]), .move(1, from: "waste", to: "reserve 3"), .legal),
        VerdictCase("a reserve card plays to a foundation", at(["reserve 3": "9H 2D"]), .move(1, from: "reserve 3", to: "foundation 1"), .legal),
        VerdictCase("not to another reserve pile", at(["reserve 3": "9H 2D"]), .move(1, from: "reserve 3", to: "reserve 1"), .refused(.acceptRefused),
                    ruleLine: "a reserve pile takes only the waste's card"),
        VerdictCase("no card is turned while the waste holds one", at(["waste": "5D"]), .tap("stock"), .refused(.actionRefused),
                    ruleLine: "the waste's card must be played first"),
        VerdictCase("the stock turns a card onto an empty waste", at(["stock": "#... #6H"]), .tap("stock"), .legal, after: ["waste": "6H"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Hopscotch") }
}

/// Clock: the middle's top card to the pile of its hour, whose bottom card comes up onto the
/// middle; kings that stay in the middle and bring its bottom card up; won with every card up.
@Suite struct ClockVerdicts {
    static let clock: [String: String] = [
        "clock 1": "#2S #3D #7C #4S", "clock 2": "#JC #8D #7D #2C", "clock 3": "#7H #QS #3C #4D", "clock 4": "#2D #2H #5D #6H",
        "clock 5": "#JS #4C #JD #6D", "clock 6": "#AH #10S #5H #KD", "clock 7": "#9S #8C #9H #3H", "clock 8": "#5C #3S #7S #KH",
        "clock 9": "#6S #4H #6C #QH", "clock 10": "#QC #10C #QD #KC", "clock 11": "#8H #9C #AD #5S", "clock 12": "#9D #KS #AC #JH",
    ]
    static func at(_ middle: String, _ others: [String: String] = [:]) -> [String: String] {
        clock.merging(["middle": middle]) { _, new in new }.merging(others) { _, new in new }
    }
    /// The king of diamonds in the middle, the ten of hearts in its place.
    static let kingUp = ["clock 6": "#AH #10S #5H #10H"]

    static let cases: [VerdictCase] = [
        VerdictCase("a card goes to its hour, and that pile's bottom card comes up", at("#10D #AS #8S 10H"), .move(1, from: "middle", to: "clock 10"), .legal,
                    after: ["clock 10": "#10C #QD #KC 10H", "middle": "#10D #AS #8S QC"]),
        VerdictCase("not to another hour", at("#10D #AS #8S 10H"), .move(1, from: "middle", to: "clock 9"), .refused(.acceptRefused),
                    ruleLine: "a card goes to the pile of its hour"),
        VerdictCase("a queen goes to twelve", at("#10D #AS #8S QS", ["clock 3": "#7H #10H #3C #4D"]), .move(1, from: "middle", to: "clock 12"), .legal,
                    after: ["clock 12": "#KS #AC #JH QS", "middle": "#10D #AS #8S 9D"]),
        VerdictCase("a king stays in the middle", at("#10D #AS #8S KD", kingUp), .move(1, from: "middle", to: "clock 1"), .refused(.liftRefused),
                    ruleLine: "a king stays in the middle"),
        VerdictCase("tapping it brings the middle's bottom card up", at("#10D #AS KD", kingUp.merging(["hold 2": "8S"]) { _, new in new }), .tap("middle"), .legal, after: ["middle": "#AS KD 10D"]),
        VerdictCase("the fourth king ends the game", at("10D AS KD", kingUp.merging(["hold 2": "8S"]) { _, new in new }), .tap("middle"), .refused(.actionRefused), ruleLine: "the fourth king: the game is over"),
        VerdictCase("no tap without a king", at("#10D #AS 8S", ["hold 1": "10H"]), .tap("middle"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Clock") }

    @Test func theGameIsWonWithEveryCardFaceUp() throws {
        let rules = try Positions.rules("Clock")
        let up = Self.clock.mapValues { $0.replacingOccurrences(of: "#", with: "") }
        #expect(rules.isWon(try Positions.table(rules, up.merging(["middle": "10D AS 8S 10H"]) { _, new in new })))
        #expect(!rules.isWon(try Positions.table(rules, up.merging(["middle": "#10D AS 8S 10H"]) { _, new in new })))
    }
}

/// King's Audience: royal pairs to the thrones, a jack and ace together to start a foundation
/// (the jack on top), foundations down in suit, and reserve piles refilled from the waste or the
/// stock.
@Suite struct KingsAudienceVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] { FilledPositions.position(piles, zone: "reserve", piles: 16) }

    static let cases: [VerdictCase] = [
        VerdictCase("a king and queen of a suit go to a throne", at(["reserve 3": "KH", "reserve 9": "QH", "waste": "2S 5S", "stock": "#... #7D"]),
                    .remove(["reserve 3", "reserve 9"]), .legal, after: ["throne 1": "KH QH", "reserve 3": "5S", "reserve 9": "2S"]),
        VerdictCase("from the waste too", at(["reserve 3": "KH", "waste": "QH"]), .remove(["reserve 3", "waste"]), .legal, after: ["throne 1": "KH QH"]),
        VerdictCase("the next pair takes the next throne", at(["reserve 3": "KS", "reserve 4": "QS", "throne 1": "KH QH"]), .remove(["reserve 3", "reserve 4"]),
                    .legal, after: ["throne 2": "KS QS"]),
        VerdictCase("not of two suits", at(["reserve 3": "KH", "reserve 9": "QD"]), .remove(["reserve 3", "reserve 9"]), .refused(.removalRefused)),
        VerdictCase("a jack and ace of a suit start a foundation, the jack on top", at(["reserve 3": "JC", "reserve 9": "AC"]),
                    .remove(["reserve 3", "reserve 9"]), .legal, after: ["foundation 1": "AC JC"]),
        VerdictCase("whichever comes first", at(["reserve 3": "AC", "reserve 9": "JC"]), .remove(["reserve 3", "reserve 9"]), .legal,
                    after: ["foundation 1": "AC JC"]),
        VerdictCase("a foundation builds down in suit", at(["foundation 1": "AC JC", "reserve 5": "10C"]), .move(1, from: "reserve 5", to: "foundation 1"),
                    .legal),
        VerdictCase("not in another suit", at(["foundation 1": "AC JC", "reserve 5": "10D"]), .move(1, from: "reserve 5", to: "foundation 1"),
                    .refused(.acceptRefused), ruleLine: "a foundation builds down in suit"),
        VerdictCase("a lone card does not start a foundation", at(["reserve 5": "JD"]), .move(1, from: "reserve 5", to: "foundation 2"),
                    .refused(.acceptRefused), ruleLine: "a jack and an ace of one suit start a foundation together"),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "KingsAudience") }
}

/// Pileon: cards of a rank on cards of that rank or an empty pile, piles of at most four, and
/// complete piles closed face down.
@Suite struct PileonVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on a card of its rank", ["tableau 1": "5C 9H", "tableau 2": "2C 9S", "tableau 13": "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "5C 9H 9S"]),
        VerdictCase("not on another rank", ["tableau 1": "5C 9H", "tableau 2": "2C 8S", "tableau 13": "..."], .move(1, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: "cards go only on a card of their rank"),
        VerdictCase("a group of a rank moves together", ["tableau 1": "5C 9H", "tableau 2": "9S 9D", "tableau 13": "..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a mixed group does not", ["tableau 1": "5C 9H", "tableau 2": "8S 9D", "tableau 13": "..."], .move(2, from: "tableau 2", to: "tableau 14"),
                    .refused(.liftRefused), ruleLine: "only cards of one rank move together"),
        VerdictCase("no pile holds more than four", ["tableau 1": "5C 2D 9H 9C", "tableau 2": "9S 9D", "tableau 13": "..."],
                    .move(2, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused), ruleLine: "a pile holds at most four cards"),
        VerdictCase("an empty pile takes any card", ["tableau 2": "3C 8S", "tableau 13": "..."], .move(1, from: "tableau 2", to: "tableau 15"), .legal),
        VerdictCase("four of a rank close the pile", ["tableau 1": "9H 9C 9D", "tableau 2": "3C 9S", "tableau 13": "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "#9H #9C #9D #9S"]),
        VerdictCase("a closed pile gives nothing", ["tableau 1": "#9H #9C #9D #9S", "tableau 13": "..."], .move(1, from: "tableau 1", to: "tableau 15"),
                    .refused(.faceDownInRun)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Pileon") }

    @Test func theGameIsWonWithEveryRankTogether() throws {
        let rules = try Positions.rules("Pileon")
        let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        var layout: [String: String] = [:]
        for (index, rank) in ranks.enumerated() { layout["tableau \(index + 2)"] = ["C", "D", "H", "S"].map { rank + $0 }.joined(separator: " ") }
        #expect(rules.isWon(try Positions.table(rules, layout)))
        layout["tableau 2"] = "AC AD AH 2S"
        layout["tableau 3"] = "2C 2D 2H AS"
        #expect(!rules.isWon(try Positions.table(rules, layout)))
    }
}

/// Triple Peaks against Elevator: three peaks over a bottom row of ten, each card uncovered by the
/// two cards of the row below it, and a waste that starts with a card.
@Suite struct TriplePeaksVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] {
        var filled = FilledPositions.position(piles, piles: 28)
        for index in 1...18 where piles["tableau \(index)"] == nil { filled["tableau \(index)"] = "#" + filled["tableau \(index)"]! }
        return filled
    }

    static let cases: [VerdictCase] = [
        VerdictCase("a bottom card goes on the waste a rank up or down", at(["tableau 19": "5D", "waste": "4C"]), .move(1, from: "tableau 19", to: "waste"),
                    .legal),
        VerdictCase("a king goes on an ace", at(["tableau 19": "KD", "waste": "AC"]), .move(1, from: "tableau 19", to: "waste"), .legal),
        VerdictCase("the third row's first card turns up when the first two bottom cards are gone",
                    at(["tableau 10": "#7H", "tableau 19": "", "tableau 20": "6D", "waste": "5C"]), .move(1, from: "tableau 20", to: "waste"), .legal,
                    after: ["tableau 10": "7H"]),
        VerdictCase("a peak's second row lies on three cards of the third", at(["tableau 6": "#7H", "tableau 7": "#8C", "tableau 13": "", "tableau 14": "6D",
                    "tableau 15": "9S", "tableau 23": "", "tableau 24": "", "waste": "5C"]), .move(1, from: "tableau 14", to: "waste"), .legal,
                    after: ["tableau 6": "7H", "tableau 7": "#8C"]),
        VerdictCase("a peak turns up when its two cards are gone", at(["tableau 2": "#7H", "tableau 6": "", "tableau 7": "6D", "tableau 14": "", "tableau 15": "",
                    "waste": "5C"]),
                    .move(1, from: "tableau 7", to: "waste"), .legal, after: ["tableau 2": "7H"]),
        VerdictCase("a covered card waits", at(["tableau 14": "6D", "waste": "5C"]), .move(1, from: "tableau 14", to: "waste"), .refused(.liftRefused)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "TriplePeaks") }
}

/// Ten Across: piles down in suit, any face-up cards moving on their lowest card, kings into
/// empty piles, two one-card spots (which Aisleriot's option can close once emptied), and the
/// game won with four suits from king to ace.
@Suite struct TenAcrossVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the next higher card of its suit", ["tableau 1": "9H", "tableau 2": "#2C 8H", "tableau 10": "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 2": "2C"]),
        VerdictCase("not of another suit", ["tableau 1": "9H", "tableau 2": "8D", "tableau 10": "..."], .move(1, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: "a pile builds down in suit"),
        VerdictCase("face-up cards move together on their lowest card", ["tableau 1": "9H", "tableau 2": "8H 3C QD", "tableau 10": "..."],
                    .move(3, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a king fills an empty pile", ["tableau 1": "", "tableau 2": "KH 3C", "tableau 10": "..."], .move(2, from: "tableau 2", to: "tableau 1"),
                    .legal),
        VerdictCase("nothing else does", ["tableau 1": "", "tableau 2": "QH 3C", "tableau 10": "..."], .move(2, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: "only a king fills an empty pile"),
        VerdictCase("a spot's card plays to a pile", ["cell 1": "8H", "tableau 1": "9H", "tableau 10": "..."], .move(1, from: "cell 1", to: "tableau 1"), .legal),
        VerdictCase("an empty spot takes a card", ["cell 1": "", "tableau 1": "9H 8D", "tableau 10": "..."], .move(1, from: "tableau 1", to: "cell 1"), .legal),
        VerdictCase("unless the option closes it", options: ["reuse_spots": "false"], ["cell 1": "", "tableau 1": "9H 8D", "tableau 10": "..."],
                    .move(1, from: "tableau 1", to: "cell 1"), .refused(.acceptRefused), ruleLine: "a spot once emptied stays empty"),
        VerdictCase("a spot holds one card", ["cell 1": "2C", "tableau 1": "9H 8D", "tableau 10": "..."], .move(1, from: "tableau 1", to: "cell 1"),
                    .refused(.acceptRefused)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "TenAcross") }

    @Test func theGameIsWonWithFourSuitsFromKingToAce() throws {
        let rules = try Positions.rules("TenAcross")
        let won = ["tableau 1": "KC..AC", "tableau 4": "KD..AD", "tableau 6": "KH..AH", "tableau 10": "KS..AS"]
        #expect(rules.isWon(try Positions.table(rules, won)))
        #expect(!rules.isWon(try Positions.table(rules, won.merging(["tableau 10": "KS..2S", "cell 1": "AS"]) { _, new in new })))
    }
}

/// Scuffle: foundations from the aces up regardless of suit, a row of four dealt to the reserve
/// piles, reserve cards only to the foundations, and two redeals that gather and shuffle the
/// reserve piles.
@Suite struct ScuffleVerdicts {
    static let aces = ["foundation 1": "AC", "foundation 2": "AD", "foundation 3": "AH", "foundation 4": "AS"]
    static func at(_ piles: [String: String]) -> [String: String] { aces.merging(piles) { _, new in new } }

    static let cases: [VerdictCase] = [
        VerdictCase("a foundation builds up regardless of suit", at(["reserve 1": "2H", "stock": "#..."]), .move(1, from: "reserve 1", to: "foundation 1"),
                    .legal),
        VerdictCase("by one rank", at(["reserve 1": "3H", "stock": "#..."]), .move(1, from: "reserve 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up by one rank"),
        VerdictCase("reserve cards go only to the foundations", at(["reserve 1": "3H", "reserve 2": "4H", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "reserve 2"), .refused(.zoneCannotReceive)),
        VerdictCase("the stock deals a card to each reserve pile", at(["reserve 2": "9S", "stock": "#... #2D #3D #4D #5D"]), .tap("stock"), .legal,
                    after: ["reserve 1": "5D", "reserve 2": "9S 4D", "reserve 4": "2D"]),
        VerdictCase("a redeal gathers the reserve, shuffled, into the stock", at(["reserve 1": "...", "reserve 3": "KD 5S", "stock": ""]), .tap("stock"), .legal,
                    after: ["reserve 1": "", "reserve 3": ""]),
        VerdictCase("there are two", at(["reserve 1": "...", "stock": ""]), actionUses: ["redeal": 2], .tap("stock"), .refused(.actionLimitReached)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Scuffle") }

    @Test func theRedealShufflesTheGatheredCards() throws {
        let rules = try Positions.rules("Scuffle")
        let before = try Positions.table(rules, Self.at(["reserve 1": "...", "stock": ""]))
        let after = try rules.applying(.tap(pile: try rules.pile("stock")), to: before)
        let gathered = after.piles[try rules.pile("stock")].cards
        expectTrue(gathered.count == 48 && gathered.allSatisfy { !$0.isFaceUp })
        // Shuffled: not the gathered order, in either direction.
        let dealt = before.piles[try rules.pile("reserve 1")].cards.map(\.card)
        expectTrue(gathered.map(\.card) != dealt && gathered.map(\.card) != dealt.reversed())
    }
}

/// Eliminator: any card starts a foundation, which builds up or down regardless of suit, turning
/// the corner; six, five or four foundations.
@Suite struct EliminatorVerdicts {
    static let piles = ["tableau 1": "... 7D", "tableau 2": "8S", "tableau 3": "KH", "tableau 4": "AS"]

    static let cases: [VerdictCase] = [
        VerdictCase("any card starts a foundation", piles, .move(1, from: "tableau 1", to: "foundation 6"), .legal),
        VerdictCase("a foundation goes up", piles.merging(["foundation 1": "7C"]) { _, new in new }, .move(1, from: "tableau 2", to: "foundation 1"), .legal),
        VerdictCase("or down", piles.merging(["foundation 1": "9C"]) { _, new in new }, .move(1, from: "tableau 2", to: "foundation 1"), .legal),
        VerdictCase("not two ranks", piles.merging(["foundation 1": "10C"]) { _, new in new }, .move(1, from: "tableau 2", to: "foundation 1"),
                    .refused(.acceptRefused), ruleLine: "a foundation builds up or down by one rank"),
        VerdictCase("a king goes on an ace", piles.merging(["foundation 1": "AC"]) { _, new in new }, .move(1, from: "tableau 3", to: "foundation 1"), .legal),
        VerdictCase("foundation cards stay", piles.merging(["foundation 1": "AC 2D"]) { _, new in new }, .move(1, from: "foundation 1", to: "foundation 2"),
                    .refused(.zoneCannotGive)),
        VerdictCase("with four foundations, the fourth takes a card", options: ["foundations": "4"], piles, .move(1, from: "tableau 1", to: "foundation 4"), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Eliminator") }

    @Test func theOptionSetsTheFoundations() throws {
        #expect(try Positions.rules("Eliminator").zones.first { $0.name == "foundation" }?.piles.count == 6)
        #expect(try Positions.rules("Eliminator", options: ["foundations": "4"]).zones.first { $0.name == "foundation" }?.piles.count == 4)
    }
}

/// Gaps: twos into the first column, the next card of a suit after its predecessor, gaps after
/// kings blocked, cards in order from a row's start fixed, and the redeal when every gap is
/// blocked, which leaves a gap after each row's cards in order.
@Suite struct GapsVerdicts {
    static let aces = ["discard": "AC AD AH AS"]
    static func at(_ piles: [String: String]) -> [String: String] {
        FilledPositions.position(aces.merging(piles) { _, new in new }, piles: 52, rest: nil)
    }
    /// Every gap after a king: row 1 starts 2C 3C in order.
    static let stuck = at(["tableau 1": "2C", "tableau 2": "3C", "tableau 3": "KC", "tableau 4": "", "tableau 14": "KD", "tableau 15": "",
                           "tableau 27": "KH", "tableau 28": "", "tableau 40": "KS", "tableau 41": ""])

    static let cases: [VerdictCase] = [
        VerdictCase("a two goes into a gap in the first column", at(["tableau 1": "", "tableau 20": "2H"]), .move(1, from: "tableau 20", to: "tableau 1"),
                    .legal),
        VerdictCase("no other card does", at(["tableau 1": "", "tableau 20": "3H"]), .move(1, from: "tableau 20", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a gap in the first column takes a two"),
        VerdictCase("a gap takes the next card of the suit on its left", at(["tableau 5": "7H", "tableau 6": "", "tableau 30": "8H"]),
                    .move(1, from: "tableau 30", to: "tableau 6"), .legal),
        VerdictCase("not of another suit", at(["tableau 5": "7H", "tableau 6": "", "tableau 30": "8S"]), .move(1, from: "tableau 30", to: "tableau 6"),
                    .refused(.acceptRefused), ruleLine: "a gap takes the card one rank above the card on its left"),
        VerdictCase("a gap after a gap stays empty", at(["tableau 5": "", "tableau 6": "", "tableau 30": "8S"]), .move(1, from: "tableau 30", to: "tableau 6"),
                    .refused(.acceptRefused), ruleLine: "a gap after a gap stays empty"),
        VerdictCase("a card goes only into a gap", at(["tableau 5": "7H", "tableau 6": "9D", "tableau 30": "8H"]), .move(1, from: "tableau 30", to: "tableau 6"),
                    .refused(.acceptRefused), ruleLine: "a card goes only into a gap"),
        VerdictCase("cards in order from a row's start are fixed", at(["tableau 1": "2H", "tableau 2": "3H", "tableau 14": ""]),
                    .move(1, from: "tableau 1", to: "tableau 14"), .refused(.liftRefused), ruleLine: "a card in order from the start of its row stays there"),
        VerdictCase("a two elsewhere is not", at(["tableau 1": "5D", "tableau 2": "2H", "tableau 14": ""]), .move(1, from: "tableau 2", to: "tableau 14"),
                    .legal),
        VerdictCase("no redeal while a gap can be filled", at(["tableau 1": ""]), .tap("tableau 5"), .refused(.noActionHere)),
        VerdictCase("with every gap blocked, the redeal leaves a gap after each row's cards in order", stuck, .tap("tableau 5"), .legal,
                    after: ["tableau 1": "2C", "tableau 2": "3C", "tableau 3": "", "tableau 14": "", "tableau 27": "", "tableau 40": "", "hold": ""]),
        VerdictCase("twice", stuck, actionUses: ["redeal": 2], .tap("tableau 5"), .refused(.actionLimitReached)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Gaps") }

    @Test func theRandomGapsOptionPutsTheGapsAnywhere() throws {
        let rules = try Positions.rules("Gaps", options: ["random_gaps": "true"])
        let after = try rules.applying(.tap(pile: try rules.pile("tableau 5")), to: try Positions.table(rules, Self.stuck))
        let gaps = (1...52).filter { after.piles[(try? rules.pile("tableau \($0)")) ?? 0].isEmpty }
        expectEqual(gaps.count, 4)
        expectNotEqual(gaps, [3, 14, 27, 40], "the gaps fall where the aces are dealt")
        #expect(after.piles[try rules.pile("discard")].count == 4)
    }

    @Test func theGameIsWonWithEveryRowInOrder() throws {
        let rules = try Positions.rules("Gaps")
        var layout = Self.aces
        for (row, suit) in ["C", "D", "H", "S"].enumerated() {
            for (column, rank) in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].enumerated() {
                layout["tableau \(row * 13 + column + 1)"] = rank + suit
            }
        }
        #expect(rules.isWon(try Positions.table(rules, layout)))
        layout["tableau 12"] = "KD"
        layout["tableau 25"] = "KC"
        #expect(!rules.isWon(try Positions.table(rules, layout)))
    }
}

/// Accordion: a card onto the card one or three places before it when they share a suit or rank,
/// the covered card gone and the line closed up, and the game won with one card left.
@Suite struct AccordionVerdicts {
    static func at(_ piles: [String: String]) -> [String: String] { FilledPositions.position(piles, piles: 52, rest: nil) }

    static let cases: [VerdictCase] = [
        VerdictCase("onto the card before it, of the same suit", at(["tableau 5": "9H", "tableau 6": "2H", "tableau 7": "KS"]),
                    .move(1, from: "tableau 6", to: "tableau 5"), .legal, after: ["tableau 5": "2H", "tableau 6": "KS", "discard": "9H", "tableau 52": ""]),
        VerdictCase("or three places before, of the same rank", at(["tableau 5": "9H", "tableau 8": "9S"]), .move(1, from: "tableau 8", to: "tableau 5"),
                    .legal, after: ["tableau 5": "9S", "discard": "9H"]),
        VerdictCase("not two places before", at(["tableau 5": "9H", "tableau 7": "9S"]), .move(1, from: "tableau 7", to: "tableau 5"),
                    .refused(.acceptRefused), ruleLine: "a card moves onto the card just before it or three places before it"),
        VerdictCase("not forward", at(["tableau 5": "9H", "tableau 6": "9S"]), .move(1, from: "tableau 5", to: "tableau 6"), .refused(.acceptRefused)),
        VerdictCase("not onto a card of another suit and rank", at(["tableau 5": "9H", "tableau 6": "8S"]), .move(1, from: "tableau 6", to: "tableau 5"),
                    .refused(.acceptRefused), ruleLine: "the two cards must share a suit or a rank"),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Accordion") }

    @Test func theGameIsWonWithOneCardLeft() throws {
        let rules = try Positions.rules("Accordion")
        #expect(rules.isWon(try Positions.table(rules, ["tableau 1": "5D", "discard": "..."])))
        #expect(!rules.isWon(try Positions.table(rules, ["tableau 1": "5D", "tableau 2": "5C", "discard": "..."])))
    }
}

/// First Law: a tap moves a pile's top card onto the leftmost same-rank top card to its left, or
/// removes four of a rank; the stock deals a row and, once used up, takes the piles back.
@Suite struct FirstLawVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a tap moves a card onto the leftmost pile of its rank", ["tableau 1": "7H", "tableau 2": "7S", "tableau 3": "2C", "tableau 4": "7D",
                    "stock": "#..."], .tap("tableau 4"), .legal, after: ["tableau 1": "7H 7D", "tableau 4": ""]),
        VerdictCase("not to the right", ["tableau 1": "7H", "tableau 2": "3S", "tableau 3": "2C", "tableau 4": "7D", "stock": "#..."], .tap("tableau 1"),
                    .refused(.actionRefused), ruleLine: "no pile to the left shows this card's rank"),
        VerdictCase("four of a rank leave together", ["tableau 1": "7H", "tableau 2": "7S", "tableau 3": "7C", "tableau 4": "2C 7D", "stock": "#..."],
                    .tap("tableau 2"), .legal, after: ["tableau 1": "", "tableau 4": "2C", "discard": "7H 7S 7C 7D"]),
        VerdictCase("the stock deals a row", ["tableau 2": "9S", "stock": "#... #2D #3D #4D #5D"], .tap("stock"), .legal,
                    after: ["tableau 1": "5D", "tableau 2": "9S 4D", "tableau 4": "2D"]),
        VerdictCase("an empty stock takes the piles back, the first card dealt on top", ["tableau 1": "2C 3C", "tableau 2": "4C", "tableau 4": "5C",
                    "discard": "..."], .tap("stock"), .legal, after: ["stock": "#5C #4C #3C #2C", "tableau 1": ""]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "FirstLaw") }
}
