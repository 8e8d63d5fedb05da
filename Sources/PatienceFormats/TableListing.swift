import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// A table listed pile by pile under the addresses of ``MoveNotation``, as text for people
/// and as JSON for programs (`patience deal --format text` and `--format json`).
///
/// Cards are written as board text writes them (`TS`, `AH`), bottom card first; a face-down
/// card is written in angle brackets, `<8H>`.
public struct TableListing: Sendable {
    public let rules: GameRules

    public init(rules: GameRules) { self.rules = rules }

    /// The game, the deal and the option values, then one line per pile such as
    /// `tableau[1]: JD KD 2S`, the addresses padded so that the cards line up. An empty pile
    /// reads `(empty)`. The piles of a hidden zone are left out. A game with a score or memory
    /// has a `score:` and a `memory:` line after the options. Every line ends in a newline.
    public func text(of table: CardTable, deal: DealSource? = nil) -> String {
        var lines = ["game: \(rules.name)"]
        if let spec = deal?.spec { lines.append("deal: \(spec)") }
        if !rules.optionValues.isEmpty {
            lines.append("options: " + sortedOptions.map { "\($0.name)=\(Self.describe($0.value))" }.joined(separator: " "))
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

    /// One JSON object, its members one per line:
    ///
    /// ```
    /// {
    ///   "game": "FreeCell",
    ///   "deal": "ms:1",
    ///   "options": {},
    ///   "piles": [
    ///     {"address": "cell[1]", "zone": "cell", "role": "cell", "cards": []},
    ///     {"address": "tableau[1]", "zone": "tableau", "role": "tableau", "cards": [{"card": "JD", "face": "up"}, …]},
    ///     …
    ///   ]
    /// }
    /// ```
    ///
    /// `deal` is null for a table read from board text. An option's value is a number, or the
    /// string `"unlimited"`. `face` is `"up"` or `"down"`. Every pile is listed, those of hidden
    /// zones too. A game with a score adds `"score"`, one with memory `"memory"` (each memory's
    /// name and value), and one whose table has shuffled adds `"seed"` and `"shuffles"`, so that
    /// the position is whole. The text ends without a newline.
    public func json(of table: CardTable, deal: DealSource? = nil) -> String {
        let notation = MoveNotation(rules: rules)
        let options = JSONValue.object(sortedOptions.map { option in
            (option.name, option.value == Int.max ? .string("unlimited") : .integer(option.value))
        })
        let piles = table.piles.enumerated().map { index, pile -> JSONValue in
            let zone = rules.zone(ofPile: index)
            let cards = pile.cards.map { placed -> JSONValue in
                .object([("card", .string(placed.card.boardText)), ("face", .string(placed.isFaceUp ? "up" : "down"))])
            }
            return .object([
                ("address", .string(notation.name(ofPile: index))), ("zone", .string(zone.name)),
                ("role", .string(zone.role.rawValue)), ("cards", .array(cards)),
            ])
        }
        let pileLines = piles.isEmpty ? "[]" : "[\n" + piles.map { "    " + $0.encoded }.joined(separator: ",\n") + "\n  ]"
        var extra = ""
        if rules.hasScore { extra += "  \"score\": \(rules.score(of: table).map { JSONValue.integer($0) }?.encoded ?? "null"),\n" }
        if !rules.memorySlots.isEmpty {
            extra += "  \"memory\": \(JSONValue.object(rules.memoryValues(of: table).map { ($0.name, .integer($0.value)) }).encoded),\n"
        }
        if table.shuffles > 0 { extra += "  \"seed\": \(table.seed),\n  \"shuffles\": \(table.shuffles),\n" }
        return """
            {
              "game": \(JSONValue.string(rules.name).encoded),
              "deal": \(JSONValue.string(deal?.spec).encoded),
              "options": \(options.encoded),
            \(extra)  "piles": \(pileLines)
            }
            """
    }

    private var sortedOptions: [(name: String, value: Int)] {
        rules.optionValues.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static func describe(_ value: Int) -> String {
        value == Int.max ? "unlimited" : String(value)
    }

    private static func text(of placed: PlacedCard) -> String {
        placed.isFaceUp ? placed.card.boardText : "<\(placed.card.boardText)>"
    }
}
