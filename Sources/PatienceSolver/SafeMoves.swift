import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Moves to the win condition's zone that can be made at once, derived from `RuleFacts`.
///
/// **Sound safe moves** (used by every phase). Moving card c to pile F of the zone W that the
/// win condition fills is safe when any solution from the table can be turned into one that
/// makes this move first. That holds when the rules prove:
/// - W gives nothing back (no lift rule, no action or effect takes cards from it, none changes it),
///   the win needs in W every card outside the zones nothing enters or leaves, and no two of
///   those cards share a rank and suit;
/// - only c can be put on F now (by W's relations from F's top card), or F is empty and W's
///   piles are interchangeable;
/// - no card that could ever be put on c, in any zone that accepts cards, is still outside W
///   (so c is never needed as a base);
/// - every zone c could be in or come from is untouched by actions and effects, read by no
///   other rule (capacity formulas may count its empty piles, which only ever allows more), has a
///   lift rule that still holds for a shorter run, and no rule reads faces.
/// Then a solution without the move can make it first and replay every other move unchanged.
/// None of the bundled FreeCell, Klondike or Canfield files passes the first condition (they let
/// cards come back off a foundation): FreeCell and Klondike get the narrower moves below, and
/// Canfield (whose foundations are told apart) none.
///
/// **Sound safe moves where cards come back** (the exhaustive search only). Where the only way
/// out of W is a one-card move into the other zones by their accept rules (worrying back), the
/// moves above are not proved, but a narrower set is. Let H be the cards home now, and L the
/// largest set of them such that every card any zone could put on a card of L is in L, and every
/// card under a card of L in W is in L. Then (1) a solution never needs to take a card of L out
/// of W: dropping every such excursion leaves a solution, since only cards of L could ever lie on
/// one and each pile of W keeps its order. Moving c to F is then safe when F's top is in L (so c
/// itself never has to leave), and every card that could be put on c, on those, and so on, is in
/// L or has its base in W in L, so that it can always go home at once and being home early never
/// keeps a card under it in W. (2) Replay a solution without the move from the table with c home:
/// a card the solution puts on c (or on such a card) goes home instead, or stays home, a move of a run holding c or such cards moves the rest
/// of it (lift rules that still hold for a shorter run), and every other move is made unchanged.
/// The rules must show besides: W takes any card building by its relation onto a top card
/// (`acceptsAnyBuildOnTop`), at most one card of the deck builds on each card there, its piles
/// are interchangeable, W lifts one card at a time and nothing else changes it, c comes from a
/// quiet zone as above (whose accept rules, as there, still take a shorter run), and every zone
/// cards are lifted from is quiet or lifts one card at a time (so that a card can go home from
/// under cards that went home first). This is
/// the rule of the best Klondike solvers (the other colour's foundations at most two ranks below
/// c, its colour's other at most three), proved for any game the facts describe so.
///
/// Two more moves follow. By (1), no move need take a card of L out of W
/// (`dropMovesOutOfStaying`). And where the stock turns one card at a time (`turnedStock`),
/// the waste's top card after the taps that bring it up may go home as c does from a quiet zone:
/// the stock and the waste hold a sequence every card of which taps can bring to the waste's
/// top, whatever is taken out of it, and taking a card out leaves the others in their order
/// (the tables a tap cycle passes differ only in where the sequence is split, and each reaches
/// the others by taps). So the replay in (2) makes each play from the waste after the taps that
/// bring its card up there. Each of these rewrites a solution into one no longer, one table at a
/// time, so they hold together: a table that has a solution has one that follows them all.
///
/// **Likely-safe moves**. The zones are not looked at, and no card outside W could still be put
/// on c: the classic "no card can be built on it any more" autoplay, which `FoundationAutoplay`
/// makes for a player. The searches that prove nothing (the guided phase and the first
/// depth-first run) go further (`soon`): c may still be needed as a base as long as it would not
/// be for long, every card outside W that could be put on c can itself go to W at once (the card
/// it builds on there is home), and so can every card outside W that could be put on one of
/// those. In Klondike that is Solvitaire's autoplay: the foundations of the other colour at most
/// two ranks below c and the other one of its colour at most three. A solution found with them is
/// still checked by replay, but a search that used them proves nothing when it fails.
struct SafeMoves {
    let rules: GameRules
    let facts: RuleFacts
    /// The zone the win condition fills, when the zone-level conditions allow any autoplay.
    let wonZone: Int?
    /// Whether the zone-level conditions for sound safe moves hold.
    let soundZones: Bool
    /// Zones whose cards may move to W under sound safe moves.
    let soundSources: Set<Int>
    /// Whether each pile's cards may move to W under sound safe moves where cards come back out
    /// of W (all false unless the zone-level conditions for those hold; read for every move to W
    /// listed).
    let isReturnSource: [Bool]
    /// Whether the zone-level conditions for sound safe moves where cards come back hold, so that
    /// moves taking a card of L out of W can be left out (`dropMovesOutOfStaying`).
    let cardsComeBack: Bool
    /// The turn of a stock turned one card at a time (`RuleFacts.stockTurn`, `GameRules.stockTurn`),
    /// when the waste's top card may go home as a sound safe move after the taps that bring it
    /// up (`safeMove`'s `turned`; see the type's comment).
    let turnedStock: StockTurn?
    let zoneOfPile: [Int]
    /// The relations of every accepting zone other than W.
    let otherBuilds: [[BuildRelation]]
    let wonBuilds: [BuildRelation]
    let wonPiles: Range<Int>
    /// Cards out of play for good (in zones nothing enters or leaves), by raw value; they count as home.
    let deadCards: [UInt16]
    /// For each card by raw value, the deck's cards W's relations let onto it (`wonTakers`) and
    /// those the other accepting zones' relations do (`otherTakers`), worked out once.
    let wonTakers: [[Card]]
    let otherTakers: [[Card]]
    /// For each card by raw value, the cards W's relations let it onto: it can go to W at once
    /// when one of them is home, or when there is none (it starts a pile of W).
    let wonBases: [[Card]]
    /// For each card by raw value, the raw value of the one card W's relations let it onto; -1
    /// where there is none, -2 where there are several (`wonBases` lists them).
    let wonBase: [Int]

