import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceFormats

/// The chart `patience analyze … --svg` writes: valid, self-contained XML whose bars carry the
/// counts they stand for.
@Suite("Charts of analyses")
struct AnalysisChartTests {
    static let deals: [(verdict: AnalysisChart.Verdict, seconds: Double)] = [
        (.solved, 0.0004), (.solved, 0.002), (.solved, 0.0025), (.unsolvable, 0.002), (.solved, 0.5),
        (.unknown, 12), (.unknown, 14), (.solved, 2000),
    ]

    @Test func theChartIsSelfContainedXMLWithABarForEachVerdict() throws {
        let text = AnalysisChart(title: "Klondike & co · seed:1..8", deals: Self.deals).svg
        let svg = try XMLTree.parse(text)
        expectTrue(svg.name == "svg" && svg.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        expectEqual(svg.elements("title").map(\.text), ["Klondike & co · seed:1..8"])
        expectTrue(count("http", in: text) == 1 && !text.contains("href") && !text.contains("<image"))
        let bars = svg.elements("rect", class: "verdict")
        expectEqual(bars.map { $0.attributes["data-verdict"] }, ["solved", "unsolvable", "unknown"])
        expectEqual(bars.map { $0.attributes["data-count"] }, ["5", "1", "2"])
        // Each bar is as long as its share: five eighths, one eighth and two eighths of one length.
        let widths = bars.map { Double($0.attributes["width"] ?? "") ?? -1 }
        expectTrue(abs(widths[0] - 5 * widths[1]) <= 3 && abs(widths[2] - 2 * widths[1]) <= 2)
        expectEqual(svg.elements("text", class: "winnable").map(\.text), ["winnable: 83.3 % of 6 decided deals"])
        expectEqual(text, AnalysisChart(title: "Klondike & co · seed:1..8", deals: Self.deals).svg)
    }

    @Test func theHistogramCountsEveryDealInItsTimeBandByVerdict() throws {
        let svg = try XMLTree.parse(AnalysisChart(title: "T", deals: Self.deals).svg)
        let bands = svg.elements("g", class: "band")
        // From the first band with a deal (under 1 ms) to the last (1000 s and more).
        expectEqual(bands.count, AnalysisChart.bandLimits.count + 1)
        expectTrue(bands.first?.attributes["data-from"] == "0.0" && bands.first?.attributes["data-to"] == "0.001")
        expectTrue(bands.last?.attributes["data-from"] == "1000.0" && bands.last?.attributes["data-to"] == nil)
        func counts(_ band: XMLTree) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: band.elements("rect").map { ($0.attributes["data-verdict"] ?? "?", Int($0.attributes["data-count"] ?? "") ?? -1) })
        }
        expectEqual(counts(bands[1]), ["solved": 2, "unsolvable": 1, "unknown": 0])
        expectEqual(counts(bands[9]), ["solved": 0, "unsolvable": 0, "unknown": 2])
        let all = bands.map(counts).reduce(into: [String: Int]()) { sum, band in sum.merge(band, uniquingKeysWith: +) }
        expectEqual(all, ["solved": 5, "unsolvable": 1, "unknown": 2])
        // The tallest bar is the band of three deals; a band's bars stack to its count.
        let heights = bands.map { $0.elements("rect").map { Int($0.attributes["height"] ?? "") ?? -1 }.reduce(0, +) }
        expectTrue(heights[1] == heights.max() && heights[1] > 0 && heights[2] == 0)
        expectLessOrEqual(abs(heights[1] - 3 * heights[0]), 2)
        expectEqual(bands.map { $0.elements("text").last?.text } .prefix(3), ["<1 ms", "1–3 ms", "3–10 ms"])
        expectTrue(bands[6].elements("text").last?.text == "0.3–1 s" && bands.last?.elements("text").last?.text == "≥1000 s")
    }

    @Test func aChartOfNoDealsIsStillAPicture() throws {
        let svg = try XMLTree.parse(AnalysisChart(title: "T", deals: []).svg)
        expectEqual(svg.elements("rect", class: "verdict").map { $0.attributes["data-count"] }, ["0", "0", "0"])
        expectEqual(svg.elements("text", class: "winnable").map(\.text), ["no deal decided"])
    }

    @Test func analyzeWritesTheChartOfItsSummary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let chart = folder.appendingPathComponent("chart.svg")
        let arguments = ["analyze", "Rules/FreeCell.patience", "--deals", "ms:1..3", "--max-states", "300", "--format", "json"]
        let run = try runPatience(arguments + ["--svg", chart.path], in: Positions.packageRoot)
        expectEqual(run.status, 0, "\(run.standardError)")
        let svg = try XMLTree.parse(try String(contentsOf: chart, encoding: .utf8))
        expectEqual(svg.elements("title").map(\.text), ["FreeCell · ms:1..3 · thoughtful solving (all cards seen)"])
        let counts = svg.elements("rect", class: "verdict").map { Int($0.attributes["data-count"] ?? "") ?? -1 }
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        expectEqual(counts, [summary["solved"] as? Int, summary["unsolvable"] as? Int, summary["unknown"] as? Int].map { $0 ?? -2 })
        expectEqual(counts.reduce(0, +), 3)
        let inBands = svg.elements("g", class: "band").flatMap { $0.elements("rect") }.map { Int($0.attributes["data-count"] ?? "") ?? 0 }
        expectEqual(inBands.reduce(0, +), 3)

        #expect(try runPatience(arguments + ["--svg", "-"], in: Positions.packageRoot).status == 64)
        let unwritable = try runPatience(arguments + ["--svg", folder.appendingPathComponent("no/such/chart.svg").path], in: Positions.packageRoot)
        expectTrue(unwritable.status == 1 && unwritable.standardError.contains("cannot write the chart to"))
    }
}
