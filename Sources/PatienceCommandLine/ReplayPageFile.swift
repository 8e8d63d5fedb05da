import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Writes the page of `patience replay --html FILE` and `patience solve --html FILE`: the plays
/// traced table by table, a refusal quoted from its rule file as standard error quotes it.
package struct ReplayPageFile {
    var setup: GameSetup
    var rules: GameRules
    var notation: PlayNotation

    /// Writes the page of a replay of `moves`; false after reporting on standard error why the file cannot be written.
    func write(_ moves: String, from table: CardTable, toPath path: String, on terminal: Terminal, movesPath: String? = nil) -> Bool {
        let count = Replay(rules: rules, notation: notation).playTokens(moves).tokens.count
        guard fits(count, what: "replay", file: movesPath, on: terminal) else { return false }
        let trace = Replay(rules: rules, notation: notation).trace(moves, from: table)
        return write(page(of: trace), toPath: path, on: terminal)
    }

    /// Writes the page of a solver's verdict: the plays of a solution, one token each in the
    /// command's notation, stepped through from `table`, or for a table without one only the
    /// table, with `summary` (the verdict) under the game's name.
    func write(solution tokens: [String], from table: CardTable, summary: String, toPath path: String, on terminal: Terminal) -> Bool {
        guard fits(tokens.count, what: "solution", file: nil, on: terminal) else { return false }
        let trace = Replay(rules: rules, notation: notation).trace(tokens: tokens, from: table)
        var page = page(of: trace)
        page.summary = [setup.openingDeal?.spec.map { "deal \($0)" }, summary].compactMap { $0 }.joined(separator: " · ")
        return write(page, toPath: path, on: terminal)
    }

    /// Whether a page can list `count` plays; false after reporting that it cannot (`P0714`),
    /// before any table of the replay is drawn or kept.
    private func fits(_ count: Int, what: String, file: String?, on terminal: Terminal) -> Bool {
        guard count > PlayPage.maximumPlays else { return true }
        let finding = Diagnostic(
            .tooManyPlaysForPage, "the \(what) has \(count) plays, more than the \(PlayPage.maximumPlays) a page of '--html' steps through",
            at: .fileStart, help: "write the page of a part: give the earlier moves with '--after' and replay the rest")
        Reporter(terminal: terminal).report(DiagnosticsError(diagnostics: [finding], path: file))
        return false
    }

    private func page(of trace: ReplayTrace) -> PlayPage {
        let detail = trace.failure?.refusal.map { Reporter.text(for: $0, usesColor: false, withNote: false) }
        return PlayPage(replay: trace, rules: rules, deal: setup.openingDeal, detail: detail)
    }

    private func write(_ page: PlayPage, toPath path: String, on terminal: Terminal) -> Bool {
        do {
            try Data(page.html.utf8).write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            terminal.write("error: cannot write the page to \(Spelling.quoted(path)): \(error.localizedDescription)\n", to: .standardError)
            return false
        }
    }
}
