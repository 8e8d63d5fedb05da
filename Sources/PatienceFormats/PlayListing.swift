import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

extension MoveNotation {
    /// The plays one per line in this notation, each line ending in a newline (`patience moves`).
    public func listing(of plays: [Play]) -> String {
        plays.map { text(of: $0) + "\n" }.joined()
    }

    /// The plays as a JSON array, one object per line (`patience moves --format json`):
    ///
    /// ```
    /// [
    ///   {"notation": "tableau[7]x3->tableau[2]", "kind": "move", "source": "tableau[7]", "destination": "tableau[2]", "count": 3},
    ///   {"notation": "tap(stock)", "kind": "tap", "source": "stock", "destination": null, "count": null},
    ///   {"notation": "remove(tableau[1]+tableau[4])", "kind": "remove", "source": null, "destination": null, "count": 2,
    ///    "piles": ["tableau[1]", "tableau[4]"]}
    /// ]
    /// ```
    ///
    /// A tap's `source` is the tapped pile; a removal lists the piles whose top cards it removes.
    /// An empty list is `[]`. The text ends without a newline.
    public func json(of plays: [Play]) -> String {
        JSONValue.encodedLines(plays.map { play in
            switch play {
            case .move(let move):
                return .object([
                    ("notation", .string(text(of: play))), ("kind", .string("move")),
                    ("source", .string(name(ofPile: move.source))), ("destination", .string(name(ofPile: move.destination))),
                    ("count", .integer(move.count)),
                ])
            case .tap(let pile):
                return .object([
                    ("notation", .string(text(of: play))), ("kind", .string("tap")),
                    ("source", .string(name(ofPile: pile))), ("destination", .null), ("count", .null),
                ])
            case .remove(let piles):
                return .object([
                    ("notation", .string(text(of: play))), ("kind", .string("remove")),
                    ("source", .null), ("destination", .null), ("count", .integer(piles.count)),
                    ("piles", .array(piles.map { .string(name(ofPile: $0)) })),
                ])
            }
        })
    }
}
