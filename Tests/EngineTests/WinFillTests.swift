import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler

/// `isWon` answers a win condition that asks a zone to fill up (`RuleFacts.winFills`) by counting
/// the zone's cards; the evaluator judging the rule itself (`winConditionHolds`) must agree on
/// every table: the deal, the zone filled as asked, and the filled zone one card short or over.
@Suite struct WinFillTests {
    /// The tables to judge for a game whose win fills `fill`: every card of the deal moved into the
    /// zone as the condition asks (the rest on a pile outside it), then that table with a card
    /// moved out of the zone or into it.
    static func tables(_ rules: GameRules, _ fill: RuleFacts.WinFill, deal: CardTable) -> [CardTable] {
        let zone = rules.zones[fill.zone].piles
        guard let outside = (0..<rules.pileCount).first(where: { !zone.contains($0) }) else { return [deal] }
        var cards = deal.piles.flatMap(\.cards).map { PlacedCard($0.card, faceUp: true) }
        var filled = deal
        for p in filled.piles.indices { filled.piles[p].cards = [] }
        for p in zone {
            let n = fill.wholeZone ? (p == zone.lowerBound ? fill.cards : 0) : fill.cards
            let taken = min(n, cards.count)
            filled.piles[p].cards = Array(cards.prefix(taken))
            cards.removeFirst(taken)
        }
        filled.piles[outside].cards = cards
        var short = filled
        if let p = zone.first(where: { !short.piles[$0].cards.isEmpty }), let card = short.piles[p].cards.popLast() {
            short.piles[outside].cards.append(card)
        }
        var over = filled
        if let card = over.piles[outside].cards.popLast() { over.piles[zone.lowerBound].cards.append(card) }
        return [deal, filled, short, over]
    }

    @Test func theCountOfAFilledZoneAnswersAsTheRuleDoes() throws {
        var games = 0, won = 0, notWon = 0
        for file in TestPaths.ruleFiles {
            guard let rules = try? GameCompiler.compile(path: TestPaths.rules.appendingPathComponent(file).path),
                  let fill = rules.facts.winFills, let deal = try? rules.deal(.seed(7)) else { continue }
            games += 1
            for table in Self.tables(rules, fill, deal: deal) {
                let holds = rules.winConditionHolds(table)
                #expect(rules.isWon(table) == holds, "\(file): the count says \(rules.isWon(table)), the rule \(holds)")
                if holds { won += 1 } else { notWon += 1 }
            }
        }
        // Most bundled games win by filling a zone; both answers must have come up many times.
        #expect(games > 150)
        #expect(won > 100)
        #expect(notWon > 300)
    }
}
