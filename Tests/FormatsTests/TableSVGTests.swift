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

/// Every bundled game, by file name without `.patience`.
let bundledGameNames: [String] = {
    let folder = Positions.packageRoot.appendingPathComponent("Rules")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".patience") }.map { String($0.dropLast(".patience".count)) }.sorted()
}()

/// The cards an SVG picture draws: pile address, card, copy and face, one entry per `<g class="card">`.
private struct DrawnCard: Hashable {
    var pile: String
    var card: String
    var copy: Int
    var faceUp: Bool
}

private func drawnCards(_ svg: XMLTree) -> [DrawnCard] {
    svg.elements("g", class: "pile").flatMap { pile in
        pile.elements("g", class: "card").map { card in
            DrawnCard(pile: pile.attributes["data-pile"] ?? "?", card: card.attributes["data-card"] ?? "?",
                      copy: Int(card.attributes["data-copy"] ?? "0") ?? -1, faceUp: card.attributes["data-face"] == "up")
        }
    }
}

private func tableCards(_ rules: GameRules, _ table: CardTable) -> [DrawnCard] {
    let notation = MoveNotation(rules: rules)
    // A hidden zone is out of the player's sight, so the picture leaves it out.
    return table.piles.enumerated().filter { rules.zone(ofPile: $0.offset).role != .hidden }.flatMap { index, pile in
        pile.cards.map { DrawnCard(pile: notation.name(ofPile: index), card: $0.card.boardText, copy: $0.card.copy, faceUp: $0.isFaceUp) }
    }
}

/// A picture's size and the card corners it draws, read from its XML.
private func size(_ svg: XMLTree) -> (width: Int, height: Int) {
    (Int(svg.attributes["width"] ?? "") ?? -1, Int(svg.attributes["height"] ?? "") ?? -1)
}

/// The `<g class="pile">` of the pile at `address`.
private func pile(_ svg: XMLTree, _ address: String) throws -> XMLTree {
    try #require(svg.elements("g", class: "pile").first { $0.attributes["data-pile"] == address })
}

/// A pile or card a picture should have drawn and did not.
private struct MissingPile: Error { var address: String }

/// The frame of the pile at `address`.
private func frame(_ frames: [String: PileFrame], _ address: String) throws -> PileFrame {
    guard let frame = frames[address] else { throw MissingPile(address: address) }
    return frame
}

private func corner(_ card: XMLTree) -> (x: Int, y: Int)? {
    guard let transform = card.attributes["transform"], transform.hasPrefix("translate("), transform.hasSuffix(")") else { return nil }
    let numbers = transform.dropFirst("translate(".count).dropLast().split(separator: " ").compactMap { Int($0) }
    return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
}

@Suite("SVG pictures of tables")
struct TableSVGTests {
    @Test(arguments: TestPaths.sample(bundledGameNames, oneIn: 2))
    func openingTableIsValidXMLWithEveryCardOnceAndEveryPileLabelled(game: String) throws {
        let rules = try Positions.rules(game)
        let table = try rules.deal(.seed(1))
        let text = TableSVG(rules: rules).svg(of: table, deal: .seed(1))
        let svg = try XMLTree.parse(text)
        expectEqual(svg.name, "svg")
        expectEqual(svg.attributes["xmlns"], "http://www.w3.org/2000/svg")

        // Every card once, in its pile, with its face; nothing else drawn as a card.
        expectEqual(drawnCards(svg).sorted { "\($0)" < "\($1)" }, tableCards(rules, table).sorted { "\($0)" < "\($1)" })

        // Every pile once, labelled with its address; an empty pile drawn as an outline.
        let notation = MoveNotation(rules: rules)
        let piles = svg.elements("g", class: "pile")
        let shown = table.piles.indices.filter { rules.zone(ofPile: $0).role != .hidden }
        expectEqual(piles.map { $0.attributes["data-pile"] ?? "" }, shown.map(notation.name(ofPile:)))
        for (pile, index) in zip(piles, shown) {
            expectEqual(pile.elements("text", class: "label").map(\.text), [notation.name(ofPile: index)])
            expectEqual(pile.attributes["data-role"], "\(rules.zone(ofPile: index).role)")
            expectEqual(pile.elements("rect", class: "outline").count, (table.piles[index].isEmpty ? 1 : 0))
        }

        // Nothing is cut off: every card lies inside the picture.
        let (width, height) = size(svg)
        for card in svg.elements("g", class: "card") {
            let point = try #require(corner(card))
            expectTrue(point.x >= 0 && point.y >= 0)
            expectTrue(point.x + LayoutMetrics.standard.cardWidth <= width && point.y + LayoutMetrics.standard.cardHeight <= height)
        }
    }

