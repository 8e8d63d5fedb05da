import Foundation
import Patience
import PatienceDiagnostics
import PatienceEngine
import PatienceFormats
import PatienceCompiler

/// A table read with `--board`: board text, or a position in JSON (`deal --format json`), told
/// apart by the first character (see ``TablePosition/isPosition(_:)``).
struct BoardInput {
    /// The file's text.
    var text: String
    /// The path as given, `-` for standard input.
    var path: String

    /// Whether the text is a position rather than board text.
    var isPosition: Bool { TablePosition.isPosition(text) }

    /// The option values to compile the rules with: a position's own values, with those of
    /// `--option` on top (a value that differs from the position's is refused once the rules are
    /// compiled). Nil after reporting a position that cannot be read.
    func optionValues(over given: [String: String], reporter: Reporter) -> [String: String]? {
        guard isPosition else { return given }
        do {
            return try TablePosition.optionValues(in: text, path: Reporter.displayName(of: path)).merging(given) { _, given in given }
        } catch {
            reporter.report(error)
            return nil
        }
    }

    /// The table the text describes in the game of `rules`; nil after reporting why there is none.
    func table(for rules: GameRules, reporter: Reporter) -> CardTable? {
        do {
            return try rules.table(fromBoardOrPosition: text, path: Reporter.displayName(of: path))
        } catch {
            reporter.report(error)
            return nil
        }
    }
}

extension GameSetup {
    /// The rules compiled with the option values given, and with those of the position that
    /// `board` holds, if it does; nil after reporting why they cannot be compiled.
    ///
    /// When the position's options are what the rules refuse (a position of another game, whose
    /// options this game lacks), the finding that matters is about the position: the rules are
    /// compiled without them and the position is reported against those.
    func compileRules(for board: BoardInput?, reporter: Reporter) -> GameRules? {
        guard let board, board.isPosition else { return compileRules(options: optionValues, reporter: reporter) }
        guard let options = board.optionValues(over: optionValues, reporter: reporter) else { return nil }
        if options == optionValues { return compileRules(options: options, reporter: reporter) }
        do {
            return try GameCompiler.compile(path: rulesPath, options: options)
        } catch {
            guard let plain = try? GameCompiler.compile(path: rulesPath, options: optionValues) else {
                reporter.report(error)
                return nil
            }
            if board.table(for: plain, reporter: reporter) != nil { reporter.report(error) }
            return nil
        }
    }

    private func compileRules(options: [String: String], reporter: Reporter) -> GameRules? {
        do {
            return try GameCompiler.compile(path: rulesPath, options: options)
        } catch {
            reporter.report(error)
            return nil
        }
    }
}
