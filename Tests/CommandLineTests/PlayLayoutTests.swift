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

/// The table `patience play` draws for a game, without colours, as a pipe would get it.
private func screen(_ game: String, selecting pile: Int? = nil) throws -> [String] {
    let rules = try Positions.rules(game)
    let table = try rules.deal(.seed(1))
    return TableDrawing(rules: rules, table: table, style: CardStyle(usesColor: false), dealSpec: "seed:1", playCount: 0,
                        selectedPile: pile).lines
}

/// The column each cell of a grid line starts at, by its short pile name (`t7`, `co1`).
private func cellColumns(_ line: String) -> [String: Int] {
    var result: [String: Int] = [:]
    let characters = Array(line)
    var index = 0
    while index < characters.count {
        if characters[index] != " ", index == 0 || characters[index - 1] == " ",
           characters[index].isLetter || characters[index] == "*" {
            let word = String(characters[index...].prefix { $0 != " " })
            if word.dropFirst(word.first == "*" ? 1 : 0).first?.isLowercase == true { result[word] = index }
            index += word.count
        } else {
            index += 1
        }
    }
    return result
}

/// `patience play` draws a zone that a `layout` arranges as the grid the picture shows, in text.
@Suite struct PlayLayoutTests {
    @Test func monteCarloShowsItsTableauInFiveRowsOfFive() throws {
        let lines = try screen("MonteCarlo")
        let rows = lines.filter { $0.contains(" t") && !$0.contains("stock") }
        let rules = try Positions.rules("MonteCarlo")
        let table = try rules.deal(.seed(1))
        let tableau = try #require(rules.zones.first { $0.name == "tableau" })
        expectEqual(rows.count, 5)
        for (row, line) in rows.enumerated() {
            // Five cells a line, the piles in order, each its short name and its card.
            let cells = line.split(separator: " ").dropFirst(row == 0 ? 1 : 0)
            let expected = (0..<5).flatMap { column -> [String] in
                let pile = tableau.piles.lowerBound + row * 5 + column
                return ["t\(row * 5 + column + 1)", table.piles[pile].cards.last!.card.description]
            }
            expectEqual(Array(cells.map(String.init)), expected, "row \(row + 1): \(line)")
            expectEqual(cellColumns(line)["t\(row * 5 + 1)"], cellColumns(rows[0])["t1"])
        }
        expectHasPrefix(rows[0], "   tableau      t1 ")
    }

    @Test func thirteensPyramidStepsInHalfACellARow() throws {
        let lines = try screen("Thirteen")
        let first = try #require(lines.firstIndex { $0.contains("p1 ") })
        let rows = Array(lines[first..<first + 7])
        expectHasPrefix(rows[0], "   pyramid ")
        let starts = [1, 2, 4, 7, 11, 16, 22]
        let columns = rows.map(cellColumns)
        let width = try #require(columns[6]["p23"]) - #require(columns[6]["p22"])
        for row in 1..<7 {
            // Each row's first card half a cell left of the first card of the row above, the cells of a row a cell apart.
            let start = try #require(columns[row]["p\(starts[row])"]), above = try #require(columns[row - 1]["p\(starts[row - 1])"])
            expectEqual(above - start, width / 2, "row \(row + 1)")
            expectEqual(columns[row].count, row + 1)
        }
        // Face down but for the bottom row.
        expectTrue(rows[0].hasSuffix("p1 ##") && !rows[6].contains("##"))
        expectEqual(rows[6].components(separatedBy: "p2").count, 8)
    }

    @Test func napoleonsTombDrawsItsCrossAndMarksTheChosenPile() throws {
        let rules = try Positions.rules("NapoleonsTomb")
        let centre = try #require(rules.zones.first { $0.name == "centre" }).piles.lowerBound
        let lines = try screen("NapoleonsTomb", selecting: centre)
        let title = try #require(lines.firstIndex(of: "   cell, centre, corner"))
        let rows = lines[(title + 1)...(title + 3)].map(cellColumns)
        // The cells are `c`, by their role, though three zones' names start with a c.
        expectEqual(rows.map { $0.keys.sorted() }, [["c1", "co1", "co2"], ["*cen", "c2", "c3"], ["c4", "co3", "co4"]])
        // The mark stands in the space before the chosen pile: the centre's column is the cells' above and below it.
        expectEqual(rows[1]["*cen"].map { $0 + 1 }, rows[0]["c1"])
        expectTrue(rows[0]["co1"] == rows[1]["c2"] && rows[1]["c2"] == rows[2]["co3"])
        expectEqual(rows[0]["c1"], rows[2]["c4"])
        expectTrue(rows[0]["co2"] == rows[1]["c3"] && rows[1]["c3"] == rows[2]["co4"])
        // Nothing else is drawn twice or left out: each pile of the three zones once.
        expectEqual(lines.filter { $0.contains("co1 ") }.count, 1)
        expectTrue(lines.contains { $0.hasPrefix("   stock ") })
    }

    @Test func aGridTooWideForATerminalNamesItsPilesByLine() throws {
        let lines = try screen("Gaps")
        let rows = lines.filter { $0.range(of: "^   t[0-9]+-t[0-9]+ ", options: .regularExpression) != nil }
        expectEqual(rows.map { String($0.prefix(15)) }, ["   t1-t13      ", "   t14-t26     ", "   t27-t39     ", "   t40-t52     "])
        expectTrue(rows.allSatisfy { $0.split(separator: " ").count == 14 && $0.count <= TableDrawing.gridWidth })
        expectContains(lines, "   tableau")
    }

    @Test func aGameWithoutArrangedZonesIsListedPileByPile() throws {
        #expect(TableDrawing.grids(of: try Positions.rules("Klondike")).isEmpty)
        let lines = try screen("Klondike")
        expectEqual(lines.filter { $0.hasPrefix("   tableau[") }.count, 7)
        expectTrue(lines.contains { $0.hasPrefix("   tableau[7]     ## ## ## ## ## ## ") })
        #expect(TableDrawing.grids(of: try Positions.rules("NapoleonsTomb")).map { $0.map(\.zone) } == [["cell", "centre", "corner"]])
    }
}
