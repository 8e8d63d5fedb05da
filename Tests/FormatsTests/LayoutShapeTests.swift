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

/// A rectangle of a picture: a pile's cards or its label.
private struct Box: CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int

    func overlaps(_ other: Box) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    var description: String { "(\(x), \(y)) \(width)×\(height)" }
}

/// Everything a pile covers: its outline or its cards, from its origin to its last card's far corner.
private func cardBox(_ frame: PileFrame, _ m: LayoutMetrics) -> Box {
    let right = (frame.cards.map(\.x).max() ?? frame.origin.x) + m.cardWidth
    let bottom = (frame.cards.map(\.y).max() ?? frame.origin.y) + m.cardHeight
    return Box(x: frame.origin.x, y: frame.origin.y, width: right - frame.origin.x, height: bottom - frame.origin.y)
}

private func labelBox(_ frame: PileFrame, _ m: LayoutMetrics) -> Box {
    Box(x: frame.labelOrigin.x, y: frame.labelOrigin.y - m.labelHeight + 5, width: frame.labelWidth, height: m.labelHeight)
}

private func frames(_ game: String, deal: DealSource = .seed(1)) throws -> [String: PileFrame] {
    let rules = try Positions.rules(game)
    return Dictionary(uniqueKeysWithValues: TableLayout(rules: rules).geometry(of: try rules.deal(deal)).piles.map { ($0.address, $0) })
}

private func frame(_ frames: [String: PileFrame], _ address: String) throws -> PileFrame {
    try #require(frames[address], "no pile \(address)")
}

/// The places a layout gives piles (pyramids, crosses, a clock's face) and the rows they make.
@Suite struct LayoutShapeTests {
    /// On every bundled game's opening table no two piles overlap and no label lies over another
    /// pile, except where a layout overlaps piles by design: piles half a place apart in a grid,
    /// whose labels then stand on a strip of their own.
    @Test(arguments: bundledGameNames)
    func pilesOverlapOnlyWhereAGridPutsThemHalfAPlaceApart(game: String) throws {
        let m = LayoutMetrics.standard
        let rules = try Positions.rules(game)
        let layout = TableLayout(rules: rules)
        let piles = layout.geometry(of: try rules.deal(.seed(1))).piles
        var places: [Int: GridPlace] = [:]
        var grid: [Int: String] = [:]
        for placement in layout.plan.bands.flatMap(\.placements) {
            guard let zone = rules.zones.first(where: { $0.name == placement.zone }), let zonePlaces = placement.places else { continue }
            for (pile, place) in zip(zone.piles, zonePlaces) {
                places[pile] = place
                grid[pile] = placement.sharesGrid ? "shared" : zone.name
            }
        }
        func byDesign(_ a: PileFrame, _ b: PileFrame) -> Bool {
            guard let p = places[a.pile], let q = places[b.pile], grid[a.pile] == grid[b.pile] else { return false }
            return abs(p.column - q.column) < 2 && abs(p.row - q.row) < 2
        }
        for (i, a) in piles.enumerated() {
            for b in piles[(i + 1)...] {
                if cardBox(a, m).overlaps(cardBox(b, m)) {
                    expectTrue(byDesign(a, b), "\(a.address) \(cardBox(a, m)) overlaps \(b.address) \(cardBox(b, m))")
                }
                expectFalse(labelBox(a, m).overlaps(labelBox(b, m)), "the labels of \(a.address) and \(b.address) overlap")
            }
            let covering = piles.filter { $0.pile != a.pile && labelBox(a, m).overlaps(cardBox($0, m)) }
            for other in covering {
                expectTrue(a.labelBacked && byDesign(a, other), "the label of \(a.address) lies over \(other.address)")
            }
        }
    }

