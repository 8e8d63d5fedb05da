import PatienceDiagnostics
import PatienceCards

/// A zone of the compiled game: its name, role and the flat indices of its piles.
public struct Zone: Hashable, Sendable {
    /// The zone's name, as the rule file declares it.
    public var name: String
    /// What the zone is for: stock, waste, foundation, tableau, cell or reserve.
    public var role: ZoneRole
    /// The flat indices of its piles in `CardTable.piles`.
    public var piles: Range<Int>

    /// The address of the pile at flat index `pile`, which should lie in this zone; for one
    /// that does not, an index outside 1...count (saturating rather than overflowing).
    public func pileID(_ pile: Int) -> PileID { PileID(zone: name, index: Arithmetic.add(Arithmetic.subtract(pile, piles.lowerBound), 1)) }

    package init(name: String, role: ZoneRole, piles: Range<Int>) {
        self.name = name
        self.role = role
        self.piles = piles
    }
}

/// A compiled lift or accept rule: its clauses and where it is written.
package struct RuleProgram: Sendable {
    var judge: JudgementCode
    /// For an accept rule whose top-level clauses include some that read no destination: those
    /// clauses, which move listing judges once per run and zone, and the others, which it judges
    /// per destination. Nil when every clause reads the destination (or none does not).
    var listing: ListingJudgement?
    /// Where the clauses judged per destination are exactly `if pile.empty { … } else { require
    /// builds(top, run.first, r) }` (either way round), the relation `r`: on a pile with cards
    /// they accept a run exactly when its bottom card builds on the top by `r`, which move
    /// listing then looks up in a table instead of calling the clauses (`ZoneRules.topBuilds`).
    var buildsOnTop: BuildRelation?
    /// Where the clauses judged per destination are exactly `require pile.empty`: they refuse
    /// every pile with cards.
    var onlyEmpty = false
    var file: String
    var range: SourceRange
    /// The static bound on the rule's evaluation steps, its budget for each check.
    var bound: Int
    /// For `GameRules.allows`, which asks only whether every clause passes, in any order: the
    /// top-level `require run.size == n` and `require pile.empty` clauses as plain checks
    /// (`RulePrecheck`), and the other clauses' judgement, nil when there are none.
    var precheck = RulePrecheck()
    var remainder: JudgementCode?
    /// For a lift rule compiled with `liftSequence`: the relation of its first top-level
    /// `require sequence(run, r)`, which `GameRules.allows` judges by walking the run before any
    /// frame is made; the clause is then left out of `remainder`.
    var runSequence: BuildRelation?
    /// Whether the remainder is the one clause `buildsOnTop` stands for: every other clause is a
    /// plain check, so a run dropped on a pile with cards is judged by a look-up.
    var remainderBuildsOnTop = false

    /// `readsDestination`, when given, says for each clause whether it reads the destination pile.
    /// A rule allows a move exactly when each of its top-level clauses passes without a fault,
    /// whatever their order, so listing may judge the clauses that read no destination first and
    /// once; validation keeps the written order, which decides which refusal is reported.
    package init(clauses: [Clause], file: String, range: SourceRange, bound: Int, readsDestination: [Bool]? = nil, liftSequence: Bool = false) {
        judge = Judgement.compose(clauses)
        if let readsDestination, readsDestination.count == clauses.count, readsDestination.contains(false) {
            let perZone = clauses.indices.filter { !readsDestination[$0] }.map { clauses[$0] }
            let perDestination = clauses.indices.filter { readsDestination[$0] }.map { clauses[$0] }
            listing = ListingJudgement(perZone: Judgement.compose(perZone), perDestination: Judgement.compose(perDestination))
            buildsOnTop = Self.buildsOnTop(perDestination)
            onlyEmpty = Self.onlyEmpty(perDestination)
        } else {
            buildsOnTop = Self.buildsOnTop(clauses)
            onlyEmpty = Self.onlyEmpty(clauses)
        }
        self.file = file
        self.range = range
        self.bound = bound
        var rest: [Clause] = []
        for clause in clauses {
            if liftSequence, runSequence == nil, case .require(let condition, _) = clause, case .runSequence(let relation)? = condition.direct {
                runSequence = relation
                continue
            }
            if case .require(let condition, _) = clause, let test = condition.direct, precheck.absorbs(test) { continue }
            rest.append(clause)
        }
        remainder = rest.isEmpty ? nil : Judgement.compose(rest)
        remainderBuildsOnTop = buildsOnTop != nil && rest.count == 1
    }
}

