import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// One step of the search: the plays that lead from a table to the next stored state (several
/// when a chain of taps is collapsed). It holds no table: the search makes it on its one working
/// table and takes it back (`WorkingTable`).
struct Step {
    /// Taps of the chain pile made before the play (a collapsed chain of taps).
    var taps: Int32 = 0
    /// The pile tapped, when the play is a tap (`move` is then nil).
    var tap: Int32 = -1
    /// The removal, when the play is one, as `PlayCode` packs it (never 0); 0 for none.
    var removal: UInt64 = 0
    var move: Move?

    static func moving(_ move: Move, afterTaps taps: Int = 0) -> Step { Step(taps: Int32(taps), tap: -1, move: move) }
    static func tapping(_ pile: Int) -> Step { Step(taps: 0, tap: Int32(pile), move: nil) }

    /// The removal of the top cards of `piles`, nil when they do not pack (`PlayCode.packsRemoval`).
    static func removing(_ piles: [Int], afterTaps taps: Int = 0) -> Step? {
        guard PlayCode.packsRemoval(of: piles) else { return nil }
        return Step(taps: Int32(taps), tap: -1, removal: PlayCode.encode(.remove(piles: piles)), move: nil)
    }

    /// Whether every removal the rules allow packs into a step.
    static func packsRemovals(of rules: GameRules) -> Bool {
        !rules.hasRemovals || (rules.mostRemovalPiles <= PlayCode.removalPiles && rules.pileCount <= PlayCode.removalPileLimit)
    }

    /// The piles of the removal, in the order given.
    var removalPiles: [Int] {
        if case .remove(let piles) = PlayCode.decode(removal) { return piles }
        return []
    }

    /// The plays, given the pile the collapsed taps tap.
    func plays(chainPile: Int?) -> [Play] {
        var codes: [UInt64] = []
        appendCodes(chainPile: chainPile, to: &codes)
        return codes.map(PlayCode.decode)
    }

    /// The plays packed by `PlayCode`, appended to `codes` (`plays(chainPile:)` decodes them):
    /// a search stores them so, without building an array of plays for each stored state.
    func appendCodes(chainPile: Int?, to codes: inout [UInt64]) {
        if taps > 0 {
            let tap = PlayCode.encode(.tap(pile: chainPile ?? 0))
            for _ in 0..<taps { codes.append(tap) }
        }
        if let move {
            codes.append(PlayCode.encode(.move(move)))
        } else if tap >= 0 {
            codes.append(PlayCode.encode(.tap(pile: Int(tap))))
        } else if removal != 0 {
            codes.append(removal)
        }
    }

    /// Makes the step's own play (not its collapsed taps) on the working table through the
    /// rules; false when they refuse it. A step of taps alone is made by its taps.
    func makePlay(by rules: GameRules, settling: Bool = true, on work: inout WorkingTable) -> Bool {
        if let move { return rules.applyListed(move, to: &work) }
        if tap >= 0 { return rules.tap(pile: Int(tap), on: &work, settling: settling) }
        if removal != 0 { return rules.remove(piles: removalPiles, on: &work) }
        return taps > 0
    }
}

/// What a search space takes from the rules alone, whatever the table: the facts it reads, the
/// state key's hash tables and the heuristic's. A `Solver` works them out once for every table
/// it solves, since for a short solve (most FreeCell deals) they cost a quarter of the time.
final class SearchTables: Sendable {
    let facts: RuleFacts
    let key: StateKey
    let heuristic: Heuristic
    let reductions: Reductions
    /// `SafeMoves.takers`.
    let takers: SafeMoves.Takers?

