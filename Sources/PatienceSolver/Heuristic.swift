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

    /// The weights of the cards still to go, buried cards, face-down cards, spaces, depth and cards out of sequence.
    let w: Weights
    /// Piles of zones that build by known relations, outside W, for counting cards out of
    /// sequence, each with the index of its zone's table in `buildsTables`.
    let orderedPiles: [(pile: Int, table: Int)]
    /// For each zone of `orderedPiles`, whether a card (by raw value) builds on another by one of
    /// its relations: `buildsTables[t][lower * rawCount + upper]`, computed once.
    let buildsTables: [[Bool]]
    let rawCount: Int
    /// For each card (by raw value), the cards W's relations let onto it.
    let wantedOn: [[Card]]
    /// How much each feature counts. The sets complement each other (tried on FreeCell's deals
    /// 1 to 300): the guided phase interleaves one search with each (see `Solver`).
    struct Weights: Hashable, Sendable {
        var remaining, buried, faceDown, spaces, depth, disorder: Int
        static let standard = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 4, depth: 1, disorder: 2)
        static let patient = Weights(remaining: 10, buried: 2, faceDown: 3, spaces: 4, depth: 3, disorder: 2)
        static let greedy = Weights(remaining: 10, buried: 3, faceDown: 0, spaces: 5, depth: 0, disorder: 0)
    }

    init(rules: GameRules, facts: RuleFacts, weights: Weights = .standard) {
        self.rules = rules
        w = weights
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
    }

    /// The estimate for a table.
    func estimate(_ table: CardTable) -> Int {
        var remaining = 0
        var buried = 0
        if let fill {
            if fill.cards == 0 {
                for p in wonPiles { remaining += table.piles[p].count }
            } else {
                var inWon = 0
                for p in wonPiles { inWon += table.piles[p].count }
                let target = fill.wholeZone ? fill.cards : fill.cards * wonPiles.count
                remaining = max(target - inWon, 0)
                buried = buriedDepth(table)
            }
        }
        var faceDown = 0
        for p in playPiles { for placed in table.piles[p].cards where !placed.isFaceUp { faceDown += 1 } }
        var spaces = 0
        for p in spacePiles where table.piles[p].isEmpty { spaces += 1 }
        var disorder = 0
        for (p, t) in orderedPiles {
            buildsTables[t].withUnsafeBufferPointer { builds in
                table.piles[p].cards.withUnsafeBufferPointer { cards in
                    var i = 1
                    while i < cards.count {
                        let lower = Int(cards[i - 1].card.rawValue), upper = Int(cards[i].card.rawValue)
                        if lower >= rawCount || upper >= rawCount || !builds[lower &* rawCount &+ upper] { disorder += 1 }
                        i += 1
                    }
                }
            }
        }
        return w.remaining * remaining + w.buried * buried + w.faceDown * faceDown - w.spaces * spaces + w.disorder * disorder
    }

    /// The cards lying above each card that a pile of W would take next.
    private func buriedDepth(_ table: CardTable) -> Int {
        guard !wonBuilds.isEmpty else { return 0 }
        // Which cards W would take next, by raw value: marked once, then each card is one look-up.
        var wanted = WantedCards()
        var wantsLowest = false
        for p in wonPiles {
            guard let top = table.piles[p].top?.card else { wantsLowest = true; continue }
            for x in wantedOn[Int(top.rawValue)] { wanted.insert(x) }
        }
        var lowest = 14
        if wantsLowest {
            for p in playPiles { for placed in table.piles[p].cards { lowest = min(lowest, placed.card.rank) } }
        }
        var depth = 0
        for p in playPiles {
            let cards = table.piles[p].cards
            var i = 0
            for placed in cards {
                let card = placed.card
                if (wantsLowest && card.rank == lowest) || wanted.contains(card) { depth += cards.count - 1 - i }
                i += 1
            }
        }
        return depth
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
    func contains(_ card: Card) -> Bool {
        let v = Int(card.rawValue) & 1023
        return withUnsafeBytes(of: words) { raw in raw.load(fromByteOffset: (v >> 6) * 8, as: UInt64.self) >> UInt64(v & 63) & 1 == 1 }
    }
}
