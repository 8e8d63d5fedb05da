import PatienceDiagnostics
import PatienceCards

/// Where a deal's card order comes from.
public enum DealSource: Hashable, Sendable {
    /// The project's own generator (see `SeededGenerator`): the same number deals the same table everywhere.
    case seed(UInt64)
    /// Microsoft FreeCell's numbered deals, for games of one standard deck.
    case microsoft(Int)
    /// The cards in dealing order, for tests and replays.
    case order([Card])
}

extension GameRules {
    /// Deals the opening table.
    ///
    /// 1. Deal lines with a `where` filter take matching cards from the unshuffled deck, first match first.
    /// 2. The other cards are put in the source's order (shuffled, Microsoft's, or given).
    /// 3. The other deal lines, in file order, take cards from the front of that order: `by row`
    ///    gives one card to each pile that still needs one in turn, `by pile` fills each pile before the next.
    ///    The first card a pile receives is its bottom card. A line with `split before` gives its
    ///    cards to one pile after another instead, starting the next pile at each card that meets
    ///    the condition (unless the current pile has no card yet).
    /// 4. The `rest` line takes every remaining card.
    /// 5. A line with `moving … to bottom` (or `to top`) then puts the cards of each of its piles
    ///    that meet the condition beneath (or above) the others, each group in the order dealt.
    /// 6. A line with `after each card { … }` runs that body after each card it deals, with
    ///    `pile` the pile that just received the card, on the table as dealt so far (every card
    ///    still face up). The card counts as dealt to that pile even if the body moves it away.
    /// 7. Each line then turns its piles' cards face up or down as it says, counting from the top.
    ///
    /// A line whose filter says `in dealt order` is not served in step 1: in step 3, when its turn
    /// comes, each of its cards is the first card left in the source's order that meets the
    /// filter, read against the table as dealt so far (too few matching cards give it fewer).
    /// The table's memory starts at each `memory` declaration's value, and its shuffle seed is
    /// `shuffleSeed(for: source)`.
    public func deal(_ source: DealSource) throws(DiagnosticsError) -> CardTable {
        var remaining = deck
        var table = CardTable(piles: Array(repeating: Pile(), count: pileCount), actionUses: Array(repeating: 0, count: actions.count),
                              memory: memorySlots.map(\.initial), seed: hasShuffles ? GameRules.shuffleSeed(for: source) : 0, shuffles: 0)
        for step in dealSteps where step.filter != nil && !step.inDealtOrder {
            try dealPicked(step, from: &remaining, into: &table)
        }
        var order: [Card]
        switch source {
        case .seed(let seed):
            order = shuffled(remaining, seed: seed)
        case .microsoft(let number):
            guard deck.count == 52, Set(deck.map(\.suit)).count == 4, remaining.count == 52 else {
                throw DiagnosticsError(.invalidDealSpec, "Microsoft deals need a game of one standard deck with no pre-placed cards")
            }
            guard let cards = MicrosoftDeal.cards(forDeal: number) else {
                throw DiagnosticsError(.dealOutOfRange, "Microsoft deal numbers run from \(MicrosoftDeal.range.lowerBound) to \(MicrosoftDeal.range.upperBound), not \(number)")
            }
            order = cards
        case .order(let cards):
            guard cards.sorted() == remaining.sorted() else {
                throw DiagnosticsError(.missingCards, "the given order does not hold exactly the cards left to deal")
            }
            order = cards
        }
        var next = 0
        for (index, step) in dealSteps.enumerated() where step.filter == nil || step.inDealtOrder {
            if step.inDealtOrder {
                try dealInOrder(step, from: &order, at: next, into: &table)
                continue
            }
            if step.until != nil {
                next += try dealUntil(step, from: order, at: next, leaving: countNeeded(after: index), into: &table)
                continue
            }
            let counts = step.counts ?? restCounts(step, available: order.count - next - countStillNeeded(after: step))
            next += try fill(step, counts: counts, from: order, at: next, into: &table)
        }
        return table
    }

    /// The seed of a dealt table's shuffles: a `seed:N` deal's number, a Microsoft deal's number
    /// with its top byte set to 0x4D (so the two kinds differ), and for a given order the 64-bit
    /// FNV-1a hash of its cards' identities, low byte first.
    public static func shuffleSeed(for source: DealSource) -> UInt64 {
        switch source {
        case .seed(let seed): return seed
        case .microsoft(let number): return UInt64(truncatingIfNeeded: number) ^ 0x4D00_0000_0000_0000
        case .order(let cards):
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for card in cards {
                for byte in [UInt8(card.rawValue & 0xFF), UInt8(card.rawValue >> 8)] {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                }
            }
            return hash
        }
    }

