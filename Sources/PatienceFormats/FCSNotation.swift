import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// Freecell Solver's standard move notation, for any game whose zones map onto tableau
/// columns, free cells and foundations (by their roles `tableau`, `cell` and `foundation`).
///
/// A move is a source and a destination, written exactly as `fc-solve -m -sn` (or `-snx`)
/// prints them:
///
/// - Tableau columns are their 1-based numbers in decimal: `1`–`9`, and `10` for a tenth
///   column, so `410` moves from column 4 to column 10 and `101` from column 10 to column 1.
/// - Free cells are letters: the first seven are `a`–`g`, and from the eighth on fc-solve
///   skips `h`, `i` and `j`, so cells 8, 9, … are `k`, `l`, … (Eight Off's cells are `a`–`g`, `k`).
/// - `h` is the foundations; the card goes to whichever foundation takes it.
///
/// `58` moves the run from column 5 whose first card fits column 8's top card; onto an empty
/// column it moves one card unless a `v` suffix gives the count in hexadecimal (`38v3`), as
/// `-snx` prints a move of several cards into an empty column.
///
/// `5h` moves column 5's top card to a foundation. fc-solve also moves a whole run to a
/// foundation (a complete suit, in games where only whole suits go home), and it writes that
/// move's column counted from 0: `0h` is column 1's run, `9h` column 10's. So when column N's
/// top card cannot go to any foundation, `Nh` is read as the run on top of column N + 1 that a
/// foundation takes.
public struct FCSNotation: Sendable {
    /// The game whose piles the notation names.
    public let rules: GameRules
    let tableau: [Int]
    let cells: [Int]
    let foundations: [Int]

    /// The notation of this game's piles.
    public init(rules: GameRules) {
        self.rules = rules
        tableau = rules.piles(withRole: .tableau)
        cells = rules.piles(withRole: .cell)
        foundations = rules.piles(withRole: .foundation)
    }

    /// The letters fc-solve uses for free cells, in cell order: `a`–`g`, then `k`–`z`. Its
    /// `convert_freecell_num` adds 3 to every cell index from 7 on, which skips `h`, `i` and `j`.
    static let cellLetters: [Character] = Array("abcdefg") + Array("klmnopqrstuvwxyz")

    /// The letter fc-solve writes for the free cell at 0-based `index`, or nil past the last letter.
    public static func cellLetter(forCell index: Int) -> Character? {
        cellLetters.indices.contains(index) ? cellLetters[index] : nil
    }

    /// Why a token is not a move of this game: `.unparseableMove` (P0708) for text that is not a
    /// move in the notation, `.noSuchPile` (P0601) for a column or cell the game lacks.
    static func malformed(_ token: String) -> DiagnosticsError {
        DiagnosticsError(.unparseableMove, "\(Spelling.quoted(token)) is not a Freecell Solver move: write a source and a destination, such as 5a, 58, 8h or 38v3")
    }

    static func noSuchPile(_ token: String) -> DiagnosticsError {
        DiagnosticsError(.noSuchPile, "\(Spelling.quoted(token)) names a column, free cell or foundation this game does not have")
    }

    /// Splits a list of plays into tokens, dropping `#` comments (see ``PlayTokens``).
    public static func tokens(_ text: String) -> [String] { PlayTokens.split(text).map(\.text) }

