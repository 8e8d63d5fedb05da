import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler

/// Definitions with parameters (Grammar.md 7.7): their meaning, their diagnostics, and that a
/// file's definitions are checked once each, however often they are called.
@Suite struct ParameterisedDefinitionTests {
    static let header = """
        game "T"
        decks 1
        zone tableau 4
        deal tableau 13 cards
        lift tableau {}

        """

    private func check(_ body: String) -> (CheckedGame?, [Diagnostic]) {
        let (file, parseDiagnostics) = Parser.parse(Self.header + body)
        var checker = Checker(declarations: file.declarations, path: "t.patience")
        let game = checker.check()
        return (game, parseDiagnostics + checker.diagnostics)
    }

    private func codes(_ body: String) -> [DiagnosticCode] { check(body).1.map(\.code) }

    @Test func callsBindTheirArgumentsAndShareOneBody() throws {
        let source = Self.header + """
            let bigger(p: pile, q: pile) = p.size > q.size
            let gap(a: card, b: card) = abs(a.rank - b.rank)
            let plus(n: number, m: number) = n + m
            let biggest(p: pile) = all(q in tableau: q == p or bigger(p, q))
            accept tableau { require gap(top, run.first) == 1 and biggest(source) }
            won when plus(plus(1, 2), plus(3, 4)) == 10 and not biggest(tableau[1])

            """
        let rules = try GameCompiler.compile(source: source)
        let card = { (rank: Int) in PlacedCard(Card(rank: rank, suit: .spades), faceUp: true) }
        var table = CardTable(piles: [Pile([card(5), card(9)]), Pile([card(8)]), Pile([card(1)]), Pile([card(2)])], actionUses: [])
        // 9 on 8 differs by one and tableau 1 is the biggest pile; 9 on 2 does not differ by one.
        expectTrue(rules.allows(Move(source: 0, count: 1, destination: 1), on: table))
        expectFalse(rules.allows(Move(source: 0, count: 1, destination: 3), on: table))
        expectFalse(rules.allows(Move(source: 1, count: 1, destination: 0), on: table))
        // The nested call evaluates its arguments before binding them.
        expectFalse(rules.isWon(table))
        table.piles[1].cards += [card(3), card(4)]
        expectTrue(rules.isWon(table))
        let (game, diagnostics) = check("""
            let bigger(p: pile, q: pile) = p.size > q.size
            let biggest(p: pile) = all(q in tableau: q == p or bigger(p, q))
            accept tableau { require biggest(source) and biggest(pile) and bigger(pile, source) }
            won when biggest(tableau[1]) or biggest(tableau[2])

            """)
        expectTrue(diagnostics.isEmpty)
        // Two definitions, each checked once for its five calls.
        expectEqual(game?.definitions.count, 2)
    }

    @Test func aLongChainOfCallsIsCheckedOncePerDefinition() {
        // Each definition calls the one before it twice: written out it would be 2^30 terms. Each
        // pile parameter takes one of the 32 pile slots, so 31 definitions is the most there can be.
        let chain = (1...30).map { "let d\($0)(p: pile) = d\($0 - 1)(p) and d\($0 - 1)(p)\n" }.joined()
        // Checking and measuring take one pass per definition, so the check ends at once; the rules
        // are refused only because evaluating them would walk all those terms (P0009).
        let (_, diagnostics) = check("let d0(p: pile) = p.empty\n" + chain + "accept tableau { require d30(pile) }\nwon when d30(tableau[1])\n")
        expectEqual(diagnostics.map(\.code), [.expansionTooLarge, .expansionTooLarge])
        expectEqual(diagnostics.first?.message.contains("7,516,192,766 terms"), true)
        // A chain of single calls is as deep, small when written out, and accepted.
        let single = (1...30).map { "let d\($0)(p: pile) = d\($0 - 1)(p) and p.size > 0\n" }.joined()
        let (game, accepted) = check("let d0(p: pile) = p.empty\n" + single + "accept tableau { require d30(pile) }\nwon when d30(tableau[1])\n")
        expectTrue(accepted.isEmpty)
        expectEqual(game?.definitions.count, 31)
    }

