import PatienceCards
import PatienceChecking

/// Whether a removal's condition reads nothing but the top cards of the removal's own piles
/// (`slots`) and constants: then its verdict depends on those cards alone, and the engine works
/// it out once for every choice of them (`RemovalProgram.readsOnlyTops`). Conservative: any term
/// it does not know (a definition, a loop, a pile's size or index, the table's memory) says no.
struct TopCardTerms {
    let slots: Set<Int>

    func readsOnlyTops(_ term: BoolTerm) -> Bool {
        switch term {
        case .constant: return true
        case .not(let a): return readsOnlyTops(a)
        case .and(let a, let b), .or(let a, let b), .sameTruth(let a, let b, _): return readsOnlyTops(a) && readsOnlyTops(b)
        case .compare(let a, _, let b): return readsOnlyTops(a) && readsOnlyTops(b)
        case .sameCard(let a, let b, _), .builds(let a, let b, _): return readsOnlyTops(a) && readsOnlyTops(b)
        case .cardFaceUp(let c), .isJoker(let c): return readsOnlyTops(c)
        case .conditional(let c, let a, let b): return readsOnlyTops(c) && readsOnlyTops(a) && readsOnlyTops(b)
        default: return false
        }
    }

    func readsOnlyTops(_ term: IntTerm) -> Bool {
        switch term {
        case .constant: return true
        case .rank(let c), .suit(let c), .color(let c): return readsOnlyTops(c)
        case .suitColor(let a), .negate(let a), .absolute(let a): return readsOnlyTops(a)
        case .arithmetic(_, let a, let b, _), .minimum(let a, let b), .maximum(let a, let b): return readsOnlyTops(a) && readsOnlyTops(b)
        case .conditional(let c, let a, let b): return readsOnlyTops(c) && readsOnlyTops(a) && readsOnlyTops(b)
        case .truth(let b): return readsOnlyTops(b)
        default: return false
        }
    }

    func readsOnlyTops(_ term: CardTerm) -> Bool {
        switch term {
        case .literal: return true
        case .end(.variable(let slot), fromTop: true, _): return slots.contains(slot)
        case .conditional(let c, let a, let b): return readsOnlyTops(c) && readsOnlyTops(a) && readsOnlyTops(b)
        default: return false
        }
    }
}
