import Foundation
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

/// CardTable-driven verdicts for the FreeCell family, on the moves where each game differs from its
/// nearest relative. Every case gives the verdict in the game and, where the position fits the
/// relative too, the verdict there, so each table shows what the variant changes.
///
/// Positions are board text holding only the cards that matter (the rules judge a move from the
/// piles it touches and the counts of empty cells and columns), or, for games that differ from
/// their relative only in the deal, the opening table the rule file deals from a given order.
@Suite("FreeCell family verdicts")
struct FreeCellFamilyVerdictTests {
    enum Position: Sendable {
        /// Columns separated by `|` (an empty one left blank), free cells as on a `Freecells:`
        /// line, foundations as on a `Foundations:` line. Homed suits fill the foundations in
        /// suit order (clubs, diamonds, hearts, spades) from foundation 1.
        case board(columns: String, cells: String, home: String)
        /// The opening table the rule file deals from these cards, in dealing order.
        case opening(String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var game: String
        var what: String
        var position: Position
        /// In the project's move notation, such as `tableau[1]x2->tableau[3]`.
        var move: String
        var legal: Bool
        /// Part of the refusal's message, when the move is refused.
        var reason: String?
        var relative: String?
        var relativePosition: Position?
        var legalInRelative: Bool?
        var testDescription: String { "\(game): \(what)" }
    }

    static func board(_ columns: String, cells: String = "", home: String = "") -> Position {
        .board(columns: columns, cells: cells, home: home)
    }

    // MARK: - Baker's Game, against FreeCell: builds in suit

