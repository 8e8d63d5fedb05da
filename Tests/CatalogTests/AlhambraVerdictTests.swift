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

/// Alhambra (PySolFC's `Alhambra`): foundations started by an ace build up and those started by a
/// king build down, chosen by one rule; the waste takes only reserve cards, up or down in suit.
@Suite struct AlhambraVerdicts {
    static let bases = ["foundation 1": "AC", "foundation 2": "KC", "foundation 3": "AD", "foundation 4": "KD",
                        "foundation 5": "AH", "foundation 6": "KH", "foundation 7": "AS", "foundation 8": "KS"]

    static func with(_ piles: [String: String]) -> [String: String] { bases.merging(piles) { $1 } }

    static let cases: [VerdictCase] = [
        VerdictCase("an ace's foundation builds up in suit", with(["reserve 1": "2H", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "foundation 5"), .legal, after: ["foundation 5": "AH 2H", "reserve 1": ""]),
        VerdictCase("a king's foundation builds down in suit", with(["reserve 1": "QH", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "foundation 6"), .legal),
        VerdictCase("a king's foundation does not build up", with(["foundation 6": "KH QH", "reserve 1": "KH", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "foundation 6"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds in suit, up from its ace or down from its king"),
        VerdictCase("an ace's foundation does not build down", with(["foundation 5": "AH 2H", "reserve 1": "AH", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "foundation 5"), .refused(.acceptRefused),
                    ruleLine: "a foundation builds in suit, up from its ace or down from its king"),
        VerdictCase("the waste takes a reserve card one below in suit", with(["reserve 1": "5C", "waste": "6C", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "waste"), .legal, after: ["waste": "6C 5C"]),
        VerdictCase("the waste turns the corner from ace to king", with(["reserve 1": "KC", "waste": "AC", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "waste"), .legal),
        VerdictCase("the waste does not take another suit", with(["reserve 1": "5D", "waste": "6C", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "waste"), .refused(.acceptRefused), ruleLine: "the waste builds up or down in suit"),
        VerdictCase("the waste card goes to a foundation", with(["waste": "2C", "stock": "#..."]),
                    .move(1, from: "waste", to: "foundation 1"), .legal),
        VerdictCase("reserve cards move one at a time", with(["reserve 1": "3H 2H", "stock": "#..."]),
                    .move(2, from: "reserve 1", to: "foundation 5"), .refused(.liftRefused),
                    ruleLine: "only the top card of a reserve pile or of the waste moves"),
        VerdictCase("nothing goes onto a reserve", with(["reserve 1": "5H", "reserve 2": "4H", "stock": "#..."]),
                    .move(1, from: "reserve 2", to: "reserve 1"), .refused(.zoneCannotReceive)),
        VerdictCase("the stock deals one card to the waste", with(["waste": "9S", "stock": "#... #7D"]),
                    .tap("stock"), .legal, after: ["waste": "9S 7D"]),
        VerdictCase("an empty stock takes the waste back and deals its first card", with(["waste": "9S 7D ...", "stock": ""]),
                    .tap("stock"), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Alhambra") }

    /// The stock goes through three times: after two redeals an empty stock deals no more.
    @Test func theWasteIsTurnedOverTwice() throws {
        let rules = try Positions.rules("Alhambra")
        let table = try Positions.table(rules, Self.with(["waste": "9S 7D ...", "stock": ""]), actionUses: ["redeal": 2])
        let stock = try rules.pile("stock")
        #expect(throws: (any Error).self) { try rules.tapping(pile: stock, on: table) }
    }
}

/// Granada (PySolFC's `Granada`): Alhambra's rules with four waste piles, each dealt a card at a
/// time, whose top cards may also move from one to another.
@Suite struct GranadaVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("any waste pile takes a reserve card one above in suit",
                    AlhambraVerdicts.with(["reserve 1": "7C", "waste 3": "6C", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "waste 3"), .legal, after: ["waste 3": "6C 7C"]),
        VerdictCase("a waste card goes onto another waste pile one above or below in suit",
                    AlhambraVerdicts.with(["waste 1": "7C", "waste 2": "6C", "stock": "#..."]),
                    .move(1, from: "waste 1", to: "waste 2"), .legal, after: ["waste 1": "", "waste 2": "6C 7C"]),
        VerdictCase("a waste card of another suit does not go onto a waste pile",
                    AlhambraVerdicts.with(["waste 1": "7D", "waste 2": "6C", "stock": "#..."]),
                    .move(1, from: "waste 1", to: "waste 2"), .refused(.acceptRefused)),
        VerdictCase("the stock deals a card to each waste pile",
                    AlhambraVerdicts.with(["waste 1": "9S", "stock": "#... #2D #3D #4D #5D"]),
                    .tap("stock"), .legal, after: ["waste 1": "9S 5D", "waste 2": "4D", "waste 3": "3D", "waste 4": "2D"]),
        VerdictCase("an empty stock gathers the waste piles and deals them again",
                    AlhambraVerdicts.with(["waste 1": "9S", "waste 2": "8S", "waste 3": "7S", "waste 4": "6S ...", "stock": ""]),
                    .tap("stock"), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Granada") }
}

/// Reserves (PySolFC's `Reserves`): four reserve piles of twelve, and a waste that builds either
/// way regardless of suit and takes no card once empty.
@Suite struct ReservesVerdicts {
    static let cases: [VerdictCase] = [
        VerdictCase("the waste takes a reserve card of another suit one below",
                    AlhambraVerdicts.with(["reserve 1": "5D", "waste": "6C", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "waste"), .legal),
        VerdictCase("an empty waste takes no card", AlhambraVerdicts.with(["reserve 1": "5D", "waste": "", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "waste"), .refused(.acceptRefused),
                    ruleLine: "an empty waste takes no card; the stock fills it"),
        VerdictCase("the foundations are Alhambra's", AlhambraVerdicts.with(["reserve 1": "QS", "stock": "#..."]),
                    .move(1, from: "reserve 1", to: "foundation 8"), .legal),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws { try checkVerdict(row, game: "Reserves") }

    @Test func fourReservesOfTwelveCards() throws {
        let rules = try Positions.rules("Reserves")
        let dealt = try rules.deal(.seed(1))
        expectEqual(rules.zones.first { $0.name == "reserve" }!.piles.map { dealt.piles[$0].cards.count }, [12, 12, 12, 12])
    }
}
