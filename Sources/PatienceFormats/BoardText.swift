import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// A position in the board-text format that Freecell Solver (`fc-solve`) reads and that
/// its board generators, such as `make-microsoft-freecell-board`, print.
///
/// The text is a sequence of lines, and blank lines are ignored:
///
///     Talon: 5C 9D QS
///     Foundations: H-0 C-A D-0 S-3
///     Freecells: 8H - JC -
///     4C 2C 9C 8C QS 4S 2H
///     : 5H QH 3C AC <3H> 4H QD
///
/// - `Foundations:` (or `Founds:`) lists `suit-rank` entries in any order, such as `H-5`;
///   the rank is the highest card on that suit's foundation, and `0` or a missing suit
///   means an empty foundation.
/// - `Freecells:` (or `FC:`) lists one card per cell, `-` for an empty cell. The
///   fixed-width form that `fc-solve -p` prints, four characters per cell (`  8H` or four
///   spaces), keeps the position of empty cells too.
/// - `Talon:` lists the cards of the stock, bottom first.
/// - `Waste:` lists the cards of one waste pile, and `Reserve:` those of one reserve pile,
///   bottom first; each may be repeated, one line per pile in order, and a card in angle
///   brackets lies face down.
/// - `Foundations:` may instead list every foundation pile in order, as PySol writes Golf,
///   Black Hole and Die Schlange: `-` for an empty pile, `suit-rank` for the ace up to that
///   rank, or the pile's cards, bottom first and joined by commas, such as `3S` for a pile
///   that holds only that card or `3S,4S,5S`. The line is read that way when it has a `-` or
///   cards, or names a suit twice.
/// - Every other line is one tableau column, from its bottom card to its top card, and may
///   start with `:`. A line holding only `:` is an empty column.
///
/// A card is its rank (`A`, `2`…`9`, `T` or `10`, `J`, `Q`, `K`) then its suit (`C`, `D`,
/// `H`, `S`), either case, such as `TS` or `ah`. A column card inside angle brackets, such
/// as `<8H>`, lies face down. Line labels may be written in any case.
public struct BoardText: Sendable, Hashable {
    /// The highest rank on each suit's foundation. A suit that is missing, or mapped to 0,
    /// has an empty foundation; ``parse(_:maximumCopies:)`` stores only non-empty ones.
    public var foundations: [Suit: Int]
    /// The free cells in order, nil for an empty cell; empty when the board has no
    /// `Freecells:` line.
    public var freecells: [Card?]
    /// The talon's cards in the order written, or nil when the board has no `Talon:` line.
    public var talon: [Card]?
    /// Every foundation pile in order, when the `Foundations:` line lists piles rather than
    /// suits; nil otherwise, and then ``foundations`` says what is home.
    public var foundationPiles: [FoundationEntry]?
    /// The waste piles in order, one per `Waste:` line, each bottom card first.
    public var wastes: [[PlacedCard]] = []
    /// The reserve piles in order, one per `Reserve:` line, each bottom card first.
    public var reserves: [[PlacedCard]] = []

    /// One foundation pile in a `Foundations:` line that lists piles.
    public enum FoundationEntry: Sendable, Hashable {
        /// An empty pile, written `-`.
        case empty
        /// The ace up to `rank` of one suit, written `S-5`.
        case run(Suit, rank: Int)
        /// A pile holding these cards face up, bottom first, written `3S` or `KS,QS,JS`.
        case cards([Card])
    }
    /// The tableau columns, each from its bottom card to its top card.
    public var columns: [[PlacedCard]]

    /// Creates a board from its parts.
    public init(
        foundations: [Suit: Int] = [:],
        freecells: [Card?] = [],
        talon: [Card]? = nil,
        foundationPiles: [FoundationEntry]? = nil,
        wastes: [[PlacedCard]] = [],
        reserves: [[PlacedCard]] = [],
        columns: [[PlacedCard]]
    ) {
        self.foundations = foundations
        self.freecells = freecells
        self.talon = talon
        self.foundationPiles = foundationPiles
        self.wastes = wastes
        self.reserves = reserves
        self.columns = columns
    }