    @Test func aPyramidCentresEachRowOnTheNextAndLaysItHalfOverTheRowAbove() throws {
        let m = LayoutMetrics.standard
        let halfPlace = (m.labelHeight + m.cardHeight + m.rowGap) / 2
        let step = m.cardWidth + m.pileGap
        for game in ["Thirteen", "Treize", "Escalator", "Elevator"] {
            let zone = game == "Thirteen" || game == "Treize" ? "pyramid" : "tableau"
            let f = try frames(game)
            let starts = [1, 2, 4, 7, 11, 16, 22]
            for (row, start) in starts.enumerated() {
                let first = try frame(f, "\(zone)[\(start)]")
                // A row of row + 1 piles side by side, half a place below the row above and half a
                // pile to the left of it.
                for k in 0...row {
                    let pile = try frame(f, "\(zone)[\(start + k)]")
                    expectEqual(pile.origin, LayoutPoint(x: first.origin.x + k * step, y: first.origin.y), "\(game) \(zone)[\(start + k)]")
                }
                if row > 0 {
                    let above = try frame(f, "\(zone)[\(starts[row - 1])]")
                    expectEqual(first.origin.y, above.origin.y + halfPlace, "\(game) row \(row + 1)")
                    expectEqual(first.origin.x, above.origin.x - step / 2, "\(game) row \(row + 1)")
                    #expect(try frame(f, "\(zone)[\(start + 1)]").labelBacked)
                }
            }
            #expect(try !frame(f, "\(zone)[1]").labelBacked)
        }
        // Yield's pyramid stands on its point: seven at the top, one at the bottom, centred.
        let yield = try frames("Yield")
        let top = try frame(yield, "pyramid[1]"), point = try frame(yield, "pyramid[28]"), second = try frame(yield, "pyramid[8]")
        expectTrue(point.origin.x == top.origin.x + 3 * step && point.origin.y == top.origin.y + 6 * halfPlace)
        expectEqual(second.origin, LayoutPoint(x: top.origin.x + step / 2, y: top.origin.y + halfPlace))
    }

    @Test func aHalfCoveredCardShowsItsCornerWithoutTheLargeSuit() throws {
        let rules = try Positions.rules("Escalator")
        let table = try rules.deal(.seed(1))
        let f = Dictionary(uniqueKeysWithValues: TableLayout(rules: rules).geometry(of: table).piles.map { ($0.address, $0) })
        #expect(try frame(f, "tableau[1]").overlapped && frame(f, "tableau[21]").overlapped)
        #expect(try !frame(f, "tableau[22]").overlapped && !frame(f, "tableau[28]").overlapped)
        let svg = try XMLTree.parse(TableSVG(rules: rules).svg(of: table))
        func suits(_ address: String) throws -> Int {
            let pile = try #require(svg.elements("g", class: "pile").first { $0.attributes["data-pile"] == address })
            return pile.elements("use").filter { $0.attributes["href"]?.hasPrefix("#suit-") == true }.count
        }
        // The corner's suit alone on a covered card; the corner's and the large one on a free one.
        #expect(try suits("tableau[1]") == 1 && suits("tableau[28]") == 2)
    }

    @Test func aWasteFannedRightShowsItsTopCardsSuitBesideItsRank() throws {
        let rules = try Positions.rules("Klondike")
        let table = try Positions.table(rules, ["waste": "AS 2H 3D", "stock": "#..."])
        let svg = try XMLTree.parse(TableSVG(rules: rules).svg(of: table))
        let waste = try #require(svg.elements("g", class: "pile").first { $0.attributes["data-pile"] == "waste" })
        let corners = waste.elements("g", class: "card").map { card in
            card.elements("use").first { $0.attributes["width"] == "13" }?.attributes["y"]
        }
        // Below the rank on the cards a fan covers, beside it on the top card, which shows whole
        // and alone has the large suit in the middle.
        expectEqual(corners, ["20", "20", "4"])
        expectEqual(waste.elements("g", class: "card").map { $0.elements("use").count }, [2, 2, 3])
    }

    @Test func triplePeaksStandsThreePeaksOnARowOfTen() throws {
        let m = LayoutMetrics.standard
        let step = m.cardWidth + m.pileGap
        let f = try frames("TriplePeaks")
        let bottom = try (19...28).map { try frame(f, "tableau[\($0)]") }
        expectEqual(bottom.map(\.origin.y), Array(repeating: bottom[0].origin.y, count: 10))
        expectEqual(bottom.map(\.origin.x), (0..<10).map { bottom[0].origin.x + $0 * step })
        // Each card lies half over the two that cover it, as the rules' `on_peak` says.
        func coveredBy(_ pile: Int) -> [Int] {
            if pile <= 3 { return [2 * pile + 2, 2 * pile + 3] }
            if pile <= 9 { return [10 + 3 * ((pile - 4) / 2) + (pile - 4) % 2, 11 + 3 * ((pile - 4) / 2) + (pile - 4) % 2] }
            return [pile + 9, pile + 10]
        }
        for pile in 1...18 {
            let card = try frame(f, "tableau[\(pile)]")
            let covers = try coveredBy(pile).map { try frame(f, "tableau[\($0)]") }
            expectTrue(covers[0].origin.x + step / 2 == card.origin.x && covers[1].origin.x - step / 2 == card.origin.x, "tableau[\(pile)]")
            expectTrue(covers.allSatisfy { $0.origin.y > card.origin.y && $0.origin.y < card.origin.y + m.cardHeight }, "tableau[\(pile)]")
        }
        // The three peaks are three places apart.
        let peaks = try (1...3).map { try frame(f, "tableau[\($0)]").origin }
        expectTrue(peaks[1].x - peaks[0].x == 3 * step && peaks[2].x - peaks[1].x == 3 * step)
    }

