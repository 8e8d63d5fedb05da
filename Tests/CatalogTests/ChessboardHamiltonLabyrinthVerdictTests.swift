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

/// Chessboard: a first foundation card of any rank that sets the base of the others, foundations
/// and piles in suit turning the corner, piles up or down, one card at a time, and foundation
/// cards out of play.
@Suite struct ChessboardVerdicts {
    static let rest = "tableau 10"

    static let cases: [VerdictCase] = [
        VerdictCase("any card starts the first foundation", ["tableau 1": "7H", rest: "..."],
                    .move(1, from: "tableau 1", to: "foundation 3"), .legal, after: ["foundation 3": "7H", "tableau 1": ""]),
        VerdictCase("a card of the base rank starts another", ["foundation 3": "7H", "tableau 1": "7S", rest: "..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("a card of another rank does not", ["foundation 3": "7H", "tableau 1": "8S", rest: "..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the base card's rank"),
        VerdictCase("a foundation builds up in suit from king to ace", ["foundation 1": "9H 10H JH QH KH", "tableau 1": "AH", rest: "..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("and not in another suit", ["foundation 1": "7H", "tableau 1": "8S", rest: "..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up in suit, turning the corner"),
        VerdictCase("nor down", ["foundation 1": "7H", "tableau 1": "6H", rest: "..."],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("foundation cards stay there", ["foundation 1": "7H 8H", rest: "..."],
                    .move(1, from: "foundation 1", to: "tableau 2"), .refused(.zoneCannotGive)),
        VerdictCase("a pile builds up in suit", ["tableau 1": "5C", "tableau 2": "6C", rest: "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal, after: ["tableau 1": "5C 6C", "tableau 2": ""]),
        VerdictCase("or down", ["tableau 1": "5C", "tableau 2": "4C", rest: "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("an ace goes on a king", ["tableau 1": "KC", "tableau 2": "AC", rest: "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("and a king on an ace", ["tableau 1": "AC", "tableau 2": "KC", rest: "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("not in another suit", ["tableau 1": "5C", "tableau 2": "6S", rest: "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a card goes on the next higher or lower card of its suit"),
        VerdictCase("not two ranks away", ["tableau 1": "5C", "tableau 2": "7C", rest: "..."],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("one card at a time", ["tableau 1": "5C 6C", rest: "..."],
                    .move(2, from: "tableau 1", to: "tableau 3"), .refused(.liftRefused)),
        VerdictCase("any card fills a space", ["tableau 1": "5C QH", rest: "..."],
                    .move(1, from: "tableau 1", to: "tableau 3"), .legal, after: ["tableau 3": "QH"]),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Chessboard") }

    @Test func theGameIsWonWithEveryCardOnTheFoundations() throws {
        let rules = try Positions.rules("Chessboard")
        let full = ["foundation 1": "8C..KC AC..7C", "foundation 2": "8D..KD AD..7D", "foundation 3": "8H..KH AH..7H"]
        #expect(rules.isWon(try Positions.table(rules, full.merging(["foundation 4": "8S..KS AS..7S"]) { a, _ in a })))
        #expect(!rules.isWon(try Positions.table(rules, full.merging(["foundation 4": "8S..KS AS..6S", "tableau 4": "7S"]) { a, _ in a })))
    }
}

/// Hamilton: three cards offered in turn by the chooser, the one played to a foundation fixing
/// the start rank; foundations in suit from it, turning the corner; piles in colour that take
/// nothing on a card of the start rank; runs in suit; the stock dealt to every pile once chosen.
@Suite struct HamiltonVerdicts {
    static let rest = "tableau 7"

    static let cases: [VerdictCase] = [
        VerdictCase("a tap turns the stock's top card into the chooser", ["stock": "#4D #5D", rest: "..."],
                    .tap("stock"), .legal, after: ["chooser": "5D", "stock": "#4D"]),
        VerdictCase("the next tap puts it under the stock, face down, and turns the next",
                    ["chooser": "3D", "stock": "#4D #5D", rest: "..."], actionUses: ["choose": 1],
                    .tap("stock"), .legal, after: ["chooser": "5D", "stock": "#3D #4D"]),
        VerdictCase("three cards at most are offered", ["chooser": "3D", "stock": "#4D #5D", rest: "..."], actionUses: ["choose": 3],
                    .tap("stock"), .refused(.actionLimitReached)),
        VerdictCase("the chooser's card starts any foundation and fixes the start rank", ["chooser": "7H", "stock": "#...", rest: "7C"],
                    .move(1, from: "chooser", to: "foundation 3"), .legal, after: ["foundation 3": "7H", "chooser": ""],
                    afterMemory: ["start": 7]),
        VerdictCase("it does not go to a pile", ["chooser": "7H", "tableau 1": "8H", "stock": "#...", rest: "7C"],
                    .move(1, from: "chooser", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "no card goes to a pile before the start card is chosen"),
        VerdictCase("nor does a pile's card move before the choice", ["tableau 1": "6C", "tableau 2": "7S", "stock": "#...", rest: "7C"],
                    .move(1, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused),
                    ruleLine: "no card moves before the start card is chosen"),
        VerdictCase("once chosen, a card of the start rank starts a foundation", ["foundation 1": "7D", "tableau 1": "7S", "stock": "#..."],
                    memory: ["start": 7], .move(1, from: "tableau 1", to: "foundation 2"), .legal),
        VerdictCase("the start is remembered when every foundation is empty", ["tableau 1": "7S", "stock": "#..."],
                    memory: ["start": 7], .move(1, from: "tableau 1", to: "foundation 2"), .legal),
        VerdictCase("a card of another rank does not", ["foundation 1": "7D", "tableau 1": "8S", "stock": "#..."], memory: ["start": 7],
                    .move(1, from: "tableau 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "an empty foundation takes only a card of the start rank"),
        VerdictCase("a foundation builds in suit from king to ace", ["foundation 1": "7D..KD", "tableau 1": "AD", "stock": "#..."],
                    memory: ["start": 7], .move(1, from: "tableau 1", to: "foundation 1"), .legal),
        VerdictCase("and not in another suit", ["foundation 1": "7D", "tableau 1": "8H", "stock": "#..."], memory: ["start": 7],
                    .move(1, from: "tableau 1", to: "foundation 1"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds up in suit from the start rank"),
        VerdictCase("a foundation's top card comes back to a pile", ["foundation 1": "7D 8D", "tableau 1": "9H", "stock": "#..."],
                    memory: ["start": 7], .move(1, from: "foundation 1", to: "tableau 1"), .legal,
                    after: ["foundation 1": "7D", "tableau 1": "9H 8D"]),
        VerdictCase("but not to another foundation", ["foundation 1": "7D", "stock": "#..."], memory: ["start": 7],
                    .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused),
                    ruleLine: "a card on a foundation does not move to another foundation"),
        VerdictCase("a pile builds down in colour", ["tableau 1": "9C", "tableau 2": "8S", "stock": "#..."], memory: ["start": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("not in alternating colours", ["tableau 1": "9C", "tableau 2": "8H", "stock": "#..."], memory: ["start": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "a pile builds down in the same colour"),
        VerdictCase("nothing goes on a card of the start rank", ["tableau 1": "7C", "tableau 2": "6S", "stock": "#..."], memory: ["start": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused),
                    ruleLine: "nothing is built on a card of the start rank"),
        VerdictCase("a king goes on an ace", ["tableau 1": "AC", "tableau 2": "KS", "stock": "#..."], memory: ["start": 7],
                    .move(1, from: "tableau 2", to: "tableau 1"), .legal),
        VerdictCase("unless the start is an ace", ["tableau 1": "AC", "tableau 2": "KS", "stock": "#..."], memory: ["start": 1],
                    .move(1, from: "tableau 2", to: "tableau 1"), .refused(.acceptRefused)),
        VerdictCase("a run in suit moves onto a card of its colour", ["tableau 1": "#2D 9C 8C 7C", "tableau 2": "10S", "stock": "#..."],
                    memory: ["start": 4], .move(3, from: "tableau 1", to: "tableau 2"), .legal,
                    after: ["tableau 1": "#2D", "tableau 2": "10S 9C 8C 7C"]),
        VerdictCase("a run in colour but not in suit does not", ["tableau 1": "9C 8S", "tableau 2": "10S", "stock": "#..."],
                    memory: ["start": 4], .move(2, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused),
                    ruleLine: "only a run built down in one suit moves together"),
        VerdictCase("a run may end on a card of the start rank", ["tableau 1": "9C 8C", "tableau 2": "10S", "stock": "#..."],
                    memory: ["start": 8], .move(2, from: "tableau 1", to: "tableau 2"), .legal),
        VerdictCase("but not go on past it", ["tableau 1": "9C 8C 7C", "tableau 2": "10S", "stock": "#..."], memory: ["start": 8],
                    .move(3, from: "tableau 1", to: "tableau 2"), .refused(.liftRefused),
                    ruleLine: "a run does not go on from a card of the start rank"),
        VerdictCase("an empty pile takes any run in suit", ["tableau 1": "5C QH JH", "stock": "#..."], memory: ["start": 4],
                    .move(2, from: "tableau 1", to: "tableau 3"), .legal, after: ["tableau 3": "QH JH"]),
        VerdictCase("once chosen, the stock deals a card face up to every pile, empty or not",
                    ["tableau 2": "5C", "stock": "#... #2D #3D #4D #5D #6D #7D #8D"], memory: ["start": 7], .tap("stock"), .legal,
                    after: ["tableau 1": "8D", "tableau 2": "5C 7D", "tableau 7": "2D"]),
        VerdictCase("the last deal has two cards, for the first two piles", ["tableau 3": "...", "stock": "#2D #3D"],
                    memory: ["start": 7], .tap("stock"), .legal, after: ["tableau 1": "3D", "tableau 2": "2D", "stock": ""]),
        VerdictCase("and then the stock is done", ["tableau 3": "..."], memory: ["start": 7], .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Hamilton") }

    /// Three taps offer three cards, each going under the stock when the next is turned; the third
    /// stays in the chooser until it is played, and then the stock deals rows.
    @Test func theChooserOffersThreeCardsAndTheThirdFixesTheStart() throws {
        let rules = try Positions.rules("Hamilton")
        var game = try Game(rules: rules, deal: .seed(5))
        let stock = try rules.pile("stock"), chooser = try rules.pile("chooser")
        let dealt = game.table.piles[stock].cards.map(\.card)
        for _ in 0..<3 { try game.apply(.tap(pile: stock)) }
        expectEqual(game.table.piles[chooser].cards.map(\.card), [dealt[dealt.count - 3]])
        expectEqual(game.table.piles[stock].cards.prefix(2).map(\.card), [dealt[dealt.count - 2], dealt[dealt.count - 1]])
        expectTrue(game.table.piles[stock].cards.allSatisfy { !$0.isFaceUp })
        #expect(throws: Refusal.self) { try game.apply(.tap(pile: stock)) }
        let card = try #require(game.table.piles[chooser].top?.card)
        try game.apply(.move(try rules.move(1, from: "chooser", to: "foundation 2")))
        let slot = try #require(rules.memorySlots.firstIndex { $0.name == "start" })
        expectEqual(game.table.memory[slot], card.rank)
        expectEqual(game.table.piles[stock].count, 23)
        for _ in 0..<4 { try game.apply(.tap(pile: stock)) }
        expectTrue(game.table.piles[stock].isEmpty)
        let tableau = try (1...7).map { try rules.pile("tableau \($0)") }
        expectEqual(tableau.map { game.table.piles[$0].count }, [5, 6, 6, 7, 8, 9, 10])
    }

    @Test func theGameIsWonWithEveryCardOnTheFoundations() throws {
        let rules = try Positions.rules("Hamilton")
        let full = ["foundation 1": "5C..KC AC..4C", "foundation 2": "5D..KD AD..4D", "foundation 3": "5H..KH AH..4H"]
        #expect(rules.isWon(try Positions.table(rules, full.merging(["foundation 4": "5S..KS AS..4S"]) { a, _ in a }, memory: ["start": 5])))
        #expect(!rules.isWon(try Positions.table(rules, full.merging(["foundation 4": "5S..KS AS..3S", "tableau 1": "4S"]) { a, _ in a },
                                                 memory: ["start": 5])))
    }
}

/// Labyrinth: the aces out, the row's cards and the columns' last cards played to the
/// foundations only, the row refilled from the stock until the first tap and from the column
/// below after it, and taps that deal to the row's spaces first.
@Suite struct LabyrinthVerdicts {
    static let aces = ["foundation 1": "AC", "foundation 2": "AD", "foundation 3": "AH", "foundation 4": "AS"]

    static func at(_ piles: [String: String]) -> [String: String] {
        aces.merging(piles) { _, new in new }.merging(piles["stock"] == nil ? ["stock": "#..."] : [:]) { a, _ in a }
    }

    static let cases: [VerdictCase] = [
        VerdictCase("a row card goes to its foundation, and the stock fills its place", at(["top_row 1": "2C", "stock": "#... #9H"]),
                    .move(1, from: "top_row 1", to: "foundation 1"), .legal, after: ["foundation 1": "AC 2C", "top_row 1": "9H"]),
        VerdictCase("not to another suit's", at(["top_row 1": "2C"]), .move(1, from: "top_row 1", to: "foundation 2"),
                    .refused(.acceptRefused), ruleLine: "a foundation builds up in suit"),
        VerdictCase("nor out of order", at(["top_row 1": "3C"]), .move(1, from: "top_row 1", to: "foundation 1"), .refused(.acceptRefused)),
        VerdictCase("after the first tap the column's first card takes its place", at(["top_row 2": "2D", "column 2": "5H 6H 7H"]),
                    memory: ["first_row": 0], .move(1, from: "top_row 2", to: "foundation 2"), .legal,
                    after: ["top_row 2": "5H", "column 2": "6H 7H"]),
        VerdictCase("and with the column empty the place stays empty", at(["top_row 3": "2H", "stock": "#... #9H"]), memory: ["first_row": 0],
                    .move(1, from: "top_row 3", to: "foundation 3"), .legal, after: ["top_row 3": "", "stock": "... #9H"]),
        VerdictCase("a column's last card is in play", at(["top_row 2": "9S", "column 2": "5H 6H 2D"]), memory: ["first_row": 0],
                    .move(1, from: "column 2", to: "foundation 2"), .legal, after: ["top_row 2": "9S", "column 2": "5H 6H"]),
        VerdictCase("one card at a time", at(["top_row 2": "9S", "column 2": "3D 2D"]), memory: ["first_row": 0],
                    .move(2, from: "column 2", to: "foundation 2"), .refused(.liftRefused),
                    ruleLine: "only the last card of a column can be played"),
        VerdictCase("nothing is built on the piles", at(["top_row 1": "5C", "top_row 2": "6C"]),
                    .move(1, from: "top_row 1", to: "top_row 2"), .refused(.zoneCannotReceive)),
        VerdictCase("a tap deals to each column, to its row place when empty, else below",
                    at(["top_row 2": "3C", "top_row 3": "3D", "top_row 4": "3H", "top_row 5": "3S", "top_row 6": "4C", "top_row 7": "4D",
                        "top_row 8": "4H", "stock": "#... #8C #8D #8H #8S #9C #9D #9H #9S"]),
                    .tap("stock"), .legal,
                    after: ["top_row 1": "9S", "column 1": "", "column 2": "9H", "column 3": "9D", "column 8": "8C", "top_row 8": "4H"],
                    afterMemory: ["first_row": 0]),
        VerdictCase("the last tap deals what is left", at(["top_row 1": "3C", "column 1": "5C", "top_row 2": "3D", "top_row 3": "...", "stock": "#9C #9D"]),
                    memory: ["first_row": 0], .tap("stock"), .legal, after: ["column 1": "5C 9D", "column 2": "9C", "stock": ""]),
        VerdictCase("an empty stock deals no more", at(["top_row 1": "...", "stock": ""]), memory: ["first_row": 0],
                    .tap("stock"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Labyrinth") }

    @Test func theGameIsWonWithEveryCardOnTheFoundations() throws {
        let rules = try Positions.rules("Labyrinth")
        let full = ["foundation 1": "AC..KC", "foundation 2": "AD..KD", "foundation 3": "AH..KH"]
        #expect(rules.isWon(try Positions.table(rules, full.merging(["foundation 4": "AS..KS"]) { a, _ in a })))
        #expect(!rules.isWon(try Positions.table(rules, full.merging(["foundation 4": "AS..QS", "column 1": "KS"]) { a, _ in a })))
    }
}
