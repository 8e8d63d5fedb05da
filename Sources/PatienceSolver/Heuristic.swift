import Patience

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

    init(rules: GameRules, facts: RuleFacts) {
        self.rules = rules
        fill = facts.zones.count == rules.zones.count ? facts.winFills : nil
        let w = fill?.zone
        wonPiles = w.map { rules.zones[$0].piles } ?? 0..<0
        wonBuilds = w.flatMap { facts.zones.indices.contains($0) ? facts.zones[$0].buildsOnTop : nil } ?? []
        var play: [Int] = [], space: [Int] = []
        for (i, zone) in rules.zones.enumerated() where i != w && facts.zones.indices.contains(i) {
            if facts.zones[i].hasLift { play += Array(zone.piles) }
            if facts.zones[i].hasAccept { space += Array(zone.piles) }
        }
        playPiles = play
        spacePiles = space
    }

    /// The estimate for a table.
    func estimate(_ table: Table) -> Int {
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
        return 10 * remaining + 2 * buried + 3 * faceDown - 3 * spaces
    }

    /// The cards lying above each card that a pile of W would take next.
    private func buriedDepth(_ table: Table) -> Int {
        guard !wonBuilds.isEmpty else { return 0 }
        var tops: [Card] = []
        var wantsLowest = false
        for p in wonPiles {
            if let top = table.piles[p].top?.card { tops.append(top) } else { wantsLowest = true }
        }
        var lowest = 14
        if wantsLowest {
            for p in playPiles { for placed in table.piles[p].cards { lowest = min(lowest, placed.card.rank) } }
        }
        var depth = 0
        for p in playPiles {
            let cards = table.piles[p].cards
            for (i, placed) in cards.enumerated() {
                let card = placed.card
                let wanted = (wantsLowest && card.rank == lowest) || tops.contains { top in wonBuilds.contains { $0.builds(top, card) } }
                if wanted { depth += cards.count - 1 - i }
            }
        }
        return depth
    }
}
