import PatienceDiagnostics
import PatienceCards

extension GameRules {
    /// Applies a move and its effects, or throws the refusal and changes nothing.
    public func applying(_ move: Move, to table: CardTable) throws(Refusal) -> CardTable {
        guard fits(table) else { throw misfit(table) }
        return try Frame.changing(table) { f throws(Refusal) in
            if let refusal = refusal(for: move, in: &f.frame) { throw refusal }
            _ = transfer(move.count, from: move.source, to: move.destination, oneAtATime: false, facing: nil, in: &f.piles)
            do throws(EvaluationFault) {
                try settle(&f, after: PlayContext(move))
            } catch {
                var refusal = refusal(from: error)
                refusal.message = "an effect failed after the move: " + refusal.message
                throw refusal
            }
            return f.table
        }
    }

    /// Taps a pile: the first action of its zone whose `when` guard holds is carried out, with its
    /// effects. Throws the refusal and changes nothing when no action applies or it is refused.
    public func tapping(pile: Int, on table: CardTable) throws(Refusal) -> CardTable {
        guard fits(table) else { throw misfit(table) }
        guard table.piles.indices.contains(pile) else {
            throw Refusal(code: .noSuchPile, message: "there is no pile \(Self.pileNumber(pile)) on this table")
        }
        do throws(TapRejection) {
            return try Frame.changing(table) { f throws(TapRejection) in
                try tap(pile: pile, in: &f)
                return f.table
            }
        } catch {
            throw refusal(for: error, tapping: pile)
        }
    }

    /// Carries out a tap of `pile` in the frame: the first action of its zone whose `when` guard
    /// holds, then the effects, and counts the use. Throws why no action is taken, in a form that
    /// costs nothing to build; the frame's table may then be left half changed, which callers
    /// discard (`tapping`) or undo (`WorkingTable`). Without `settling` the effects are not run:
    /// for a caller that knows they would change nothing.
    func tap(pile: Int, in f: inout ChangingFrame, settling: Bool = true) throws(TapRejection) {
        f.frame.destination = pile
        var chosen = -1, first = -1
        do throws(EvaluationFault) {
            for index in actions.indices where actions[index].zone.contains(pile) {
                if first < 0 { first = index }
                f.frame.budget = actions[index].bound
                if let guardCondition = actions[index].guardCondition, try !guardCondition(&f.frame) { continue }
                chosen = index
                break
            }
        } catch {
            throw .fault(error)
        }
        guard first >= 0 else { throw .noAction }
        guard chosen >= 0 else { throw .noneApplies(firstAction: first) }
        // Read in place: a copy of the action would retain each of its closures.
        f.frame.budget = actions[chosen].bound
        var changed = false
        var rejection: TapRejection?
        do throws(EvaluationFault) {
            if let limit = actions[chosen].limit, f.actionUses[chosen] >= (try limit(&f.frame)) {
                rejection = .limitReached(action: chosen)
            } else if let refusal = try execute(actions[chosen].body, &f, changed: &changed) {
                rejection = .refused(refusal)
            } else if !changed {
                rejection = .unchanged(action: chosen)
            } else if settling {
                try settle(&f, after: PlayContext(source: pile, destination: pile, size: 0))
            }
        } catch {
            throw .fault(error)
        }
        if let rejection { throw rejection }
        // Saturates: a restored game may already count Int.max uses of an action without a limit.
        f.journal?.pointee.recordUse(action: chosen, was: f.actionUses[chosen])
        f.actionUses[chosen] = Arithmetic.add(f.actionUses[chosen], 1)
    }

    /// The message of a refused tap; only callers that show it pay for the text.
    func refusal(for rejection: TapRejection, tapping pile: Int) -> Refusal {
        switch rejection {
        case .noAction:
            return Refusal(code: .noActionHere, message: "nothing happens when \(address(ofPile: pile)) is tapped")
        case .noneApplies(let first):
            let action = actions[first]
            return Refusal(code: .noActionHere, message: "no action of \(address(ofPile: pile)) applies now", file: action.file, range: action.range)
        case .fault(let fault):
            return refusal(from: fault)
        case .limitReached(let index):
            let action = actions[index]
            return Refusal(code: .actionLimitReached, message: "\(Spelling.quoted(action.name)) has been used as often as the game allows",
                           file: action.file, range: action.range)
        case .refused(let refusal):
            return refusal
        case .unchanged(let index):
            let action = actions[index]
            return Refusal(code: .actionRefused, message: "\(Spelling.quoted(action.name)) would change nothing now", file: action.file, range: action.range)
        }
    }

