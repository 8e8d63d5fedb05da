import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Makes a solution shorter while it stays a solution, so that a person can follow it: the
/// searches find a win, not a short one, and a best-first search's path wanders (a card moved to
/// a cell and on to another, a run moved twice on its way, a detour that comes back).
///
/// From each table along the solution, a breadth-first search of the legal plays a few deep
/// (depth 0 being the table itself) looks for a table that the solution reaches later by more
/// plays; the one that saves most is taken, and the plays between are replaced by the shorter
/// way. Passes repeat while one shortens the plays and time remains.
///
/// Tables are compared whole (memory and action uses included), except that the piles of a zone
/// that no rule tells apart (`pilesAreInterchangeable`: free cells, say) may come in another
/// order: the plays after such a meeting are then made on the matching piles. Every play is one
/// the rules list on its table, and the solver replays the result before it answers.
struct SolutionShortener {
    let rules: GameRules
    /// The pile ranges of the zones whose piles no rule tells apart.
    let interchangeable: [Range<Int>]
    /// How many plays deep each shortcut search goes.
    var depth = 3
    /// The most tables one shortcut search makes.
    var nodesPerSearch = 600

    init(rules: GameRules, interchangeable: [Range<Int>] = []) {
        self.rules = rules
        self.interchangeable = interchangeable.filter { $0.count > 1 }
    }

    /// The shorter plays, or `plays` itself when it could not be shortened, does not apply, or
    /// time ran out before anything shorter was found. `timeIsUp` is asked now and then.
    func shorten(_ plays: [Play], from root: CardTable, timeIsUp: () -> Bool) -> [Play] {
        var best = plays
        while !timeIsUp() {
            guard let next = pass(best, from: root, timeIsUp: timeIsUp), next.count < best.count else { break }
            best = next
        }
        return best
    }

    /// A table with the piles of each interchangeable zone in a fixed order of their contents,
    /// and for each place in that order, the pile it came from.
    private func canonical(_ table: CardTable) -> (key: CardTable, piles: [Int]) {
        var key = table
        var piles = Array(0..<table.piles.count)
        for range in interchangeable where range.upperBound <= table.piles.count {
            let order = range.sorted { a, b in
                let x = table.piles[a].cards, y = table.piles[b].cards
                if x.count != y.count { return x.count < y.count }
                for (c, d) in zip(x, y) where c != d {
                    return c.card != d.card ? c.card < d.card : !c.isFaceUp
                }
                return a < b
            }
            for (place, pile) in zip(range, order) {
                key.piles[place].cards = table.piles[pile].cards
                piles[place] = pile
            }
        }
        return (key, piles)
    }

    /// One pass over the solution; nil when a play is refused.
    private func pass(_ plays: [Play], from root: CardTable, timeIsUp: () -> Bool) -> [Play]? {
        // The solution's tables, and the last place each canonical table comes.
        var tables = [root]
        tables.reserveCapacity(plays.count + 1)
        for play in plays {
            guard let next = try? rules.applying(play, to: tables[tables.count - 1]) else { return nil }
            tables.append(next)
        }
        var last: [CardTable: Int] = [:]
        var order: [[Int]] = []
        order.reserveCapacity(tables.count)
        for (i, table) in tables.enumerated() {
            let (key, piles) = canonical(table)
            last[key] = i
            order.append(piles)
        }

        var result: [Play] = []
        // The table reached so far, and where each pile of the solution's table at the same
        // place lies on it: the same pile unless a shortcut met the solution with interchangeable
        // piles in another order.
        var current = root
        var renaming = Array(0..<root.piles.count)
        var i = 0
        while i < plays.count {
            if !timeIsUp(), let (way, j, reached) = shortcut(from: current, at: i, last: last, timeIsUp: timeIsUp) {
                result += way
                current = reached
                // Pile `order[j][c]` of the solution's table j holds what pile `canonical(reached).piles[c]` holds.
                let met = canonical(reached).piles
                for c in met.indices { renaming[order[j][c]] = met[c] }
                i = j
                continue
            }
            let play = renamed(plays[i], by: renaming)
            guard let next = try? rules.applying(play, to: current) else { return nil }
            result.append(play)
            current = next
            i += 1
        }
        return result
    }

    private func renamed(_ play: Play, by renaming: [Int]) -> Play {
        switch play {
        case .move(let m): return .move(Move(source: renaming[m.source], count: m.count, destination: renaming[m.destination]))
        case .tap(let pile): return .tap(pile: renaming[pile])
        case .remove(let piles): return .remove(piles: piles.map { renaming[$0] }.sorted())
        }
    }

    /// The shortest way found from `table` (standing for the solution's place `i`) to a later
    /// table of the solution that saves the most plays: the way, that table's place and the table
    /// reached; nil when none saves a play.
    /// `timeIsUp` is asked every few tables: a search stops early with the best found so far.
    private func shortcut(from table: CardTable, at i: Int, last: [CardTable: Int], timeIsUp: () -> Bool) -> ([Play], Int, CardTable)? {
        var best: ([Play], Int, CardTable)?
        var bestSaving = 0
        // Depth 0: the table itself comes again later (a detour that comes back).
        if let j = last[canonical(table).key], j > i {
            best = ([], j, table)
            bestSaving = j - i
        }
        var seen: Set<CardTable> = [table]
        var layer: [(table: CardTable, way: [Play])] = [(table, [])]
        var made = 0
        for length in 1...max(depth, 1) {
            var nextLayer: [(table: CardTable, way: [Play])] = []
            for (from, way) in layer where made < nodesPerSearch {
                for play in rules.legalPlays(on: from) where made < nodesPerSearch {
                    guard let next = try? rules.applying(play, to: from), seen.insert(next).inserted else { continue }
                    made += 1
                    if made & 31 == 0 && timeIsUp() { return best }
                    let newWay = way + [play]
                    // Saves plays when the solution needs more than `length` to get there.
                    if let j = last[canonical(next).key], j - i - length > bestSaving {
                        bestSaving = j - i - length
                        best = (newWay, j, next)
                    }
                    nextLayer.append((next, newWay))
                }
            }
            layer = nextLayer
            if layer.isEmpty || made >= nodesPerSearch { break }
        }
        return best
    }
}
