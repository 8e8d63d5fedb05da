import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// How far a table seems from a win, read from the rules (lower is closer): the cards the win
/// condition still needs in its zone, the cards buried above the next ones that zone takes, the
/// face-down cards, and (as a bonus) empty piles of zones that accept cards.
struct Heuristic {
    let rules: GameRules
    let fill: RuleFacts.WinFill?
    let wonPiles: Range<Int>
    let wonBuilds: [BuildRelation]
    /// Piles whose face-down cards and depth count: those of zones with a lift rule, outside W.
    let playPiles: [Int]
    /// Piles whose emptiness counts: those of accepting zones outside W.
    let spacePiles: [Int]

    /// The weights of the cards still to go, buried cards, face-down cards, spaces, depth, cards
    /// out of sequence and splits (`splitPenalty(of:on:)`).
    var w: Weights
    /// What each pile counts for in the estimate: bit 0 its face-down cards and buried depth
    /// (`playPiles`), bit 1 its emptiness (`spacePiles`), bit 2 its cards out of sequence
    /// (`orderedPiles`), bit 3 that it is a pile of W.
    let pileFlags: [UInt8]
    /// For each pile of `orderedPiles`, its table in `buildsTables` (0 for the others).
    let pileOrderTable: [Int]
    /// Piles of zones that build by known relations, outside W, for counting cards out of
    /// sequence, each with the index of its zone's table in `buildsTables`.
    let orderedPiles: [(pile: Int, table: Int)]
    /// For each zone of `orderedPiles`, whether a card (by raw value) builds on another by one of
    /// its relations: `buildsTables[t][lower * rawCount + upper]`, computed once.
    let buildsTables: [[Bool]]
    let rawCount: Int
    /// For each card (by raw value), the cards W's relations let onto it.
    let wantedOn: [[Card]]
    /// No rule tells copies of a card apart (`RuleFacts.copiesAreInterchangeable`).
    let copiesAreAlike: Bool
    /// Entries per pile in `Base.below`: one for each count of cards from 0 to the deck's size.
    let belowStride: Int
    /// How much each feature counts. The sets complement each other: which one solves a deal
    /// fastest varies from deal to deal far more than any mean, and the guided phase interleaves
    /// one search with each (`GuidedSchedule`). The weight on depth sets how greedy a search is:
    /// none (`greedy`) always expands the table rated best, a little (`standard`, `roomy`) makes
    /// it prefer short paths among tables rated alike, more (`spacious`, `patient`)
    /// makes it widen its front, and a large negative one (the `deep` sets) makes it a
    /// depth-first search that tries each table's successors best first. The `orderly` sets and
    /// `unburied` (which counts no buried cards at all) weigh cards out of sequence two or three
    /// times more: in FreeCell, each alone solves
    /// more deals within a few hundred nodes than the others (`orderlyRoomy` 27,450 of 1..32000
    /// within 312, `greedy` 23,270), and make the portfolio for tables with every card face up
    /// (`GuidedSchedule.portfolio(for:)`). `standard` also orders the exhaustive search's
    /// successors (`SearchSpace.heuristic`).
    /// `split` rates a move rather than a table: only the exhaustive search's order reads it.
    /// `noise` adds to each successor's rating a number drawn from 0 to `noise` by a generator
    /// started from `seed`: a depth-first set then tries alike successors in another order, and
    /// sets that differ only in their seed lose their way on different deals. The portfolio has
    /// no such set yet (`patience-bench solver --member` runs one; Docs/Benchmarks.md says why).
    struct Weights: Hashable, Sendable {
        var remaining, buried, faceDown, spaces, depth, disorder: Int
        var split = 30
        var noise = 0
        var seed: UInt64 = 0
        static let standard = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 4, depth: 1, disorder: 2)
        static let patient = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 4, depth: 3, disorder: 2)
        static let spacious = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 6, depth: 2, disorder: 2)
        static let greedy = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 4, depth: 0, disorder: 2)
        static let roomy = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 8, depth: 1, disorder: 2)
        static let deepRoomy = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 8, depth: -100, disorder: 2)
        static let deepOrderly = Weights(remaining: 10, buried: 1, faceDown: 3, spaces: 6, depth: -100, disorder: 4)
        static let orderly = Weights(remaining: 10, buried: 1, faceDown: 3, spaces: 6, depth: 2, disorder: 5)
        static let orderlyRoomy = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 8, depth: 2, disorder: 4)
        static let orderlyAiry = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 10, depth: 2, disorder: 5)
        static let orderlyLow = Weights(remaining: 10, buried: 1, faceDown: 3, spaces: 6, depth: 1, disorder: 5)
        static let orderlyWide = Weights(remaining: 10, buried: 1, faceDown: 3, spaces: 8, depth: 2, disorder: 6)
        static let unburied = Weights(remaining: 10, buried: 0, faceDown: 3, spaces: 6, depth: 2, disorder: 5)
        static let orderlyTight = Weights(remaining: 10, buried: 1, faceDown: 3, spaces: 4, depth: 2, disorder: 5)

        /// These weights with ratings made noisy: up to `noise` added, drawn from `seed`.
        func shuffled(noise: Int, seed: UInt64) -> Weights {
            var weights = self
            weights.noise = noise
            weights.seed = seed
            return weights
        }
    }

    init(rules: GameRules, facts: RuleFacts, weights: Weights = .standard) {
        self.rules = rules
        w = weights
        belowStride = rules.deck.count + 1
        copiesAreAlike = facts.copiesAreInterchangeable
        fill = facts.zones.count == rules.zones.count ? facts.winFills : nil
        let w = fill?.zone
        wonPiles = w.map { rules.zones[$0].piles } ?? 0..<0
        wonBuilds = w.flatMap { facts.zones.indices.contains($0) ? facts.zones[$0].buildsOnTop : nil } ?? []
        var play: [Int] = [], space: [Int] = []
        var ordered: [(pile: Int, table: Int)] = []
        var tables: [[Bool]] = []
        let deck = rules.deck
        let rawCount = Int(deck.map(\.rawValue).max() ?? 0) + 1
        self.rawCount = rawCount
        for (i, zone) in rules.zones.enumerated() where i != w && facts.zones.indices.contains(i) {
            if facts.zones[i].hasLift { play += Array(zone.piles) }
            if facts.zones[i].hasAccept { space += Array(zone.piles) }
            if facts.zones[i].hasLift, let relations = facts.zones[i].buildsOnTop, !relations.isEmpty {
                var table = Array(repeating: false, count: rawCount * rawCount)
                for lower in deck {
                    for upper in deck where relations.contains(where: { $0.builds(lower, upper) }) {
                        table[Int(lower.rawValue) * rawCount + Int(upper.rawValue)] = true
                    }
                }
                ordered += zone.piles.map { (pile: $0, table: tables.count) }
                tables.append(table)
            }
        }
        playPiles = play
        buildsTables = tables
        let builds = wonBuilds
        wantedOn = (0..<(Int(deck.map(\.rawValue).max() ?? 0) + 1)).map { raw in
            let top = Card(rawValue: UInt16(raw))
            return deck.filter { x in builds.contains { $0.builds(top, x) } }
        }
        orderedPiles = ordered
        spacePiles = space
        var flags = Array(repeating: UInt8(0), count: rules.pileCount)
        var orderTable = Array(repeating: 0, count: rules.pileCount)
        for p in play where p < flags.count { flags[p] |= 1 }
        for p in space where p < flags.count { flags[p] |= 2 }
        for (p, t) in ordered where p < flags.count { flags[p] |= 4; orderTable[p] = t }
        for p in wonPiles where p < flags.count { flags[p] |= 8 }
        pileFlags = flags
        pileOrderTable = orderTable
    }

    /// What the estimate reads of W: the part that counts its cards, and which cards it would take next.
    struct WonState {
        var fixed = 0
        var buries = false
        var wanted = WantedCards()
        var wantsLowest = false
        var lowest = 14
    }

    /// The estimate of the table a search expands, kept by pile, so that each of its successors
    /// is rated from the piles its step changed (`estimate(_:changed:from:)`).
    struct Base {
        var won = WonState()
        var perPile: [Int] = []
        var total = 0
        /// For each pile, what its lowest `k` cards count for, for `k` from 0 to its size, in two
        /// sums that hold whatever cards come above them: the weighted face-down cards and cards
        /// out of sequence less the buried weight times the position of each card W would take
        /// next, and the count of those cards. `below[2 * (p * belowStride + k) + sum]`.
        var below: [Int] = []
        /// Whether it describes the table being expanded (`prepareIfUseful` may leave it out).
        var isValid = false
        /// Successors rated from their changed piles, and those W's change made rated whole.
        var hits = 0
        var misses = 0
    }

    /// Sets `base` up for `table`, unless most successors so far had to be rated whole (where
    /// nearly every step changes W, as in games won by emptying a zone or filling one from
    /// every other): then the base is left invalid and successors are rated whole at once.
    func prepareIfUseful(_ base: inout Base, for table: CardTable) {
        if Heuristic.missesMostly(base) {
            base.isValid = false
            return
        }
        prepare(&base, for: table)
    }

    /// Whether, over at least 64 successors, more were rated whole than from their changed piles:
    /// then keeping the base costs more than it saves.
    @inline(__always)
    private static func missesMostly(_ base: Base) -> Bool {
        base.hits + base.misses >= 64 && base.misses > base.hits
    }

    /// What a pile counts for (`pileFlags`); a pile past them counts as one of W.
    @inline(__always)
    private func flags(of p: Int) -> UInt8 {
        p < pileFlags.count ? pileFlags[p] : 8
    }

    /// Whether a change to a pile with these flags leaves the rest of the base standing: not when
    /// W changed (which cards it takes next is read by every pile), nor, while W wants its lowest
    /// card, when a pile outside the play piles did.
    @inline(__always)
    private func changeIsLocal(_ flags: UInt8, _ base: Base) -> Bool {
        flags & 8 == 0 && !(base.won.wantsLowest && flags & 1 == 0)
    }

    /// Brings `base`, set up for a table, to `table`, which differs from it only in the piles
    /// `changed`: the same base as `prepareIfUseful(&base, for: table)`, from those piles alone
    /// unless W changed (or, while W wants its lowest card, a pile outside the play piles did),
    /// as in `estimate(_:changed:from:)`.
    func update(_ base: inout Base, for table: CardTable, changed: ChangedPiles) {
        guard base.isValid, base.perPile.count == table.piles.count else {
            prepareIfUseful(&base, for: table)
            return
        }
        if Heuristic.missesMostly(base) {
            base.isValid = false
            return
        }
        for i in 0..<changed.count where !changeIsLocal(flags(of: changed.piles[i]), base) {
            prepare(&base, for: table)
            return
        }
        let won = base.won
        var total = base.total
        base.perPile.withUnsafeMutableBufferPointer { perPile in
            base.below.withUnsafeMutableBufferPointer { below in
                for i in 0..<changed.count {
                    let p = changed.piles[i]
                    let flags = pileFlags[p]
                    if flags & 7 != 0 {
                        let start = min(changed.untouched[i], belowStride - 1)
                        let row = below.baseAddress! + 2 * p * belowStride
                        let c = contribution(p, table, won, roles: flags, orderTable: pileOrderTable[p],
                                             from: start, below: (row[2 * start], row[2 * start + 1]), recordingIn: row)
                        total += c - perPile[p]
                        perPile[p] = c
                    }
                }
            }
        }
        base.total = total
    }

    /// The estimate for a table: W's part and each pile's.
    func estimate(_ table: CardTable) -> Int {
        let won = wonState(table)
        var total = won.fixed
        for p in 0..<table.piles.count where p < pileFlags.count && pileFlags[p] & 7 != 0 {
            total += contribution(p, table, won, roles: pileFlags[p], orderTable: pileOrderTable[p], from: 0, below: (0, 0), recordingIn: nil)
        }
        return total
    }

    /// Sets `base` up for `table`.
    func prepare(_ base: inout Base, for table: CardTable) {
        let won = wonState(table)
        base.won = won
        let n = table.piles.count
        if base.perPile.count != n {
            base.perPile = Array(repeating: 0, count: n)
            base.below = Array(repeating: 0, count: 2 * n * belowStride)
        }
        var total = won.fixed
        base.perPile.withUnsafeMutableBufferPointer { perPile in
            base.below.withUnsafeMutableBufferPointer { below in
                for p in 0..<n where p < pileFlags.count && pileFlags[p] & 7 != 0 {
                    // A row starts with the sums of no cards, 0: the place is never written after the row is made.
                    let c = contribution(p, table, won, roles: pileFlags[p], orderTable: pileOrderTable[p],
                                         from: 0, below: (0, 0), recordingIn: below.baseAddress! + 2 * p * belowStride)
                    perPile[p] = c
                    total += c
                }
            }
        }
        base.total = total
        base.isValid = true
    }

    /// The estimate for `table`, reached from the table `base` was prepared for by changing the
    /// piles `changed`: the same number as `estimate(table)`, from those piles alone unless W
    /// changed (or, while W wants its lowest card, a pile outside the play piles did).
    func estimate(_ table: CardTable, changed: ChangedPiles, from base: inout Base) -> Int {
        guard base.isValid else { return estimate(table) }
        var total = base.total
        for i in 0..<changed.count {
            let p = changed.piles[i]
            let flags = flags(of: p)
            if !changeIsLocal(flags, base) {
                base.misses += 1
                return estimate(table)
            }
            if flags & 7 != 0 {
                let start = min(changed.untouched[i], belowStride - 1)
                let at = 2 * (p * belowStride + start)
                let c = contribution(p, table, base.won, roles: flags, orderTable: pileOrderTable[p],
                                     from: start, below: (base.below[at], base.below[at + 1]), recordingIn: nil)
                total += c - base.perPile[p]
            }
        }
        base.hits += 1
        return total
    }

    private func wonState(_ table: CardTable) -> WonState {
        var won = WonState()
        guard let fill else { return won }
        if fill.cards == 0 {
            var remaining = 0
            for p in wonPiles { remaining += table.piles[p].count }
            won.fixed = w.remaining * remaining
            return won
        }
        var inWon = 0
        for p in wonPiles { inWon += table.piles[p].count }
        let target = fill.wholeZone ? fill.cards : fill.cards * wonPiles.count
        won.fixed = w.remaining * max(target - inWon, 0)
        guard !wonBuilds.isEmpty else { return won }
        // Which cards W would take next, by raw value: marked once, then each card is one look-up.
        won.buries = true
        for p in wonPiles {
            guard let top = table.piles[p].top?.card else { won.wantsLowest = true; continue }
            for x in wantedOn[Int(top.rawValue)] { won.wanted.insert(x) }
        }
        if won.wantsLowest {
            // No rank is below the ace: once one is seen, the rest cannot lower it.
            var lowest = won.lowest
            scan: for p in playPiles {
                for placed in table.piles[p].cards {
                    lowest = min(lowest, placed.card.rank)
                    if lowest == 1 { break scan }
                }
            }
            won.lowest = lowest
        }
        return won
    }

    /// One pile's part of the estimate: its face-down cards and the cards above each card W
    /// would take next (a play pile), its emptiness (a space pile), its cards out of sequence;
    /// from its cards at position `start` up, on top of `below`, the sums of those under them
    /// (`Base.below`). With `recordingIn`, the sums up to each position above `start` are stored
    /// in that row.
    @inline(__always)
    private func contribution(_ p: Int, _ table: CardTable, _ won: WonState, roles: UInt8, orderTable: Int,
                              from start: Int, below: (Int, Int), recordingIn row: UnsafeMutablePointer<Int>?) -> Int {
        var total = 0
        table.piles[p].cards.withUnsafeBufferPointer { cards in
            let n = cards.count
            if roles & 5 != 0 {
                // A card W would take next at position i is buried under n - 1 - i cards: the
                // sums keep -i for each, and n - 1 is added for each once n is known.
                var (sum, wanted) = below
                func add(_ builds: UnsafeBufferPointer<Bool>) {
                    var i = start
                    while i < n {
                        let placed = cards[i]
                        if roles & 1 != 0 {
                            if !placed.isFaceUp { sum += w.faceDown }
                            if won.buries, (won.wantsLowest && placed.card.rank == won.lowest) || won.wanted.contains(placed.card) {
                                sum -= w.buried * i
                                wanted += 1
                            }
                        }
                        if roles & 4 != 0, i > 0 {
                            let lower = Int(cards[i - 1].card.rawValue), upper = Int(placed.card.rawValue)
                            if lower >= rawCount || upper >= rawCount || !builds[lower &* rawCount &+ upper] { sum += w.disorder }
                        }
                        i += 1
                        if let row, i < belowStride {
                            row[2 * i] = sum
                            row[2 * i + 1] = wanted
                        }
                    }
                }
                if roles & 4 != 0 {
                    buildsTables[orderTable].withUnsafeBufferPointer(add)
                } else {
                    add(UnsafeBufferPointer(start: nil, count: 0))
                }
                total += sum + w.buried * wanted * (n - 1)
            }
            if roles & 2 != 0, n == 0 { total -= w.spaces }
        }
        return total
    }
}

/// A set of cards by raw value, in sixteen words (raw values are below 1,024).
struct WantedCards {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    @inline(__always)
    mutating func insert(_ card: Card) {
        let v = Int(card.rawValue) & 1023
        withUnsafeMutableBytes(of: &words) { raw in
            let p = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
            p[v >> 6] |= 1 << UInt64(v & 63)
        }
    }

    @inline(__always)
    mutating func remove(_ card: Card) {
        let v = Int(card.rawValue) & 1023
        withUnsafeMutableBytes(of: &words) { raw in
            let p = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
            p[v >> 6] &= ~(1 << UInt64(v & 63))
        }
    }

    @inline(__always)
    func contains(_ card: Card) -> Bool {
        let v = Int(card.rawValue) & 1023
        return withUnsafeBytes(of: words) { raw in raw.load(fromByteOffset: (v >> 6) * 8, as: UInt64.self) >> UInt64(v & 63) & 1 == 1 }
    }
}
