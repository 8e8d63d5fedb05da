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

/// The small games that prove the constructs of state (memory, removals, shuffles, hidden zones), under `Tests/Fixtures/Constructs`.
enum ConstructGames {
    static func rules(_ name: String, options: [String: String] = [:]) throws -> GameRules {
        try GameCompiler.compile(path: TestPaths.fixture("Constructs/\(name).patience").path, options: options)
    }

    /// A game made of `body` after a small header of one deck, a stock and a waste.
    static func compile(_ body: String, decks: String = "decks 1") throws -> GameRules {
        try GameCompiler.compile(source: "game \"T\"\n\(decks)\n" + body)
    }

    static func pile(_ rules: GameRules, _ zone: String, _ index: Int = 1) -> Int {
        rules.pileIndex(of: PileID(zone: zone, index: index))!
    }
}

/// The meaning of `shuffle` (Grammar.md 9): seeded by the table, exact, keeping faces and sizes.
@Suite struct ShuffleTests {
    static let source = """
        zone stock 1
        zone waste 1
        zone tableau 3
        deal tableau 2 cards with top 1 face up
        deal stock rest face down
        lift waste {}
        accept waste {}
        action mix: tap stock { shuffle stock }
        action mixall: tap waste { shuffle tableau }
        won when waste.size == 52

        """

    @Test func shuffleIsSeededByTheDealAndTheCountOfShuffles() throws {
        let rules = try ConstructGames.compile(Self.source)
        let stock = ConstructGames.pile(rules, "stock")
        let dealt = try rules.deal(.seed(7))
        expectTrue(dealt.seed == 7 && dealt.shuffles == 0)
        let once = try rules.tapping(pile: stock, on: dealt)
        let again = try rules.tapping(pile: stock, on: dealt)
        // The same table shuffles the same way: replay and redo are exact.
        expectEqual(once, again)
        expectEqual(once.shuffles, 1)
        expectNotEqual(once.piles[stock].cards, dealt.piles[stock].cards)
        expectEqual(once.piles[stock].cards.map(\.card).sorted(), dealt.piles[stock].cards.map(\.card).sorted())
        // The next shuffle draws from the next seed, so it differs from the first.
        let twice = try rules.tapping(pile: stock, on: once)
        var expected = dealt.piles[stock].cards.map(\.card)
        var generator = SeededGenerator(seed: GameRules.shuffleSeed(seed: 7, shuffles: 0))
        generator.shuffle(&expected)
        expectEqual(once.piles[stock].cards.map(\.card), expected)
        expectTrue(twice.shuffles == 2 && twice.piles[stock].cards != once.piles[stock].cards)
        // Another deal's seed shuffles differently.
        let other = try rules.deal(.seed(8))
        #expect(try rules.tapping(pile: stock, on: other).shuffles == 1)
        expectNotEqual(GameRules.shuffleSeed(seed: 7, shuffles: 0), GameRules.shuffleSeed(seed: 8, shuffles: 0))
    }

    @Test func shuffleOfAZoneKeepsEveryPositionsFaceAndEveryPilesSize() throws {
        let rules = try ConstructGames.compile(Self.source)
        let waste = ConstructGames.pile(rules, "waste")
        let dealt = try rules.deal(.seed(3))
        let mixed = try rules.tapping(pile: waste, on: dealt)
        let tableau = rules.zones.first { $0.name == "tableau" }!.piles
        for pile in tableau {
            expectEqual(mixed.piles[pile].cards.map(\.isFaceUp), dealt.piles[pile].cards.map(\.isFaceUp))
        }
        let before = tableau.flatMap { dealt.piles[$0].cards.map(\.card) }
        let after = tableau.flatMap { mixed.piles[$0].cards.map(\.card) }
        expectTrue(before != after && before.sorted() == after.sorted())
        expectEqual(mixed.allCards.sorted(), rules.deck.sorted())
    }

