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

/// Auld Lang Syne: the aces start the foundations, which build up regardless of suit; the
/// stock deals a card to each of four piles, whose top cards go only to the foundations.
@Suite struct AuldLangSyneVerdicts {
    static let aces = ["foundation 1": "AC", "foundation 2": "AD", "foundation 3": "AH", "foundation 4": "AS"]

    static func with(_ piles: [String: String]) -> [String: String] { aces.merging(piles) { $1 } }

    static let cases: [VerdictCase] = [
        VerdictCase("a pile's top card goes on a foundation one rank higher, of another suit", with(["reserve 1": "2H", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "foundation 1"), .legal, after: ["foundation 1": "AC 2H", "reserve 1": ""]),
        VerdictCase("a card two ranks higher is refused", with(["reserve 1": "3H", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation takes the next higher card, of any suit"),
        VerdictCase("there is no building on the piles", with(["reserve 1": "5H", "reserve 2": "4C", "stock": "#..."]),
                    .move(1, from: "reserve 2", to: "reserve 1"), .refused(.zoneCannotReceive)),
        VerdictCase("only the top card of a pile plays", with(["reserve 1": "3H 2H", "stock": "#..."]),
                    .move(2, from: "reserve 1", to: "foundation 1"), .refused(.liftRefused),
                    ruleLine: "only the top card of a pile can be played"),
        VerdictCase("the stock deals one card onto each pile", with(["reserve 2": "9C", "stock": "#... #5H #4H #3H #2H"]),
                    .tap("stock"), .legal,
                    after: ["reserve 1": "2H", "reserve 2": "9C 3H", "reserve 3": "4H", "reserve 4": "5H"]),
        VerdictCase("the stock is never turned over", with(["reserve 1": "..."]),
                    .tap("stock"), .refused(.noActionHere)),
        VerdictCase("cards on the foundations stay there", with(["foundation 1": "AC 2C", "stock": "#..."]),
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "AuldLangSyne") }
}

/// Sir Tommy against Auld Lang Syne: empty foundations that start from the aces, and a waste
/// of one card that must go to a foundation or onto a pile before the next card is turned.
@Suite struct SirTommyVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("an ace starts a foundation", ["reserve 1": "AH", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 3"), .legal),
        VerdictCase("an empty foundation takes only an ace", ["waste": "2S", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("a foundation builds up regardless of suit", ["foundation 1": "AH", "waste": "2S", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("the waste card goes onto any pile", ["waste": "KH", "reserve 1": "2C", "stock": "#..."],
                    .move(1, from: "waste", to: "reserve 1"), .legal, after: ["reserve 1": "2C KH", "waste": ""]),
        VerdictCase("a pile takes cards only from the waste", ["reserve 1": "5H", "reserve 2": "4C", "stock": "#..."],
                    .move(1, from: "reserve 2", to: "reserve 1"), .refused(.acceptRefused),
                    ruleLine: "a pile takes cards only from the waste"),
        VerdictCase("the stock turns up one card onto an empty waste", ["stock": "#... #7D"],
                    .tap("stock"), .legal, after: ["waste": "7D"]),
        VerdictCase("the next card waits until the waste card is played", ["waste": "KH", "stock": "#..."],
                    .tap("stock"), .refused(.actionRefused),
                    ruleLine: "the waste card must be played before the next one is turned"),
        VerdictCase("the stock is never turned over", ["reserve 1": "..."],
                    .tap("stock"), .refused(.noActionHere)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AC 2C", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "reserve 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "SirTommy") }

    @Test func theFoundationsStartEmpty() throws {
        let rules = try Positions.rules("SirTommy")
        let table = try rules.deal(.seed(7))
        expectEqual(CatalogDeals.counts(rules, table, "foundation"), [0, 0, 0, 0])
        expectEqual(CatalogDeals.counts(rules, table, "stock"), [52])
    }
}

/// Bristol: fans of three built down regardless of suit, one card at a time, never refilled;
/// three reserve piles fed from the stock; foundations up regardless of suit.
@Suite struct BristolVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card goes on the next higher card of another suit", ["tableau 1": "8S", "tableau 2": "7H", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a card two ranks lower is refused", ["tableau 1": "8S", "tableau 2": "6H", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a card goes on the next higher card, of any suit"),
        VerdictCase("an empty fan is never filled", ["tableau 2": "3C 7H", "stock": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "an empty fan cannot be filled"),
        VerdictCase("only one card moves at a time", ["tableau 1": "8S 7H", "tableau 2": "9D", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("a reserve card builds on a fan", ["reserve 2": "7H", "tableau 1": "8C", "stock": "#..."],
                    .move(1, from: "reserve 2", to: "tableau 1"), .legal),
        VerdictCase("nothing goes on a reserve pile", ["tableau 1": "4C", "reserve 1": "5C", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "reserve 1"), .refused(.zoneCannotReceive)),
        VerdictCase("the stock deals a card onto each reserve pile", ["reserve 1": "KC", "stock": "#... #4H #3H #2H"],
                    .tap("stock"), .legal, after: ["reserve 1": "KC 2H", "reserve 2": "3H", "reserve 3": "4H"]),
        VerdictCase("the stock's last card goes to the first reserve pile", ["stock": "#2H", "tableau 8": "..."],
                    .tap("stock"), .legal, after: ["stock": "", "reserve 1": "2H", "reserve 2": "", "reserve 3": ""]),
        VerdictCase("the stock is never turned over", ["tableau 8": "..."],
                    .tap("stock"), .refused(.noActionHere)),
        VerdictCase("a foundation builds up regardless of suit", ["foundation 1": "AC", "tableau 1": "2H", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("an empty foundation takes only an ace", ["tableau 1": "2H", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AC 2C", "tableau 1": "3H", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Bristol") }
}

/// Backbone: two wings of reserve cards under the backbone card, piles built down in suit one
/// card at a time, spaces the reserve may not fill, and a stock gone through twice.
@Suite struct BackboneVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("the wings wait for the backbone card", ["reserve 1": "9C 4S", "reserve 3": "5H", "tableau 1": "5S", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "tableau 1"), .refused(.liftRefused),
                    ruleLine: "the card lying across both wings must be played first"),
        VerdictCase("the backbone card plays first", ["reserve 1": "9C", "reserve 3": "4S", "tableau 1": "5S", "stock": "#..."],
                    .move(1, from: "reserve 3", to: "tableau 1"), .legal),
        VerdictCase("once the backbone card is gone, a wing's top card plays", ["reserve 1": "9C 4S", "tableau 1": "5S", "stock": "#..."],
                    .move(1, from: "reserve 1", to: "tableau 1"), .legal, after: ["reserve 1": "9C", "tableau 1": "5S 4S"]),
        VerdictCase("a space cannot be filled from the reserve", ["reserve 3": "4S", "stock": "#..."],
                    .move(1, from: "reserve 3", to: "tableau 2"), .refused(.acceptRefused),
                    ruleLine: "a space cannot be filled from the reserve"),
        VerdictCase("a space takes the waste card", ["waste": "4S", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 2"), .legal),
        VerdictCase("a space takes a tableau card", ["tableau 1": "9H 4S", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("a pile builds down in suit", ["tableau 1": "5S", "waste": "4H", "stock": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a tableau pile builds down in suit"),
        VerdictCase("only one card moves at a time", ["tableau 1": "5S 4S", "tableau 2": "6S", "stock": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("nothing goes on the reserve", ["tableau 1": "4S", "reserve 3": "5S", "stock": "#..."],
                    .move(1, from: "tableau 1", to: "reserve 3"), .refused(.zoneCannotReceive)),
        VerdictCase("the second ace of a suit starts another foundation", ["foundation 1": "AH", "waste": "AH", "stock": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("the waste is turned over once", ["waste": "3C 4C", "tableau 8": "..."],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C", "waste": ""]),
        VerdictCase("but not twice", ["waste": "3C 4C", "tableau 8": "..."], actionUses: ["redeal": 1],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "AS 2S", "tableau 1": "3S", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Backbone") }
}

/// King Albert: Klondike's building without a stock, any card or run in a space, seven reserve
/// cards, and foundations whose top cards may come back to the tableau but not go to another foundation.
@Suite struct KingAlbertVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a run moves together and the card under it turns up", ["tableau 1": "#3C 9S 8H 7C", "tableau 2": "10D", "tableau 9": "#..."],
                    .move(3, from: "tableau 1", to: "tableau 2"), .legal, after: ["tableau 1": "3C", "tableau 2": "10D 9S 8H 7C"]),
        VerdictCase("same colours are refused", ["tableau 1": "8S", "reserve 1": "7C", "tableau 9": "#..."],
                    .move(1, from: "reserve 1", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("any card or run fills a space", ["tableau 1": "3C 5H 4S", "tableau 9": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("a reserve card plays to the tableau", ["reserve 4": "7H", "tableau 1": "8S", "tableau 9": "#..."],
                    .move(1, from: "reserve 4", to: "tableau 1"), .legal),
        VerdictCase("an empty reserve pile is not filled", ["tableau 1": "4C", "tableau 9": "#..."],
                    .move(1, from: "tableau 1", to: "reserve 1"), .refused(.zoneCannotReceive)),
        VerdictCase("an ace starts a foundation", ["reserve 1": "AD", "tableau 9": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 2"), .legal),
        VerdictCase("a foundation builds up in suit", ["foundation 1": "AH", "reserve 1": "2S", "tableau 9": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up in suit"),
        VerdictCase("a foundation's top card may come back to the tableau", ["foundation 1": "AS 2S 3S", "tableau 1": "4H", "tableau 9": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .legal),
        VerdictCase("but not to another foundation", ["foundation 1": "AS", "tableau 9": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "a card cannot move from one foundation to another"),
        VerdictCase("there is no stock", ["tableau 9": "#..."],
                    .tap("tableau 9"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "KingAlbert") }
}
