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

/// The opening deals of the games written with memory, removals and hidden zones, checked over
/// the same seeds as the first wave's.
extension CatalogDeals {
    /// The value of a memory on a table, by name.
    static func memory(_ rules: GameRules, _ table: CardTable, _ name: String) -> Int? {
        rules.memorySlots.firstIndex { $0.name == name }.map { table.memory[$0] }
    }

    @Test(arguments: seeds) func agnes(seed: UInt64) throws {
        let rules = try Positions.rules("Agnes")
        let table = try rules.deal(.seed(seed))
        #expect(Self.counts(rules, table, "tableau") == Array(1...7))
        #expect(Self.faceUp(rules, table, "tableau") == Array(repeating: 1, count: 7))
        #expect(Self.counts(rules, table, "foundation") == [1, 0, 0, 0])
        #expect(Self.counts(rules, table, "stock") == [23])
        // The deal remembers the foundation card's rank as the base.
        let base = try #require(Self.cards(rules, table, "foundation")[0].first).rank
        #expect(Self.memory(rules, table, "base") == base)
    }

    @Test(arguments: seeds) func ladyJane(seed: UInt64) throws {
        let rules = try Positions.rules("LadyJane")
        let table = try rules.deal(.seed(seed))
        #expect(Self.counts(rules, table, "tableau") == Array(1...7))
        #expect(Self.faceUp(rules, table, "tableau") == Array(repeating: 1, count: 7))
        #expect(Self.counts(rules, table, "reserve") == Array(repeating: 1, count: 7))
        #expect(Self.faceUp(rules, table, "reserve") == Array(repeating: 1, count: 7))
        #expect(Self.counts(rules, table, "foundation") == [1, 0, 0, 0])
        #expect(Self.counts(rules, table, "stock") == [16])
        let base = try #require(Self.cards(rules, table, "foundation")[0].first).rank
        #expect(Self.memory(rules, table, "base") == base)
    }
}

extension CatalogDeals {
    @Test(arguments: seeds) func jamestown(seed: UInt64) throws {
        let rules = try Positions.rules("Jamestown")
        let table = try rules.deal(.seed(seed))
        #expect(Self.counts(rules, table, "tableau") == Array(repeating: 1, count: 9))
        #expect(Self.faceUp(rules, table, "tableau") == Array(repeating: 1, count: 9))
        #expect(Self.counts(rules, table, "stock") == [43])
        #expect(Self.counts(rules, table, "discard") == [0])
        #expect(rules.zones.first { $0.name == "discard" }?.role == .hidden)
    }
}