/// The top-level clauses of a rule that need no closure to judge, for `GameRules.allows`: they
/// read only the move and whether the destination is empty, spend no steps and never fault, so
/// they may be judged before the rest, each as one comparison.
struct RulePrecheck: Sendable {
    /// The run size `require run.size == n` demands (0: none).
    var runSize = 0
    /// Whether `require pile.empty` demands an empty destination.
    var emptyDestination = false
    /// Whether there is anything to check: one test when there is not, as in most rules.
    var checks = false

    /// Takes over a required test it can judge; false when it cannot (a second, different run size included).
    mutating func absorbs(_ test: DirectTest) -> Bool {
        switch test {
        case .compare(.runSize, .equal, let size) where size >= 1 && (runSize == 0 || runSize == size):
            (runSize, checks) = (size, true)
            return true
        case .pileEmpty(.destination, empty: true):
            (emptyDestination, checks) = (true, true)
            return true
        default:
            return false
        }
    }

    /// Whether the absorbed clauses pass for a move of `count` cards to `destination` (on the table, as `piles` holds it).
    @inline(__always)
    func passes(count: Int, to destination: Int, of piles: [Pile]) -> Bool {
        guard checks else { return true }
        return (runSize == 0 || count == runSize) && (!emptyDestination || piles[destination].cards.isEmpty)
    }
}

extension RuleProgram {
    /// The relation of clauses of the form `if pile.empty { … } else { require builds(top, run.first, r) }`.
    static func buildsOnTop(_ clauses: [Clause]) -> BuildRelation? {
        guard clauses.count == 1, case .conditional(let condition, let then, let otherwise) = clauses[0],
              case .pileEmpty(.destination, let empty)? = condition.direct else { return nil }
        let withCards = empty ? otherwise : then
        guard withCards.count == 1, case .require(let test, _) = withCards[0],
              case .buildsOnTop(let relation, _, _)? = test.direct else { return nil }
        return relation
    }

    /// Whether the clauses are `require pile.empty` alone.
    static func onlyEmpty(_ clauses: [Clause]) -> Bool {
        guard clauses.count == 1, case .require(let condition, _) = clauses[0],
              case .pileEmpty(.destination, let empty)? = condition.direct else { return false }
        return empty
    }
}

/// A compiled capacity formula: the most cards one move may bring to a pile of its zone.
package struct CapacityProgram: Sendable {
    var code: IntCode
    var file: String
    var range: SourceRange
    var bound: Int
    /// Whether the formula reads the destination pile; when it does not, move listing works it
    /// out once per run and zone.
    var readsDestination: Bool
    /// Whether the formula reads the source pile or the run; when it does not, move listing works
    /// it out once per destination of a table.
    var readsRun: Bool

    package init(code: @escaping IntCode, file: String, range: SourceRange, bound: Int, readsDestination: Bool = true, readsRun: Bool = true) {
        self.code = code
        self.file = file
        self.range = range
        self.bound = bound
        self.readsDestination = readsDestination
        self.readsRun = readsRun
    }
}

/// A compiled action: tapping a pile of `zone` when the guard holds.
package struct ActionProgram: Sendable {
    var name: String
    var zone: Range<Int>
    var guardCondition: BoolCode?
    var limit: IntCode?
    /// Whether the action may be used only so often, so that its count of uses changes what is legal.
    package var isLimited: Bool { limit != nil }
    var body: [Operation]
    var file: String
    var range: SourceRange
    var bound: Int

    package init(name: String, zone: Range<Int>, guardCondition: BoolCode?, limit: IntCode?, body: [Operation], file: String, range: SourceRange, bound: Int) {
        self.name = name
        self.zone = zone
        self.guardCondition = guardCondition
        self.limit = limit
        self.body = body
        self.file = file
        self.range = range
        self.bound = bound
    }
}