    @Test func napoleonsTombLaysItsCellsCentreAndCornersAsACross() throws {
        let f = try frames("NapoleonsTomb")
        let centre = try frame(f, "centre").origin
        let cells = try (1...4).map { try frame(f, "cell[\($0)]").origin }
        let corners = try (1...4).map { try frame(f, "corner[\($0)]").origin }
        let dx = cells[2].x - centre.x, dy = cells[3].y - centre.y
        expectTrue(dx > 0 && dy > 0)
        // Cells above, left of, right of and below the centre; corners at the square's corners.
        expectEqual(cells, [LayoutPoint(x: centre.x, y: centre.y - dy), LayoutPoint(x: centre.x - dx, y: centre.y),
                          LayoutPoint(x: centre.x + dx, y: centre.y), LayoutPoint(x: centre.x, y: centre.y + dy)])
        expectEqual(corners, [LayoutPoint(x: centre.x - dx, y: centre.y - dy), LayoutPoint(x: centre.x + dx, y: centre.y - dy),
                            LayoutPoint(x: centre.x - dx, y: centre.y + dy), LayoutPoint(x: centre.x + dx, y: centre.y + dy)])
        // The cross stands in the first band, after the stock and the waste.
        #expect(corners[0].y == (try frame(f, "stock")).origin.y)
        #expect(corners[0].x > (try frame(f, "waste")).origin.x)
    }

    @Test func aFannedPileInAGridPushesTheRowsBelowItDown() throws {
        let source = """
            game "Grid"
            decks 1
            zone stock 1
            zone tableau 3
            layout tableau at (0, 0), (2, 0), (0, 2)
            deal tableau 12 cards face up
            deal stock rest face down
            lift tableau {}
            accept tableau {}
            won when stock.empty
            """
        let rules = try GameCompiler.compile(source: source)
        let m = LayoutMetrics.standard
        let piles = TableLayout(rules: rules).geometry(of: try rules.deal(.seed(1))).piles
        let first = piles[1], second = piles[2], third = piles[3]
        expectTrue(first.address == "tableau[1]" && second.origin.y == first.origin.y && second.origin.x == first.origin.x + m.cardWidth + m.pileGap)
        // Twelve cards fanned down: the pile below starts under the last of them, not a place down.
        expectEqual(third.origin.x, first.origin.x)
        expectEqual(third.origin.y, first.cards[11].y + m.cardHeight + m.rowGap + m.labelHeight)
    }

    @Test func theLayoutDeclarationsCarryRowsAndPlacesToTheRules() throws {
        let thirteen = try Positions.rules("Thirteen")
        expectEqual(thirteen.layout, [ZoneLayout(zone: "pyramid", rowLengths: [1, 2, 3, 4, 5, 6, 7], overlapping: true)])
        let napoleon = try Positions.rules("NapoleonsTomb")
        expectEqual(napoleon.layout.first { $0.zone == "centre" }?.places, [GridPlace(column: 2, row: 2)])
        expectEqual(ZonePlacement.places(rows: [2, 1], overlapping: false), [GridPlace(column: 0, row: 0), GridPlace(column: 2, row: 0), GridPlace(column: 1, row: 2)])
        // The zones that share a grid stand together where the first of them stands.
        let plan = TableLayout(rules: napoleon).plan
        expectEqual(plan.bands[0].left.map(\.zone), ["stock", "waste", "cell", "centre", "corner"])
        expectTrue(plan.bands[0].right.isEmpty)
    }
}
