import Patience

/// Makes the 128-bit fingerprint of a table's canonical form, applying the key reductions:
/// interchangeable piles, suit symmetry and interchangeable copies.
///
/// How the fingerprint is made, in two independent lanes of 64 bits:
/// 1. Each card is a code: its rank and (renamed) suit, or its place in the deck when copies
///    can be told apart, and whether it is face up.
/// 2. A pile's hash is the XOR of Zobrist values, one random 64-bit word per (position, code),
///    drawn from a fixed seed: two different piles differ in at least one entry, so their hashes
///    collide with probability 2⁻⁶⁴ per lane.
/// 3. The table's fingerprint is the wrapping sum over piles of a bijective mix of the pile's hash
///    XOR a salt: one salt per pile, or one per zone for interchangeable piles, whose sum is then
///    the same in any order (a multiset hash). Limited action uses are added the same way.
struct StateKey {
    let pileCount: Int
    /// The salt each pile's hash is mixed with, per lane.
    let salt1: [UInt64]
    let salt2: [UInt64]
    let zobrist1: [UInt64]
    let zobrist2: [UInt64]
    /// Codes per position: cards times two faces.
    let codeCount: Int
    let maxDepth: Int
    /// Card raw value to code (without the face bit), before suit renaming.
    let cardCode: [Int]
    /// When suits are renamed: the renamings allowed (suit index to suit index), and the deck's suits.
    let suitGroup: [[Int]]
    let deckSuits: [Int]
    /// Actions whose uses are part of the state, with the count from which more uses change nothing.
    let keyedActions: [(index: Int, cap: Int)]

    init(rules: GameRules, facts: RuleFacts, reductions: Reductions) {
        pileCount = rules.pileCount
        var generator = SplitMix(seed: 0x5EED_0F_7AB1E)
        var salt1: [UInt64] = [], salt2: [UInt64] = []
        var zoneSalt: [Int: (UInt64, UInt64)] = [:]
        for pile in 0..<rules.pileCount {
            let zoneIndex = rules.zones.firstIndex { $0.piles.contains(pile) } ?? 0
            let interchangeable = reductions.interchangeablePiles && facts.zones.indices.contains(zoneIndex)
                && facts.zones[zoneIndex].pilesAreInterchangeable
            if interchangeable, let salts = zoneSalt[zoneIndex] {
                salt1.append(salts.0)
                salt2.append(salts.1)
            } else {
                let salts = (generator.next(), generator.next())
                if interchangeable { zoneSalt[zoneIndex] = salts }
                salt1.append(salts.0)
                salt2.append(salts.1)
            }
        }
        self.salt1 = salt1
        self.salt2 = salt2

        let dropCopies = reductions.suitSymmetry && facts.copiesAreInterchangeable
        let maxRaw = Int(rules.deck.map(\.rawValue).max() ?? 0) + 1
        var cardCode = Array(repeating: 0, count: maxRaw)
        var codes = 0
        if dropCopies {
            for card in rules.deck { cardCode[Int(card.rawValue)] = card.suitIndex * 13 + card.rank - 1 }
            codes = 52
        } else {
            for (i, card) in rules.deck.enumerated() { cardCode[Int(card.rawValue)] = i }
            codes = rules.deck.count
        }
        self.cardCode = cardCode
        codeCount = codes * 2
        maxDepth = max(rules.deck.count, 1)
        zobrist1 = (0..<(maxDepth * codeCount)).map { _ in generator.next() }
        zobrist2 = (0..<(maxDepth * codeCount)).map { _ in generator.next() }

        let suits = Array(Set(rules.deck.map(\.suitIndex))).sorted()
        deckSuits = suits
        if dropCopies && reductions.suitSymmetry {
            suitGroup = StateKey.renamings(of: suits, symmetry: facts.suitSymmetry)
        } else {
            suitGroup = []
        }
        var keyed: [(Int, Int)] = []
        for (i, limit) in facts.actionLimits.enumerated() {
            switch limit {
            case .none: break
            case .constant(let n): keyed.append((i, max(n, 0)))
            case .readFromTable: keyed.append((i, Int.max))
            }
        }
        if facts.actionLimits.count != rules.actionNames.count {
            keyed = rules.actionNames.indices.map { ($0, Int.max) }
        }
        keyedActions = keyed
    }

