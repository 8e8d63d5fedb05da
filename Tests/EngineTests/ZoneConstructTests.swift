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

/// What a rule serving several zones, `pile in zone` and a conditional relation mean in play
/// (Grammar.md 6.1, 6.3, 7.8–7.10): each judged on positions, with the twin rules they replace.
@Suite struct ZoneConstructTests {
    /// Foundations 1 and 2 build up in suit, 3 and 4 down; the reserve's cards go nowhere but the
    /// foundations; the tableau builds down in any suit.
    static let chosen = """
        zone stock 1
        zone reserve 2
        zone tableau 2
        zone foundation 4
        deal stock rest
        relation up_suit = same suit up
        relation down_suit = same suit down
        relation any_down = any suit down
        lift reserve, tableau { require run.size == 1 }
        accept foundation {
          require not pile.empty
          require builds(top, run.first, if pile.index <= 2 then up_suit else down_suit)
        }
        accept tableau {
          require not (source in reserve) else "reserve cards go only to the foundations"
          require pile.empty or builds(top, run.first, any_down)
        }
        won when stock.empty

        """

    /// The same game with twin zones and twin rules, as it had to be written before.
    static let twins = """
        zone stock 1
        zone reserve 2
        zone tableau 2
        zone up 2 as foundation
        zone down 2 as foundation
        deal stock rest
        relation up_suit = same suit up
        relation down_suit = same suit down
        relation any_down = any suit down
        lift reserve { require run.size == 1 }
        lift tableau { require run.size == 1 }
        accept up {
          require not pile.empty
          require builds(top, run.first, up_suit)
        }
        accept down {
          require not pile.empty
          require builds(top, run.first, down_suit)
        }
        accept tableau {
          require all(r in reserve: r != source) else "reserve cards go only to the foundations"
          require pile.empty or builds(top, run.first, any_down)
        }
        won when stock.empty

        """

    /// The twin game's name for a pile: foundations 1–2 are `up 1–2`, 3–4 are `down 1–2`.
    static func twinName(_ address: String) -> String {
        ["foundation 1": "up 1", "foundation 2": "up 2", "foundation 3": "down 1", "foundation 4": "down 2"][address] ?? address
    }

    static var twinLayout: [String: String] { Dictionary(uniqueKeysWithValues: layout.map { (twinName($0.key), $0.value) }) }

    static let layout = ["reserve 1": "5H", "reserve 2": "9C", "tableau 1": "6S", "tableau 2": "10D", "stock": "...",
                         "foundation 1": "4H", "foundation 2": "8C", "foundation 3": "6H", "foundation 4": "10C"]

    @Test(arguments: [
        ("reserve 1", "foundation 1", true),   // 5H on 4H, up
        ("reserve 1", "foundation 3", true),   // 5H on 6H, down
        ("reserve 2", "foundation 2", true),   // 9C on 8C, up
        ("reserve 2", "foundation 4", true),   // 9C on 10C, down
        ("reserve 2", "foundation 1", false),
        ("tableau 1", "foundation 1", false),  // 6S: wrong suit
        ("reserve 2", "tableau 2", false),     // the reserve feeds only the foundations
        ("tableau 2", "tableau 1", false),
    ])
    func chosenRelationsAndMembershipJudgeAsTwinRulesDo(source: String, destination: String, allowed: Bool) throws {
        let rules = try GameCompiler.compile(source: "game \"T\"\ndecks 1\n" + Self.chosen)
        let table = try Positions.table(rules, Self.layout)
        let refusal = rules.refusal(for: try rules.move(1, from: source, to: destination), on: table)
        expectEqual(refusal == nil, allowed)
        let twins = try GameCompiler.compile(source: "game \"T\"\ndecks 1\n" + Self.twins)
        let twinRefusal = twins.refusal(for: try twins.move(1, from: source, to: Self.twinName(destination)), on: try Positions.table(twins, Self.twinLayout))
        expectEqual(twinRefusal == nil, refusal == nil)
        expectEqual(twinRefusal?.code, refusal?.code)
    }

    @Test func aRefusedMembershipCarriesItsReason() throws {
        let rules = try GameCompiler.compile(source: "game \"T\"\ndecks 1\n" + Self.chosen)
        let table = try Positions.table(rules, Self.layout)
        let refusal = rules.refusal(for: try rules.move(1, from: "reserve 2", to: "tableau 2"), on: table)
        expectEqual(refusal?.message, "reserve cards go only to the foundations")
    }

    @Test func theMovesListedAreTheTwinGamesMoves() throws {
        let rules = try GameCompiler.compile(source: "game \"T\"\ndecks 1\n" + Self.chosen)
        let twins = try GameCompiler.compile(source: "game \"T\"\ndecks 1\n" + Self.twins)
        let table = try Positions.table(rules, Self.layout)
        let moves = rules.legalMoves(on: table).map { "\($0.source)->\($0.destination)" }
        expectEqual(moves, twins.legalMoves(on: try Positions.table(twins, Self.twinLayout)).map { "\($0.source)->\($0.destination)" })
        expectEqual(moves.count, 4)
    }
}