    /// Serves a line whose filter reads the dealt order: each card it deals is the first card
    /// of `order` from `start` on that meets the filter now.
    private func dealInOrder(_ step: DealStep, from order: inout [Card], at start: Int, into table: inout CardTable) throws(DiagnosticsError) {
        guard let filter = step.filter, let counts = step.counts else { return }
        func take(_ pile: Int) throws(DiagnosticsError) {
            let found = judging(table) { f -> Int? in
                f.destination = pile - step.piles.lowerBound + 1
                var index = start
                while index < order.count {
                    f.cardSlots[0] = PlacedCard(order[index], faceUp: true)
                    f.budget = step.filterBound
                    if (try? filter(&f)) == true { return index }
                    index += 1
                }
                return nil
            }
            guard let found else { return }
            table.piles[pile].cards.append(PlacedCard(order.remove(at: found), faceUp: true))
            try afterDealing(step, to: pile, in: &table)
        }
        try fillInOrder(step, counts: counts, take: take)
        try Frame.changing(CardTable(piles: [], actionUses: [])) { f throws(DiagnosticsError) in
            for pile in step.piles { arrange(&table.piles[pile], index: pile - step.piles.lowerBound + 1, step, &f) }
        }
        for (offset, pile) in step.piles.enumerated() { turn(&table.piles[pile], faceUp: step.faceUp[offset]) }
    }

    /// How many cards the lines after `step` need, so that `rest` leaves them enough.
    private func countStillNeeded(after step: DealStep) -> Int {
        guard let index = dealSteps.firstIndex(where: { $0.piles == step.piles && $0.counts == nil && $0.until == nil }) else { return 0 }
        return countNeeded(after: index)
    }

    /// How many cards the counted lines after line `index` take from the shuffled cards.
    private func countNeeded(after index: Int) -> Int {
        dealSteps[(index + 1)...].filter { $0.filter == nil && $0.until == nil }.reduce(0) { $0 + ($1.counts?.reduce(0, +) ?? 0) }
    }

    /// Serves a line that deals `until` a condition holds: the cards of `order` from `start` go to
    /// its piles in turn until the condition holds after a card (read with the receiving pile as
    /// `pile`, after the line's `after each card` body), or only `leaving` cards are left for the
    /// counted lines after it. Returns how many cards it took.
    private func dealUntil(_ step: DealStep, from order: [Card], at start: Int, leaving: Int, into table: inout CardTable) throws(DiagnosticsError) -> Int {
        guard let until = step.until, !step.piles.isEmpty else { return 0 }
        var next = start
        var offset = 0
        var done = false
        while !done && next < order.count - leaving {
            let pile = step.piles.lowerBound + offset
            table.piles[pile].cards.append(PlacedCard(order[next], faceUp: true))
            next += 1
            try afterDealing(step, to: pile, in: &table)
            let holds = judging(table) { f -> Result<Bool, EvaluationFault> in
                f.destination = pile
                f.budget = step.untilBound
                do throws(EvaluationFault) { return .success(try until(&f)) } catch { return .failure(error) }
            }
            switch holds {
            case .success(true): done = true
            case .success(false): break
            case .failure(let fault):
                let site = refusal(from: fault)
                throw DiagnosticsError(diagnostics: [Diagnostic(site.code, "the deal failed while checking 'until': " + site.message,
                                                                at: site.range ?? .fileStart, file: site.file)])
            }
            offset = (offset + 1) % step.piles.count
        }
        try Frame.changing(CardTable(piles: [], actionUses: [])) { f throws(DiagnosticsError) in
            for pile in step.piles { arrange(&table.piles[pile], index: pile - step.piles.lowerBound + 1, step, &f) }
        }
        for (offset, pile) in step.piles.enumerated() { turn(&table.piles[pile], faceUp: step.faceUp[offset]) }
        return next - start
    }

    /// `rest` shares the remaining cards over its piles as evenly as dealing in rows would.
    private func restCounts(_ step: DealStep, available: Int) -> [Int] {
        let n = step.piles.count
        return (0..<n).map { available / n + ($0 < available % n ? 1 : 0) }
    }

