import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

extension GameRules {
    /// The most copies of any one card the game's decks hold: 1 for FreeCell, 2 for Spider
    /// with four suits, 8 for Spider with one.
    public var maximumCopies: Int { (deck.lazy.filter { !$0.isJoker }.map(\.copy).max() ?? 0) + 1 }

    /// Reads board text (see ``BoardText``) and sets it up as a table of this game, as
    /// ``table(from:)`` does: the board must hold exactly the game's cards, in piles that
    /// fit its zones. A line that cannot be read is reported at its line and column; a board
    /// that does not fit the game, as a finding about the whole text.
    public func table(fromBoardText text: String, path: String? = nil) throws(DiagnosticsError) -> CardTable {
        let board: BoardText
        switch BoardText.parse(text, maximumCopies: maximumCopies) {
        case .success(let parsed):
            board = parsed
        case .failure(let error):
            throw DiagnosticsError(error.code, error.message, at: error.range(in: text), path: path, source: text)
        }
        do {
            return try table(from: board)
        } catch {
            throw DiagnosticsError(diagnostics: error.diagnostics, path: path, source: text)
        }
    }
}

extension BoardTextError {
    /// The text the error points at.
    var offendingText: String {
        switch self {
        case .malformedCard(let text, _, _), .misplacedFaceDownCard(let text, _, _), .malformedFoundation(let text, _, _),
            .repeatedFoundationSuit(let text, _, _), .duplicateCard(let text, _, _):
            return text
        case .unknownLine(let label, _, _), .repeatedLine(let label, _, _):
            return label
        }
    }

    /// The range of the offending text in `text`, the board text that was parsed.
    func range(in text: String) -> SourceRange {
        // Offsets count UTF-8 bytes, as a rule file's locations do; lines and columns come from the error.
        var offset = 0
        var lineNumber = 1
        var columnNumber = 1
        for scalar in text.unicodeScalars {
            if lineNumber == line && columnNumber == column { break }
            if scalar == "\n" {
                if lineNumber == line { break }
                lineNumber += 1
                columnNumber = 1
            } else if lineNumber == line {
                columnNumber += 1
            }
            offset += scalar.utf8.count
        }
        let length = offendingText.unicodeScalars.count
        let end = offendingText.utf8.count
        return SourceRange(
            start: SourceLocation(offset: offset, line: line, column: column),
            end: SourceLocation(offset: offset + end, line: line, column: column + length))
    }
}
