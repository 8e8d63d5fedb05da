import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceLanguage
@testable import PatienceChecking

/// What the checker says about rules serving several zones, `pile in zone` and conditional
/// relations (Grammar.md 6.1, 6.3, 7.8–7.10), and about zones of up to 104 piles.
@Suite struct ZoneConstructCheckingTests {
    static let game = """
        game "T"
        decks 1
        zone stock 1
        zone reserve 4
        zone tableau 4
        deal tableau 1 card
        deal reserve 1 card
        deal stock rest
        relation up_suit = same suit up
        relation down_suit = same suit down
        lift reserve, tableau {}

        """

    private func findings(_ body: String) -> [String] {
        lintRuleSource(Self.game + body + "\nwon when stock.empty\n").diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column)-\($0.range.end.column) \($0.code.rawValue) \($0.message)"
        }
    }

    @Test func theConstructsCheckClean() {
        expectEqual(findings("""
            accept tableau, stock {
              require not (source in tableau) and (source in reserve or pile in tableau)
              require builds(top, run.first, if pile.index <= 2 then up_suit else down_suit)
              require sequence(run, if stock.empty then up_suit else (if pile.index == 1 then down_suit else up_suit))
            }
            capacity tableau, stock = 1
            """), [])
    }

    @Test func aZoneServedTwiceIsADuplicate() {
        expectEqual(findings("accept tableau, tableau {}"), ["12:17-24 P0304 accept tableau is declared twice"])
        expectEqual(findings("accept tableau {}\naccept stock, tableau {}"), ["13:15-22 P0304 accept tableau is declared twice"])
    }

    @Test func anUnknownZoneInTheListIsReported() {
        expectEqual(findings("accept tableau, tablaeu {}"), ["12:17-24 P0305 there is no zone 'tablaeu'"])
    }

    @Test func membershipNeedsAPileAndAZone() {
        expectEqual(findings("accept tableau { require source in 3 }"),
                    ["12:36-37 P0401 'in' tests whether a pile lies in a zone, but this is a number"])
        expectEqual(findings("accept tableau { require run.size in tableau }"), ["12:26-34 P0401 expected a pile, found a number"])
    }

    @Test func aConditionalRelationNeedsRelationsInBothBranches() {
        expectEqual(findings("accept tableau { require builds(top, run.first, if pile.index <= 2 then up_suit else 3) }"),
                    ["12:49-87 P0401 both branches must have the same type, but one is a build relation and the other a number"])
    }

    @Test func aZoneHasUpTo104Piles() {
        let wide = "game \"W\"\ndecks 2\nzone square 104 as tableau\ndeal square 1 card\nlift square {}\nwon when square.empty\n"
        expectEqual(lintRuleSource(wide).diagnostics.map(\.message), [])
        let wider = wide.replacingOccurrences(of: "104", with: "105")
        expectEqual(lintRuleSource(wider).diagnostics.map(\.message).first, "a zone has 1 to 104 piles, not 105")
    }
}
