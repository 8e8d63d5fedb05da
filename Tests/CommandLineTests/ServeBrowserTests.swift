import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceSolver
@testable import PatienceCommandLine

/// The page of `patience serve` in a real browser: headless Chromium, driven through its
/// DevTools protocol with real mouse events (pressed, moved with the button held, released) at
/// points taken from the page's own card and pile elements. Skipped, with a message, where
/// Chromium is not installed (Debian's `chromium`; `PATIENCE_CHROMIUM` names another).
@Suite("patience serve in Chromium", .serialized)
struct ServeBrowserTests {
    /// A browser tab on a served page, and what the tests ask of it.
    final class Table {
        let browser: DevToolsBrowser
        let tab: String

        init(_ url: URL) throws {
            browser = try DevToolsBrowser(executable: try #require(DevToolsBrowser.executable))
            tab = try browser.open(url)
            // A tall viewport, so that every pile of a long column is in sight.
            try browser.send("Emulation.setDeviceMetricsOverride", ["width": 1400, "height": 1600, "deviceScaleFactor": 1, "mobile": false], session: tab)
            try idle()
        }

        deinit { browser.shutDown() }

        /// Waits until the page has no request under way and no drag in progress.
        func idle() throws { _ = try browser.evaluate("window.patienceIdle()", session: tab) }

        func evaluate(_ expression: String) throws -> Any? { try browser.evaluate(expression, session: tab) }

        /// A point of the viewport where the pointer is on the card `index` of `pile` (its top
        /// card when nil, or the pile itself when it is empty): the first of a few points of the
        /// element's box that the page hit-tests to that element, so that a card half covered by
        /// others is taken by the part that shows.
        func point(_ pile: String, _ index: Int? = nil) throws -> (x: Double, y: Double) {
            let script = """
                (() => {
                  const pile = [...document.querySelectorAll('#table g.pile')].find(p => p.dataset.pile === \(DevToolsBrowser.javaScriptString(pile)));
                  if (!pile) return null;
                  const cards = [...pile.querySelectorAll(':scope > g.card')];
                  const wanted = \(index.map(String.init) ?? "null");
                  const element = wanted === null ? (cards[cards.length - 1] || pile.querySelector('.outline') || pile) : cards[wanted];
                  if (!element) return null;
                  const box = element.getBoundingClientRect();
                  for (const fy of [0.5, 0.12, 0.3, 0.8]) for (const fx of [0.5, 0.15, 0.8]) {
                    const x = box.left + box.width * fx, y = box.top + box.height * fy;
                    const hit = document.elementFromPoint(x, y);
                    if (hit && (wanted === null ? hit.closest('g.pile') === pile : hit.closest('g.card') === element)) return [x, y];
                  }
                  return null;
                })()
                """
            let found = try evaluate(script) as? [Double]
            guard let found, found.count == 2 else { throw DevToolsBrowser.Failure(description: "no point on \(pile) \(index.map(String.init) ?? "top")") }
            return (found[0], found[1])
        }

        /// The cards of a pile as the page shows them: `QH`, `QH-down` for a face-down card.
        func cards(_ pile: String) throws -> [String] {
            try evaluate("""
                [...[...document.querySelectorAll('#table g.pile')].find(p => p.dataset.pile === \(DevToolsBrowser.javaScriptString(pile)))
                  .querySelectorAll(':scope > g.card')].map(c => c.dataset.card + (c.dataset.face === 'up' ? '' : '-down'))
                """) as? [String] ?? []
        }

        func text(_ selector: String) throws -> String {
            try evaluate("document.querySelector(\(DevToolsBrowser.javaScriptString(selector))).textContent") as? String ?? ""
        }

        func isShown(_ selector: String) throws -> Bool {
            try evaluate("!document.querySelector(\(DevToolsBrowser.javaScriptString(selector))).hidden") as? Bool ?? false
        }

        func plays() throws -> Int { Int(try evaluate("document.body.dataset.plays") as? String ?? "") ?? -1 }
        func status() throws -> String { try evaluate("document.body.dataset.status") as? String ?? "" }

        /// Drags the card `index` of `source` (and those on it) onto `destination`; `hovering` looks at the page before the drop.
        func drag(_ source: String, _ index: Int?, onto destination: String, hovering: () throws -> Void = {}) throws {
            let start = try point(source, index)
            let end = try point(destination)
            try browser.drag(from: start, to: end, session: tab) {
                try idle()
                try hovering()
            }
            try idle()
        }

        /// Clicks a pile (its top card, or its outline when empty) with the mouse.
        func click(_ pile: String) throws {
            let at = try point(pile)
            try browser.mouse("mouseMoved", at: at, buttonHeld: false, session: tab)
            try browser.mouse("mousePressed", at: at, buttonHeld: true, session: tab)
            try browser.mouse("mouseReleased", at: at, buttonHeld: false, session: tab)
            try idle()
        }

        /// Clicks a button of the toolbar.
        func press(_ button: String) throws {
            try browser.click("#" + button, session: tab)
            try idle()
        }

        /// The hover mark the page shows on `pile`: `accepting`, `refusing`, or nil.
        func mark(on pile: String) throws -> String? {
            try evaluate("""
                (() => { const m = [...document.querySelectorAll('#table .mark')].find(r => r.dataset.pile === \(DevToolsBrowser.javaScriptString(pile)));
                  return m ? (m.classList.contains('accepting') ? 'accepting' : m.classList.contains('refusing') ? 'refusing' : 'other') : null; })()
                """) as? String
        }

        /// Plays `plays` by hand: each move dragged from its first card, each tap a click, each
        /// removal of two piles a drag of one top card onto the other, a removal of one a double-click.
        func play(_ plays: [Play], rules: GameRules) throws {
            for (number, play) in plays.enumerated() {
                let before = try self.plays()
                switch play {
                case .move(let move):
                    let source = rules.address(ofPile: move.source)
                    let count = try cards(source).count
                    try drag(source, count - move.count, onto: rules.address(ofPile: move.destination))
                case .tap(let pile):
                    try click(rules.address(ofPile: pile))
                case .remove(let piles):
                    if piles.count == 2 {
                        try drag(rules.address(ofPile: piles[0]), nil, onto: rules.address(ofPile: piles[1]))
                    } else {
                        let at = try point(rules.address(ofPile: piles[0]))
                        try browser.mouse("mousePressed", at: at, buttonHeld: true, clickCount: 1, session: tab)
                        try browser.mouse("mouseReleased", at: at, buttonHeld: false, clickCount: 1, session: tab)
                        try browser.mouse("mousePressed", at: at, buttonHeld: true, clickCount: 2, session: tab)
                        try browser.mouse("mouseReleased", at: at, buttonHeld: false, clickCount: 2, session: tab)
                        try idle()
                    }
                }
                let after = try self.plays()
                guard after > before else {
                    throw DevToolsBrowser.Failure(description: "play \(number + 1), \(MoveNotation(rules: rules).text(of: play)), did not land: "
                                                  + (try text("#refusal")) + " " + (try text("#messages")))
                }
            }
        }
    }

