import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Tables that cannot be won because some card that must still move never can, derived from
/// `RuleFacts` (see `Reductions.deadEnds`).
///
/// The rules must have this shape:
/// - one zone S accepts cards (the sink); it has no lift rule, gives no card back, takes one
///   card at a time, and binds a card put on a pile that is not empty by known relations R;
/// - every other zone with a lift rule and no accept rule that no action or effect changes is
///   **draining**: its piles only lose cards, from the top, and each card leaving one goes onto
///   a sink pile whose top it builds on by R;
/// - the win condition empties a draining zone, or fills S with every card in play.
///
/// Then, on a table whose sink piles all hold a card (and so always will):
/// - **predecessors**: a draining card c can leave only onto a card x with `builds(x, c)` that
///   is then a sink top: x is a sink top now, or will enter S before c. A card buried in S is
///   never a top again, a card below c in c's pile leaves after c, and a card that is stuck
///   never enters S. Cards of other zones (a stock an action deals from) are assumed available.
///   A card all of whose predecessors are unavailable is stuck, and so is every card below a
///   stuck card; marking is repeated until nothing changes. A stuck card in a pile that must
///   empty makes the table a dead end, and so do two such cards that can each go on one card
///   only, the same one (a sink card is covered by one card, never two);
/// - **successors** (when S must take every card and nothing but accepted moves puts cards into
///   S): every card that will be in S, but the last one put on each sink pile, gets a card put on
///   it later, which builds on it and is not above it in its pile. More cards without any such
///   possible successor than there are sink piles make the table a dead end.
/// Both conditions only ever need to be false on tables that can still be won, so pruning the
/// tables where they hold keeps every win.
struct DeadEnds {
    /// Whether the rules have the shape above.
    let isAvailable: Bool
    let sinkPiles: [Int]
    let drainingPiles: [Int]
    /// For each pile, its index in `drainingPiles`, or -1.
    private let drainingIndex: [Int]
    /// For each pile, what it is: see `Kind`.
    let kindOfPile: [Kind]
    /// For each draining pile (as `drainingPiles`), whether the win needs it empty.
    private let mustEmpty: [Bool]
    private let allMustEmpty: Bool
    /// Whether the successor condition holds (S takes every card, only by accepted moves).
    let needsSuccessors: Bool
    /// For each card by raw value, the cards it can be put on in S (`predecessors[predecessorStart[c]..<predecessorStart[c + 1]]`),
    /// and the cards that can be put on it (the same for successors), flat.
    private let predecessorStart: [Int32]
    private let predecessors: [UInt16]
    private let successorStart: [Int32]
    private let successors: [UInt16]

    enum Kind: UInt8 {
        case sink, draining, free, still
    }

    // What a card is on the table being checked, by raw value: the low three bits its place,
    // bit 3 set when it is stuck, bit 4 when claimed (see below), bits 8 to 15 its draining pile (index into `drainingPiles`),
    // bits 16 and up its position from the bottom. Kept from one check to the next.
    private static let sinkTop: UInt32 = 1, sinkBuried: UInt32 = 2, draining: UInt32 = 3, free: UInt32 = 4, still: UInt32 = 0
    private static let stuckBit: UInt32 = 8
    /// Set on a card that some card that must leave can go on alone.
    private static let claimedBit: UInt32 = 16
    private var info: [UInt32]
    /// For a deck of at most 64 cards (raw values below 64) where every draining pile must empty:
    /// the predecessors and successors of each card as bit sets, for a check by masks alone.
    let predecessorMask: [UInt64]
    let successorMask: [UInt64]
    /// Whether the check by masks goes on to the order the cards must leave in (`orderIsImpossible`).
    let checksOrder: Bool
    /// The walk of the one sink pile's top through classes of cards, where the rules give it and
    /// `Reductions.deadEndWalk` is on.
    var walk: ClassWalk?
    /// The order check's scratch, kept from one check to the next.
    var orderScratch: [UInt64] = []

