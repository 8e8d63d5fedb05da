import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine

/// A replay page in a real browser: headless Chromium loads it, the test clicks the page's own
/// Next button three times with the mouse and reads the table the page then shows. Skipped, with
/// a message, where Chromium is not installed (Debian's `chromium`; `PATIENCE_CHROMIUM` names
/// another).
@Suite("Replay pages in Chromium")
struct BrowserReplayTests {
    @Test(.enabled(if: DevToolsBrowser.executable != nil,
                   "Chromium is not installed: install Debian's chromium (or set PATIENCE_CHROMIUM) to run the browser test"),
          .timeLimit(.minutes(2)))
    func nextThreeTimesShowsTheTableTheEngineReachesAfterThreeMoves() throws {
        let rules = try Positions.rules("FreeCell")
        let opening = try rules.deal(.microsoft(1))
        let replay = Replay(rules: rules, notation: .fcs)
        let solution = try freeCellSolutionOfDealOne()
        let page = PlayPage(replay: replay.trace(solution, from: opening), rules: rules, deal: .microsoft(1))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("replay.html")
        try Data(page.html.utf8).write(to: file)

        let browser = try DevToolsBrowser(executable: try #require(DevToolsBrowser.executable))
        defer { browser.shutDown() }
        let tab = try browser.open(file)
        func shown() throws -> XMLTree {
            #expect(try browser.evaluate("document.querySelectorAll('#table svg').length", session: tab) as? Int == 1)
            let markup = try #require(try browser.evaluate("document.querySelector('#table svg').outerHTML", session: tab) as? String)
            return try XMLTree.parse(markup)
        }
        func expected(afterMoves count: Int) throws -> XMLTree {
            let table = replay.run(tokens: Array(replay.tokens(solution).prefix(count)), from: opening).table
            return try XMLTree.parse(TableSVG(rules: rules).svg(of: table))
        }
        func state() throws -> (label: String?, current: String?) {
            (try browser.evaluate("document.getElementById('position').textContent", session: tab) as? String,
             try browser.evaluate("document.querySelector('#moves li.current').getAttribute('data-position')", session: tab) as? String)
        }

        #expect(try shown() == expected(afterMoves: 0))
        #expect(try state().label == "Opening table")
        for _ in 0..<3 { try browser.click("#next", session: tab) }
        let afterThree = try shown()
        #expect(afterThree == (try expected(afterMoves: 3)))
        #expect(afterThree != (try expected(afterMoves: 0)))
        #expect(try state().label == "After move 3 of 127")
        #expect(try state().current == "3")
        #expect(try browser.evaluate("location.hash", session: tab) as? String == "#3")

        // The keyboard steps back, and the page's First button goes back to the opening table.
        try browser.press(key: "ArrowLeft", code: 37, session: tab)
        #expect(try shown() == expected(afterMoves: 2))
        try browser.click("#first", session: tab)
        #expect(try shown() == expected(afterMoves: 0))
        #expect(try browser.evaluate("document.getElementById('previous').disabled", session: tab) as? Bool == true)
    }
}