    static let enabled = DevToolsBrowser.executable != nil

    @Test(.enabled(if: enabled, "Chromium is not installed: install Debian's chromium (or set PATIENCE_CHROMIUM) to run the browser tests"), .timeLimit(.minutes(3)))
    func klondikeTapsDragsRefusesUndoesAndSendsHome() throws {
        let server = try ServeProcess([TestPaths.rules.path])
        defer { server.stop() }
        let page = try Table(URL(string: "#play=Klondike.patience&deal=seed:1", relativeTo: server.url)!)
        expectEqual(try page.cards("tableau[1]"), ["KD"])
        expectEqual(try page.cards("tableau[7]").filter { $0.hasSuffix("-down") }.count, 6)
        expectEqual(try page.plays(), 0)

        // Three clicks on the stock turn three cards; the third is an ace.
        for _ in 0..<3 { try page.click("stock") }
        expectEqual(try page.plays(), 3)
        let waste = try page.cards("waste")
        expectEqual(waste.count, 3)
        let ace = try #require(waste.last)
        expectTrue(ace.hasPrefix("A"), "the third card turned is \(ace)")

        // The ace hovering over the king is refused; dropped there, it goes back and the page says why.
        try page.drag("waste", nil, onto: "tableau[1]") {
            expectEqual(try page.mark(on: "tableau[1]"), "refusing")
        }
        expectEqual(try page.cards("tableau[1]"), ["KD"])
        expectEqual(try page.cards("waste"), waste)
        expectEqual(try page.plays(), 3)
        expectTrue(try page.isShown("#refusal"))
        let reason = try page.text("#refusal .reason")
        expectTrue(reason.contains("cannot go on the KD"), "\(reason)")
        let rule = try page.text("#refusal .where")
        expectTrue(rule.hasPrefix("Klondike.patience:"), "\(rule)")
        expectFalse(try page.text("#refusal .line").isEmpty)

        // Hovering over an empty foundation accepts it, and the drop lands it there.
        try page.drag("waste", nil, onto: "foundation[1]") {
            expectEqual(try page.mark(on: "foundation[1]"), "accepting")
        }
        expectEqual(try page.cards("foundation[1]"), [ace])
        expectEqual(try page.cards("waste"), Array(waste.dropLast()))
        expectEqual(try page.plays(), 4)
        expectFalse(try page.isShown("#refusal"))

        // Undo puts it back; a double-click sends it home again.
        try page.press("undo")
        expectEqual(try page.cards("foundation[1]"), [])
        expectEqual(try page.cards("waste"), waste)
        expectEqual(try page.plays(), 3)
        let at = try page.point("waste")
        for clicks in 1...2 {
            try page.browser.mouse("mousePressed", at: at, buttonHeld: true, clickCount: clicks, session: page.tab)
            try page.browser.mouse("mouseReleased", at: at, buttonHeld: false, clickCount: clicks, session: page.tab)
        }
        try page.idle()
        expectEqual(try page.cards("foundation[1]"), [ace])
        // Redo has nothing left to redo after a new play.
        expectEqual(try page.evaluate("document.getElementById('redo').disabled") as? Bool, true)
    }