    /// - Parameters:
    ///   - masks: check by card masks where the deck allows (false only to test the general check against them).
    ///   - checkingOrder: where the check is by masks, go on to the order the cards must leave in (`Reductions.deadEndOrder`).
    ///   - checkingWalk: where the check is by masks, go on to the walk of the sink's top (`Reductions.deadEndWalk`).
    init(rules: GameRules, facts: RuleFacts, root: CardTable, masks: Bool = true, checkingOrder: Bool = false, checkingWalk: Bool = false) {
        let rawCount = Int(rules.deck.map(\.rawValue).max() ?? 0) + 1
        info = Array(repeating: 0, count: rawCount)
        let accepting = facts.zones.indices.filter { facts.zones[$0].hasAccept }
        guard facts.zones.count == rules.zones.count, accepting.count == 1, let sink = accepting.first,
              !rules.deck.contains(where: \.isJoker),
              case let s = facts.zones[sink], !s.hasLift, !s.givesCards, s.acceptTakesOneCard,
              let relations = s.buildsOnTop, !relations.isEmpty, let fill = facts.winFills else {
            isAvailable = false; sinkPiles = []; drainingPiles = []; drainingIndex = []; kindOfPile = []; mustEmpty = []; allMustEmpty = false
            needsSuccessors = false; predecessorMask = []; successorMask = []; predecessorStart = []; predecessors = []; successorStart = []; successors = []
            checksOrder = false; walk = nil
            return
        }
        var kinds = Array(repeating: Kind.free, count: rules.pileCount)
        for (z, zone) in rules.zones.enumerated() {
            let f = facts.zones[z]
            let kind: Kind
            if z == sink { kind = .sink }
            else if f.hasLift && !f.hasAccept && !f.isChangedByActionsOrEffects { kind = .draining }
            else if !f.givesCards && !f.hasAccept && !f.isChangedByActionsOrEffects { kind = .still }
            else { kind = .free }
            for p in zone.piles { kinds[p] = kind }
        }
        kindOfPile = kinds
        sinkPiles = Array(rules.zones[sink].piles)
        let draining = (0..<rules.pileCount).filter { kinds[$0] == .draining }
        drainingPiles = draining
        drainingIndex = (0..<rules.pileCount).map { draining.firstIndex(of: $0) ?? -1 }
        // Which draining piles the win needs empty.
        var successorsNeeded = false
        if fill.cards == 0 {
            mustEmpty = draining.map { rules.zones[fill.zone].piles.contains($0) }
        } else if fill.zone == sink {
            let target = fill.wholeZone ? fill.cards : fill.cards * rules.zones[sink].piles.count
            let live = (0..<rules.pileCount).filter { kinds[$0] != .still }.reduce(0) { $0 + root.piles[$1].count }
            let everyCard = target == live
            mustEmpty = draining.map { _ in everyCard }
            successorsNeeded = everyCard && !s.isChangedByActionsOrEffects
        } else {
            mustEmpty = draining.map { _ in false }
        }
        allMustEmpty = mustEmpty.allSatisfy { $0 }
        needsSuccessors = successorsNeeded
        isAvailable = mustEmpty.contains(true) && draining.count < 256
        let order = rules.cardOrder
        let deck = rules.deck
        var before = Array(repeating: [UInt16](), count: rawCount)
        var after = Array(repeating: [UInt16](), count: rawCount)
        for lower in deck {
            for upper in deck where upper != lower && relations.contains(where: { order.builds($0, lower, upper) }) {
                before[Int(upper.rawValue)].append(lower.rawValue)
                after[Int(lower.rawValue)].append(upper.rawValue)
            }
        }
        func flat(_ lists: [[UInt16]]) -> ([Int32], [UInt16]) {
            var start: [Int32] = [0]
            for list in lists { start.append(start.last! + Int32(list.count)) }
            return (start, lists.flatMap { $0 })
        }
        (predecessorStart, predecessors) = flat(before)
        (successorStart, successors) = flat(after)
        if masks && rawCount <= 64 && allMustEmpty {
            predecessorMask = before.map { $0.reduce(UInt64(0)) { $0 | 1 << UInt64($1) } }
            successorMask = after.map { $0.reduce(UInt64(0)) { $0 | 1 << UInt64($1) } }
        } else {
            predecessorMask = []
            successorMask = []
        }
        checksOrder = checkingOrder && !predecessorMask.isEmpty
        walk = checkingWalk && !predecessorMask.isEmpty && needsSuccessors && sinkPiles.count == 1
            ? ClassWalk(predecessors: predecessorMask, successors: successorMask, deck: deck.map(\.rawValue)) : nil
    }

    /// Whether the table is a dead end by the conditions above.
    mutating func isDeadEnd(_ table: CardTable) -> Bool {
        guard isAvailable else { return false }
        for p in sinkPiles where table.piles[p].isEmpty { return false }
        if !predecessorMask.isEmpty {
            var forced = false
            return checkByMasks(table, forced: &forced) || walkIsImpossible(table) || (checksOrder && forced && orderIsImpossible(table))
        }
        // The scratch is moved out while it is written, so that it stays uniquely referenced.
        var scratch: [UInt32] = []
        swap(&scratch, &info)
        defer { swap(&scratch, &info) }
        return scratch.withUnsafeMutableBufferPointer { info in
            predecessorStart.withUnsafeBufferPointer { ps in
                predecessors.withUnsafeBufferPointer { pl in
                    successorStart.withUnsafeBufferPointer { ss in
                        successors.withUnsafeBufferPointer { sl in
                            check(table, info: info, ps: ps, pl: pl, ss: ss, sl: sl)
                        }
                    }
                }
            }
        }
    }