/// A compiled removal: the top cards of `slots.count` different piles of `candidates` leave
/// together for the destination pile when the condition holds, with each pile bound to its
/// variable's slot in increasing pile order.
package struct RemovalProgram: Sendable {
    var name: String
    /// The flat indices of the piles of the removal's zones, in increasing order.
    var candidates: [Int]
    /// Membership of each flat pile index in `candidates`.
    var isCandidate: [Bool]
    var slots: [Int]
    var condition: BoolCode?
    var destination: PileCode
    var file: String
    var range: SourceRange
    var bound: Int
    /// Whether the condition reads nothing but the top cards of the removal's own piles (and
    /// constants), as the compiler found from its terms: then it has one verdict for each choice
    /// of those cards, which `RemovalCheck` works out once for the deck.
    var readsOnlyTops: Bool
    /// The destination when it is one fixed pile.
    var fixedDestination: Int?

    package init(name: String, candidates: [Int], pileCount: Int, slots: [Int], condition: BoolCode?, destination: @escaping PileCode,
                 file: String, range: SourceRange, bound: Int, readsOnlyTops: Bool = false, fixedDestination: Int? = nil) {
        self.readsOnlyTops = readsOnlyTops
        self.fixedDestination = fixedDestination
        self.name = name
        self.candidates = candidates
        var member = Array(repeating: false, count: pileCount)
        for pile in candidates where pile >= 0 && pile < pileCount { member[pile] = true }
        isCandidate = member
        self.slots = slots
        self.condition = condition
        self.destination = destination
        self.file = file
        self.range = range
        self.bound = bound
    }
}

/// What the table's memory holds, one slot per `memory` declaration.
public struct MemorySlot: Hashable, Sendable {
    /// The memory's name in the rule file.
    public var name: String
    /// True for a condition (stored as 0 or 1), false for a number.
    public var isCondition: Bool
    /// The value a deal starts with.
    public var initial: Int

    package init(name: String, isCondition: Bool, initial: Int) {
        self.name = name
        self.isCondition = isCondition
        self.initial = initial
    }
}

/// A compiled deal line: how many cards each pile of a zone gets and how many face up.
package struct DealStep: Sendable {
    var piles: Range<Int>
    /// Cards per pile, by pile offset in the zone; nil for `rest`.
    var counts: [Int]?
    /// Face-up cards per pile, counted from the top.
    var faceUp: [Int]
    var order: DealOrder
    var filter: BoolCode?
    /// `split before`: a card meeting it starts the next pile.
    var splitBefore: BoolCode?
    /// `moving … to`: the cards meeting it go to the bottom (or top) of their pile after the deal.
    var moving: BoolCode?
    var movingTo: PileEnd
    /// Runs after each card the line deals, with the receiving pile as `pile` (the frame's destination).
    var afterEachCard: [Operation]?
    /// The static step bound of `afterEachCard`, its budget for each dealt card.
    var afterEachCardBound: Int
    /// `where … in dealt order`: the filter picks from the shuffled cards when the line's turn comes,
    /// reading the table as dealt so far; `filterBound` is its budget per card tried.
    var inDealtOrder: Bool
    var filterBound: Int
    /// `until CONDITION`: the line deals the shuffled cards to its piles in turn until the
    /// condition holds after a card (with the receiving pile as `pile`); `untilBound` is its budget per card.
    var until: BoolCode?
    var untilBound: Int

    package init(piles: Range<Int>, counts: [Int]?, faceUp: [Int], order: DealOrder, filter: BoolCode?, splitBefore: BoolCode?, moving: BoolCode?, movingTo: PileEnd, afterEachCard: [Operation]?, afterEachCardBound: Int,
                 inDealtOrder: Bool = false, filterBound: Int = 0, until: BoolCode? = nil, untilBound: Int = 0) {
        self.until = until
        self.untilBound = untilBound
        self.inDealtOrder = inDealtOrder
        self.filterBound = filterBound
        self.piles = piles
        self.counts = counts
        self.faceUp = faceUp
        self.order = order
        self.filter = filter
        self.splitBefore = splitBefore
        self.moving = moving
        self.movingTo = movingTo
        self.afterEachCard = afterEachCard
        self.afterEachCardBound = afterEachCardBound
    }
}

