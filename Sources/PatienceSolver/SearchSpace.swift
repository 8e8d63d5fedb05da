import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// One step of the search: the plays that lead from a table to the next stored state (several
/// when a chain of taps is collapsed), and the table they reach.
struct Step {
    /// Taps of `tapPile` made before `play` (a collapsed chain of taps).
    var taps: Int = 0
    var tapPile: Int = 0
    var play: Play?
    var table: CardTable

    var plays: [Play] { Array(repeating: .tap(pile: tapPile), count: taps) + (play.map { [$0] } ?? []) }
}

/// The game's move graph as the search walks it: the engine's own legal plays and their
/// application (`GameRules.legalMoves`, `legalTaps`, `applying`), with the reductions on top.
struct SearchSpace {
    let rules: GameRules
    let facts: RuleFacts
    let reductions: Reductions
    let key: StateKey
    let safeMoves: SafeMoves
    let heuristic: Heuristic
    let zoneOfPile: [Int]
    /// The game's only tappable pile, when tap chains are collapsed.
    let chainPile: Int?
    /// Zones whose piles are interchangeable under the reductions in force.
    let interchangeableZone: [Bool]
    /// Every pile an action taps, in pile order.
    let tappablePiles: [Int]
    /// The zone the win condition fills, if it is of that form.
    let wonZone: Int?

    init(rules: GameRules, reductions: Reductions, root: CardTable) {
        self.rules = rules
        let facts = rules.facts.zones.count == rules.zones.count
            ? rules.facts : RuleFacts.unknown(zones: rules.zones.map(\.name), actions: rules.actionNames.count)
        self.facts = facts
        self.reductions = reductions
        key = StateKey(rules: rules, facts: facts, reductions: reductions)
        safeMoves = SafeMoves(rules: rules, facts: facts, root: root)
        heuristic = Heuristic(rules: rules, facts: facts)
        zoneOfPile = (0..<rules.pileCount).map { p in rules.zones.firstIndex { $0.piles.contains(p) } ?? 0 }
        let tapped = Set(facts.tappedZones.flatMap { Array(rules.zones[$0].piles) })
        tappablePiles = facts.tappedZones.count == rules.actionNames.count ? tapped.sorted() : Array(0..<rules.pileCount)
        // Only a stock that comes round again (tapping it from the start returns to a table already
        // seen, as Klondike's redeal does) is worth following through: a stock dealt once (Golf,
        // Spider) gives each tap a single new table, which the search handles as well on its own.
        let only = reductions.collapseTapChains && tapped.count == 1 && facts.tappedZones.count == rules.actionNames.count ? tapped.first : nil
        let stateKey = key
        if let only, SearchSpace.tapsComeRound(rules, pile: only, from: root, key: stateKey) { chainPile = only } else { chainPile = nil }
        wonZone = facts.winFills.flatMap { $0.cards > 0 ? $0.zone : nil }
        interchangeableZone = facts.zones.map { reductions.interchangeablePiles && $0.pilesAreInterchangeable }
    }

    /// Whether tapping `pile` again and again from `root` comes back to a table already seen.
    static func tapsComeRound(_ rules: GameRules, pile: Int, from root: CardTable, key: StateKey) -> Bool {
        var seen: Set<Fingerprint> = [key.fingerprint(root)]
        var table = root
        for _ in 0...(rules.deck.count + 1) {
            guard let next = try? rules.tapping(pile: pile, on: table) else { return false }
            if !seen.insert(key.fingerprint(next)).inserted { return true }
            table = next
        }
        return false
    }