    /// What autoplay reads of the rules alone, by card raw value: the deck's cards W's relations
    /// let onto each card (`won`) and those the other accepting zones' relations do (`other`), and
    /// the cards W's relations let it onto (`bases`, with `base` as `wonBase` has it).
    struct Takers: Sendable {
        var won: [[Card]]
        var other: [[Card]]
        var bases: [[Card]]
        var base: [Int]
    }

    /// `Takers` for these rules; nil where no autoplay applies. A solver works them out once
    /// (`SearchTables`): made again for every deal, their arrays cost an easy FreeCell deal's
    /// solve a tenth of what it pays before its first node.
    static func takers(rules: GameRules, facts: RuleFacts) -> Takers? {
        guard facts.zones.count == rules.zones.count, let fill = facts.winFills, fill.cards > 0,
              let builds = facts.zones[fill.zone].buildsOnTop else { return nil }
        let others = facts.zones.indices.filter { $0 != fill.zone && facts.zones[$0].hasAccept }.map { facts.zones[$0].buildsOnTop ?? [] }
        let rawCount = Int(rules.deck.map(\.rawValue).max() ?? 0) + 1
        let won = (0..<rawCount).map { raw in
            let top = Card(rawValue: UInt16(raw))
            return rules.deck.filter { x in builds.contains { $0.builds(top, x) } }
        }
        let other = (0..<rawCount).map { raw in
            let card = Card(rawValue: UInt16(raw))
            return rules.deck.filter { x in others.contains { relations in relations.contains { $0.builds(card, x) } } }
        }
        var bases = Array(repeating: [Card](), count: won.count)
        for (raw, takers) in won.enumerated() {
            for x in takers where Int(x.rawValue) < bases.count { bases[Int(x.rawValue)].append(Card(rawValue: UInt16(raw))) }
        }
        let base = bases.map { $0.isEmpty ? -1 : $0.count == 1 ? Int($0[0].rawValue) : -2 }
        return Takers(won: won, other: other, bases: bases, base: base)
    }