    /// A small Klondike won by dragging the solver's solution (a stack of two cards among its
    /// moves) and clicking the stock.
    @Test(.enabled(if: enabled, "Chromium is not installed: install Debian's chromium (or set PATIENCE_CHROMIUM) to run the browser tests"), .timeLimit(.minutes(3)))
    func miniKlondikeIsWonByDrags() throws {
        let folder = TestPaths.fixtures.appendingPathComponent("SolverGames")
        let rules = try GameCompiler.compile(path: folder.appendingPathComponent("MiniKlondike.patience").path)
        let plays = try solution(rules, deal: .seed(1))
        expectTrue(plays.contains { if case .move(let move) = $0 { return move.count > 1 } else { return false } }, "the solution moves a stack")
        let server = try ServeProcess([folder.path])
        defer { server.stop() }
        let page = try Table(URL(string: "#play=MiniKlondike.patience&deal=seed:1", relativeTo: server.url)!)
        try page.play(plays, rules: rules)
        expectEqual(try page.status(), "won")
        expectEqual(try page.text("#status").hasPrefix("You won!"), true)
        expectEqual(try page.plays(), plays.count)
    }

    /// Monte Carlo: a pair of touching cards of one rank is removed by dropping one on the other,
    /// and a card dropped on a card of another rank is refused with the removal's reason.
    @Test(.enabled(if: enabled, "Chromium is not installed: install Debian's chromium (or set PATIENCE_CHROMIUM) to run the browser tests"), .timeLimit(.minutes(2)))
    func monteCarloRemovesPairsByDrags() throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules.appendingPathComponent("MonteCarlo.patience").path)
        let table = try rules.deal(.seed(1))
        let removals = rules.legalPlays(on: table).compactMap { play -> [Int]? in
            if case .remove(let piles) = play { return piles } else { return nil }
        }
        let pair = try #require(removals.first)
        let server = try ServeProcess([TestPaths.rules.path])
        defer { server.stop() }
        let page = try Table(URL(string: "#play=MonteCarlo.patience&deal=seed:1", relativeTo: server.url)!)
        let (a, b) = (rules.address(ofPile: pair[0]), rules.address(ofPile: pair[1]))
        // tableau[1] and tableau[2] touch; when their ranks differ, the drop is refused.
        let first = try page.cards("tableau[1]"), second = try page.cards("tableau[2]")
        if first.first?.dropLast() != second.first?.dropLast() {
            try page.drag("tableau[1]", nil, onto: "tableau[2]") {
                expectEqual(try page.mark(on: "tableau[2]"), "refusing")
            }
            expectTrue(try page.isShown("#refusal"))
            expectEqual(try page.cards("tableau[1]"), first)
        }
        try page.drag(a, nil, onto: b) {
            expectEqual(try page.mark(on: b), "accepting")
        }
        expectEqual(try page.plays(), 1)
        let after = try rules.applying(.remove(piles: pair), to: table)
        let shown = try (0..<rules.pileCount).filter { rules.zone(ofPile: $0).name == "tableau" }.map { try page.cards(rules.address(ofPile: $0)) }
        let expected = (0..<rules.pileCount).filter { rules.zone(ofPile: $0).name == "tableau" }.map { after.piles[$0].cards.map { $0.card.boardText } }
        expectEqual(shown, expected)
        try page.press("undo")
        expectEqual(try page.plays(), 0)
    }

    /// FreeCell deal ms:1 won by dragging the 127 moves of the fixture's solution (PATIENCE_LONG=1).
    @Test(.enabled(if: enabled && TestPaths.isLongRun, "set PATIENCE_LONG=1 (and install chromium) to win FreeCell ms:1 by drags"),
          .timeLimit(.minutes(10)))
    func freeCellDealOneIsWonByDrags() throws {
        let rules = try GameCompiler.compile(path: TestPaths.rules.appendingPathComponent("FreeCell.patience").path)
        let trace = Replay(rules: rules, notation: .fcs).trace(try freeCellSolutionOfDealOne(), from: try rules.deal(.microsoft(1)))
        expectTrue(trace.failure == nil)
        let server = try ServeProcess([TestPaths.rules.path])
        defer { server.stop() }
        let page = try Table(URL(string: "#play=FreeCell.patience&deal=ms:1", relativeTo: server.url)!)
        try page.play(trace.plays, rules: rules)
        expectEqual(try page.status(), "won")
    }

    private func solution(_ rules: GameRules, deal: DealSource) throws -> [Play] {
        guard case .solved(let plays) = Solver(rules: rules).solve(try rules.deal(deal)).verdict else {
            throw DevToolsBrowser.Failure(description: "the solver found no solution")
        }
        return plays
    }
}