    /// Every legal move, in a stable order: by source pile, then run length, then destination pile.
    /// A move the rules allow but whose effects then fault is not legal, since `applying` refuses
    /// it. None on a table that does not fit the rules (see `fits(_:)`).
    public func legalMoves(on table: CardTable) -> [Move] {
        let moves = movesAllowedByRules(on: table)
        guard effectsCanFault, !effects.isEmpty else { return moves }
        return moves.filter { applyingListed($0, to: table) != nil }
    }

    /// The moves the lift, accept and capacity rules allow, before any effect runs: for a caller
    /// that applies each one anyway (the solver, with `applyingListed`) and drops those that fail.
    package func movesAllowedByRules(on table: CardTable) -> [Move] {
        guard fits(table) else { return [] }
        return judging(table) { f in
            f.memo.kept = tableMemoSlots
            return legalMoves(in: &f)
        }
    }

    private func legalMoves(in f: inout Frame) -> [Move] {
        var moves: [Move] = []
        // One allocation for the usual position instead of one per doubling.
        moves.reserveCapacity(32)
        appendMoves(in: &f, to: &moves)
        return moves
    }

    /// The moves the lift, accept and capacity rules allow, appended to `moves` in the order of
    /// `movesAllowedByRules(on:)`: for a solver that keeps one buffer for every table it lists,
    /// and one for the listing's scratch (`index`): the index of destinations of a deck's raw
    /// values (1,272 bytes for FreeCell's three zones) is too large for the stack, and would be
    /// allocated on the heap at every listing. With a `filter`, leaves out the moves it says the
    /// caller has no use for.
    package func appendMovesAllowedByRules(on table: CardTable, to moves: inout [Move], filter: ListingFilter = ListingFilter(), index: inout [UInt64]) {
        guard fits(table) else { return }
        // One word more: which slots the index filled, for `ListingFilter.reusesIndex`.
        let words = listingScratchWords
        if index.count < words + 1 { index = Array(repeating: 0, count: words + 1) }
        judging(table) { f in
            f.memo.kept = tableMemoSlots
            index.withUnsafeMutableBufferPointer { index in
                appendMoves(scratch: words > 0 ? index.baseAddress : nil, in: &f, to: &moves, filter: filter, keepsIndex: true)
            }
        }
    }

    private func appendMoves(in f: inout Frame, to moves: inout [Move], filter: ListingFilter = ListingFilter()) {
        guard listingScratchWords > 0 else {
            appendMoves(scratch: nil, in: &f, to: &moves, filter: filter)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: listingScratchWords) { scratch in
            appendMoves(scratch: scratch.baseAddress!, in: &f, to: &moves, filter: filter)
        }
    }

    /// The words of a listing's scratch: the index of destinations (`listingIndexSlots` slots),
    /// then the capacities it keeps (`ListedCapacities`).
    private var listingScratchWords: Int { listingIndexSlots * (listingRawCount + 1) + listingCapacityWords }

    /// Builds the index of destinations at the start of `scratch` and lists with it and the
    /// capacities kept after it; nil where the rules need neither.
    @inline(__always)
    private func appendMoves(scratch: UnsafeMutablePointer<UInt64>?, in f: inout Frame, to moves: inout [Move], filter: ListingFilter,
                             keepsIndex: Bool = false) {
        guard let scratch else {
            appendMoves(index: nil, indexed: 0, stride: 0, capacities: nil, in: &f, to: &moves, filter: filter)
            return
        }
        let stride = listingRawCount + 1
        let index = listingIndexSlots > 0 ? scratch : nil
        let indexed: UInt64
        if let index {
            if keepsIndex && filter.reusesIndex {
                indexed = scratch[listingScratchWords]
            } else {
                indexed = buildIndex(index, stride: stride, in: &f)
                if keepsIndex { scratch[listingScratchWords] = indexed }
            }
        } else {
            indexed = 0
        }
        let capacities = listingCapacityWords > 0 ? ListedCapacities(scratch + listingIndexSlots * stride, piles: pileCount) : nil
        appendMoves(index: index, indexed: indexed, stride: stride, capacities: capacities, in: &f, to: &moves, filter: filter)
    }

