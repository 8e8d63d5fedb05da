import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import PatienceCommandLine

/// Grandfather's Clock places given cards on given foundations with a filter that reads `index`.
extension CatalogDeals {
    @Test(arguments: seeds) func grandfathersClock(seed: UInt64) throws {
        let rules = try Positions.rules("GrandfathersClock")
        let table = try rules.deal(.seed(seed))
        let suits: [Suit] = [.spades, .hearts, .clubs, .diamonds]
        let foundation = Self.cards(rules, table, "foundation")
        expectEqual(foundation.map(\.count), Array(repeating: 1, count: 12))
        expectEqual(foundation.map { $0[0].rank }, Array(2...13))
        expectEqual(foundation.map { $0[0].suit }, (0..<12).map { suits[$0 % 4] })
        expectEqual(Self.counts(rules, table, "tableau"), Array(repeating: 5, count: 8))
    }

    /// Frog deals its reserve until it holds thirteen cards, the aces met on the way going out.
    @Test(arguments: seeds) func frog(seed: UInt64) throws {
        let rules = try Positions.rules("Frog")
        let table = try rules.deal(.seed(seed))
        let reserve = Self.cards(rules, table, "reserve")[0]
        expectEqual(reserve.count, 13)
        #expect(reserve.allSatisfy { $0.rank != 1 })
        let foundation = Self.cards(rules, table, "foundation")
        // The aces fill the foundations in order, one each.
        let aces = foundation.filter { !$0.isEmpty }
        #expect(aces.allSatisfy { $0.count == 1 && $0[0].rank == 1 })
        expectEqual(foundation.prefix(aces.count).map(\.count), Array(repeating: 1, count: aces.count))
        expectEqual(Self.counts(rules, table, "waste"), [1])
        expectEqual(Self.counts(rules, table, "stock"), [104 - 13 - aces.count - 1])
    }
}

/// Hit or Miss: the called rank is a memory, and a hit deals the next card through an effect
/// that reads the move which set it off.
@Suite struct HitOrMissPlay {
    static func memory(_ rules: GameRules, _ table: CardTable, _ name: String) -> Int {
        table.memory[rules.memorySlots.firstIndex { $0.name == name }!]
    }

    @Test func aHitDealsTheNextCardAndCallsTheNextRank() throws {
        let rules = try Positions.rules("HitOrMiss")
        var table = try rules.deal(.seed(1))
        let stock = rules.zones.first { $0.name == "stock" }!.piles.lowerBound
        let waste = rules.zones.first { $0.name == "waste" }!.piles.lowerBound
        let foundation = rules.zones.first { $0.name == "foundation" }!.piles.lowerBound
        expectEqual(Self.memory(rules, table, "called"), 1)
        var taps = 0
        // Tap until the waste's card is the rank called; every tap calls the next rank.
        while table.piles[waste].cards.last?.card.rank != Self.memory(rules, table, "called") {
            let before = Self.memory(rules, table, "called")
            table = try rules.tapping(pile: stock, on: table)
            taps += 1
            expectEqual(Self.memory(rules, table, "called"), before == 13 ? 1 : before + 1)
            try #require(taps < 52)
        }
        let called = Self.memory(rules, table, "called")
        let wasteSize = table.piles[waste].cards.count
        let stockSize = table.piles[stock].cards.count
        let hit = try rules.applying(Move(source: waste, count: 1, destination: foundation), to: table)
        expectEqual(hit.piles[foundation].cards.count, 1)
        // The effect ran once: one card dealt, one rank called, the misses counted afresh.
        expectEqual(hit.piles[waste].cards.count, wasteSize)
        expectEqual(hit.piles[stock].cards.count, stockSize - 1)
        expectEqual(Self.memory(rules, hit, "called"), called == 13 ? 1 : called + 1)
        expectEqual(Self.memory(rules, hit, "misses"), 0)
    }