/// A game's rules, checked and compiled for one set of option values. Every legality question
/// the engine answers is answered from here; nothing in the engine is specific to a game.
public struct GameRules: Sendable {
    /// The game's name, from its `game` declaration.
    public var name: String
    /// The rule file it was compiled from.
    public var file: String
    /// The zones in declaration order; their piles follow one another in `CardTable.piles`.
    public var zones: [Zone]
    /// The option values this instance was compiled with, by option name.
    public var optionValues: [String: Int]
    /// Every card of the game in canonical order (copy by copy, suit by suit, ace to king).
    public var deck: [Card]
    /// How many piles the table has.
    public var pileCount: Int
    /// The actions' names, in the order `CardTable.actionUses` counts them.
    public var actionNames: [String]
    /// The options whose values are `true` and `false`, which `optionValues` holds as 1 and 0.
    public package(set) var booleanOptions: Set<String> = []
    /// What the rules say about themselves for a solver (see `RuleFacts`); set by the compiler from the checker's findings.
    package var facts: RuleFacts = .none {
        didSet {
            winFill = facts.winFills.flatMap { fill in
                zones.indices.contains(fill.zone) ? WinCount(piles: zones[fill.zone].piles, cards: fill.cards, wholeZone: fill.wholeZone) : nil
            }
        }
    }
    /// The win condition as a count of cards in a zone, where the facts show it is one
    /// (`RuleFacts.winFills`): `isWon` counts instead of running the evaluator.
    package private(set) var winFill: WinCount?
    /// Whether an effect may fault, so that a move the rules allow can still be refused once its
    /// effects run; set by the compiler from the checker's fault sites. Only then do validation
    /// and listing apply each move to find out.
    package var effectsCanFault = true { didSet { pairRemovalAlone = pairRemoval != nil && (!effectsCanFault || effects.isEmpty) } }
    /// Whether `allowsRemoval` may judge a two-pile removal by `pairRemoval` alone: there is one
    /// removal, of two piles, judged by a lookup, and no effect can refuse it afterwards.
    @usableFromInline var pairRemovalAlone = false
    /// The accept and capacity terms kept per run (`RunMemo`) that read no part of the move, as
    /// a mask of memo slots: move listing works each out once a table instead of once a run.
    package var tableMemoSlots: UInt8 = 0
    /// For each effect, whether it reads `move`, the play that set the effects off: such an effect
    /// reacts to that play once, in the first pass of the effects, and not in the passes after.
    package var effectsReadingPlay: [Bool] = []
    /// Some action, effect or deal line shuffles cards: only then does a table keep the seed its
    /// shuffles are drawn from (every other table's seed is 0, so that board text can describe it).
    public package(set) var hasShuffles = false
    /// What the rule file's `layout` declarations ask of a picture of the table, in file order;
    /// empty when the zones' roles alone lay it out. The engine never reads it.
    public package(set) var layout: [ZoneLayout] = []
    /// The outside programs' games the rule file is checked against (`reference`, Grammar.md 7.18).
    public package(set) var references: [GameReference] = []
    /// The deliberate differences from those programs (`differs`, Grammar.md 7.19), a base's first.
    public package(set) var differences: [DeclaredDifference] = []

    /// An option's value as `--option` accepts it: `true` or `false` for a boolean option,
    /// `unlimited` for the largest number, otherwise the number.
    public func optionText(_ name: String, value: Int) -> String {
        if booleanOptions.contains(name) { return value != 0 ? "true" : "false" }
        return value == Int.max ? "unlimited" : String(value)
    }