    /// - Parameters:
    ///   - root: the table the search starts from, whose cards in zones that nothing enters or
    ///     leaves are out of play for good.
    ///   - takers: `takers(rules:facts:)`, when worked out already.
    init(rules: GameRules, facts: RuleFacts, root: CardTable, takers: Takers?? = nil) {
        self.rules = rules
        self.facts = facts
        zoneOfPile = (0..<rules.pileCount).map { p in rules.zones.firstIndex { $0.piles.contains(p) } ?? 0 }
        guard facts.zones.count == rules.zones.count, let fill = facts.winFills, fill.cards > 0,
              let builds = facts.zones[fill.zone].buildsOnTop else {
            wonZone = nil; soundZones = false; soundSources = []; isReturnSource = []; cardsComeBack = false; turnedStock = nil; otherBuilds = []; wonBuilds = []; wonPiles = 0..<0; deadCards = []
            wonTakers = []; otherTakers = []; wonBases = []; wonBase = []
            return
        }
        wonZone = fill.zone
        wonBuilds = builds
        wonPiles = rules.zones[fill.zone].piles
        let others = facts.zones.indices.filter { $0 != fill.zone && facts.zones[$0].hasAccept }.map { facts.zones[$0].buildsOnTop ?? [] }
        otherBuilds = others
        let lists = (takers ?? SafeMoves.takers(rules: rules, facts: facts)) ?? Takers(won: [], other: [], bases: [], base: [])
        wonTakers = lists.won
        otherTakers = lists.other
        wonBases = lists.bases
        wonBase = lists.base
        let w = facts.zones[fill.zone]
        let target = fill.wholeZone ? fill.cards : fill.cards * rules.zones[fill.zone].piles.count
        let dead = facts.zones.indices.filter { z in
            z != fill.zone && !facts.zones[z].givesCards && !facts.zones[z].hasAccept && !facts.zones[z].isChangedByActionsOrEffects
        }
        deadCards = dead.flatMap { z in rules.zones[z].piles.flatMap { root.piles[$0].cards.map(\.card.rawValue) } }
        // The cards in play, counted, and whether two share a rank and suit: read in place, as a
        // set of bits (with arrays and a set of them, this was a fifth of what a FreeCell solve
        // pays before its first node).
        var liveCount = 0
        var unique = true
        var seenCodes: UInt64 = 0
        for z in rules.zones.indices where !dead.contains(z) {
            for p in rules.zones[z].piles {
                for placed in root.piles[p].cards {
                    liveCount += 1
                    // Four suits of thirteen ranks: 4 × 16 bits.
                    let bit: UInt64 = 1 << UInt64(placed.card.suitIndex << 4 | placed.card.rank)
                    if seenCodes & bit != 0 { unique = false }
                    seenCodes |= bit
                }
            }
        }
        func quiet(_ z: RuleFacts.ZoneFacts) -> Bool {
            !z.isChangedByActionsOrEffects && !z.isReadElsewhere && (!z.hasLift || z.liftIsPrefixClosed)
        }
        let accepting = facts.zones.indices.filter { $0 != fill.zone && facts.zones[$0].hasAccept }
        // What both kinds of sound safe moves need of the table and of the zones other than W.
        let common = target == liveCount && unique && !facts.readsFaces && !w.isChangedByActionsOrEffects
            && accepting.allSatisfy { quiet(facts.zones[$0]) && facts.zones[$0].buildsOnTop != nil }
        let quietSources = Set(facts.zones.indices.filter { $0 != fill.zone && quiet(facts.zones[$0]) })
        soundZones = common && !w.givesCards
        soundSources = soundZones ? quietSources : []
        // Cards come back out of W only one at a time, by moves the other zones' accept rules judge.
        let returns = common && w.givesCards && w.liftTakesOneCard && w.acceptsAnyBuildOnTop && w.pilesAreInterchangeable
            && lists.won.allSatisfy { $0.count <= 1 }
            // A card the solution moves onto c may have to go home on its own, from under others
            // that go home first: every zone moves give cards from lifts them one at a time, or
            // is quiet (its lift rule then holds for a top card alone).
            && facts.zones.indices.allSatisfy { z in
                z == fill.zone || !facts.zones[z].hasLift || facts.zones[z].liftTakesOneCard || quiet(facts.zones[z])
            }
        isReturnSource = zoneOfPile.map { returns && quietSources.contains($0) }
        cardsComeBack = returns
        turnedStock = (returns || soundZones) ? SafeMoves.turnedStock(rules: rules, facts: facts, root: root) : nil
    }

