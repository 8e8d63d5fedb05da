import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

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
///    the same in any order (a multiset hash). The action uses that matter (limited ones, or
///    all where a rule reads them), the memory and the count of shuffles are added the same way,
///    so tables that can behave differently differ in both lanes but with probability 2⁻¹²⁸.
struct StateKey {
    let pileCount: Int
    /// The salt each pile's hash is mixed with, per lane.
    let salt1: [UInt64]
    let salt2: [UInt64]
    /// One random word per (position, code) and lane, the two lanes side by side (one cache
    /// line for both): `zobrist[2 * (position * codeCount + code) + lane]`.
    let zobrist: [UInt64]
    /// Codes per position: cards times two faces.
    let codeCount: Int
    let maxDepth: Int
    /// Entries per pile in `PileHashes.prefix`: one for each count of cards from 0 to `maxDepth`.
    var prefixStride: Int { maxDepth + 1 }
    /// Card raw value to code (without the face bit), before suit renaming.
    let cardCode: [Int]
    /// When suits are renamed: the renamings allowed (suit index to suit index), and the deck's suits.
    let suitGroup: [[Int]]
    let deckSuits: [Int]
    /// Piles known by their top card and size alone (`Reductions.topOnlyPiles`).
    let topOnly: [Bool]
    /// Card raw value to twice its code (the face bit is added): the table without renaming, then
    /// one per renaming, each `remapStride` long, in one array (an array of arrays cost a retain
    /// and a release of the table read at every fingerprint, 2 % of an easy FreeCell deal's time).
    let remapTables: [Int]
    let remapStride: Int
    /// Actions whose uses are part of the state, with the count from which more uses change nothing.
    let keyedActions: [(index: Int, cap: Int)]
    /// The renaming `renamingIndex(for:)` picks, by the suits in the order they first appear
    /// (two bits each, up to four suits) and how many appear: `renamingByOrder[found << 8 | order]`.
    let renamingByOrder: [Int8]
    /// The zones' piles in the order the renaming's scan reads the zones (`renaming(for:)`).
    private(set) var scanZones: [Range<Int>]
    /// Where the scan reads each pile's lowest card (`scanPosition(pile:depth:)`), and how many
    /// piles its zone has: the scan reads a pile's card at depth `d` at `scanStart[p] + d * scanWidth[p]`.
    private(set) var scanStart: [Int]
    private(set) var scanWidth: [Int]
    /// The piles of the zone the win condition fills (`RuleFacts.winFills`), if it fills one.
    let winZone: Range<Int>?

    init(rules: GameRules, facts: RuleFacts, reductions: Reductions) {
        pileCount = rules.pileCount
        scanZones = []
        scanStart = Array(repeating: 0, count: rules.pileCount)
        scanWidth = Array(repeating: 1, count: rules.pileCount)
        winZone = facts.winFills.flatMap { rules.zones.indices.contains($0.zone) ? rules.zones[$0.zone].piles : nil }
        // The engine's splitmix64, for the fixed random tables of the fingerprint.
        var generator = SplitMix64(seed: 0x5EED_0F_7AB1E)
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
        topOnly = (0..<rules.pileCount).map { pile in
            guard reductions.topOnlyPiles, let z = rules.zones.firstIndex(where: { $0.piles.contains(pile) }), facts.zones.indices.contains(z) else { return false }
            let zone = facts.zones[z]
            return !zone.givesCards && !zone.hasLift && !zone.readsBelowTop
        }

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
        let lane1 = (0..<(maxDepth * codeCount)).map { _ in generator.next() }
        let lane2 = (0..<(maxDepth * codeCount)).map { _ in generator.next() }
        zobrist = zip(lane1, lane2).flatMap { [$0, $1] }

        let suits = Array(Set(rules.deck.map(\.suitIndex))).sorted()
        deckSuits = suits
        if dropCopies && reductions.suitSymmetry {
            suitGroup = StateKey.renamings(of: suits, symmetry: facts.suitSymmetry)
        } else {
            suitGroup = []
        }
        var tables = cardCode.map { $0 &* 2 }
        if dropCopies {
            for map in suitGroup { tables += cardCode.map { code in (map[code / 13] * 13 + code % 13) &* 2 } }
        }
        remapTables = tables
        remapStride = cardCode.count
        var keyed: [(Int, Int)] = []
        for (i, limit) in facts.actionLimits.enumerated() {
            switch limit {
            case .none: break
            case .constant(let n): keyed.append((i, max(n, 0)))
            case .readFromTable: keyed.append((i, Int.max))
            }
        }
        // Where a rule reads the counts (`uses(a)`), or the limits are not known, every count matters in full.
        if facts.actionLimits.count != rules.actionNames.count || facts.readsActionUses {
            keyed = rules.actionNames.indices.map { ($0, Int.max) }
        }
        keyedActions = keyed
        renamingByOrder = StateKey.renamingTable(suitGroup)
        setScan(rules.zones.map(\.piles))
    }

