import Foundation
import Patience

/// `patience-bench limits`: what checking a hostile rule file costs as it grows, so that the time
/// can be seen to grow in step with the input (issue 35). Two series of generated files:
///
/// - one comment line of L characters at the end of a valid game (L up to 1,000,000, the file
///   under the 1 MiB limit), one finding (`P0003`) that quotes that line;
/// - N lines that each hold a stray character (`@`), N findings of which 100 are shown.
///
/// Each file is measured as `lint` does it in text (check, then render every finding shown) and
/// in JSON, and as `deal` does it (compile, then render the findings it throws). The time per
/// unit of input (µs per 1,000 characters, µs per 1,000 findings) should stay flat down a series:
/// the last column is that figure over the series' first, from the same run.
enum LimitsBench {
    /// One generated file: its series and size, and the milliseconds each way of checking it took.
    struct Row: Codable {
        var series: String
        var size: Int
        var bytes: Int
        var findings: Int
        /// `lint` in text, `lint --format json`, and `deal` (compile, then render what it throws).
        var milliseconds: [String: Sample]

        var lintTextMs: Sample { milliseconds["lint text"] ?? Sample(values: []) }
        var lintJSONMs: Sample { milliseconds["lint json"] ?? Sample(values: []) }
        var dealMs: Sample { milliseconds["deal"] ?? Sample(values: []) }
    }

    static func run(_ arguments: [String]) {
        var repetitions = 5
        var json = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--repetitions": repetitions = max(1, Int(rest.popFirst() ?? "") ?? repetitions)
            case "--format": json = rest.popFirst() == "json"
            default:
                FileHandle.standardError.write(Data("patience-bench limits: unknown argument '\(argument)'; it takes --repetitions N and --format table|json\n".utf8))
                exit(64)
            }
        }
        let game = (try? String(contentsOf: rulesFolder.appendingPathComponent("Klondike.patience"), encoding: .utf8)) ?? "game \"G\"\n"
        var rows: [Row] = []
        for length in [10_000, 100_000, 250_000, 500_000, 1_000_000] {
            rows.append(measure(series: "line length", size: length, source: game + "# " + String(repeating: "x", count: length) + "\n",
                                repetitions: repetitions))
        }
        for count in [1_000, 5_000, 10_000, 20_000, 100_000] {
            rows.append(measure(series: "findings", size: count, source: "game \"G\"\n" + String(repeating: "@\n", count: count),
                                repetitions: repetitions))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: (try? encoder.encode(rows)) ?? Data(), as: UTF8.self))
            return
        }
        print("lint and deal of generated rule files, ms per file: median (min–max) over \(repetitions) repetitions")
        print("series        size     bytes  shown  lint text                lint json                deal                     per unit vs first")
        var firstPerUnit: [String: Double] = [:]
        for row in rows {
            // Time per unit of input, of the slowest of the three ways.
            let perUnit = max(row.lintTextMs.median, row.lintJSONMs.median, row.dealMs.median) / Double(row.size)
            let first = firstPerUnit[row.series] ?? perUnit
            firstPerUnit[row.series] = first
            print(padded(row.series, 12) + padded("\(row.size)", 8, right: true) + padded("\(row.bytes)", 10, right: true)
                  + padded("\(row.findings)", 7, right: true) + "  " + padded(row.lintTextMs.formatted(2), 25)
                  + padded(row.lintJSONMs.formatted(2), 25) + padded(row.dealMs.formatted(2), 25) + String(format: "%.2f×", perUnit / first))
        }
        print(String(format: "peak memory: %.1f MiB", peakMemoryMiB()))
    }

    private static func measure(series: String, size: Int, source: String, repetitions: Int) -> Row {
        let path = "bench.patience"
        var shown = 0
        let text = Sample(values: (0..<repetitions).map { _ in
            milliseconds {
                let result = lintRuleSource(source, path: path)
                let rendered = DiagnosticRenderer().render(result)
                shown = rendered.count
                consume(rendered.reduce(0) { $0 + $1.utf8.count })
            }
        })
        let json = Sample(values: (0..<repetitions).map { _ in
            milliseconds { consume(DiagnosticJSON.encode([lintRuleSource(source, path: path)])) }
        })
        let deal = Sample(values: (0..<repetitions).map { _ in
            milliseconds {
                switch Result(catching: { () throws(DiagnosticsError) in try GameCompiler.compile(source: source, path: path) }) {
                case .success(let rules): consume(rules)
                case .failure(let error): consume(DiagnosticRenderer().render(error.diagnostics, inFile: path, source: error.source).count)
                }
            }
        })
        return Row(series: series, size: size, bytes: source.utf8.count, findings: shown,
                   milliseconds: ["lint text": text, "lint json": json, "deal": deal])
    }

    private static func milliseconds(_ body: () -> Void) -> Double {
        let start = nanoseconds()
        body()
        return Double(nanoseconds() - start) / 1_000_000
    }
}