    /// Every source and run, with the index of destinations (`buildIndex`) for the zones in `indexed`.
    @inline(__always)
    private func appendMoves(index: UnsafeMutablePointer<UInt64>?, indexed: UInt64, stride: Int, capacities: ListedCapacities?,
                             in f: inout Frame, to moves: inout [Move], filter: ListingFilter) {
        withUnsafeTemporaryAllocation(of: ListingZone.self, capacity: receivingZones.count) { zones in
            for (i, (zone, piles)) in receivingZones.enumerated() {
                let slot = listingIndexSlot[zone]
                let zoneIndex = slot >= 0 && indexed & (1 << UInt64(slot)) != 0 ? index.map { $0 + slot * stride } : nil
                let oneEmpty = filter.takesOneEmptyPile(zone)
                var empties = zoneIndex.map { $0[listingRawCount] } ?? 0
                // Empty piles the caller takes as one: the first is judged for all.
                if oneEmpty { empties &= 0 &- empties }
                // Zones whose accept rule takes one card at a time (`RuleFacts.ZoneFacts.acceptTakesOneCard`)
                // refuse every longer run, so only runs of one card are tried on them.
                zones.initializeElement(at: i, to: ListingZone(
                    zone: zone, piles: piles, index: zoneIndex, empties: empties,
                    onlyEmpty: zoneRuleRefs[zone]._withUnsafeGuaranteedRef { $0.onlyEmpty }, oneEmpty: oneEmpty,
                    oneCard: zone < 64 && facts.zones.indices.contains(zone) && facts.zones[zone].acceptTakesOneCard))
            }
            appendMoves(to: zones, capacities: capacities, in: &f, moves: &moves, filter: filter)
        }
    }

    /// Every source and run, offered to `zones`.
    @inline(__always)
    private func appendMoves(to zones: UnsafeMutableBufferPointer<ListingZone>, capacities: ListedCapacities?,
                             in f: inout Frame, moves: inout [Move], filter: ListingFilter) {
        let piles = f.piles.count
        for source in 0..<piles where zoneGives(zoneOfPile[source]) && zoneOfPile[source] != filter.skippedSourceZone && filter.listsSource(source) {
            // Where the checker found that the lift rule still holds for a run without its bottom
            // card (`RuleFacts.ZoneFacts.liftIsPrefixClosed`), a run it refuses has no longer run it allows.
            let zone = zoneOfPile[source]
            let prefixClosed = facts.zones.indices.contains(zone) && facts.zones[zone].liftIsPrefixClosed
            // A lift rule that is `require sequence(run, r)` alone: a run one card longer than one
            // it allows is allowed exactly when its new bottom card takes the next one by `r`, so
            // the runs are judged a pair at a time, longest last, and the first pair refused ends them.
            let sequenceOnly = zoneRuleRefs[zone]._withUnsafeGuaranteedRef { rules in
                rules.gives && rules.hasLiftSequence && !rules.hasLiftRemainder && !rules.liftPrecheck.checks
            }
            var count = 1
            while let bottom = f.withCards(ofPile: source, { cards in count <= cards.count && cards[cards.count - count].isFaceUp
                                                            ? Int(cards[cards.count - count].card.rawValue) : nil }) ?? nil {
                // The lift is judged once per run; only the destination varies below.
                let lifted: Bool
                if sequenceOnly {
                    if count > 1 {
                        let size = f.piles[source].cards.count
                        let holds = zoneRuleRefs[zone]._withUnsafeGuaranteedRef { rules in
                            Sequences.holds(from: size - count, count: 2, rules.liftSequence) { f.piles[source].cards[$0].card }
                        }
                        if !holds { break }
                    }
                    f.hold(run: count, from: source, to: source)
                    lifted = true
                } else if let rejection = liftRejection(of: Move(source: source, count: count, destination: source), in: &f, faceUpKnown: true) {
                    if prefixClosed, case .rule = rejection { break }
                    lifted = false
                } else {
                    lifted = true
                }
                if lifted {
                    // Read in place, field by field: a copy of each zone made on the stack and read
                    // back at once held half of this loop's samples under perf (loads waiting on the
                    // stores); FreeCell deals 1..1000 took 2 % less time read so.
                    for z in 0..<zones.count {
                        let zone = zones.baseAddress! + z
                        if count != 1 && zone.pointee.oneCard { continue }
                        // A zone whose index offers this run no pile is passed over without a call.
                        if let index = zone.pointee.index, bottom < listingRawCount,
                           zone.pointee.empties | (zone.pointee.onlyEmpty ? 0 : index[bottom]) == 0 { continue }
                        appendMoves(source: source, count: count, bottom: bottom, to: zone, capacities: capacities, in: &f, moves: &moves)
                    }
                }
                count += 1
            }
        }
    }

