import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// The project's move notation, used by `patience moves`, `replay` and `play`.
///
/// - A pile is its zone's name, followed by `[index]` (1-based) when the zone has several piles:
///   `waste`, `stock`, `tableau[3]`, `foundation[1]`.
/// - A move is `SOURCE->DESTINATION`, with `xN` after the source when it lifts N cards:
///   `waste->foundation[2]`, `tableau[7]x3->tableau[2]`.
/// - A tap is `tap(PILE)`: `tap(stock)`.
/// - A removal is `remove(PILE+PILE…)`, the piles whose top cards leave together, in any order
///   (written in pile order): `remove(tableau[4]+tableau[8])`, `remove(waste)`.
///
/// In a list of moves, tokens are separated by white space, commas or new lines, and `#` starts a comment.
public struct MoveNotation: Sendable {
    /// The game whose piles the notation names.
    public let rules: GameRules

    /// The notation of this game's piles.
    public init(rules: GameRules) { self.rules = rules }

    /// The text of a pile's address.
    public func name(ofPile pile: Int) -> String { rules.address(ofPile: pile) }

    /// The text of a play.
    public func text(of play: Play) -> String {
        switch play {
        case .move(let move):
            let count = move.count == 1 ? "" : "x\(move.count)"
            return "\(name(ofPile: move.source))\(count)->\(name(ofPile: move.destination))"
        case .tap(let pile):
            return "tap(\(name(ofPile: pile)))"
        case .remove(let piles):
            return "remove(" + piles.sorted().map { name(ofPile: $0) }.joined(separator: "+") + ")"
        }
    }

    /// Reads a play. Throws `.unparseableMove` (P0708) for text that is not a play and `.noSuchPile` (P0601) for a pile the game lacks.
    public func play(_ text: String) throws(DiagnosticsError) -> Play {
        let token = Self.trimmingBlanks(text)
        if token.hasPrefix("tap(") && token.hasSuffix(")") {
            return .tap(pile: try pile(String(token.dropFirst(4).dropLast())))
        }
        if token.hasPrefix("remove(") && token.hasSuffix(")") {
            let names = token.dropFirst(7).dropLast().split(separator: "+", omittingEmptySubsequences: false)
            var piles: [Int] = []
            for name in names { piles.append(try pile(String(name))) }
            guard Set(piles).count == piles.count else {
                throw DiagnosticsError(.unparseableMove, "\(Spelling.quoted(token)) names a pile twice; a removal takes each pile's top card once")
            }
            return .remove(piles: piles.sorted())
        }
        guard let arrow = Self.arrow(in: token) else {
            throw DiagnosticsError(.unparseableMove, "\(Spelling.quoted(token)) is not a move: write " + (rules.hasRemovals ? "SOURCE->DESTINATION, tap(PILE) or remove(PILE+PILE)" : "SOURCE->DESTINATION or tap(PILE)"))
        }
        var source = String(token[..<arrow.lowerBound])
        let destination = String(token[arrow.upperBound...])
        var count = 1
        if let x = source.lastIndex(of: "x"), Self.isDigits(source[source.index(after: x)...]),
           source[..<x].last == "]" || rules.zones.contains(where: { $0.name == String(source[..<x]) }) {
            guard let n = Int(source[source.index(after: x)...]) else {
                throw DiagnosticsError(.unparseableMove, "\(Spelling.quoted(token)) moves more cards than any pile can hold")
            }
            guard n >= 1 else { throw DiagnosticsError(.unparseableMove, "\(Spelling.quoted(token)) moves no cards") }
            count = n
            source = String(source[..<x])
        }
        return .move(Move(source: try pile(source), count: count, destination: try pile(destination)))
    }

    /// Reads a pile address such as `tableau[3]` or `stock`.
    public func pile(_ text: String) throws(DiagnosticsError) -> Int {
        var name = text
        var index: Int?
        var indexText = ""
        if let open = text.utf8.firstIndex(of: UInt8(ascii: "[")), text.utf8.last == UInt8(ascii: "]") {
            name = String(text[..<open])
            let digits = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard Self.isDigits(digits) else {
                throw DiagnosticsError(.unparseableMove, "\(Spelling.quoted(text)) is not a pile: the index must be a number")
            }
            // Digits too many for a number name no pile either; the range check below says so.
            index = Int(digits) ?? Int.max
            indexText = String(digits)
        }
        guard let zone = rules.zones.first(where: { $0.name == name }) else {
            let names = rules.zones.map(\.name)
            let hint = Spelling.closest(to: name, among: names).map { "; did you mean \(Spelling.quoted($0))?" } ?? "; the zones are \(names.joined(separator: ", "))"
            throw DiagnosticsError(name.isEmpty ? .unparseableMove : .noSuchPile, "there is no zone \(Spelling.quoted(name))\(hint)")
        }
        guard let index else {
            guard zone.piles.count == 1 else {
                throw DiagnosticsError(.noSuchPile, "zone \(Spelling.quoted(name)) has \(zone.piles.count) piles; write \(name)[1] to \(name)[\(zone.piles.count)]")
            }
            return zone.piles.lowerBound
        }
        guard index >= 1, index <= zone.piles.count else {
            throw DiagnosticsError(.noSuchPile, "zone \(Spelling.quoted(name)) has piles 1 to \(zone.piles.count), not \(indexText)")
        }
        return zone.piles.lowerBound + index - 1
    }

    /// `text` trimmed as by `trimmingCharacters(in: .whitespaces)`, which a token that starts and
    /// ends with a visible ASCII character (the usual case, and every token the solver writes)
    /// skips, since Foundation's trimming costs more than the rest of reading a play.
    static func trimmingBlanks(_ text: String) -> String {
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Where the first `->` is, found byte by byte (both are ASCII, so its bounds are character bounds).
    private static func arrow(in token: String) -> Range<String.Index>? {
        let utf8 = token.utf8
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let next = utf8.index(after: i)
            if utf8[i] == UInt8(ascii: "-"), next < utf8.endIndex, utf8[next] == UInt8(ascii: ">") { return i..<utf8.index(after: next) }
            i = next
        }
        return nil
    }

    /// Whether `text` is a plain decimal number, without the sign that `Int(_:)` would accept.
    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Splits a list of plays into tokens, dropping `#` comments (see ``PlayTokens``).
    public static func tokens(_ text: String) -> [String] { PlayTokens.split(text).map(\.text) }
}
