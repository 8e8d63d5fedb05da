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
@testable import PatienceCommandLine


// The checker and evaluator behaviour that Grammar.md describes, pinned where it can be observed
// without the move engine: types, names, arithmetic, faults, relations, decks, deals, limits and variants.

// MARK: Helpers

/// A small game; `won when` is added by each test and is what the tests evaluate.
private let baseGame = """
    game "T"
    decks 1
    option big: 0 ... 10 | unlimited = unlimited
    option small: 0 ... 10 = 7
    zone stock 1
    zone waste 1
    zone foundation 4
    deal stock rest face down
    lift waste {}
    accept foundation { require builds(top, run.first, home) }
    relation home = same suit up
    let limits = big + small

    """

/// The codes of the errors and warnings a source text gets from the parser and the checker.
private func findings(_ source: String, options: [String: String] = [:]) -> [String] {
    compile(source, options: options).diagnostics.map(\.code.rawValue)
}

private func compile(_ source: String, options: [String: String] = [:]) -> (rules: GameRules?, diagnostics: [Diagnostic]) {
    let (file, parseDiagnostics) = Parser.parse(source, path: "t.patience")
    var checker = Checker(declarations: file.declarations, path: "t.patience", options: options)
    let rules = checker.check().map { RulesCompiler().compile($0) }
    return (rules, parseDiagnostics + checker.diagnostics)
}

private enum Outcome: Equatable {
    case holds
    case fails
    case fault(String)
    case errors([String])
}

/// Checks `baseGame` with `won when condition` and evaluates the condition on a table whose
/// stock holds `stockCards` face-down cards and whose waste holds `waste` face up.
private func outcome(of condition: String, declarations: String = "", stockCards: Int = 0, waste: [Card] = []) -> Outcome {
    let (rules, diagnostics) = compile(baseGame + declarations + "\nwon when " + condition)
    let errors = diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)
    guard let rules, errors.isEmpty else { return .errors(errors) }
    var piles = Array(repeating: Pile(), count: rules.pileCount)
    let stock = rules.pileIndex(of: PileID(zone: "stock", index: 1))!
    let wastePile = rules.pileIndex(of: PileID(zone: "waste", index: 1))!
    piles[stock] = Pile(rules.deck.prefix(stockCards).map { PlacedCard($0, faceUp: false) })
    piles[wastePile] = Pile(waste.map { PlacedCard($0, faceUp: true) })
    return Frame.judging(CardTable(piles: piles, actionUses: [])) { frame in
        do throws(EvaluationFault) {
            return try rules.win(&frame) ? .holds : .fails
        } catch {
            return .fault(rules.faultSites[error.site].code.rawValue)
        }
    }
}

// MARK: Arithmetic

@Suite struct ArithmeticTests {
    /// Each condition is evaluated at run time (options and sizes are not constants) and must hold.
    @Test(arguments: [
        "big + 1 == unlimited",                 // saturates instead of overflowing
        "big * big == unlimited",
        "-big - 2 == -big - 1 - 1 and -big - 1 - 1 < -big",
        "2 ^ (small * 10) == unlimited",        // 2^70 saturates
        "2 ^ (small * 9) == unlimited and 2 ^ (small * 9 - 1) == unlimited / 2 + 1",  // 2^63 saturates; 2^62 does not
        "2 ^ (small - 8) == 0 and 2 ^ (small - 7) == 1 and 2 ^ (small - 4) == 8",       // base 2, shifted
        "small / 2 == 3 and -small / 2 == -3",  // division truncates toward zero
        "small % 3 == 1 and -small % 3 == -1",  // the remainder takes the dividend's sign
        "small % -1 == 0",
        "small ^ -1 == 0 and (small - 6) ^ -1 == 1 and (small - 8) ^ -1 == -1 and (small - 8) ^ -2 == 1",  // a negative exponent gives 0, even for base 1
        "small ^ 0 == 1 and (small - 7) ^ 0 == 1",
        "-small ^ 2 == -49 and (-small) ^ 2 == 49",                     // unary minus binds tighter than ^
        "2 ^ 3 ^ (small - 5) == 512",           // ^ is right-associative: 2 ^ (3 ^ 2)
        "K - A == 12 and Q == 12 and J + 1 == 12",
        "min(small, 3) == 3 and max(small, 30) == 30",
    ])
    func runTimeArithmetic(condition: String) {
        expectEqual(outcome(of: condition), .holds)
    }

