import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// A game saved by `patience play`'s `save`: the library's `GameState` (the table and the undo
/// and redo history) with what tells one game from another, as JSON.
///
/// ```
/// {"format": "patience-save", "version": 1, "game": "Klondike", "options": {"draw": 1, …},
///  "deal": "seed:3", "seconds": 95, "state": {…}}
/// ```
///
/// Loading checks the game's name and option values before the state itself, which
/// `Game(rules:state:)` checks card by card, so a save of another game or of other options
/// is refused with the reason, and a damaged file is never half loaded.
struct PlaySaveFile: Codable, Equatable {
    static let formatName = "patience-save"
    static let currentVersion = 1
    /// Saved games larger than this are refused unread: a long game's history is a few MiB.
    static let sizeLimit = 64 << 20

    var format = Self.formatName
    var version = Self.currentVersion
    var game: String
    var options: [String: Int]
    var deal: String?
    /// Seconds played before the save, so that the clock goes on where it stopped.
    var seconds: Int
    var state: GameState

    init(game: Game, deal: String?, seconds: Int) {
        self.game = game.rules.name
        options = game.rules.optionValues
        self.deal = deal
        self.seconds = seconds
        state = game.state
    }

    /// Writes the save to `path`; the error names what went wrong.
    func write(to path: String) throws(PlayFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let data = try encoder.encode(self)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PlayFileError("cannot save to \(PlaySaveFile.quoted(path)): \(Self.reason(error))")
        }
    }

    /// Reads a save from `path` and restores its game under `rules`.
    static func load(from path: String, rules: GameRules) throws(PlayFileError) -> (game: Game, save: PlaySaveFile) {
        let quoted = PlaySaveFile.quoted(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw PlayFileError("cannot load \(quoted): there is no such file")
        }
        guard !isFolder.boolValue else { throw PlayFileError("cannot load \(quoted): it is a folder") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > sizeLimit {
            throw PlayFileError("cannot load \(quoted): it holds \(size) bytes, more than a saved game may (\(sizeLimit))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlayFileError("cannot load \(quoted): the file cannot be read")
        }
        let save: PlaySaveFile
        do {
            save = try JSONDecoder().decode(PlaySaveFile.self, from: data)
        } catch {
            throw PlayFileError("cannot load \(quoted): it is not a game saved by patience play, or it is damaged (\(reason(error)))")
        }
        guard save.format == formatName else {
            throw PlayFileError("cannot load \(quoted): it is a \(Spelling.quoted(save.format)) file, not a saved game")
        }
        guard save.version == currentVersion else {
            throw PlayFileError("cannot load \(quoted): it is a saved game of version \(save.version); this patience reads version \(currentVersion)")
        }
        guard save.game == rules.name else {
            throw PlayFileError("cannot load \(quoted): it is a saved game of \(Spelling.quoted(save.game)), and this game is \(Spelling.quoted(rules.name))")
        }
        guard save.options == rules.optionValues else {
            let settings = save.options.sorted { $0.key < $1.key }.map { "\($0.key)=\(describe($0.value))" }.joined(separator: " ")
            throw PlayFileError("cannot load \(quoted): it was saved with \(settings.isEmpty ? "no options" : settings); "
                                + "start play with the same --option values to load it")
        }
        do {
            return (try Game(rules: rules, state: save.state), save)
        } catch {
            throw PlayFileError("cannot load \(quoted): it does not fit \(rules.name): \(error.message)")
        }
    }

    /// A path in single quotes, whole (however long) and with control characters made visible.
    static func quoted(_ path: String) -> String {
        "'" + RefusalWording.printable(path) + "'"
    }

    private static func describe(_ value: Int) -> String {
        value == Int.max ? "unlimited" : String(value)
    }

    /// A short reason for a Foundation error, without its domain and code.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "\(Spelling.quoted(key.stringValue)) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(PlaySaveFile.quoted(path)) is not what a saved game holds there"
        case let error as CocoaError:
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
               let message = strerror(Int32(underlying.code)) {
                return String(cString: message).lowercased()
            }
            return error.localizedDescription
        default:
            return error.localizedDescription
        }
    }
}

/// Why `save` or `load` failed, in one line for the player.
struct PlayFileError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
