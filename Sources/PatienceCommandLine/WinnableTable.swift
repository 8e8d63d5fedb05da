import Foundation
import PatienceChecking

/// The winnable shares of a folder of games: `Winnable.tsv` next to the rule files, written by
/// `Scripts/analyze-catalog.sh`, which solves deals 1 to 100 of each game with `patience analyze`.
///
/// The file is tab-separated: a header line `game deals won lost unknown budget`, then one row per
/// game, sorted by game: its name, the number of deals solved, how many were won (solved), lost
/// (proved unwinnable) and unknown (undecided within the budget), and the budget, such as
/// `states=200000`.
struct WinnableTable: Equatable {
    /// One game's result.
    struct Row: Equatable {
        var game: String
        var deals: Int
        var won: Int
        var lost: Int
        var unknown: Int
        var budget: String

        /// The share of deals won, in whole percent: `83 %`, or a range such as `80–87 %` when
        /// some deals are unknown (the unknown deals counted as lost, then as won).
        var shareText: String {
            let low = Self.percent(won, of: deals), high = Self.percent(won + unknown, of: deals)
            return low == high ? "\(low) %" : "\(low)–\(high) %"
        }

        private static func percent(_ count: Int, of total: Int) -> Int {
            total > 0 ? Int((Double(count) * 100 / Double(total)).rounded()) : 0
        }
    }

    /// A line of the file that cannot be read.
    struct Problem: Error, Equatable {
        var line: Int
        var message: String
    }

    static let fileName = "Winnable.tsv"
    static let header = ["game", "deals", "won", "lost", "unknown", "budget"]

    /// The rows, in the file's order.
    var rows: [Row]

    /// The row of the game named `game`, if the file has one.
    func row(for game: String) -> Row? {
        rows.first { $0.game == game }
    }

    /// Reads the file's text; throws the first line that does not fit the format.
    static func parse(_ text: String) throws(Problem) -> WinnableTable {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, first.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) == header else {
            throw Problem(line: 1, message: "the first line must be the header '\(header.joined(separator: "\\t"))'")
        }
        var rows: [Row] = []
        var seen = Set<String>()
        for (index, line) in lines.enumerated().dropFirst() {
            let number = index + 1
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == header.count else {
                throw Problem(line: number, message: "expected \(header.count) tab-separated columns, found \(cells.count)")
            }
            guard !cells[0].isEmpty else { throw Problem(line: number, message: "the game's name is empty") }
            let counts = cells[1...4].map { Int($0) }
            guard let deals = counts[0], let won = counts[1], let lost = counts[2], let unknown = counts[3],
                  [deals, won, lost, unknown].allSatisfy({ $0 >= 0 }) else {
                throw Problem(line: number, message: "deals, won, lost and unknown must be whole numbers of at least 0")
            }
            guard won + lost + unknown == deals else {
                throw Problem(line: number, message: "won, lost and unknown add up to \(won + lost + unknown), not to the \(deals) deals")
            }
            guard seen.insert(cells[0]).inserted else { throw Problem(line: number, message: "a second row for '\(cells[0])'") }
            rows.append(Row(game: cells[0], deals: deals, won: won, lost: lost, unknown: unknown, budget: cells[5]))
        }
        return WinnableTable(rows: rows)
    }

    /// The table next to the rule files of `folder`: nil when there is none; a problem when it
    /// cannot be read or parsed.
    static func load(folder: String) -> Result<WinnableTable, Problem>? {
        let path = (folder.isEmpty ? "." : folder) + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return .failure(Problem(line: 0, message: "cannot be read as UTF-8 text"))
        }
        do {
            return .success(try parse(text))
        } catch {
            return .failure(error)
        }
    }
}

/// The winnable shares of the games `list` prints: each game's row in the `Winnable.tsv` of its
/// rule file's folder, each folder's file read once.
struct WinnableShares {
    private var tables: [String: WinnableTable] = [:]
    /// One line for each file that cannot be read: `warning: FILE:LINE: MESSAGE`.
    private(set) var warnings: [String] = []

    init() {}

    init(games: [CatalogEntry]) {
        var seen = Set<String>()
        for game in games {
            let folder = (game.path as NSString).deletingLastPathComponent
            guard seen.insert(folder).inserted else { continue }
            switch WinnableTable.load(folder: folder) {
            case .success(let table): tables[folder] = table
            case .failure(let problem):
                let file = (folder.isEmpty ? "" : folder + "/") + WinnableTable.fileName
                warnings.append("warning: \(file)\(problem.line > 0 ? ":\(problem.line)" : ""): \(problem.message); its winnable shares are not shown")
            case nil: break
            }
        }
    }

    /// The game's row, if the file next to its rule file has one.
    func row(for game: CatalogEntry) -> WinnableTable.Row? {
        guard let name = game.name else { return nil }
        return tables[(game.path as NSString).deletingLastPathComponent]?.row(for: name)
    }
}