    @Test func faceUpCardsShowRankAndSuitInTheirColourAndFaceDownCardsShowTheBack() throws {
        let rules = try Positions.rules("Klondike")
        let table = try Positions.table(rules, ["tableau 1": "#5C 10H", "tableau 2": "QS", "tableau 3": "JD", "stock": "#..."])
        let svg = try XMLTree.parse(TableSVG(rules: rules).svg(of: table))
        let cards = svg.elements("g", class: "card")
        func card(_ name: String) throws -> XMLTree {
            guard let card = cards.first(where: { $0.attributes["data-card"] == name }) else { throw MissingPile(address: name) }
            return card
        }

        let ten = try card("TH")
        expectEqual(ten.attributes["data-face"], "up")
        expectEqual(ten.elements("text").map(\.text), ["10"])
        expectEqual(ten.elements("text").first?.attributes["fill"], "#c3122f")
        expectEqual(ten.elements("use").compactMap { $0.attributes["href"] }.filter { $0 == "#suit-H" }.count, 2)

        let queen = try card("QS")
        expectEqual(queen.elements("text").map(\.text), ["Q"])
        expectEqual(queen.elements("text").first?.attributes["fill"], "#1b1b1b")
        expectTrue(queen.elements("use").contains { $0.attributes["href"] == "#suit-S" })
        #expect(try card("JD").elements("use").contains { $0.attributes["href"] == "#suit-D" })

        let five = try card("5C")
        expectEqual(five.attributes["data-face"], "down")
        expectTrue(five.elements("text").isEmpty)
        expectEqual(five.elements("use").map { $0.attributes["href"] }, ["#card-back"])
        // The four suits are drawn in the picture itself.
        expectEqual(Set(svg.elements("symbol").compactMap { $0.attributes["id"] }), ["suit-C", "suit-D", "suit-H", "suit-S"])
    }

    @Test func theCardsOfSeveralDecksAreTellApart() throws {
        let rules = try Positions.rules("Spider")
        let table = try rules.deal(.seed(3))
        let drawn = drawnCards(try XMLTree.parse(TableSVG(rules: rules).svg(of: table)))
        expectEqual(drawn.count, 104)
        expectEqual(Set(drawn).count, 104)
        expectTrue(drawn.contains { $0.copy == 1 })
    }

    @Test func thePictureGrowsWithAColumnAndStillHoldsIt() throws {
        let rules = try Positions.rules("FreeCell")
        let picture = TableSVG(rules: rules)
        func svg(column: String) throws -> XMLTree {
            try XMLTree.parse(picture.svg(of: try Positions.table(rules, ["tableau 1": column, "foundation 1": "..."])))
        }
        let short = try svg(column: "KS..7S")
        let twenty = try svg(column: "KS..AS KH QD..7D")
        let forty = try svg(column: "KS..AS KH..AH KD..AD AC")
        expectGreater(size(twenty).height, size(short).height)
        expectGreater(size(forty).height, size(twenty).height)
        expectEqual(size(forty).width, size(short).width)

        // A column of twenty cards keeps full steps; longer ones shrink, but no further than the
        // smallest legible step, and the picture still holds the top card.
        func steps(_ svg: XMLTree) throws -> [Int] {
            let cards = try pile(svg, "tableau[1]").elements("g", class: "card").compactMap(corner)
            return zip(cards.dropFirst(), cards).map { $0.y - $1.y }
        }
        let m = LayoutMetrics.standard
        #expect(try steps(twenty).count == 19)
        #expect(try steps(twenty).allSatisfy { $0 == m.faceUpStep })
        let fortySteps = try steps(forty)
        expectEqual(fortySteps.count, 39)
        expectTrue(fortySteps.allSatisfy { $0 >= m.smallestFaceUpStep && $0 < m.faceUpStep })
        let lastCorner = try #require(try pile(forty, "tableau[1]").elements("g", class: "card").last.flatMap(corner))
        expectLessOrEqual(lastCorner.y + m.cardHeight, size(forty).height)
    }

