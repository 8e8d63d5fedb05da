/// Freecell Solver's standard move notation, for any game whose zones map onto tableau
/// columns, free cells and foundations.
///
/// A move is a source and a destination: `1`–`9` (and `10` written as `0` is not used; see
/// `columnNames`) are tableau columns, letters from `a` are free cells, and `h` is the
/// foundations. `58` moves the run from column 5 whose first card fits column 8's top card;
/// onto an empty column it moves one card unless a `v` suffix gives the count in hexadecimal
/// (`38v3`).
public struct FCSNotation: Sendable {
    public let rules: GameRules
    let tableau: [Int]
    let cells: [Int]
    let foundations: [Int]

    public init(rules: GameRules) {
        self.rules = rules
        func piles(_ role: String) -> [Int] { rules.zones.filter { $0.role == role }.flatMap { Array($0.piles) } }
        tableau = piles("tableau")
        cells = piles("cell")
        foundations = piles("foundation")
    }

    /// The letters fc-solve uses for free cells, in cell order. `h` means the foundations, so it is skipped.
    static let cellLetters: [Character] = Array("abcdefgijklm")

    public enum Error: Swift.Error, Equatable, Sendable {
        case malformed(String)
        case noSuchPile(String)
        case noFittingRun(String)
    }

    /// Splits a solution into move tokens, accepting spaces, commas and newlines between them.
    public static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
    }

    /// The move a token stands for on this table.
    public func move(_ token: String, on table: Table) throws(Error) -> Move {
        var text = Substring(token)
        var explicitCount: Int?
        if let v = text.firstIndex(of: "v") {
            guard let n = Int(text[text.index(after: v)...], radix: 16), n >= 1 else { throw .malformed(token) }
            explicitCount = n
            text = text[..<v]
        }
        let (source, rest) = try pile(text, token: token, asSource: true)
        let (destination, tail) = try pile(rest, token: token, asSource: false)
        guard tail.isEmpty, let source else { throw .malformed(token) }
        let destinations = destination.map { [$0] } ?? foundations
        if let explicitCount {
            return Move(source: source, count: explicitCount, destination: destinations[0])
        }
        if cells.contains(source) || destination == nil || cells.contains(destinations[0]) {
            let fitting = destinations.first { rules.allows(Move(source: source, count: 1, destination: $0), on: table) }
            return Move(source: source, count: 1, destination: fitting ?? destinations[0])
        }
        let target = destinations[0]
        if table.piles[target].isEmpty { return Move(source: source, count: 1, destination: target) }
        let size = table.piles[source].count
        guard size > 0 else { throw .noFittingRun(token) }
        // Exactly one run can fit the destination's top card; the rules decide which.
        for count in 1...size where rules.allows(Move(source: source, count: count, destination: target), on: table) {
            return Move(source: source, count: count, destination: target)
        }
        throw .noFittingRun(token)
    }

    private func pile(_ text: Substring, token: String, asSource: Bool) throws(Error) -> (Int?, Substring) {
        guard let first = text.first else { throw .malformed(token) }
        if let digit = first.wholeNumberValue {
            // Column 10 is written `10`; a leading 1 followed by 0 is column ten.
            if digit == 1, text.dropFirst().first == "0", tableau.count >= 10 {
                return (tableau[9], text.dropFirst(2))
            }
            guard digit >= 1, digit <= tableau.count else { throw .noSuchPile(token) }
            return (tableau[digit - 1], text.dropFirst())
        }
        if first == "h" {
            guard !asSource, !foundations.isEmpty else { throw .noSuchPile(token) }
            return (nil, text.dropFirst())
        }
        if let index = FCSNotation.cellLetters.firstIndex(of: first) {
            guard index < cells.count else { throw .noSuchPile(token) }
            return (cells[index], text.dropFirst())
        }
        throw .malformed(token)
    }
}