    /// The stock's turn when the rules turn a stock one card at a time (`RuleFacts.stockTurn`),
    /// the actions are isolated, the two zones have one pile each, the waste lifts one card and
    /// accepts none, and tapping from `root` shows the turn (`GameRules.stockTurn`: each tap puts
    /// the stock's top card on the waste, or, the stock empty, the whole waste back on it). Since
    /// what a tap does depends only on which of the two piles are empty, and no card ever comes
    /// into them, the walk has shown what every later tap does.
    static func turnedStock(rules: GameRules, facts: RuleFacts, root: CardTable) -> StockTurn? {
        guard let turn = facts.stockTurn, turn.count == 1, facts.actionsAreIsolated, Set(facts.actionZones) == [turn.stock, turn.waste],
              rules.zones.indices.contains(turn.stock), rules.zones.indices.contains(turn.waste),
              rules.zones[turn.stock].piles.count == 1, rules.zones[turn.waste].piles.count == 1,
              facts.zones[turn.waste].liftTakesOneCard, !facts.zones[turn.waste].hasAccept,
              let s = rules.zones[turn.stock].piles.first, let w = rules.zones[turn.waste].piles.first else { return nil }
        return rules.stockTurn(stock: s, waste: w, count: 1, root: root)
    }

    /// Leaves out of `moves` every move that takes a card of L (`staying(on:home:)`) out of W: by
    /// (1) of the type's comment a solution never needs one. Where cards come back only.
    func dropMovesOutOfStaying(_ moves: inout [Move], on table: CardTable) {
        guard cardsComeBack, let wonZone else { return }
        var stay: WantedCards?
        var kept = 0
        // A loop, not `removeAll(where:)`, whose closure would copy this value (and retain each
        // of its arrays) for every table.
        for i in moves.indices {
            let move = moves[i]
            var drop = false
            if zoneOfPile[move.source] == wonZone, zoneOfPile[move.destination] != wonZone, let card = table.piles[move.source].top?.card {
                if stay == nil { stay = staying(on: table, home: homeCards(on: table)) }
                drop = stay?.contains(card) == true
            }
            if !drop {
                moves[kept] = move
                kept += 1
            }
        }
        moves.removeLast(moves.count - kept)
    }

    /// The cards in W and those out of play for good.
    @inline(__always)
    private func homeCards(on table: CardTable) -> WantedCards {
        var home = WantedCards()
        for p in wonPiles { for placed in table.piles[p].cards { home.insert(placed.card) } }
        for raw in deadCards { home.insert(Card(rawValue: raw)) }
        return home
    }

    /// Whether any autoplay can apply in this game.
    var isAvailable: Bool { wonZone != nil }

    /// Whether every likely-safe move is also soundly safe: the zone-level conditions hold, every
    /// zone cards can come from is a sound source, and an empty pile of W is as good as another.
    /// The guided phase's autoplay is then no shortcut over the exhaustive search's.
    var likelyIsSound: Bool {
        guard let wonZone else { return true }
        let sources = facts.zones.indices.filter { $0 != wonZone && facts.zones[$0].givesCards }
        return soundZones && sources.allSatisfy(soundSources.contains) && facts.zones[wonZone].pilesAreInterchangeable
    }

    /// The first move of `moves` that is safe on `table`: soundly safe, or only likely safe when
    /// `likely` is set. The flag says which kind it was. Sound safe moves where cards come back
    /// out of W are considered only with `returns` (the exhaustive search's: the searches that
    /// take likely-safe moves take most of them as such, and a player's autoplay keeps to moves
    /// of cards nothing can need).
    @inline(__always)
    func safeMove(among moves: [Move], on table: CardTable, likely: Bool, soon: Bool = false, returns: Bool = false, turned: Bool = false) -> (move: Move, sound: Bool)? {
        guard let wonZone else { return nil }
        var home = WantedCards()
        var homeMarked = false
        var stay: WantedCards?
        for move in moves where move.count == 1 && zoneOfPile[move.destination] == wonZone && zoneOfPile[move.source] != wonZone {
            if !homeMarked {
                home = homeCards(on: table)
                homeMarked = true
            }
            guard let card = table.piles[move.source].top?.card else { continue }
            let inHome = home
            let fromWaste = turned && move.source == turnedStock?.waste
            if returns && (isReturnSource[move.source] || fromWaste) && mayStay(table.piles[move.destination].top?.card, home: inHome),
               isSafeWithReturns(card, to: move.destination, on: table, home: inHome, staying: &stay) {
                return (move, true)
            }
            if let sound = safeKind(of: card, from: move.source, to: move.destination, on: table, home: inHome, fromWaste: fromWaste,
                                    likely: likely, soon: soon) {
                return (move, sound)
            }
        }
        return nil
    }

