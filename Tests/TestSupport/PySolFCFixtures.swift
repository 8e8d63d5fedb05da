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

/// A file of `Fixtures/pysolfc/`: seeded random walks played in PySolFC, each play with the plays
/// PySolFC allowed before it and the piles it changed (`Scripts/make-pysolfc-move-fixtures.py`
/// writes them; their README gives the format).
package struct PySolFCFixture: Decodable, Sendable {
    /// The fixture's name, such as `Spider1Suit`.
    package var fixture: String
    /// The bundled rule file the walks are played in, such as `Spider`.
    package var rules: String
    /// The rule file's options that make it PySolFC's game.
    package var options: [String: String]
    /// PySolFC's game, by the name its menu shows.
    package var pysolfc: PySolFCGame
    package var walks: [PySolFCWalk]

    /// Every fixture in `Fixtures/pysolfc/`, by name; empty when the folder cannot be read. A file
    /// that does not decode is a fixture with no walks, which the tests report.
    package static let all: [PySolFCFixture] = {
        let folder = TestPaths.fixture("pysolfc")
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return files.filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }.map { url in
            let name = url.deletingPathExtension().lastPathComponent
            guard let data = try? Data(contentsOf: url), let fixture = try? JSONDecoder().decode(PySolFCFixture.self, from: data) else {
                return PySolFCFixture(fixture: name, rules: "", options: [:], pysolfc: PySolFCGame(game: "", id: 0, commit: ""), walks: [])
            }
            return fixture
        }
    }()
}

/// PySolFC's game a fixture was made with.
package struct PySolFCGame: Decodable, Sendable {
    package var game: String
    package var id: Int
    package var commit: String
}

/// One walk: a PySolFC deal's opening and the plays made from it.
package struct PySolFCWalk: Decodable, Sendable {
    /// The PySolFC deal number.
    package var deal: Int
    /// PySolFC's limit of rounds (-1 for none, -2 where the game decides when they end).
    package var maxRounds: Int
    /// Every pile at the opening, by its name in the move notation (`tableau[3]`, `stock`), its
    /// cards bottom first, `#` before a face-down card.
    package var start: [String: String]
    /// The walk's steps; every step but perhaps the last makes a play.
    package var steps: [PySolFCStep]

    /// The opening as a Patience table, with no action used and every memory at its first value.
    package func table(for rules: GameRules) throws -> CardTable {
        try PySolFCWalk.table(start, for: rules)
    }

    /// Piles written as in a fixture, as a Patience table with no action used and every memory at its first value.
    package static func table(_ piles: [String: String], for rules: GameRules) throws -> CardTable {
        let notation = MoveNotation(rules: rules)
        var layout: [String: String] = [:]
        for (name, cards) in piles where !cards.isEmpty {
            let id = rules.pileID(try notation.pile(name))
            layout["\(id.zone) \(id.index)"] = cards
        }
        return try Positions.table(rules, layout)
    }
}

/// One step of a walk: what PySolFC allowed, what was played, and what it changed.
package struct PySolFCStep: Decodable, Sendable {
    /// Every play PySolFC allowed before this step, in the move notation: each move its drag and
    /// drop accepts (`xN` after the source when N > 1), and `tap(stock)` when a click on its talon deals.
    package var plays: [String]
    /// The play made, one of `plays`; nil on a walk's last step when it ended there.
    package var play: String?
    /// The piles the play changed, with their cards afterwards.
    package var after: [String: String]?
    /// PySolFC's round after the play (1 until the waste is first turned over).
    package var round: Int?
}
