import Foundation

/// What `patience play` remembers of each game between sessions: how many were played and won,
/// and the current and best streaks of wins. A game counts once it is won, or once it is left
/// (quit, new, restart, load, end of input) after at least one play without being won.
///
/// The file is `statistics.json` in the first of: `$PATIENCE_DATA_HOME`, `$XDG_DATA_HOME/patience`,
/// `~/.local/share/patience`. It holds `{"games": {"Klondike": {"played": 5, "won": 2, "streak": 1,
/// "best_streak": 2}, …}}`, games by the name their rule file declares.
struct PlayStatistics: Equatable, Sendable {
    /// One game's counts.
    struct Record: Equatable, Sendable {
        var played = 0
        var won = 0
        /// Wins in a row, up to the last game counted.
        var streak = 0
        var bestStreak = 0

        mutating func add(won: Bool) {
            played += 1
            if won {
                self.won += 1
                streak += 1
                bestStreak = max(bestStreak, streak)
            } else {
                streak = 0
            }
        }
    }

    /// The environment variable that names the folder of the file, for tests and portable set-ups.
    static let environmentVariable = "PATIENCE_DATA_HOME"
    static let fileName = "statistics.json"

    var games: [String: Record] = [:]

    /// The file's path for `environment`; nil when no folder can be found (no HOME).
    static func path(environment: [String: String]) -> String? {
        if let folder = environment[environmentVariable], !folder.isEmpty { return folder + "/" + fileName }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/patience/" + fileName }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/patience/" + fileName }
        return nil
    }

    /// The statistics in the file at `path`: empty when there is no file yet; nil when the file
    /// cannot be read or is not statistics, so that it is never overwritten.
    static func load(from path: String) -> PlayStatistics? {
        guard FileManager.default.fileExists(atPath: path) else { return PlayStatistics() }
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let games = object["games"] as? [String: Any] else { return nil }
        var statistics = PlayStatistics()
        for (name, value) in games {
            guard let fields = value as? [String: Any] else { return nil }
            let number = { (key: String) in max(0, fields[key] as? Int ?? 0) }
            statistics.games[name] = Record(played: number("played"), won: number("won"), streak: number("streak"), bestStreak: number("best_streak"))
        }
        return statistics
    }

    /// Writes the statistics to `path`, making its folder if needed; false when it cannot.
    func write(to path: String) -> Bool {
        let games = self.games.mapValues { record -> [String: Int] in
            ["played": record.played, "won": record.won, "streak": record.streak, "best_streak": record.bestStreak]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: ["games": games], options: [.prettyPrinted, .sortedKeys]) else { return false }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try (data + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
            return true
        } catch {
            return false
        }
    }

    /// `Klondike: 5 played, 2 won (40 %), streak 1, best streak 2`.
    static func line(game: String, _ record: Record) -> String {
        let share = record.played > 0 ? " (\(record.won * 100 / record.played) %)" : ""
        return "\(game): \(record.played) played, \(record.won) won\(share), streak \(record.streak), best streak \(record.bestStreak)"
    }
}

/// The statistics file of one session of `patience play`, and whether the game on the table has
/// been counted yet.
struct StatisticsKeeper: Sendable {
    /// The file; nil when statistics are not kept.
    var path: String?
    /// The game's name, as the statistics file keys it.
    var game: String

    /// Counts a game as won or lost, and returns the line to show; a message instead when the
    /// file cannot be read or written.
    func record(won: Bool) -> String? {
        guard let path else { return nil }
        guard var statistics = PlayStatistics.load(from: path) else {
            return "the statistics in \(PlaySaveFile.quoted(path)) cannot be read, so this game is not counted"
        }
        statistics.games[game, default: PlayStatistics.Record()].add(won: won)
        guard statistics.write(to: path) else { return "cannot write the statistics to \(PlaySaveFile.quoted(path))" }
        return PlayStatistics.line(game: game, statistics.games[game] ?? PlayStatistics.Record())
    }

    /// The line for this game as the file has it now.
    func current() -> String {
        guard let path else { return "statistics are kept only for games played at a terminal, in the folder of \(PlayStatistics.environmentVariable), XDG_DATA_HOME or HOME" }
        guard let statistics = PlayStatistics.load(from: path) else {
            return "the statistics in \(PlaySaveFile.quoted(path)) cannot be read"
        }
        return PlayStatistics.line(game: game, statistics.games[game] ?? PlayStatistics.Record())
    }
}
