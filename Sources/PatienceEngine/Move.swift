import PatienceDiagnostics
import PatienceCards

/// A move: lift the top `count` cards of one pile and put them on another. Piles are flat
/// indices into `CardTable.piles`; `GameRules.pileID(_:)` gives their addresses.
public struct Move: Hashable, Sendable, Codable {
    /// The flat index of the pile the cards leave.
    public var source: Int
    /// How many cards, from the top of the source, move together.
    public var count: Int
    /// The flat index of the pile they go to.
    public var destination: Int

    /// The move of the top `count` cards of `source` to `destination`.
    public init(source: Int, count: Int, destination: Int) {
        self.source = source
        self.count = count
        self.destination = destination
    }
}

/// Anything a player can do: a move, tapping a pile to take an action, or removing the top
/// cards of some piles together (a removal declared with `remove`).
public enum Play: Hashable, Sendable, Codable {
    case move(Move)
    case tap(pile: Int)
    /// The top cards of these piles (flat indices, in increasing order) leave together.
    case remove(piles: [Int])
}
