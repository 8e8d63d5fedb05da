/// A zone of the compiled game: its name, role and the flat indices of its piles.
public struct Zone: Hashable, Sendable {
    public var name: String
    public var role: String
    public var piles: Range<Int>

    /// The address of the pile at flat index `pile`, which must lie in this zone.
    public func pileID(_ pile: Int) -> PileID { PileID(zone: name, index: pile - piles.lowerBound + 1) }
}

/// A compiled lift or accept rule: its clauses and where it is written.
struct RuleProgram: Sendable {
    var judge: JudgementCode
    var file: String
    var range: SourceRange
    /// The static bound on the rule's evaluation steps, its budget for each check.
    var bound: Int

    init(operations: [Operation], file: String, range: SourceRange, bound: Int) {
        judge = Judgement.compose(operations)
        self.file = file
        self.range = range
        self.bound = bound
    }
}

/// The static bound of one rule, action or effect, as `patience lint --verbose` lists it.
public struct RuleBound: Hashable, Sendable {
    /// What the bound is for, such as `accept tableau` or `effect reveal`.
    public var part: String
    public var file: String
    public var range: SourceRange
    /// The most quantifier and `for` steps one evaluation can take.
    public var steps: Int
}

/// A compiled capacity formula: the most cards one move may bring to a pile of its zone.
struct CapacityProgram: Sendable {
    var code: IntCode
    var file: String
    var range: SourceRange
    var bound: Int
}

/// A compiled action: tapping a pile of `zone` when the guard holds.
struct ActionProgram: Sendable {
    var name: String
    var zone: Range<Int>
    var guardCondition: BoolCode?
    var limit: IntCode?
    var body: [Operation]
    var file: String
    var range: SourceRange
    var bound: Int
}

/// A compiled deal line: how many cards each pile of a zone gets and how many face up.
struct DealStep: Sendable {
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
}

/// A game's rules, checked and compiled for one set of option values. Every legality question
/// the engine answers is answered from here; nothing in the engine is specific to a game.
public struct GameRules: Sendable {
    public var name: String
    public var file: String
    public var zones: [Zone]
    /// The option values this instance was compiled with, by option name.
    public var optionValues: [String: Int]
    /// Every card of the game in canonical order (copy by copy, suit by suit, ace to king).
    public var deck: [Card]
    public var pileCount: Int
    public var actionNames: [String]
    /// What the rules say about themselves for a solver (see `RuleFacts`); set by the checker.
    public internal(set) var facts: RuleFacts = .none

    let zoneOfPile: [Int]
    /// The move rules of each zone, owned here; see `ZoneRules`.
    let zoneRules: [ZoneRules]
    /// The same instances unretained, by zone, for the hot path to borrow.
    let zoneRuleRefs: [Unmanaged<ZoneRules>]
    let capacity: [CapacityProgram?]
    /// The refusals of the `require` clauses, indexed by `Operation.require`.
    let refusals: [Refusal]
    /// What each evaluation fault means, indexed by `EvaluationFault.site`.
    let faultSites: [Refusal]
    let actions: [ActionProgram]
    let effects: [[Operation]]
    let effectBounds: [Int]
    let win: BoolCode
    let winBound: Int
    /// The static step bound of every rule, action, effect and the win condition.
    public let ruleBounds: [RuleBound]
    let dealSteps: [DealStep]

    /// The zone that holds the pile at a flat index.
    public func zone(ofPile pile: Int) -> Zone { zones[zoneOfPile[pile]] }

    /// The flat index of a pile address, or nil when there is no such pile.
    public func pileIndex(of id: PileID) -> Int? {
        guard let zone = zones.first(where: { $0.name == id.zone }), id.index >= 1, id.index <= zone.piles.count else { return nil }
        return zone.piles.lowerBound + id.index - 1
    }

    /// Whether the zone has a lift rule (cards can leave it).
    func zoneGives(_ zone: Int) -> Bool { zoneRuleRefs[zone]._withUnsafeGuaranteedRef { $0.gives } }

    /// Whether the zone has an accept rule (cards can come to it).
    func zoneReceives(_ zone: Int) -> Bool { zoneRuleRefs[zone]._withUnsafeGuaranteedRef { $0.receives } }

    /// The address of the pile at a flat index.
    public func pileID(_ pile: Int) -> PileID { zone(ofPile: pile).pileID(pile) }

    init(name: String, file: String, zones: [Zone], optionValues: [String: Int], deck: [Card], actionNames: [String],
         lift: [RuleProgram?], accept: [RuleProgram?],
         capacity: [CapacityProgram?], refusals: [Refusal], faultSites: [Refusal], actions: [ActionProgram], effects: [[Operation]],
         effectBounds: [Int], win: @escaping BoolCode, winBound: Int, ruleBounds: [RuleBound], dealSteps: [DealStep]) {
        self.name = name
        self.file = file
        self.zones = zones
        self.optionValues = optionValues
        self.deck = deck
        self.actionNames = actionNames
        self.capacity = capacity
        zoneRules = zones.indices.map { zone in
            ZoneRules(lift: lift[zone]?.judge, liftBudget: lift[zone]?.bound ?? 0,
                      accept: accept[zone]?.judge,
                      acceptBudget: Saturating.add(accept[zone]?.bound ?? 0, capacity[zone]?.bound ?? 0),
                      capacity: capacity[zone]?.code)
        }
        zoneRuleRefs = zoneRules.map { Unmanaged.passUnretained($0) }
        self.refusals = refusals
        self.faultSites = faultSites
        self.actions = actions
        self.effects = effects
        self.effectBounds = effectBounds
        self.winBound = winBound
        self.ruleBounds = ruleBounds
        self.win = win
        self.dealSteps = dealSteps
        pileCount = zones.last?.piles.upperBound ?? 0
        var owners: [Int] = []
        for (i, zone) in zones.enumerated() { owners += Array(repeating: i, count: zone.piles.count) }
        zoneOfPile = owners
    }
}
