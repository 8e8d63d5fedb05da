import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats
import Patience
import PatienceCommandLine

/// A file of `Fixtures/pysolfc/`: positions reached in PySolFC, each with the moves PySolFC allows
/// there (`Scripts/make-pysolfc-move-fixtures.py` writes them; their README gives the format).
package struct PySolFCFixture: Decodable, Sendable {
    /// The fixture's name, such as `Spider1Suit`.
    package var fixture: String
    /// The bundled rule file the positions are loaded into, such as `Spider`.
    package var rules: String
    /// The rule file's options that make it PySolFC's game.
    package var options: [String: String]
    package var positions: [PySolFCPosition]

    /// Every fixture in `Fixtures/pysolfc/`, by name; empty when the folder cannot be read.
    package static let all: [PySolFCFixture] = {
        let folder = TestPaths.fixture("pysolfc")
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return files.filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }.compactMap { url in
            guard let data = try? Data(contentsOf: url) else { return nil }
            return try? JSONDecoder().decode(PySolFCFixture.self, from: data)
        }
    }()
}

/// One position of a PySolFC fixture and PySolFC's answers on it.
package struct PySolFCPosition: Decodable, Sendable {
    /// The PySolFC deal number and the step of the random walk that reached the position.
    package var deal: Int
    package var step: Int
    /// Every pile that holds cards in play, by its name in the move notation (`tableau[3]`, `stock`),
    /// its cards bottom first, `#` before a face-down card.
    package var piles: [String: String]
    /// PySolFC's round (1 before the first redeal) and its limit of rounds (-1 for none).
    package var round: Int
    package var maxRounds: Int
    /// Whether clicking the talon deals or redeals.
    package var canDeal: Bool
    /// Every move PySolFC's drag and drop accepts, in the move notation.
    package var moves: [String]

    /// The position as a Patience table. PySolFC's round counts the times the waste has been
    /// turned over, which is the number of uses of the rule file's `redeal` action.
    package func table(for rules: GameRules) throws -> CardTable {
        let notation = MoveNotation(rules: rules)
        var layout: [String: String] = [:]
        for (name, cards) in piles where !cards.isEmpty {
            let id = rules.pileID(try notation.pile(name))
            layout["\(id.zone) \(id.index)"] = cards
        }
        let uses = rules.actionNames.contains("redeal") ? ["redeal": round - 1] : [:]
        return try Positions.table(rules, layout, actionUses: uses)
    }
}