    private func dealPicked(_ step: DealStep, from remaining: inout [Card], into table: inout CardTable) throws(DiagnosticsError) {
        guard let filter = step.filter, let counts = step.counts else { return }
        try Frame.changing(CardTable(piles: [], actionUses: [])) { f throws(DiagnosticsError) in
            for (offset, pile) in step.piles.enumerated() {
                for _ in 0..<counts[offset] {
                    f.frame.destination = offset + 1
                    guard let index = remaining.firstIndex(where: { card in
                        f.frame.cardSlots[0] = PlacedCard(card, faceUp: true)
                        return (try? filter(&f.frame)) == true
                    }) else { break }
                    table.piles[pile].cards.append(PlacedCard(remaining.remove(at: index), faceUp: true))
                    try afterDealing(step, to: pile, in: &table)
                }
                arrange(&table.piles[pile], index: offset + 1, step, &f)
            }
        }
        for (offset, pile) in step.piles.enumerated() { turn(&table.piles[pile], faceUp: step.faceUp[offset]) }
    }

    private func fill(_ step: DealStep, counts: [Int], from order: [Card], at start: Int, into table: inout CardTable) throws(DiagnosticsError) -> Int {
        var next = start
        func take(_ pile: Int) throws(DiagnosticsError) {
            guard next < order.count else { return }
            table.piles[pile].cards.append(PlacedCard(order[next], faceUp: true))
            next += 1
            try afterDealing(step, to: pile, in: &table)
        }
        try Frame.changing(CardTable(piles: [], actionUses: [])) { f throws(DiagnosticsError) in
            if let split = step.splitBefore {
                // One pile after another: a card meeting the condition opens the next pile, and the
                // last pile keeps whatever is left when the piles run out.
                var offset = 0
                var inCurrent = 0
                for _ in 0..<counts.reduce(0, +) {
                    guard next < order.count else { break }
                    f.frame.cardSlots[0] = PlacedCard(order[next], faceUp: true)
                    f.frame.destination = offset + 1
                    if inCurrent > 0, offset < step.piles.count - 1, (try? split(&f.frame)) == true {
                        offset += 1
                        inCurrent = 0
                    }
                    try take(step.piles.lowerBound + offset)
                    inCurrent += 1
                }
            } else {
                try fillInOrder(step, counts: counts, take: take)
            }
            for pile in step.piles { arrange(&table.piles[pile], index: pile - step.piles.lowerBound + 1, step, &f) }
        }
        for (offset, pile) in step.piles.enumerated() { turn(&table.piles[pile], faceUp: step.faceUp[offset]) }
        return next - start
    }

    private func fillInOrder(_ step: DealStep, counts: [Int], take: (Int) throws(DiagnosticsError) -> Void) throws(DiagnosticsError) {
        switch step.order {
        case .byRow:
            for row in 0..<(counts.max() ?? 0) {
                for (offset, pile) in step.piles.enumerated() where row < counts[offset] { try take(pile) }
            }
        case .byPile:
            for (offset, pile) in step.piles.enumerated() {
                for _ in 0..<counts[offset] { try take(pile) }
            }
        }
    }

    /// Carries out a line's `moving … to` clause on one pile: the matching cards go to the chosen
    /// end, and both groups keep the order they were dealt in.
    private func arrange(_ pile: inout Pile, index: Int, _ step: DealStep, _ f: inout ChangingFrame) {
        guard let moving = step.moving else { return }
        f.frame.destination = index
        var matching: [PlacedCard] = []
        var others: [PlacedCard] = []
        for placed in pile.cards {
            f.frame.cardSlots[0] = placed
            if (try? moving(&f.frame)) == true { matching.append(placed) } else { others.append(placed) }
        }
        pile.cards = step.movingTo == .bottom ? matching + others : others + matching
    }

    /// Runs a line's `after each card` body for the card just dealt to `pile`.
    private func afterDealing(_ step: DealStep, to pile: Int, in table: inout CardTable) throws(DiagnosticsError) {
        guard let body = step.afterEachCard else { return }
        table = try Frame.changing(table) { f throws(DiagnosticsError) in
            f.frame.destination = pile
            f.frame.budget = step.afterEachCardBound
            var changed = false
            do throws(EvaluationFault) {
                _ = try execute(body, &f, changed: &changed)
            } catch {
                let site = refusal(from: error)
                throw DiagnosticsError(diagnostics: [Diagnostic(site.code, "the deal failed after a card was dealt: " + site.message,
                                                                at: site.range ?? .fileStart, file: site.file)])
            }
            return f.table
        }
    }

    /// Turns the top `faceUp` cards of a pile face up and the rest face down.
    private func turn(_ pile: inout Pile, faceUp: Int) {
        let count = pile.cards.count
        for i in pile.cards.indices { pile.cards[i].isFaceUp = count - i <= faceUp }
    }
}
