import PatienceDiagnostics
import PatienceCards

/// The one table a search changes in place: plays are made on it by the rules' own application
/// (`GameRules.applyListed(_:to:)`, `GameRules.tap(pile:on:)`, the same `transfer`, `settle` and
/// action code as `applying` and `tapping`) and taken back through its journal, so that visiting a
/// node of a search copies and allocates nothing. Each pile has room for every card of the game
/// and the table is never shared, so changing it never copies a buffer.
package struct WorkingTable: Sendable {
    /// The table as it stands.
    package private(set) var table: CardTable
    /// The changes since the table was loaded, newest last.
    package private(set) var journal = TableJournal()

    /// A working copy of `table`, with room in every pile for all of `rules`' cards.
    package init(rules: GameRules, table: CardTable) {
        self.table = table
        let room = max(rules.deck.count, 1)
        for p in self.table.piles.indices {
            var cards: [PlacedCard] = []
            cards.reserveCapacity(room)
            cards.append(contentsOf: table.piles[p].cards)
            self.table.piles[p].cards = cards
        }
    }

    /// The position to come back to with `undo(to:)`.
    package var mark: Int { journal.mark }

    /// Takes back every change since `mark`.
    package mutating func undo(to mark: Int) {
        journal.undo(to: mark, table: &table)
    }

    /// Puts `cards` in place of pile `p`'s cards, recorded in the journal (a solver writes a
    /// table's stock and waste as another table of their cycle of taps leaves them).
    package mutating func replaceCards(ofPile p: Int, with cards: [PlacedCard]) {
        journal.recordPile(p, in: table.piles)
        table.piles[p].cards.removeAll(keepingCapacity: true)
        table.piles[p].cards.append(contentsOf: cards)
    }

    /// Replaces the table's contents through `body` (which keeps the piles' storage when it
    /// empties and refills them) and forgets the journal.
    package mutating func load(_ body: (inout CardTable) -> Void) {
        journal.clear()
        body(&table)
    }
}

extension GameRules {
    /// Makes a move that `movesAllowedByRules(on:)` listed for this very table on the working
    /// table, with its effects, without judging it again. False, with the table unchanged, when
    /// an effect faults (as `applying` would refuse the move).
    package func applyListed(_ move: Move, to work: inout WorkingTable) -> Bool {
        let mark = work.mark
        guard move.source != move.destination, work.table.piles.indices.contains(move.source),
              work.table.piles.indices.contains(move.destination), move.count >= 1,
              move.count <= work.table.piles[move.source].cards.count else { return false }
        guard !effects.isEmpty else {
            // The move is then its transfer alone, made without the frame that effects run in.
            work.transfer(move, by: self)
            return true
        }
        let settled = work.changeInPlace { f in
            _ = transfer(move.count, from: move.source, to: move.destination, oneAtATime: false, facing: nil, in: &f.piles, journal: f.journal)
            do throws(EvaluationFault) {
                try settle(&f, after: PlayContext(move))
                return true
            } catch {
                return false
            }
        }
        if !settled { work.undo(to: mark) }
        return settled
    }

    /// Taps a pile of the working table, as `tapping(pile:on:)` does. False, with nothing
    /// changed, when the rules refuse the tap. Without `settling` the effects are not run after
    /// it: for a search that knows they would change nothing (the table was settled, and no
    /// effect reads or changes a zone the actions name).
    package func tap(pile: Int, on work: inout WorkingTable, settling: Bool = true) -> Bool {
        guard fits(work.table), work.table.piles.indices.contains(pile) else { return false }
        let mark = work.mark
        let done = work.changeInPlace { f -> Bool in
            do throws(TapRejection) {
                try tap(pile: pile, in: &f, settling: settling)
                return true
            } catch {
                return false
            }
        }
        if !done { work.undo(to: mark) }
        return done
    }
}

extension WorkingTable {
    /// Makes the move's transfer (`GameRules.transfer`) on this table, recorded in the journal.
    @inline(__always)
    mutating func transfer(_ move: Move, by rules: GameRules) {
        withUnsafeMutablePointer(to: &journal) { j in
            _ = rules.transfer(move.count, from: move.source, to: move.destination, oneAtATime: false, facing: nil, in: &table.piles, journal: j)
        }
    }

    /// Runs `body` with a frame that changes this table in place and records in the journal.
    @inline(__always)
    mutating func changeInPlace<Result>(_ body: (inout ChangingFrame) -> Result) -> Result {
        withUnsafeMutablePointer(to: &journal) { j in
            Frame.changing(inPlace: &table, journal: j, body)
        }
    }
}

extension WorkingTable {
    /// Transfers cards as an action's `deal` or `move` does and counts a use of the action, both
    /// recorded in the journal.
    mutating func transfer(_ n: Int, from source: Int, to destination: Int, oneAtATime: Bool, facing: Facing?,
                           countingUseOf action: Int, by rules: GameRules) {
        withUnsafeMutablePointer(to: &journal) { j in
            _ = rules.transfer(n, from: source, to: destination, oneAtATime: oneAtATime, facing: facing, in: &table.piles, journal: j)
            j.pointee.recordUse(action: action, was: table.actionUses[action])
        }
        // Saturates, as a tap does.
        table.actionUses[action] = Arithmetic.add(table.actionUses[action], 1)
    }
}