    @Test func describeSaysTheHitEffectRunsOnce() throws {
        let result = try runPatience(["describe", TestPaths.rules("HitOrMiss")], in: TestPaths.packageRoot)
        expectContains(result.standardOutput, "- 'hit' (once, right after the play):\n")
        expectContains(result.standardOutput, "If the pile the play put its cards on is the foundation:")
    }

    @Test func aMissIsRefused() throws {
        let rules = try Positions.rules("HitOrMiss")
        var table = try rules.deal(.seed(1))
        let stock = rules.zones.first { $0.name == "stock" }!.piles.lowerBound
        let waste = rules.zones.first { $0.name == "waste" }!.piles.lowerBound
        let foundation = rules.zones.first { $0.name == "foundation" }!.piles.lowerBound
        while table.piles[waste].cards.last?.card.rank == Self.memory(rules, table, "called") {
            table = try rules.tapping(pile: stock, on: table)
        }
        #expect(throws: Refusal.self) { try rules.applying(Move(source: waste, count: 1, destination: foundation), to: table) }
    }

    /// Only the waste's top card can hit: a run whose first card is the rank called is refused
    /// (PySolFC's walks found the rule file allowing it).
    @Test func onlyTheTopCardHits() throws {
        let rules = try Positions.rules("HitOrMiss")
        let table = try Positions.table(rules, ["waste": "5H 9C", "stock": "#..."], memory: ["called": 5])
        let waste = rules.zones.first { $0.name == "waste" }!.piles.lowerBound
        let foundation = rules.zones.first { $0.name == "foundation" }!.piles.lowerBound
        #expect(throws: Refusal.self) { try rules.applying(Move(source: waste, count: 2, destination: foundation), to: table) }
        let hit = try Positions.table(rules, ["waste": "9C 5H", "stock": "#..."], memory: ["called": 5])
        expectEqual(try rules.applying(Move(source: waste, count: 1, destination: foundation), to: hit).piles[foundation].cards.count, 1)
    }

    @Test func playAndPicturesShowTheMemories() throws {
        let rules = try Positions.rules("HitOrMiss")
        let table = try rules.deal(.seed(1))
        let heading = TableDrawing(rules: rules, table: table, style: CardStyle(usesColor: false), dealSpec: "seed:1", playCount: 0).lines[0]
        #expect(heading.contains("called=1 misses=1"), "\(heading)")
        let svg = TableSVG(rules: rules).svg(of: table)
        #expect(svg.contains("called=1 misses=1"))
        expectEqual(try Positions.rules("Klondike").memoryText(of: try Positions.rules("Klondike").deal(.seed(1))), nil)
    }
}

/// `deal ZONE until CONDITION`, a filter's `index`, `move` in effects and `remove KIND NAME`.
@Suite struct DealUntilAndPartRemoval {
    static let frog = """
    game "T"
    decks 2
    zone foundation 8
    zone reserve 1
    zone stock 1
    deal reserve until reserve.size == 13 after each card {
      if pile.top.rank == A { move 1 from pile to first(f in foundation: f.empty) }
    }
    deal stock rest face down
    lift reserve {}
    accept foundation {
      require run.size == 1
    }
    won when stock.empty

    """

    @Test(arguments: [UInt64(0), 1, 2, 3]) func untilDealsTillTheConditionHolds(seed: UInt64) throws {
        let rules = try GameCompiler.compile(source: Self.frog)
        let table = try rules.deal(.seed(seed))
        let reserve = rules.zones.first { $0.name == "reserve" }!.piles.lowerBound
        let foundation = rules.zones.first { $0.name == "foundation" }!.piles
        expectEqual(table.piles[reserve].cards.count, 13)
        #expect(table.piles[reserve].cards.allSatisfy { $0.card.rank != 1 })
        let aces = foundation.flatMap { table.piles[$0].cards }
        #expect(aces.allSatisfy { $0.card.rank == 1 })
        expectEqual(table.piles.reduce(0) { $0 + $1.cards.count }, 104)
    }

