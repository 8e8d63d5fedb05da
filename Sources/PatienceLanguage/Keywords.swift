import PatienceDiagnostics
import PatienceCards

/// The words of the language. Keywords are lexed as identifiers; these sets say where they
/// act as keywords. After `.` any word is a property name.
package enum Keywords {
    /// Words that begin a top-level declaration.
    package static let declarationStarts: Set<String> = [
        "game", "extends", "decks", "option", "zone", "deal", "relation", "let",
        "lift", "accept", "capacity", "action", "effect", "won", "override",
        "memory", "remove", "score", "layout", "reference", "differs",
    ]

    /// Words that begin a statement inside a `{ … }` body.
    package static let statementStarts: Set<String> = [
        "require", "if", "for", "deal", "move", "try", "flip", "shuffle", "set",
    ]

    /// Words that can never be used as a name.
    package static let reserved: Set<String> = declarationStarts.union(statementStarts).union([
        "then", "else", "in", "from", "to", "and", "or", "not", "true", "false", "unlimited",
        "all", "any", "count", "sum", "first", "when", "limit", "tap",
        "clubs", "diamonds", "hearts", "spades", "red", "black",
    ])

    /// The reserved words that are neither declaration nor statement starts, by what they do.
    /// Together with the two sets above they make exactly `reserved` (a test checks it), so the
    /// editor grammars in `Editors/` can colour each group and be tested against these lists.
    package static let clauseWords: Set<String> = ["then", "else", "from", "to", "when", "limit", "tap"]
    /// Words that combine or test conditions.
    package static let wordOperators: Set<String> = ["and", "or", "not", "in"]
    /// The literal words that are values.
    package static let literalWords: Set<String> = ["true", "false", "unlimited"]
    /// The quantifiers (Grammar.md 4.4).
    package static let quantifiers: Set<String> = ["all", "any", "count", "sum", "first"]
    /// Suit and colour words.
    package static let suitAndColourWords: Set<String> = Set(suits.keys).union(colors.keys)

    /// Words that are keywords only in one position and ordinary names elsewhere (Grammar.md 2.4):
    /// in deck, deal, relation, layout and differs declarations, zone roles and parameter types.
    package static let contextual: Set<String> = [
        "suits", "jokers", "aces", "high", "as", "rest", "card", "cards", "where", "with", "top",
        "by", "row", "pile", "split", "before", "moving", "bottom", "after", "each", "dealt", "order",
        "face", "up", "down", "number", "same", "suit", "alternate", "colour", "color", "other", "rank",
        "wrapping", "left", "right", "fan", "stacked", "rows", "of", "overlapping", "at",
        "removal", "position",
    ]

    /// The built-in functions and how many arguments each takes (Grammar.md 4.3); `uses` takes one action.
    package static let functions: [String: Int] = [
        "builds": 3, "sequence": 2, "segments": 2, "min": 2, "max": 2, "top": 2, "abs": 1, "uses": 1,
    ]

    /// The literal words for suits and colours in expressions.
    package static let suits: [String: Suit] = [
        "clubs": .clubs, "diamonds": .diamonds, "hearts": .hearts, "spades": .spades,
    ]
    package static let colors: [String: CardColor] = ["red": .red, "black": .black]

    /// The roles a zone may have.
    package static let roles: [String] = ["stock", "waste", "foundation", "tableau", "cell", "reserve", "hidden"]
}
