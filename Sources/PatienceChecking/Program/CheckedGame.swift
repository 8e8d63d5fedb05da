import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// A place in the rules that a check can report: a `require` that refuses, or an expression that
/// faults. Moves and actions are refused with its code, message, file and range.
package struct RuleSite: Hashable, Sendable {
    package var code: DiagnosticCode
    package var message: String
    package var file: String
    package var range: SourceRange
}

/// A clause of a lift or accept rule. Those rules only judge a move, so this type has no way to
/// change the table: the engine relies on it when it judges a move on the caller's own piles.
package indirect enum ClauseTerm: Hashable, Sendable {
    /// Refuses with `CheckedGame.refusals[refusal]` unless the condition holds.
    case require(BoolTerm, refusal: Int)
    case conditional(BoolTerm, [ClauseTerm], [ClauseTerm])
    /// `for p in zone { … }`: the clauses once per pile, each pile spending one step.
    case forEach(piles: Range<Int>, slot: Int, body: [ClauseTerm], exhausted: FaultSite)
}

/// A statement of an action, an effect or a deal line's `after each card` body.
package indirect enum StatementTerm: Hashable, Sendable {
    case require(BoolTerm, refusal: Int)
    case conditional(BoolTerm, [StatementTerm], [StatementTerm])
    /// `for p in zone { … }`: the body once per pile, each spending one step.
    case forEach(piles: Range<Int>, slot: Int, body: [StatementTerm], exhausted: FaultSite)
    /// `deal` (one card at a time, reversing them) or `move` (as a block).
    case transfer(oneAtATime: Bool, count: IntTerm, from: PileTerm, to: PileTerm, facing: Facing?)
    /// `try move`: only if the game's lift, accept and capacity rules allow it.
    case tryMove(count: IntTerm, from: PileTerm, to: TryTargetTerm)
    case flip(PileTerm)
    /// `shuffle pile` or `shuffle zone`.
    case shuffle(ShuffleTargetTerm)
    /// `set memory = value`, a condition stored as 1 or 0.
    case set(slot: Int, IntTerm)
}

/// What `shuffle` shuffles: one pile, or all the piles of a zone together.
package enum ShuffleTargetTerm: Hashable, Sendable {
    case pile(PileTerm)
    case zone(Range<Int>)
}

/// A checked removal (`remove NAME(a, b in zones) to PILE when CONDITION`).
package struct CheckedRemoval: Hashable, Sendable {
    package var name: String
    /// The flat indices of the piles of its zones, in increasing order.
    package var candidates: [Int]
    /// The pile slots of its variables, in order.
    package var slots: [Int]
    package var condition: BoolTerm?
    package var destination: PileTerm
    package var file: String
    package var range: SourceRange
    package var bound: Int
}

/// A checked `memory` declaration.
package struct CheckedMemory: Hashable, Sendable {
    package var name: String
    package var isCondition: Bool
    package var initial: Int
}

/// Where `try move` may put its cards: one pile, or the first pile of a zone that accepts them.
package enum TryTargetTerm: Hashable, Sendable {
    case pile(PileTerm)
    case zone(Range<Int>)
}

/// A zone as the checker resolved it.
package struct CheckedZone: Hashable, Sendable {
    package var name: String
    package var role: ZoneRole
    /// The flat indices of its piles in the table.
    package var piles: Range<Int>
    package var file: String
    package var range: SourceRange
}

/// A checked lift or accept rule.
package struct CheckedRule: Hashable, Sendable {
    package var clauses: [ClauseTerm]
    package var file: String
    package var range: SourceRange
    /// The most quantifier steps one check of the rule can take (Grammar.md, "Cost model").
    package var bound: Int
}

/// A checked capacity formula.
package struct CheckedCapacity: Hashable, Sendable {
    package var value: IntTerm
    package var file: String
    package var range: SourceRange
    package var bound: Int
}

/// A checked action: tapping a pile of `piles` when the guard holds.
package struct CheckedAction: Hashable, Sendable {
    package var name: String
    package var piles: Range<Int>
    package var guardCondition: BoolTerm?
    package var limit: IntTerm?
    package var body: [StatementTerm]
    package var file: String
    package var range: SourceRange
    package var bound: Int
}

/// A checked effect.
package struct CheckedEffect: Hashable, Sendable {
    package var name: String
    package var body: [StatementTerm]
    package var bound: Int
    /// Whether the body may fault at run time (read a missing card, run out of steps): only then
    /// must validation apply a move to learn whether its effects refuse it.
    package var canFault: Bool
}

/// A checked deal line, with its counts worked out for the option values checked.
package struct CheckedDealLine: Hashable, Sendable {
    package var piles: Range<Int>
    /// Cards per pile, by pile offset in the zone; nil for `rest`.
    package var counts: [Int]?
    /// Face-up cards per pile, counted from the top.
    package var faceUp: [Int]
    package var order: DealOrder
    package var filter: BoolTerm?
    package var splitBefore: BoolTerm?
    package var moving: BoolTerm?
    package var movingTo: PileEnd
    package var afterEachCard: [StatementTerm]?
    package var afterEachCardBound: Int
    /// `where … in dealt order`: the filter reads the shuffled order and the table as dealt so far.
    package var inDealtOrder = false
    package var filterBound = 0
}

/// The static bound of one rule, action, effect or the win condition, as `patience lint --verbose` lists it.
public struct RuleBound: Hashable, Sendable {
    /// What the bound is for, such as `accept tableau` or `effect reveal`.
    public var part: String
    /// The file the part is written in.
    public var file: String
    /// Where the part is written.
    public var range: SourceRange
    /// The most quantifier and `for` steps one evaluation can take.
    public var steps: Int
}

/// A game that passed the checker, for one set of option values: every part typed and resolved,
/// ready for the compiler.
package struct CheckedGame: Sendable {
    package var name: String
    package var file: String
    /// The option values checked, by option name.
    package var optionValues: [String: Int]
    /// The options whose values are `true` and `false` (1 and 0 in `optionValues`).
    package var booleanOptions: Set<String> = []
    /// Every card of the game in canonical order (copy by copy, suit by suit, ace to king).
    package var deck: [Card]
    package var zones: [CheckedZone]
    /// By zone index.
    package var lift: [CheckedRule?]
    package var accept: [CheckedRule?]
    package var capacity: [CheckedCapacity?]
    package var actions: [CheckedAction]
    package var effects: [CheckedEffect]
    package var win: BoolTerm
    package var winBound: Int
    package var dealLines: [CheckedDealLine]
    package var definitions: [DefinitionTerm]
    /// The refusals of the `require` clauses, by `ClauseTerm.require`'s index.
    package var refusals: [RuleSite]
    /// What each fault means, by `FaultSite`.
    package var faults: [RuleSite]
    var ruleBounds: [RuleBound]
    package var removals: [CheckedRemoval] = []
    /// The `layout` declarations, in file order.
    package var layouts: [ZoneLayout] = []
    /// The `reference` declarations (Grammar.md 7.18).
    package var references: [GameReference] = []
    /// The `differs` declarations, a base's first (Grammar.md 7.19).
    package var differences: [DeclaredDifference] = []
    package var memories: [CheckedMemory] = []
    package var score: IntTerm?
    package var scoreBound = 0
    /// How the deck reads ranks, suits and relations.
    package var cardOrder = CardOrder()
    /// What the rules say about themselves for a solver.
    package var facts: RuleFacts

    var pileCount: Int { zones.last?.piles.upperBound ?? 0 }
}