    /// Fills the index of destinations for the table the frame holds: for each zone with a slot,
    /// at `slot * stride + b` the piles (as bits from the zone's first) whose top takes a run
    /// whose bottom card has raw value `b` by the zone's per-destination clauses, and at
    /// `slot * stride + listingRawCount` its empty piles. Returns the slots filled, as bits: a
    /// zone with a top outside the deck's raw values is listed pile by pile instead.
    private func buildIndex(_ index: UnsafeMutablePointer<UInt64>, stride: Int, in f: inout Frame) -> UInt64 {
        guard listingIndexSlots <= 64 else { return 0 }
        index.update(repeating: 0, count: listingIndexSlots * stride)
        var filled: UInt64 = 0
        for (zone, piles) in receivingZones {
            let slot = listingIndexSlot[zone]
            guard slot >= 0 else { continue }
            let words = index + slot * stride
            let complete: Bool = zoneRuleRefs[zone]._withUnsafeGuaranteedRef { rules in
                for p in piles {
                    let bit: UInt64 = 1 << UInt64(p - piles.lowerBound)
                    guard let top = f.piles[p].cards.last else {
                        words[listingRawCount] |= bit
                        continue
                    }
                    if rules.onlyEmpty { continue }
                    let t = Int(top.card.rawValue)
                    guard t < rules.rawCount, rules.rawCount <= listingRawCount else { return false }
                    for i in rules.acceptedStart[t]..<rules.acceptedStart[t + 1] { words[rules.accepted[i]] |= bit }
                }
                return true
            }
            if complete { filled |= 1 << UInt64(slot) }
        }
        return filled
    }

    /// The moves of the run the frame holds (`bottom` is the raw value of its bottom card) to the
    /// piles of one receiving zone, in pile order. What reads no destination (the accept clauses
    /// that do not, a capacity that does not) is judged once for the zone; a refusal there refuses
    /// the run on every pile of the zone, since each destination would be refused by the same
    /// clause or limit. With the zone's index (`buildIndex`), only the piles with cards that
    /// accept the run and the empty piles are judged, in the same order, and where there are none
    /// the zone is not judged at all: it could only refuse piles that are not offered.
    @inline(__always)
    private func appendMoves(source: Int, count: Int, bottom: Int, to zonePointer: UnsafeMutablePointer<ListingZone>, capacities: ListedCapacities?,
                             in f: inout Frame, moves: inout [Move]) {
        let listed = zonePointer.pointee
        let zone = listed.zone, piles = listed.piles, oneEmpty = listed.oneEmpty
        var candidates: UInt64 = 0
        var indexed = false
        if let index = listed.index {
            if bottom < listingRawCount {
                candidates = listed.empties | (listed.onlyEmpty ? 0 : index[bottom])
                if piles.contains(source) { candidates &= ~(1 << UInt64(source - piles.lowerBound)) }
                guard candidates != 0 else { return }
                indexed = true
            }
        }
        let allowed: Bool = zoneRuleRefs[zone]._withUnsafeGuaranteedRef { rules in
            guard rules.hasZoneClauses || rules.capacityPerZone else { return true }
            f.destination = piles.lowerBound
            do throws(EvaluationFault) {
                if rules.hasZoneClauses {
                    f.budget = rules.acceptBudget
                    if try rules.zoneClauses(&f) >= 0 { return false }
                }
                if rules.capacityPerZone {
                    f.budget = rules.acceptBudget
                    if f.runCount > (try rules.capacity(&f)) { return false }
                }
            } catch {
                return false
            }
            return true
        }
        guard allowed else { return }
        if indexed {
            while candidates != 0 {
                let destination = piles.lowerBound + candidates.trailingZeroBitCount
                candidates &= candidates &- 1
                let accepted = f.piles[destination].cards.isEmpty
                    ? listingAllows(destination: destination, zone: zone, capacities: capacities, in: &f)
                    : capacityAllows(destination: destination, zone: zone, capacities: capacities, in: &f)
                if accepted { moves.append(Move(source: source, count: count, destination: destination)) }
            }
            return
        }
        var emptyJudged = false
        for destination in piles where destination != source {
            // Empty piles the caller takes as one: the first is judged for all.
            if oneEmpty && f.piles[destination].cards.isEmpty {
                if emptyJudged { continue }
                emptyJudged = true
            }
            if listingAllows(destination: destination, zone: zone, capacities: capacities, in: &f) {
                moves.append(Move(source: source, count: count, destination: destination))
            }
        }
    }

