import Testing
import PatienceCompiler
import TestSupport

/// A read that would fault on an empty pile, or a `first` that would find nothing, cannot fault
/// where a condition evaluated just before shows it safe; validation then need not apply a move to
/// learn whether its effects fault. These pin which guards count and where they stop counting.
@Suite struct GuardedReadTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var effect: String
        var canFault: Bool
        var testDescription: String { effect }
    }

    static let cases: [Case] = [
        // An empty pile's top card: unguarded, guarded by `and`, by `or`, by an `if` and its `else`.
        Case(effect: "if tableau[1].top.rank == K { flip stock }", canFault: true),
        Case(effect: "if not tableau[1].empty and tableau[1].top.rank == K { flip stock }", canFault: false),
        Case(effect: "if tableau[1].top.rank == K and not tableau[1].empty { flip stock }", canFault: true),
        Case(effect: "if tableau[1].empty or tableau[1].bottom.rank == K { flip stock }", canFault: false),
        Case(effect: "if not tableau[1].empty or tableau[1].top.rank == K { flip stock }", canFault: true),
        Case(effect: "if tableau[1].empty { flip stock } else { if tableau[1].top.rank == K { flip stock } }", canFault: false),
        Case(effect: "if not tableau[1].empty { flip stock } else { if tableau[1].top.rank == K { flip stock } }", canFault: true),
        Case(effect: "if not tableau[1].empty { if tableau[1].top.rank == K { flip stock } }", canFault: false),
        Case(effect: "if (if tableau[1].empty then 0 else tableau[1].top.rank) == K { flip stock }", canFault: false),
        // Sizes compared with a constant, either way round; a size of at least 0 proves nothing.
        Case(effect: "if tableau[1].size >= 1 and tableau[1].top.rank == K { flip stock }", canFault: false),
        Case(effect: "if 0 < tableau[1].size and tableau[1].top.rank == K { flip stock }", canFault: false),
        Case(effect: "if tableau[1].size != 0 and tableau[1].top.rank == K { flip stock }", canFault: false),
        Case(effect: "if tableau[1].size == 2 and tableau[1].top.rank == K { flip stock }", canFault: false),
        Case(effect: "if tableau[1].size > 0 and tableau[2].top.rank == K { flip stock }", canFault: true),
        Case(effect: "if tableau[1].size >= 0 and tableau[1].top.rank == K { flip stock }", canFault: true),
        Case(effect: "if tableau[1].size < 1 or tableau[1].top.rank == K { flip stock }", canFault: false),
        // A run's end: `top(p, k)` of a pile that holds a card, with k a constant of at least 1.
        Case(effect: "for t in tableau { if top(t, 2).first.rank == K { flip t } }", canFault: true),
        Case(effect: "for t in tableau { if t.size >= 2 and top(t, 2).first.rank == K { flip t } }", canFault: false),
        Case(effect: "for t in tableau { if t.size >= 2 and top(t, 0).first.rank == K { flip t } }", canFault: true),
        Case(effect: "for t in tableau { if not t.empty and t.cards.last.rank == K { flip t } }", canFault: false),
        // A guard ends where the table changes: after a statement that moves cards, and inside a
        // loop whose body does.
        Case(effect: "if not tableau[1].empty { move 1 from tableau[1] to stock\n if tableau[1].top.rank == K { flip stock } }", canFault: true),
        Case(effect: "if not tableau[1].empty { for t in tableau { if tableau[1].top.rank == K { move 1 from t to stock } } }", canFault: true),
        // `first` after an `any` of the same text, in the same scope.
        Case(effect: "move 1 from stock to first(f in tableau: f.empty)", canFault: true),
        Case(effect: "if any(f in tableau: f.empty) { move 1 from stock to first(f in tableau: f.empty) }", canFault: false),
        Case(effect: "if any(f in tableau: f.empty) { move 1 from stock to first(f in tableau: f.size == 0) }", canFault: true),
        Case(effect: "if any(f in tableau: f.empty) { flip stock\n move 1 from stock to first(f in tableau: f.empty) }", canFault: true),
        Case(effect: "if not any(f in tableau: f.empty) { flip stock } else { move 1 from stock to first(f in tableau: f.empty) }", canFault: false),
        Case(effect: "for t in tableau { if any(f in tableau: f.size < t.size) { move 1 from t to first(f in tableau: f.size < t.size) } }",
             canFault: false),
        // A zone known to hold a card has a pile that holds one; the pile `first` finds holds a card
        // when its condition asks for one.
        Case(effect: "if not tableau.empty { move 1 from first(f in tableau: not f.empty) to stock }", canFault: false),
        Case(effect: "if not tableau.empty and first(f in tableau: f.size > 0).top.rank == K { flip stock }", canFault: false),
        Case(effect: "if not tableau.empty { move 1 from first(f in tableau: f.size == 2) to stock }", canFault: true),
        Case(effect: "if tableau[1].size > 0 and first(f in tableau: f.size > 0).top.rank == K { flip stock }", canFault: true),
        Case(effect: "if any(f in tableau: f.size == 2) and first(f in tableau: f.size == 2).top.rank == K { flip stock }", canFault: false),
        Case(effect: "if any(f in tableau: f.facedown >= 0) and first(f in tableau: f.facedown >= 0).top.rank == K { flip stock }", canFault: true),
        // Division by a constant other than zero cannot fault; by a pile's size it can.
        Case(effect: "if tableau[1].size / 2 == 1 or tableau[1].size % 3 == 1 { flip stock }", canFault: false),
        Case(effect: "if 2 / tableau[1].size == 1 { flip stock }", canFault: true),
        // A definition is shared by every use, so a guard at one use does not make it safe.
        Case(effect: "if not tableau[1].empty and first_rank == K { flip stock }", canFault: true),
    ]

    static func game(effect: String) -> String {
        """
        game "Guards"
        decks 1
        zone tableau 2
        zone stock 1
        deal tableau 1 cards face up
        deal stock rest face down
        let first_rank = tableau[1].top.rank
        lift tableau { require run.size == 1 else "one card at a time" }
        accept tableau { require run.size == 1 else "one card at a time" }
        effect guarded {
          \(effect)
        }
        won when stock.empty

        """
    }

    @Test(arguments: cases) func guardsDecideWhetherAnEffectMayFault(_ c: Case) throws {
        let rules = try GameCompiler.compile(source: Self.game(effect: c.effect), path: "guards.patience")
        expectEqual(rules.effectsCanFault, c.canFault)
    }
}