    static let bakersGame: [Case] = [
        Case(game: "BakersGame", what: "a red five does not go on a black six", position: board("6S | 5H | KC | KD | KH | KS | QC | QD"),
             move: "tableau[2]->tableau[1]", legal: false, reason: "builds down in suit", relative: "FreeCell", legalInRelative: true),
        Case(game: "BakersGame", what: "a five goes on the six of its suit", position: board("6S | 5S | KC | KD | KH | KS | QC | QD"),
             move: "tableau[2]->tableau[1]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "BakersGame", what: "a free cell's five goes on the six of its suit", position: board("6H | KC | KD | KH | KS | QC | QD | QS", cells: "5H - - -"),
             move: "cell[1]->tableau[1]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "BakersGame", what: "a free cell's red five does not go on a black six", position: board("6S | KC | KD | KH | KS | QC | QD | QH", cells: "5H - - -"),
             move: "cell[1]->tableau[1]", legal: false, reason: "builds down in suit", relative: "FreeCell", legalInRelative: true),
        Case(game: "BakersGame", what: "a run in alternating colours does not lift", position: board("6S 5H | 7H | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "only a run built down in suit", relative: "FreeCell", legalInRelative: true),
        Case(game: "BakersGame", what: "a run in suit lifts", position: board("6S 5S | 7S | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "BakersGame", what: "three cards in suit move with two empty cells", position: board("9S 8S 7S | TS | KC | KD | KH | KS | QC | QD", cells: "2C 2D - -"),
             move: "tableau[1]x3->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "BakersGame", what: "three cards in suit are too many for one empty cell", position: board("9S 8S 7S | TS | KC | KD | KH | KS | QC | QD", cells: "2C 2D 2H -"),
             move: "tableau[1]x3->tableau[2]", legal: false, reason: "cannot move together", relative: "FreeCell", legalInRelative: false),
        Case(game: "BakersGame", what: "an empty column doubles the run that may move", position: board("9S 8S 7S 6S | TS | | KD | KH | KS | QC | QD", cells: "2C 2D 2H -"),
             move: "tableau[1]x4->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "BakersGame", what: "any card fills an empty column", position: board("5H | | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "BakersGame", what: "a run in suit fills an empty column", position: board("9S 8S | | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: false),
    ]

    // MARK: - Kings-only Baker's Game, against Baker's Game: empty columns take kings

    static let kingsOnlyBakersGame: [Case] = [
        Case(game: "KingsOnlyBakersGame", what: "a queen does not fill an empty column", position: board("QS | | KC | KD | KH | QC | QD | QH"),
             move: "tableau[1]->tableau[2]", legal: false, reason: "only a king", relative: "BakersGame", legalInRelative: true),
        Case(game: "KingsOnlyBakersGame", what: "a king fills an empty column", position: board("KS | | KC | KD | KH | QC | QD | QH"),
             move: "tableau[1]->tableau[2]", legal: true, relative: "BakersGame", legalInRelative: true),
        Case(game: "KingsOnlyBakersGame", what: "a run headed by a king fills an empty column", position: board("KS QS | | KC | KD | KH | QC | QD | QH", cells: "2C 2D 2H -"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "BakersGame", legalInRelative: true),
        Case(game: "KingsOnlyBakersGame", what: "another empty column does not lengthen a king's run", position: board("KS QS JS | | | KD | KH | QC | QD | QH", cells: "2C 2D 2H -"),
             move: "tableau[1]x3->tableau[2]", legal: false, reason: "cannot move together", relative: "BakersGame", legalInRelative: true),
        Case(game: "KingsOnlyBakersGame", what: "an empty column does not lengthen a run onto a column", position: board("5S 4S | 6S | | KD | KH | QC | QD | QH", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "cannot move together", relative: "BakersGame", legalInRelative: true),
        Case(game: "KingsOnlyBakersGame", what: "an empty cell lets two cards move", position: board("5S 4S | 6S | | KD | KH | QC | QD | QH", cells: "2C 2D 2H -"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "BakersGame", legalInRelative: true),
        Case(game: "KingsOnlyBakersGame", what: "a free cell's queen does not fill an empty column", position: board(" | KC | KD | KH | QC | QD | QH | JC", cells: "QS - - -"),
             move: "cell[1]->tableau[1]", legal: false, reason: "only a king", relative: "BakersGame", legalInRelative: true),
        Case(game: "KingsOnlyBakersGame", what: "a free cell's king fills an empty column", position: board(" | KC | KD | KH | QC | QD | QH | JC", cells: "KS - - -"),
             move: "cell[1]->tableau[1]", legal: true, relative: "BakersGame", legalInRelative: true),
        Case(game: "KingsOnlyBakersGame", what: "two empty cells and two empty columns move three cards, not four", position: board("8S 7S 6S 5S | 9S | | | KH | QC | QD | QH", cells: "2C 2D - -"),
             move: "tableau[1]x4->tableau[2]", legal: false, reason: "at most 3", relative: "BakersGame", legalInRelative: true),
        Case(game: "KingsOnlyBakersGame", what: "a red five still does not go on a black six", position: board("6S | 5H | KC | KD | KH | KS | QC | QD"),
             move: "tableau[2]->tableau[1]", legal: false, reason: "builds down in suit", relative: "BakersGame", legalInRelative: false),
        Case(game: "KingsOnlyBakersGame", what: "four empty cells move five cards", position: board("9S 8S 7S 6S 5S | TS | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x5->tableau[2]", legal: true, relative: "BakersGame", legalInRelative: true),
    ]

    // MARK: - Eight Off, against Kings-only Baker's Game: eight free cells

    static let eightOff: [Case] = [
        Case(game: "EightOff", what: "the fifth free cell takes a card", position: board("5H | KC | KD | KH | KS | QC | QD | QH", cells: "2C 2D 2H 2S - - - -"),
             move: "tableau[1]->cell[5]", legal: true, relative: "KingsOnlyBakersGame", legalInRelative: false),
        Case(game: "EightOff", what: "the eighth free cell takes a card", position: board("5H | KC | KD | KH | KS | QC | QD | QH", cells: "- - - - - - - -"),
             move: "tableau[1]->cell[8]", legal: true, relative: "KingsOnlyBakersGame", legalInRelative: false),
        Case(game: "EightOff", what: "a card leaves the eighth free cell", position: board("6H | KC | KD | KH | KS | QC | QD | QS", cells: "- - - - - - - 5H"),
             move: "cell[8]->tableau[1]", legal: true),
        Case(game: "EightOff", what: "five empty cells move six cards", position: board("TS 9S 8S 7S 6S 5S | JS | KC | KD | KH | KS | QC | QD", cells: "2C 2D 2H - - - - -"),
             move: "tableau[1]x6->tableau[2]", legal: true, relative: "KingsOnlyBakersGame", legalInRelative: false),
        Case(game: "EightOff", what: "six empty cells move seven cards", position: board("JS TS 9S 8S 7S 6S 5S | QS | KC | KD | KH | KS | QC | QD", cells: "2C 2D - - - - - -"),
             move: "tableau[1]x7->tableau[2]", legal: true, relative: "KingsOnlyBakersGame", legalInRelative: false),
        Case(game: "EightOff", what: "eight empty cells move nine cards", position: board("QS JS TS 9S 8S 7S 6S 5S 4S | KS | KC | KD | KH | QC | QD | QH"),
             move: "tableau[1]x9->tableau[2]", legal: true, relative: "KingsOnlyBakersGame", legalInRelative: false),
        Case(game: "EightOff", what: "ten cards are too many even with eight empty cells", position: board("QS JS TS 9S 8S 7S 6S 5S 4S 3S | KS | KC | KD | KH | QC | QD | QH"),
             move: "tableau[1]x10->tableau[2]", legal: false, reason: "at most 9", relative: "KingsOnlyBakersGame", legalInRelative: false),
        Case(game: "EightOff", what: "a queen does not fill an empty column", position: board("QS | | KC | KD | KH | QC | QD | QH"),
             move: "tableau[1]->tableau[2]", legal: false, reason: "only a king", relative: "KingsOnlyBakersGame", legalInRelative: false),
        Case(game: "EightOff", what: "one empty cell of eight moves a king and its queen", position: board("KS QS | | KC | KD | KH | QC | QD | QH", cells: "2C 2D 2H 2S 3C 3D 3H -"),
             move: "tableau[1]x2->tableau[2]", legal: true),
        Case(game: "EightOff", what: "a full eighth cell takes nothing", position: board("5H | KC | KD | KH | KS | QC | QD | QH", cells: "- - - - - - - 5D"),
             move: "tableau[1]->cell[8]", legal: false, reason: "holds only one card"),
        Case(game: "EightOff", what: "a red five does not go on a black six", position: board("6S | 5H | KC | KD | KH | KS | QC | QD"),
             move: "tableau[2]->tableau[1]", legal: false, reason: "builds down in suit", relative: "KingsOnlyBakersGame", legalInRelative: false),
    ]

    // MARK: - Seahaven Towers, against Relaxed Seahaven Towers: runs limited by the free cells; ten columns

    static let seahavenTowers: [Case] = [
        Case(game: "SeahavenTowers", what: "three cards in suit are too many for one empty cell", position: board("9S 8S 7S | TS | KC | KD | KH | KS | QC | QD | QH | JC", cells: "2C 2D 2H -"),
             move: "tableau[1]x3->tableau[2]", legal: false, reason: "at most 2", relative: "RelaxedSeahavenTowers", legalInRelative: true),
        Case(game: "SeahavenTowers", what: "two cards in suit move with one empty cell", position: board("8S 7S | 9S | KC | KD | KH | KS | QC | QD | QH | JC", cells: "2C 2D 2H -"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "RelaxedSeahavenTowers", legalInRelative: true),
        Case(game: "SeahavenTowers", what: "an empty column does not lengthen a run", position: board("8S 7S | 9S | | KD | KH | KS | QC | QD | QH | JC", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "at most 1", relative: "RelaxedSeahavenTowers", legalInRelative: true),
        Case(game: "SeahavenTowers", what: "a queen does not fill the tenth column", position: board("QS | KC | KD | KH | KS | QC | QD | QH | JC | "),
             move: "tableau[1]->tableau[10]", legal: false, reason: "only a king", relative: "RelaxedSeahavenTowers", legalInRelative: false),
        Case(game: "SeahavenTowers", what: "a king fills the tenth column", position: board("KS | KC | KD | KH | QS | QC | QD | QH | JC | "),
             move: "tableau[1]->tableau[10]", legal: true, relative: "RelaxedSeahavenTowers", legalInRelative: true),
        Case(game: "SeahavenTowers", what: "four empty cells move a king's run of five", position: board("KS QS JS TS 9S | KC | KD | KH | QC | QD | QH | JC | JD | "),
             move: "tableau[1]x5->tableau[10]", legal: true, relative: "RelaxedSeahavenTowers", legalInRelative: true),
        Case(game: "SeahavenTowers", what: "two empty cells do not move a king's run of five", position: board("KS QS JS TS 9S | KC | KD | KH | QC | QD | QH | JC | JD | ", cells: "2C 2D - -"),
             move: "tableau[1]x5->tableau[10]", legal: false, reason: "at most 3", relative: "RelaxedSeahavenTowers", legalInRelative: true),
        Case(game: "SeahavenTowers", what: "the tenth column builds down in suit", position: board("5S | KC | KD | KH | KS | QC | QD | QH | JC | 6S"),
             move: "tableau[1]->tableau[10]", legal: true, relative: "RelaxedSeahavenTowers", legalInRelative: true),
        Case(game: "SeahavenTowers", what: "a red five does not go on the tenth column's black six", position: board("5H | KC | KD | KH | KS | QC | QD | QH | JC | 6S"),
             move: "tableau[1]->tableau[10]", legal: false, reason: "builds down in suit", relative: "RelaxedSeahavenTowers", legalInRelative: false),
        Case(game: "SeahavenTowers", what: "the tenth column's top card goes to a free cell", position: board("KC | KD | KH | KS | QC | QD | QH | JC | JD | 6S", cells: "- 2H 6H -"),
             move: "tableau[10]->cell[1]", legal: true, relative: "RelaxedSeahavenTowers", legalInRelative: true),
        Case(game: "SeahavenTowers", what: "a run not in suit does not lift", position: board("6S 5H | 7S | KC | KD | KH | KS | QC | QD | QH | JC"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "only a run built down in suit", relative: "RelaxedSeahavenTowers", legalInRelative: false),
        Case(game: "SeahavenTowers", what: "five cards in suit are too many for three empty cells", position: board("TS 9S 8S 7S 6S | JS | KC | KD | KH | KS | QC | QD | QH | JC", cells: "2C - - -"),
             move: "tableau[1]x5->tableau[2]", legal: false, reason: "at most 4", relative: "RelaxedSeahavenTowers", legalInRelative: true),
        Case(game: "SeahavenTowers", what: "two empty columns do not move a king and its queen without a free cell", position: board("KS QS | | | KD | KH | QC | QD | QH | JC | JD", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "at most 1", relative: "RelaxedSeahavenTowers", legalInRelative: true),
    ]

    // MARK: - Relaxed Seahaven Towers, against Seahaven Towers: runs move as a unit

    static let relaxedSeahavenTowers: [Case] = [
        Case(game: "RelaxedSeahavenTowers", what: "ten cards in suit move with no empty cell", position: board("QS JS TS 9S 8S 7S 6S 5S 4S 3S | KS | KC | KD | KH | QC | QD | QH | JC | JD", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x10->tableau[2]", legal: true, relative: "SeahavenTowers", legalInRelative: false),
        Case(game: "RelaxedSeahavenTowers", what: "a king's run of six fills an empty column with no empty cell", position: board("KS QS JS TS 9S 8S | | KC | KD | KH | QC | QD | QH | JC | JD", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x6->tableau[2]", legal: true, relative: "SeahavenTowers", legalInRelative: false),
        Case(game: "RelaxedSeahavenTowers", what: "a queen still does not fill an empty column", position: board("QS | | KC | KD | KH | QC | QD | QH | JC | JD"),
             move: "tableau[1]->tableau[2]", legal: false, reason: "only a king", relative: "SeahavenTowers", legalInRelative: false),
        Case(game: "RelaxedSeahavenTowers", what: "a run not in suit still does not lift", position: board("6S 5H | 7S | KC | KD | KH | KS | QC | QD | QH | JC"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "only a run built down in suit", relative: "SeahavenTowers", legalInRelative: false),
        Case(game: "RelaxedSeahavenTowers", what: "two cards move with no empty cell", position: board("8S 7S | 9S | KC | KD | KH | KS | QC | QD | QH | JC", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "SeahavenTowers", legalInRelative: false),
        Case(game: "RelaxedSeahavenTowers", what: "one card moves with no empty cell", position: board("7S | 8S | KC | KD | KH | KS | QC | QD | QH | JC", cells: "2C 2D 2H 2S"),
             move: "tableau[1]->tableau[2]", legal: true, relative: "SeahavenTowers", legalInRelative: true),
        Case(game: "RelaxedSeahavenTowers", what: "a run in suit does not go on another suit", position: board("6S 5S | 7H | KC | KD | KH | KS | QC | QD | QH | JC"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "builds down in suit", relative: "SeahavenTowers", legalInRelative: false),
        Case(game: "RelaxedSeahavenTowers", what: "three cards move with two empty cells", position: board("9S 8S 7S | TS | KC | KD | KH | KS | QC | QD | QH | JC", cells: "2C 2D - -"),
             move: "tableau[1]x3->tableau[2]", legal: true, relative: "SeahavenTowers", legalInRelative: true),
        Case(game: "RelaxedSeahavenTowers", what: "a full free cell takes nothing", position: board("7S | KC | KD | KH | KS | QC | QD | QH | JC | JD", cells: "2C - - -"),
             move: "tableau[1]->cell[1]", legal: false, reason: "holds only one card", relative: "SeahavenTowers", legalInRelative: false),
        Case(game: "RelaxedSeahavenTowers", what: "a whole column moves to the empty tenth column", position: board("KS QS JS TS | KC | KD | KH | QC | QD | QH | JC | JD | ", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x4->tableau[10]", legal: true, relative: "SeahavenTowers", legalInRelative: false),
        Case(game: "RelaxedSeahavenTowers", what: "one empty cell lets a king's run of five fill an empty column", position: board("KS QS JS TS 9S | | KC | KD | KH | QC | QD | QH | JC | JD", cells: "2C 2D 2H -"),
             move: "tableau[1]x5->tableau[2]", legal: true, relative: "SeahavenTowers", legalInRelative: false),
    ]

    // MARK: - Forecell, against FreeCell: empty columns take kings

    static let forecell: [Case] = [
        Case(game: "Forecell", what: "a queen does not fill an empty column", position: board("QS | | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]->tableau[2]", legal: false, reason: "only a king", relative: "FreeCell", legalInRelative: true),
        Case(game: "Forecell", what: "a king fills an empty column", position: board("KS | | KC | KD | KH | QC | QD | QH"),
             move: "tableau[1]->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "Forecell", what: "a free cell's queen does not fill an empty column", position: board(" | KC | KD | KH | KS | QC | QD | QS", cells: "QH - - -"),
             move: "cell[1]->tableau[1]", legal: false, reason: "only a king", relative: "FreeCell", legalInRelative: true),
        Case(game: "Forecell", what: "one empty cell moves a king and its queen", position: board("KS QH | | KC | KD | KH | QC | QD | JC", cells: "2C 2D 2H -"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "Forecell", what: "another empty column does not lengthen a king's run", position: board("KS QH JC | | | KD | KH | QC | QD | JD", cells: "2C 2D 2H -"),
             move: "tableau[1]x3->tableau[2]", legal: false, reason: "at most 2", relative: "FreeCell", legalInRelative: true),
        Case(game: "Forecell", what: "an empty column does not lengthen a run onto a column", position: board("6S 5H | 7H | | KD | KH | QC | QD | JC", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "at most 1", relative: "FreeCell", legalInRelative: true),
        Case(game: "Forecell", what: "four empty cells move five cards", position: board("TS 9H 8S 7H 6S | JH | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x5->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "Forecell", what: "four empty cells and an empty column move five cards, not six", position: board("TS 9H 8S 7H 6S 5H | JH | | KD | KH | KS | QC | QD"),
             move: "tableau[1]x6->tableau[2]", legal: false, reason: "at most 5", relative: "FreeCell", legalInRelative: true),
        Case(game: "Forecell", what: "a five does not go on the six of its suit", position: board("6S | 5S | KC | KD | KH | KS | QC | QD"),
             move: "tableau[2]->tableau[1]", legal: false, reason: "alternating colours", relative: "FreeCell", legalInRelative: false),
        Case(game: "Forecell", what: "a red five goes on a black six", position: board("6S | 5H | KC | KD | KH | KS | QC | QD"),
             move: "tableau[2]->tableau[1]", legal: true, relative: "FreeCell", legalInRelative: true),
    ]

    // MARK: - Relaxed FreeCell, against FreeCell: runs move as a unit

    static let relaxedFreeCell: [Case] = [
        Case(game: "RelaxedFreeCell", what: "three cards move with no empty cell or column", position: board("8S 7H 6S | 9H | KC | KD | KH | KS | QC | QD", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x3->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "RelaxedFreeCell", what: "eight cards move with no empty cell", position: board("QS JH TS 9H 8S 7H 6S 5H | KH | KC | KD | KS | QC | QD | JC", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x8->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "RelaxedFreeCell", what: "eight cards fill an empty column with nothing else free", position: board("QS JH TS 9H 8S 7H 6S 5H | | KC | KD | KH | KS | QC | QD", cells: "2C 2D 2H 2S"),
             move: "tableau[1]x8->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "RelaxedFreeCell", what: "the run must still alternate colours", position: board("6S 5S | 7H | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "alternating colours", relative: "FreeCell", legalInRelative: false),
        Case(game: "RelaxedFreeCell", what: "the run's first card must fit", position: board("8S 7H | 9S | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "alternating colours", relative: "FreeCell", legalInRelative: false),
        Case(game: "RelaxedFreeCell", what: "two cards move with one empty cell", position: board("8S 7H | 9H | KC | KD | KH | KS | QC | QD", cells: "2C 2D 2H -"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "RelaxedFreeCell", what: "any card fills an empty column", position: board("5H | | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "RelaxedFreeCell", what: "five cards move with four empty cells", position: board("TS 9H 8S 7H 6S | JH | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x5->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "RelaxedFreeCell", what: "six cards move with four empty cells", position: board("TS 9H 8S 7H 6S 5H | JH | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x6->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "RelaxedFreeCell", what: "four cards move with one empty cell", position: board("9S 8H 7S 6H | TH | KC | KD | KH | KS | QC | QD", cells: "2C 2D 2H -"),
             move: "tableau[1]x4->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "RelaxedFreeCell", what: "a full free cell takes nothing", position: board("7S | KC | KD | KH | KS | QC | QD | QH", cells: "2C - - -"),
             move: "tableau[1]->cell[1]", legal: false, reason: "holds only one card", relative: "FreeCell", legalInRelative: false),
    ]

    // MARK: - Streets and Alleys, against FreeCell: any suit, no free cells

    static let streetsAndAlleys: [Case] = [
        Case(game: "StreetsAndAlleys", what: "a five goes on the six of its suit", position: board("6S | 5S | KC | KD | KH | KS | QC | QD"),
             move: "tableau[2]->tableau[1]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "StreetsAndAlleys", what: "a five goes on a six of its colour", position: board("6S | 5C | KC | KD | KH | KS | QC | QD"),
             move: "tableau[2]->tableau[1]", legal: true, relative: "FreeCell", legalInRelative: false),
        Case(game: "StreetsAndAlleys", what: "a red five goes on a black six", position: board("6S | 5H | KC | KD | KH | KS | QC | QD"),
             move: "tableau[2]->tableau[1]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "StreetsAndAlleys", what: "two cards do not move without an empty column", position: board("6S 5H | 7D | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "at most 1", relative: "FreeCell", legalInRelative: true),
        Case(game: "StreetsAndAlleys", what: "an empty column lets two cards move", position: board("6S 5H | 7D | | KD | KH | KS | QC | QD"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "StreetsAndAlleys", what: "one empty column does not move three cards", position: board("7C 6S 5H | 8D | | KD | KH | KS | QC | QD"),
             move: "tableau[1]x3->tableau[2]", legal: false, reason: "at most 2", relative: "FreeCell", legalInRelative: false),
        Case(game: "StreetsAndAlleys", what: "two empty columns move four cards", position: board("8S 7D 6S 5D | 9H | | | KH | KS | QC | QD"),
             move: "tableau[1]x4->tableau[2]", legal: true, relative: "FreeCell", legalInRelative: true),
        Case(game: "StreetsAndAlleys", what: "two cards do not fill the only empty column", position: board("6S 5H | | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "at most 1", relative: "FreeCell", legalInRelative: true),
        Case(game: "StreetsAndAlleys", what: "a run out of sequence does not lift", position: board("6S 8H | 9C | KC | KD | KH | KS | QC | QD"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "only a run built down", relative: "FreeCell", legalInRelative: false),
        Case(game: "StreetsAndAlleys", what: "a card never leaves a foundation", position: board("4H | KC | KD | KH | KS | QC | QD | QH", home: "S-3"),
             move: "foundation[1]->tableau[1]", legal: false, reason: "never leave", relative: "FreeCell", legalInRelative: true),
        Case(game: "StreetsAndAlleys", what: "there is no free cell", position: board("5H | KC | KD | KH | KS | QC | QD | QH"),
             move: "tableau[1]->cell[1]", legal: false, reason: "no zone 'cell'", relative: "FreeCell", legalInRelative: true),
    ]

    // MARK: - Beleaguered Castle, against Streets and Alleys: the aces start on the foundations

    /// Six rows of eight, bottom row first, without the aces. Beleaguered Castle deals them as
    /// they are; Streets and Alleys, from the same shuffle, gets the aces as a seventh row on
    /// columns 1 to 4. The foundations hold clubs, diamonds, hearts and spades in that order.
    static let castleRows = """
        KC QD JH TS 9C 8D 7H 6S
        KD QH JS TC 9D 8H 7S 6C
        KH QS JC TD 9H 8S 7C 6D
        KS QC JD TH 9S 8C 7D 6H
        5C 5D 5H 5S 4C 4D 4H 4S
        3S 2H 3C 2D 2S 3D 2C 3H
        """
    static let streetsRows = castleRows + "\nAC AD AH AS"

    static let beleagueredCastle: [Case] = [
        Case(game: "BeleagueredCastle", what: "a two goes on its ace at once", position: .opening(castleRows),
             move: "tableau[5]->foundation[4]", legal: true, relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: false),
        Case(game: "BeleagueredCastle", what: "another two goes on its ace at once", position: .opening(castleRows),
             move: "tableau[7]->foundation[1]", legal: true, relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: false),
        Case(game: "BeleagueredCastle", what: "a three does not go on an ace", position: .opening(castleRows),
             move: "tableau[1]->foundation[4]", legal: false, reason: "builds up in suit", relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: true),
        Case(game: "BeleagueredCastle", what: "a three of clubs does not go on the ace of clubs", position: .opening(castleRows),
             move: "tableau[3]->foundation[1]", legal: false, reason: "builds up in suit", relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: true),
        Case(game: "BeleagueredCastle", what: "a two goes on a three of another suit", position: .opening(castleRows),
             move: "tableau[2]->tableau[1]", legal: true, relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: false),
        Case(game: "BeleagueredCastle", what: "a two goes on the three of its suit", position: .opening(castleRows),
             move: "tableau[4]->tableau[6]", legal: true, relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: false),
        Case(game: "BeleagueredCastle", what: "the two of clubs goes on the three of clubs", position: .opening(castleRows),
             move: "tableau[7]->tableau[3]", legal: true, relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: false),
        Case(game: "BeleagueredCastle", what: "a three does not go on a three", position: .opening(castleRows),
             move: "tableau[1]->tableau[6]", legal: false, reason: "next higher card", relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: false),
        Case(game: "BeleagueredCastle", what: "a two goes on the three of hearts", position: .opening(castleRows),
             move: "tableau[5]->tableau[8]", legal: true, relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: true),
        Case(game: "BeleagueredCastle", what: "the two of diamonds goes on its ace", position: .opening(castleRows),
             move: "tableau[4]->foundation[2]", legal: true, relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: true),
        Case(game: "BeleagueredCastle", what: "a two does not go on another suit's ace", position: .opening(castleRows),
             move: "tableau[5]->foundation[1]", legal: false, reason: "builds up in suit", relative: "StreetsAndAlleys", relativePosition: .opening(streetsRows), legalInRelative: false),
    ]

    // MARK: - Citadel, against Beleaguered Castle: cards go home while they are dealt

    /// From `castleRows`, Citadel's deal sends 2♥, 2♦, 2♠, 3♦, 2♣ and 3♥ home as they are
    /// dealt, leaving columns 2 and 4 to 8 a card shorter. 3♠ and 3♣ stay: when each was
    /// dealt, its two was not yet home.
    static let citadel: [Case] = [
        Case(game: "Citadel", what: "a three left on its column goes home now", position: .opening(castleRows),
             move: "tableau[1]->foundation[4]", legal: true, relative: "BeleagueredCastle", legalInRelative: false),
        Case(game: "Citadel", what: "the three of clubs goes home now", position: .opening(castleRows),
             move: "tableau[3]->foundation[1]", legal: true, relative: "BeleagueredCastle", legalInRelative: false),
        Case(game: "Citadel", what: "a four goes on the three that went home in the deal", position: .opening(castleRows),
             move: "tableau[6]->foundation[2]", legal: true, relative: "BeleagueredCastle", legalInRelative: false),
        Case(game: "Citadel", what: "the four of hearts goes home", position: .opening(castleRows),
             move: "tableau[7]->foundation[3]", legal: true, relative: "BeleagueredCastle", legalInRelative: false),
        Case(game: "Citadel", what: "a four does not go on a two", position: .opening(castleRows),
             move: "tableau[8]->foundation[4]", legal: false, reason: "builds up in suit", relative: "BeleagueredCastle", legalInRelative: false),
        Case(game: "Citadel", what: "the two of spades is no longer on column 5", position: .opening(castleRows),
             move: "tableau[5]->foundation[4]", legal: false, reason: "builds up in suit", relative: "BeleagueredCastle", legalInRelative: true),
        Case(game: "Citadel", what: "the two of clubs is no longer on column 7", position: .opening(castleRows),
             move: "tableau[7]->foundation[1]", legal: false, reason: "builds up in suit", relative: "BeleagueredCastle", legalInRelative: true),
        Case(game: "Citadel", what: "column 2 shows the five of diamonds", position: .opening(castleRows),
             move: "tableau[2]->tableau[8]", legal: false, reason: "next higher card", relative: "BeleagueredCastle", legalInRelative: true),
        Case(game: "Citadel", what: "a four goes on the five of diamonds", position: .opening(castleRows),
             move: "tableau[8]->tableau[2]", legal: true, relative: "BeleagueredCastle", legalInRelative: false),
        Case(game: "Citadel", what: "a four goes on the five of spades", position: .opening(castleRows),
             move: "tableau[5]->tableau[4]", legal: true, relative: "BeleagueredCastle", legalInRelative: false),
        Case(game: "Citadel", what: "a three goes on a four of another suit", position: .opening(castleRows),
             move: "tableau[1]->tableau[7]", legal: true, relative: "BeleagueredCastle", legalInRelative: false),
    ]

    // MARK: - Simple Simon, against Spider: runs of several suits move through empty columns

    static let simpleSimon: [Case] = [
        Case(game: "SimpleSimon", what: "two runs of different suits move with an empty column", position: board("7S 6H | 8D | | KC | KD | KH | KS | QC | QD | QH"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "two runs of different suits need an empty column", position: board("7S 6H | 8D | JC | KC | KD | KH | KS | QC | QD | QH"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "too few empty columns", relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "three runs move with two empty columns", position: board("8C 7S 6H | 9D | | | KD | KH | KS | QC | QD | QH"),
             move: "tableau[1]x3->tableau[2]", legal: true, relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "four runs move with two empty columns", position: board("9C 8S 7H 6D | TH | | | KD | KH | KS | QC | QD | QH"),
             move: "tableau[1]x4->tableau[2]", legal: true, relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "three runs are too many for one empty column", position: board("8C 7S 6H | 9D | | JC | KD | KH | KS | QC | QD | QH"),
             move: "tableau[1]x3->tableau[2]", legal: false, reason: "too few empty columns", relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "a run of one suit moves whatever its length", position: board("9S 8S 7S 6S 5S 4S | TH | KC | KD | KH | KS | QC | QD | QH | JC"),
             move: "tableau[1]x6->tableau[2]", legal: true, relative: "Spider", legalInRelative: true),
        Case(game: "SimpleSimon", what: "a complete suit goes to a foundation", position: board("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS | KC | KD | KH | QC | QD | QH | JC | JD | JH"),
             move: "tableau[1]x13->foundation[1]", legal: true, relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "an ace alone does not go to a foundation", position: board("AS | KC | KD | KH | KS | QC | QD | QH | JC | JD"),
             move: "tableau[1]->foundation[1]", legal: false, reason: "only a complete suit", relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "twelve cards are not a complete suit", position: board("QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS | KC | KD | KH | QC | QD | QH | JC | JD | JH"),
             move: "tableau[1]x12->foundation[1]", legal: false, reason: "only a complete suit", relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "two runs do not fill the only empty column", position: board("7S 6H | | KC | KD | KH | KS | QC | QD | QH | JC"),
             move: "tableau[1]x2->tableau[2]", legal: false, reason: "too few empty columns", relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "two runs fill an empty column when another is empty", position: board("7S 6H | | | KD | KH | KS | QC | QD | QH | JC"),
             move: "tableau[1]x2->tableau[2]", legal: true, relative: "Spider", legalInRelative: false),
        Case(game: "SimpleSimon", what: "a card goes on the next higher card of another suit", position: board("5H | 6S | KC | KD | KH | KS | QC | QD | QH | JC"),
             move: "tableau[1]->tableau[2]", legal: true, relative: "Spider", legalInRelative: true),
    ]

    static let cases: [Case] = bakersGame + kingsOnlyBakersGame + eightOff + seahavenTowers + relaxedSeahavenTowers
        + forecell + relaxedFreeCell + streetsAndAlleys + beleagueredCastle + citadel + simpleSimon

    static let rules: [String: GameRules] = {
        var compiled: [String: GameRules] = [:]
        for game in Set(cases.map(\.game) + cases.compactMap(\.relative)) {
            compiled[game] = try? GameCompiler.compile(path: FreeCellFamilyConformanceTests.rulesPath(game))
        }
        return compiled
    }()

    // MARK: - Tests

    @Test(arguments: FreeCellFamilyVerdictTests.cases)
    func verdict(_ c: Case) throws {
        let rules = try #require(Self.rules[c.game])
        let table = try #require(try Self.table(rules, c.position), "the position does not fit \(c.game)")
        let (legal, refusal) = Self.judge(c.move, rules, table)
        expectEqual(legal, c.legal, "\(c.game): \(refusal ?? "allowed")")
        if case .move(let move)? = try? MoveNotation(rules: rules).play(c.move) {
            expectEqual(rules.legalMoves(on: table).contains(move), c.legal, "the move list must agree with the verdict")
        }
        if let reason = c.reason {
            expectEqual(refusal?.contains(reason), true, "refused for another reason: \(refusal ?? "allowed")")
        }
        if let relative = c.relative, let expected = c.legalInRelative {
            let relativeRules = try #require(Self.rules[relative])
            let relativeTable = try #require(try Self.table(relativeRules, c.relativePosition ?? c.position), "the position does not fit \(relative)")
            let (relativeLegal, relativeRefusal) = Self.judge(c.move, relativeRules, relativeTable)
            expectEqual(relativeLegal, expected, "\(relative): \(relativeRefusal ?? "allowed")")
        }
    }

    /// Every game has at least ten cases, and in at least five its verdict differs from its relative's.
    @Test(arguments: FreeCellFamilyConformanceTests.games)
    func everyGameHasTenVerdictsAndDiffersFromItsRelative(game: String) {
        let mine = Self.cases.filter { $0.game == game }
        expectGreaterOrEqual(mine.count, 10)
        expectGreaterOrEqual(mine.filter { $0.legal }.count, 3)
        expectGreaterOrEqual(mine.filter { !$0.legal }.count, 3)
        expectGreaterOrEqual(mine.filter { $0.legalInRelative != nil && $0.legalInRelative != $0.legal }.count, 5)
    }

    /// Citadel's deal sends a card home only as it is dealt, so its columns come out uneven.
    @Test func citadelDealsCardsHomeAsTheyAreDealt() throws {
        let citadel = try #require(Self.rules["Citadel"])
        let castle = try #require(Self.rules["BeleagueredCastle"])
        let citadelTable = try #require(try Self.table(citadel, .opening(Self.castleRows)))
        let castleTable = try #require(try Self.table(castle, .opening(Self.castleRows)))
        let citadelBoard = try citadel.boardText(for: citadelTable)
        expectEqual(citadelBoard.columns.map(\.count), [6, 5, 6, 5, 5, 5, 5, 5])
        expectEqual(citadelBoard.foundations, [.clubs: 2, .diamonds: 3, .hearts: 3, .spades: 2])
        #expect(try castle.boardText(for: castleTable).columns.map(\.count) == Array(repeating: 6, count: 8))
        #expect(try castle.boardText(for: castleTable).foundations == [.clubs: 1, .diamonds: 1, .hearts: 1, .spades: 1])
    }

    // MARK: - Helpers

    /// The verdict on a move written in the project's notation; a move naming a pile the game
    /// does not have is refused.
    static func judge(_ text: String, _ rules: GameRules, _ table: CardTable) -> (Bool, String?) {
        do {
            guard case .move(let move) = try MoveNotation(rules: rules).play(text) else { return (false, "not a move") }
            let refusal = rules.refusal(for: move, on: table)
            return (refusal == nil, refusal?.message)
        } catch {
            return (false, error.message)
        }
    }

    /// The table of a position, or nil when the position does not fit the game's zones.
    static func table(_ rules: GameRules, _ position: Position) throws -> CardTable? {
        switch position {
        case .opening(let rows):
            let cards = try BoardText.parse(rows).get().columns.flatMap { $0.map(\.card) }
            return try rules.deal(.order(cards))
        case .board(let columns, let cells, let home):
            var text = home.isEmpty ? "" : "Foundations: \(home)\n"
            if !cells.isEmpty { text += "Freecells: \(cells)\n" }
            for column in columns.split(separator: "|", omittingEmptySubsequences: false) {
                let cards = column.trimmingCharacters(in: .whitespaces)
                text += (cards.isEmpty ? ":" : cards) + "\n"
            }
            return try Positions.partialTable(rules, BoardText.parse(text).get())
        }
    }
}
