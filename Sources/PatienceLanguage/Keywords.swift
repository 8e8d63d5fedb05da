import PatienceDiagnostics
import PatienceCards

/// The words of the language. Keywords are lexed as identifiers; these sets say where they
/// act as keywords. After `.` any word is a property name.
package enum Keywords {
    /// Words that begin a top-level declaration.
    package static let declarationStarts: Set<String> = [
        "game", "extends", "decks", "option", "zone", "deal", "relation", "let",
        "lift", "accept", "capacity", "action", "effect", "won", "override",
        "memory", "remove", "score", "layout",
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

    /// The literal words for suits and colours in expressions.
    package static let suits: [String: Suit] = [
        "clubs": .clubs, "diamonds": .diamonds, "hearts": .hearts, "spades": .spades,
    ]
    package static let colors: [String: CardColor] = ["red": .red, "black": .black]

    /// The roles a zone may have.
    package static let roles: [String] = ["stock", "waste", "foundation", "tableau", "cell", "reserve", "hidden"]
}
