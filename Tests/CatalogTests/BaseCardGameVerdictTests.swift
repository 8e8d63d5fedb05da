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

/// Bear River: the leftover card's rank as the base, foundations in suit turning the corner,
/// piles of at most three built up or down in suit, and holes that alone take a card when empty.
@Suite struct BearRiverVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card of the base card's rank starts a foundation", ["foundation 1": "7D", "tableau 1": "7S", "foundation 4": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 2"), .legal),
        VerdictCase("a card of another rank does not", ["foundation 1": "7D", "tableau 1": "AS", "foundation 4": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the base card's rank"),
        VerdictCase("a foundation goes on from king to ace", ["foundation 1": "7D 8D 9D 10D JD QD KD", "tableau 1": "AD", "foundation 4": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("a foundation builds in suit", ["foundation 1": "7D", "tableau 1": "8H", "foundation 4": "#..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up in suit"),
        VerdictCase("a pile builds up in suit", ["foundation 1": "7D", "tableau 1": "5S", "tableau 2": "9C 6S", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "5S 6S", "tableau 2": "9C"]),
        VerdictCase("or down in suit", ["foundation 1": "7D", "tableau 1": "5S", "tableau 2": "4S", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("and turns the corner", ["foundation 1": "7D", "tableau 1": "KS", "tableau 2": "AS", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("another suit is refused", ["foundation 1": "7D", "tableau 1": "5S", "tableau 2": "4H", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a card goes on the next higher or lower card of its suit"),
        VerdictCase("a pile holds at most three cards", ["foundation 1": "7D", "tableau 1": "9C 5S 6S", "tableau 2": "7S", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a pile holds at most three cards"),
        VerdictCase("only the top card of a pile moves", ["foundation 1": "7D", "tableau 1": "4S 5S", "foundation 4": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 6"), .refused(.liftRefused)),
        VerdictCase("an empty pile of the first five in a row stays empty", ["foundation 1": "7D", "tableau 2": "3C 7H", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "only the last pile of a row can be filled once it is empty"),
        VerdictCase("the hole at the end of the first row takes any card", ["foundation 1": "7D", "tableau 2": "3C 7H", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 6"), .legal),
        VerdictCase("and so does the hole at the end of the last row", ["foundation 1": "7D", "tableau 2": "3C 7H", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 18"), .legal),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "7D 8D", "tableau 1": "9D", "foundation 4": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "BearRiver") }
}

/// Eagle Wing against Canfield: piles of at most three built down in suit one card at a time,
/// a face-down trunk that fills spaces and shows only its last card, and three passes through
/// the stock one card at a time.
@Suite struct EagleWingVerdicts {
    /// Every pile holds a card, so that the trunk fills only the space a move makes.
    static let full = ["tableau 3": "KC", "tableau 4": "QC", "tableau 5": "JC", "tableau 6": "10C", "tableau 7": "9C", "tableau 8": "8C"]

    static func with(_ piles: [String: String]) -> [String: String] { full.merging(piles) { $1 } }

    static let cases: [VerdictCase] = [
        VerdictCase("a card of the base card's rank starts a foundation", ["foundation 1": "7H", "waste": "7S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("a foundation goes on from king to ace", ["foundation 1": "7H 8H 9H 10H JH QH KH", "waste": "AH", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("a pile builds down in suit, a king on an ace", ["foundation 1": "7H", "tableau 1": "AS", "waste": "KS", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("alternating colours are not enough", ["foundation 1": "7H", "tableau 1": "8S", "waste": "7D", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a tableau pile builds down in suit"),
        VerdictCase("a pile holds at most three cards", ["foundation 1": "7H", "tableau 1": "10S 9S 8S", "waste": "7S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a pile holds at most three cards"),
        VerdictCase("only one card moves at a time", ["foundation 1": "7H", "tableau 1": "8S 7S", "tableau 2": "9S", "foundation 4": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("a space is filled from the trunk at once", with(["foundation 1": "7H", "reserve": "#2C #5D #3S", "tableau 1": "9S", "tableau 2": "10S", "foundation 4": "#..."]),
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal,
                    after: ["tableau 1": "3S", "tableau 2": "10S 9S", "reserve": "#2C #5D"]),
        VerdictCase("the trunk's last card turns face up", with(["foundation 1": "7H", "reserve": "#2C #5D", "tableau 1": "9S", "tableau 2": "10S", "foundation 4": "#..."]),
                    .move(1, from: "tableau 1", to: "tableau 2"), .legal,
                    after: ["tableau 1": "5D", "reserve": "2C"]),
        VerdictCase("and may be played", with(["foundation 1": "7H", "reserve": "6D", "tableau 1": "7D", "tableau 2": "10S", "foundation 4": "#..."]),
                    .move(1, from: "reserve", to: "tableau 1"), .legal, after: ["tableau 1": "7D 6D", "reserve": ""]),
        VerdictCase("the trunk's face-down cards may not", with(["foundation 1": "7H", "reserve": "#2C #6D", "tableau 1": "7D", "tableau 2": "10S", "foundation 4": "#..."]),
                    .move(1, from: "reserve", to: "tableau 1"), .refused(.faceDownInRun)),
        VerdictCase("once the trunk is gone, the waste card fills a space", ["foundation 1": "7H", "waste": "4D", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("and so does a tableau card", ["foundation 1": "7H", "tableau 2": "3C 4D", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("the stock turns up one card", ["foundation 1": "7H", "stock": "#2C #3C", "foundation 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C", "waste": "3C"]),
        VerdictCase("the waste is turned over to make a new stock", ["foundation 1": "7H", "waste": "3C 4C", "foundation 4": "#..."], actionUses: ["redeal": 1],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C", "waste": ""]),
        VerdictCase("but only twice", ["foundation 1": "7H", "waste": "3C 4C", "foundation 4": "#..."], actionUses: ["redeal": 2],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "7H 8H", "tableau 1": "9S", "foundation 4": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "EagleWing") }
}

/// Royal East: the first card's rank as the base, foundations up in suit and piles down
/// regardless of suit, both turning the corner, and one pass through the stock.
@Suite struct RoyalEastVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card of the base card's rank starts a foundation", ["foundation 1": "JC", "waste": "JH", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 3"), .legal),
        VerdictCase("an ace does not, unless it is the base rank", ["foundation 1": "JC", "waste": "AH", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 3"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the base card's rank"),
        VerdictCase("a foundation goes on from king to ace", ["foundation 1": "JC QC KC", "tableau 2": "AC", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "foundation 1"), .legal),
        VerdictCase("a foundation builds in suit", ["foundation 1": "JC", "tableau 2": "QD", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up in suit"),
        VerdictCase("a pile builds down regardless of suit", ["foundation 1": "JC", "tableau 1": "9H", "tableau 2": "8H", "foundation 4": "#..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("a king goes on an ace", ["foundation 1": "JC", "tableau 1": "AH", "waste": "KS", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .legal),
        VerdictCase("a card two ranks lower is refused", ["foundation 1": "JC", "tableau 1": "9H", "waste": "7S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a card goes on the next higher card, of any suit"),
        VerdictCase("any card fills a space", ["foundation 1": "JC", "waste": "5D", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "tableau 3"), .legal),
        VerdictCase("only one card moves at a time", ["foundation 1": "JC", "tableau 1": "9S 8H", "tableau 2": "10D", "foundation 4": "#..."],
                    .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused)),
        VerdictCase("the stock turns up one card", ["foundation 1": "JC", "stock": "#2C #3C", "foundation 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C", "waste": "3C"]),
        VerdictCase("the stock goes through once", ["foundation 1": "JC", "waste": "3C 4C", "foundation 4": "#..."],
                    .tap("stock"), .refused(.noActionHere)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "JC QC", "tableau 1": "KH", "foundation 4": "#..."],
                    .move(1, from: "foundation 1", to: "tableau 1"), .refused(.zoneCannotGive)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "RoyalEast") }
}

/// Osmosis: a first foundation that takes its suit in any order, lower foundations that start
/// from the base rank and take only ranks already on the foundation above, and reserves that
/// only give.
@Suite struct OsmosisVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("the first foundation takes any card of its suit", ["foundation 1": "7H", "waste": "2H", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("but no card of another suit", ["foundation 1": "7H", "waste": "8S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation takes only cards of its own suit"),
        VerdictCase("a card of the base card's rank starts the next foundation", ["foundation 1": "7H", "waste": "7S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("a card of another rank does not", ["foundation 1": "7H", "waste": "8S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the base card's rank"),
        VerdictCase("a lower foundation takes a rank that is on the foundation above", ["foundation 1": "7H 2H KH", "foundation 2": "7S", "waste": "2S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .legal),
        VerdictCase("and refuses one that is not there yet", ["foundation 1": "7H 2H", "foundation 2": "7S", "waste": "KS", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "require any(c in foundation[pile.index - 1]: c.rank == run.first.rank)"),
        VerdictCase("the third foundation reads the second, not the first", ["foundation 1": "7H KH", "foundation 2": "7S", "foundation 3": "7C", "waste": "KC", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 3"), .refused(.acceptRefused)),
        VerdictCase("and takes a rank the second holds", ["foundation 1": "7H KH", "foundation 2": "7S KS", "foundation 3": "7C", "waste": "KC", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 3"), .legal),
        VerdictCase("a lower foundation may be started before the one above it", ["foundation 1": "7H", "waste": "7S", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "foundation 3"), .legal),
        VerdictCase("a reserve's top card plays and the card under it turns up", ["foundation 1": "7H", "reserve 1": "#3D 7S", "foundation 4": "#..."],
                    .move(1, from: "reserve 1", to: "foundation 2"), .legal, after: ["reserve 1": "3D", "foundation 2": "7S"]),
        VerdictCase("nothing goes on a reserve", ["foundation 1": "7H", "reserve 2": "5C", "waste": "4C", "foundation 4": "#..."],
                    .move(1, from: "waste", to: "reserve 2"), .refused(.zoneCannotReceive)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "7H 8H", "foundation 4": "#..."],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.zoneCannotGive)),
        VerdictCase("the stock turns up one card", ["foundation 1": "7H", "stock": "#2C #3C #4C #5C", "foundation 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C #3C #4C", "waste": "5C"]),
        VerdictCase("with the option, three cards", options: ["draw": "3"], ["foundation 1": "7H", "stock": "#2C #3C #4C #5C", "foundation 4": "#..."],
                    .tap("stock"), .legal, after: ["stock": "#2C", "waste": "5C 4C 3C"]),
        VerdictCase("the waste is turned over twice", ["foundation 1": "7H", "waste": "3C 4C", "foundation 4": "#..."], actionUses: ["redeal": 1],
                    .tap("stock"), .legal, after: ["stock": "#4C #3C", "waste": ""]),
        VerdictCase("but not a third time", ["foundation 1": "7H", "waste": "3C 4C", "foundation 4": "#..."], actionUses: ["redeal": 2],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("with three-card turns, as often as the player likes", options: ["draw": "3"], ["foundation 1": "7H", "waste": "3C 4C", "foundation 4": "#..."],
                    actionUses: ["redeal": 50], .tap("stock"), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Osmosis") }
}

/// Plait: the base card's rank on every foundation, one direction for all of them chosen by the
/// first card built, thirteen cards each, and edges refilled from the plait.
@Suite struct PlaitVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("a card of the base card's rank starts a foundation", ["foundation 1": "6D", "field 1": "6S", "stock": "#..."],
                    .move(1, from: "field 1", to: "foundation 2"), .legal),
        VerdictCase("a card of another rank does not", ["foundation 1": "6D", "field 1": "AS", "stock": "#..."],
                    .move(1, from: "field 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the base card's rank"),
        VerdictCase("before anything is built, a foundation may go up", ["foundation 1": "6D", "field 1": "7D", "stock": "#..."],
                    .move(1, from: "field 1", to: "foundation 1"), .legal),
        VerdictCase("or down", ["foundation 1": "6D", "field 1": "5D", "stock": "#..."],
                    .move(1, from: "field 1", to: "foundation 1"), .legal),
        VerdictCase("but only in suit", ["foundation 1": "6D", "field 1": "7H", "stock": "#..."],
                    .move(1, from: "field 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up or down in suit"),
        VerdictCase("once one foundation has gone up, every foundation goes up", ["foundation 1": "6D 7D", "foundation 2": "6S", "field 1": "5S", "stock": "#..."],
                    .move(1, from: "field 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "the foundations build up in suit"),
        VerdictCase("once one has gone down, every foundation goes down", ["foundation 1": "6D 5D", "foundation 2": "6S", "field 1": "7S", "stock": "#..."],
                    .move(1, from: "field 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "the foundations build down in suit"),
        VerdictCase("going down, an ace is followed by a king", ["foundation 1": "2D AD", "field 1": "KD", "stock": "#..."],
                    .move(1, from: "field 1", to: "foundation 1"), .legal),
        VerdictCase("a foundation holds thirteen cards", ["foundation 1": "6D 7D 8D 9D 10D JD QD KD AD 2D 3D 4D 5D", "field 1": "6D", "stock": "#..."],
                    .move(1, from: "field 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation holds thirteen cards"),
        VerdictCase("an edge that empties takes the plait's top card", ["foundation 1": "6D", "plait": "3H 9C", "edge 1": "7D", "edge 2": "2C", "edge 3": "2C", "edge 4": "2S", "stock": "#..."],
                    .move(1, from: "edge 1", to: "foundation 1"), .legal, after: ["edge 1": "9C", "plait": "3H"]),
        VerdictCase("also when its card goes to a field", ["foundation 1": "6D", "plait": "3H 9C", "edge 1": "2C", "edge 2": "7D", "edge 3": "2C", "edge 4": "2S", "stock": "#..."],
                    .move(1, from: "edge 2", to: "field 3"), .legal, after: ["edge 2": "9C", "field 3": "7D", "plait": "3H"]),
        VerdictCase("a field takes no card from the plait", ["foundation 1": "6D", "plait": "3H 9C", "stock": "#..."],
                    .move(1, from: "plait", to: "field 1"), .refused(.acceptRefused),
                    ruleLine: "a field takes no card from the plait"),
        VerdictCase("a field takes the waste card", ["foundation 1": "6D", "waste": "9C", "stock": "#..."],
                    .move(1, from: "waste", to: "field 1"), .legal),
        VerdictCase("a field holds one card", ["foundation 1": "6D", "field 1": "4S", "waste": "9C", "stock": "#..."],
                    .move(1, from: "waste", to: "field 1"), .refused(.acceptRefused)),
        VerdictCase("once the plait is gone, an edge takes any card", ["foundation 1": "6D", "waste": "9C", "stock": "#..."],
                    .move(1, from: "waste", to: "edge 4"), .legal),
        VerdictCase("the plait's top card plays to a foundation", ["foundation 1": "6D", "plait": "3H 6S", "edge 1": "2C", "edge 2": "2C", "edge 3": "2S", "edge 4": "2S", "stock": "#..."],
                    .move(1, from: "plait", to: "foundation 5"), .legal, after: ["plait": "3H", "foundation 5": "6S"]),
        VerdictCase("only the plait's top card moves", ["foundation 1": "6D", "plait": "7D 6S", "stock": "#..."],
                    .move(2, from: "plait", to: "foundation 5"), .refused(.liftRefused)),
        VerdictCase("nothing goes on the plait", ["foundation 1": "6D", "plait": "3H", "waste": "9C", "stock": "#..."],
                    .move(1, from: "waste", to: "plait"), .refused(.zoneCannotReceive)),
        VerdictCase("cards on the foundations stay there", ["foundation 1": "6D 7D", "stock": "#..."],
                    .move(1, from: "foundation 1", to: "field 1"), .refused(.zoneCannotGive)),
        VerdictCase("the stock turns up one card", ["foundation 1": "6D", "stock": "#... #3C"],
                    .tap("stock"), .legal, after: ["waste": "3C"]),
        VerdictCase("the waste is turned over twice", ["foundation 1": "6D", "waste": "..."], actionUses: ["redeal": 1],
                    .tap("stock"), .legal, after: ["waste": ""]),
        VerdictCase("but not a third time", ["foundation 1": "6D", "waste": "..."], actionUses: ["redeal": 2],
                    .tap("stock"), .refused(.actionLimitReached)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Plait") }
}