    @Test func divisionByZeroIsAFaultAtRunTime() {
        expectEqual(outcome(of: "small / stock.size == 1"), .fault("P0616"))
        expectEqual(outcome(of: "small % stock.size == 1"), .fault("P0616"))
        expectEqual(outcome(of: "small / stock.size == 7", stockCards: 1), .holds)
    }

    @Test func constantDivisionByZeroIsACheckError() {
        expectEqual(outcome(of: "7 / (2 - 2) == small"), .errors(["P0616"]))
        // With one operand not a constant, the division is only checked when it runs.
        expectEqual(outcome(of: "small / (2 - 2) == 1"), .fault("P0616"))
    }

    @Test func saturatingHelpers() {
        expectEqual(Arithmetic.add(Int.max, 1), Int.max)
        expectEqual(Arithmetic.add(Int.min, -1), Int.min)
        expectEqual(Arithmetic.subtract(Int.min, 1), Int.min)
        expectEqual(Arithmetic.multiply(Int.max, -2), Int.min)
        expectEqual(Arithmetic.power(-2, 63), Int.min)
        expectEqual(Arithmetic.power(3, 4), 81)
    }
}

// MARK: Reading cards and faults

@Suite struct CardReadingTests {
    @Test func readingAMissingCardIsAFault() {
        expectEqual(outcome(of: "waste.top.rank == 1"), .fault("P0610"))
        expectEqual(outcome(of: "waste.bottom.rank == 1"), .fault("P0610"))
        expectEqual(outcome(of: "waste[1].cards.first.rank == 1"), .fault("P0610"))
        expectEqual(outcome(of: "top(waste, 9)[small].rank == 1", waste: [Card(rank: 1, suit: .hearts)]), .fault("P0610"))
        expectEqual(outcome(of: "foundation[small - 6 + stock.size].empty", stockCards: 4), .fault("P0610"))
        expectEqual(outcome(of: "first(f in foundation: not f.empty).empty"), .fault("P0610"))
    }

    @Test func pileAndRunProperties() {
        let waste = [Card(rank: 1, suit: .hearts), Card(rank: 12, suit: .spades)]
        expectEqual(outcome(of: "waste.top == QS and waste.bottom == AH and waste.top.color == black", waste: waste), .holds)
        expectEqual(outcome(of: "waste.size == 2 and waste.count == 2 and waste.facedown == 0", waste: waste), .holds)
        expectEqual(outcome(of: "stock.facedown == 3 and not stock.cards.faceup", stockCards: 3), .holds)
        expectEqual(outcome(of: "waste[1].cards.size == 2 and waste[1].cards.last.rank == Q and waste[1][1].suit == hearts", waste: waste), .holds)
        expectEqual(outcome(of: "waste[1].cards.faceup and not stock[1].cards.faceup", stockCards: 1, waste: waste), .holds)
        expectEqual(outcome(of: "top(waste, 1).first == QS and top(waste, 9).size == 2 and top(waste, -1).empty", waste: waste), .holds)
        expectEqual(outcome(of: "waste.index == 1 and foundation[3].index == 3", waste: waste), .holds)
        expectEqual(outcome(of: "waste.top.colour == black and waste.top.suit.colour == black and hearts.color == red", waste: waste), .holds)
    }