    /// The same check as `check`, when every card has a raw value below 64 and every draining
    /// pile must empty (so the first stuck card ends it, and no marking needs repeating).
    ///
    /// Where the order check is on and there is one sink pile, two of its cheap consequences are
    /// checked here too (see `orderIsImpossible`): the sink's top now is covered by the next card
    /// to enter, so a card under another cannot go on it; and a card that no card can follow is
    /// the last of all, so no card may lie below it. `forced` is set when some card can go on one
    /// draining card only, for the order check to follow up.
    private func checkByMasks(_ table: CardTable, forced: inout Bool) -> Bool {
        var available: UInt64 = 0, toCome: UInt64 = 0, draining: UInt64 = 0
        var tops: UInt64 = 0
        for p in table.piles.indices {
            switch kindOfPile[p] {
            case .sink: if let top = table.piles[p].cards.last { tops |= 1 << UInt64(top.card.rawValue & 63) }
            case .draining: for placed in table.piles[p].cards { draining |= 1 << UInt64(placed.card.rawValue & 63) }
            case .free: for placed in table.piles[p].cards { toCome |= 1 << UInt64(placed.card.rawValue & 63) }
            case .still: break
            }
        }
        toCome |= draining
        available = tops | toCome
        let onePileOrder = checksOrder && sinkPiles.count == 1
        var claimed: UInt64 = 0
        var lacking = 0
        var forcedSeen = false
        defer { forced = forcedSeen }
        return predecessorMask.withUnsafeBufferPointer { before in
            successorMask.withUnsafeBufferPointer { after in
                for p in drainingPiles {
                    let dead: Bool = table.piles[p].cards.withUnsafeBufferPointer { cards in
                        var pile: UInt64 = 0
                        for placed in cards { pile |= 1 << UInt64(placed.card.rawValue & 63) }
                        var below: UInt64 = 0
                        let last = cards.count - 1
                        for (i, placed) in cards.enumerated() {
                            let raw = Int(placed.card.rawValue & 63)
                            let bit: UInt64 = 1 << UInt64(raw)
                            var possible = before[raw] & available & ~below
                            if onePileOrder && i != last { possible &= ~tops }
                            if possible == 0 { return true }
                            if possible & (possible &- 1) == 0 {
                                if claimed & possible != 0 { return true }
                                claimed |= possible
                                if possible & draining != 0 { forcedSeen = true }
                            }
                            if needsSuccessors {
                                let above = pile & ~below & ~bit
                                if after[raw] & toCome & ~above == 0 {
                                    if onePileOrder && below != 0 { return true }
                                    lacking += 1
                                    if lacking > sinkPiles.count { return true }
                                }
                            }
                            below |= bit
                        }
                        return false
                    }
                    if dead { return true }
                }
                guard needsSuccessors else { return false }
                var topsLacking = 0
                var t = tops
                while t != 0 {
                    let raw = t.trailingZeroBitCount
                    if after[raw] & toCome == 0 { topsLacking += 1 }
                    t &= t &- 1
                }
                if topsLacking == sinkPiles.count && toCome != 0 { return true }
                return lacking + topsLacking > sinkPiles.count
            }
        }
    }

    /// Whether the sink's top can make no walk through every card left (`ClassWalk`).
    private mutating func walkIsImpossible(_ table: CardTable) -> Bool {
        guard walk != nil else { return false }
        var left: UInt64 = 0, top = -1
        for p in table.piles.indices {
            switch kindOfPile[p] {
            case .sink: if let card = table.piles[p].cards.last { top = Int(card.card.rawValue & 63) }
            case .draining, .free: for placed in table.piles[p].cards { left |= 1 << UInt64(placed.card.rawValue & 63) }
            case .still: break
            }
        }
        return top >= 0 && walk!.isImpossible(left: left, top: top)
    }

