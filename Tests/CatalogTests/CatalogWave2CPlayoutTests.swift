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

/// Random playouts of the games written with memory, removals and hidden zones, through the
/// first wave's check.
extension CatalogPlayouts {
    static let wave2CSettings: [Setting] = [
        Setting(game: "Agnes"), Setting(game: "LadyJane"), Setting(game: "Jamestown"), Setting(game: "Terrace"),
        Setting(game: "GeneralsPatience"), Setting(game: "FallingStars"), Setting(game: "Signora"), Setting(game: "Redheads"),
        Setting(game: "BlondesAndBrunettes"), Setting(game: "Wood"), Setting(game: "BlockTen"), Setting(game: "Fourteen"),
        Setting(game: "MonteCarlo"), Setting(game: "Quatorze"), Setting(game: "Neighbor"), Setting(game: "Isabel"), Setting(game: "Helsinki"),
        Setting(game: "Cover"), Setting(game: "SpiderThreeDecks"), Setting(game: "Escalator"), Setting(game: "Fortunes"),
        Setting(game: "Thieves"), Setting(game: "StraightUp"), Setting(game: "Cruel"), Setting(game: "Doublets"), Setting(game: "Carpet"),
        Setting(game: "Hopscotch"), Setting(game: "Clock"), Setting(game: "KingsAudience"), Setting(game: "Pileon"),
        Setting(game: "TenAcross"), Setting(game: "TenAcross", options: ["reuse_spots": "false"]), Setting(game: "Scuffle"),
        Setting(game: "Eliminator"), Setting(game: "Eliminator", options: ["foundations": "4"]), Setting(game: "GayGordons"), Setting(game: "FirstLaw"),
    ] + (TestPaths.isLongRun ? slowSettings : [])

    /// Games whose listing walks fifty-odd piles against each other with nested quantifiers, which
    /// makes a hundred plays take seconds in a debug build: their random play is in the property
    /// tests of every run, and here only in the long run.
    static let slowSettings: [Setting] = [
        Setting(game: "Wall"), Setting(game: "Thirteen"), Setting(game: "Elevator"), Setting(game: "TriplePeaks"), Setting(game: "Gaps"),
        Setting(game: "Gaps", options: ["random_gaps": "true"]), Setting(game: "Accordion"), Setting(game: "Treize"), Setting(game: "Yield"),
    ]

    @Test(arguments: wave2CSettings) func wave2CCardsAreConserved(_ setting: Setting) throws {
        try cardsAreConserved(setting)
    }
}