    @Test func zoneProperties() {
        expectEqual(outcome(of: "foundation.piles == 4 and foundation.size == 0 and foundation.empty"), .holds)
        // On a zone of one pile every pile property reaches the pile, `cards` included.
        expectEqual(outcome(of: "stock.size == 5 and stock.cards.size == 5 and stock.piles == 1", stockCards: 5), .holds)
        expectEqual(outcome(of: "stock[1].cards == 5", stockCards: 5), .errors(["P0403"]))
        // Other pile properties reach the one pile.
        expectEqual(outcome(of: "stock.size == 5 and stock.facedown == 5", stockCards: 5), .holds)
        // On a zone of several piles `size` is the total number of cards, and pile properties are refused.
        expectEqual(outcome(of: "foundation.size == 0"), .holds)
        expectEqual(outcome(of: "foundation.top.rank == 1"), .errors(["P0302"]))
    }

    @Test func cardsCompareByRankAndSuit() {
        let (rules, _) = compile(baseGame.replacingOccurrences(of: "decks 1", with: "decks 2") + "won when waste.top == waste.bottom")
        let table = CardTable(
            piles: [Pile(), Pile([PlacedCard(Card(rank: 5, suit: .clubs, copy: 0), faceUp: true),
                                  PlacedCard(Card(rank: 5, suit: .clubs, copy: 1), faceUp: true)]), Pile(), Pile(), Pile(), Pile()],
            actionUses: [])
        #expect(Frame.judging(table) { frame in (try? rules?.win(&frame)) == true })
    }

    @Test func quantifiers() {
        let waste = [Card(rank: 3, suit: .hearts), Card(rank: 4, suit: .spades), Card(rank: 5, suit: .hearts)]
        expectEqual(outcome(of: "all(f in foundation: f.empty) and not any(f in foundation: not f.empty)"), .holds)
        expectEqual(outcome(of: "count(c in waste[1]: c.color == red) == 2 and sum(c in waste[1].cards: c.rank) == 12", waste: waste), .holds)
        expectEqual(outcome(of: "first(c in top(waste, 3): c.suit == spades).rank == 4", waste: waste), .holds)
        expectEqual(outcome(of: "first(f in foundation: f.empty).index == 1"), .holds)
        expectEqual(outcome(of: "all(c in waste[1]: c.rank > 9) and count(c in waste[1]: true) == 0 and sum(c in waste[1]: c.rank) == 0"), .holds)
        expectEqual(outcome(of: "any(c in waste[1]: true)"), .fails)
        // A zone, even of one pile, is iterated pile by pile.
        expectEqual(outcome(of: "count(p in waste: p.size == 3) == 1", waste: waste), .holds)
        expectEqual(outcome(of: "count(c in waste: c.rank == 3) == 1"), .errors(["P0302"]))
        expectEqual(outcome(of: "all(x in 3: true)"), .errors(["P0401"]))
        expectEqual(outcome(of: "count(c in waste[1]: c.rank) == 1"), .errors(["P0401"]))
    }
}

// MARK: Types and names

@Suite struct TypeAndNameTests {
    @Test(arguments: [
        ("1 == true", "P0403"), ("red == hearts", "P0403"), ("waste.top == 3", "P0403"), ("1 < true", "P0401"),
        ("red + 1 == 2", "P0401"), ("not 1", "P0401"), ("1 and true", "P0401"), ("waste[1]", "P0401"),
        ("hearts[1] == 1", "P0403"), ("foundation.top.rank == 1", "P0302"), ("builds(waste.top, waste.top, 3)", "P0401"),
        ("sequence(waste, home, home)", "P0402"), ("sorted(waste)", "P0303"), ("nothing", "P0301"),
        ("foundation[5].empty", "P0405"), ("foundation[0].empty", "P0405"), ("run.empty", "P0308"),
        ("foundation == waste", "P0404"), ("[hearts] == [hearts]", "P0403"), ("[1] == [hearts]", "P0401"),
    ])
    func typeErrors(condition: String, code: String) {
        expectEqual(outcome(of: condition), .errors([code]))
    }