    private func check(_ table: CardTable, info: UnsafeMutableBufferPointer<UInt32>, ps: UnsafeBufferPointer<Int32>, pl: UnsafeBufferPointer<UInt16>,
                       ss: UnsafeBufferPointer<Int32>, sl: UnsafeBufferPointer<UInt16>) -> Bool {
        // Where every card is.
        var remaining = false
        for p in table.piles.indices {
            table.piles[p].cards.withUnsafeBufferPointer { cards in
                switch kindOfPile[p] {
                case .sink:
                    for placed in cards { info[Int(placed.card.rawValue)] = DeadEnds.sinkBuried }
                    if let top = cards.last { info[Int(top.card.rawValue)] = DeadEnds.sinkTop }
                case .draining:
                    remaining = remaining || !cards.isEmpty
                    var i: UInt32 = 0
                    let k = UInt32(truncatingIfNeeded: drainingIndex[p]) << 8
                    for placed in cards {
                        info[Int(placed.card.rawValue)] = DeadEnds.draining | k | i << 16
                        i += 1
                    }
                case .free:
                    remaining = remaining || !cards.isEmpty
                    for placed in cards { info[Int(placed.card.rawValue)] = DeadEnds.free }
                case .still:
                    for placed in cards { info[Int(placed.card.rawValue)] = DeadEnds.still }
                }
            }
        }
        // The cards `raw` could be put on, when it leaves position `at` of draining pile `k`, that
        // could then be a sink top: -1 when none, the card when only one, -2 when more.
        func predecessor(_ raw: Int, pile k: UInt32, at: UInt32) -> Int {
            var j = Int(ps[raw])
            let end = Int(ps[raw + 1])
            var found = -1
            while j < end {
                let c = Int(pl[j])
                let x = info[c]
                var possible = false
                switch x & 7 {
                case DeadEnds.sinkTop, DeadEnds.free: possible = true
                case DeadEnds.draining: possible = x & DeadEnds.stuckBit == 0 && !((x >> 8) & 255 == k && x >> 16 < at)
                default: break
                }
                if possible {
                    if found >= 0 { return -2 }
                    found = c
                }
                j += 1
            }
            return found
        }
        // Whether some card could be put on `raw` after it enters the sink from position `at` of
        // draining pile `k` (or from a sink top when `k` is 256).
        func hasSuccessor(_ raw: Int, pile k: UInt32, at: UInt32) -> Bool {
            var j = Int(ss[raw])
            let end = Int(ss[raw + 1])
            while j < end {
                let y = info[Int(sl[j])]
                switch y & 7 {
                case DeadEnds.free: return true
                case DeadEnds.draining:
                    if y & DeadEnds.stuckBit == 0 && !((y >> 8) & 255 == k && y >> 16 > at) { return true }
                default: break
                }
                j += 1
            }
            return false
        }
        // Predecessors, until nothing more is marked stuck. A card is put directly on one card
        // at most, so two cards that must leave and could each go on one card only, the same, are
        // one too many (checked in the first pass, while each card is looked at once).
        var changed = true
        var firstPass = true
        while changed {
            changed = false
            defer { firstPass = false }
            for (k, p) in drainingPiles.enumerated() {
                let dead: Bool = table.piles[p].cards.withUnsafeBufferPointer { cards in
                    var blocked = false
                    var i = cards.count - 1
                    while i >= 0 {
                        let raw = Int(cards[i].card.rawValue)
                        if info[raw] & DeadEnds.stuckBit == 0 {
                            let only = blocked ? -1 : predecessor(raw, pile: UInt32(k), at: UInt32(i))
                            if only == -1 {
                                if mustEmpty[k] { return true }
                                info[raw] |= DeadEnds.stuckBit
                                changed = true
                            } else if only >= 0 && firstPass && mustEmpty[k] {
                                if info[only] & DeadEnds.claimedBit != 0 { return true }
                                info[only] |= DeadEnds.claimedBit
                            }
                        }
                        if info[raw] & DeadEnds.stuckBit != 0 { blocked = true }
                        i -= 1
                    }
                    return false
                }
                if dead { return true }
            }
            if allMustEmpty { break }
        }
        guard needsSuccessors else { return false }
        // Successors: only the last card of each sink pile may go without. And while cards are
        // still to come, the first of them goes on a present sink top, which then has one.
        var lacking = 0
        for p in sinkPiles {
            if let top = table.piles[p].top, !hasSuccessor(Int(top.card.rawValue), pile: 256, at: 0) { lacking += 1 }
        }
        if lacking == sinkPiles.count && remaining { return true }
        for (k, p) in drainingPiles.enumerated() {
            let over: Bool = table.piles[p].cards.withUnsafeBufferPointer { cards in
                for i in cards.indices where !hasSuccessor(Int(cards[i].card.rawValue), pile: UInt32(k), at: UInt32(i)) {
                    lacking += 1
                    if lacking > sinkPiles.count { return true }
                }
                return false
            }
            if over { return true }
        }
        return false
    }
}