    init(rules: GameRules, reductions: Reductions) {
        let facts = rules.facts.zones.count == rules.zones.count
            ? rules.facts : RuleFacts.unknown(zones: rules.zones.map(\.name), actions: rules.actionNames.count)
        self.facts = facts
        self.reductions = reductions
        key = StateKey(rules: rules, facts: facts, reductions: reductions)
        heuristic = Heuristic(rules: rules, facts: facts)
        takers = SafeMoves.takers(rules: rules, facts: facts)
    }
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
    /// The dead-end test, with its scratch (each search keeps a copy); unavailable when the reduction is off.
    let deadEnds: DeadEnds?
    let zoneOfPile: [Int]
    /// The game's only tappable pile, when tap chains are collapsed.
    let chainPile: Int?
    /// Zones whose piles are interchangeable under the reductions in force.
    let interchangeableZone: [Bool]
    /// Every pile an action taps, in pile order.
    let tappablePiles: [Int]
    /// For each pile, whether a move between two such piles commutes with the chain's taps
    /// (`Reductions.independentMoves`): the chain then offers it only before its taps. Empty
    /// when the reduction does not apply.
    let commutesWithTaps: [Bool]
    /// The piles a chain lists as sources after its taps, as `ListingFilter.sourcePiles`: those of
    /// the action zones when no action zone accepts cards (so every move that does not commute
    /// starts there), every pile otherwise.
    let chainSourcePiles: UInt64
    /// Whether a chain's listings after a tap read the index of destinations the listing before
    /// the taps built (`ListingFilter.reusesIndex`): where the actions are isolated and their
    /// zones accept no card, the taps change no pile the index reads.
    let chainReusesIndex: Bool
    /// For each pile, whether its zone is one the actions name (`RuleFacts.actionZones`).
    let actionPile: [Bool]
    /// For each zone, whether a pile of it hides a card (face down) on the table the search
    /// starts from (`isIdleRun`).
    let zoneHidesCards: [Bool]
    /// The piles of the action zones, when tables on a cycle of taps are keyed as its
    /// representative (`Reductions.tapCycles`); empty otherwise.
    let cyclePiles: [Int]
    /// The zone the win condition fills, if it is of that form.
    let wonZone: Int?
    /// Whether a move that only puts back what the move before brought is left out
    /// (`Reductions.pruneInverseMoves`). It returns to the table before only when that table is
    /// settled (its effects change nothing), which `settle` makes sure of unless effects can
    /// change it on and on: off where an effect sets a memory or shuffles. A move whose own
    /// effects changed anything is never inverted (`TableJournal.onlyTransfer`).
    let prunesInverseMoves: Bool
    /// Whether the root is settled, so that the inverse of a move from it returns to it.
    let rootIsSettled: Bool
    /// The zones whose empty piles the listing offers one of (`interchangeableZone`: the state
    /// key sorts their piles, so a run moved to any empty one makes the same state).
    let oneEmptyPileZones: UInt64
    /// Whether the waste's top card may go home as a safe move after the chain's taps that
    /// bring it up (`SafeMoves.turnedStock`), taken as the table's only step.
    let turnedSafeMoves: Bool
    /// Whether a tap runs the effects after it. Not where every table the search taps is
    /// settled (the root is, moves settle, and effects only turn cards over) and no effect reads
    /// or changes a zone the actions name (`RuleFacts.actionsAreIsolated`): they would change
    /// nothing.
    let tapsSettle: Bool
    /// The chain's taps made as the rules' taps were seen to make them (`GameRules.stockTurn`),
    /// without running the actions' code, where the rules show a tap depends only on which of the
    /// stock and the waste are empty (`RuleFacts.stockTurn`), no action has a limit, and taps
    /// need not settle (`tapsSettle`). Nil otherwise: taps go through `GameRules.tap`.
    let stockTurn: StockTurn?
    /// `rules.hasRemovals`, read for every listing (the rules' accessor costs a call and a copy).
    let hasRemovals: Bool