    /// Creates a board that holds only tableau columns, every card face up.
    public init(faceUpColumns: [[Card]]) {
        self.init(columns: faceUpColumns.map { column in column.map { PlacedCard($0, faceUp: true) } })
    }

    /// The ways ``rendered(style:)`` can lay a board out.
    public enum RenderingStyle: Sendable, Hashable {
        /// Only the lines that hold something, columns without a leading `:`, and no
        /// trailing spaces. A board of columns alone comes out exactly as
        /// `make-microsoft-freecell-board -t` prints it.
        case plain
        /// One state as `fc-solve -p -t` prints it: the `Foundations:` line (all four
        /// suits, hearts, clubs, diamonds, spades, with a trailing space), the fixed-width
        /// `Freecells:` line, and each column after `: `. A talon, wastes and reserves, which
        /// `fc-solve` has no line for, and foundations listed by pile come first as in ``plain``.
        case solverState
    }

    /// The board as text, one line per part, each line ending in a newline.
    ///
    /// Copy numbers are not written, so parsing the text back gives every card its copy
    /// by order of appearance.
    public func rendered(style: RenderingStyle = .plain) -> String {
        var lines: [String] = []
        if let talon {
            lines.append((["Talon:"] + talon.map(\.boardText)).joined(separator: " "))
        }
        for waste in wastes { lines.append((["Waste:"] + waste.map(BoardText.text(of:))).joined(separator: " ")) }
        for reserve in reserves { lines.append((["Reserve:"] + reserve.map(BoardText.text(of:))).joined(separator: " ")) }
        if let foundationPiles {
            // Listed by pile, the line has no fixed-suit form: both styles write it as it is.
            lines.append((["Foundations:"] + foundationPiles.map(\.text)).joined(separator: " "))
        }
        switch style {
        case .plain:
            if foundationPiles == nil, foundations.values.contains(where: { $0 != 0 }) {
                lines.append((["Foundations:"] + foundationEntries).joined(separator: " "))
            }
            if !freecells.isEmpty {
                lines.append((["Freecells:"] + freecells.map { $0?.boardText ?? "-" }).joined(separator: " "))
            }
            for column in columns {
                lines.append(column.isEmpty ? ":" : column.map(BoardText.text(of:)).joined(separator: " "))
            }
        case .solverState:
            if foundationPiles == nil { lines.append("Foundations: " + foundationEntries.joined(separator: " ") + " ") }
            lines.append("Freecells:" + freecells.map { $0.map { "  " + $0.boardText } ?? "    " }.joined())
            for column in columns {
                lines.append(": " + column.map(BoardText.text(of:)).joined(separator: " "))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The suits in the order `fc-solve` writes its foundations.
    static let foundationOrder: [Suit] = [.hearts, .clubs, .diamonds, .spades]

    private var foundationEntries: [String] {
        BoardText.foundationOrder.map { suit in
            let rank = foundations[suit] ?? 0
            let rankText = (1...13).contains(rank) ? String(Card.rankLetter(rank)) : String(rank)
            return "\(suit.letter)-\(rankText)"
        }
    }

    static func text(of placed: PlacedCard) -> String {
        placed.isFaceUp ? placed.card.boardText : "<\(placed.card.boardText)>"
    }
}

extension BoardText.FoundationEntry {
    /// The entry as a `Foundations:` line writes it: `-`, `S-5`, `3S` or `3S,4S`.
    var text: String {
        switch self {
        case .empty: return "-"
        case .run(let suit, let rank):
            let rankText = (1...13).contains(rank) ? String(Card.rankLetter(rank)) : String(rank)
            return "\(suit.letter)-\(rankText)"
        case .cards(let cards): return cards.map(\.boardText).joined(separator: ",")
        }
    }
}