    @Test func untilNeedsARestLineAfterIt() {
        let source = Self.frog.replacingOccurrences(of: "deal stock rest face down\n", with: "")
        #expect(throws: DiagnosticsError.self) { try GameCompiler.compile(source: source) }
        var diagnostics: [Diagnostic] = []
        do { _ = try GameCompiler.compile(source: source) } catch { diagnostics = error.diagnostics }
        #expect(diagnostics.contains { $0.code == .dealMismatch && $0.message.contains("'rest' line after it") })
    }

    @Test func moveIsReadOnlyInEffects() {
        let source = """
        game "T"
        decks 1
        zone tableau 4
        deal tableau rest
        lift tableau {
          require move.size == 1
        }
        accept tableau {}
        won when tableau.empty

        """
        do {
            _ = try GameCompiler.compile(source: source)
            Issue.record("'move' in a lift rule was accepted")
        } catch {
            let finding = error.diagnostics.first { $0.code == .nameUnavailableHere }
            expectEqual(finding?.range.start.line, 6)
            expectEqual(finding?.range.start.column, 11)
        }
    }

    static let base = """
    game "Base"
    decks 1
    zone cell 2
    zone tableau 4
    deal tableau rest
    lift tableau {}
    lift cell {}
    accept cell {
      require pile.empty
    }
    accept tableau {}
    let free = count(c in cell: c.empty)
    won when tableau.empty

    """

    static func findings(_ variant: String) -> [Diagnostic] {
        do {
            _ = try GameCompiler.compile(source: variant, path: "/v/Variant.patience", files: ["/v/Base.patience": base])
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func removingAZoneTakesItsPartsAlong() throws {
        let rules = try GameCompiler.compile(source: "extends \"Base.patience\"\nremove zone cell\nremove let free\n", path: "/v/Variant.patience",
                                             files: ["/v/Base.patience": Self.base])
        expectEqual(rules.zones.map(\.name), ["tableau"])
    }

    @Test func removingAMissingPartIsP0530() {
        let found = Self.findings("extends \"Base.patience\"\nremove accept cells\n")
        let finding = found.first { $0.code == .removalWithoutPart }
        expectEqual(finding?.message, "nothing to remove: its base does not have accept cells")
        expectEqual(finding?.help, "did you mean 'remove accept cell'?")
        expectEqual(finding?.range.start.column, 15)
    }

    @Test func removingAUsedZoneIsP0531() {
        let found = Self.findings("extends \"Base.patience\"\nremove zone cell\n")
        let finding = found.first { $0.code == .removedPartInUse }
        expectEqual(finding?.message, "zone cell is removed, but 'let free' still uses 'cell'")
        expectEqual(finding?.range.start.line, 2)
    }

    @Test func removalOutsideAVariantIsP0530() {
        let (_, diagnostics) = Parser.parse(Self.base + "remove lift cell\n", path: "t.patience")
        #expect(diagnostics.isEmpty)
        let loaded = RuleLoader.load(source: Self.base + "remove lift cell\n", path: "/v/t.patience")
        #expect(loaded.diagnostics.contains { $0.code == .removalWithoutPart && $0.message.contains("extends no base file") })
    }

    @Test func newFormsFormatCanonically() {
        let source = """
        game "T"
        remove   accept  cell
        remove score
        deal reserve   until reserve.size == 13 face up
        effect e {
          if move.destination == foundation and move.size>1 { flip stock }
        }

        """
        guard case .formatted(let once) = Formatter.format(source) else { Issue.record("did not format"); return }
        #expect(once.contains("remove accept cell\n"))
        #expect(once.contains("deal reserve until reserve.size == 13 face up\n"))
        #expect(once.contains("if move.destination == foundation and move.size > 1 { flip stock }"))
        guard case .formatted(let twice) = Formatter.format(once) else { Issue.record("did not format twice"); return }
        expectEqual(twice, once)
    }
}

