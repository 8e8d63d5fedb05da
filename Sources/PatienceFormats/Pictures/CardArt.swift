import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// The drawings a table's SVG reuses: the four suit symbols, a card's face and its back, and the
/// colours of the picture. Every shape is drawn here, so the picture needs no font for its
/// symbols and no image.
enum CardArt {
    static let felt = "#2f6b4f"
    static let labelColor = "#e4f1e8"
    static let red = "#c3122f"
    static let black = "#1b1b1b"
    static let outline = "#cfe6d8"
    /// The fonts asked for, most specific first; every system has the generic `sans-serif`.
    static let fontFamily = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

    /// The id of a suit's symbol in the picture's definitions.
    static func suitID(_ suit: Suit) -> String { "suit-\(suit.letter)" }

    /// The `<defs>` element, in lines: suits as symbols on a 100 by 100 box, a card's blank face
    /// and its back.
    static func definitions(_ m: LayoutMetrics) -> [String] {
        let w = m.cardWidth, h = m.cardHeight, r = m.cornerRadius
        return [
            "<defs>",
            "<symbol id=\"suit-C\" viewBox=\"0 0 100 100\"><circle cx=\"50\" cy=\"28\" r=\"21\"/><circle cx=\"27\" cy=\"60\" r=\"21\"/>"
                + "<circle cx=\"73\" cy=\"60\" r=\"21\"/><path d=\"M50 36L34 60H66Z\"/>"
                + "<path d=\"M46 56C46 74 42 86 31 96H69C58 86 54 74 54 56Z\"/></symbol>",
            "<symbol id=\"suit-D\" viewBox=\"0 0 100 100\"><path d=\"M50 3C62 21 74 36 89 50C74 64 62 79 50 97C38 79 26 64 11 50C26 36 38 21 50 3Z\"/></symbol>",
            "<symbol id=\"suit-H\" viewBox=\"0 0 100 100\"><path d=\"M50 93C44 84 6 62 6 33C6 17 17 7 29 7C39 7 46 13 50 22"
                + "C54 13 61 7 71 7C83 7 94 17 94 33C94 62 56 84 50 93Z\"/></symbol>",
            "<symbol id=\"suit-S\" viewBox=\"0 0 100 100\"><path d=\"M50 5C56 18 94 40 94 62C94 76 84 84 72 84C63 84 56 79 53 73"
                + "C54 83 58 90 67 96H33C42 90 46 83 47 73C44 79 37 84 28 84C16 84 6 76 6 62C6 40 44 18 50 5Z\"/></symbol>",
            "<pattern id=\"back-weave\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
                + "<rect width=\"6\" height=\"6\" fill=\"#234f8f\"/><rect width=\"3\" height=\"6\" fill=\"#2f64ad\"/></pattern>",
            "<g id=\"card-back\"><rect x=\"0.5\" y=\"0.5\" width=\"\(w - 1)\" height=\"\(h - 1)\" rx=\"\(r)\" fill=\"#f7f7f2\" stroke=\"#5a5a5a\"/>"
                + "<rect x=\"4\" y=\"4\" width=\"\(w - 8)\" height=\"\(h - 8)\" rx=\"\(max(1, r - 3))\" fill=\"url(#back-weave)\"/></g>",
            "<rect id=\"card-face\" x=\"0.5\" y=\"0.5\" width=\"\(w - 1)\" height=\"\(h - 1)\" rx=\"\(r)\" fill=\"#fffefa\" stroke=\"#5a5a5a\"/>",
            "</defs>",
        ]
    }

    /// Where a face-up card shows its rank's suit in the corner: beside the rank, for cards
    /// fanned downwards (only the top strip of each shows), or below it, for cards fanned to the
    /// right (only the left strip shows).
    enum Index {
        case beside
        case below
    }

    /// One card at `corner`: its back, or its face with the rank and suit in the top left corner
    /// (the part a fan leaves showing) and, unless `pip` is false (a card other cards half
    /// cover), a large suit in the middle. `data-card` names the card
    /// as board text writes it, `data-copy` its deck in a game of several, `data-face` up or down.
    static func card(_ placed: PlacedCard, at corner: LayoutPoint, index: Index, pip: Bool = true, metrics m: LayoutMetrics) -> String {
        let card = placed.card
        var attributes = "class=\"card\" data-card=\"\(card.boardText)\""
        if card.copy > 0 { attributes += " data-copy=\"\(card.copy)\"" }
        let translate = "transform=\"translate(\(corner.x) \(corner.y))\""
        guard placed.isFaceUp else {
            return "<g \(attributes) data-face=\"down\" \(translate)><use href=\"#card-back\"/></g>"
        }
        let color = card.color == .red ? red : black
        let rank = Card.rankName(card.rank)
        let suit = suitID(card.suit)
        // "10" is set tighter, so that its two digits fit the strip a fan to the right leaves;
        // beside the rank, the suit sits closer after a narrow J and further after a 10.
        let spacing = card.rank == 10 ? " letter-spacing=\"-1\"" : ""
        let suitCorner: (x: Int, y: Int)
        switch (index, card.rank) {
        case (.beside, 10): suitCorner = (25, 4)
        case (.beside, 11): suitCorner = (13, 4)
        case (.beside, _): suitCorner = (17, 4)
        case (.below, 10): suitCorner = (8, 20)
        case (.below, _): suitCorner = (4, 20)
        }
        let size = m.cardWidth / 2
        return "<g \(attributes) data-face=\"up\" \(translate)><use href=\"#card-face\"/>"
            + "<text x=\"4\" y=\"16\" fill=\"\(color)\"\(spacing)>\(rank)</text>"
            + "<use href=\"#\(suit)\" x=\"\(suitCorner.x)\" y=\"\(suitCorner.y)\" width=\"13\" height=\"13\" fill=\"\(color)\"/>"
            + (pip ? "<use href=\"#\(suit)\" x=\"\((m.cardWidth - size) / 2)\" y=\"\((m.cardHeight - size) / 2 + 8)\" width=\"\(size)\" height=\"\(size)\" fill=\"\(color)\"/>" : "")
            + "</g>"
    }
}
