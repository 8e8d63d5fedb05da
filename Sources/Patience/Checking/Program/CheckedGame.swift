/// A place in the rules that a check can report: a `require` that refuses, or an expression that
/// faults. Moves and actions are refused with its code, message, file and range.
struct RuleSite: Hashable, Sendable {
    var code: DiagnosticCode
    var message: String
    var file: String
    var range: SourceRange
}

/// A clause of a lift or accept rule. Those rules only judge a move, so this type has no way to
/// change the table: the engine relies on it when it judges a move on the caller's own piles.
indirect enum ClauseTerm: Hashable, Sendable {
    /// Refuses with `CheckedGame.refusals[refusal]` unless the condition holds.
    case require(BoolTerm, refusal: Int)
    case conditional(BoolTerm, [ClauseTerm], [ClauseTerm])
    /// `for p in zone { … }`: the clauses once per pile, each pile spending one step.
    case forEach(piles: Range<Int>, slot: Int, body: [ClauseTerm], exhausted: FaultSite)
}

/// A statement of an action, an effect or a deal line's `after each card` body.
indirect enum StatementTerm: Hashable, Sendable {
    case require(BoolTerm, refusal: Int)
    case conditional(BoolTerm, [StatementTerm], [StatementTerm])
    /// `for p in zone { … }`: the body once per pile, each spending one step.
    case forEach(piles: Range<Int>, slot: Int, body: [StatementTerm], exhausted: FaultSite)
    /// `deal` (one card at a time, reversing them) or `move` (as a block).
    case transfer(oneAtATime: Bool, count: IntTerm, from: PileTerm, to: PileTerm, facing: Facing?)
    /// `try move`: only if the game's lift, accept and capacity rules allow it.
    case tryMove(count: IntTerm, from: PileTerm, to: TryTargetTerm)
    case flip(PileTerm)
}

/// Where `try move` may put its cards: one pile, or the first pile of a zone that accepts them.
enum TryTargetTerm: Hashable, Sendable {
    case pile(PileTerm)
    case zone(Range<Int>)
}

/// A zone as the checker resolved it.
struct CheckedZone: Hashable, Sendable {
    var name: String
    var role: ZoneRole
    /// The flat indices of its piles in the table.
    var piles: Range<Int>
    var file: String
    var range: SourceRange
}

/// A checked lift or accept rule.
struct CheckedRule: Hashable, Sendable {
    var clauses: [ClauseTerm]
    var file: String
    var range: SourceRange
    /// The most quantifier steps one check of the rule can take (Grammar.md, "Cost model").
    var bound: Int
}

/// A checked capacity formula.
struct CheckedCapacity: Hashable, Sendable {
    var value: IntTerm
    var file: String
    var range: SourceRange
    var bound: Int
}

/// A checked action: tapping a pile of `piles` when the guard holds.
struct CheckedAction: Hashable, Sendable {
    var name: String
    var piles: Range<Int>
    var guardCondition: BoolTerm?
    var limit: IntTerm?
    var body: [StatementTerm]
    var file: String
    var range: SourceRange
    var bound: Int
}

/// A checked effect.
struct CheckedEffect: Hashable, Sendable {
    var name: String
    var body: [StatementTerm]
    var bound: Int
}

/// A checked deal line, with its counts worked out for the option values checked.
struct CheckedDealLine: Hashable, Sendable {
    var piles: Range<Int>
    /// Cards per pile, by pile offset in the zone; nil for `rest`.
    var counts: [Int]?
    /// Face-up cards per pile, counted from the top.
    var faceUp: [Int]
    var order: DealOrder
    var filter: BoolTerm?
    var splitBefore: BoolTerm?
    var moving: BoolTerm?
    var movingTo: PileEnd
    var afterEachCard: [StatementTerm]?
    var afterEachCardBound: Int
}

/// The static bound of one rule, action, effect or the win condition, as `patience lint --verbose` lists it.
public struct RuleBound: Hashable, Sendable {
    /// What the bound is for, such as `accept tableau` or `effect reveal`.
    public var part: String
    public var file: String
    public var range: SourceRange
    /// The most quantifier and `for` steps one evaluation can take.
    public var steps: Int
}

/// A game that passed the checker, for one set of option values: every part typed and resolved,
/// ready for the compiler.
struct CheckedGame: Sendable {
    var name: String
    var file: String
    /// The option values checked, by option name.
    var optionValues: [String: Int]
    /// Every card of the game in canonical order (copy by copy, suit by suit, ace to king).
    var deck: [Card]
    var zones: [CheckedZone]
    /// By zone index.
    var lift: [CheckedRule?]
    var accept: [CheckedRule?]
    var capacity: [CheckedCapacity?]
    var actions: [CheckedAction]
    var effects: [CheckedEffect]
    var win: BoolTerm
    var winBound: Int
    var dealLines: [CheckedDealLine]
    var definitions: [DefinitionTerm]
    /// The refusals of the `require` clauses, by `ClauseTerm.require`'s index.
    var refusals: [RuleSite]
    /// What each fault means, by `FaultSite`.
    var faults: [RuleSite]
    var ruleBounds: [RuleBound]

    var pileCount: Int { zones.last?.piles.upperBound ?? 0 }
}