    @Test func aShuffleOfOneCardChangesNothingAndIsRefusedAsAnAction() throws {
        let rules = try ConstructGames.compile(Self.source.replacingOccurrences(of: "deal stock rest face down", with: "deal waste 45 cards\ndeal stock rest face down"))
        let stock = ConstructGames.pile(rules, "stock")
        let dealt = try rules.deal(.seed(1))
        expectEqual(dealt.piles[stock].count, 1)
        #expect(throws: Refusal.self) { try rules.tapping(pile: stock, on: dealt) }
    }

    @Test func shuffleStateIsSavedAndOldSavesStillLoad() throws {
        let rules = try ConstructGames.compile(Self.source)
        var game = try Game(rules: rules, deal: .seed(5))
        try game.tap(PileID(zone: "stock", index: 1))
        let saved = try JSONEncoder().encode(game.state)
        let restored = try JSONDecoder().decode(GameState.self, from: saved)
        expectEqual(restored, game.state)
        expectTrue(restored.table.shuffles == 1 && restored.table.seed == 5)
        // A table written before memory and shuffles existed reads with none.
        let old = #"{"piles":[],"actionUses":[1]}"#
        let table = try JSONDecoder().decode(CardTable.self, from: Data(old.utf8))
        expectTrue(table.memory == [] && table.seed == 0 && table.shuffles == 0 && table.actionUses == [1])
    }

    @Test func shuffleIsAStatementOfActionsAndEffectsOnly() {
        let result = lintRuleSource("game \"T\"\ndecks 1\nzone stock 1\ndeal stock rest\nlift stock { shuffle stock }\nwon when stock.empty\n")
        expectEqual(result.diagnostics.map(\.code), [.misplacedStatement])
    }
}

/// `memory`, `set` and `uses` (Grammar.md 7.14, 4.3): kept by the table, set at the deal, read by rules.
@Suite struct MemoryTests {
    @Test func memorySetAtTheDealIsReadByTheRules() throws {
        let rules = try ConstructGames.rules("BaseCard")
        let table = try rules.deal(.seed(3))
        let foundation1 = ConstructGames.pile(rules, "foundation", 1)
        let base = table.piles[foundation1].cards[0].card.rank
        expectEqual(table.memory, [base, 0])
        expectEqual(rules.memorySlots.map(\.name), ["base", "shuffled"])
        // An empty foundation takes only a card of the base rank.
        var probe = table
        let tableau1 = ConstructGames.pile(rules, "tableau", 1)
        let foundation2 = ConstructGames.pile(rules, "foundation", 2)
        let other = rules.deck.first { $0.rank != base }!
        let same = rules.deck.first { $0.rank == base && $0 != table.piles[foundation1].cards[0].card }!
        probe.piles = probe.piles.map { Pile($0.cards.filter { $0.card != other && $0.card != same }) }
        probe.piles[tableau1].cards.append(PlacedCard(other, faceUp: true))
        let refused = rules.refusal(for: Move(source: tableau1, count: 1, destination: foundation2), on: probe)
        expectEqual(refused?.message, "an empty foundation takes the base card's rank")
        probe.piles[tableau1].cards.append(PlacedCard(same, faceUp: true))
        expectEqual(rules.refusal(for: Move(source: tableau1, count: 1, destination: foundation2), on: probe), nil)
        // Another memory value changes the verdict: the rules read the table's memory, not a constant.
        probe.memory[0] = other.rank
        expectNotEqual(rules.refusal(for: Move(source: tableau1, count: 1, destination: foundation2), on: probe), nil)
    }

    @Test func usesCountsAnActionsTurnsAndSetChangesMemoryUndoably() throws {
        let rules = try ConstructGames.rules("BaseCard")
        var game = try Game(rules: rules, deal: .seed(3))
        let stock = PileID(zone: "stock", index: 1)
        while !game.cards(in: stock).isEmpty { try game.tap(stock) }
        expectEqual(game.table.memory[1], 0)
        try game.tap(stock)
        // The redeal set the flag and shuffled the stock; `uses(redeal) < redeals` now refuses a second.
        expectEqual(game.table.memory[1], 1)
        expectEqual(game.table.shuffles, 1)
        let afterRedeal = game.table
        while !game.cards(in: stock).isEmpty { try game.tap(stock) }
        #expect(throws: Refusal.self) { try game.tap(stock) }
        for _ in 0..<40 where game.table != afterRedeal { game.undo() }
        expectEqual(game.table, afterRedeal)
        game.undo()
        expectTrue(game.table.memory[1] == 0 && game.table.shuffles == 0)
        game.redo()
        expectEqual(game.table, afterRedeal)
    }

