import Testing
import PatienceCards
import PatienceEngine

/// Two compilations of one game that must play alike (specialised and general, original and
/// formatted), played side by side over seeded random games. At every step they must agree on
/// every candidate move's verdict and refusal, on the listing, on every tap, on the win, and reach
/// the same table; the first of the two chooses the plays.
package struct BehaviourComparison {
    /// The rule file, for the messages.
    package var file: String
    /// What the two compilations are called in the messages.
    package var names: (first: String, second: String)
    package var games: Int
    /// Plays per game at most.
    package var steps: Int
    /// Added to a game's seed to seed its choice of plays.
    package var playSeedOffset: UInt64
    /// Applied to both sides' refusals before they are compared.
    package var normalise: (Refusal) -> Refusal = { $0 }

    package init(file: String, names: (first: String, second: String), games: Int, steps: Int, playSeedOffset: UInt64,
                 normalise: @escaping (Refusal) -> Refusal = { $0 }) {
        self.file = file
        self.names = names
        self.games = games
        self.steps = steps
        self.playSeedOffset = playSeedOffset
        self.normalise = normalise
    }

    /// Plays the games and records every disagreement; gives the number of candidate moves compared.
    @discardableResult
    package func compare(_ first: GameRules, _ second: GameRules, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var compared = 0
        for seed in 0..<UInt64(games) {
            var table = try first.deal(.seed(seed))
            #expect(try second.deal(.seed(seed)) == table, "\(file) seed \(seed): the deals differ", sourceLocation: sourceLocation)
            var generator = SeededGenerator(seed: seed &+ playSeedOffset)
            for step in 0..<steps {
                let context = "\(file) seed \(seed) step \(step)"
                for move in Candidates.moves(on: table) {
                    let a = first.refusal(for: move, on: table).map(normalise), b = second.refusal(for: move, on: table).map(normalise)
                    guard a == b else {
                        Issue.record("\(context): \(move) is \(String(describing: a)) \(names.first), \(String(describing: b)) \(names.second)",
                                     sourceLocation: sourceLocation)
                        return compared
                    }
                    expectEqual(first.allows(move, on: table), (a == nil), "\(context): allows disagrees with refusal for \(move)", sourceLocation: sourceLocation)
                    compared += 1
                }
                expectEqual(first.legalMoves(on: table), second.legalMoves(on: table), "\(context): the listings differ", sourceLocation: sourceLocation)
                for pile in table.piles.indices {
                    let a = Result { () throws(Refusal) in try first.tapping(pile: pile, on: table) }.mapError(normalise)
                    let b = Result { () throws(Refusal) in try second.tapping(pile: pile, on: table) }.mapError(normalise)
                    expectEqual(a, b, "\(context): tapping pile \(pile) differs", sourceLocation: sourceLocation)
                }
                expectEqual(first.isWon(table), second.isWon(table), "\(context): the win condition differs", sourceLocation: sourceLocation)
                let plays = first.legalPlays(on: table)
                guard !plays.isEmpty else { break }
                let play = plays[Int(generator.next() % UInt64(plays.count))]
                let next = try first.applying(play, to: table)
                #expect(try second.applying(play, to: table) == next, "\(context): \(play) leads to different tables",
                        sourceLocation: sourceLocation)
                table = next
            }
        }
        return compared
    }
}
