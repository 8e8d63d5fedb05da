import PatienceCards
import PatienceLanguage

/// What the conditions that guard the expression being checked establish about the table: piles
/// known to hold a card, and `any` checks known to have found one. A read they make safe cannot
/// fault, so it does not count towards whether a body may fault (see `ExpressionChecker.fault`);
/// its run-time check stays, as a safety net.
///
/// A guard holds where its condition was just evaluated: in the right operand of `and` (left true)
/// and of `or` (left false) and in the branches of `if`, until a statement changes the table. A definition is checked without the guards of the place
/// that first uses it, since it is shared by every use.
struct Guards {
    /// Piles known to hold at least one card.
    var nonEmptyPiles: Set<PileTerm> = []
    /// Zones of several piles known to hold a card somewhere (`not zone.empty`), by their piles.
    var nonEmptyZones: Set<Range<Int>> = []
    /// `any(x in c: b)` checks known to hold, as their printed text and the variables in scope
    /// where they held: `first(x in c: b)` with the same text, in the same scope, finds a match.
    var matches: [Match] = []

    struct Match: Equatable {
        var text: String
        var variables: [String: BoundVariable]
    }

    mutating func formUnion(_ other: Guards) {
        nonEmptyPiles.formUnion(other.nonEmptyPiles)
        nonEmptyZones.formUnion(other.nonEmptyZones)
        matches += other.matches.filter { !matches.contains($0) }
    }

    /// The text by which an `any` guard and a `first` it makes safe are compared.
    static func matchText(_ variable: Identifier, _ collection: ExpressionSyntax, _ body: ExpressionSyntax) -> String {
        Printer.print(ExpressionSyntax(.quantifier(.any, variable, collection, body), range: collection.range))
    }

    /// What is known when a condition, checked as `term` from `syntax` in `scope`, came out `holding`.
    static func established(by syntax: ExpressionSyntax, term: BoolTerm, holding: Bool, in scope: Scope) -> Guards {
        var guards = Guards()
        collect(term, holding: holding, into: &guards)
        guards.matches = matches(syntax, holding: holding, scope)
        return guards
    }

    /// Whether a condition on a loop's pile variable says exactly that the pile holds a card
    /// (`not p.empty`, `p.size > 0`, `p.size >= 1`, `p.size != 0`): some pile of a zone that holds
    /// a card meets it.
    static func saysOnlyNonEmpty(_ term: BoolTerm, slot: Int) -> Bool {
        switch term {
        case .not(.pileEmpty(.variable(slot: slot))): return true
        case .compare(.pileSize(.variable(slot: slot)), let comparison, .constant(let k)):
            return (comparison == .greater && k == 0) || (comparison == .greaterEqual && k == 1) || (comparison == .notEqual && k == 0)
        default: return false
        }
    }

    /// The piles a condition on its own shows to hold a card when it holds.
    static func nonEmpty(_ term: BoolTerm) -> Set<PileTerm> {
        var guards = Guards()
        collect(term, holding: true, into: &guards)
        return guards.nonEmptyPiles
    }

    /// The piles and zones that hold a card when `term` came out `holding`, added to `guards`.
    private static func collect(_ term: BoolTerm, holding: Bool, into guards: inout Guards) {
        switch term {
        case .and(let a, let b) where holding, .or(let a, let b) where !holding:
            collect(a, holding: holding, into: &guards)
            collect(b, holding: holding, into: &guards)
        case .not(let a):
            collect(a, holding: !holding, into: &guards)
        case .pileEmpty(let pile) where !holding && isStable(pile):
            guards.nonEmptyPiles.insert(pile)
        case .zoneEmpty(let piles) where !holding:
            guards.nonEmptyZones.insert(piles)
        case .compare(.pileSize(let pile), let comparison, .constant(let k))
            where isStable(pile) && impliesACard(holding ? comparison : comparison.negated, k):
            guards.nonEmptyPiles.insert(pile)
        case .compare(.constant(let k), let comparison, .pileSize(let pile))
            where isStable(pile) && impliesACard((holding ? comparison : comparison.negated).mirrored, k):
            guards.nonEmptyPiles.insert(pile)
        default:
            break
        }
    }

    /// Whether `size <comparison> k` means the pile holds a card.
    private static func impliesACard(_ comparison: Comparison, _ k: Int) -> Bool {
        switch comparison {
        case .greaterEqual, .equal: return k >= 1
        case .greater: return k >= 0
        case .notEqual: return k == 0
        case .less, .lessEqual: return false
        }
    }

    /// Piles that name the same pile wherever they appear in one scope: not `zone[i]` or
    /// `first(…)`, whose terms carry their own fault sites and may be computed from the table.
    private static func isStable(_ pile: PileTerm) -> Bool {
        switch pile {
        case .source, .destination, .variable, .constant: return true
        default: return false
        }
    }

    private static func matches(_ syntax: ExpressionSyntax, holding: Bool, _ scope: Scope) -> [Match] {
        switch syntax.kind {
        case .binary(.and, let a, let b) where holding, .binary(.or, let a, let b) where !holding:
            return matches(a, holding: holding, scope) + matches(b, holding: holding, scope)
        case .unary(.not, let a):
            return matches(a, holding: !holding, scope)
        case .quantifier(.any, let variable, let collection, let body) where holding:
            return [Match(text: matchText(variable, collection, body), variables: scope.variables)]
        default:
            return []
        }
    }
}

extension Comparison {
    /// The comparison with its operands swapped: `k < x` is `x > k`.
    var mirrored: Comparison {
        switch self {
        case .equal, .notEqual: return self
        case .less: return .greater
        case .lessEqual: return .greaterEqual
        case .greater: return .less
        case .greaterEqual: return .lessEqual
        }
    }
}

extension Statement {
    /// Whether carrying the statement out may change the table or the game's memory, which ends
    /// every guard established before it.
    var changesTable: Bool {
        switch kind {
        case .require: return false
        case .conditional(_, let then, let otherwise): return then.contains(where: \.changesTable) || otherwise.contains(where: \.changesTable)
        case .forEach(_, _, let body): return body.contains(where: \.changesTable)
        case .deal, .move, .tryMove, .flip, .shuffle, .set: return true
        }
    }
}

extension ExpressionChecker {
    /// What a checked condition establishes when it came out `holding`; nothing when it had an error.
    func established(by syntax: ExpressionSyntax, _ term: BoolTerm?, holding: Bool, _ scope: Scope) -> Guards {
        term.map { Guards.established(by: syntax, term: $0, holding: holding, in: scope) } ?? Guards()
    }
}
