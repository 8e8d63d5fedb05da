import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// The game's `score` on `table`, or nil when the game declares none or the score faults there.
    public func score(of table: CardTable) -> Int? {
        guard let score else { return nil }
        return judging(table) { f in
            f.budget = scoreBound
            return try? score(&f)
        }
    }

    /// The value of each `memory` on `table`, by name, in declaration order.
    public func memoryValues(of table: CardTable) -> [(name: String, value: Int)] {
        zip(memorySlots, table.memory).map { ($0.name, $1) }
    }
}