    @Test func aConditionalsBranchesMustAgreeEvenWhenTheConditionIsConstant() {
        expectEqual(outcome(of: "(if true then 1 else red) == 1"), .errors(["P0401"]))
        expectEqual(outcome(of: "(if true then 1 else 2) == 1"), .holds)
        expectEqual(outcome(of: "(if small > 3 then hearts else spades) == hearts"), .holds)
    }

    @Test func aOnePileZoneIsAPile() {
        expectEqual(outcome(of: "stock != waste and stock == stock[1] and waste == waste"), .holds)
        expectEqual(outcome(of: "(if small > 3 then stock else waste) == stock"), .holds)
        expectEqual(outcome(of: "(if small > 3 then foundation else waste) == waste"), .errors(["P0404"]))
    }

    @Test func definitionsAreGlobalAndNotRecursive() {
        expectEqual(outcome(of: "x == 7", declarations: "let x = small"), .holds)
        expectEqual(outcome(of: "x", declarations: "let x = all(f in foundation: f.empty)"), .holds)
        expectEqual(outcome(of: "x == 1", declarations: "let x = y\nlet y = x"), .errors(["P0306"]))
        expectEqual(outcome(of: "x == 1", declarations: "let x = run.size"), .errors(["P0308"]))
        expectEqual(outcome(of: "x == 1", declarations: "let x = pile.size"), .errors(["P0308"]))
    }

    @Test func settingsMayUseOnlyOptionsAndLiterals() {
        let game = baseGame.replacingOccurrences(of: "zone foundation 4", with: "zone foundation small - 3")
        expectTrue(findings(game + "won when true").filter { $0 != "P0510" }.isEmpty)
        // Zone and deck counts may use only options and literals; zones and definitions are unavailable there.
        expectContains(findings(game.replacingOccurrences(of: "small - 3", with: "stock.size") + "won when true"), "P0308")
        expectContains(findings(game.replacingOccurrences(of: "small - 3", with: "x") + "let x = 4\nwon when true"), "P0308")
    }

    @Test func contextNamesBelongToTheirRules() {
        expectContains(findings(baseGame + "lift stock { require top.rank == 1 }\nwon when true"), "P0308")
        expectContains(findings(baseGame + "lift stock { require source.empty }\nwon when true"), "P0308")
        expectContains(findings(baseGame + "action a: tap stock when run.size == 1 {}\nwon when true"), "P0308")
        expectNotContains(findings(baseGame + "capacity foundation = run.size + source.size + top.rank + pile.size\nwon when true"), "P0308")
        expectNotContains(findings(baseGame + "action a: tap stock when pile.size > 0 {}\nwon when true"), "P0308")
    }

    /// Names share one space: declaring one name twice, across kinds, is an error; a bound variable
    /// may hide a declared name, with a warning.
    @Test func nameResolutionOrder() {
        expectEqual(outcome(of: "true", declarations: "option waste: 3 = 3"), .errors(["P0304"]))
        expectEqual(outcome(of: "waste.empty", declarations: "let waste = 3"), .errors(["P0304"]))
        expectEqual(outcome(of: "true", declarations: "let run = 3"), .errors(["P0308"]))
        expectContains(findings(baseGame + "won when any(waste in foundation: waste.empty)"), "P0310")
    }

    @Test func statementsBelongToTheirBodies() {
        expectContains(findings(baseGame + "effect e { require true }\nwon when true"), "P0205")
        expectContains(findings(baseGame + "lift stock { flip stock }\nwon when true"), "P0205")
        expectContains(findings(baseGame + "accept waste { move 1 from stock to waste }\nwon when true"), "P0205")
        expectContains(findings(baseGame + "effect e { for f in 3 { flip f } }\nwon when true"), "P0401")
        expectContains(findings(baseGame + "effect e { flip foundation }\nwon when true"), "P0404")
    }

