import Foundation
import PatienceDiagnostics
import PatienceChecking

/// The `<rules>` argument of a command and the paths of `lint`, `list` and `fmt`: a path, or
/// the name of a game that the library finds (`patience play Klondike`; see ``GameLibrary``).
enum RulesArgument {
    /// The rule file `word` stands for: the word itself when it is a path (it has a `/`, ends in
    /// `.patience` or names something that exists), else the file of the game it names; nil when
    /// it names no game.
    static func path(for word: String, library: GameLibrary = .current) -> String? {
        guard GameLibrary.isName(word) else { return word }
        return library.path(ofGame: word)
    }

    /// The finding for a word that is neither a path nor a game's name, with the nearest name.
    static func notFound(_ word: String, library: GameLibrary = .current) -> Diagnostic {
        let help = library.help(for: word)
        return Diagnostic(.unreadableFile, "no game or file named \(Spelling.quoted(word))", at: .fileStart,
                          help: help + (help.hasSuffix("?") ? " " : "; ") + "'patience list' lists the games")
    }
}

extension Reporter {
    /// Reports a game name found nowhere, as `error[P0005]: no game named 'X'` and the help.
    func reportUnknownGame(_ word: String) {
        report(DiagnosticsError(diagnostics: [RulesArgument.notFound(word)], path: nil, source: nil))
    }
}
