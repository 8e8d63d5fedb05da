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

/// The FreeCell family against two programs no one here wrote: PySol's deals (through the
/// `pysol_cards` package) and Freecell Solver's solutions of them (`fc-solve -g PRESET -m -snx`).
/// The data lives in `Fixtures/fcs/<Game>.txt`, made by `Scripts/make-fcs-fixtures.py`, which
/// also describes the format.
@Suite("FreeCell family conformance")
struct FreeCellFamilyConformanceTests {
    /// The games, by rule file name.
    static let games = [
        "BakersGame", "BeleagueredCastle", "Citadel", "EightOff", "Forecell", "KingsOnlyBakersGame",
        "RelaxedFreeCell", "RelaxedSeahavenTowers", "SeahavenTowers", "SimpleSimon", "StreetsAndAlleys",
    ]

    /// One stored deal: PySol's board and dealing order, and fc-solve's solution.
    struct StoredDeal: Sendable, CustomTestStringConvertible {
        var game: String
        var number: Int
        /// The cards in the order PySol deals them, after any it set aside first.
        var order: String
        var board: String
        var solution: [String]
        var testDescription: String { "\(game) deal \(number)" }
    }

    static let deals: [StoredDeal] = games.flatMap(loadDeals)
    static let rules: [String: GameRules] = {
        var compiled: [String: GameRules] = [:]
        for game in games { compiled[game] = try? GameCompiler.compile(path: rulesPath(game)) }
        return compiled
    }()

    @Test(arguments: FreeCellFamilyConformanceTests.games)
    func everyGameHasTwentyDistinctDeals(game: String) {
        let numbers = Self.deals.filter { $0.game == game }.map(\.number)
        expectGreaterOrEqual(numbers.count, 20)
        expectEqual(Set(numbers).count, numbers.count)
        #expect(Self.rules[game] != nil, "Rules/\(game).patience does not compile")
    }

    /// The solution replays to a won game the way `patience replay RULES --board … --notation fcs` does.
    @Test(arguments: FreeCellFamilyConformanceTests.deals)
    func solverSolutionReplaysToAWin(deal: StoredDeal) throws {
        let rules = try #require(Self.rules[deal.game])
        let table = try rules.table(fromBoardText: deal.board)
        expectFalse(deal.solution.isEmpty)
        let outcome = Replay(rules: rules, notation: .fcs).run(tokens: deal.solution, from: table)
        if let failure = outcome.failure {
            Issue.record("move \(failure.index), '\(failure.move)': \(failure.message)")
        }
        expectEqual(outcome.applied, deal.solution.count)
        expectTrue(outcome.isWon)
    }

    /// Dealing PySol's card order with the file's deal lines lays out PySol's board. Simple
    /// Simon's rows are dealt in another order (PySol deals the short rows first), so there
    /// only the column heights are compared.
    @Test(arguments: FreeCellFamilyConformanceTests.deals)
    func dealLinesLayOutPySolsBoard(deal: StoredDeal) throws {
        let rules = try #require(Self.rules[deal.game])
        let order = try BoardText.parse(deal.order).get().columns.flatMap { $0.map(\.card) }
        let dealt = try rules.boardText(for: try rules.deal(.order(order)))
        let expected = try BoardText.parse(deal.board).get()
        if deal.game == "SimpleSimon" {
            expectEqual(dealt.columns.map(\.count), expected.columns.map(\.count))
            return
        }
        expectEqual(dealt.columns, expected.columns)
        expectEqual(dealt.foundations, expected.foundations)
        expectEqual(Self.trimmed(dealt.freecells), Self.trimmed(expected.freecells))
    }

    /// Free cells without the empty ones at the end, which a board may leave unwritten.
    static func trimmed(_ cells: [Card?]) -> [Card?] {
        var cells = cells
        while let last = cells.last, last == nil { cells.removeLast() }
        return cells
    }

    // MARK: - Fixtures

    static var packageRoot: URL {
        TestPaths.packageRoot
    }

    static func rulesPath(_ game: String) -> String {
        packageRoot.appendingPathComponent("Rules/\(game).patience").path
    }

    /// Reads `Fixtures/fcs/<game>.txt`: `#` comments, then blocks that start with `deal N`,
    /// hold an `order:` line and the board's lines, and end with a `solution:` line.
    static func loadDeals(_ game: String) -> [StoredDeal] {
        guard let text = try? String(contentsOf: TestPaths.fixture("fcs/\(game).txt"), encoding: .utf8) else { return [] }
        var deals: [StoredDeal] = []
        var current: StoredDeal?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("deal "), let number = Int(line.dropFirst(5)) {
                current = StoredDeal(game: game, number: number, order: "", board: "", solution: [])
            } else if line.hasPrefix("order:") {
                current?.order = String(line.dropFirst(6))
            } else if line.hasPrefix("solution:") {
                current?.solution = FCSNotation.tokens(String(line.dropFirst(9)))
                if let deal = current { deals.append(deal) }
                current = nil
            } else {
                current?.board += line + "\n"
            }
        }
        return deals
    }
}