    @Test func zonesAreLaidOutFromTheirRoles() throws {
        func frames(_ game: String) throws -> [String: PileFrame] {
            let rules = try Positions.rules(game)
            let geometry = TableLayout(rules: rules).geometry(of: try rules.deal(.seed(1)))
            return Dictionary(uniqueKeysWithValues: geometry.piles.map { ($0.address, $0) })
        }
        let m = LayoutMetrics.standard
        let klondike = try frames("Klondike")
        let stock = try frame(klondike, "stock"), waste = try frame(klondike, "waste")
        let foundation = try frame(klondike, "foundation[4]"), tableau = try frame(klondike, "tableau[1]")
        expectEqual(stock.origin.x, m.margin)
        expectTrue(stock.origin.y == waste.origin.y && waste.origin.y == foundation.origin.y)
        expectTrue(stock.origin.x < waste.origin.x && waste.origin.x < foundation.origin.x)
        expectGreater(tableau.origin.y, stock.origin.y + m.cardHeight)
        expectEqual(tableau.origin.x, m.margin)
        let klondikeRules = try Positions.rules("Klondike")
        let width = TableLayout(rules: klondikeRules).geometry(of: try klondikeRules.deal(.seed(1))).width
        expectEqual(foundation.origin.x + m.cardWidth, width - m.margin)

        let freeCell = try frames("FreeCell")
        #expect(try frame(freeCell, "cell[1]").origin == LayoutPoint(x: m.margin, y: try frame(freeCell, "foundation[1]").origin.y))
        #expect(try frame(freeCell, "cell[4]").origin.x < frame(freeCell, "foundation[1]").origin.x)

        // Canfield's reserve stands beside its tableau, below the stock.
        let canfield = try frames("Canfield")
        let reserve = try frame(canfield, "reserve")
        #expect(try reserve.origin.y == frame(canfield, "tableau[1]").origin.y)
        #expect(try reserve.origin.x < frame(canfield, "tableau[1]").origin.x)
        #expect(try reserve.origin.x == frame(canfield, "stock").origin.x)

        // Thirteen columns split into rows of seven and six.
        let dozen = try frames("BakersDozen")
        #expect(try frame(dozen, "tableau[8]").origin.x == frame(dozen, "tableau[1]").origin.x)
        #expect(try frame(dozen, "tableau[8]").origin.y > frame(dozen, "tableau[7]").origin.y)
    }

    @Test func aWasteFansItsTopThreeCardsToTheRightAndTheStockIsCounted() throws {
        let rules = try Positions.rules("Klondike")
        let table = try Positions.table(rules, ["waste": "2C 3C 4C 5C 6C", "stock": "#..."])
        let geometry = TableLayout(rules: rules).geometry(of: table)
        let waste = try #require(geometry.piles.first { $0.address == "waste" })
        let xs = waste.cards.map(\.x)
        let base = waste.origin.x, step = LayoutMetrics.standard.sideStep
        expectEqual(xs, [base, base, base, base + step, base + 2 * step])
        expectEqual(Set(waste.cards.map(\.y)).count, 1)
        let stock = try #require(geometry.piles.first { $0.address == "stock" })
        expectEqual(Set(stock.cards).count, 1)
        let svg = try XMLTree.parse(TableSVG(rules: rules).svg(of: table))
        #expect(try pile(svg, "stock").elements("g", class: "count").map(\.allText) == ["\(table.piles[0].count)"])
    }

