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

/// Klondike's rules as a table: each row is a position, a play and the verdict `Rules/Klondike.patience` must give.
@Suite struct KlondikeVerdictTests {
    static let kingsOnly = "only a king can fill an empty tableau pile"
    static let tableauBuild = "a tableau pile builds down in alternating colours"
    static let emptyFoundation = "an empty foundation takes only an ace"
    static let foundationBuild = "a foundation builds up in suit"
    static let oneAtATime = "cards go to the foundations one at a time"
    static let wasteTop = "only the top card of the waste can be played"
    static let bothEmpty = "the stock and the waste are both empty"
    static let redealAction = "action redeal:"

    static let cases: [VerdictCase] = [
        // Empty tableau piles take kings only.
        VerdictCase("a king fills an empty pile and the card under it turns",
                    ["tableau 2": "#3D KS", "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["tableau 1": "KS", "tableau 2": "3D"]),
        VerdictCase("a queen cannot fill an empty pile",
                    ["tableau 2": "#3D QS", "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: kingsOnly),
        VerdictCase("a king carries the run on it to an empty pile",
                    ["tableau 3": "#2C #9D KH QS JD", "stock": "#..."], .move(3, from: "tableau 3", to: "tableau 5"), .legal,
                    after: ["tableau 5": "KH QS JD", "tableau 3": "#2C 9D"]),
        VerdictCase("a run headed by a queen cannot fill an empty pile",
                    ["tableau 3": "#2C KH QS JD", "stock": "#..."], .move(2, from: "tableau 3", to: "tableau 5"),
                    .refused(.acceptRefused), ruleLine: kingsOnly),
        VerdictCase("a king from the waste fills an empty pile",
                    ["waste": "4C KD", "stock": "#..."], .move(1, from: "waste", to: "tableau 7"), .legal,
                    after: ["tableau 7": "KD", "waste": "4C"]),

        // Tableau piles build down in alternating colours.
        VerdictCase("red seven on black eight",
                    ["tableau 1": "8S", "tableau 2": "#4C 7H", "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"), .legal,
                    after: ["tableau 1": "8S 7H", "tableau 2": "4C"]),
        VerdictCase("red seven on red eight",
                    ["tableau 1": "8D", "tableau 2": "7H", "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: tableauBuild),
        VerdictCase("red seven on black nine",
                    ["tableau 1": "9S", "tableau 2": "7H", "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: tableauBuild),
        VerdictCase("black eight on red seven (building up)",
                    ["tableau 1": "7H", "tableau 2": "8S", "stock": "#..."], .move(1, from: "tableau 2", to: "tableau 1"),
                    .refused(.acceptRefused), ruleLine: tableauBuild),

        // Any face-up card lifts with the cards on it; face-down cards never lift.
        VerdictCase("a run of two moves together",
                    ["tableau 1": "7D", "tableau 4": "#QC 6C 5H", "stock": "#..."], .move(2, from: "tableau 4", to: "tableau 1"), .legal,
                    after: ["tableau 1": "7D 6C 5H", "tableau 4": "QC"]),
        VerdictCase("a card from the middle of a face-up run lifts with those on it",
                    ["tableau 1": "#2C 9S 8H 7C", "tableau 2": "9C", "stock": "#..."], .move(2, from: "tableau 1", to: "tableau 2"), .legal,
                    after: ["tableau 1": "#2C 9S", "tableau 2": "9C 8H 7C"]),
        VerdictCase("the whole face-up run lifts",
                    ["tableau 1": "#2C 9S 8H 7C", "tableau 2": "10H", "stock": "#..."], .move(3, from: "tableau 1", to: "tableau 2"), .legal,
                    after: ["tableau 1": "2C", "tableau 2": "10H 9S 8H 7C"]),
        VerdictCase("a face-down card cannot lift",
                    ["tableau 1": "#2C 9S 8H", "tableau 2": "3H", "stock": "#..."], .move(3, from: "tableau 1", to: "tableau 2"),
                    .refused(.faceDownInRun)),
        VerdictCase("stock cards are face down and cannot be moved",
                    ["tableau 1": "KH", "stock": "#... #QS"], .move(1, from: "stock", to: "tableau 1"), .refused(.faceDownInRun)),
        VerdictCase("more cards than the pile holds",
                    ["tableau 1": "9S 8H", "tableau 2": "10H", "stock": "#..."], .move(3, from: "tableau 1", to: "tableau 2"),
                    .refused(.cardNotInPile)),
        VerdictCase("a pile onto itself",
                    ["tableau 1": "9S 8H", "stock": "#..."], .move(1, from: "tableau 1", to: "tableau 1"), .refused(.samePile)),

        // Foundations build up in suit from the ace, one card at a time.
        VerdictCase("an ace starts a foundation and the card under it turns",
                    ["tableau 6": "#JD AH", "stock": "#..."], .move(1, from: "tableau 6", to: "foundation 3"), .legal,
                    after: ["foundation 3": "AH", "tableau 6": "JD"]),
        VerdictCase("a two cannot start a foundation",
                    ["tableau 6": "2H", "stock": "#..."], .move(1, from: "tableau 6", to: "foundation 1"),
                    .refused(.acceptRefused), ruleLine: emptyFoundation),
        VerdictCase("two of hearts on the ace of hearts",
                    ["foundation 1": "AH", "tableau 6": "2H", "stock": "#..."], .move(1, from: "tableau 6", to: "foundation 1"), .legal,
                    after: ["foundation 1": "AH 2H"]),
        VerdictCase("two of diamonds on the ace of hearts",
                    ["foundation 1": "AH", "tableau 6": "2D", "stock": "#..."], .move(1, from: "tableau 6", to: "foundation 1"),
                    .refused(.acceptRefused), ruleLine: foundationBuild),
        VerdictCase("three of hearts on the ace of hearts",
                    ["foundation 1": "AH", "tableau 6": "3H", "stock": "#..."], .move(1, from: "tableau 6", to: "foundation 1"),
                    .refused(.acceptRefused), ruleLine: foundationBuild),
        VerdictCase("a run of two to a foundation",
                    ["foundation 1": "AH..2H", "tableau 6": "4S 3H", "stock": "#..."], .move(2, from: "tableau 6", to: "foundation 1"),
                    .refused(.acceptRefused), ruleLine: oneAtATime),
        VerdictCase("a king completes a foundation",
                    ["foundation 2": "AC..QC", "tableau 1": "KC", "stock": "#..."], .move(1, from: "tableau 1", to: "foundation 2"), .legal,
                    after: ["foundation 2": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"]),
        VerdictCase("a foundation card comes back to the tableau",
                    ["foundation 1": "AH..3H", "tableau 1": "4S", "stock": "#..."], .move(1, from: "foundation 1", to: "tableau 1"), .legal,
                    after: ["foundation 1": "AH 2H", "tableau 1": "4S 3H"]),
        VerdictCase("only the top card of a foundation moves",
                    ["foundation 1": "AH..3H", "tableau 1": "3S", "stock": "#..."], .move(2, from: "foundation 1", to: "tableau 1"),
                    .refused(.liftRefused), ruleLine: "only the top card of a foundation can be moved"),

        // The waste gives only its top card; nothing is put on the waste.
        VerdictCase("the waste's top card to the tableau",
                    ["waste": "JH 5D", "tableau 2": "6S", "stock": "#..."], .move(1, from: "waste", to: "tableau 2"), .legal,
                    after: ["waste": "JH", "tableau 2": "6S 5D"]),
        VerdictCase("the waste's top card to a foundation",
                    ["waste": "JH AD", "stock": "#..."], .move(1, from: "waste", to: "foundation 4"), .legal,
                    after: ["waste": "JH", "foundation 4": "AD"]),
        VerdictCase("two cards from the waste",
                    ["waste": "6D 5C", "tableau 2": "7S", "stock": "#..."], .move(2, from: "waste", to: "tableau 2"),
                    .refused(.liftRefused), ruleLine: wasteTop),
        VerdictCase("a card onto the waste",
                    ["waste": "6D", "tableau 2": "5C", "stock": "#..."], .move(1, from: "tableau 2", to: "waste"),
                    .refused(.zoneCannotReceive)),

        // Tapping the stock deals `draw` cards to the waste.
        VerdictCase("draw one",
                    ["stock": "#... #4C #9H", "waste": "2S"], .tap("stock"), .legal,
                    after: ["waste": "2S 9H", "stock": "... #4C"]),
        VerdictCase("draw three turns over three cards, the third on top", options: ["draw": "3"],
                    ["stock": "#... #JC #4C #9H"], .tap("stock"), .legal,
                    after: ["waste": "9H 4C JC", "stock": "... #KS"]),
        VerdictCase("draw three from a stock of two deals both", options: ["draw": "3"],
                    ["stock": "#4C #9H", "waste": "QD", "tableau 1": "#..."], .tap("stock"), .legal,
                    after: ["waste": "QD 9H 4C", "stock": ""]),
        VerdictCase("drawing is not limited by the redeal limit", options: ["redeals": "0"],
                    ["stock": "#... #9H"], actionUses: ["draw": 40], .tap("stock"), .legal,
                    after: ["waste": "9H"]),

        // Tapping the empty stock turns the waste over, within the redeal limit.
        VerdictCase("the waste turns over to the stock, face down and in dealing order",
                    ["waste": "3C 8D 5H", "tableau 1": "#..."], .tap("stock"), .legal,
                    after: ["stock": "#5H #8D #3C", "waste": ""]),
        VerdictCase("no redeal when the game allows none", options: ["redeals": "0"],
                    ["waste": "3C 8D 5H", "tableau 1": "#..."], .tap("stock"),
                    .refused(.actionLimitReached), ruleLine: redealAction),
        VerdictCase("the one redeal allowed", options: ["redeals": "1"],
                    ["waste": "3C 8D 5H", "tableau 1": "#..."], .tap("stock"), .legal,
                    after: ["stock": "#5H #8D #3C"]),
        VerdictCase("a second redeal when one is allowed", options: ["redeals": "1"],
                    ["waste": "3C 8D 5H", "tableau 1": "#..."], actionUses: ["redeal": 1], .tap("stock"),
                    .refused(.actionLimitReached), ruleLine: redealAction),
        VerdictCase("an unlimited redeal after many", options: ["redeals": "unlimited"],
                    ["waste": "3C 8D 5H", "tableau 1": "#..."], actionUses: ["redeal": 500], .tap("stock"), .legal),
        VerdictCase("the empty stock with an empty waste",
                    ["tableau 1": "#..."], .tap("stock"), .refused(.actionRefused), ruleLine: bothEmpty),
        VerdictCase("tapping the waste does nothing",
                    ["waste": "3C", "stock": "#..."], .tap("waste"), .refused(.noActionHere)),
        VerdictCase("tapping a tableau pile does nothing",
                    ["tableau 1": "#... 3C"], .tap("tableau 1"), .refused(.noActionHere)),
    ]

    @Test(arguments: cases) func verdict(_ row: VerdictCase) throws {
        try checkVerdict(row, game: "Klondike")
    }

    @Test(arguments: ["1", "3"]) func drawOptionSetsHowManyCardsTurn(draw: String) throws {
        let rules = try Positions.rules("Klondike", options: ["draw": draw])
        let table = try Positions.table(rules, ["stock": "#... #5C #6C #7C #8C"])
        let next = try rules.tapping(pile: try rules.pile("stock"), on: table)
        #expect(Positions.text(of: next.piles[try rules.pile("waste")]) == (draw == "1" ? "8C" : "8C 7C 6C"))
        expectEqual(next.actionUses, [1, 0])
    }

    /// Option values outside the file's domains are refused when the game is compiled.
    @Test(arguments: [["draw": "2"], ["redeals": "11"], ["redeals": "-1"], ["draws": "3"]])
    func optionValuesOutsideTheDomainAreRefused(options: [String: String]) throws {
        let error = try #require(throws: DiagnosticsError.self) {
            try GameCompiler.compile(path: Positions.rulesPath("Klondike"), options: options)
        }
        let codes = error.diagnostics.map(\.code)
        expectEqual(codes, [options.keys.first == "draws" ? .unknownOption : .valueOutsideDomain])
    }

    @Test func optionValuesInsideTheDomainCompile() throws {
        #expect(try Positions.rules("Klondike", options: ["draw": "3", "redeals": "10"]).optionValues == ["draw": 3, "redeals": 10])
        #expect(try Positions.rules("Klondike").optionValues == ["draw": 1, "redeals": Int.max])
    }
}