    /// Whether the capacity lets the run the frame holds onto a pile with cards whose
    /// per-destination clauses the index says accept it (`buildIndex`).
    @inline(__always)
    private func capacityAllows(destination: Int, zone: Int, capacities: ListedCapacities?, in f: inout Frame) -> Bool {
        f.destination = destination
        return zoneRuleRefs[zone]._withUnsafeGuaranteedRef { rules -> Bool in
            guard rules.hasCapacity && !rules.capacityPerZone else { return true }
            f.budget = rules.acceptBudget
            do throws(EvaluationFault) {
                return f.runCount <= (try capacity(rules, at: destination, kept: capacities, in: &f))
            } catch {
                return false
            }
        }
    }

    /// Whether the destination accepts the run the frame holds, given that the zone's checks in
    /// `appendMoves(source:count:to:piles:in:moves:)` passed: the same verdict as `acceptRejection`.
    @inline(__always)
    private func listingAllows(destination: Int, zone: Int, capacities: ListedCapacities?, in f: inout Frame) -> Bool {
        f.destination = destination
        return zoneRuleRefs[zone]._withUnsafeGuaranteedRef { rules -> Bool in
            f.budget = rules.acceptBudget
            do throws(EvaluationFault) {
                // A pile with cards, where the clauses come down to one relation on its top: a look-up.
                if !rules.topBuilds.isEmpty, let top = f.piles[destination].cards.last, f.runCount > 0,
                   let builds = rules.topBuild(top.card, f.piles[f.source].cards[f.runStart].card) {
                    if !builds { return false }
                } else if try rules.destinationClauses(&f) >= 0 { return false }
                if rules.hasCapacity && !rules.capacityPerZone {
                    if f.runCount > (try capacity(rules, at: destination, kept: capacities, in: &f)) { return false }
                }
            } catch {
                return false
            }
            return true
        }
    }

    /// The zone's capacity at the destination the frame holds: read from `capacities` where it
    /// has one value per destination of the table (worked out there at its first use).
    @inline(__always)
    private func capacity(_ rules: ZoneRules, at destination: Int, kept capacities: ListedCapacities?,
                          in f: inout Frame) throws(EvaluationFault) -> Int {
        guard rules.capacityPerDestination, let capacities else { return try rules.capacity(&f) }
        if let value = capacities.value(at: destination) { return value }
        return try keptCapacity(rules, at: destination, in: capacities, &f)
    }

    /// Works out the capacity at a destination whose value is not kept yet, and keeps it. Out of
    /// line, so that the checks which call it stay inlined in listing's loop.
    @inline(never)
    private func keptCapacity(_ rules: ZoneRules, at destination: Int, in capacities: ListedCapacities,
                              _ f: inout Frame) throws(EvaluationFault) -> Int {
        let value = try rules.capacity(&f)
        capacities.keep(value, at: destination)
        return value
    }

    /// Every pile an action could tap, in pile order.
    package var tappablePiles: [Int] {
        var piles = Set<Int>()
        for action in actions { piles.formUnion(action.zone) }
        return piles.sorted()
    }

    /// Every pile whose tap would do something now, in pile order.
    public func legalTaps(on table: CardTable) -> [Int] {
        guard fits(table) else { return [] }
        return tappablePiles.filter { (try? tapping(pile: $0, on: table)) != nil }
    }

    /// Every legal move, tap and removal.
    public func legalPlays(on table: CardTable) -> [Play] {
        var plays = legalMoves(on: table).map(Play.move) + legalTaps(on: table).map { Play.tap(pile: $0) }
        if hasRemovals { plays += legalRemovals(on: table).map { Play.remove(piles: $0) } }
        return plays
    }