    /// The safe move home that `safeMove` would find among the plays of a table reached by
    /// `move` from a table that had none, found without listing the plays: likely safe as the
    /// guided phase takes them (`soon`), sound ones only where `sound` allows, the waste's top
    /// counting as `turned` says. While no pile of W changed, a top card that could not go home
    /// before cannot now, and the top `move` put on its destination was its source's: only the
    /// card it uncovered is looked at. `move` nil (the root, a tap, several plays) or one to or
    /// from W looks at every pile. Nil when there is none, or none W's relations show
    /// (`wonBases`): the listing then looks again.
    func moveHome(after move: Move?, on table: CardTable, sound: Bool, turned: Bool) -> (move: Move, sound: Bool)? {
        guard let wonZone else { return nil }
        let waste = turned ? turnedStock?.waste ?? -1 : -1
        if let move, zoneOfPile[move.source] != wonZone && zoneOfPile[move.destination] != wonZone {
            return moveHome(from: move.source, on: table, sound: sound, waste: waste)
        }
        for pile in 0..<table.piles.count where zoneOfPile[pile] != wonZone {
            if let found = moveHome(from: pile, on: table, sound: sound, waste: waste) { return found }
        }
        return nil
    }

    /// Makes the safe moves home (`moveHome`) that follow `move` on the working table, one after
    /// another, and appends them to `moves`; sets `usedLikely` when one is only likely safe.
    func makeMovesHome(after move: Move, on work: inout WorkingTable, sound: Bool, turned: Bool, usedLikely: inout Bool, into moves: inout [Move]) {
        var last = move
        // Each takes a card home: at most a deck of them.
        for _ in 0..<rules.deck.count {
            guard let found = moveHome(after: last, on: work.table, sound: sound, turned: turned),
                  rules.applyListed(found.move, to: &work) else { return }
            if !found.sound { usedLikely = true }
            moves.append(found.move)
            last = found.move
        }
    }

    /// The safe move home of `pile`'s top card, as `safeMove` would take it among the table's
    /// plays with `likely` and `soon` (`waste` is the turned stock's waste, or -1); nil when
    /// there is none, or when it is sound and `allowsSound` is not set (as `safeStep` refuses it).
    @inline(__always)
    private func moveHome(from pile: Int, on table: CardTable, sound allowsSound: Bool, waste: Int) -> (move: Move, sound: Bool)? {
        guard let wonZone, zoneOfPile[pile] != wonZone, let top = table.piles[pile].cards.last, top.isFaceUp,
              Int(top.card.rawValue) < wonBase.count else { return nil }
        let card = top.card
        let base = wonBase[Int(card.rawValue)]
        for destination in wonPiles {
            // Only a pile whose top the card builds on by W's relations, or an empty one for a
            // card that builds on none.
            if let under = table.piles[destination].cards.last?.card {
                guard base >= 0 ? Int(under.rawValue) == base : base == -2 && wonBases[Int(card.rawValue)].contains(under) else { continue }
            } else if base != -1 {
                continue
            }
            let move = Move(source: pile, count: 1, destination: destination)
            guard let sound = safeKind(of: card, from: pile, to: destination, on: table, home: homeCards(on: table), fromWaste: pile == waste,
                                       likely: true, soon: true),
                  rules.allows(move, on: table) else { continue }
            return sound && !allowsSound ? nil : (move, sound)
        }
        return nil
    }

    /// Whether `card`, from `source`, may go home onto `destination` as a safe move outside the
    /// moves proved where cards come back: soundly safe, or only likely safe when `likely` is set
    /// (`soon` as `safeMove` takes it). Nil when it may not; else whether it is sound.
    @inline(__always)
    private func safeKind(of card: Card, from source: Int, to destination: Int, on table: CardTable, home: WantedCards,
                          fromWaste: Bool, likely: Bool, soon: Bool) -> Bool? {
        let sound = soundZones && (soundSources.contains(zoneOfPile[source]) || fromWaste)
        guard sound || likely, isSafe(card, to: destination, on: table, home: home, soundly: sound, soon: soon && !sound) else { return nil }
        return sound
    }