    init(rules: GameRules, reductions: Reductions, root: CardTable, tables: SearchTables? = nil) {
        self.rules = rules
        let tables = tables.flatMap { $0.reductions == reductions ? $0 : nil } ?? SearchTables(rules: rules, reductions: reductions)
        let facts = tables.facts
        self.facts = facts
        self.reductions = reductions
        key = tables.key.scanning(fullestZonesOf: root)
        safeMoves = SafeMoves(rules: rules, facts: facts, root: root, takers: .some(tables.takers))
        heuristic = tables.heuristic
        let dead = DeadEnds(rules: rules, facts: facts, root: root, checkingOrder: reductions.deadEndOrder, checkingWalk: reductions.deadEndWalk)
        deadEnds = reductions.deadEnds && dead.isAvailable ? dead : nil
        zoneOfPile = (0..<rules.pileCount).map { p in rules.zones.firstIndex { $0.piles.contains(p) } ?? 0 }
        let tapped = Set(facts.tappedZones.flatMap { Array(rules.zones[$0].piles) })
        tappablePiles = facts.tappedZones.count == rules.actionNames.count ? tapped.sorted() : rules.tappablePiles
        // Only a stock that comes round again (tapping it from the start returns to a table already
        // seen, as Klondike's redeal does) is worth following through: a stock dealt once (Golf,
        // Spider) gives each tap a single new table, which the search handles as well on its own.
        let only = reductions.collapseTapChains && tapped.count == 1 && facts.tappedZones.count == rules.actionNames.count ? tapped.first : nil
        let stateKey = key
        if let only, SearchSpace.tapsComeRound(rules, pile: only, from: root, key: stateKey) { chainPile = only } else { chainPile = nil }
        let actionZones = Set(facts.actionZones)
        let actionPile = zoneOfPile.map { actionZones.contains($0) }
        self.actionPile = actionPile
        zoneHidesCards = rules.zones.map { zone in zone.piles.contains { root.piles[$0].cards.contains { !$0.isFaceUp } } }
        let isolatedChain = chainPile != nil && facts.actionsAreIsolated
        // Then a tap changes no pile of a zone that takes cards.
        let actionZonesTakeNothing = actionZones.allSatisfy { facts.zones.indices.contains($0) && !facts.zones[$0].hasAccept }
        if isolatedChain && reductions.independentMoves {
            commutesWithTaps = actionPile.map { !$0 }
            var sources: UInt64 = .max
            if rules.pileCount <= 64, actionZonesTakeNothing {
                sources = 0
                for (pile, inActionZone) in actionPile.enumerated() where inActionZone { sources |= 1 << UInt64(pile) }
            }
            chainSourcePiles = sources
        } else {
            commutesWithTaps = []
            chainSourcePiles = .max
        }
        chainReusesIndex = isolatedChain && actionZonesTakeNothing
        cyclePiles = isolatedChain && reductions.tapCycles ? actionPile.indices.filter { actionPile[$0] } : []
        wonZone = facts.winFills.flatMap { $0.cards > 0 ? $0.zone : nil }
        prunesInverseMoves = reductions.pruneInverseMoves && !rules.effectsSetMemoryOrShuffle
        rootIsSettled = rules.isSettled(root)
        interchangeableZone = facts.zones.map { reductions.interchangeablePiles && $0.pilesAreInterchangeable }
        var oneEmpty: UInt64 = 0
        for (zone, interchangeable) in interchangeableZone.enumerated() where interchangeable && zone < 64 { oneEmpty |= 1 << UInt64(zone) }
        oneEmptyPileZones = oneEmpty
        tapsSettle = !(facts.actionsAreIsolated && facts.effectsOnlyFlip && rootIsSettled)
        hasRemovals = rules.hasRemovals
        if let chainPile, !tapsSettle, let turn = facts.stockTurn, facts.actionLimits.allSatisfy({ $0 == .none }),
           rules.zones.indices.contains(turn.stock), rules.zones.indices.contains(turn.waste),
           Array(rules.zones[turn.stock].piles) == [chainPile], rules.zones[turn.waste].piles.count == 1,
           let waste = rules.zones[turn.waste].piles.first {
            // The safe moves' walk of the same taps, where they took one.
            stockTurn = safeMoves.turnedStock ?? rules.stockTurn(stock: chainPile, waste: waste, count: turn.count, root: root)
        } else {
            stockTurn = nil
        }
        turnedSafeMoves = chainPile != nil && safeMoves.turnedStock?.stock == chainPile
    }

