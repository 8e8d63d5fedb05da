import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// The table as `patience play` draws it: a heading, then one row per pile, labelled with the
/// pile's address in the move notation and listing its cards from the bottom up.
///
/// ```
/// Klondike  deal seed:3  moves 0  time 0:00
///
///   stock          ## (24)
///   waste          --
///   …
///   tableau[2]     ## 5C
/// ```
struct TableDrawing: Sendable {
    var rules: GameRules
    var table: CardTable
    var style: CardStyle
    /// The deal as `--deal` writes it, shown in the heading so the game can be dealt again.
    var dealSpec: String?
    var playCount: Int
    /// Seconds since the game started, for the status line; nil to leave the clock out.
    var seconds: Int? = nil
    /// Whether `auto` plays cards to the foundations, shown in the status line.
    var autoplay = false
    /// The pile chosen as the source of the next move, marked with `*`.
    var selectedPile: Int?

    /// Face-up cards beyond this many in one pile are summarised, to keep rows on the screen.
    private let rowLimit = 24

    /// The drawing's lines, without newlines.
    var lines: [String] {
        let notation = MoveNotation(rules: rules)
        var heading = [style.bold(rules.name.isEmpty ? "Patience" : Spelling.printable(rules.name))]
        if let dealSpec { heading.append("deal \(dealSpec)") }
        heading.append("moves \(playCount)")
        if let score = rules.score(of: table) { heading.append("score \(score)") }
        if let memory = rules.memoryText(of: table) { heading.append(memory) }
        if let seconds { heading.append("time " + Self.clock(seconds)) }
        if autoplay { heading.append("auto") }
        var lines = [style.line(heading.joined(separator: "  "))]

        let labelWidth = table.piles.indices.map { notation.name(ofPile: $0).count }.max() ?? 0
        let grids = Self.grids(of: rules)
        var drawnGrids: Set<Int> = []
        var previousZone: Zone?
        // A hidden zone is the rules' own: the player never sees it.
        for zone in rules.zones where zone.role.isShown {
            if let grid = grids.firstIndex(where: { $0.contains { $0.zone == zone.name } }) {
                // A zone the rule file lays out as a grid is drawn as one, once for the zones that share it.
                if drawnGrids.insert(grid).inserted {
                    lines.append("")
                    lines += gridLines(grids[grid], labelWidth: labelWidth)
                }
                previousZone = nil
                continue
            }
            // Zones of one pile (stock, waste) sit together; a zone of several piles stands apart.
            let joinsPrevious = previousZone.map { $0.piles.count == 1 && zone.piles.count == 1 } ?? false
            if !joinsPrevious { lines.append("") }
            previousZone = zone
            for pile in zone.piles {
                let name = notation.name(ofPile: pile)
                let label = name + String(repeating: " ", count: labelWidth - name.count)
                let marker = pile == selectedPile ? "*" : " "
                lines.append(style.line(" \(marker) \(label)  \(cards(of: table.piles[pile], role: zone.role))"))
            }
        }
        return lines
    }

    /// The zones a `layout` declaration arranges (in rows of a number, rows of given lengths, or
    /// at places), each with its piles' places in half places: one grid a zone, or one for the
    /// zones of a band that share theirs, as the picture lays them out (``LayoutPlan``).
    static func grids(of rules: GameRules) -> [[(zone: String, places: [GridPlace])]] {
        let arranged = Set(rules.layout.filter { $0.pilesPerRow != nil || $0.rowLengths != nil || $0.places != nil || $0.overlapping }.map(\.zone))
        var grids: [[(zone: String, places: [GridPlace])]] = []
        for band in LayoutPlan.standard(for: rules).bands {
            var shared: [(zone: String, places: [GridPlace])] = []
            for placement in band.placements where arranged.contains(placement.zone) {
                guard let zone = rules.zones.first(where: { $0.name == placement.zone }), zone.role.isShown else { continue }
                let perRow = max(1, placement.pilesPerRow ?? zone.piles.count)
                let places = placement.places ?? (0..<zone.piles.count).map { GridPlace(column: 2 * ($0 % perRow), row: 2 * ($0 / perRow)) }
                if placement.sharesGrid {
                    shared.append((zone.name, places))
                } else {
                    grids.append([(zone.name, places)])
                }
            }
            if !shared.isEmpty { grids.append(shared) }
        }
        return grids
    }