    @Test func constantConditionsAreLinted() {
        expectEqual(findings(baseGame + "lift stock { require 1 < 2 }\nwon when false"), ["P0510", "P0505"])
        expectEqual(findings(baseGame + "lift stock { require stock.size < 0 }\nwon when stock.empty"), ["P0505"])
        expectEqual(findings(baseGame + "capacity waste = 0\nwon when stock.empty"), ["P0505"])
    }
}

// MARK: Relations

@Suite struct BuildRelationTests {
    private static let fiveOfHearts = Card(rank: 5, suit: .hearts)

    @Test(arguments: [
        (SuitRelation.sameSuit, Suit.hearts, true), (.sameSuit, .diamonds, false),
        (.alternateColour, .spades, true), (.alternateColour, .diamonds, false), (.alternateColour, .hearts, false),
        (.sameColour, .diamonds, true), (.sameColour, .hearts, true), (.sameColour, .clubs, false),
        (.anySuit, .clubs, true), (.anySuit, .hearts, true),
        (.otherSuit, .diamonds, true), (.otherSuit, .spades, true), (.otherSuit, .hearts, false),
    ])
    func suitRelations(suit: SuitRelation, upperSuit: Suit, builds: Bool) {
        let relation = BuildRelation(suit: suit, step: .anyRank, wraps: false)
        expectEqual(relation.builds(Self.fiveOfHearts, Card(rank: 9, suit: upperSuit)), builds)
    }

    /// `(step, wraps, lower rank, upper rank, builds)`: whether `upper` may lie on `lower`.
    @Test(arguments: [
        (RankStep.down, false, 5, 4, true), (.down, false, 5, 6, false), (.down, false, 1, 13, false), (.down, true, 1, 13, true),
        (.down, true, 13, 1, false), (.up, false, 5, 6, true), (.up, false, 5, 4, false), (.up, false, 13, 1, false),
        (.up, true, 13, 1, true), (.up, true, 1, 13, false), (.upOrDown, false, 5, 4, true), (.upOrDown, false, 5, 6, true),
        (.upOrDown, false, 5, 5, false), (.upOrDown, false, 13, 1, false), (.upOrDown, true, 13, 1, true),
        (.upOrDown, true, 1, 13, true), (.sameRank, false, 5, 5, true), (.sameRank, true, 5, 6, false),
        (.anyRank, false, 1, 13, true), (.anyRank, false, 7, 7, true),
    ])
    func rankSteps(step: RankStep, wraps: Bool, lower: Int, upper: Int, builds: Bool) {
        let relation = BuildRelation(suit: .anySuit, step: step, wraps: wraps)
        expectEqual(relation.builds(Card(rank: lower, suit: .clubs), Card(rank: upper, suit: .hearts)), builds)
    }

    @Test func sequenceChecksEachCardOnTheOneBelow() {
        let run = [Card(rank: 9, suit: .spades), Card(rank: 8, suit: .hearts), Card(rank: 7, suit: .clubs)]
        let declarations = "relation alt = alternate colour down\nrelation dn = any suit up"
        expectEqual(outcome(of: "sequence(waste, alt) and sequence(top(waste, 1), dn) and not sequence(waste, dn)",
                        declarations: declarations, waste: run), .holds)
        expectEqual(outcome(of: "builds(waste.bottom, waste[1][2], alt) and not builds(waste[1][2], waste.bottom, alt)",
                        declarations: declarations, waste: run), .holds)
    }
}

// MARK: Decks, zones, options and deals