    @Test func aDefinitionCannotCallItself() {
        let direct = check("let f(p: pile) = f(p)\naccept tableau { require f(pile) }\nwon when true\n").1
        expectTrue(direct.contains { $0.code == .cyclicDefinition && $0.message == "'f' is defined in terms of itself: f → f" })
        let indirect = check("let f(p: pile) = g(p)\nlet g(p: pile) = f(p) or p.empty\naccept tableau { require f(pile) }\nwon when tableau.empty\n").1
        expectTrue(indirect.contains { $0.code == .cyclicDefinition })
    }

    @Test func wrongCallsAreFindings() {
        let f = "let f(p: pile, n: number) = p.size > n\naccept tableau {}\n"
        expectEqual(codes(f + "won when f(tableau[1])\n"), [.wrongArgumentCount])
        expectEqual(codes(f + "won when f\n"), [.wrongArgumentCount])
        expectEqual(codes(f + "won when f(3, tableau[1])\n"), [.typeMismatch])
        expectEqual(codes(f + "won when f(tableau, 1)\n"), [.zoneIsNotAPile])
        expectEqual(codes("let g = 1\naccept tableau {}\nwon when g(1) == 1\n"), [.wrongArgumentCount])
        expectEqual(codes("let f(run: pile) = 1\naccept tableau {}\nwon when f(tableau[1]) == 1\n"), [.nameUnavailableHere])
        expectEqual(codes("let f(p: pile, p: pile) = 1\naccept tableau {}\nwon when f(tableau[1], tableau[2]) == 1\n"), [.duplicateDeclaration])
        expectEqual(codes("let f(tableau: pile) = tableau.size\naccept tableau {}\nwon when f(tableau[1]) == 1\n"), [.shadowedName])
        // Each number parameter takes two of the 32 card slots, after slot 0 (`card`).
        let numbers = (1...16).map { "let n\($0)(x: number) = x\n" }.joined()
        expectEqual(codes(numbers + "accept tableau {}\nwon when tableau.empty\n"), [.tooManyVariables])
        expectEqual(codes("let f(a: pile, b: pile, c: pile, d: pile, e: pile) = 1\naccept tableau {}\nwon when tableau.empty\n"), [.tooManyParameters])
    }

    @Test func theBoundOfACallIsItsArgumentsAndItsBody() throws {
        let source = Self.header + """
            let empties(n: number) = count(t in tableau: t.empty) + n
            accept tableau { require empties(count(t in tableau: t.empty)) < 5 }
            won when tableau.empty

            """
        let rules = try GameCompiler.compile(source: source)
        let bounds = lint(source: source).bounds
        expectEqual(bounds.first { $0.part == "accept tableau" }?.steps, 8)
        expectEqual(rules.zones.count, 1)
    }

    private func lint(source: String) -> (diagnostics: [Diagnostic], bounds: [RuleBound]) {
        let (file, _) = Parser.parse(source)
        var checker = Checker(declarations: file.declarations, path: "t.patience")
        let game = checker.check()
        return (checker.diagnostics, game?.ruleBounds ?? [])
    }

    @Test func usesAndMemoryNamesAreChecked() {
        expectEqual(codes("memory m = 0\naccept tableau { require m < uses(nothing) }\nwon when m == 1\n"), [.unknownAction])
        expectEqual(codes("memory m = 0\naccept tableau {}\nwon when uses(m) == 1\n"), [.unknownAction])
        expectEqual(codes("memory m = 0\naccept tableau {}\neffect e { set n = 1 }\nwon when m == 1\n"), [.unknownMemory])
        expectContains(codes("memory m = 0\nzone m 1\naccept tableau {}\nwon when m == 1\n"), .duplicateDeclaration)
        expectEqual(codes("memory m = tableau.size\naccept tableau {}\nwon when m == 1\n"), [.nameUnavailableHere])
        expectEqual(codes("memory m = 0\naccept tableau { set m = 1 }\nwon when m == 1\n"), [.misplacedStatement])
    }
}
