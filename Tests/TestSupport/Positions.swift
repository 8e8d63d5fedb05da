import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats
import Patience
import PatienceCommandLine

/// Bundled games and hand-written positions for the rule tests.
///
/// A position is written pile by pile, keyed by pile address, bottom card first:
///
///     ["tableau 1": "KS QH", "tableau 2": "#5C #9D 8H", "stock": "#..."]
///
/// - A card is a rank (`A`, `2`…`10`, `T`, `J`, `Q`, `K`) and a suit letter; `#` marks it face down.
/// - `5S..AS` is the run of one suit from the first rank to the second, up or down.
/// - `JK` is a joker (the next one of the deck not written yet).
/// - `...` (or `#...` face down) stands for every card of the game not written anywhere else, in the
///   deck's canonical order, so that a position always holds exactly the game's cards.
/// - In a game of several decks, the first `QH` written is copy 0, the next copy 1, and so on, in pile order.
/// - A zone of one pile may be written without its index (`stock`); piles not written are empty.
package enum Positions {
    /// The package's root folder, found from this file's path.
    package static let packageRoot = TestPaths.packageRoot

    /// The path of a bundled rule file, such as `Rules/Klondike.patience`.
    package static func rulesPath(_ game: String) -> String {
        packageRoot.appendingPathComponent("Rules/\(game).patience").path
    }

    /// A bundled game compiled with the given option values (a compile takes a few milliseconds).
    package static func rules(_ game: String, options: [String: String] = [:]) throws -> GameRules {
        try GameCompiler.compile(path: rulesPath(game), options: options)
    }

    /// The line numbers (from 1) of a bundled rule file that contain `text`.
    package static func lines(containing text: String, in game: String) throws -> [Int] {
        let source = try String(contentsOfFile: rulesPath(game), encoding: .utf8)
        return source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.contains(text) }.map { $0.offset + 1 }
    }

    /// The table a position describes, with how often each action (by name) has been used and the
    /// values of the memories it names (by name; the others keep their first values).
    package static func table(_ rules: GameRules, _ layout: [String: String], actionUses: [String: Int] = [:],
                              memory: [String: Int] = [:]) throws(PositionError) -> CardTable {
        var piles = Array(repeating: Pile(), count: rules.pileCount)
        var written: [Int: [Token]] = [:]
        for (address, text) in layout {
            let pile = try rules.pile(address)
            guard written[pile] == nil else { throw PositionError("\(address) is written twice") }
            written[pile] = try tokens(text)
        }
        // Copies are handed out in pile order, so that "the first QH" means the same thing in every run.
        var unused = rules.deck
        var restPile: (pile: Int, position: Int, faceUp: Bool)?
        for pile in written.keys.sorted() {
            for token in written[pile]! {
                switch token {
                case .card(let rank, let suit, let faceUp):
                    guard let index = unused.firstIndex(where: { $0.rank == rank && $0.suit == suit }) else {
                        throw PositionError("\(Card.rankName(rank))\(suit.letter) is not in the deck, or every copy is already placed")
                    }
                    piles[pile].cards.append(PlacedCard(unused.remove(at: index), faceUp: faceUp))
                case .joker(let faceUp):
                    guard let index = unused.firstIndex(where: \.isJoker) else {
                        throw PositionError("the deck has no joker left to place")
                    }
                    piles[pile].cards.append(PlacedCard(unused.remove(at: index), faceUp: faceUp))
                case .rest(let faceUp):
                    guard restPile == nil else { throw PositionError("'...' is written twice") }
                    restPile = (pile, piles[pile].cards.count, faceUp)
                }
            }
        }
        if let restPile {
            piles[restPile.pile].cards.insert(contentsOf: unused.map { PlacedCard($0, faceUp: restPile.faceUp) }, at: restPile.position)
        } else if !unused.isEmpty {
            throw PositionError("\(unused.count) cards are not placed; write '...' where the rest of the deck lies")
        }
        var uses = Array(repeating: 0, count: rules.actionNames.count)
        for (name, count) in actionUses {
            guard let index = rules.actionNames.firstIndex(of: name) else { throw PositionError("no action '\(name)'") }
            uses[index] = count
        }
        var values = rules.memorySlots.map(\.initial)
        for (name, value) in memory {
            guard let slot = rules.memorySlots.firstIndex(where: { $0.name == name }) else { throw PositionError("no memory '\(name)'") }
            values[slot] = value
        }
        return CardTable(piles: piles, actionUses: uses, memory: values)
    }

    /// A pile written the way positions are, `#` for face-down cards: `#5C 8H`.
    package static func text(of pile: Pile) -> String {
        pile.cards.map { ($0.isFaceUp ? "" : "#") + $0.card.description }.joined(separator: " ")
    }

    /// The first copy of a card written as text, such as `QH` or `10S`.
    package static func card(_ text: String, copy: Int = 0) throws(PositionError) -> Card {
        guard case .card(let rank, let suit, _)? = try tokens(text).first else { throw PositionError("'\(text)' is not a card") }
        return Card(rank: rank, suit: suit, copy: copy)
    }

    /// Several cards written as text, each its first copy.
    package static func cards(_ text: String) throws(PositionError) -> [Card] {
        try tokens(text).map { token throws(PositionError) in
            guard case .card(let rank, let suit, _) = token else { throw PositionError("'...' is not a card") }
            return Card(rank: rank, suit: suit)
        }
    }

    private enum Token {
        case card(rank: Int, suit: Suit, faceUp: Bool)
        case joker(faceUp: Bool)
        case rest(faceUp: Bool)
    }

    private static func tokens(_ text: String) throws(PositionError) -> [Token] {
        var result: [Token] = []
        for word in text.split(separator: " ") {
            let faceUp = !word.hasPrefix("#")
            let body = faceUp ? word : word.dropFirst()
            if body == "..." {
                result.append(.rest(faceUp: faceUp))
                continue
            }
            if body == "JK" {
                result.append(.joker(faceUp: faceUp))
                continue
            }
            let ends = body.split(separator: "..", omittingEmptySubsequences: false)
            guard ends.count <= 2 else { throw PositionError("'\(word)' is not a card or a run") }
            let (firstRank, suit) = try parseCard(ends[0])
            var last = firstRank
            if ends.count == 2 {
                let (lastRank, lastSuit) = try parseCard(ends[1])
                guard lastSuit == suit else { throw PositionError("the run '\(word)' changes suit") }
                last = lastRank
            }
            for rank in stride(from: firstRank, through: last, by: last >= firstRank ? 1 : -1) {
                result.append(.card(rank: rank, suit: suit, faceUp: faceUp))
            }
        }
        return result
    }

    private static func parseCard(_ text: Substring) throws(PositionError) -> (Int, Suit) {
        guard let letter = text.last, let suit = Suit(letter: letter), let rank = Card.rank(from: text.dropLast()) else {
            throw PositionError("'\(text)' is not a card")
        }
        return (rank, suit)
    }
}

/// A position or address a test wrote that does not fit the game.
package struct PositionError: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) { self.description = description }
}

extension GameRules {
    /// The flat index of a pile written as `tableau 3`, or `stock` for a zone of one pile.
    package func pile(_ address: String) throws(PositionError) -> Int {
        let words = address.split(separator: " ")
        guard let zoneName = words.first, words.count <= 2 else { throw PositionError("'\(address)' is not a pile address") }
        let index: Int
        if words.count == 2 {
            guard let number = Int(words[1]) else { throw PositionError("'\(address)' is not a pile address") }
            index = number
        } else {
            guard zones.first(where: { $0.name == zoneName })?.piles.count == 1 else {
                throw PositionError("'\(address)' needs a pile index")
            }
            index = 1
        }
        guard let pile = pileIndex(of: PileID(zone: String(zoneName), index: index)) else {
            throw PositionError("\(name) has no pile '\(address)'")
        }
        return pile
    }

    /// A move of the top `count` cards between two piles written as addresses.
    package func move(_ count: Int, from source: String, to destination: String) throws(PositionError) -> Move {
        Move(source: try pile(source), count: count, destination: try pile(destination))
    }
}