@Suite struct GameLevelTests {
    @Test func restrictedDecksRepeatTheirSuits() {
        let spider = baseGame.replacingOccurrences(of: "decks 1", with: "decks 2 suits [spades]")
        let deck = compile(spider + "won when stock.empty").rules?.deck ?? []
        expectEqual(deck.count, 104)
        expectTrue(deck.allSatisfy { $0.suit == .spades })
        expectEqual(Set(deck.map(\.copy)), Set(0..<8))

        let twoSuits = baseGame.replacingOccurrences(of: "decks 1", with: "decks 1 suits [hearts, spades]")
        let pairs = compile(twoSuits + "won when stock.empty").rules?.deck ?? []
        expectEqual(pairs.count, 52)
        expectEqual(pairs.filter { $0.suit == .hearts }.count, 26)
        expectEqual(pairs.first, Card(rank: 1, suit: .hearts, copy: 0))
        expectEqual(pairs.last, Card(rank: 13, suit: .spades, copy: 1))
    }

    @Test(arguments: ["decks 0", "decks 5", "decks 1 suits []", "decks 1 suits [hearts, spades, clubs]", "decks 1 suits [hearts, hearts]"])
    func invalidDecks(line: String) {
        expectEqual(findings(baseGame.replacingOccurrences(of: "decks 1", with: line) + "won when stock.empty"), ["P0512"])
    }

    @Test(arguments: [("zone foundation 0", true), ("zone foundation 105", true), ("zone foundation 104", false), ("zone foundation 53", false), ("zone foundation 1", false)])
    func pileCounts(line: String, rejected: Bool) {
        let codes = findings(baseGame.replacingOccurrences(of: "zone foundation 4", with: line) + "won when stock.empty")
        expectEqual(codes.contains("P0513"), rejected)
    }

    @Test func zoneRoles() {
        expectTrue(findings(baseGame + "zone free 4 as cell\naccept free {}\nwon when stock.empty").isEmpty)
        expectEqual(findings(baseGame + "zone free 4\naccept free {}\nwon when stock.empty"), ["P0307"])
        expectEqual(findings(baseGame + "zone free 4 as celll\naccept free {}\nwon when stock.empty"), ["P0307"])
        expectEqual(findings(baseGame + "zone reserve 4\nwon when stock.empty"), ["P0504"])
    }

    @Test func options() {
        let game = baseGame + "won when stock.size < big + small"
        expectTrue(findings(game).isEmpty)
        expectTrue(findings(game, options: ["small": "3"]).isEmpty)
        expectEqual(findings(game, options: ["small": "11"]), ["P0502"])
        expectTrue(findings(game, options: ["big": "unlimited"]).isEmpty)
        expectEqual(findings(game, options: ["smal": "3"]), ["P0707"])
        expectTrue(findings(baseGame + "option flag: true | false = true\nwon when flag and stock.empty", options: ["flag": "no"]).isEmpty)
        expectContains(findings(baseGame + "option x: 1 | true = 1\nwon when x == 1"), "P0511")
        expectContains(findings(baseGame + "option x: 5 ... 2 = 3\nwon when x == 1"), "P0511")
        expectContains(findings(baseGame + "option x: 1 | 3 = 2\nwon when x == 1"), "P0501")
        expectContains(findings(baseGame + "option x: 1 | 3 = small\nwon when x == 1"), "P0301")
        expectContains(findings(baseGame + "option x: true | false = 1\nwon when x"), "P0401")
        expectEqual(findings(baseGame + "option unused: 1 = 1\nwon when stock.empty"), ["P0514"])
    }

    private static let dealGame = """
        game "D"
        decks 1
        zone stock 1
        zone foundation 4
        zone tableau 7
        lift tableau {}
        accept foundation {}

        """

    @Test func dealCountsPerPileUseIndex() throws {
        let (rules, diagnostics) = compile(Self.dealGame + """
            deal tableau index cards with top index - 1 face up by pile
            deal foundation 1 card where card.rank == A face up
            deal stock rest face down
            won when stock.empty
            """)
        expectTrue(diagnostics.isEmpty)
        let steps = try #require(rules?.dealSteps)
        expectEqual(steps.map(\.counts), [[1, 2, 3, 4, 5, 6, 7], [1, 1, 1, 1], nil])
        expectEqual(steps.map(\.faceUp), [[0, 1, 2, 3, 4, 5, 6], [Int.max, Int.max, Int.max, Int.max], [0]])
        expectEqual(steps.map(\.order), [.byPile, .byRow, .byRow])
    }

