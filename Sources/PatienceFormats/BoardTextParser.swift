import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

extension BoardText {
    /// Reads board text in the format described on ``BoardText``.
    ///
    /// Each card gets its copy number in order of appearance in the text: the first `8H`
    /// is copy 0 and the second copy 1. A foundation holds copy 0 of each card up to its
    /// rank, so `Foundations: H-5` uses up one copy of `AH` to `5H`. A card met more than
    /// `maximumCopies` times (at most ``Card/maximumCopies``) is an error.
    ///
    /// - Returns: the board, or the first problem found in the text.
    public static func parse(_ text: String, maximumCopies: Int = 1) -> Result<BoardText, BoardTextError> {
        var parser = BoardTextParser(maximumCopies: maximumCopies)
        do {
            return .success(try parser.parse(text))
        } catch {
            return .failure(error)
        }
    }
}

/// One whitespace-separated piece of a line and the 1-based column it starts at.
private struct BoardWord {
    var text: String
    var column: Int
}

/// The state of one parse: the board so far and how many copies of each card it holds.
private struct BoardTextParser {
    private let copyLimit: Int
    /// Copies seen so far, indexed by `suit * 13 + rank - 1`.
    private var copiesSeen = Array(repeating: 0, count: 52)
    private var board = BoardText(columns: [])
    private var sectionsSeen: Set<Section> = []

    /// The labelled lines, each allowed once.
    private enum Section {
        case foundations, freecells, talon, waste, reserve

        /// Whether the line may appear more than once, one line per pile.
        var isRepeatable: Bool { self == .waste || self == .reserve }

        init?(label: String) {
            switch label.lowercased() {
            case "foundations:", "founds:": self = .foundations
            case "freecells:", "fc:": self = .freecells
            case "talon:": self = .talon
            case "waste:": self = .waste
            case "reserve:": self = .reserve
            default: return nil
            }
        }
    }

    init(maximumCopies: Int) {
        copyLimit = min(max(maximumCopies, 0), Card.maximumCopies)
    }

    mutating func parse(_ text: String) throws(BoardTextError) -> BoardText {
        let scalars = Array(text.unicodeScalars)
        var lineNumber = 0
        var start = 0
        while start <= scalars.count {
            lineNumber += 1
            var end = start
            while end < scalars.count && scalars[end] != "\n" { end += 1 }
            var line = scalars[start..<end]
            if line.last == "\r" { line = line.dropLast() }
            try parseLine(Array(line), number: lineNumber)
            start = end + 1
        }
        return board
    }

    private mutating func parseLine(_ line: [Unicode.Scalar], number: Int) throws(BoardTextError) {
        guard let first = line.firstIndex(where: { !BoardTextParser.isBlank($0) }) else { return }
        if line[first] == ":" {
            try parseColumn(BoardTextParser.tokens(in: line, from: first + 1), line: number)
            return
        }
        var labelEnd = first
        while labelEnd < line.count && !BoardTextParser.isBlank(line[labelEnd]) && line[labelEnd] != ":" {
            labelEnd += 1
        }
        guard labelEnd < line.count && line[labelEnd] == ":" else {
            try parseColumn(BoardTextParser.tokens(in: line, from: first), line: number)
            return
        }
        let label = String(String.UnicodeScalarView(line[first...labelEnd]))
        let labelColumn = first + 1
        let rest = Array(line[(labelEnd + 1)...])
        let restStart = labelEnd + 1
        guard let section = Section(label: label) else {
            throw .unknownLine(label: label, line: number, column: labelColumn)
        }
        guard section.isRepeatable || sectionsSeen.insert(section).inserted else {
            throw .repeatedLine(label: label, line: number, column: labelColumn)
        }
        switch section {
        case .foundations:
            try parseFoundations(BoardTextParser.tokens(in: line, from: restStart), line: number)
        case .freecells:
            try parseFreecells(rest, startingAt: restStart, line: number)
        case .waste:
            board.wastes.append(try pileCards(BoardTextParser.tokens(in: line, from: restStart), line: number))
        case .reserve:
            board.reserves.append(try pileCards(BoardTextParser.tokens(in: line, from: restStart), line: number))
        case .talon:
            board.talon = try BoardTextParser.tokens(in: line, from: restStart).map { token throws(BoardTextError) in
                try faceUpCard(token, line: number)
            }
        }
    }

