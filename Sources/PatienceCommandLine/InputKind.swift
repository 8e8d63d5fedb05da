import PatienceDiagnostics

/// The kinds of text file a command reads besides rule files, each with its size limit and the
/// code of the finding for a file over it. A board of two decks is under 1 KiB and a long game's
/// moves under 64 KiB, so the limits leave room while keeping a wrong or hostile file from
/// taking minutes and gigabytes before it is refused.
enum InputKind: Sendable {
    case board
    case moves
    case savedGame

    /// What a message calls the file: "the board text".
    var name: String {
        switch self {
        case .board: return "board text"
        case .moves: return "move list"
        case .savedGame: return "saved game"
        }
    }

    /// The largest file accepted, in bytes.
    var sizeLimit: Int {
        switch self {
        case .board: return 64 * 1024
        case .moves, .savedGame: return 1024 * 1024
        }
    }

    /// The code of the finding for a file larger than `sizeLimit`.
    var tooLargeCode: DiagnosticCode {
        switch self {
        case .board: return .boardTooLarge
        case .moves: return .movesTooLarge
        case .savedGame: return .savedGameTooLarge
        }
    }
}