    /// The steps from `table`. `last` is the step that reached it, `before` the table it came
    /// from. With `likelySafe`, a likely-safe move to the win zone is taken as the only step
    /// (guided phase), and moves out of the win zone are left out; `usedLikely` is then set when
    /// such a shortcut dropped anything (a likely-safe move that was not also soundly safe, or a
    /// move out of the win zone), since the steps are then not all the table's plays.
    func steps(from table: CardTable, last: Play?, before: CardTable?, likelySafe: Bool, usedLikely: inout Bool) -> [Step] {
        let moves = rules.movesAllowedByRules(on: table)
        if reductions.safeMoves || likelySafe, safeMoves.isAvailable,
           let (move, sound) = safeMoves.safeMove(among: moves, on: table, likely: likelySafe),
           sound ? reductions.safeMoves : likelySafe,
           let next = rules.applyingListed(move, to: table) {
            if !sound { usedLikely = true }
            return [Step(play: .move(move), table: next)]
        }
        var steps: [Step] = []
        steps.reserveCapacity(moves.count + 2)
        // The guided phase never takes a card back out of the zone the win fills: such moves are
        // rarely needed, and the exhaustive phase still tries them.
        let kept = likelySafe && wonZone != nil ? moves.filter { zoneOfPile[$0.source] != wonZone } : moves
        if kept.count < moves.count { usedLikely = true }
        appendMoves(kept, on: table, taps: 0, last: last, before: before, into: &steps)
        if let chainPile {
            // Turn the stock again and again, offering every move from each table on the way.
            var seen: Set<Fingerprint> = [key.fingerprint(table)]
            var current = table
            var taps = 0
            while let next = try? rules.tapping(pile: chainPile, on: current) {
                taps += 1
                guard seen.insert(key.fingerprint(next)).inserted else { break }
                if rules.isWon(next) { return [Step(taps: taps, tapPile: chainPile, play: nil, table: next)] }
                let moves = rules.movesAllowedByRules(on: next)
                let kept = likelySafe && wonZone != nil ? moves.filter { zoneOfPile[$0.source] != wonZone } : moves
                if kept.count < moves.count { usedLikely = true }
                appendMoves(kept, on: next, taps: taps, last: nil, before: nil, into: &steps)
                current = next
            }
        } else {
            // Each tappable pile is tapped once: a tap the rules refuse is simply not a step.
            for pile in tappablePiles {
                if let next = try? rules.tapping(pile: pile, on: table) { steps.append(Step(play: .tap(pile: pile), table: next)) }
            }
        }
        return steps
    }

    private func appendMoves(_ moves: [Move], on table: CardTable, taps: Int, last: Play?, before: CardTable?, into steps: inout [Step]) {
        for move in moves {
            let sourceZone = zoneOfPile[move.source]
            // A whole pile moved onto an empty pile of its own interchangeable zone changes nothing.
            if interchangeableZone.indices.contains(sourceZone), interchangeableZone[sourceZone], zoneOfPile[move.destination] == sourceZone,
               table.piles[move.destination].isEmpty, move.count == table.piles[move.source].count {
                continue
            }
            if reductions.pruneInverseMoves, let last, let before, isInverse(move, of: last, on: table, before: before) { continue }
            guard let next = rules.applyingListed(move, to: table) else { continue }
            steps.append(Step(taps: taps, tapPile: chainPile ?? 0, play: .move(move), table: next))
        }
    }

    /// Whether `move` puts back exactly what `last` moved, with nothing else having changed:
    /// then it leads back to `before`, which the search has already stored.
    private func isInverse(_ move: Move, of last: Play, on table: CardTable, before: CardTable) -> Bool {
        guard case .move(let previous) = last, facts.effectsOnlyFlip,
              move.source == previous.destination, move.destination == previous.source, move.count == previous.count else { return false }
        // The previous move turned nothing over: every pile but its two kept its cards and faces.
        let a = previous.source, b = previous.destination
        guard before.piles[a].count == table.piles[a].count + move.count, before.piles[b].count + move.count == table.piles[b].count else { return false }
        func faceDown(_ t: CardTable) -> Int { t.piles.reduce(0) { $0 + $1.faceDownCount } }
        guard faceDown(before) == faceDown(table) else { return false }
        return before.piles[a].cards.prefix(table.piles[a].count) == table.piles[a].cards[...]
            && before.piles[a].cards.suffix(move.count) == table.piles[b].cards.suffix(move.count)
    }
}
