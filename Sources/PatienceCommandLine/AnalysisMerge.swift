import Foundation
import PatienceDiagnostics
import PatienceEngine
import PatienceFormats

/// `patience analyze --merge`: the lines that shards of one run wrote (`--shard K/N --format
/// jsonl`), put back in the order of the range, checked to cover it exactly once, and summed
/// into the summary a single run over the whole range prints.
struct AnalysisMerge {
    /// One deal's line as a shard wrote it, and what the summary needs of it.
    struct Line {
        var text: String
        var deal: String
        var verdict: AnalysisChart.Verdict
        var states: Int
        var nodes: Int
        /// The deal's seconds, when the shard ran with `--timings`.
        var seconds: Double?
    }

    /// Why the files cannot be merged.
    struct Failure: Error {
        var message: String
    }

    /// The lines of `texts` (each a file's text, named by its path), in the order of `deals`.
    static func merge(_ texts: [(path: String, text: String)], deals: [DealSource], range: String) throws(Failure) -> [Line] {
        var position: [String: Int] = [:]
        for (index, deal) in deals.enumerated() { position[deal.spec ?? ""] = index }
        var lines: [Line?] = Array(repeating: nil, count: deals.count)
        var source: [Int: String] = [:]
        for (path, text) in texts {
            for (number, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !row.isEmpty {
                let place = "\(Reporter.displayName(of: path)):\(number + 1)"
                let line = try parse(String(row), at: place)
                guard let index = position[line.deal] else {
                    throw Failure(message: "\(place): deal \(Spelling.quoted(line.deal)) is not in \(Spelling.quoted(range))")
                }
                if let earlier = source[index] {
                    throw Failure(message: "\(place): deal \(Spelling.quoted(line.deal)) is also at \(earlier)")
                }
                source[index] = place
                lines[index] = line
            }
        }
        let missing = deals.indices.filter { lines[$0] == nil }
        if let first = missing.first {
            let more = missing.count > 1 ? " and \(missing.count - 1) more" : ""
            throw Failure(message: "deal \(Spelling.quoted(deals[first].spec ?? "")) of \(Spelling.quoted(range))\(more) is in none of the files: is a shard missing or unfinished?")
        }
        return lines.compactMap { $0 }
    }

    /// One line of `analyze --format jsonl`.
    static func parse(_ text: String, at place: String) throws(Failure) -> Line {
        let notALine = Failure(message: "\(place): not a line of 'patience analyze --format jsonl'")
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let deal = object["deal"] as? String, let verdictName = object["verdict"] as? String,
              let states = object["states"] as? Int, let nodes = object["nodes"] as? Int else { throw notALine }
        let verdict: AnalysisChart.Verdict
        switch verdictName {
        case "solved": verdict = .solved
        case "unsolvable": verdict = .unsolvable
        case "unknown": verdict = .unknown
        default: throw notALine
        }
        return Line(text: text, deal: deal, verdict: verdict, states: states, nodes: nodes, seconds: object["seconds"] as? Double)
    }
}