    private func isSafe(_ card: Card, to destination: Int, on table: CardTable, home: WantedCards, soundly: Bool, soon: Bool) -> Bool {
        if let top = table.piles[destination].top?.card {
            // Only this card may go on the destination's top: no other card outside W fits it.
            guard Int(top.rawValue) < wonTakers.count else { return false }
            for x in wonTakers[Int(top.rawValue)] where x != card && !home.contains(x) { return false }
        } else if soundly && !(facts.zones[zoneOfPile[destination]].pilesAreInterchangeable) {
            return false
        }
        guard Int(card.rawValue) < otherTakers.count else { return false }
        if soon {
            // Every card that could be put on this one, and every card on those, goes home at once.
            for x in otherTakers[Int(card.rawValue)] where !home.contains(x) && x != card {
                guard goesHome(x, home) else { return false }
                for y in otherTakers[Int(x.rawValue)] where !home.contains(y) && y != card {
                    guard goesHome(y, home) else { return false }
                }
            }
            return true
        }
        // No card outside W could still be put on this one anywhere.
        for x in otherTakers[Int(card.rawValue)] where !home.contains(x) && x != card { return false }
        return true
    }

    /// The set L of sound safe moves where cards come back (see the type's comment): the home
    /// cards that no solution needs to take out of W. The largest subset of `home` closed under
    /// "could be put on" (by the other zones' relations) and under "lies under, in W", found by
    /// taking out cards until neither fails; a few passes over the deck.
    private func staying(on table: CardTable, home: WantedCards) -> WantedCards {
        var stay = home
        var changed = true
        while changed {
            changed = false
            for p in wonPiles {
                var below = true
                for placed in table.piles[p].cards {
                    let card = placed.card
                    if below && stay.contains(card) {
                        if Int(card.rawValue) < otherTakers.count, otherTakers[Int(card.rawValue)].contains(where: { !stay.contains($0) }) {
                            stay.remove(card)
                            below = false
                            changed = true
                        }
                    } else {
                        if stay.contains(card) { changed = true }
                        stay.remove(card)
                        below = false
                    }
                }
            }
        }
        return stay
    }

    /// A quick test that `top` (a pile of W's top card, nil for an empty pile) could be in the
    /// set `staying(on:home:)` finds: every card that could be put on it is home.
    @inline(__always)
    private func mayStay(_ top: Card?, home: WantedCards) -> Bool {
        guard let top else { return true }
        guard Int(top.rawValue) < otherTakers.count else { return false }
        for x in otherTakers[Int(top.rawValue)] where !home.contains(x) { return false }
        return true
    }

    /// Whether moving `card` onto `destination` of W is safe where cards come back out of W;
    /// `staying` keeps the cards no solution needs to take out of W (`staying(on:home:)`), worked
    /// out at the first call for the table.
    @inline(never)
    private func isSafeWithReturns(_ card: Card, to destination: Int, on table: CardTable, home: WantedCards, staying: inout WantedCards?) -> Bool {
        if staying == nil { staying = self.staying(on: table, home: home) }
        guard let stay = staying else { return false }
        if let top = table.piles[destination].top?.card {
            // The card under it never has to leave W, so neither does the card.
            guard stay.contains(top) else { return false }
        }
        guard Int(card.rawValue) < otherTakers.count else { return false }
        // Every card that could come to lie on it, however far up, stays in W, or its base there
        // does: then it can always go home at once, and being home early keeps nothing else in.
        var seen = WantedCards()
        var pending = otherTakers[Int(card.rawValue)]
        while let x = pending.popLast() {
            if x == card || seen.contains(x) || stay.contains(x) { continue }
            seen.insert(x)
            guard Int(x.rawValue) < wonBases.count, Int(x.rawValue) < otherTakers.count,
                  wonBases[Int(x.rawValue)].contains(where: { stay.contains($0) }) else { return false }
            pending += otherTakers[Int(x.rawValue)]
        }
        return true
    }

    /// Whether `x` could go to W at once: a card it builds on there is home, or it needs none.
    private func goesHome(_ x: Card, _ home: WantedCards) -> Bool {
        guard Int(x.rawValue) < wonBases.count else { return false }
        let bases = wonBases[Int(x.rawValue)]
        return bases.isEmpty || bases.contains { home.contains($0) }
    }
}