    /// The most taps a collapsed chain follows (`tapsComeRound` looks as far).
    var maxChainTaps: Int { rules.deck.count + 2 }

    /// Whether tapping `pile` again and again from `root` comes back to a table already seen, by
    /// the state key (which holds the memory, the action uses that matter and the count of shuffles).
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

    /// Makes a step on the working table through the rules; false, with the table unchanged,
    /// when the rules refuse a part of it.
    func apply(_ step: Step, to work: inout WorkingTable) -> Bool {
        let mark = work.mark
        if step.taps > 0 {
            guard let chainPile else { return false }
            for _ in 0..<step.taps where !tapChain(chainPile, on: &work) {
                work.undo(to: mark)
                return false
            }
        }
        let done = step.makePlay(by: rules, settling: tapsSettle, on: &work)
        if !done { work.undo(to: mark) }
        return done
    }

    /// Taps the chain's pile: by `stockTurn` where there is one, else through the rules.
    @inline(__always)
    func tapChain(_ pile: Int, on work: inout WorkingTable) -> Bool {
        SearchSpace.tapChain(pile, by: rules, turn: stockTurn, settling: tapsSettle, on: &work)
    }

    /// `tapChain(_:on:)` with the space's rules, turn and settling given (`StepCursor`).
    @inline(__always)
    static func tapChain(_ pile: Int, by rules: GameRules, turn: StockTurn?, settling: Bool, on work: inout WorkingTable) -> Bool {
        if let turn { return rules.turn(turn, on: &work) }
        return rules.tap(pile: pile, on: &work, settling: settling)
    }

    /// Makes the steps of one table one after another on the working table. Steps come in
    /// the order of their collapsed taps (`steps(on:…)` lists them so), and the taps they share
    /// are made once and kept from one step to the next, instead of once per step.
    struct StepCursor {
        /// The journal's mark at the table the steps start from.
        private(set) var base = 0
        private var taps: Int32 = 0
        /// The journal's mark after those taps.
        private var tapped = 0

        mutating func start(_ work: WorkingTable) {
            base = work.mark
            taps = 0
            tapped = base
        }

        /// Makes `step` through the rules; false when they refuse a part of it. Call
        /// `takeBack` after either.
        mutating func make(_ step: Step, in space: SearchSpace, on work: inout WorkingTable) -> Bool {
            make(step, by: space.rules, chainPile: space.chainPile, settling: space.tapsSettle, turn: space.stockTurn, on: &work)
        }

        /// `make(_:in:on:)` with the space's rules and chain pile given: a search that holds
        /// the rules in a local passes them by reference, where reading them out of the space
        /// at each step copied all 353 bytes of them.
        mutating func make(_ step: Step, by rules: GameRules, chainPile: Int?, settling: Bool, turn: StockTurn?,
                           on work: inout WorkingTable) -> Bool {
            if step.taps < taps {
                work.undo(to: base)
                taps = 0
                tapped = base
            }
            while taps < step.taps {
                guard let chainPile, SearchSpace.tapChain(chainPile, by: rules, turn: turn, settling: settling, on: &work) else { return false }
                taps += 1
                tapped = work.mark
            }
            return step.makePlay(by: rules, settling: settling, on: &work)
        }

        /// Takes back the last step's play, keeping its taps for the next step.
        mutating func takeBack(_ work: inout WorkingTable) { work.undo(to: tapped) }

        /// Takes back everything since `start`.
        mutating func finish(_ work: inout WorkingTable) {
            work.undo(to: base)
            taps = 0
            tapped = base
        }
    }

