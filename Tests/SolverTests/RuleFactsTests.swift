import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceSolver
@testable import PatienceCommandLine

/// What `RuleFacts` reads from the bundled games and from small rule texts.
@Suite("Rule facts for the solver")
struct RuleFactsTests {
    private func rules(_ game: String, options: [String: String] = [:]) throws -> GameRules {
        try GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/\(game).patience").path, options: options)
    }

    private func zone(_ facts: RuleFacts, _ name: String) throws -> RuleFacts.ZoneFacts {
        try #require(facts.zones.first { $0.name == name })
    }

    @Test func freeCellPilesAreInterchangeableAndSuitsSymmetricByColour() throws {
        let facts = try rules("FreeCell").facts
        for name in ["cell", "foundation", "tableau"] {
            #expect(try zone(facts, name).pilesAreInterchangeable, "\(name)")
        }
        expectEqual(facts.suitSymmetry, .colourClasses)
        #expect(try zone(facts, "foundation").givesCards)
        #expect(try zone(facts, "tableau").liftIsPrefixClosed)
        #expect(try zone(facts, "tableau").buildsOnTop == [BuildRelation(suit: .alternateColour, step: .down, wraps: false)])
        #expect(try zone(facts, "foundation").buildsOnTop == [BuildRelation(suit: .sameSuit, step: .up, wraps: false)])
        let fill = try #require(facts.winFills)
        expectTrue(facts.zones[fill.zone].name == "foundation" && fill.cards == 13 && !fill.wholeZone)
        expectTrue(facts.effectsOnlyFlip)
        expectFalse(facts.readsFaces)
    }

    @Test func spiderTableauIsDealtInOrderSoItsPilesAreNot() throws {
        let facts = try rules("Spider").facts
        #expect(!(try zone(facts, "tableau").pilesAreInterchangeable))
        #expect(try zone(facts, "foundation").pilesAreInterchangeable)
        expectEqual(facts.suitSymmetry, .anySuit)
        expectFalse(facts.effectsOnlyFlip)
        #expect(try zone(facts, "tableau").isChangedByActionsOrEffects)
        expectTrue(facts.readsFaces)
    }

    /// `RuleFacts.stockTurn`: Klondike's stock without a limit on the redeals, at a draw of one or
    /// three; not with a limit, where a guard reads more than emptiness, nor where the actions
    /// deal anywhere else (Spider).
    @Test func aStockTurnedOneCardAtATimeIsKnown() throws {
        let facts = try rules("Klondike").facts
        let turn = try #require(facts.stockTurn)
        expectEqual([facts.zones[turn.stock].name, facts.zones[turn.waste].name], ["stock", "waste"])
        expectEqual(turn.count, 1)
        expectEqual(try rules("Klondike", options: ["draw": "3"]).facts.stockTurn?.count, 3)
        expectTrue(try rules("Klondike", options: ["redeals": "2"]).facts.stockTurn == nil)
        expectTrue(try rules("Spider").facts.stockTurn == nil)
        let text = try String(contentsOfFile: TestPaths.rules("Klondike"), encoding: .utf8)
        let guarded = text.replacingOccurrences(of: "action draw: tap stock when not stock.empty", with: "action draw: tap stock when waste.size < 5")
        expectFalse(guarded == text)
        expectTrue(try GameCompiler.compile(source: guarded).facts.stockTurn == nil)
        let anyGuard = text.replacingOccurrences(of: "when not stock.empty", with: "when not (stock.empty or waste.empty) or waste.empty")
        expectTrue(try GameCompiler.compile(source: anyGuard).facts.stockTurn != nil)
    }

    @Test func klondikeLimitsComeFromTheOptions() throws {
        #expect(try rules("Klondike").facts.actionLimits == [.none, .none])
        #expect(try rules("Klondike", options: ["redeals": "2"]).facts.actionLimits == [.none, .constant(2)])
        let facts = try rules("Klondike").facts
        expectEqual(facts.tappedZones.map { facts.zones[$0].name }, ["stock", "stock"])
        #expect(try zone(facts, "waste").isChangedByActionsOrEffects)
        #expect(!(try zone(facts, "tableau").isChangedByActionsOrEffects))
    }

    @Test func golfIsWonByEmptyingItsTableau() throws {
        let facts = try rules("Golf").facts
        let fill = try #require(facts.winFills)
        expectTrue(facts.zones[fill.zone].name == "tableau" && fill.cards == 0)
        #expect(try zone(facts, "waste").buildsOnTop == [BuildRelation(suit: .anySuit, step: .upOrDown, wraps: false)])
        #expect(!(try zone(facts, "waste").givesCards))
        #expect(!(try zone(facts, "waste").readsBelowTop))
        #expect(try zone(facts, "tableau").readsBelowTop == false)
        #expect(try zone(try rules("Spider").facts, "tableau").readsBelowTop)
        let wrapping = try rules("Golf", options: ["wrap": "true"]).facts
        #expect(try zone(wrapping, "waste").buildsOnTop == [BuildRelation(suit: .anySuit, step: .upOrDown, wraps: true)])
    }

    @Test func canfieldNamesItsFirstFoundation() throws {
        let facts = try rules("Canfield").facts
        #expect(!(try zone(facts, "foundation").pilesAreInterchangeable))
        #expect(try zone(facts, "waste").buildsOnTop == nil)
    }