    /// A grid of piles as lines of text: each pile written as its short name and its cards
    /// (`t7 5C`), at its column (a half place is half a cell wide), one line for each row of
    /// places, so that a pyramid's rows step in half a cell at a time. The zones' names stand in
    /// the label column of the first line. A grid that would be wider than ``gridWidth`` columns
    /// (Gaps' four rows of thirteen) leaves the names out of its cells and names the first and
    /// last pile of each line in the label column instead (`t14-t26`).
    private func gridLines(_ grid: [(zone: String, places: [GridPlace])], labelWidth: Int, named: Bool = true) -> [String] {
        let shorthand = Dictionary(PileShorthand(rules: rules).abbreviations.map { ($0.zone.name, $0.shorthand) }) { first, _ in first }
        struct Cell {
            var place: GridPlace
            var name: String
            var text: String
            var width: Int
            var selected: Bool
        }
        var cells: [Cell] = []
        for (name, places) in grid {
            guard let zone = rules.zones.first(where: { $0.name == name }) else { continue }
            let short = shorthand[name] ?? name
            for (offset, (pile, place)) in zip(zone.piles, places).enumerated() {
                let label = zone.piles.count == 1 ? short : "\(short)\(offset + 1)"
                let text = (named ? style.dim(label) + " " : "") + gridCards(of: table.piles[pile], role: zone.role)
                cells.append(Cell(place: place, name: label, text: text, width: Self.visibleWidth(text), selected: pile == selectedPile))
            }
        }
        let cellWidth = cells.map(\.width).max() ?? 0
        // Two spaces at least between cells, one of them for the chosen pile's mark.
        let half = (cellWidth + 3) / 2
        let title = grid.map(\.zone).joined(separator: ", ")
        var lines: [String] = []
        let titleFits = named && title.count <= labelWidth
        if !titleFits { lines.append(style.line("   " + title)) }
        for (index, row) in Set(cells.map(\.place.row)).sorted().enumerated() {
            let rowCells = cells.filter { $0.place.row == row }.sorted { $0.place.column < $1.place.column }
            var label = index == 0 && titleFits ? title : ""
            if !named, let first = rowCells.first, let last = rowCells.last {
                label = first.name == last.name ? first.name : "\(first.name)-\(last.name)"
            }
            var text = "   " + label.padding(toLength: max(labelWidth, label.count), withPad: " ", startingAt: 0) + "  "
            var column = 0
            for cell in rowCells {
                let start = cell.place.column * half
                // A cell never runs into the one before it, whatever the places say.
                let gap = max(column == 0 ? 0 : 1, start - column)
                text += String(repeating: " ", count: gap)
                // The chosen pile's mark takes the space before it, so that the columns stay put.
                if cell.selected { text = String(text.dropLast()) + "*" }
                text += cell.text
                column += gap + cell.width
            }
            lines.append(style.line(text.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)))
        }
        if named, lines.contains(where: { Self.visibleWidth($0) > Self.gridWidth }) {
            return gridLines(grid, labelWidth: labelWidth, named: false)
        }
        return lines
    }

    /// The widest a grid of named cells may be, in columns, before its cells lose their names.
    static let gridWidth = 100

    /// A pile's cards in a grid's cell: its top card, or up to its top three face-up cards when
    /// it fans out, with the number of cards when it holds more than it shows.
    private func gridCards(of pile: Pile, role: ZoneRole) -> String {
        guard !pile.isEmpty else { return style.emptyMark }
        let faceUp = pile.cards.reversed().prefix { $0.isFaceUp }.count
        let shown = role == .stock || role == .foundation || role == .cell ? 1 : max(1, min(3, faceUp))
        let faces = pile.cards.suffix(shown).map(style.text(of:)).joined(separator: " ")
        return pile.count > shown ? faces + style.dim("(\(pile.count))") : faces
    }

    /// How many columns a text takes on a terminal: its characters, without escape sequences.
    static func visibleWidth(_ text: String) -> Int {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression).count
    }

    /// `0:42`, `12:05`, `1:02:03`: elapsed time as a clock shows it.
    static func clock(_ seconds: Int) -> String {
        let s = max(seconds, 0)
        let twoDigits = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(twoDigits(s / 60 % 60)):\(twoDigits(s % 60))" : "\(s / 60):\(twoDigits(s % 60))"
    }

    /// A pile's cards, bottom first. Stock and foundations show their top card, a waste its top
    /// three, as they lie on a real table; the number in brackets is the pile's size.
    private func cards(of pile: Pile, role: ZoneRole) -> String {
        guard !pile.isEmpty else { return style.emptyMark }
        let shown: Int
        switch role {
        case .stock, .foundation: shown = 1
        case .waste: shown = 3
        default: shown = rowLimit
        }
        let faces = pile.cards.suffix(shown).map(style.text(of:)).joined(separator: " ")
        guard pile.count > shown else { return faces }
        return role == .stock || role == .foundation || role == .waste
            ? faces + " " + style.dim("(\(pile.count))")
            : style.dim("(\(pile.count - shown) more)") + " " + faces
    }
}
