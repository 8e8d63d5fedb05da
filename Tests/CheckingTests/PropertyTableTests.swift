import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceChecking

/// Grammar.md's table of properties (section 4.1) and the checker's `Property` table are one
/// table: every row of either is a row of the other, with the same base, spellings, result,
/// meaning and fault; and the checker accepts each spelling on its base and nothing else.
@Suite struct PropertyTableTests {
    /// The rows of Grammar.md section 4.1's table as (base, names, result, meaning).
    static func grammarRows() throws -> [[String]] {
        let grammar = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Grammar.md"), encoding: .utf8)
        let section = try #require(grammar.components(separatedBy: "### 4.1 Properties").dropFirst().first?
            .components(separatedBy: "\n### ").first)
        return section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Type") && !$0.hasPrefix("| ---") }
            .map { line in line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// How Grammar.md writes a result type.
    static func written(_ type: ValueType) -> String { type == .cards ? "run" : type.rawValue }

    @Test func grammarListsExactlyTheTable() throws {
        let rows = try Self.grammarRows()
        // The one row that is a rule rather than a property: a one-pile zone forwards to its pile.
        let forwarding = ["zone of one pile", "any other pile property", "as for a pile", "the property of its pile"]
        expectEqual(rows.filter { $0 == forwarding }.count, 1)
        let documented = rows.filter { $0 != forwarding }
        let table = Property.allCases.map { property -> [String] in
            let row = property.row
            let meaning = row.fault.map { row.meaning + "; fault `\($0)` if empty" } ?? row.meaning
            return [row.base.rawValue, row.names.map { "`\($0)`" }.joined(separator: ", "), Self.written(row.result), meaning]
        }
        expectEqual(documented.count, table.count)
        for row in table { expectContains(documented, row, "Grammar.md 4.1 lacks \(row)") }
        for row in documented { expectContains(table, row, "Property has no row \(row)") }
    }

    @Test func everySpellingResolvesOnItsBaseOnly() {
        for property in Property.allCases {
            for name in property.row.names {
                expectEqual(Property.named(name, on: property.row.base), property)
                for base in Property.Base.allCases where base != property.row.base && !(base == .zoneOfSeveralPiles && property.row.base == .zone) {
                    expectNotEqual(Property.named(name, on: base), property, "\(name) must not be a property of \(base)")
                }
            }
        }
        expectEqual(Property.named("size", on: .zone), nil, "a one-pile zone's size is its pile's")
        expectEqual(Property.named("size", on: .zoneOfSeveralPiles), .zoneSize)
        expectEqual(Property.named("piles", on: .zoneOfSeveralPiles), .zonePiles)
    }

    /// The checker reads `x.name` through the table: a misspelt property is refused with the
    /// table's spellings as its help.
    @Test(arguments: [("stock.top.rnk", "did you mean 'rank'?"), ("tableau[1].tpo", "did you mean 'top'?"),
                      ("tableau[1].cards.frist", "did you mean 'first'?"), ("tableau.pils", "did you mean 'piles'?")])
    func unknownPropertiesSuggestFromTheTable(expression: String, help: String) {
        let source = """
            game "T"
            decks 1
            zone stock 1
            zone tableau 2
            zone foundation 4
            deal stock rest face down
            lift tableau { require \(expression) > 0 else "no" }
            accept foundation {}
            won when stock.empty

            """
        let finding = lintRuleSource(source, path: "t.patience").diagnostics.first { $0.code == .unknownProperty }
        expectEqual(finding?.help, help, "\(expression): \(String(describing: finding))")
    }
}
