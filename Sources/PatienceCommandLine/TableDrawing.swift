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
        if let seconds { heading.append("time " + Self.clock(seconds)) }
        if autoplay { heading.append("auto") }
        var lines = [style.line(heading.joined(separator: "  "))]

        let labelWidth = table.piles.indices.map { notation.name(ofPile: $0).count }.max() ?? 0
        var previousZone: Zone?
        // A hidden zone is the rules' own: the player never sees it.
        for zone in rules.zones where zone.role.isShown {
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
