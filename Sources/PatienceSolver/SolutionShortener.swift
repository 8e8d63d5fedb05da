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
        self.interchangeable = interchangeable.filter { $0.count > 1 }.sorted { $0.lowerBound < $1.lowerBound }
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
        var places = SolutionPlaces()
        var order: [[Int]] = []
        order.reserveCapacity(tables.count)
        for (i, table) in tables.enumerated() {
            let (key, piles) = canonical(table)
            places.last[digests(table).canonical, default: []].append(i)
            places.keys.append(key)
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
            if !timeIsUp(), let (way, j, reached) = shortcut(from: current, at: i, places: places, timeIsUp: timeIsUp) {
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
    private func shortcut(from table: CardTable, at i: Int, places: SolutionPlaces, timeIsUp: () -> Bool) -> ([Play], Int, CardTable)? {
        var best: ([Play], Int, CardTable)?
        var bestSaving = 0
        // Depth 0: the table itself comes again later (a detour that comes back).
        let rootDigests = digests(table)
        if let j = lastPlace(of: table, canonicalDigest: rootDigests.canonical, in: places), j > i {
            best = ([], j, table)
            bestSaving = j - i
        }
        var seen: Set<DigestedTable> = [DigestedTable(table: table, digest: rootDigests.exact)]
        var layer: [(table: CardTable, way: [Play])] = [(table, [])]
        var made = 0
        for length in 1...max(depth, 1) {
            var nextLayer: [(table: CardTable, way: [Play])] = []
            for (from, way) in layer where made < nodesPerSearch {
                for play in rules.legalPlays(on: from) where made < nodesPerSearch {
                    guard let next = try? rules.applying(play, to: from) else { continue }
                    let nextDigests = digests(next)
                    guard seen.insert(DigestedTable(table: next, digest: nextDigests.exact)).inserted else { continue }
                    made += 1
                    if made & 31 == 0 && timeIsUp() { return best }
                    let newWay = way + [play]
                    // Saves plays when the solution needs more than `length` to get there.
                    if let j = lastPlace(of: next, canonicalDigest: nextDigests.canonical, in: places), j - i - length > bestSaving {
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

    /// The solution's tables, found by digest: for each canonical digest (`digests(_:)`), the
    /// places of the tables with it, and each place's canonical table, to tell a true meeting
    /// from two tables that only share a digest.
    private struct SolutionPlaces {
        var last: [UInt64: [Int]] = [:]
        var keys: [CardTable] = []
    }

    /// The last place of the solution whose table is `table` up to the order of interchangeable
    /// piles; nil when there is none. The digest finds the candidates; only they are compared
    /// whole, so a table the solution never reaches (nearly every one the search makes) costs
    /// one pass over its cards.
    private func lastPlace(of table: CardTable, canonicalDigest: UInt64, in places: SolutionPlaces) -> Int? {
        guard let candidates = places.last[canonicalDigest] else { return nil }
        let key = canonical(table).key
        return candidates.last { places.keys[$0] == key }
    }

    /// Two 64-bit digests of every part of a table that tables are compared by, from one pass
    /// over its cards: `exact`, and `canonical`, where the piles of each interchangeable zone
    /// count in any order (their digests are added), so that tables equal up to that order have
    /// the same one, as their canonical tables are equal. Tables with equal digests are still
    /// compared whole before they count as one: the digests only spare hashing every card with
    /// `Hasher` (three quarters of a shortening's time when tables were the keys themselves).
    func digests(_ table: CardTable) -> (exact: UInt64, canonical: UInt64) {
        var exact = StateKey.mix(UInt64(table.piles.count))
        var canonical = exact
        var p = 0
        var ranges = interchangeable[...]
        while p < table.piles.count {
            if let range = ranges.first, range.lowerBound == p, range.upperBound <= table.piles.count {
                ranges = ranges.dropFirst()
                var sum: UInt64 = 0
                for q in range {
                    let d = SolutionShortener.digest(of: table.piles[q])
                    sum &+= d
                    exact = StateKey.mix(exact ^ d)
                }
                canonical = StateKey.mix(canonical ^ sum)
                p = range.upperBound
                continue
            }
            let d = SolutionShortener.digest(of: table.piles[p])
            exact = StateKey.mix(exact ^ d)
            canonical = StateKey.mix(canonical ^ d)
            p += 1
        }
        var rest = StateKey.mix(table.seed ^ UInt64(bitPattern: Int64(table.shuffles)) &* 0x9E37_79B9_7F4A_7C15)
        for uses in table.actionUses { rest = StateKey.mix(rest ^ UInt64(bitPattern: Int64(uses))) }
        for value in table.memory { rest = StateKey.mix(rest ^ UInt64(bitPattern: Int64(value))) }
        return (StateKey.mix(exact ^ rest), StateKey.mix(canonical ^ rest))
    }

    /// A pile's digest: its cards, each with its face, bottom first.
    private static func digest(of pile: Pile) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(pile.cards.count)
        pile.cards.withUnsafeBufferPointer { cards in
            for placed in cards {
                h = (h ^ (UInt64(placed.card.rawValue) << 1 | (placed.isFaceUp ? 1 : 0))) &* 0x0000_0100_0000_01B3
            }
        }
        return StateKey.mix(h)
    }
}

/// A table with its exact digest (`SolutionShortener.digests`), hashed by the digest alone and equal
/// only to the same table.
private struct DigestedTable: Hashable {
    let table: CardTable
    let digest: UInt64

    static func == (a: DigestedTable, b: DigestedTable) -> Bool { a.digest == b.digest && a.table == b.table }
    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}