    private mutating func parseColumn(_ tokens: [BoardWord], line: Int) throws(BoardTextError) {
        board.columns.append(try pileCards(tokens, line: line))
    }

    /// The cards of one pile, bottom first, a card in angle brackets face down.
    private mutating func pileCards(_ tokens: [BoardWord], line: Int) throws(BoardTextError) -> [PlacedCard] {
        var column: [PlacedCard] = []
        for token in tokens {
            let scalars = Array(token.text.unicodeScalars)
            let faceDown = scalars.count > 2 && scalars.first == "<" && scalars.last == ">"
            let face = faceDown ? String(String.UnicodeScalarView(scalars[1..<(scalars.count - 1)])) : token.text
            guard let (rank, suit) = BoardTextParser.rankAndSuit(face) else {
                throw .malformedCard(text: token.text, line: line, column: token.column)
            }
            column.append(PlacedCard(try takeCopy(rank: rank, suit: suit, token: token, line: line), faceUp: !faceDown))
        }
        return column
    }

    /// Reads the entries of a `Foundations:` line: by suit (`H-5`, as fc-solve writes them), or
    /// by pile when an entry is `-` or cards (`3S`, `3S,4S`) or a suit comes twice (as PySol writes them).
    private mutating func parseFoundations(_ tokens: [BoardWord], line: Int) throws(BoardTextError) {
        var suitsSeen: Set<Suit> = []
        var entries: [BoardText.FoundationEntry] = []
        var listsPiles = false
        for token in tokens {
            if token.text == "-" {
                entries.append(.empty)
                listsPiles = true
                continue
            }
            if !token.text.contains("-") {
                // The pile's cards, bottom first, joined by commas.
                var cards: [Card] = []
                for part in token.text.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let (rank, suit) = BoardTextParser.rankAndSuit(String(part)) else {
                        throw .malformedFoundation(text: token.text, line: line, column: token.column)
                    }
                    cards.append(try takeCopy(rank: rank, suit: suit, token: token, line: line))
                }
                entries.append(.cards(cards))
                listsPiles = true
                continue
            }
            let parts = token.text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].count == 1, let letter = parts[0].first,
                let suit = Suit(letter: letter),
                let rank = parts[1] == "0" ? 0 : BoardTextParser.rank(parts[1])
            else {
                throw .malformedFoundation(text: token.text, line: line, column: token.column)
            }
            // An empty foundation (`S-0`) names no cards, so it may share its suit with another.
            if rank > 0, !suitsSeen.insert(suit).inserted {
                // One deck has one foundation per suit; several decks may build a suit twice.
                guard copyLimit > 1 else { throw .repeatedFoundationSuit(text: token.text, line: line, column: token.column) }
                listsPiles = true
            }
            for r in stride(from: 1, through: rank, by: 1) {
                _ = try takeCopy(rank: r, suit: suit, token: token, line: line)
            }
            entries.append(rank > 0 ? .run(suit, rank: rank) : .empty)
        }
        if listsPiles {
            board.foundationPiles = entries
        } else {
            for case .run(let suit, let rank) in entries { board.foundations[suit] = rank }
        }
    }

    /// Reads the cells from `rest`, the part of the line after `Freecells:`, which starts at
    /// index `start` of the line.
    private mutating func parseFreecells(
        _ rest: [Unicode.Scalar], startingAt start: Int, line: Int
    ) throws(BoardTextError) {
        // `fc-solve -p` pads every cell to four characters and leaves empty ones blank, so
        // when the line has that shape the cells are read by position.
        let cellWidth = 4
        let isFixedWidth = !rest.isEmpty && rest.count % cellWidth == 0
            && stride(from: 0, to: rest.count, by: cellWidth).allSatisfy { i in
                let cell = rest[i..<(i + cellWidth)]
                return cell.allSatisfy(BoardTextParser.isBlank)
                    || (BoardTextParser.isBlank(cell[i]) && BoardTextParser.isBlank(cell[i + 1])
                        && !BoardTextParser.isBlank(cell[i + 2]) && !BoardTextParser.isBlank(cell[i + 3]))
            }
        let tokens: [BoardWord?]
        if isFixedWidth {
            tokens = stride(from: 0, to: rest.count, by: cellWidth).map { i in
                let cell = rest[(i + 2)..<(i + cellWidth)]
                if cell.allSatisfy(BoardTextParser.isBlank) { return nil }
                return BoardWord(text: String(String.UnicodeScalarView(cell)), column: start + i + 3)
            }
        } else {
            tokens = BoardTextParser.tokens(in: rest, from: 0).map { token in
                token.text == "-" ? nil : BoardWord(text: token.text, column: start + token.column)
            }
        }
        board.freecells = try tokens.map { token throws(BoardTextError) in
            guard let token else { return nil }
            return try faceUpCard(token, line: line)
        }
    }

    /// A card that must lie face up: in a free cell or the talon.
    private mutating func faceUpCard(_ token: BoardWord, line: Int) throws(BoardTextError) -> Card {
        guard let (rank, suit) = BoardTextParser.rankAndSuit(token.text) else {
            if token.text.hasPrefix("<") && token.text.hasSuffix(">") {
                throw .misplacedFaceDownCard(text: token.text, line: line, column: token.column)
            }
            throw .malformedCard(text: token.text, line: line, column: token.column)
        }
        return try takeCopy(rank: rank, suit: suit, token: token, line: line)
    }

    /// The next unused copy of a card, or an error once every allowed copy is in use.
    private mutating func takeCopy(rank: Int, suit: Suit, token: BoardWord, line: Int) throws(BoardTextError) -> Card {
        let index = suit.rawValue * 13 + rank - 1
        let copy = copiesSeen[index]
        guard copy < copyLimit else {
            throw .duplicateCard(text: token.text, line: line, column: token.column)
        }
        copiesSeen[index] += 1
        return Card(rank: rank, suit: suit, copy: copy)
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// The blank-separated tokens of `line` from index `start`; columns count from the
    /// start of the line, so a slice passed with `start` 0 gets columns relative to itself.
    private static func tokens(in line: [Unicode.Scalar], from start: Int) -> [BoardWord] {
        var tokens: [BoardWord] = []
        var i = start
        while i < line.count {
            if isBlank(line[i]) {
                i += 1
                continue
            }
            var end = i
            while end < line.count && !isBlank(line[end]) { end += 1 }
            tokens.append(BoardWord(text: String(String.UnicodeScalarView(line[i..<end])), column: i + 1))
            i = end
        }
        return tokens
    }

    /// The rank and suit of a face-up card such as `TS`, `10s` or `AH`.
    private static func rankAndSuit(_ text: String) -> (Int, Suit)? {
        guard let letter = text.last, let suit = Suit(letter: letter),
            let rank = rank(text.dropLast())
        else { return nil }
        return (rank, suit)
    }

    /// A rank written `A`, `2`…`9`, `T`, `10`, `J`, `Q` or `K`, in either case.
    private static func rank(_ text: Substring) -> Int? {
        switch text.uppercased() {
        case "A": return 1
        case "2", "3", "4", "5", "6", "7", "8", "9": return Int(text)
        case "T", "10": return 10
        case "J": return 11
        case "Q": return 12
        case "K": return 13
        default: return nil
        }
    }
}
