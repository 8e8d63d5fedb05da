import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// One game a page plays: the `play` session it runs on, and what it was dealt from, so that
/// a new deal reads the rule file again.
struct ServeGame: Sendable {
    var session: PlaySession
    /// The rule file, by its name in the served folder.
    var file: String
    /// The option values the game was dealt with, as the page sent them.
    var options: [String: String]
    /// How many requests about this game the server has answered: answers can reach a page in
    /// another order than the server made them (a page has several connections), and the page
    /// shows only the newest.
    var revision = 0
}

/// The games of every page, by id, at most `limit` of them: a new game beyond that evicts the
/// one least recently used.
struct ServeGames: Sendable {
    static let defaultLimit = 64
    let limit: Int
    private var games: [String: ServeGame] = [:]
    /// Ids, least recently used first.
    private var order: [String] = []

    init(limit: Int = ServeGames.defaultLimit) { self.limit = max(1, limit) }

    var count: Int { games.count }

    /// Keeps `game` under a new id, which it returns.
    mutating func add(_ game: ServeGame) -> String {
        var generator = SystemRandomNumberGenerator()
        var id: String
        repeat {
            id = String(generator.next() as UInt64, radix: 16) + String(generator.next() as UInt32, radix: 16)
        } while games[id] != nil
        while games.count >= limit, let oldest = order.first {
            order.removeFirst()
            games[oldest] = nil
        }
        games[id] = game
        order.append(id)
        return id
    }

    /// The game with this id, which becomes the most recently used.
    mutating func use(_ id: String) -> ServeGame? {
        guard let game = games[id] else { return nil }
        if let index = order.firstIndex(of: id) { order.remove(at: index) }
        order.append(id)
        return game
    }

    /// Replaces the game with this id.
    mutating func update(_ id: String, _ game: ServeGame) {
        guard games[id] != nil else { return }
        games[id] = game
    }
}
