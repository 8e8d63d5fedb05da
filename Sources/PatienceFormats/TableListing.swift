import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// A table listed pile by pile under the addresses of ``MoveNotation``, as text for people
/// and as JSON for programs (`patience deal --format text` and `--format json`).
///
/// Cards are written as rule files, `patience play` and every message write them (`10S`, `AH`):
/// the project's one spelling for people, `Card.description`. Only board text, Freecell
/// Solver's format, writes `T` (readers of cards accept both). Bottom card first; a face-down
/// card is written in angle brackets, `<8H>`.
public struct TableListing: Sendable {
    /// The game whose tables are listed.
    public let rules: GameRules

    /// A listing of this game's tables.
    public init(rules: GameRules) { self.rules = rules }

    /// The game, the deal and the option values, then one line per pile such as
    /// `tableau[1]: JD KD 2S`, the addresses padded so that the cards line up. An empty pile
    /// reads `(empty)`. The piles of a hidden zone are left out. A game with a score or memory
    /// has a `score:` and a `memory:` line after the options. Every line ends in a newline.
    public func text(of table: CardTable, deal: DealSource? = nil) -> String {
        var lines = ["game: \(Spelling.printable(rules.name))"]
        if let spec = deal?.spec { lines.append("deal: \(spec)") }
        if !rules.optionValues.isEmpty {
            lines.append("options: " + sortedOptions.map { "\($0.name)=\(rules.optionText($0.name, value: $0.value))" }.joined(separator: " "))
        }
        if rules.hasScore { lines.append("score: " + (rules.score(of: table).map(String.init) ?? "none")) }
        let memory = rules.memoryValues(of: table)
        if !memory.isEmpty { lines.append("memory: " + memory.map { "\($0.name)=\($0.value)" }.joined(separator: " ")) }
        lines.append("")
        let notation = MoveNotation(rules: rules)
        let shown = table.piles.indices.filter { rules.zone(ofPile: $0).role.isShown }
        let names = shown.map { notation.name(ofPile: $0) + ":" }
        let width = names.map(\.count).max() ?? 0
        for (pile, name) in zip(shown.map { table.piles[$0] }, names) {
            let cards = pile.isEmpty ? "(empty)" : pile.cards.map(Self.text(of:)).joined(separator: " ")
            lines.append(name + String(repeating: " ", count: width - name.count + 1) + cards)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The table as a position, one JSON object that `--board` reads back exactly: the format,
    /// its version, the game, the deal, the options, the uses of each action and every pile's
    /// address, zone, role and cards (see ``TablePosition`` and ``GameRules/positionJSON(of:deal:)``).
    ///
    /// `deal` is null for a table read from a board. An option's value is a number, `true` or
    /// `false`, or the string `"unlimited"`. A card is `{"card": "QH", "face": "up"}`, with
    /// `"deck": n` in a game of several decks. A game with a score adds `"score"`, one with memory `"memory"`, and
    /// a table that has shuffled `"seed"` and `"shuffles"`, so that the position is whole. The text ends without a newline.
    public func json(of table: CardTable, deal: DealSource? = nil) -> String {
        rules.positionJSON(of: table, deal: deal)
    }

    private var sortedOptions: [(name: String, value: Int)] {
        rules.optionValues.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static func text(of placed: PlacedCard) -> String {
        placed.isFaceUp ? placed.card.description : "<\(placed.card.description)>"
    }
}