    @Test(arguments: [
        ("deal tableau 7 cards", "P0503"),                                  // 49 of 52, and no rest line
        ("deal tableau 8 cards\ndeal stock rest", "P0503"),                 // 56 cards
        ("deal tableau 1 card\ndeal stock rest\ndeal foundation rest", "P0503"),
        ("deal tableau 1 card where card.rank == A\ndeal stock rest", "P0503"),  // 7 aces needed, 4 exist
        ("deal tableau 1002 - index cards\ndeal stock rest", "P0503"),      // over 1,000 cards in one pile
        ("deal tableau index - 2 cards\ndeal stock rest", "P0503"),         // a negative count
        ("deal tableau stock.size cards\ndeal stock rest", "P0308"),
        ("deal tableau 1 card where pile.empty\ndeal stock rest", "P0308"),
        ("deal tablo 1 card\ndeal stock rest", "P0305"),
        ("deal tableau 1 card\ndeal tableau 2 cards\ndeal stock rest", "P0304"),
    ])
    func dealMistakes(lines: String, code: String) {
        let result = lintRuleSource(Self.dealGame + lines + "\nwon when stock.empty", path: "/tmp/d.patience")
        expectContains(result.diagnostics.map(\.code.rawValue), code)
    }

    @Test func filteredDealsTakeDistinctCards() {
        let twoLines = Self.dealGame + """
            deal foundation 1 card where card.rank == A
            deal tableau 1 card where card.rank <= 3
            deal stock rest
            won when stock.empty
            """
        expectTrue(findings(twoLines).isEmpty)
        // Without the aces the foundation line took, only four cards of rank 2 or less are left for seven piles.
        expectEqual(findings(twoLines.replacingOccurrences(of: "card.rank <= 3", with: "card.rank <= 2")), ["P0503"])
    }
}

// MARK: Limits and variants

@Suite struct LoadingTests {
    private static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-grammar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static let klondikeLike = """
        game "Base"
        decks 1
        option draw: 1 | 3 = 1
        zone stock 1
        zone waste 1
        zone foundation 4
        deal stock rest face down
        lift waste {}
        accept foundation { require run.size == 1 }
        action draw: tap stock when not stock.empty { deal draw from stock to waste face up }
        won when all(f in foundation: f.size == 13)
        """

    @Test func fileAndLineLimits() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.patience")
        try Data(repeating: UInt8(ascii: " "), count: RuleLoader.maximumFileSize + 1).write(to: big)
        expectEqual(lintRuleFile(atPath: big.path).diagnostics.map(\.code.rawValue), ["P0001"])
        let invalid = folder.appendingPathComponent("bad.patience")
        try Data([0x67, 0xFF, 0x0A]).write(to: invalid)
        expectEqual(lintRuleFile(atPath: invalid.path).diagnostics.map(\.code.rawValue), ["P0002"])
        expectEqual(lintRuleFile(atPath: folder.appendingPathComponent("none.patience").path).diagnostics.map(\.code.rawValue), ["P0005"])

