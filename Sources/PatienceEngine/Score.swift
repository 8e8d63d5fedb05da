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

    /// The game's memories on `table` as a player reads them, `name=value` in declaration order
    /// separated by spaces, a condition as `true` or `false`: what `play`'s heading and the
    /// pictures show (Hit or Miss's called rank, say). Nil for a game without memory.
    public func memoryText(of table: CardTable) -> String? {
        guard !memorySlots.isEmpty else { return nil }
        return zip(memorySlots, table.memory).map { slot, value in
            "\(slot.name)=" + (slot.isCondition ? (value != 0 ? "true" : "false") : String(value))
        }.joined(separator: " ")
    }
}