    /// True when no move, action or removal is possible and the game is not won; false on a table
    /// that does not fit the rules, which is no position of this game.
    public func isStuck(_ table: CardTable) -> Bool {
        fits(table) && !isWon(table) && legalMoves(on: table).isEmpty && legalTaps(on: table).isEmpty
            && (!hasRemovals || legalRemovals(on: table).isEmpty)
    }

    /// Applies a play (a move or a tap).
    public func applying(_ play: Play, to table: CardTable) throws(Refusal) -> CardTable {
        switch play {
        case .move(let move): return try applying(move, to: table)
        case .tap(let pile): return try tapping(pile: pile, on: table)
        case .remove(let piles): return try removing(piles: piles, on: table)
        }
    }
}

/// What listing reads of one receiving zone for every run, worked out once a listing.
struct ListingZone {
    var zone: Int
    var piles: Range<Int>
    /// The zone's part of the index of destinations (`GameRules.buildIndex`); nil where its piles
    /// are judged one by one.
    var index: UnsafeMutablePointer<UInt64>?
    /// The empty piles the index offers every run, as bits from the zone's first pile: only the
    /// first with `oneEmpty`.
    var empties: UInt64
    /// Whether the accept rule refuses every pile with cards (`ZoneRules.onlyEmpty`).
    var onlyEmpty: Bool
    /// Whether only the first empty pile is offered each run (`ListingFilter.oneEmptyPileZones`).
    var oneEmpty: Bool
    /// Whether only runs of one card are offered.
    var oneCard: Bool
}

/// The capacities one listing has worked out, by destination pile, for the zones whose capacity
/// has one value per destination of a table (`ZoneRules.capacityPerDestination`): the first run
/// offered to a pile works it out, the others read it. A fault is not kept: the next run meets it
/// again. The storage is the listing's scratch: a word per pile, then a bit per pile.
struct ListedCapacities {
    private let values: UnsafeMutablePointer<UInt64>
    private let known: UnsafeMutablePointer<UInt64>

    /// Words for `piles` piles from `words`, none known yet.
    init(_ words: UnsafeMutablePointer<UInt64>, piles: Int) {
        values = words
        known = words + piles
        known.update(repeating: 0, count: GameRules.capacityBitWords(piles: piles))
    }

    @inline(__always)
    func value(at pile: Int) -> Int? {
        known[pile >> 6] >> UInt64(pile & 63) & 1 != 0 ? Int(bitPattern: UInt(values[pile])) : nil
    }

    @inline(__always)
    func keep(_ value: Int, at pile: Int) {
        values[pile] = UInt64(UInt(bitPattern: value))
        known[pile >> 6] |= 1 << UInt64(pile & 63)
    }
}

/// What a caller of `GameRules.appendMovesAllowedByRules(on:to:filter:)` has no use for: the
/// moves out of one zone, and all but the first empty pile of the zones whose piles it takes as
/// interchangeable (a search whose state key sorts them: a run moved to any empty pile of such
/// a zone makes the same state). Nothing is left out by default.
package struct ListingFilter: Sendable {
    /// The zone whose piles are not listed as sources; -1 for none.
    package var skippedSourceZone = -1
    /// Bit `z` set: only the first empty pile of zone `z` (below 64) is offered each run.
    package var oneEmptyPileZones: UInt64 = 0
    /// Bit `p` set: pile `p` is listed as a source; every bit set lists every pile. Only for
    /// tables of at most 64 piles (a larger table lists every source).
    package var sourcePiles: UInt64 = .max
    /// The index of destinations in the caller's scratch (`appendMovesAllowedByRules(on:to:filter:index:)`)
    /// was built by the last listing, on a table whose receiving zones were as they are now: it is
    /// used again instead of built. A solver sets it while only piles of zones that accept nothing
    /// change (turning the stock).
    package var reusesIndex = false

    package init(skippedSourceZone: Int = -1, oneEmptyPileZones: UInt64 = 0, sourcePiles: UInt64 = .max) {
        self.skippedSourceZone = skippedSourceZone
        self.oneEmptyPileZones = oneEmptyPileZones
        self.sourcePiles = sourcePiles
    }

    @inline(__always)
    func listsSource(_ pile: Int) -> Bool { pile >= 64 || sourcePiles & (1 << UInt64(pile)) != 0 }

    @inline(__always)
    func takesOneEmptyPile(_ zone: Int) -> Bool { zone >= 0 && zone < 64 && oneEmptyPileZones & (1 << UInt64(zone)) != 0 }
}