    @Test func memoryIsPartOfTheTableThatIsComparedAndRestored() throws {
        let rules = try ConstructGames.rules("BaseCard")
        let table = try rules.deal(.seed(3))
        var changed = table
        changed.memory[1] = 1
        expectNotEqual(changed, table)
        expectEqual(rules.problem(forRestoring: changed), nil)
        changed.memory[1] = 2
        expectEqual(rules.problem(forRestoring: changed)?.code, .boardDoesNotFitZones)
        changed.memory = [1]
        expectEqual(rules.problem(forRestoring: changed)?.code, .boardDoesNotFitZones)
    }

    @Test func aConditionMemoryTakesOnlyConditions() {
        let result = lintRuleSource("""
            game "T"
            decks 1
            memory done = false
            zone stock 1
            deal stock rest
            action a: tap stock { set done = 3 }
            won when done

            """)
        expectEqual(result.diagnostics.map(\.code), [.typeMismatch])
        expectEqual(result.diagnostics.first?.message, "expected a condition, found a number")
    }

    @Test func aMemoryIsNotASetting() {
        let result = lintRuleSource("""
            game "T"
            decks 1
            memory n = 0
            zone stock n
            deal stock rest
            won when stock.empty

            """)
        expectContains(result.diagnostics.map(\.code), .nameUnavailableHere)
    }
}