    /// Scratch storage for listing steps, kept from one table to the next.
    struct Scratch {
        var moves: [Move] = []
        /// The listing's index of destinations (`GameRules.appendMovesAllowedByRules(on:to:filter:index:)`).
        var listingIndex: [UInt64] = []
        var changed = ChangedPiles()
        var chainSeen = FingerprintSet(capacity: 64)
        /// Whether the last listing left out a move that only undoes the move before (so the
        /// steps are not every successor of the table, which `ExhaustiveSearch` must know to
        /// record the table as dead).
        var prunedInverse = false
        /// The first depth-first run's shortcuts (`ExhaustiveSearch.takesShortcuts`): likely-safe
        /// moves to the win zone, and idle runs dropped (`dropIdlePartialRuns`), while moves out
        /// of the win zone are still offered. Such listings are not every play of a table.
        var probeShortcuts = false
        /// The cycles of taps learnt so far (`Reductions.tapCycles`).
        var cycles = TapCycles()
        init() { moves.reserveCapacity(256) }
    }

    /// The steps from the working table, into `steps` (emptied first). `last` is the move that
    /// alone reached this table, if one did (its inverse is pruned), and `hashes` the table's
    /// pile hashes. With `likelySafe`, a likely-safe move to the win zone is taken as the only
    /// step (guided phase), and moves out of the win zone are left out; `usedLikely` is then set
    /// when such a shortcut dropped anything (a likely-safe move that was not also soundly safe,
    /// or a move out of the win zone), since the steps are then not all the table's plays.
    /// `homeChecked` says that `SafeMoves.moveHome` found no safe move for the table, so the
    /// listing's moves are not searched for one again (they would give none: the two agree).
    func steps(on work: inout WorkingTable, hashes: StateKey.PileHashes, last: Move?, likelySafe: Bool, homeChecked: Bool = false,
               usedLikely: inout Bool, scratch: inout Scratch, into steps: inout [Step]) {
        steps.removeAll(keepingCapacity: true)
        scratch.moves.removeAll(keepingCapacity: true)
        scratch.prunedInverse = false
        // The guided phase drops the moves out of the win zone; once it has recorded that it
        // dropped one (`usedLikely` is kept for the whole search), they are not even listed.
        let dropWon = likelySafe && wonZone != nil
        let filter = ListingFilter(skippedSourceZone: dropWon && usedLikely ? wonZone ?? -1 : -1, oneEmptyPileZones: oneEmptyPileZones)
        rules.appendMovesAllowedByRules(on: work.table, to: &scratch.moves, filter: filter, index: &scratch.listingIndex)
        let autoplay = likelySafe || scratch.probeShortcuts
        if !homeChecked, let (move, sound) = safeStep(among: scratch.moves, on: work.table, autoplay: autoplay, turned: turnedSafeMoves) {
            let mark = work.mark
            if rules.applyListed(move, to: &work) {
                work.undo(to: mark)
                if !sound { usedLikely = true }
                steps.append(.moving(move))
                return
            }
        }
        if reductions.safeMoves && !autoplay { safeMoves.dropMovesOutOfStaying(&scratch.moves, on: work.table) }
        if dropWon || scratch.probeShortcuts, let wonZone { dropIdlePartialRuns(&scratch.moves, on: &work, wonZone: wonZone, usedLikely: &usedLikely) }
        // The guided phase never takes a card back out of the zone the win fills: such moves are
        // rarely needed, and the exhaustive phase still tries them.
        appendMoves(scratch.moves, on: work.table, taps: 0, last: last, dropWon: dropWon, usedLikely: &usedLikely, prunedInverse: &scratch.prunedInverse, into: &steps)
        appendRemovals(on: work.table, taps: 0, into: &steps)
        if let chainPile {
            // Turn the stock again and again, offering every move from each table on the way.
            let mark = work.mark
            scratch.chainSeen.removeAll()
            _ = scratch.chainSeen.insert(key.fingerprint(hashes, work.table))
            var taps = 0
            var chainFilter = filter
            chainFilter.sourcePiles = chainSourcePiles
            chainFilter.reusesIndex = chainReusesIndex
            while tapChain(chainPile, on: &work) {
                taps += 1
                scratch.changed.collect(work, since: mark)
                guard scratch.chainSeen.insert(key.fingerprint(work.table, changed: scratch.changed, from: hashes)) else { break }
                // A chain that does not come round within the bound (a stock that shuffles as it
                // turns) stops at a table of its own: the search goes on from there.
                if taps > maxChainTaps {
                    steps.append(Step(taps: Int32(taps), tap: -1, move: nil))
                    break
                }
                if rules.isWon(work.table) {
                    work.undo(to: mark)
                    steps.removeAll(keepingCapacity: true)
                    steps.append(Step(taps: Int32(taps), tap: -1, move: nil))
                    return
                }
                scratch.moves.removeAll(keepingCapacity: true)
                rules.appendMovesAllowedByRules(on: work.table, to: &scratch.moves, filter: chainFilter, index: &scratch.listingIndex)
                if !commutesWithTaps.isEmpty && chainSourcePiles == .max {
                    // A move between piles no tap touches is the same move made before the taps,
                    // offered above: the table it makes is reached from that one by these taps.
                    // (Where the listing took its sources from the action zones alone, it listed none.)
                    scratch.moves.removeAll { commutesWithTaps[$0.source] && commutesWithTaps[$0.destination] }
                }
                if turnedSafeMoves, let (move, sound) = safeStep(among: scratch.moves, on: work.table, autoplay: autoplay, turned: true) {
                    work.undo(to: mark)
                    if !sound { usedLikely = true }
                    steps.removeAll(keepingCapacity: true)
                    steps.append(.moving(move, afterTaps: taps))
                    return
                }
                appendMoves(scratch.moves, on: work.table, taps: taps, last: nil, dropWon: dropWon, usedLikely: &usedLikely, prunedInverse: &scratch.prunedInverse, into: &steps)
                appendRemovals(on: work.table, taps: taps, into: &steps)
            }
            work.undo(to: mark)
        } else {
            // Each tappable pile is tapped once: a tap the rules refuse is simply not a step
            // (the search finds that out when it makes the step).
            for pile in tappablePiles { steps.append(.tapping(pile)) }
        }
    }

