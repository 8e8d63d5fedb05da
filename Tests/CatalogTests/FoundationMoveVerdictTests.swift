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

/// Cards that leave a foundation: where they may go, and that no card moves from one foundation
/// to another where the real game forbids it (`Fixtures/pysolfc/README.md` gives the sources).
@Suite struct FoundationMoveVerdictTests {
    static let oneDeck = "a card on a foundation does not move to another foundation"
    static let twoDecks = "an ace on a foundation does not move to an empty one"

    /// Games of one deck whose foundation cards may come back into play: no card moves between
    /// foundations, while the top card may still go to the tableau.
    static let oneDeckCases: [(game: String, row: VerdictCase)] = [
        ("Klondike", VerdictCase("an ace on a foundation does not start another", ["foundation 1": "AH", "stock": "#..."],
                                 .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: oneDeck)),
        ("Klondike", VerdictCase("a foundation's top card comes back to the tableau", ["foundation 1": "AH 2H", "tableau 1": "3S", "stock": "#..."],
                                 .move(1, from: "foundation 1", to: "tableau 1"), .legal, after: ["foundation 1": "AH", "tableau 1": "3S 2H"])),
        ("Klondike", VerdictCase("an ace from the tableau still starts a foundation", ["foundation 1": "AH", "tableau 1": "AS", "stock": "#..."],
                                 .move(1, from: "tableau 1", to: "foundation 2"), .legal)),
        ("FreeCell", VerdictCase("an ace on a foundation does not start another", ["foundation 1": "AS", "tableau 1": "..."],
                                 .move(1, from: "foundation 1", to: "foundation 4"), .refused(.acceptRefused), ruleLine: oneDeck)),
        ("FreeCell", VerdictCase("a foundation's top card may go to a free cell", ["foundation 1": "AS 2S", "tableau 1": "..."],
                                 .move(1, from: "foundation 1", to: "cell 1"), .legal, after: ["cell 1": "2S", "foundation 1": "AS"])),
        ("FreeCell", VerdictCase("an ace from a free cell still starts a foundation", ["cell 2": "AD", "tableau 1": "..."],
                                 .move(1, from: "cell 2", to: "foundation 3"), .legal)),
        ("BakersGame", VerdictCase("variants of FreeCell keep the rule", ["foundation 2": "AC", "tableau 1": "..."],
                                   .move(1, from: "foundation 2", to: "foundation 1"), .refused(.acceptRefused))),
        ("EightOff", VerdictCase("variants of FreeCell keep the rule", ["foundation 2": "AC", "tableau 1": "..."],
                                 .move(1, from: "foundation 2", to: "foundation 3"), .refused(.acceptRefused))),
        ("BakersDozen", VerdictCase("an ace on a foundation does not start another", ["foundation 3": "AD", "tableau 1": "..."],
                                    .move(1, from: "foundation 3", to: "foundation 1"), .refused(.acceptRefused), ruleLine: oneDeck)),
        ("BakersDozen", VerdictCase("a foundation's top card comes back to the tableau", ["foundation 3": "AD 2D", "tableau 1": "... 3C"],
                                    .move(1, from: "foundation 3", to: "tableau 1"), .legal)),
        ("Fan", VerdictCase("an ace on a foundation does not start another", ["foundation 1": "AH", "tableau 1": "..."],
                            .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: oneDeck)),
        ("Fan", VerdictCase("a foundation's top card comes back to the tableau", ["foundation 1": "AH 2H", "tableau 1": "... 3H"],
                            .move(1, from: "foundation 1", to: "tableau 1"), .legal)),
    ]

    /// Games of two decks, with two foundations for each suit: a card may move onto the other
    /// foundation of its suit when it builds there, as in PySolFC, but an ace does not start an
    /// empty foundation from another.
    static let twoDeckCases: [(game: String, row: VerdictCase)] = [
        ("FortyThieves", VerdictCase("an ace on a foundation does not start another", ["foundation 1": "AH", "tableau 10": "#..."],
                                     .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: twoDecks)),
        ("FortyThieves", VerdictCase("a card moves onto the other foundation of its suit", ["foundation 1": "AH 2H 3H", "foundation 2": "AH 2H", "tableau 10": "#..."],
                                     .move(1, from: "foundation 1", to: "foundation 2"), .legal,
                                     after: ["foundation 1": "AH 2H", "foundation 2": "AH 2H 3H"])),
        ("FortyThieves", VerdictCase("but not onto another suit's", ["foundation 1": "AH 2H", "foundation 2": "AD", "tableau 10": "#..."],
                                     .move(1, from: "foundation 1", to: "foundation 2"), .refused(.acceptRefused), ruleLine: "a foundation builds up in suit")),
        ("Gypsy", VerdictCase("an ace on a foundation does not start another", ["foundation 3": "AS", "stock": "#..."],
                              .move(1, from: "foundation 3", to: "foundation 7"), .refused(.acceptRefused), ruleLine: twoDecks)),
        ("Gypsy", VerdictCase("a card moves onto the other foundation of its suit", ["foundation 3": "AS 2S", "foundation 4": "AS", "stock": "#..."],
                              .move(1, from: "foundation 3", to: "foundation 4"), .legal)),
        ("Gypsy", VerdictCase("a foundation's top card comes back to the tableau", ["foundation 3": "AS 2S", "tableau 1": "3H", "stock": "#..."],
                              .move(1, from: "foundation 3", to: "tableau 1"), .legal)),
        ("DerKatzenschwanz", VerdictCase("an ace on a foundation does not start another", ["foundation 1": "AC", "tableau 1": "..."],
                                         .move(1, from: "foundation 1", to: "foundation 8"), .refused(.acceptRefused), ruleLine: twoDecks)),
        ("DerKatzenschwanz", VerdictCase("a card moves onto the other foundation of its suit", ["foundation 1": "AC 2C", "foundation 8": "AC", "tableau 1": "..."],
                                         .move(1, from: "foundation 1", to: "foundation 8"), .legal)),
        ("DieSchlange", VerdictCase("Die Schlange keeps Der Katzenschwanz's rule", ["foundation 1": "AC 2C", "foundation 8": "AC", "tableau 1": "..."],
                                    .move(1, from: "foundation 1", to: "foundation 8"), .legal)),
    ]

    @Test(arguments: zip(oneDeckCases.map(\.row), oneDeckCases.map(\.game)))
    func oneDeck(_ row: VerdictCase, game: String) throws { try checkVerdict(row, game: game) }

    @Test(arguments: zip(twoDeckCases.map(\.row), twoDeckCases.map(\.game)))
    func twoDecks(_ row: VerdictCase, game: String) throws { try checkVerdict(row, game: game) }
}
