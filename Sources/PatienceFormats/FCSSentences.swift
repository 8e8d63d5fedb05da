import Foundation
import PatienceDiagnostics
import PatienceEngine

/// A move as fc-solve writes it without `-sn`: a sentence such as `Move 3 cards from stack 2 to
/// stack 4`, whose stacks and free cells count from 0.
enum FCSSentence: Equatable {
    /// A move the standard notation writes the same way, such as `35v3` or `8a`.
    case standard(String)
    /// `Move the sequence on top of Stack N to the foundations`: the run on top of the column
    /// (1-based here) that a foundation takes.
    case runToFoundation(column: Int)

    /// The sentences fc-solve writes, word by word: `S` and `D` are stacks, `F` and `G` free
    /// cells, `N` a number of cards; every other word must be as written.
    private static let templates: [[String]] = [
        "Move N cards from stack S to stack D",
        "Move a card from stack S to stack D",
        "Move a card from stack S to freecell G",
        "Move a card from freecell F to stack D",
        "Move a card from freecell F to freecell G",
        "Move a card from stack S to the foundations",
        "Move a card from freecell F to the foundations",
        "Move the sequence on top of Stack S to the foundations",
    ].map { $0.split(separator: " ").map(String.init) }

    /// The move of a sentence whose numbers are `values`: the source (a stack `S` or a cell `F`),
    /// the destination (a stack `D`, a cell `G`, or the foundations), and the count `N`.
    private static func make(_ values: [Character: Int], toFoundations: Bool, isRun: Bool) -> FCSSentence? {
        if isRun, let stack = values["S"] { return .runToFoundation(column: stack + 1) }
        let source = values["S"].map { String($0 + 1) } ?? values["F"].flatMap { FCSNotation.cellLetter(forCell: $0) }.map(String.init)
        let destination = toFoundations ? "h"
            : values["D"].map { String($0 + 1) } ?? values["G"].flatMap { FCSNotation.cellLetter(forCell: $0) }.map(String.init)
        guard let source, let destination else { return nil }
        return .standard(source + destination + (values["N"].map { "v" + String($0, radix: 16) } ?? ""))
    }

    /// The move a sentence writes, or nil when the text is not one of fc-solve's sentences.
    init?(_ text: String) {
        let words = text.split(separator: " ").map(String.init)
        for template in Self.templates where template.count == words.count {
            var values: [Character: Int] = [:]
            let fits = zip(template, words).allSatisfy { pattern, word in
                if pattern.count == 1, let slot = pattern.first, "NSDFG".contains(slot) {
                    guard word.count <= 4, word.allSatisfy(\.isASCII), word.allSatisfy(\.isNumber), let value = Int(word) else { return false }
                    values[slot] = value
                    return slot != "N" || value >= 1
                }
                return pattern == word
            }
            if fits, let sentence = Self.make(values, toFoundations: template.last == "foundations", isRun: template[1] == "the") {
                self = sentence
                return
            }
        }
        return nil
    }
}

extension FCSNotation {
    /// The move one of fc-solve's sentences stands for on `table`.
    func move(_ sentence: FCSSentence, token: String, on table: CardTable) throws(DiagnosticsError) -> Move {
        switch sentence {
        case .standard(let text):
            return try move(text, on: table)
        case .runToFoundation(let column):
            guard column >= 1, column <= tableau.count, !foundations.isEmpty else { throw Self.noSuchPile(token) }
            let source = tableau[column - 1]
            for count in stride(from: 1, through: table.piles[source].count, by: 1) {
                for foundation in foundations where rules.allows(Move(source: source, count: count, destination: foundation), on: table) {
                    return Move(source: source, count: count, destination: foundation)
                }
            }
            // None fits: the whole pile, which the rules refuse with their reason.
            return Move(source: source, count: max(table.piles[source].count, 1), destination: foundations[0])
        }
    }
}