    /// The safe move among `moves` that a step may take alone: soundly safe where the safe-moves
    /// reduction is on, only likely safe in the searches that take shortcuts (`autoplay`, which
    /// then leave the sound moves where cards come back to the exhaustive search).
    private func safeStep(among moves: [Move], on table: CardTable, autoplay: Bool, turned: Bool) -> (move: Move, sound: Bool)? {
        guard reductions.safeMoves || autoplay, safeMoves.isAvailable,
              let found = safeMoves.safeMove(among: moves, on: table, likely: autoplay, soon: autoplay, returns: !autoplay, turned: turned),
              found.sound ? reductions.safeMoves : autoplay else { return nil }
        return found
    }

    /// Writes the action piles of the working table's cycle representative in place of its own,
    /// through the journal, where tables on a cycle of taps are one state (`TapCycles`): call it
    /// on a successor before fingerprinting it; taking the step back takes this back too.
    func keyAsCycle(_ work: inout WorkingTable, scratch: inout Scratch) {
        guard !cyclePiles.isEmpty, let chainPile else { return }
        scratch.cycles.writeRepresentative(on: &work, rules: rules, chainPile: chainPile, actionPiles: cyclePiles, maxTaps: maxChainTaps)
    }

    /// The kind of a step, for `ExhaustiveSearch.ordersByKind`: 0 for a move to the zone the win
    /// fills, 1 for another move that involves no zone the actions name (or a removal), 2 for a
    /// move from or to such a zone, 3 for a move out of the win zone. (Putting the runs that
    /// `isIdleRun` finds after the others as well made Klondike's searches longer.)
    func kind(of step: Step) -> Int {
        guard let move = step.move else { return 1 }
        let source = zoneOfPile[move.source], destination = zoneOfPile[move.destination]
        if let wonZone {
            if destination == wonZone { return 0 }
            if source == wonZone { return 3 }
        }
        return actionPile[move.source] || actionPile[move.destination] ? 2 : 1
    }

