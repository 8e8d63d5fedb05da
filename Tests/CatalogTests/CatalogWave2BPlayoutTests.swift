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

/// Random playouts of the second wave's reserve, base-card and building games, with each
/// value of their options, through the first wave's check.
extension CatalogPlayouts {
    static let wave2BSettings: [Setting] = [
        Setting(game: "AuldLangSyne"), Setting(game: "SirTommy"), Setting(game: "Bristol"), Setting(game: "Backbone"),
        Setting(game: "KingAlbert"), Setting(game: "BearRiver"), Setting(game: "EagleWing"),
        Setting(game: "EagleWing", options: ["draw": "3", "redeals": "unlimited"]), Setting(game: "RoyalEast"),
        Setting(game: "Osmosis"), Setting(game: "Osmosis", options: ["draw": "3"]), Setting(game: "Plait"),
        Setting(game: "DiamondMine"), Setting(game: "Fortress"), Setting(game: "Giant"),
        Setting(game: "Giant", options: ["same_suit": "true"]), Setting(game: "NapoleonsTomb"),
        Setting(game: "NapoleonsTomb", options: ["draw": "3", "autoplay": "true"]), Setting(game: "UnionSquare"),
    ]

    @Test(arguments: wave2BSettings) func wave2BCardsAreConserved(_ setting: Setting) throws {
        try cardsAreConserved(setting)
    }
}