/// Removals (Grammar.md 7.15, 10.3).
@Suite struct RemovalTests {
    @Test func removalsAreListedAppliedAndRefused() throws {
        let rules = try ConstructGames.rules("Thirteens")
        let table = try rules.deal(.seed(3))
        let notation = MoveNotation(rules: rules)
        let listed = rules.legalRemovals(on: table).map { notation.text(of: .remove(piles: $0)) }
        expectEqual(listed, ["remove(tableau[5])", "remove(tableau[9])", "remove(tableau[1]+tableau[2])", "remove(tableau[2]+tableau[10])"])
        let pair = [ConstructGames.pile(rules, "tableau", 1), ConstructGames.pile(rules, "tableau", 2)]
        let after = try rules.removing(piles: pair.reversed(), on: table)
        let discard = ConstructGames.pile(rules, "discard")
        // The two cards went to the discard pile in pile order, and the refill effect ran.
        expectEqual(after.piles[discard].cards.map(\.card), pair.map { table.piles[$0].top!.card })
        expectTrue(after.piles[pair[0]].count == 1 && after.piles[pair[1]].count == 1)
        expectEqual(after.allCards.sorted(), rules.deck.sorted())
        let refused = #expect(throws: Refusal.self) {
            try rules.removing(piles: [ConstructGames.pile(rules, "tableau", 4), ConstructGames.pile(rules, "tableau", 6)], on: table)
        }
        expectEqual(refused?.code, .removalRefused)
        expectEqual(refused?.message, "'pair' does not allow removing these cards")
        let stock = ConstructGames.pile(rules, "stock")
        #expect((try? rules.removing(piles: [stock], on: table)) == nil)
        #expect(throws: Refusal(code: .noRemovalHere, message: "no removal of the game takes the cards of stock")) {
            var open = table
            open.piles[stock].cards[open.piles[stock].count - 1].isFaceUp = true
            _ = try rules.removing(piles: [stock], on: open)
        }
        #expect(throws: Refusal(code: .faceDownInRun, message: "a face-down card cannot be removed")) {
            _ = try rules.removing(piles: [stock], on: table)
        }
        #expect(throws: Refusal.self) { try rules.removing(piles: [], on: table) }
        #expect(throws: Refusal.self) { try rules.removing(piles: [pair[0], pair[0]], on: table) }
        // The plays list the removals after the moves and taps.
        expectEqual(rules.legalPlays(on: table).map { notation.text(of: $0) }, listed)
    }

    @Test func aRemovalBindsItsVariablesInPileOrder() throws {
        let rules = try ConstructGames.compile("""
            zone tableau 4
            zone out 1 as hidden
            deal tableau 13 cards
            remove lower(a, b in tableau) to out when a.index < b.index and a.top.rank < b.top.rank
            won when out.size == 52

            """)
        let table = try rules.deal(.seed(2))
        for piles in rules.legalRemovals(on: table) {
            expectEqual(piles, piles.sorted())
            expectLess(table.piles[piles[0]].top!.card.rank, table.piles[piles[1]].top!.card.rank)
        }
        let all = (0..<4).flatMap { a in (a + 1..<4).map { [a, $0] } }
        expectEqual(rules.legalRemovals(on: table), all.filter { table.piles[$0[0]].top!.card.rank < table.piles[$0[1]].top!.card.rank })
    }

    @Test func removalsConserveTheCardsOverAPlayout() throws {
        let rules = try ConstructGames.rules("Thirteens")
        var generator = SeededGenerator(seed: 11)
        for deal in 1...5 {
            var game = try Game(rules: rules, deal: .seed(UInt64(deal)))
            var history: [CardTable] = [game.table]
            for _ in 0..<60 {
                let plays = game.legalPlays
                guard !plays.isEmpty else { break }
                try game.apply(plays[generator.nextIndex(below: plays.count)])
                expectEqual(game.table.allCards.sorted(), rules.deck.sorted())
                history.append(game.table)
            }
            // Undo walks back through every table, and redo forward again.
            for table in history.reversed().dropFirst() {
                game.undo()
                expectEqual(game.table, table)
            }
            while game.redo() {}
            expectEqual(game.table, history.last)
        }
    }

    @Test func wrongRemovalsAreFindings() {
        let header = "game \"T\"\ndecks 1\nzone tableau 2\nzone out 1 as hidden\ndeal tableau rest\n"
        func codes(_ line: String) -> [DiagnosticCode] { lintRuleSource(header + line + "\nwon when out.size == 52\n").diagnostics.map(\.code) }
        expectEqual(codes("remove r(a, a in tableau) to out"), [.invalidRemoval])
        expectEqual(codes("remove r(a, b, c in tableau) to out"), [.invalidRemoval])
        expectEqual(codes("remove r(a in tableau) to tableau"), [.deadZone, .zoneIsNotAPile])
        expectEqual(codes("remove r(a in talbeau) to out"), [.unknownZone])
        expectEqual(codes("remove r(a in tableau) to out when a.top"), [.typeMismatch])
        expectEqual(codes("remove r(a in tableau) to out when false"), [.alwaysFalse])
        expectEqual(codes("remove r(a in tableau) to out when a.top.rank == K"), [])
    }
}

/// Deals whose filter reads the dealt order (Grammar.md 7.5).
@Suite struct DealtOrderTests {
    static let source = """
        zone foundation 4
        zone stock 1
        deal foundation 1 card where all(f in foundation: f.empty or f.top.rank != card.rank) in dealt order
        deal stock rest face down
        lift foundation {}
        accept stock {}
        won when stock.size == 52

        """

    @Test func theFirstCardsOfDifferentRanksDealtGoToTheFoundations() throws {
        let rules = try ConstructGames.compile(Self.source)
        for seed in 1...20 {
            let order = shuffled(rules.deck, seed: UInt64(seed))
            let table = try rules.deal(.order(order))
            var expected: [Card] = []
            for card in order where !expected.contains(where: { $0.rank == card.rank }) && expected.count < 4 { expected.append(card) }
            let foundations = rules.zones[0].piles.map { table.piles[$0].top!.card }
            expectEqual(foundations, expected)
            // The stock keeps the other cards in the order dealt.
            expectEqual(table.piles[4].cards.map(\.card), order.filter { !expected.contains($0) })
        }
    }