    /// The suit renamings a symmetry allows among the deck's suits; fewer than two means none.
    static func renamings(of suits: [Int], symmetry: RuleFacts.SuitSymmetry) -> [[Int]] {
        func colour(_ s: Int) -> Int { s == 1 || s == 2 ? 1 : 0 }
        var result: [[Int]] = []
        func permute(_ prefix: [Int], _ rest: [Int]) {
            if rest.isEmpty {
                var map = [0, 1, 2, 3]
                for (from, to) in zip(suits, prefix) { map[from] = to }
                result.append(map)
                return
            }
            for (i, s) in rest.enumerated() {
                var remaining = rest
                remaining.remove(at: i)
                permute(prefix + [s], remaining)
            }
        }
        permute([], suits)
        switch symmetry {
        case .none: return []
        case .anySuit: break
        case .withinColour: result = result.filter { map in suits.allSatisfy { colour(map[$0]) == colour($0) } }
        case .colourClasses:
            result = result.filter { map in
                // Either every suit keeps its colour or every suit changes it.
                suits.allSatisfy { colour(map[$0]) == colour($0) } || suits.allSatisfy { colour(map[$0]) != colour($0) }
            }
        }
        return result.count > 1 ? result : []
    }

    /// The suit renaming for this table: the allowed one under which the suits, in the order
    /// they first appear (pile by pile, bottom to top), get the smallest names.
    @inline(__always)
    private func renaming(for table: Table) -> [Int]? {
        guard !suitGroup.isEmpty else { return nil }
        var order: [Int] = []
        order.reserveCapacity(4)
        var seen = 0
        outer: for pile in table.piles {
            for placed in pile.cards {
                let s = placed.card.suitIndex
                if seen & (1 << s) == 0 {
                    seen |= 1 << s
                    order.append(s)
                    if order.count == deckSuits.count { break outer }
                }
            }
        }
        var best = suitGroup[0]
        for map in suitGroup.dropFirst() {
            for s in order {
                if map[s] != best[s] {
                    if map[s] < best[s] { best = map }
                    break
                }
            }
        }
        return best
    }

    /// The fingerprint of a table.
    func fingerprint(_ table: Table) -> Fingerprint {
        let map = renaming(for: table)
        var f1: UInt64 = 0, f2: UInt64 = 0
        let stride = codeCount
        zobrist1.withUnsafeBufferPointer { z1 in
            zobrist2.withUnsafeBufferPointer { z2 in
                cardCode.withUnsafeBufferPointer { codes in
                    for p in 0..<table.piles.count {
                        var h1: UInt64 = 0, h2: UInt64 = 0
                        var position = 0
                        for placed in table.piles[p].cards {
                            var code = codes[Int(placed.card.rawValue)]
                            if let map {
                                let suit = code / 13
                                code = map[suit] * 13 + code % 13
                            }
                            code = code &* 2 &+ (placed.isFaceUp ? 1 : 0)
                            let at = min(position, maxDepth - 1) &* stride &+ code
                            h1 ^= z1[at]
                            h2 ^= z2[at]
                            position += 1
                        }
                        f1 &+= StateKey.mix(h1 ^ salt1[p])
                        f2 &+= StateKey.mix(h2 ^ salt2[p])
                    }
                }
            }
        }
        for (index, cap) in keyedActions where index < table.actionUses.count {
            let uses = UInt64(truncatingIfNeeded: min(table.actionUses[index], cap))
            f1 &+= StateKey.mix(uses &+ UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15)
            f2 &+= StateKey.mix(uses &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(index + 1))
        }
        return Fingerprint(high: f1, low: f2)
    }

    /// A bijective 64-bit mix (the splitmix64 finaliser).
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The splitmix64 generator, for the fixed random tables of the fingerprint.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return StateKey.mix(state &- 0x9E37_79B9_7F4A_7C15)
    }
}
