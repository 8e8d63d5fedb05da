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

/// Random playouts of Chessboard, Hamilton and Labyrinth, through the first wave's check.
extension CatalogPlayouts {
    static let wave2DSettings: [Setting] = [Setting(game: "Chessboard"), Setting(game: "Hamilton"), Setting(game: "Labyrinth")]

    @Test(arguments: wave2DSettings) func wave2DCardsAreConserved(_ setting: Setting) throws {
        try cardsAreConserved(setting)
    }
}

/// The opening deals of Chessboard, Hamilton and Labyrinth.
extension CatalogDeals {
    @Test(arguments: seeds) func chessboard(seed: UInt64) throws {
        let rules = try Positions.rules("Chessboard")
        let table = try rules.deal(.seed(seed))
        // Two columns of five piles; the top pile of each has a sixth card.
        expectEqual(Self.counts(rules, table, "tableau"), [6, 5, 5, 5, 5, 6, 5, 5, 5, 5])
        expectEqual(Self.faceUp(rules, table, "tableau"), [6, 5, 5, 5, 5, 6, 5, 5, 5, 5])
        expectEqual(Self.counts(rules, table, "foundation"), [0, 0, 0, 0])
    }

    @Test(arguments: seeds) func hamilton(seed: UInt64) throws {
        let rules = try Positions.rules("Hamilton")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.counts(rules, table, "tableau"), Array(1...7))
        expectEqual(Self.faceUp(rules, table, "tableau"), Array(1...7))
        expectEqual(Self.counts(rules, table, "stock"), [24])
        expectEqual(Self.faceUp(rules, table, "stock"), [0])
        expectEqual(Self.counts(rules, table, "chooser"), [0])
        expectEqual(Self.counts(rules, table, "foundation"), [0, 0, 0, 0])
        expectEqual(Self.memory(rules, table, "start"), 0)
        expectEqual(rules.zones.first { $0.name == "hold" }?.role, .hidden)
    }

    @Test(arguments: seeds) func labyrinth(seed: UInt64) throws {
        let rules = try Positions.rules("Labyrinth")
        let table = try rules.deal(.seed(seed))
        expectEqual(Self.cards(rules, table, "foundation").map { $0.map(\.rank) }, [[1], [1], [1], [1]])
        expectEqual(Self.cards(rules, table, "foundation").map { $0.map(\.suit) }, [[.clubs], [.diamonds], [.hearts], [.spades]])
        expectEqual(Self.counts(rules, table, "top_row"), Array(repeating: 1, count: 8))
        expectEqual(Self.faceUp(rules, table, "top_row"), Array(repeating: 1, count: 8))
        expectEqual(Self.counts(rules, table, "column"), Array(repeating: 0, count: 8))
        expectEqual(Self.counts(rules, table, "stock"), [40])
        expectEqual(Self.memory(rules, table, "first_row"), 1)
    }
}