    @Test func aDealtOrderLineNeedsARestLineAfterIt() {
        func codes(_ deal: String) -> [DiagnosticCode] {
            lintRuleSource("game \"T\"\ndecks 1\nzone foundation 4\nzone stock 1\n" + deal + "lift foundation {}\naccept stock {}\nwon when stock.size == 52\n")
                .diagnostics.map(\.code)
        }
        expectEqual(codes("deal foundation 1 card where card.rank > 10 in dealt order\ndeal stock 48 cards\n"), [.dealMismatch])
        expectEqual(codes("deal stock rest\ndeal foundation 1 card where card.rank > 10 in dealt order\n"), [.dealMismatch])
        expectEqual(codes("deal foundation 1 card where card.rank > 10 in dealt order\ndeal stock rest\n"), [])
        // A filter without `in dealt order` still cannot read the table.
        expectEqual(codes("deal foundation 1 card where foundation.empty\ndeal stock rest\n"), [.nameUnavailableHere])
    }
}

/// Decks with jokers, with cards left out and with aces high (Grammar.md 7.2), and `abs`.
@Suite struct DeckShapeTests {
    @Test func jokersAreAddedPerDeckAndAreWild() throws {
        let rules = try ConstructGames.compile("""
            zone tableau 2
            relation build = same suit down
            deal tableau rest
            lift tableau {}
            accept tableau { require builds(top, run.first, build) }
            won when tableau[1].top.joker and tableau[2].top == tableau[1].top

            """, decks: "decks 2 jokers 2")
        expectEqual(rules.deck.count, 108)
        expectEqual(rules.deck.filter(\.isJoker).count, 4)
        expectEqual(rules.cardOrder, CardOrder(acesHigh: false, hasJokers: true))
        let joker = Card.joker(0), seven = Card(rank: 7, suit: .hearts), two = Card(rank: 2, suit: .clubs)
        func table(_ lower: Card, _ upper: Card) -> CardTable {
            var piles = [Pile([PlacedCard(lower, faceUp: true)]), Pile([PlacedCard(upper, faceUp: true)])]
            piles[0].cards += rules.deck.filter { $0 != lower && $0 != upper }.map { PlacedCard($0, faceUp: false) }
            piles[0].cards.swapAt(0, piles[0].cards.count - 1)
            return CardTable(piles: piles, actionUses: [])
        }
        // A joker takes any card and goes on any card; two ordinary cards still need the relation.
        expectTrue(rules.allows(Move(source: 1, count: 1, destination: 0), on: table(joker, seven)))
        expectTrue(rules.allows(Move(source: 1, count: 1, destination: 0), on: table(seven, joker)))
        expectFalse(rules.allows(Move(source: 1, count: 1, destination: 0), on: table(seven, two)))
        var won = CardTable(piles: [Pile([PlacedCard(Card.joker(1), faceUp: true)]), Pile([PlacedCard(Card.joker(2), faceUp: true)])], actionUses: [])
        expectTrue(rules.isWon(won))
        won.piles[1] = Pile([PlacedCard(two, faceUp: true)])
        expectFalse(rules.isWon(won))
        expectEqual(Card.joker(0).description, "JK")
        expectTrue(CardOrder(hasJokers: true).rank(joker) == 0 && CardOrder(hasJokers: true).suit(joker) == 4)
    }

    @Test func aDeckFilterLeavesCardsOut() throws {
        let rules = try ConstructGames.compile("zone stock 1\ndeal stock rest\nwon when stock.size == 48\n", decks: "decks 1 where card.rank != A")
        expectEqual(rules.deck.count, 48)
        expectTrue(!rules.deck.contains { $0.rank == 1 })
        #expect(rules.isWon(try rules.deal(.seed(1))))
        let empty = lintRuleSource("game \"T\"\ndecks 1 where card.rank > 13\nzone stock 1\ndeal stock rest\nwon when stock.empty\n")
        expectContains(empty.diagnostics.map(\.code), .invalidDeck)
        let tooMany = lintRuleSource("game \"T\"\ndecks 1 jokers 5\nzone stock 1\ndeal stock rest\nwon when stock.empty\n")
        expectEqual(tooMany.diagnostics.map(\.code), [.invalidDeck])
        expectEqual(tooMany.diagnostics.first?.message, "a deck adds 0 to 4 jokers, not 5")
    }