    let zoneOfPile: [Int]
    /// The piles of the zones with an accept rule, in pile order: the only destinations move listing tries.
    let receivingPiles: [Int]
    /// The zones with an accept rule, in pile order, each with its piles: how move listing walks `receivingPiles`.
    let receivingZones: [(zone: Int, piles: Range<Int>)]
    /// The move rules of each zone, owned here; see `ZoneRules`.
    let zoneRules: [ZoneRules]
    /// For each zone, its slot in move listing's index of destinations (-1 for none), and how
    /// many slots there are; the index has `listingRawCount + 1` words a slot.
    let listingIndexSlot: [Int]
    let listingIndexSlots: Int
    let listingRawCount: Int
    /// The words of listing's scratch after the index that keep capacities (`ListedCapacities`):
    /// none where no zone's capacity has one value per destination.
    let listingCapacityWords: Int
    /// The same instances unretained, by zone, for the hot path to borrow.
    let zoneRuleRefs: [Unmanaged<ZoneRules>]
    let capacity: [CapacityProgram?]
    /// The refusals of the `require` clauses and statements, by their index.
    let refusals: [Refusal]
    /// What each evaluation fault means, indexed by `EvaluationFault.site`.
    let faultSites: [Refusal]
    package let actions: [ActionProgram]
    let effects: [[Operation]]
    let effectBounds: [Int]
    let win: BoolCode
    let winBound: Int
    let dealSteps: [DealStep]
    /// The removals, in declaration order.
    package let removals: [RemovalProgram]
    /// What `allowsRemoval` reads of each removal, owned here and borrowed unretained (see `ZoneRules`).
    let removalChecks: [RemovalCheck]
    let removalCheckRefs: [Unmanaged<RemovalCheck>]
    /// The game's one removal, when it takes two piles and `RemovalCheck.allowsPair` judges it alone.
    @usableFromInline let pairRemoval: Unmanaged<RemovalCheck>?
    /// What the table's memory holds, by slot.
    public let memorySlots: [MemorySlot]
    /// How the game reads ranks, suits and relations (aces high, jokers).
    package let cardOrder: CardOrder
    let score: IntCode?
    let scoreBound: Int
    /// Whether any rule reads the table's memory or an action's count of uses; when none does,
    /// judging a move borrows only the piles.
    let readsTableState: Bool

    /// True when the game declares a `score`.
    public var hasScore: Bool { score != nil }
    /// True when the game declares a removal.
    public var hasRemovals: Bool { !removals.isEmpty }
    /// The names of the removals, in declaration order.
    public var removalNames: [String] { removals.map(\.name) }

    /// The zone that holds the pile at a flat index. For an index that is not on the table there
    /// is none, and the answer is a zone with an empty name, no role of its own (`.tableau`) and
    /// no piles, which `pileIndex(of:)` and every rule refuse.
    public func zone(ofPile pile: Int) -> Zone {
        guard zoneOfPile.indices.contains(pile) else { return Zone(name: "", role: .tableau, piles: 0..<0) }
        return zones[zoneOfPile[pile]]
    }

    /// The flat index of a pile address, or nil when there is no such pile.
    public func pileIndex(of id: PileID) -> Int? {
        guard let zone = zones.first(where: { $0.name == id.zone }), id.index >= 1, id.index <= zone.piles.count else { return nil }
        return zone.piles.lowerBound + id.index - 1
    }

    /// The words of one bit per pile, for `ListedCapacities`.
    static func capacityBitWords(piles: Int) -> Int { (piles + 63) / 64 }

    /// Whether the zone has a lift rule (cards can leave it).
    func zoneGives(_ zone: Int) -> Bool { zoneRuleRefs[zone]._withUnsafeGuaranteedRef { $0.gives } }

    /// Whether the zone has an accept rule (cards can come to it).
    func zoneReceives(_ zone: Int) -> Bool { zoneRuleRefs[zone]._withUnsafeGuaranteedRef { $0.receives } }

    /// The flat indices of every pile of the zones with this role, in order.
    public func piles(withRole role: ZoneRole) -> [Int] {
        zones.filter { $0.role == role }.flatMap { Array($0.piles) }
    }

    /// The address of the pile at a flat index; for an index not on the table, a `PileID` with
    /// an empty zone name, which `pileIndex(of:)` maps back to nil.
    public func pileID(_ pile: Int) -> PileID {
        guard zoneOfPile.indices.contains(pile) else { return PileID(zone: "", index: pile) }
        return zone(ofPile: pile).pileID(pile)
    }

    /// The pile's address as the move notation writes it: its zone's name, with `[index]` when
    /// the zone has several piles (`stock`, `tableau[3]`). An index not on the table is written
    /// `pile#N` (N counted from 0), which no notation reads back as a pile.
    public func address(ofPile pile: Int) -> String {
        guard zoneOfPile.indices.contains(pile) else { return "pile#\(pile)" }
        let zone = zone(ofPile: pile)
        return zone.piles.count == 1 ? zone.name : "\(zone.name)[\(pile - zone.piles.lowerBound + 1)]"
    }

