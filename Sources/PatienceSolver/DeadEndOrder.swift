import PatienceCards
import PatienceEngine

extension DeadEnds {
    /// Whether no order of the draining cards can take them all into the sink: the second half of
    /// the check by masks (`Reductions.deadEndOrder`), for tables the first half passed.
    ///
    /// Every draining card must enter the sink (the check by masks needs every draining pile to
    /// empty), and the order in which the cards enter is constrained:
    /// - a card enters before every card below it in its pile;
    /// - a card c goes on a card x it builds on, which is then a sink top. Where only one card x
    ///   is left that c could go on, x enters the sink before c (or x is a sink top now). Where
    ///   there is one sink pile, its top now is covered by the next card to enter the sink, so
    ///   only a card that nothing has to precede can go on it, and a card that can go on it alone
    ///   enters before every other draining card;
    /// - a sink card is covered once, so a card some card must go on is no longer there for the others.
    /// Those consequences are followed until nothing changes: a card left with nothing to go on,
    /// or a card that would have to enter before itself (a cycle of "before"), makes the table a
    /// dead end. Where the sink must take every card by accepted moves alone, a card that no card
    /// left can follow is the last one on its sink pile: more of them than sink piles is a dead
    /// end, and where there is one sink pile, so is such a card with a card that must come after it.
    /// A card that could go on a card of another zone (a stock dealt to the sink) is not
    /// constrained. Each conclusion holds on every play sequence that wins, so pruning the tables
    /// where one fails keeps every win.
    mutating func orderIsImpossible(_ table: CardTable) -> Bool {
        let onePile = sinkPiles.count == 1
        var tops: UInt64 = 0, free: UInt64 = 0, draining: UInt64 = 0, pileTops: UInt64 = 0
        for p in table.piles.indices {
            switch kindOfPile[p] {
            case .sink:
                if let top = table.piles[p].top { tops |= 1 << UInt64(top.card.rawValue & 63) }
            case .free:
                for placed in table.piles[p].cards { free |= 1 << UInt64(placed.card.rawValue & 63) }
            case .draining:
                for placed in table.piles[p].cards { draining |= 1 << UInt64(placed.card.rawValue & 63) }
                if let top = table.piles[p].top { pileTops |= 1 << UInt64(top.card.rawValue & 63) }
            case .still: break
            }
        }
        if draining == 0 { return false }
        let toCome = draining | free
        // after[c]: the draining cards that must enter after c; before[c] the converse;
        // under[c]: the card directly below c in its pile (64: none); forced[c]: the one card c can go on.
        // The scratch is moved out while it is written, so that it stays uniquely referenced.
        var storage: [UInt64] = []
        swap(&storage, &orderScratch)
        defer { swap(&storage, &orderScratch) }
        if storage.count < 256 { storage = Array(repeating: 0, count: 256) }
        return storage.withUnsafeMutableBufferPointer { scratch in
            let after = UnsafeMutableBufferPointer(rebasing: scratch[0..<64])
            let before = UnsafeMutableBufferPointer(rebasing: scratch[64..<128])
            let under = UnsafeMutableBufferPointer(rebasing: scratch[128..<192])
            let forced = UnsafeMutableBufferPointer(rebasing: scratch[192..<256])
            for p in drainingPiles {
                var below: UInt64 = 0
                var last: UInt64 = 64
                for placed in table.piles[p].cards {
                    let c = Int(placed.card.rawValue & 63)
                    after[c] = below
                    under[c] = last
                    below |= 1 << UInt64(c)
                    last = UInt64(c)
                }
                for placed in table.piles[p].cards {
                    let c = Int(placed.card.rawValue & 63)
                    before[c] = below & ~after[c] & ~(1 << UInt64(c))
                }
            }
            return predecessorMask.withUnsafeBufferPointer { pred in
                var claimed: UInt64 = 0
                var forcedCards: UInt64 = 0
                // Cards that some draining card must precede.
                var preceded = draining & ~pileTops
                while true {
                    var found = false
                    var d = draining & ~forcedCards
                    while d != 0 {
                        let c = d.trailingZeroBitCount
                        d &= d &- 1
                        var possible = pred[c] & (tops | toCome) & ~after[c] & ~claimed
                        if onePile && preceded >> UInt64(c) & 1 != 0 { possible &= ~tops }
                        if possible == 0 { return true }
                        if possible & free != 0 || possible & (possible &- 1) != 0 { continue }
                        claimed |= possible
                        forcedCards |= 1 << UInt64(c)
                        forced[c] = UInt64(possible.trailingZeroBitCount)
                        found = true
                    }
                    if !found { break }
                    // What the forced cards say about the order, closed under "before".
                    var changed = true
                    while changed {
                        changed = false
                        var f = forcedCards
                        while f != 0 {
                            let c = f.trailingZeroBitCount
                            f &= f &- 1
                            let x = Int(forced[c])
                            if tops >> UInt64(x) & 1 != 0 {
                                guard onePile else { continue }
                                let next = after[c] | (draining & ~(1 << UInt64(c)))
                                if next != after[c] { after[c] = next; changed = true }
                            } else {
                                let next = after[x] | after[c] | 1 << UInt64(c)
                                if next != after[x] { after[x] = next; changed = true }
                            }
                        }
                        for p in drainingPiles {
                            for placed in table.piles[p].cards {
                                let c = Int(placed.card.rawValue & 63)
                                let u = Int(under[c])
                                if u < 64 {
                                    let next = after[c] | after[u]
                                    if next != after[c] { after[c] = next; changed = true }
                                }
                            }
                        }
                    }
                    preceded = 0
                    var all = draining
                    while all != 0 {
                        let c = all.trailingZeroBitCount
                        all &= all &- 1
                        if after[c] >> UInt64(c) & 1 != 0 { return true }
                        preceded |= after[c]
                    }
                }
                guard needsSuccessors else { return false }
                // Successors: what may follow each card, with the order found (where some card's
                // place was forced; otherwise the cards above it in its pile precede it, as set).
                var all = forcedCards == 0 ? 0 : draining
                while all != 0 {
                    let c = all.trailingZeroBitCount
                    all &= all &- 1
                    before[c] = 0
                }
                all = forcedCards == 0 ? 0 : draining
                while all != 0 {
                    let a = all.trailingZeroBitCount
                    all &= all &- 1
                    var later = after[a]
                    while later != 0 {
                        let c = later.trailingZeroBitCount
                        later &= later &- 1
                        before[c] |= 1 << UInt64(a)
                    }
                }
                return successorMask.withUnsafeBufferPointer { succ in
                    var lacking = 0
                    all = draining
                    while all != 0 {
                        let c = all.trailingZeroBitCount
                        all &= all &- 1
                        // A card some card must go on has a successor; the other cards whose
                        // place is forced go elsewhere.
                        if claimed >> UInt64(c) & 1 != 0 { continue }
                        if succ[c] & toCome & ~before[c] & ~forcedCards == 0 {
                            if onePile && after[c] != 0 { return true }
                            lacking += 1
                            if lacking > sinkPiles.count { return true }
                        }
                    }
                    var t = tops & ~claimed
                    while t != 0 {
                        let c = t.trailingZeroBitCount
                        t &= t &- 1
                        var next = succ[c] & toCome & ~forcedCards
                        if onePile { next &= ~preceded }
                        if next == 0 {
                            if onePile { return true }
                            lacking += 1
                        }
                    }
                    return lacking > sinkPiles.count
                }
            }
        }
    }
}