    /// Whether the move takes part of a run to another pile of its zone, leaving behind a face-up
    /// card the run is built on (by the zone's build relations), so that it turns nothing up and
    /// empties nothing, in a zone that hid cards when the search started (`zoneHidesCards`). In
    /// such a zone, the runs are there to uncover cards: once every pile has none left face down
    /// (a column emptied and filled again, say), splitting its run is as idle as anywhere else,
    /// and Solvitaire's Klondike moves a part of a run only to let the card it leaves go home.
    /// (In a zone that never hid a card, FreeCell's, the runs are split to reach other cards:
    /// the same shortcut there doubled the nodes of deals 1..1000.)
    func isIdleRun(_ move: Move, on table: CardTable) -> Bool {
        let zone = zoneOfPile[move.source]
        guard zone == zoneOfPile[move.destination], zone != wonZone, facts.zones.indices.contains(zone),
              zoneHidesCards.indices.contains(zone), zoneHidesCards[zone],
              let relations = facts.zones[zone].buildsOnTop else { return false }
        let cards = table.piles[move.source].cards
        let below = cards.count - move.count - 1
        return below >= 0 && cards[below].isFaceUp
            && relations.contains { $0.builds(cards[below].card, cards[below + 1].card) }
    }

    /// The guided phase's shortcut in piles that hide cards (a face-down card at the bottom): a
    /// run moved to another pile of its zone that leaves behind a face-up card it is built on (by
    /// the zone's build relations), so that it turns nothing up and empties nothing, is kept only
    /// when the card it uncovers can then go to the win zone. (A run that sits on a card it does
    /// not build on, as Yukon deals them, may be moved to free that card.) The others only trade
    /// one place for a run for another as good, most of the time (the best Klondike solvers make
    /// this a rule); the exhaustive phase still tries them, and `usedLikely` is set when one is
    /// dropped.
    private func dropIdlePartialRuns(_ moves: inout [Move], on work: inout WorkingTable, wonZone: Int, usedLikely: inout Bool) {
        let wonPiles = rules.zones[wonZone].piles
        var kept = 0
        for i in moves.indices {
            let move = moves[i]
            var keep = true
            if isIdleRun(move, on: work.table) {
                let mark = work.mark
                keep = false
                if rules.applyListed(move, to: &work) {
                    keep = wonPiles.contains { rules.allows(Move(source: move.source, count: 1, destination: $0), on: work.table) }
                    work.undo(to: mark)
                }
                if !keep { usedLikely = true }
            }
            if keep {
                moves[kept] = move
                kept += 1
            }
        }
        moves.removeLast(moves.count - kept)
    }

    /// The removals whose conditions hold on the table, each a step after `taps` taps; one the
    /// removal then refuses (an effect faults) is simply not made.
    private func appendRemovals(on table: CardTable, taps: Int, into steps: inout [Step]) {
        guard hasRemovals else { return }
        for piles in rules.removalsAllowedByConditions(on: table) {
            if let step = Step.removing(piles, afterTaps: taps) { steps.append(step) }
        }
    }

    private func appendMoves(_ moves: [Move], on table: CardTable, taps: Int, last: Move?, dropWon: Bool, usedLikely: inout Bool,
                             prunedInverse: inout Bool, into steps: inout [Step]) {
        for move in moves {
            let sourceZone = zoneOfPile[move.source]
            if dropWon && sourceZone == wonZone {
                usedLikely = true
                continue
            }
            // A whole pile moved onto an empty pile of its own interchangeable zone changes nothing.
            if interchangeableZone.indices.contains(sourceZone), interchangeableZone[sourceZone], zoneOfPile[move.destination] == sourceZone,
               table.piles[move.destination].isEmpty, move.count == table.piles[move.source].count {
                continue
            }
            // Putting back exactly what the only change since the table before brought returns to it.
            if prunesInverseMoves, let last, move.source == last.destination, move.destination == last.source, move.count == last.count {
                prunedInverse = true
                continue
            }
            steps.append(.moving(move, afterTaps: taps))
        }
    }
}
