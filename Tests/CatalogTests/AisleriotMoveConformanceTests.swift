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

/// A file of `Fixtures/aisleriot/`: positions reached by random walks in Aisleriot's own game
/// file, each with the drags and taps Aisleriot allows there (`Scripts/make-aisleriot-move-fixtures.py`
/// writes them; `Fixtures/aisleriot/README.md` gives the format).
struct AisleriotFixture: Decodable, Sendable {
    var game: String
    var rules: String
    var positions: [AisleriotPosition]

    /// Every fixture of the folder; empty when it cannot be read.
    static let all: [AisleriotFixture] = {
        let folder = TestPaths.fixture("aisleriot")
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return files.filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }.compactMap { url in
            guard let data = try? Data(contentsOf: url) else { return nil }
            return try? JSONDecoder().decode(AisleriotFixture.self, from: data)
        }
    }()
}

/// One position of an Aisleriot fixture: its piles by name in the move notation (bottom card
/// first, `#` before a face-down card), the rule file's memories and action uses that stand for
/// the game file's saved variables, and Aisleriot's plays there.
struct AisleriotPosition: Decodable, Sendable {
    var deal: Int
    var step: Int
    var piles: [String: String]
    var memory: [String: Int]
    var uses: [String: Int]
    var plays: [String]

    func table(for rules: GameRules) throws -> CardTable {
        let notation = MoveNotation(rules: rules)
        var layout: [String: String] = [:]
        for (name, cards) in piles where !cards.isEmpty {
            let id = rules.pileID(try notation.pile(name))
            layout["\(id.zone) \(id.index)"] = cards
        }
        return try Positions.table(rules, layout, actionUses: uses, memory: memory)
    }
}

/// Positions from random walks in Aisleriot's game files, loaded into the rule files: on each,
/// Patience must list exactly the plays Aisleriot allows, but for two differences of
/// representation, made alike here:
/// - Aisleriot drops a run on a foundation in one move where the rule files move its cards one at
///   a time (Hamilton): a drag of several cards to a foundation is dropped, once its top card's
///   own drag to that foundation is seen among Aisleriot's plays;
/// - Aisleriot lets a foundation's only card go to an empty foundation (Hamilton's start card),
///   which changes nothing but the pile it lies on; the rule files refuse it, and it is dropped.
@Suite("Aisleriot legal moves")
struct AisleriotMoveConformanceTests {
    @Test func theFixturesAreThere() {
        expectEqual(Set(AisleriotFixture.all.map(\.game)), ["Chessboard", "Hamilton", "Labyrinth"])
        for fixture in AisleriotFixture.all {
            expectGreaterOrEqual(fixture.positions.count, 30, "\(fixture.game)")
            expectGreaterOrEqual(fixture.positions.filter { $0.step >= 5 }.count, 10, "\(fixture.game) has too few positions from later in the game")
        }
    }

    @Test(arguments: AisleriotFixture.all.map(\.game))
    func legalPlaysMatchAisleriot(game: String) throws {
        let fixture = try #require(AisleriotFixture.all.first { $0.game == game })
        let rules = try Positions.rules(fixture.rules)
        let notation = MoveNotation(rules: rules)
        var tapsSeen = 0
        for position in fixture.positions {
            let table = try position.table(for: rules)
            var ours = Set(rules.legalMoves(on: table).map { notation.text(of: .move($0)) })
            ours.formUnion(rules.legalTaps(on: table).map { notation.text(of: .tap(pile: $0)) })
            var theirs = Set<String>()
            for text in position.plays {
                guard case .move(let move) = try notation.play(text) else {
                    theirs.insert(text)
                    tapsSeen += 1
                    continue
                }
                let toFoundation = rules.zone(ofPile: move.destination).role == .foundation
                if toFoundation, move.count > 1 {
                    let single = notation.text(of: .move(Move(source: move.source, count: 1, destination: move.destination)))
                    expectContains(position.plays, single, "deal \(position.deal) step \(position.step): \(text) without \(single)")
                    continue
                }
                if toFoundation, rules.zone(ofPile: move.source).role == .foundation, table.piles[move.source].count == 1,
                   table.piles[move.destination].isEmpty { continue }
                theirs.insert(text)
            }
            let onlyOurs = ours.subtracting(theirs).sorted()
            let onlyTheirs = theirs.subtracting(ours).sorted()
            expectTrue(onlyOurs.isEmpty && onlyTheirs.isEmpty, "deal \(position.deal) step \(position.step): only Patience allows \(onlyOurs), only Aisleriot allows \(onlyTheirs)")
        }
        if !rules.actionNames.isEmpty { expectGreater(tapsSeen, 0, "no position allowed a tap") }
    }
}