    @Test func aPlanOfItsOwnMovesTheZonesAndAZoneItLeavesOutIsStillDrawn() throws {
        let rules = try Positions.rules("FreeCell")
        let table = try rules.deal(.microsoft(1))
        // Tableau on top, foundations below it; the cells are left out of the plan.
        let plan = LayoutPlan(bands: [
            .init(left: [ZonePlacement(zone: "tableau", fan: .down, pilesPerRow: 4)]),
            .init(left: [], right: [ZonePlacement(zone: "foundation", fan: .stacked), ZonePlacement(zone: "nowhere", fan: .stacked)]),
        ])
        let layout = TableLayout(rules: rules, plan: plan)
        expectEqual(layout.plan.zoneNames, ["tableau", "foundation", "cell"])
        let frames = Dictionary(uniqueKeysWithValues: layout.geometry(of: table).piles.map { ($0.address, $0) })
        let tableau1 = try frame(frames, "tableau[1]"), tableau5 = try frame(frames, "tableau[5]")
        let foundation = try frame(frames, "foundation[1]"), cell = try frame(frames, "cell[1]")
        expectTrue(tableau5.origin.x == tableau1.origin.x && tableau5.origin.y > tableau1.origin.y)
        expectTrue(foundation.origin.y > tableau5.origin.y && cell.origin.y > foundation.origin.y)
        let drawn = drawnCards(try XMLTree.parse(TableSVG(rules: rules, plan: plan).svg(of: table)))
        expectEqual(drawn.count, 52)
    }