    /// The move a token stands for on this table. Throws `.malformed` for text that is not a
    /// move and `.noSuchPile` for a column or cell the game lacks; whether the move is legal
    /// is left to `GameRules.applying(_:to:)`, which says which rule refuses it.
    /// fc-solve's sentences (`Move a card from stack 7 to freecell 0`, see ``FCSOutput``) are read too.
    public func move(_ token: String, on table: CardTable) throws(DiagnosticsError) -> Move {
        if token.contains(" "), let sentence = FCSSentence(token) { return try move(sentence, token: token, on: table) }
        var text = Substring(token)
        var explicitCount: Int?
        if let v = text.firstIndex(of: "v") {
            let digits = text[text.index(after: v)...]
            guard digits.allSatisfy(\.isHexDigit), let n = Int(digits, radix: 16), n >= 1 else { throw Self.malformed(token) }
            explicitCount = n
            text = text[..<v]
        }
        if explicitCount == nil, text.last == "h", let number = columnNumber(text.dropLast()) {
            return try foundationMove(fromColumn: number, token: token, on: table)
        }
        let (source, rest) = try pile(text, token: token, asSource: true)
        let (destination, tail) = try pile(rest, token: token, asSource: false)
        guard tail.isEmpty, let source else { throw Self.malformed(token) }
        let destinations = destination.map { [$0] } ?? foundations
        if let explicitCount {
            return Move(source: source, count: explicitCount, destination: destinations[0])
        }
        if cells.contains(source) || destination == nil || cells.contains(destinations[0]) {
            let fitting = destinations.first { rules.allows(Move(source: source, count: 1, destination: $0), on: table) }
            return Move(source: source, count: 1, destination: fitting ?? destinations[0])
        }
        let target = destinations[0]
        let single = Move(source: source, count: 1, destination: target)
        if table.piles[target].isEmpty { return single }
        // Exactly one run can fit the destination's top card; the rules decide which. When
        // none is allowed, the move returned is one the rules will refuse with the reason
        // that matters: a run that fits but is too long for the capacity, else one card.
        var tooLong: Move?
        for count in stride(from: 1, through: table.piles[source].count, by: 1) {
            let move = Move(source: source, count: count, destination: target)
            switch rules.refusal(for: move, on: table)?.code {
            case nil: return move
            case .capacityExceeded?: tooLong = tooLong ?? move
            default: continue
            }
        }
        return tooLong ?? single
    }

    /// The column number a whole substring writes: `0`–`9`, or `10` when the game has ten columns.
    private func columnNumber(_ text: Substring) -> Int? {
        guard let first = text.first, first.isASCII, let digit = first.wholeNumberValue else { return nil }
        if text.count == 1 { return digit }
        if text == "10", tableau.count >= 10 { return 10 }
        return nil
    }

    /// `Nh`: column N's top card to the foundation that takes it, or else fc-solve's move of a
    /// whole run to a foundation, whose column is counted from 0. When neither is allowed, the
    /// move returned is column N's top card, which the rules refuse with their reason.
    private func foundationMove(fromColumn number: Int, token: String, on table: CardTable) throws(DiagnosticsError) -> Move {
        guard !foundations.isEmpty else { throw Self.noSuchPile(token) }
        func fitting(_ source: Int, count: Int) -> Move? {
            foundations.lazy.map { Move(source: source, count: count, destination: $0) }.first { rules.allows($0, on: table) }
        }
        let single = number >= 1 && number <= tableau.count ? tableau[number - 1] : nil
        if let single, let move = fitting(single, count: 1) { return move }
        if number < tableau.count {
            let source = tableau[number]
            for count in stride(from: 2, through: table.piles[source].count, by: 1) {
                if let move = fitting(source, count: count) { return move }
            }
        }
        guard let single else { throw Self.noSuchPile(token) }
        return Move(source: single, count: 1, destination: foundations[0])
    }

    private func pile(_ text: Substring, token: String, asSource: Bool) throws(DiagnosticsError) -> (Int?, Substring) {
        guard let first = text.first else { throw Self.malformed(token) }
        if first.isASCII, let digit = first.wholeNumberValue {
            // Column 10 is written `10`; a leading 1 followed by 0 is column ten.
            if digit == 1, text.dropFirst().first == "0", tableau.count >= 10 {
                return (tableau[9], text.dropFirst(2))
            }
            guard digit >= 1, digit <= tableau.count else { throw Self.noSuchPile(token) }
            return (tableau[digit - 1], text.dropFirst())
        }
        if first == "h" {
            guard !asSource, !foundations.isEmpty else { throw Self.noSuchPile(token) }
            return (nil, text.dropFirst())
        }
        if let index = FCSNotation.cellLetters.firstIndex(of: first) {
            guard index < cells.count else { throw Self.noSuchPile(token) }
            return (cells[index], text.dropFirst())
        }
        throw Self.malformed(token)
    }
}
