import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Writes the page of `patience replay --html FILE`: the same plays traced table by table, the
/// refusal quoted from its rule file as standard error quotes it.
package struct ReplayPageFile {
    var setup: GameSetup
    var rules: GameRules
    var notation: PlayNotation

    /// Writes the page; false after reporting on standard error why the file cannot be written.
    func write(_ moves: String, from table: CardTable, toPath path: String, on terminal: Terminal) -> Bool {
        let trace = Replay(rules: rules, notation: notation).trace(moves, from: table)
        let detail = trace.failure?.refusal.map { Reporter.text(for: $0, usesColor: false, withNote: false) }
        let page = PlayPage(replay: trace, rules: rules, deal: setup.openingDeal, detail: detail)
        do {
            try Data(page.html.utf8).write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            terminal.write("error: cannot write the page to \(Spelling.quoted(path)): \(error.localizedDescription)\n", to: .standardError)
            return false
        }
    }
}
