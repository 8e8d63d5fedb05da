import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// A chart of an analysis of many deals (`patience analyze … --svg FILE`) as one self-contained
/// SVG document: a bar for each verdict (solved, unsolvable, unknown) with its count and share,
/// the winnable share among decided deals, and a histogram of the time per deal in bands of
/// roughly threefold width (under 1 ms, 1 to 3 ms, 3 to 10 ms, …), each bar split by verdict.
///
/// The document is valid XML and loads nothing. Each verdict's bar is a `<rect class="verdict">`
/// with `data-verdict` and `data-count`; each time band a `<g class="band">` with `data-from` and
/// `data-to` (seconds; `data-to` absent for the last band) holding a `<rect>` per verdict with
/// `data-verdict` and `data-count`. The same counts and times always give the same text.
public struct AnalysisChart: Sendable {
    /// What the solver said of one deal.
    public enum Verdict: String, Hashable, Sendable, CaseIterable {
        case solved, unsolvable, unknown
    }

    /// The heading: the game, the deals and how they were solved.
    public var title: String
    /// Each deal's verdict and the seconds its solving took, in deal order.
    public var deals: [(verdict: Verdict, seconds: Double)]

    /// A chart titled `title` of the deals' verdicts and times.
    public init(title: String, deals: [(verdict: Verdict, seconds: Double)]) {
        self.title = title
        self.deals = deals
    }

    /// The upper bounds of the time bands, in seconds: 1 ms, 3 ms, 10 ms, … 1000 s; a last band
    /// takes every longer time.
    public static let bandLimits: [Double] = [0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000]

    /// The band of a time: the index of the first limit above it, or the count of limits for the last band.
    public static func band(of seconds: Double) -> Int {
        bandLimits.firstIndex { seconds < $0 } ?? bandLimits.count
    }

    /// How many deals got each verdict.
    public func count(_ verdict: Verdict) -> Int { deals.filter { $0.verdict == verdict }.count }

    static let colors: [Verdict: String] = [.solved: "#2f8f5b", .unsolvable: "#c3122f", .unknown: "#8d8d8d"]

    /// A band's label: `<1 ms`, `1–3 ms`, `0.3–1 s`, `≥1000 s`.
    static func label(ofBand band: Int) -> String {
        func text(_ seconds: Double) -> (String, String) {
            if seconds < 1 {
                let millis = seconds * 1000
                return (millis >= 1 ? String(Int(millis.rounded())) : String(format: "%.1f", millis), "ms")
            }
            return (String(Int(seconds.rounded())), "s")
        }
        let limits = bandLimits
        if band == 0 { return "<" + text(limits[0]).0 + " " + text(limits[0]).1 }
        if band >= limits.count { return "≥" + text(limits[limits.count - 1]).0 + " " + text(limits[limits.count - 1]).1 }
        let (low, lowUnit) = text(limits[band - 1]), (high, highUnit) = text(limits[band])
        if limits[band - 1] < 1 && limits[band] >= 1 { return "\(Double(low)! / 1000)–\(high) s" }
        return lowUnit == highUnit ? "\(low)–\(high) \(highUnit)" : "\(low) \(lowUnit)–\(high) \(highUnit)"
    }