    package init(name: String, file: String, zones: [Zone], optionValues: [String: Int], deck: [Card], actionNames: [String],
         lift: [RuleProgram?], accept: [RuleProgram?],
         capacity: [CapacityProgram?], refusals: [Refusal], faultSites: [Refusal], actions: [ActionProgram], effects: [[Operation]],
         effectBounds: [Int], win: @escaping BoolCode, winBound: Int, dealSteps: [DealStep],
         removals: [RemovalProgram] = [], memorySlots: [MemorySlot] = [], cardOrder: CardOrder = CardOrder(),
         score: IntCode? = nil, scoreBound: Int = 0, readsTableState: Bool = false) {
        self.readsTableState = readsTableState
        self.removals = removals
        removalChecks = removals.map { RemovalCheck($0, deck: deck) }
        removalCheckRefs = removalChecks.map { Unmanaged.passUnretained($0) }
        pairRemoval = removalChecks.count == 1 && removalChecks[0].judgesPairAlone ? removalCheckRefs[0] : nil
        pairRemovalAlone = pairRemoval != nil && effects.isEmpty
        self.memorySlots = memorySlots
        self.cardOrder = cardOrder
        self.score = score
        self.scoreBound = scoreBound
        self.name = name
        self.file = file
        self.zones = zones
        self.optionValues = optionValues
        self.deck = deck
        self.actionNames = actionNames
        self.capacity = capacity
        let rulesOfZones = zones.indices.map { zone in
            ZoneRules(lift: lift[zone]?.judge, liftBudget: lift[zone]?.bound ?? 0,
                      liftPrecheck: lift[zone]?.precheck ?? RulePrecheck(), liftSequence: lift[zone]?.runSequence, liftRemainder: lift[zone]?.remainder,
                      acceptPrecheck: accept[zone]?.precheck ?? RulePrecheck(), acceptRemainder: accept[zone]?.remainder,
                      accept: accept[zone]?.judge,
                      acceptBudget: Arithmetic.add(accept[zone]?.bound ?? 0, capacity[zone]?.bound ?? 0),
                      capacity: capacity[zone]?.code,
                      listing: accept[zone]?.listing, capacityReadsDestination: capacity[zone]?.readsDestination ?? true,
                      capacityReadsRun: capacity[zone]?.readsRun ?? true,
                      buildsOnTop: accept[zone]?.buildsOnTop, remainderBuildsOnTop: accept[zone]?.remainderBuildsOnTop ?? false,
                      onlyEmpty: accept[zone]?.onlyEmpty ?? false, deck: deck)
        }
        zoneRules = rulesOfZones
        // Zones whose per-destination clauses listing can index (`ZoneRules.isIndexed`), each a slot:
        // those of three piles or more, where skipping piles pays for building the index.
        var slots = 0
        listingIndexSlot = zones.indices.map { zone in
            guard rulesOfZones[zone].isIndexed, zones[zone].piles.count >= 3, zones[zone].piles.count <= 64 else { return -1 }
            slots += 1
            return slots - 1
        }
        listingIndexSlots = slots
        listingRawCount = Int(deck.map(\.rawValue).max() ?? 0) + 1
        let piles = zones.last?.piles.upperBound ?? 0
        listingCapacityWords = rulesOfZones.contains { $0.capacityPerDestination } ? piles + Self.capacityBitWords(piles: piles) : 0
        zoneRuleRefs = zoneRules.map { Unmanaged.passUnretained($0) }
        self.refusals = refusals
        self.faultSites = faultSites
        self.actions = actions
        self.effects = effects
        self.effectBounds = effectBounds
        self.winBound = winBound
        self.win = win
        self.dealSteps = dealSteps
        pileCount = zones.last?.piles.upperBound ?? 0
        var owners: [Int] = []
        for (i, zone) in zones.enumerated() { owners += Array(repeating: i, count: zone.piles.count) }
        zoneOfPile = owners
        receivingPiles = owners.indices.filter { accept[owners[$0]] != nil }
        receivingZones = zones.indices.filter { accept[$0] != nil }.map { ($0, zones[$0].piles) }
    }
}