    /// For every order in which up to four suits can first appear, the renaming under which
    /// they get the smallest names (ties to the first renaming listed).
    static func renamingTable(_ group: [[Int]]) -> [Int8] {
        guard group.count > 1 else { return [] }
        var table = Array(repeating: Int8(0), count: 5 << 8)
        for found in 0...4 {
            for order in 0..<256 {
                var best = 0
                for k in 1..<group.count {
                    for i in 0..<found {
                        let s = (order >> (2 * i)) & 3
                        let a = group[k][s], b = group[best][s]
                        if a != b {
                            if a < b { best = k }
                            break
                        }
                    }
                }
                table[found << 8 | order] = Int8(best)
            }
        }
        return table
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

    /// Sets the order in which the renaming's scan reads the zones.
    private mutating func setScan(_ zones: [Range<Int>]) {
        scanZones = zones.filter { $0.lowerBound >= 0 && $0.upperBound <= pileCount }
        var start = 0
        for zone in scanZones {
            for p in zone {
                scanStart[p] = start + (p - zone.lowerBound)
                scanWidth[p] = zone.count
            }
            start += (maxDepth + 1) * zone.count
        }
    }

    /// This key with the renaming's scan reading first the zones whose lowest cards stay longest
    /// as they are, so that a change most often leaves the renaming as it was (`renaming(for:)`):
    /// first those with a face-down card at the bottom of a pile on `root` (it stays until every
    /// card above it has gone), then the zone the win condition fills (once it holds every suit,
    /// only a card taken back out of it can change the renaming: in FreeCell, whose columns are
    /// all face up and often emptied, two successors in five were rescanned and one in fifteen
    /// rehashed whole with the columns read first, one in twenty and one in six hundred so), then
    /// the others, those whose piles hold most cards on `root` first (the less the renaming then
    /// depends on how cards are spread over the piles of a zone that holds few, such as
    /// interchangeable cells), in the rules' order among equals. The fingerprints differ from
    /// those of another order, but two tables that get the same fingerprint are the same up to
    /// the allowed renamings.
    func scanning(fullestZonesOf root: CardTable) -> StateKey {
        guard !renamingByOrder.isEmpty, root.piles.count == pileCount else { return self }
        func cards(_ zone: Range<Int>) -> Int { zone.reduce(0) { $0 + root.piles[$1].cards.count } }
        func rank(_ zone: Range<Int>) -> Int {
            if zone.contains(where: { root.piles[$0].cards.first.map { !$0.isFaceUp } ?? false }) { return 0 }
            return zone == winZone ? 1 : 2
        }
        let held = scanZones.map { (zone: $0, cards: cards($0), rank: rank($0)) }
        let order = held.indices.sorted {
            if held[$0].rank != held[$1].rank { return held[$0].rank < held[$1].rank }
            return held[$0].cards != held[$1].cards ? held[$0].cards > held[$1].cards : $0 < $1
        }
        var key = self
        key.setScan(order.map { held[$0].zone })
        return key
    }

    /// The suit renaming for this table, as an index into `suitGroup` (-1 when suits are not
    /// renamed): the allowed one under which the suits, in the order they first appear, get the
    /// smallest names. The scan reads zone by zone (in `scanZones`' order), and in each zone
    /// depth by depth (every pile's lowest card, then every pile's second, and so on), so that
    /// a change in a later zone, or above the depth at which the last suit appeared in its own
    /// zone, leaves the renaming as it was.
    @inline(__always)
    func renamingIndex(for table: CardTable) -> Int { renaming(for: table).index }

    /// `renamingIndex(for:)`, and where its scan found the last suit (`scanPosition(pile:depth:)`;
    /// Int.max when the scan read every card without finding every suit, -1 when suits are not
    /// renamed): a table that differs from this one only in cards read later has the same renaming.
    @inline(__always)
    func renaming(for table: CardTable) -> (index: Int, end: Int) {
        guard !renamingByOrder.isEmpty else { return (-1, -1) }
        // The suits in the order they first appear, two bits each.
        var order = 0
        var found = 0
        var seen = 0
        var end = Int.max
        let wanted = deckSuits.count
        table.piles.withUnsafeBufferPointer { piles in
            for zone in scanZones {
                var depth = 0
                var deeper = true
                while deeper {
                    deeper = false
                    for pile in zone where depth < piles[pile].cards.count {
                        deeper = true
                        let s = piles[pile].cards[depth].card.suitIndex & 3
                        if seen & (1 << s) == 0 {
                            seen |= 1 << s
                            order |= s << (2 * found)
                            found += 1
                            if found == wanted {
                                end = scanPosition(pile: pile, depth: depth)
                                return
                            }
                        }
                    }
                    depth += 1
                }
            }
        }
        return (Int(renamingByOrder[found << 8 | order]), end)
    }

    /// Where the renaming's scan reads the card at `depth` (0 for the lowest) of `pile`.
    @inline(__always)
    func scanPosition(pile: Int, depth: Int) -> Int { scanStart[pile] &+ min(depth, maxDepth) &* scanWidth[pile] }

    /// Whether the renaming scan of a table that differs from the one `hashes` describes only in
    /// the cards above the untouched ones of the piles `changed` can find another renaming.
    @inline(__always)
    private func renamingMayChange(_ changed: ChangedPiles, from hashes: PileHashes) -> Bool {
        if hashes.renamingEnd == Int.max { return true }
        for i in 0..<changed.count where scanPosition(pile: changed.piles[i], depth: changed.untouched[i]) <= hashes.renamingEnd {
            return true
        }
        return false
    }

    /// The per-pile hashes of the table a search stands on, from which the fingerprints of the
    /// tables one play away are made by rehashing only the piles the play changed, and in them
    /// only the cards above those no change reached (`ChangedPiles.untouched`).
    struct PileHashes {
        /// Each pile's hash, the two lanes side by side: `piles[2 * p + lane]`.
        var piles: [UInt64] = []
        /// For each pile but those known by their top (`topOnly`), the hash of its lowest `k`
        /// cards before the salt and the mix, for `k` from 0 to its size (at most `maxDepth`),
        /// the two lanes side by side: `prefix[2 * (p * prefixStride + k) + lane]`.
        var prefix: [UInt64] = []
        var total1: UInt64 = 0
        var total2: UInt64 = 0
        var renaming = -1
        /// Where the scan that decided `renaming` found the last suit (`renaming(for:)`).
        var renamingEnd = Int.max
    }

    /// The hash of pile `p`: its cards from position `start` up, on top of `below`, the hash of
    /// those under them (`PileHashes.prefix`). With `prefix`, the hash of the cards up to each
    /// position above `start` is stored there for the pile.
    @inline(__always)
    private func pileHash(_ cards: [PlacedCard], pile p: Int, from start: Int, below: (UInt64, UInt64),
                          remap: UnsafeBufferPointer<Int>, zobrist z: UnsafeBufferPointer<UInt64>,
                          prefix: UnsafeMutablePointer<UInt64>?) -> (UInt64, UInt64) {
        var h1: UInt64 = 0, h2: UInt64 = 0
        if topOnly[p] {
            if let top = cards.last {
                let at = remap[Int(top.card.rawValue)] &+ (top.isFaceUp ? 1 : 0)
                h1 = z[2 &* at] ^ StateKey.mix(UInt64(cards.count))
                h2 = z[2 &* at &+ 1] ^ StateKey.mix(UInt64(cards.count) &+ 0x51ED)
            }
            return (StateKey.mix(h1 ^ salt1[p]), StateKey.mix(h2 ^ salt2[p]))
        }
        (h1, h2) = below
        let last = (maxDepth - 1) &* codeCount
        var offset = min(start, maxDepth - 1) &* codeCount
        cards.withUnsafeBufferPointer { buffer in
            var k = start
            while k < buffer.count {
                let placed = buffer[k]
                let at = offset &+ remap[Int(placed.card.rawValue)] &+ (placed.isFaceUp ? 1 : 0)
                h1 ^= z[2 &* at]
                h2 ^= z[2 &* at &+ 1]
                if offset < last { offset &+= codeCount }
                k &+= 1
                if let prefix, k <= maxDepth {
                    prefix[2 &* k] = h1
                    prefix[2 &* k &+ 1] = h2
                }
            }
        }
        return (StateKey.mix(h1 ^ salt1[p]), StateKey.mix(h2 ^ salt2[p]))
    }

    /// Calls `body` with a function that hashes a pile under `renaming` (`pileHash`): the pile,
    /// the position to start from, the hash below it, and where to store its hashes by position.
    @inline(__always)
    private func hashing(_ table: CardTable, renaming: Int,
                         _ body: (_ hash: (Int, Int, (UInt64, UInt64), UnsafeMutablePointer<UInt64>?) -> (UInt64, UInt64)) -> Void) {
        let offset = renaming < 0 ? 0 : (renaming + 1) * remapStride
        remapTables.withUnsafeBufferPointer { tables in
            let r = UnsafeBufferPointer(rebasing: tables[offset..<offset + remapStride])
            zobrist.withUnsafeBufferPointer { z in
                body { p, start, below, prefix in
                    pileHash(table.piles[p].cards, pile: p, from: start, below: below, remap: r, zobrist: z, prefix: prefix)
                }
            }
        }
    }

    /// Hashes every pile of a table into `hashes`, keeping their storage.
    func rehashAll(_ table: CardTable, into hashes: inout PileHashes) {
        let (renaming, end) = self.renaming(for: table)
        let n = table.piles.count
        let stride = 2 * prefixStride
        hashes.renaming = renaming
        hashes.renamingEnd = end
        if hashes.piles.count != 2 * n {
            hashes.piles = Array(repeating: 0, count: 2 * n)
            hashes.prefix = Array(repeating: 0, count: n * stride)
        }
        var total1: UInt64 = 0, total2: UInt64 = 0
        hashes.piles.withUnsafeMutableBufferPointer { piles in
            hashes.prefix.withUnsafeMutableBufferPointer { prefix in
                hashing(table, renaming: renaming) { hash in
                    for p in 0..<n {
                        // A row starts with the hash of no cards, 0: the place is never written after the row is made.
                        let (a, b) = hash(p, 0, (0, 0), prefix.baseAddress! + p * stride)
                        piles[2 * p] = a
                        piles[2 * p + 1] = b
                        total1 &+= a
                        total2 &+= b
                    }
                }
            }
        }
        hashes.total1 = total1
        hashes.total2 = total2
    }

    /// The hashes of every pile of a table.
    func pileHashes(_ table: CardTable) -> PileHashes {
        var hashes = PileHashes()
        rehashAll(table, into: &hashes)
        return hashes
    }

    /// Brings `hashes` up to date after the piles in `changed` changed (all of them when the
    /// suit renaming changed).
    func update(_ hashes: inout PileHashes, _ table: CardTable, changed: ChangedPiles) {
        // As in `fingerprint(_:changed:from:)`: where no change reached a card the scan read
        // before it found the last suit, the scan would find the same renaming at the same place.
        let (renaming, end) = renamingMayChange(changed, from: hashes) ? self.renaming(for: table) : (hashes.renaming, hashes.renamingEnd)
        guard renaming == hashes.renaming, hashes.piles.count == 2 * table.piles.count else {
            rehashAll(table, into: &hashes)
            return
        }
        hashes.renamingEnd = end
        let stride = 2 * prefixStride
        var total1 = hashes.total1, total2 = hashes.total2
        hashes.piles.withUnsafeMutableBufferPointer { piles in
            hashes.prefix.withUnsafeMutableBufferPointer { prefix in
                hashing(table, renaming: renaming) { hash in
                    for i in 0..<changed.count {
                        let p = changed.piles[i]
                        let start = min(changed.untouched[i], maxDepth)
                        let row = prefix.baseAddress! + p * stride
                        let (a, b) = hash(p, start, (row[2 * start], row[2 * start + 1]), row)
                        total1 = total1 &- piles[2 * p] &+ a
                        total2 = total2 &- piles[2 * p + 1] &+ b
                        piles[2 * p] = a
                        piles[2 * p + 1] = b
                    }
                }
            }
        }
        hashes.total1 = total1
        hashes.total2 = total2
    }

    /// The fingerprint of the table whose pile hashes are `hashes`.
    func fingerprint(_ hashes: PileHashes, _ table: CardTable) -> Fingerprint {
        finish(hashes.total1, hashes.total2, table)
    }

    /// The fingerprint of a table.
    func fingerprint(_ table: CardTable) -> Fingerprint {
        fingerprint(pileHashes(table), table)
    }

    /// The fingerprint of a table that differs from the one `hashes` describes only in the piles
    /// in `changed`.
    func fingerprint(_ table: CardTable, changed: ChangedPiles, from hashes: PileHashes) -> Fingerprint {
        // The suits' first appearances are those of the table before when only later cards changed.
        let renaming = renamingMayChange(changed, from: hashes) ? renamingIndex(for: table) : hashes.renaming
        var f1 = hashes.total1, f2 = hashes.total2
        guard renaming == hashes.renaming, hashes.piles.count == 2 * table.piles.count else {
            f1 = 0
            f2 = 0
            hashing(table, renaming: renaming) { hash in
                for p in 0..<table.piles.count {
                    let (a, b) = hash(p, 0, (0, 0), nil)
                    f1 &+= a
                    f2 &+= b
                }
            }
            return finish(f1, f2, table)
        }
        let stride = 2 * prefixStride
        hashes.piles.withUnsafeBufferPointer { piles in
            hashes.prefix.withUnsafeBufferPointer { prefix in
                hashing(table, renaming: renaming) { hash in
                    for i in 0..<changed.count {
                        let p = changed.piles[i]
                        let start = min(changed.untouched[i], maxDepth)
                        let at = p * stride + 2 * start
                        let (a, b) = hash(p, start, (prefix[at], prefix[at + 1]), nil)
                        f1 = f1 &- piles[2 * p] &+ a
                        f2 = f2 &- piles[2 * p + 1] &+ b
                    }
                }
            }
        }
        return finish(f1, f2, table)
    }

    @inline(__always)
    private func finish(_ a: UInt64, _ b: UInt64, _ table: CardTable) -> Fingerprint {
        var f1 = a, f2 = b
        for (index, cap) in keyedActions where index < table.actionUses.count {
            let uses = UInt64(truncatingIfNeeded: min(table.actionUses[index], cap))
            f1 &+= StateKey.mix(uses &+ UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15)
            f2 &+= StateKey.mix(uses &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(index + 1))
        }
        // The count of shuffles decides what the next `shuffle` draws (the seed is the deal's,
        // the same for every table of a search); a table that has made none adds nothing.
        if table.shuffles != 0 {
            let n = UInt64(truncatingIfNeeded: table.shuffles)
            f1 &+= StateKey.mix(n ^ 0x5AFF_1E5C_0047_0001)
            f2 &+= StateKey.mix(n &* 0xD1B5_4A32_D192_ED03 ^ 0x5AFF_1E5C_0047_0002)
        }
        for (slot, value) in table.memory.enumerated() {
            let v = UInt64(bitPattern: Int64(value))
            f1 &+= StateKey.mix(v ^ UInt64(slot + 1) &* 0xD6E8_FEB8_6659_FD93)
            f2 &+= StateKey.mix(v &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(slot + 1) &* 0xA076_1D64_78BD_642F)
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