    /// The whole document. The text ends in a newline.
    public var svg: String {
        let width = 680, margin = 20, labelWidth = 110
        let total = deals.count
        var lines: [String] = []
        var y = margin + 18
        lines.append("<text class=\"title\" x=\"\(margin)\" y=\"\(y)\" font-size=\"16\" font-weight=\"bold\">\(Markup.escaped(title))</text>")

        // The verdicts, one bar each, as long as their share of the deals.
        y += 30
        lines.append("<text x=\"\(margin)\" y=\"\(y)\" font-size=\"13\" font-weight=\"bold\">Verdicts (\(total) deals)</text>")
        y += 10
        let barWidth = width - 2 * margin - labelWidth - 120
        for verdict in Verdict.allCases {
            let n = count(verdict)
            let length = total == 0 ? 0 : Int((Double(barWidth) * Double(n) / Double(total)).rounded())
            lines.append("<text x=\"\(margin)\" y=\"\(y + 15)\" font-size=\"13\">\(verdict.rawValue)</text>")
            lines.append("<rect class=\"verdict\" data-verdict=\"\(verdict.rawValue)\" data-count=\"\(n)\" x=\"\(margin + labelWidth)\" y=\"\(y + 2)\""
                + " width=\"\(length)\" height=\"18\" fill=\"\(Self.colors[verdict]!)\"/>")
            lines.append("<text x=\"\(margin + labelWidth + length + 6)\" y=\"\(y + 15)\" font-size=\"13\">\(n) (\(Self.percent(n, of: total)))</text>")
            y += 24
        }
        let decided = count(.solved) + count(.unsolvable)
        y += 6
        let winnable = decided == 0 ? "no deal decided" : "winnable: \(Self.percent(count(.solved), of: decided)) of \(decided) decided deals"
        lines.append("<text class=\"winnable\" x=\"\(margin)\" y=\"\(y + 12)\" font-size=\"13\">\(Markup.escaped(winnable))</text>")

        // The histogram of times, from the first band with a deal to the last.
        y += 36
        lines.append("<text x=\"\(margin)\" y=\"\(y)\" font-size=\"13\" font-weight=\"bold\">Time per deal</text>")
        y += 10
        let bands = deals.map { Self.band(of: $0.seconds) }
        let shown = bands.isEmpty ? 0...0 : bands.min()!...bands.max()!
        var counts: [[Verdict: Int]] = Array(repeating: [:], count: Self.bandLimits.count + 1)
        for (deal, band) in zip(deals, bands) { counts[band][deal.verdict, default: 0] += 1 }
        let tallest = max(1, shown.map { counts[$0].values.reduce(0, +) }.max() ?? 0)
        let plotHeight = 160, plotLeft = margin + 40, plotWidth = width - plotLeft - margin
        let slot = plotWidth / max(1, shown.count), bar = max(4, slot * 3 / 4)
        let bottom = y + plotHeight
        lines.append("<line x1=\"\(plotLeft)\" y1=\"\(bottom)\" x2=\"\(plotLeft + plotWidth)\" y2=\"\(bottom)\" stroke=\"#1d1d1d\"/>")
        lines.append("<line x1=\"\(plotLeft)\" y1=\"\(y)\" x2=\"\(plotLeft)\" y2=\"\(bottom)\" stroke=\"#1d1d1d\"/>")
        lines.append("<text x=\"\(plotLeft - 6)\" y=\"\(y + 10)\" font-size=\"11\" text-anchor=\"end\">\(tallest)</text>")
        lines.append("<text x=\"\(plotLeft - 6)\" y=\"\(bottom)\" font-size=\"11\" text-anchor=\"end\">0</text>")
        for (offset, band) in shown.enumerated() {
            let x = plotLeft + offset * slot + (slot - bar) / 2
            var attributes = "data-from=\"\(band == 0 ? 0 : Self.bandLimits[band - 1])\""
            if band < Self.bandLimits.count { attributes += " data-to=\"\(Self.bandLimits[band])\"" }
            lines.append("<g class=\"band\" \(attributes)>")
            var top = bottom
            for verdict in Verdict.allCases {
                let n = counts[band][verdict] ?? 0
                let height = Int((Double(plotHeight) * Double(n) / Double(tallest)).rounded())
                top -= height
                lines.append("<rect data-verdict=\"\(verdict.rawValue)\" data-count=\"\(n)\" x=\"\(x)\" y=\"\(top)\" width=\"\(bar)\" height=\"\(height)\""
                    + " fill=\"\(Self.colors[verdict]!)\"/>")
            }
            let n = counts[band].values.reduce(0, +)
            if n > 0 { lines.append("<text x=\"\(x + bar / 2)\" y=\"\(top - 4)\" font-size=\"11\" text-anchor=\"middle\">\(n)</text>") }
            lines.append("<text x=\"\(x + bar / 2)\" y=\"\(bottom + 16)\" font-size=\"11\" text-anchor=\"middle\">\(Markup.escaped(Self.label(ofBand: band)))</text>")
            lines.append("</g>")
        }
        y = bottom + 40
        // The legend.
        var x = plotLeft
        for verdict in Verdict.allCases {
            lines.append("<rect x=\"\(x)\" y=\"\(y - 11)\" width=\"12\" height=\"12\" fill=\"\(Self.colors[verdict]!)\"/>")
            lines.append("<text x=\"\(x + 18)\" y=\"\(y)\" font-size=\"12\">\(verdict.rawValue)</text>")
            x += 120
        }
        let height = y + margin
        let head = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
                + " font-family=\"\(CardArt.fontFamily)\" fill=\"#1d1d1d\" role=\"img\" aria-label=\"\(Markup.escaped(title))\">",
            "<title>\(Markup.escaped(title))</title>",
            "<rect class=\"background\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
        ]
        return (head + lines + ["</svg>"]).map { $0 + "\n" }.joined()
    }

    /// `n` as a share of `total`, with one decimal: `42.0 %`.
    static func percent(_ n: Int, of total: Int) -> String {
        guard total > 0 else { return "0.0 %" }
        let tenths = Int((Double(n) * 1000 / Double(total)).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }
}
