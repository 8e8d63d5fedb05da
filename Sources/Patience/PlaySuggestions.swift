import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

extension Game {
    /// Every legal play, the likeliest to help first, for a hint.
    ///
    /// The order reads only the zones' roles and what a play uncovers, never a game's own rules:
    /// removals and moves to a foundation; moves that uncover a face-down card or empty a pile; other moves;
    /// taps; moves out of a foundation; and last, moves that carry a whole pile onto an empty pile
    /// of the same zone, which change nothing that matters. Within each group the order of
    /// `legalPlays` is kept.
    public var suggestedPlays: [Play] {
        let plays = legalPlays
        let ranks = plays.map(suggestionRank(of:))
        return plays.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { plays[$0] }
    }

    private func suggestionRank(of play: Play) -> Int {
        // A removal takes cards off the table for good, as a move home does.
        if case .remove = play { return 0 }
        guard case .move(let move) = play else { return 3 }
        let source = rules.zone(ofPile: move.source)
        let destination = rules.zone(ofPile: move.destination)
        let cards = table.piles[move.source].cards
        let leavesEmpty = cards.count == move.count
        if leavesEmpty && table.piles[move.destination].isEmpty && source.name == destination.name { return 5 }
        if source.role == .foundation { return 4 }
        if destination.role == .foundation { return 0 }
        if leavesEmpty || !cards[cards.count - move.count - 1].isFaceUp { return 1 }
        return 2
    }
}