        let longComment = "# " + String(repeating: "é", count: RuleLoader.maximumLineLength - 2)
        expectNotContains(lintRuleSource(Self.klondikeLike + "\n" + longComment).diagnostics.map(\.code.rawValue), "P0003")
        expectContains(lintRuleSource(Self.klondikeLike + "\n" + longComment + "x").diagnostics.map(\.code.rawValue), "P0003")
    }

    @Test func variantsOverrideInPlaceAndAddAtTheEnd() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("base"), withIntermediateDirectories: true)
        try Self.klondikeLike.write(to: folder.appendingPathComponent("base/Base.patience"), atomically: true, encoding: .utf8)
        let variant = """
            extends "base/Base.patience"
            game "Variant"
            override option draw: 1 | 3 = 3
            override won when foundation.size == 52
            capacity foundation = 1
            """
        let path = folder.appendingPathComponent("Variant.patience").path
        try variant.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = RuleLoader.load(path: path)
        expectTrue(loaded.diagnostics.isEmpty)
        let keys = (loaded.declarations ?? []).map(\.key.description)
        expectEqual(keys, [
            "game", "decks", "option draw", "zone stock", "zone waste", "zone foundation", "deal stock", "lift waste",
            "accept foundation", "action draw", "won", "capacity foundation",
        ])
        expectEqual(loaded.declarations?.first.map(Printer.print), "game \"Variant\"")
        expectEqual(loaded.declarations?[2].file, path)
        expectEqual(loaded.declarations?[1].file.hasSuffix("base/Base.patience"), true)
        expectTrue(lintRuleFile(atPath: path).diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("zone stock 2", "P0515"),
        ("override zone cell 4", "P0507"),
        ("override lift waste {}\noverride lift waste {}", "P0304"),
        ("game \"Again\"\ngame \"Twice\"", "P0304"),
        ("extends \"Other.patience\"", "P0304"),
    ])
    func variantMistakes(lines: String, code: String) throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.klondikeLike.write(to: folder.appendingPathComponent("Base.patience"), atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("V.patience").path
        try ("extends \"Base.patience\"\n" + lines).write(toFile: path, atomically: true, encoding: .utf8)
        expectEqual(RuleLoader.load(path: path).diagnostics.map(\.code.rawValue), [code])
    }

    @Test func overrideWithoutAnyBase() {
        expectEqual(RuleLoader.load(source: Self.klondikeLike + "\noverride zone cell 2", path: "/tmp/x.patience").diagnostics
            .map(\.code.rawValue), ["P0507"])
        expectEqual(RuleLoader.load(source: Self.klondikeLike + "\noverride zone stock 2", path: "/tmp/x.patience").diagnostics
            .map(\.code.rawValue), ["P0304"])
        expectEqual(RuleLoader.load(source: Self.klondikeLike + "\nzone stock 2", path: "/tmp/x.patience").diagnostics
            .map(\.code.rawValue), ["P0304"])
    }

    @Test func missingAndCyclicBases() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("A.patience").path
        try "extends \"B.patience\"".write(toFile: a, atomically: true, encoding: .utf8)
        expectEqual(RuleLoader.load(path: a).diagnostics.map(\.code.rawValue), ["P0309"])
        try "extends \"A.patience\"".write(toFile: folder.appendingPathComponent("B.patience").path, atomically: true, encoding: .utf8)
        // Each file of a cycle reports the cycle itself.
        expectEqual(RuleLoader.load(path: folder.appendingPathComponent("B.patience").path).diagnostics.map(\.code.rawValue), ["P0509"])
        let selfish = folder.appendingPathComponent("S.patience").path
        try "extends \"S.patience\"".write(toFile: selfish, atomically: true, encoding: .utf8)
        expectEqual(RuleLoader.load(path: selfish).diagnostics.map(\.code.rawValue), ["P0509"])
    }

    @Test func extendsChainsAreLimited() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func chain(links: Int) throws -> [String] {
            try Self.klondikeLike.write(to: folder.appendingPathComponent("F\(links).patience"), atomically: true, encoding: .utf8)
            for i in 0..<links {
                try "extends \"F\(i + 1).patience\"".write(to: folder.appendingPathComponent("F\(i).patience"), atomically: true, encoding: .utf8)
            }
            return RuleLoader.load(path: folder.appendingPathComponent("F0.patience").path).diagnostics.map(\.code.rawValue)
        }
        #expect(try chain(links: RuleLoader.maximumExtendsDepth) == [])
        #expect(try chain(links: RuleLoader.maximumExtendsDepth + 1) == ["P0509"])
    }
}