    @Test func layoutDeclarationsMoveZonesAndChangeHowTheyFan() throws {
        let m = LayoutMetrics.standard
        func frames(_ rules: GameRules, _ table: CardTable) -> [String: PileFrame] {
            Dictionary(uniqueKeysWithValues: TableLayout(rules: rules).geometry(of: table).piles.map { ($0.address, $0) })
        }
        // King Albert's reserve stands in the first band, from the left edge, beside the foundations.
        let albert = try Positions.rules("KingAlbert")
        expectEqual(albert.layout, [ZoneLayout(zone: "reserve", row: 1, side: .left)])
        let albertFrames = frames(albert, try albert.deal(.seed(1)))
        let reserve1 = try frame(albertFrames, "reserve[1]"), reserve7 = try frame(albertFrames, "reserve[7]")
        let foundation1 = try frame(albertFrames, "foundation[1]"), column1 = try frame(albertFrames, "tableau[1]")
        expectEqual(reserve1.origin, LayoutPoint(x: m.margin, y: foundation1.origin.y))
        expectLess(reserve7.origin.x + m.cardWidth, foundation1.origin.x)
        expectGreater(column1.origin.y, reserve1.origin.y + m.cardHeight)

        let source = """
            game "Layouts"
            decks 1
            option wide: true | false = false
            zone stock 1
            zone waste 1
            zone reserve 2
            zone foundation 4
            zone tableau 6
            layout tableau row 1 left fan right 2 in rows of 3
            layout stock row 3 right
            layout reserve fan down
            layout foundation in rows of if wide then 4 else 2
            deal reserve 3 cards face up
            deal tableau 4 cards face up
            deal stock rest face down
            lift tableau {}
            accept foundation {}
            won when all(f in foundation: f.size == 13)
            """
        let rules = try GameCompiler.compile(source: source)
        let table = try rules.deal(.seed(1))
        let layout = TableLayout(rules: rules)
        expectEqual(layout.plan.bands.map { $0.left.map { $0.zone } }, [["waste", "tableau"], ["reserve"], []])
        expectEqual(layout.plan.bands.map { $0.right.map { $0.zone } }, [["foundation"], [], ["stock"]])
        let placements = Dictionary(uniqueKeysWithValues: layout.plan.bands.flatMap { $0.placements }.map { ($0.zone, $0) })
        expectEqual(placements["tableau"], ZonePlacement(zone: "tableau", fan: .right(showing: 2), pilesPerRow: 3))
        expectEqual(placements["reserve"], ZonePlacement(zone: "reserve", fan: .down))
        expectEqual(placements["foundation"]?.pilesPerRow, 2)
        expectEqual(placements["waste"], ZonePlacement(zone: "waste", fan: .right(showing: 3)))

        let f = frames(rules, table)
        // The tableau follows the waste in the first band, three piles to a row, each fanned right.
        let waste = try frame(f, "waste"), tableau1 = try frame(f, "tableau[1]"), tableau4 = try frame(f, "tableau[4]")
        expectTrue(tableau1.origin.y == waste.origin.y && tableau1.origin.x > waste.origin.x)
        expectTrue(tableau4.origin.x == tableau1.origin.x && tableau4.origin.y > tableau1.origin.y)
        expectEqual(tableau1.cards.map(\.x), [tableau1.origin.x, tableau1.origin.x, tableau1.origin.x, tableau1.origin.x + m.sideStep])
        // The reserve fans down in the second band; the stock stands alone at the right of the third.
        let reserve = try frame(f, "reserve[1]"), stock = try frame(f, "stock")
        expectTrue(reserve.origin.x == m.margin && reserve.origin.y > tableau4.origin.y)
        expectEqual(reserve.cards.map(\.y), [reserve.origin.y, reserve.origin.y + m.faceUpStep, reserve.origin.y + 2 * m.faceUpStep])
        expectGreater(stock.origin.y, reserve.cards[2].y + m.cardHeight - 1)
        expectEqual(stock.origin.x + m.cardWidth, TableLayout(rules: rules).geometry(of: table).width - m.margin)
        // Two foundations to a row: the third stands under the first.
        #expect(try frame(f, "foundation[3]").origin.x == frame(f, "foundation[1]").origin.x)
        #expect(try frame(f, "foundation[3]").origin.y > frame(f, "foundation[1]").origin.y)
        // An option the layout reads changes the picture, and only the picture.
        let wide = try GameCompiler.compile(source: source, options: ["wide": "true"])
        expectEqual(TableLayout(rules: wide).plan.bands[0].right.first?.pilesPerRow, 4)
        let drawn = drawnCards(try XMLTree.parse(TableSVG(rules: rules).svg(of: table)))
        expectTrue(Set(drawn) == Set(tableCards(rules, table)) && drawn.count == 52)

        // A variant overrides a layout as it overrides any part, and adds one of its own.
        let variant = """
            extends "Base.patience"
            game "Variant"
            override layout stock row 1 left
            layout waste stacked
            """
        let varied = try GameCompiler.compile(source: variant, path: "/games/Variant.patience", files: ["/games/Base.patience": source])
        expectEqual(varied.layout.map(\.zone), ["tableau", "stock", "reserve", "foundation", "waste"])
        expectEqual(varied.layout.first { $0.zone == "stock" }, ZoneLayout(zone: "stock", row: 1, side: .left))
        expectEqual(TableLayout(rules: varied).plan.bands[0].left.map { $0.zone }, ["waste", "tableau", "stock"])
        // Without `override`, a second layout of the stock is a part the base already has (P0515).
        #expect(throws: DiagnosticsError.self) {
            try GameCompiler.compile(source: variant.replacingOccurrences(of: "override ", with: ""), path: "/games/Variant.patience",
                                     files: ["/games/Base.patience": source])
        }
    }

    @Test func aGameWithoutLayoutDeclarationsHasNone() throws {
        #expect(try Positions.rules("Klondike").layout.isEmpty)
        #expect(try Positions.rules("Plait").layout.map(\.zone) == ["plait", "field"])
    }

    @Test func textFromTheRuleFileIsEscaped() throws {
        let source = """
            game "Bread & <Butter> \\"Patience\\""
            decks 1
            zone stock 1
            zone foundation 4
            deal stock rest face down
            accept foundation { require run.size == 1 else "one" }
            won when all(f in foundation: f.size == 13)
            """
        let rules = try GameCompiler.compile(source: source)
        let text = TableSVG(rules: rules).svg(of: try rules.deal(.seed(1)), deal: .seed(1))
        let svg = try XMLTree.parse(text)
        expectEqual(svg.elements("title").map(\.text), ["Bread & <Butter> \"Patience\" · deal seed:1"])
    }

    @Test func theSameTableAlwaysGivesTheSameText() throws {
        let rules = try Positions.rules("Gypsy")
        let table = try rules.deal(.seed(9))
        expectEqual(TableSVG(rules: rules).svg(of: table), TableSVG(rules: rules).svg(of: table))
        #expect(TableSVG(rules: rules).svg(of: table) != TableSVG(rules: rules).svg(of: try rules.deal(.seed(10))))
    }
}
