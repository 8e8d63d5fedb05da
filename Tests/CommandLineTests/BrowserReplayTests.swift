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

/// What a picture shows of one pile: its address, zone and role, and its cards bottom first,
/// each as `QH`, `QH#1` for a second deck's copy, with `-down` for a face-down card.
private struct ShownPile: Hashable, CustomStringConvertible {
    var address: String
    var zone: String
    var role: String
    var cards: [String]

    var description: String { "\(address): \(cards.joined(separator: " "))" }

    /// Every pile a picture draws, in its order.
    static func piles(of svg: XMLTree) -> [ShownPile] {
        svg.elements("g", class: "pile").map { pile in
            ShownPile(address: pile.attributes["data-pile"] ?? "?", zone: pile.attributes["data-zone"] ?? "?",
                      role: pile.attributes["data-role"] ?? "?",
                      cards: pile.elements("g", class: "card").map { card in
                          (card.attributes["data-card"] ?? "?") + (card.attributes["data-copy"].map { "#\($0)" } ?? "")
                              + (card.attributes["data-face"] == "up" ? "" : "-down")
                      })
        }
    }
}

/// A replay page in a real browser: `patience replay --html` writes it, headless Chromium loads
/// it, the test clicks the page's own Next button three times with the mouse and compares the
/// table the page then shows, pile by pile and card by card, with the one `patience deal --after`
/// draws for the same three moves. Skipped, with a message, where Chromium is not installed
/// (Debian's `chromium`; `PATIENCE_CHROMIUM` names another).
@Suite("Replay pages in Chromium")
struct BrowserReplayTests {
    @Test(.enabled(if: DevToolsBrowser.executable != nil,
                   "Chromium is not installed: install Debian's chromium (or set PATIENCE_CHROMIUM) to run the browser test"),
          .timeLimit(.minutes(2)))
    func nextThreeTimesShowsTheTableDealAfterDrawsForThreeMoves() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = Positions.packageRoot.appendingPathComponent("Rules/FreeCell.patience").path
        let solution = try freeCellSolutionOfDealOne()
        let moves = solution.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }).map(String.init)
        expectEqual(moves.count, 127)

        // The page, as the command line writes it.
        let file = folder.appendingPathComponent("replay.html")
        let replay = try runPatience(["replay", rules, "--deal", "ms:1", "--notation", "fcs", "-", "--html", file.path], input: solution)
        expectTrue(replay.status == 0 && replay.standardOutput == "applied 127 moves; won: yes\n", "\(replay.standardError)")

        // The table after the first `count` moves, as `patience deal --after` draws it.
        func dealAfter(_ count: Int) throws -> [ShownPile] {
            let after = folder.appendingPathComponent("after-\(count).txt")
            try Data(moves.prefix(count).joined(separator: "\n").utf8).write(to: after)
            let run = try runPatience(["deal", rules, "--deal", "ms:1", "--notation", "fcs", "--after", after.path, "--format", "svg"])
            expectEqual(run.status, 0, "\(run.standardError)")
            return ShownPile.piles(of: try XMLTree.parse(run.standardOutput))
        }

        let browser = try DevToolsBrowser(executable: try #require(DevToolsBrowser.executable))
        defer { browser.shutDown() }
        let tab = try browser.open(file)
        func shown() throws -> [ShownPile] {
            #expect(try browser.evaluate("document.querySelectorAll('#table svg').length", session: tab) as? Int == 1)
            let markup = try #require(try browser.evaluate("document.querySelector('#table svg').outerHTML", session: tab) as? String)
            return ShownPile.piles(of: try XMLTree.parse(markup))
        }
        func state() throws -> (label: String?, current: String?) {
            (try browser.evaluate("document.getElementById('position').textContent", session: tab) as? String,
             try browser.evaluate("document.querySelector('#moves li.current').getAttribute('data-position')", session: tab) as? String)
        }

        let opening = try dealAfter(0)
        expectTrue(opening.count == 16 && opening.flatMap(\.cards).count == 52)
        #expect(try shown() == opening)
        #expect(try state().label == "Opening table")
        for _ in 0..<3 { try browser.click("#next", session: tab) }
        let afterThree = try shown()
        #expect(afterThree == (try dealAfter(3)))
        expectNotEqual(afterThree, opening)
        #expect(try state().label == "After move 3 of 127")
        #expect(try state().current == "3")
        #expect(try browser.evaluate("location.hash", session: tab) as? String == "#3")

        // The keyboard steps back, and the page's First button goes back to the opening table.
        try browser.press(key: "ArrowLeft", code: 37, session: tab)
        #expect(try shown() == (try dealAfter(2)))
        try browser.click("#first", session: tab)
        #expect(try shown() == opening)
        #expect(try browser.evaluate("document.getElementById('previous').disabled", session: tab) as? Bool == true)

        // A jump builds the table from the opening picture and every patch up to it: the last
        // table, then one in the middle reached by the address, as a link to it would.
        try browser.click("#last", session: tab)
        #expect(try shown() == (try dealAfter(127)))
        #expect(try state().label == "After move 127 of 127")
        // The first table whose picture is not the opening one's size: its patch sets the size.
        let gameRules = try Positions.rules("FreeCell")
        let trace = Replay(rules: gameRules, notation: .fcs).trace(solution, from: try gameRules.deal(.microsoft(1)))
        let pictures = TableSVG(rules: gameRules)
        let openingSize = pictures.parts(of: trace.tables[0])
        let resized = try #require(trace.tables.indices.first { pictures.parts(of: trace.tables[$0]).height != openingSize.height })
        let expected = pictures.parts(of: trace.tables[resized])
        _ = try browser.evaluate("location.hash = '#\(resized)'; 0", session: tab)
        var waited = 0
        while try state().current != String(resized), waited < 100 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 1
        }
        #expect(try shown() == (try dealAfter(resized)))
        let size = try #require(try browser.evaluate(
            "(function (s) { var f = s.querySelector('rect.felt'); return [s.getAttribute('width'), s.getAttribute('height'), "
                + "s.getAttribute('viewBox'), f.getAttribute('width'), f.getAttribute('height')].join(' '); })(document.querySelector('#table svg'))",
            session: tab) as? String)
        let w = String(expected.width), h = String(expected.height)
        // width height, the view box (0 0 width height), the felt's width and height
        #expect(size.split(separator: " ").map(String.init) == [w, h, "0", "0", w, h, w, h], "\(size) at #\(resized)")
        // What a patch brought in is drawn: SVG elements, each pile with a box on the picture.
        #expect(try browser.evaluate(
            "Array.prototype.every.call(document.querySelectorAll('#table svg g.pile'), function (g) { "
                + "return g.namespaceURI === 'http://www.w3.org/2000/svg' && g.getBBox().width > 0; })",
            session: tab) as? Bool == true)
    }
}