    @Test func acesHighRankAboveKings() throws {
        let rules = try ConstructGames.compile("""
            zone tableau 2
            relation up = same suit up
            deal tableau rest
            lift tableau {}
            accept tableau { require builds(top, run.first, up) and (run.first.rank == A or run.first.rank < top.rank + 2) }
            won when tableau[1].top.rank == 14 and tableau[2].top.rank == A

            """, decks: "decks 1 aces high")
        let king = Card(rank: 13, suit: .spades), ace = Card(rank: 1, suit: .spades), two = Card(rank: 2, suit: .spades)
        func table(_ lower: Card, _ upper: Card) -> CardTable {
            var rest = rules.deck.filter { $0 != lower && $0 != upper }.map { PlacedCard($0, faceUp: false) }
            rest.append(PlacedCard(lower, faceUp: true))
            return CardTable(piles: [Pile(rest), Pile([PlacedCard(upper, faceUp: true)])], actionUses: [])
        }
        // The ace follows the king, and nothing follows the ace without `wrapping`.
        expectTrue(rules.allows(Move(source: 1, count: 1, destination: 0), on: table(king, ace)))
        expectFalse(rules.allows(Move(source: 1, count: 1, destination: 0), on: table(ace, two)))
        let order = CardOrder(acesHigh: true)
        expectTrue(order.rank(ace) == 14 && order.literal(rank: 1) == 14)
        expectTrue(order.builds(BuildRelation(suit: .sameSuit, step: .up, wraps: true), ace, two))
        expectFalse(order.builds(BuildRelation(suit: .sameSuit, step: .down, wraps: false), two, ace))
        expectTrue(rules.isWon(CardTable(piles: [Pile([PlacedCard(ace, faceUp: true)]), Pile([PlacedCard(Card(rank: 1, suit: .hearts), faceUp: true)])],
                                      actionUses: [])))
    }

    @Test func absIsTheDistanceFromZero() throws {
        let rules = try ConstructGames.compile("zone stock 1\ndeal stock rest\nwon when abs(stock.size - 60) == 8 and abs(3) == 3 and abs(-unlimited - 1) == unlimited\n")
        #expect(rules.isWon(try rules.deal(.seed(1))))
        expectEqual(lintRuleSource("game \"T\"\ndecks 1\nzone stock 1\ndeal stock rest\nwon when abs(stock) == 1\n").diagnostics.map(\.code), [.typeMismatch])
    }
}

/// Hidden zones and the score.
@Suite struct HiddenZoneAndScoreTests {
    @Test func aHiddenZoneIsLeftOutOfTextButNotOutOfJSON() throws {
        let rules = try ConstructGames.rules("Thirteens")
        var table = try rules.deal(.seed(3))
        table = try rules.removing(piles: [ConstructGames.pile(rules, "tableau", 5)], on: table)
        let listing = TableListing(rules: rules)
        expectNotContains(listing.text(of: table), "discard")
        expectContains(listing.json(of: table), #""address": "discard", "zone": "discard", "role": "hidden", "cards": [{"card": "KC", "face": "up"}]"#)
        expectTrue(rules.zones.last?.role == .hidden && !ZoneRole.hidden.isShown)
    }

    @Test func theScoreIsReadInTheWinConditionAndShown() throws {
        let rules = try ConstructGames.rules("BaseCard")
        let table = try rules.deal(.seed(3))
        expectEqual(rules.score(of: table), 1)
        expectContains(TableListing(rules: rules).text(of: table), "score: 1\nmemory: base=3 shuffled=0\n")
        var full = table
        let foundations = rules.zones.first { $0.name == "foundation" }!.piles
        full.piles = full.piles.indices.map { foundations.contains($0) ? Pile() : Pile() }
        full.piles[foundations.lowerBound].cards = rules.deck.map { PlacedCard($0, faceUp: true) }
        expectTrue(rules.score(of: full) == 52 && rules.isWon(full))
        let undeclared = lintRuleSource("game \"T\"\ndecks 1\nzone stock 1\ndeal stock rest\nwon when score > 1\n")
        expectEqual(undeclared.diagnostics.map(\.code), [.unknownName])
    }
}
