import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// A table drawn as one self-contained SVG document (`patience deal --format svg`): cards with
/// rank and suit in red or black, face-down cards as backs, empty piles as dashed outlines and
/// each pile labelled with its address, laid out by a ``TableLayout``.
///
/// The document is valid XML, uses no external font, image or style sheet (the suit symbols are
/// drawn as paths, the text asks for common fonts and falls back to `sans-serif`) and holds every
/// card of the table exactly once, face-down cards included, as `<g class="card">` with
/// `data-card` (board text, `QH`), `data-copy` (its deck, when above 0) and `data-face`
/// (`up` or `down`). Each pile is a `<g class="pile">` with `data-pile` (its address), `data-zone`
/// and `data-role`. The same table always gives the same text.
public struct TableSVG: Sendable {
    /// Where everything goes.
    public let layout: TableLayout

    /// Draws the game's tables by `plan` (the standard plan for its roles when nil) at the sizes of `metrics`.
    public init(rules: GameRules, plan: LayoutPlan? = nil, metrics: LayoutMetrics = .standard) {
        layout = TableLayout(rules: rules, plan: plan, metrics: metrics)
    }

    /// Draws tables as `layout` lays them out.
    public init(layout: TableLayout) { self.layout = layout }

    /// The caption `deal --format svg` writes: `Klondike · deal seed:7 · draw=1 redeals=unlimited`,
    /// without the deal for a table read from board text and without options for a game with none.
    public static func caption(rules: GameRules, deal: DealSource?) -> String {
        var parts = [rules.name.isEmpty ? "Patience" : Spelling.printable(rules.name)]
        if let spec = deal?.spec { parts.append("deal \(spec)") }
        if !rules.optionValues.isEmpty {
            parts.append(rules.optionValues.sorted { $0.key < $1.key }
                .map { "\($0.key)=\(rules.optionText($0.key, value: $0.value))" }.joined(separator: " "))
        }
        return parts.joined(separator: " · ")
    }

    /// The picture of `table` with the caption for its deal, as `patience deal --format svg` writes it.
    public func svg(of table: CardTable, deal: DealSource?) -> String {
        svg(of: table, caption: Self.caption(rules: layout.rules, deal: deal))
    }

    /// The picture of `table`, with `caption` written above it when given, followed by the game's
    /// memories (`GameRules.memoryText(of:)`), which a game with memory shows even without a
    /// caption. The text ends in a newline.
    public func svg(of table: CardTable, caption given: String? = nil) -> String {
        parts(of: table, caption: given).whole
    }

    /// The parts of a picture: everything before the piles (the `<svg>` element's start, the
    /// definitions, the felt and the caption), each pile's `<g class="pile">` group in the order
    /// drawn, and the end; and what the head is made from besides the renderer's constants: the
    /// picture's size, its title and its caption. Two pictures of one renderer with the same
    /// title and both with or both without a caption have heads that differ only in the size and
    /// the caption's text.
    public struct Parts: Sendable {
        /// The lines before the piles.
        public var head: String
        /// Each pile's group, in the order drawn.
        public var piles: [String]
        /// The lines after the piles.
        public var tail: String
        /// The picture's width, in pixels.
        public var width: Int
        /// The picture's height, in pixels.
        public var height: Int
        /// The picture's title (its `<title>` and label).
        public var title: String
        /// The caption's text, nil when the picture has none.
        public var caption: String?

        /// The whole picture, as `svg(of:caption:)` writes it.
        public var whole: String { head + piles.joined() + tail }
    }