    @Test(arguments: [
        ("require run.first.suit != spades", RuleFacts.SuitSymmetry.none),
        ("require run.first.color == red", .withinColour),
        ("require run.first.color != top.color", .colourClasses),
        ("require run.first.suit == top.suit", .anySuit),
    ])
    func suitSymmetryFollowsWhatTheRulesCompare(clause: String, expected: RuleFacts.SuitSymmetry) throws {
        let source = """
            game "Test"
            decks 1
            zone foundation 4
            zone tableau 4
            deal tableau 13 cards face up
            lift tableau { require run.size == 1 }
            accept foundation {
              if not pile.empty {
                \(clause)
              }
            }
            won when all(f in foundation: f.size == 13)
            """
        let facts = try GameCompiler.compile(source: source).facts
        expectEqual(facts.suitSymmetry, expected)
        expectEqual(facts.zones.first { $0.name == "foundation" }?.buildsOnTop, nil)
    }

    @Test func klondikeAndFreeCellFoundationsGiveOneCardBackAndTakeAnyBuild() throws {
        for game in ["Klondike", "FreeCell"] {
            let foundation = try zone(rules(game).facts, "foundation")
            expectTrue(foundation.liftTakesOneCard, "\(game)")
            expectTrue(foundation.acceptsAnyBuildOnTop, "\(game)")
            expectTrue(foundation.pilesAreInterchangeable, "\(game)")
        }
        // The tableau lifts runs.
        expectFalse(try zone(rules("Klondike").facts, "tableau").liftTakesOneCard)
    }

    /// A condition past the relation on the way to a pile with cards (where the card comes
    /// from, what else is on the table) means a card that builds may still be refused.
    @Test(arguments: [
        ("require builds(top, run.first, home)", true),
        ("require run.size == 1\n    require builds(top, run.first, home)", true),
        ("require builds(top, run.first, home)\n    require not (source in cell)", false),
        ("require builds(top, run.first, home) and cell[1].empty", false),
        ("require builds(top, run.first, home) or builds(top, run.first, down)", false),
    ])
    func aFoundationTakesAnyBuildOnlyByTheRelationAlone(clauses: String, expected: Bool) throws {
        let source = """
            game "Test"
            decks 1
            zone cell 2
            zone foundation 4
            zone tableau 4
            deal tableau 13 cards face up
            relation home = same suit up
            relation down = any suit down
            lift tableau { require run.size == 1 }
            lift foundation { require run.size == 1 }
            accept cell { require pile.empty }
            accept foundation {
              if pile.empty {
                require run.first.rank == A
              } else {
                \(clauses)
              }
            }
            accept tableau { require builds(top, run.first, down) }
            won when all(f in foundation: f.size == 13)
            """
        let foundation = try #require(try GameCompiler.compile(source: source).facts.zones.first { $0.name == "foundation" })
        expectEqual(foundation.acceptsAnyBuildOnTop, expected, "\(clauses)")
        expectTrue(foundation.liftTakesOneCard)
    }

    @Test func aSubscriptOrAnIndexTellsPilesApart() throws {
        let source = """
            game "Test"
            decks 1
            zone cell 2
            zone tableau 4
            deal tableau 13 cards face up
            lift tableau { require run.size == 1 }
            accept cell { require pile.empty and cell[1].empty }
            accept tableau { require pile.index > 1 }
            won when all(t in tableau: t.empty)
            """
        let facts = try GameCompiler.compile(source: source).facts
        expectTrue(facts.zones.allSatisfy { !$0.pilesAreInterchangeable })
    }

    @Test func klondikeActionsAreIsolatedFromItsOtherRules() throws {
        let facts = try rules("Klondike").facts
        expectEqual(facts.actionZones.map { facts.zones[$0].name }, ["stock", "waste"])
        expectTrue(facts.actionsAreIsolated)
        // Spider's deal fills the tableau, and its guard reads it: every move there depends on the taps.
        let spider = try rules("Spider").facts
        expectTrue(spider.actionZones.map { spider.zones[$0].name }.contains("tableau"))
    }

    @Test(arguments: [
        // Another zone's rule reads the waste: a tableau move may depend on where the stock stands.
        ("accept tableau { require waste.empty }", false),
        // A rule counts the draws.
        ("accept tableau { require uses(draw) < 3 }", false),
        // No other rule names them (and below, the win condition naming the stock breaks it).
        ("", true),
    ])
    func actionsAreIsolatedOnlyWhenNoOtherRuleNamesTheirZones(rule: String, isolated: Bool) throws {
        let source = """
            game "Test"
            decks 1
            zone stock 1
            zone waste 1
            zone tableau 4
            deal tableau 4 cards face up
            deal stock rest face down
            lift tableau { require run.size == 1 }
            lift waste { require run.size == 1 }
            \(rule)
            action draw: tap stock when not stock.empty {
              deal 1 from stock to waste face up
            }
            won when all(t in tableau: t.empty)
            """
        expectEqual(try GameCompiler.compile(source: source).facts.actionsAreIsolated, isolated, "\(rule)")
        let named = source.replacingOccurrences(of: "won when all(t in tableau: t.empty)", with: "won when stock.empty and all(t in tableau: t.empty)")
        expectFalse(try GameCompiler.compile(source: named).facts.actionsAreIsolated)
    }
}
