import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// A position: a whole ``CardTable`` written as one JSON object, which `patience deal --format
/// json` writes and `--board` reads back exactly (the format is described in `Docs/Positions.md`).
///
/// ```
/// {
///   "format": "patience-table",
///   "version": 1,
///   "game": "Klondike",
///   "deal": "seed:7",
///   "options": {"draw": 1, "redeals": "unlimited"},
///   "actions": [{"action": "draw", "uses": 3}, {"action": "redeal", "uses": 0}],
///   "piles": [
///     {"address": "stock", "zone": "stock", "role": "stock", "cards": [{"card": "10C", "face": "down"}, …]},
///     …
///   ]
/// }
/// ```
///
/// The piles and the uses of the actions are written in these readable forms; every other part
/// of a `CardTable` is written as a member of its own, under the name and in the form that
/// `CardTable`'s `Codable` conformance gives it, so that state added to the table later is
/// written and read without a new format: `"memory"` (the value of each `memory` declaration, in
/// declaration order), and `"seed"` and `"shuffles"` (what the next `shuffle` draws from). A part
/// that holds what a table read without it holds (no memory, no seed, no shuffles) is left out.
/// A joker is `{"card": "JK"}`, with `"deck": n` for the game's nth joker when it has several.
public enum TablePosition {
    /// The value of the `format` member.
    public static let formatName = "patience-table"
    /// The version of the format this program writes, and the only one it reads.
    public static let version = 1

    /// The members a position has besides the parts of the table that `CardTable` encodes itself.
    static let fixedMembers = ["format", "version", "game", "deal", "options", "actions", "piles"]
    /// The parts of `CardTable` that are written in readable forms of their own.
    static let readableTableFields: Set<String> = ["piles", "actionUses"]

    /// Whether a text is a position rather than board text: its first character other than white
    /// space is `{`, which no line of board text starts with.
    public static func isPosition(_ text: String) -> Bool {
        text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" } == "{"
    }

    /// The option values a position was written with, as text for `GameCompiler` (`"3"`,
    /// `"unlimited"`, `"true"`), so that its rules can be compiled as they were; the values are
    /// checked again against the compiled rules when the table is read.
    public static func optionValues(in text: String, path: String? = nil) throws(DiagnosticsError) -> [String: String] {
        do {
            let root = try JSONReader.parse(text)
            guard case .object(let members) = root.value else { return [:] }
            guard let options = members.last(where: { $0.key == "options" })?.value, case .object(let settings) = options.value else { return [:] }
            var values: [String: String] = [:]
            for setting in settings {
                switch setting.value.value {
                case .number(let digits): values[setting.key] = digits
                case .boolean(let flag): values[setting.key] = flag ? "true" : "false"
                case .string(let word): values[setting.key] = word
                default: continue
                }
            }
            return values
        } catch {
            throw DiagnosticsError(diagnostics: error.diagnostics, path: path, source: text)
        }
    }
}

extension GameRules {
    /// The table as a position (see ``TablePosition``), its members one per line and each pile
    /// on a line of its own. `deal` is the deal the game started from, or null.
    public func positionJSON(of table: CardTable, deal: DealSource? = nil) -> String {
        let options = JSONValue.object(optionValues.sorted { $0.key < $1.key }.map { name, value in
            let written: JSONValue = booleanOptions.contains(name) ? .boolean(value != 0)
                : value == Int.max ? .string("unlimited") : .integer(value)
            return (name, written)
        })
        let actions = JSONValue.array(actionNames.enumerated().map { index, name in
            .object([("action", .string(name)), ("uses", .integer(table.actionUses.indices.contains(index) ? table.actionUses[index] : 0))])
        })
        let writesCopies = maximumCopies > 1
        let writesJokerNumbers = deck.lazy.filter(\.isJoker).count > 1
        let piles = table.piles.enumerated().map { index, pile -> JSONValue in
            let zone = zone(ofPile: index)
            let cards = pile.cards.map { placed -> JSONValue in
                var members: [(key: String, value: JSONValue)] = [("card", .string(placed.card.description))]
                if placed.card.isJoker {
                    if writesJokerNumbers { members.append(("deck", .integer(Int(placed.card.rawValue - Card.firstJokerRawValue) + 1))) }
                } else if writesCopies {
                    members.append(("deck", .integer(placed.card.copy + 1)))
                }
                members.append(("face", .string(placed.isFaceUp ? "up" : "down")))
                return .object(members)
            }
            return .object([
                ("address", .string(address(ofPile: index))), ("zone", .string(zone.name)),
                ("role", .string(zone.role.rawValue)), ("cards", .array(cards)),
            ])
        }
        var lines = [
            ("format", JSONValue.string(TablePosition.formatName)), ("version", .integer(TablePosition.version)),
            ("game", .string(name)), ("deal", .string(deal?.spec)), ("options", options), ("actions", actions),
        ].map { "  \(JSONValue.string($0.0).encoded): \($0.1.encoded)" }
        for (field, value) in Self.otherTableFields(of: table, omittingDefaults: true) {
            lines.append("  \(JSONValue.string(field).encoded): \(value)")
        }
        let pileLines = piles.isEmpty ? "[]" : "[\n" + piles.map { "    " + $0.encoded }.joined(separator: ",\n") + "\n  ]"
        lines.append("  \"piles\": \(pileLines)")
        return "{\n" + lines.joined(separator: ",\n") + "\n}"
    }

    /// Every part of the table but its piles and action uses, as `CardTable` encodes it: its
    /// name and its JSON text, in the order of the names. With `omittingDefaults`, a part that
    /// holds what a table read without it holds (no memory, no shuffles) is left out, so that
    /// the positions of games without such state carry none of it.
    static func otherTableFields(of table: CardTable, omittingDefaults: Bool = false) -> [(String, String)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(table), let node = try? JSONReader.parse(String(decoding: data, as: UTF8.self)),
              case .object(let members) = node.value else { return [] }
        let fields = members.filter { !TablePosition.readableTableFields.contains($0.key) }.map { ($0.key, $0.value.text) }
        guard omittingDefaults else { return fields }
        let defaults = Dictionary(otherTableFields(of: CardTable(piles: [], actionUses: [])), uniquingKeysWith: { a, _ in a })
        return fields.filter { defaults[$0.0] != $0.1 }
    }

    /// Reads a position (see ``TablePosition``) as a table of this game. The position must be of
    /// this game and of these option values, and hold exactly the game's cards in its piles;
    /// every finding names the member's line and column.
    public func table(fromPosition text: String, path: String? = nil) throws(DiagnosticsError) -> CardTable {
        do {
            var reader = PositionReader(rules: self)
            return try reader.table(from: try JSONReader.parse(text))
        } catch {
            throw DiagnosticsError(diagnostics: error.diagnostics, path: path, source: text)
        }
    }

    /// Reads a position or board text, whichever `text` is (see ``TablePosition/isPosition(_:)``).
    public func table(fromBoardOrPosition text: String, path: String? = nil) throws(DiagnosticsError) -> CardTable {
        TablePosition.isPosition(text) ? try table(fromPosition: text, path: path) : try table(fromBoardText: text, path: path)
    }
}