    /// The picture of `svg(of:caption:)` in its parts. A page of many tables writes only the
    /// groups that changed from one table to the next, and the size when it changed (`PlayPage`).
    public func parts(of table: CardTable, caption given: String? = nil) -> Parts {
        let memory = layout.rules.memoryText(of: table)
        let caption = given.map { text in memory.map { text + " · " + $0 } ?? text } ?? memory
        let m = layout.metrics
        let captionWidth = caption.map { Self.estimatedWidth($0, fontSize: 14, bold: true) } ?? 0
        let geometry = layout.geometry(of: table, captioned: caption != nil, captionWidth: captionWidth)
        let title = given ?? (layout.rules.name.isEmpty ? "Patience" : layout.rules.name)
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(geometry.width)\" height=\"\(geometry.height)\""
                + " viewBox=\"0 0 \(geometry.width) \(geometry.height)\" font-family=\"\(CardArt.fontFamily)\""
                + " font-size=\"15\" font-weight=\"bold\" role=\"img\" aria-label=\"\(Markup.escaped(title))\">",
            "<title>\(Markup.escaped(title))</title>",
        ]
        lines += CardArt.definitions(m)
        lines.append("<rect class=\"felt\" width=\"\(geometry.width)\" height=\"\(geometry.height)\" fill=\"\(CardArt.felt)\"/>")
        if let caption {
            lines.append("<text class=\"caption\" x=\"\(m.margin)\" y=\"\(m.margin + 14)\" font-size=\"14\" fill=\"\(CardArt.labelColor)\">"
                + "\(Markup.escaped(caption))</text>")
        }
        let piles = geometry.piles.map { frame in pile(frame, in: table).map { $0 + "\n" }.joined() }
        return Parts(head: lines.map { $0 + "\n" }.joined(), piles: piles, tail: "</svg>\n",
                     width: geometry.width, height: geometry.height, title: title, caption: caption)
    }

    private func pile(_ frame: PileFrame, in table: CardTable) -> [String] {
        let m = layout.metrics
        let zone = layout.rules.zone(ofPile: frame.pile)
        let cards = frame.pile < table.piles.count ? table.piles[frame.pile].cards : []
        var lines = ["<g class=\"pile\" data-pile=\"\(Markup.escaped(frame.address))\" data-zone=\"\(Markup.escaped(zone.name))\""
            + " data-role=\"\(Markup.escaped(LayoutPlan.roleName(of: zone)))\">"]
        // A long address is squeezed into its slot rather than run into its neighbour's.
        var fit = ""
        if Self.estimatedWidth(frame.address, fontSize: 10) > frame.labelWidth {
            fit = " textLength=\"\(frame.labelWidth)\" lengthAdjust=\"spacingAndGlyphs\""
        }
        if frame.labelBacked {
            let width = min(frame.labelWidth, Self.estimatedWidth(frame.address, fontSize: 10)) + 6
            lines.append("<rect class=\"label-strip\" x=\"\(frame.labelOrigin.x - 3)\" y=\"\(frame.labelOrigin.y - 10)\" width=\"\(width)\""
                + " height=\"13\" rx=\"3\" fill=\"\(CardArt.felt)\" fill-opacity=\"0.9\"/>")
        }
        lines.append("<text class=\"label\" x=\"\(frame.labelOrigin.x)\" y=\"\(frame.labelOrigin.y)\" font-size=\"10\""
            + " font-weight=\"normal\" fill=\"\(CardArt.labelColor)\"\(fit)>\(Markup.escaped(frame.address))</text>")
        if cards.isEmpty {
            lines.append("<rect class=\"outline\" x=\"\(frame.origin.x + 1)\" y=\"\(frame.origin.y + 1)\" width=\"\(m.cardWidth - 2)\""
                + " height=\"\(m.cardHeight - 2)\" rx=\"\(m.cornerRadius)\" fill=\"none\" stroke=\"\(CardArt.outline)\""
                + " stroke-opacity=\"0.7\" stroke-width=\"1.5\" stroke-dasharray=\"5 4\"/>")
        }
        // In a fan to the right only a strip of each card shows, so the suit goes below the rank;
        // the top card shows whole, with its suit beside the rank as on any other card.
        var fannedRight = false
        if case .right = frame.fan { fannedRight = true }
        for (position, (card, corner)) in zip(cards, frame.cards).enumerated() {
            let covered = fannedRight && position < cards.count - 1
            // The large suit of a card covered but for a strip would show only as a fragment.
            lines.append(CardArt.card(card, at: corner, index: covered ? .below : .beside, pip: !frame.overlapped && !covered, metrics: m))
        }
        if let badge = frame.countBadge {
            lines.append("<g class=\"count\"><circle cx=\"\(badge.x)\" cy=\"\(badge.y)\" r=\"10\" fill=\"#000000\" fill-opacity=\"0.65\"/>"
                + "<text x=\"\(badge.x)\" y=\"\(badge.y + 4)\" font-size=\"11\" fill=\"#ffffff\" text-anchor=\"middle\">\(cards.count)</text></g>")
        }
        lines.append("</g>")
        return lines
    }

    /// A generous estimate of a text's width in the fonts asked for: wide enough for DejaVu Sans,
    /// the widest of them.
    static func estimatedWidth(_ text: String, fontSize: Int, bold: Bool = false) -> Int {
        (text.count * fontSize * (bold ? 72 : 63) + 99) / 100
    }
}
