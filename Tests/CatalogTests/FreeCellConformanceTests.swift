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

/// FreeCell.patience against the outside world: Microsoft's numbered deals as
/// `make-microsoft-freecell-board -t N` prints them, and the solutions `fc-solve -m -snx` finds
/// for them (Freecell Solver 5.0.0), both in `Fixtures/`.
///
/// Solutions, true and corrupted, are also judged by `ReferenceFreeCell`, a small FreeCell written here from the
/// rules booklet and the fixtures' notation, independent of the rule file and the engine: both
/// replay the same moves side by side and must agree on every position, on the move that fails
/// and on why it fails.
@Suite("FreeCell conformance")
struct FreeCellConformanceTests {
    static let boards: [Int: [[String]]] = loadBoards()
    static let solutions: [Int: [String]] = loadSolutions()
    static let rules: GameRules? = try? GameCompiler.compile(path: packageRoot.appendingPathComponent("Rules/FreeCell.patience").path)

    // MARK: - Fixtures

    /// The deals the per-deal tests check: all hundred fixtures in the long run, every tenth by default.
    static let deals: [Int] = TestPaths.isLongRun ? Array(1...100) : Array(stride(from: 1, through: 100, by: 10))

    @Test func fixturesHoldDealsAndSolutionsOneToHundred() {
        expectEqual(Set(Self.boards.keys), Set(1...100))
        expectEqual(Set(Self.solutions.keys), Set(1...100))
        expectTrue(Self.boards.values.allSatisfy { $0.map(\.count) == [7, 7, 7, 7, 6, 6, 6, 6] })
        expectTrue(Self.solutions.values.allSatisfy { !$0.isEmpty })
    }

    @Test func ruleFileCompiles() throws {
        let rules = try #require(Self.rules)
        expectEqual(rules.name, "FreeCell")
        expectEqual(rules.deck.sorted(), (0..<52).map { Card(rawValue: UInt16($0)) })
        expectEqual(Layout(rules).tableau.count, 8)
        expectEqual(Layout(rules).cells.count, 4)
        expectEqual(Layout(rules).foundations.count, 4)
    }

    // MARK: - Deals

    @Test("Microsoft deal is dealt as the reference program prints it", arguments: FreeCellConformanceTests.deals)
    func microsoftDealMatchesReferenceBoard(deal: Int) throws {
        let rules = try #require(Self.rules)
        let expected = try #require(Self.boards[deal])
        let table = try rules.deal(.microsoft(deal))
        let layout = Layout(rules)
        expectEqual(table.piles.count, rules.pileCount)
        for (column, pile) in layout.tableau.enumerated() {
            let cards = table.piles[pile].cards
            // Card by card, the first card of a fixture line being the bottom card (index 0).
            expectEqual(cards.map(\.card.boardText), expected[column], "column \(column + 1)")
            expectTrue(cards.allSatisfy { $0.isFaceUp }, "column \(column + 1) is dealt face up")
        }
        for pile in layout.cells + layout.foundations {
            expectTrue(table.piles[pile].isEmpty, "\(rules.pileID(pile)) starts empty")
        }
        expectEqual(table.actionUses.count, rules.actionNames.count)
    }

    // MARK: - Solutions

    @Test("fc-solve's solution replays to a won game", arguments: FreeCellConformanceTests.deals)
    func solutionReplaysToWin(deal: Int) throws {
        let rules = try #require(Self.rules)
        let tokens = try #require(Self.solutions[deal])
        let notation = FCSNotation(rules: rules)
        let deck = rules.deck.sorted()
        var table = try rules.deal(.microsoft(deal))
        for (index, token) in tokens.enumerated() {
            expectFalse(rules.isWon(table), "won before move \(index) '\(token)'")
            let move = try notation.move(token, on: table)
            do {
                table = try rules.applying(move, to: table)
            } catch {
                Issue.record("move \(index) '\(token)' (\(move)) refused: \(error.message)")
                return
            }
            let cards = table.allCards.sorted()
            guard cards == deck else {
                Issue.record("after move \(index) '\(token)' the table holds \(cards.count) cards, not the 52 of the deck")
                return
            }
        }
        expectTrue(rules.isWon(table))
        expectTrue(Layout(rules).foundations.allSatisfy { table.piles[$0].count == 13 })
    }

    @Test("Engine and reference agree move by move on the true solution", arguments: FreeCellConformanceTests.deals)
    func solutionAgreesWithReference(deal: Int) throws {
        let rules = try #require(Self.rules)
        let tokens = try #require(Self.solutions[deal])
        // Every eighth position, the whole list of legal moves is compared too.
        let outcome = try Self.compareReplays(rules: rules, deal: deal, tokens: tokens, legalMovesEvery: 8)
        #expect(outcome.failure == nil)
        expectTrue(outcome.won)
        expectEqual(outcome.applied, tokens.count)
    }

    /// A solution with one move dropped, two neighbouring moves swapped or one move repeated must
    /// be judged exactly as the reference judges it: the same positions, the same failing move and
    /// the same refusal. Every deal gets several corruptions at indices spread over its solution.
    @Test("Corrupted solutions fail where the reference says", arguments: FreeCellConformanceTests.deals)
    func corruptedSolutionsAgreeWithReference(deal: Int) throws {
        let rules = try #require(Self.rules)
        let tokens = try #require(Self.solutions[deal])
        var failures = 0
        for corruption in Corruption.samples(deal: deal, length: tokens.count) {
            let corrupted = corruption.apply(to: tokens)
            let outcome = try Self.compareReplays(rules: rules, deal: deal, tokens: corrupted, label: "\(corruption)")
            if let failure = outcome.failure {
                failures += 1
                // Nothing before the corruption changed, so nothing before it may fail.
                expectGreaterOrEqual(failure.index, corruption.firstChangedIndex, "\(corruption) failed at \(failure.index)")
            }
            if case .drop = corruption {
                // fc-solve's solutions have no move to spare: none of the sampled drops still wins.
                expectFalse(outcome.won, "\(corruption) still wins")
            }
        }
        // Almost every corruption of a real solution breaks it; a sample where none did would
        // not be testing refusals at all.
        expectGreaterOrEqual(failures, 3, "only \(failures) corruptions of deal \(deal) failed")
    }

    /// Corruptions worked out by hand. Deal 1's column 5 is `5D AD JS 4H 8H 6C` and its solution
    /// begins `5a 5b 5c 5d 5h b2 8b a8`.
    @Test("Hand-checked corruptions", arguments: [
        // Without `5d` the jack of spades still covers the ace, so `5h` sends the jack home.
        PinnedCorruption(deal: 1, .drop(3), failsAt: 3, code: .acceptRefused, message: "an empty foundation takes only an ace"),
        // Without `5a` every card goes one cell further left and `5h` again meets the jack.
        PinnedCorruption(deal: 1, .drop(0), failsAt: 3, code: .acceptRefused, message: "an empty foundation takes only an ace"),
        // Swapping `5a 5b` puts 6♣ in cell b, and `b2` then tries 6♣ on column 2's 9♣.
        PinnedCorruption(deal: 1, .swap(0), failsAt: 5, code: .acceptRefused, message: "a column builds down in alternating colours"),
        // Repeating `5a` finds cell a taken by 6♣.
        PinnedCorruption(deal: 1, .repeatMove(0), failsAt: 1, code: .acceptRefused, message: "a free cell holds only one card"),
        // Deal 4 plays `d6` and then `18v5`; swapped, cell d is still full when five cards move
        // between non-empty columns: (3 free cells + 1) × 2^0 = 4.
        PinnedCorruption(deal: 4, .swap(95), failsAt: 95, code: .capacityExceeded, message: "5 cards cannot move together here; at most 4 can"),
        // Deal 55 plays `37v2` once; the second time column 3's top two cards are no run.
        PinnedCorruption(deal: 55, .repeatMove(58), failsAt: 59, code: .liftRefused,
                         message: "only a run built down in alternating colours moves together"),
    ])
    func handCheckedCorruption(pinned: PinnedCorruption) throws {
        let rules = try #require(Self.rules)
        let tokens = try #require(Self.solutions[pinned.deal])
        if pinned.deal == 1 { expectEqual(tokens.prefix(8), ["5a", "5b", "5c", "5d", "5h", "b2", "8b", "a8"]) }
        if pinned.deal == 4 { expectEqual(tokens[95...96], ["d6", "18v5"]) }
        if pinned.deal == 55 { expectEqual(tokens[58], "37v2") }
        let corrupted = pinned.corruption.apply(to: tokens)
        let outcome = try Self.compareReplays(rules: rules, deal: pinned.deal, tokens: corrupted, label: "\(pinned.corruption)")
        let failure = try #require(outcome.failure)
        expectEqual(failure.index, pinned.failsAt)
        expectEqual(failure.refusal?.code, pinned.code)
        expectEqual(failure.refusal?.message, pinned.message)
        expectEqual(failure.refusal?.file?.hasSuffix("FreeCell.patience"), true, "a rule's refusal names its file")
        expectNotEqual(failure.refusal?.range, nil, "a rule's refusal says where the rule is written")
    }

    /// The sampled corruptions must reach every way a FreeCell move can fail, or the agreement
    /// test above would leave some refusal unchecked. Judged by the reference alone; the test
    /// above shows the engine agrees with it on each of these.
    @Test func corruptionSamplesReachEveryKindOfFailure() throws {
        var kinds: Set<String> = []
        for deal in 1...100 {
            let tokens = try #require(Self.solutions[deal])
            let columns = try #require(Self.boards[deal]).map { $0.map(parseCard) }
            for corruption in Corruption.samples(deal: deal, length: tokens.count) {
                var reference = ReferenceFreeCell(columns: columns)
                for token in corruption.apply(to: tokens) {
                    let outcome = reference.play(token)
                    switch outcome {
                    case .played: continue
                    case .noFittingRun: kinds.insert("no fitting run")
                    case .refused(let code, let message):
                        kinds.insert(code == .cardNotInPile ? code.rawValue : "\(code.rawValue) \(message.filter(\.isLetter))")
                    }
                    break
                }
            }
        }
        expectEqual(kinds, [
            "no fitting run",
            DiagnosticCode.cardNotInPile.rawValue,
            "P0605 onlyarunbuiltdowninalternatingcoloursmovestogether",
            "P0607 acolumnbuildsdowninalternatingcolours",
            "P0607 afoundationbuildsupinsuit",
            "P0607 afreecellholdsonlyonecard",
            "P0607 anemptyfoundationtakesonlyanace",
            "P0608 cardscannotmovetogetherhereatmostcan",
        ])
    }

    // MARK: - Side-by-side replay

    /// The first move of a replay that failed: its index and the engine's refusal, or nil for a
    /// token the notation could not turn into a move.
    struct Failure {
        var index: Int
        var refusal: Refusal?
    }

    struct ReplayOutcome {
        var applied: Int
        var failure: Failure?
        var won: Bool
    }

    /// Replays `tokens` through FCSNotation and the engine, and through `ReferenceFreeCell`, and
    /// records an issue wherever they differ: a move one accepts and the other refuses, a different
    /// refusal, a different position after a move, or a table that no longer holds the deck.
    /// With `legalMovesEvery`, `legalMoves` is compared with the reference's legal moves before
    /// every move whose index plus the deal number is a multiple of it.
    static func compareReplays(rules: GameRules, deal: Int, tokens: [String], label: String = "solution",
                               legalMovesEvery: Int? = nil) throws -> ReplayOutcome {
        let layout = Layout(rules)
        let notation = FCSNotation(rules: rules)
        let deck = rules.deck.sorted()
        var table = try rules.deal(.microsoft(deal))
        let columns = try #require(boards[deal]).map { $0.map(parseCard) }
        var reference = ReferenceFreeCell(columns: columns)
        expectEqual(layout.cards(of: table), reference.piles, "deal \(deal): opening position")
        let piles = layout.tableau + layout.cells + layout.foundations
        for (index, token) in tokens.enumerated() {
            if let every = legalMovesEvery, (index + deal) % every == 0 {
                let engine = Set(rules.legalMoves(on: table))
                let expected = Set(reference.legalMoves().map { Move(source: piles[$0.source], count: $0.count, destination: piles[$0.destination]) })
                guard engine == expected else {
                    let describe = { (moves: Set<Move>) in moves.map { "\(rules.pileID($0.source))×\($0.count)→\(rules.pileID($0.destination))" }.sorted() }
                    Issue.record("""
                        deal \(deal), \(label), before move \(index): legalMoves differs from the reference: \
                        only the engine allows \(describe(engine.subtracting(expected))), \
                        only the reference allows \(describe(expected.subtracting(engine)))
                        """)
                    return ReplayOutcome(applied: index, failure: Failure(index: index, refusal: nil), won: false)
                }
            }
            let expected = reference.play(token)
            let before = table
            var actual: ReferenceFreeCell.Outcome
            var refusal: Refusal?
            do {
                let move = try notation.move(token, on: table)
                do {
                    table = try rules.applying(move, to: table)
                    actual = .played
                } catch {
                    refusal = error
                    actual = .refused(error.code, error.message)
                    expectEqual(table, before, "a refused move changed the table")
                    expectEqual(rules.refusal(for: move, on: before), error, "applying and refusal(for:on:) disagree")
                }
            } catch {
                actual = .noFittingRun
            }
            // Where no run fits, the notation still names a move so that the rule refusing it can be
            // reported; the reference only knows that no run fits, so any refusal agrees with it.
            let agrees: Bool
            if case .noFittingRun = expected, case .refused = actual { agrees = true } else { agrees = actual == expected }
            guard agrees else {
                Issue.record("deal \(deal), \(label), move \(index) '\(token)': engine \(actual), reference \(expected)")
                return ReplayOutcome(applied: index, failure: Failure(index: index, refusal: refusal), won: false)
            }
            guard actual == .played else {
                return ReplayOutcome(applied: index, failure: Failure(index: index, refusal: refusal), won: false)
            }
            guard layout.cards(of: table) == reference.piles else {
                Issue.record("deal \(deal), \(label), after move \(index) '\(token)': the engine's position differs from the reference")
                return ReplayOutcome(applied: index, failure: Failure(index: index, refusal: nil), won: false)
            }
            guard table.allCards.sorted() == deck else {
                Issue.record("deal \(deal), \(label), after move \(index) '\(token)': cards were lost or duplicated")
                return ReplayOutcome(applied: index, failure: Failure(index: index, refusal: nil), won: false)
            }
        }
        expectEqual(rules.isWon(table), reference.isWon, "deal \(deal), \(label): the engine and the reference disagree on the win")
        return ReplayOutcome(applied: tokens.count, failure: nil, won: rules.isWon(table))
    }

    // MARK: - Loading

    static var packageRoot: URL {
        TestPaths.packageRoot
    }

    static func fixtureText(_ name: String) -> String? {
        let url = TestPaths.fixture("\(name).txt")
        return try? String(contentsOf: url, encoding: .utf8)
    }

    /// `# ms N` blocks of `ms-boards-1-100.txt`: one line per column, bottom card first.
    static func loadBoards() -> [Int: [[String]]] {
        guard let text = fixtureText("ms-boards-1-100") else { return [:] }
        var boards: [Int: [[String]]] = [:]
        var current: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# ms "), let deal = Int(line.dropFirst(5)) {
                current = deal
                boards[deal] = []
            } else if line.isEmpty {
                current = nil
            } else if let deal = current {
                boards[deal, default: []].append(line.split(separator: " ").map(String.init))
            }
        }
        return boards
    }

    /// `N: moves` lines of `ms-solutions-1-100.txt`.
    static func loadSolutions() -> [Int: [String]] {
        guard let text = fixtureText("ms-solutions-1-100") else { return [:] }
        var solutions: [Int: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), let deal = Int(line[..<colon]) else { continue }
            solutions[deal] = FCSNotation.tokens(String(line[line.index(after: colon)...]))
        }
        return solutions
    }
}

// MARK: - Corruptions

/// One way to spoil a solution.
enum Corruption: Hashable, Sendable, CustomStringConvertible {
    /// Leaves out the move at this index.
    case drop(Int)
    /// Exchanges the moves at this index and the next.
    case swap(Int)
    /// Plays the move at this index twice.
    case repeatMove(Int)

    func apply(to tokens: [String]) -> [String] {
        var result = tokens
        switch self {
        case .drop(let i): result.remove(at: i)
        case .swap(let i): result.swapAt(i, i + 1)
        case .repeatMove(let i): result.insert(tokens[i], at: i + 1)
        }
        return result
    }

    /// The first index at which the corrupted solution differs from the original.
    var firstChangedIndex: Int {
        switch self {
        case .drop(let i), .swap(let i): return i
        case .repeatMove(let i): return i + 1
        }
    }

    var description: String {
        switch self {
        case .drop(let i): return "drop move \(i)"
        case .swap(let i): return "swap moves \(i) and \(i + 1)"
        case .repeatMove(let i): return "repeat move \(i)"
        }
    }

    /// Three of each kind at indices spread over the solution, different for every deal.
    static func samples(deal: Int, length: Int) -> [Corruption] {
        guard length >= 2 else { return [] }
        var generator = SeededGenerator(seed: UInt64(deal))
        var result: [Corruption] = []
        for _ in 0..<3 {
            result.append(.drop(generator.nextIndex(below: length)))
            result.append(.swap(generator.nextIndex(below: length - 1)))
            result.append(.repeatMove(generator.nextIndex(below: length)))
        }
        return result
    }
}

struct PinnedCorruption: Sendable, CustomTestStringConvertible {
    var deal: Int
    var corruption: Corruption
    var failsAt: Int
    var code: DiagnosticCode
    var message: String

    init(deal: Int, _ corruption: Corruption, failsAt: Int, code: DiagnosticCode, message: String) {
        self.deal = deal
        self.corruption = corruption
        self.failsAt = failsAt
        self.code = code
        self.message = message
    }

    var testDescription: String { "deal \(deal), \(corruption)" }
}

// MARK: - The engine's table in FreeCell terms

/// FreeCell's piles by role, in the order the rule file declares them.
struct Layout {
    var tableau: [Int]
    var cells: [Int]
    var foundations: [Int]

    init(_ rules: GameRules) {
        tableau = rules.piles(withRole: .tableau)
        cells = rules.piles(withRole: .cell)
        foundations = rules.piles(withRole: .foundation)
    }

    /// Columns, then cells, then foundations, bottom card first.
    func cards(of table: CardTable) -> [[Card]] {
        (tableau + cells + foundations).map { table.piles[$0].cards.map(\.card) }
    }
}

/// Reads `TS`, `AH` and the like.
func parseCard(_ text: String) -> Card {
    let rank = Card.rank(from: text.dropLast())!
    let suit = Suit(letter: text.last!)!
    return Card(rank: rank, suit: suit)
}

// MARK: - The reference

/// FreeCell as the rules booklet and Freecell Solver's notation define it, written directly on
/// arrays of cards: nothing here comes from the rule file or the engine.
///
/// Where a move names no single pile (`h`), the card goes to the first foundation that can take
/// it; when none can, the refusal is the one the first foundation gives. Refusals carry the
/// diagnostic code and the message the engine is expected to give: the rule file's own words for
/// a rule's refusal, the engine's for a card that is not there.
struct ReferenceFreeCell {
    enum Outcome: Equatable, CustomStringConvertible {
        case played
        case refused(DiagnosticCode, String)
        /// The notation names a column-to-column move but no run of the source fits.
        case noFittingRun

        var description: String {
            switch self {
            case .played: return "plays it"
            case .refused(let code, let message): return "refuses it (\(code.rawValue): \(message))"
            case .noFittingRun: return "finds no fitting run"
            }
        }
    }

    var columns: [[Card]]
    var cells: [[Card]] = Array(repeating: [], count: 4)
    var foundations: [[Card]] = Array(repeating: [], count: 4)

    init(columns: [[Card]]) { self.columns = columns }

    /// Columns, then cells, then foundations, as `Layout.cards(of:)` gives the engine's table.
    var piles: [[Card]] { columns + cells + foundations }

    var isWon: Bool { foundations.allSatisfy { $0.count == 13 } }

    enum Place: Equatable {
        case column(Int)
        case cell(Int)
        case home
    }

    static func alternatesDown(_ lower: Card, _ upper: Card) -> Bool {
        lower.color != upper.color && upper.rank == lower.rank - 1
    }

    static func isRun(_ cards: ArraySlice<Card>) -> Bool {
        zip(cards, cards.dropFirst()).allSatisfy { alternatesDown($0, $1) }
    }

    /// (free cells + 1) × 2^(empty columns), the destination not counted when it is an empty column.
    func capacity(to destination: Int) -> Int {
        let freeCells = cells.filter(\.isEmpty).count
        let emptyColumns = columns.indices.filter { columns[$0].isEmpty && $0 != destination }.count
        return (freeCells + 1) << emptyColumns
    }

    func name(_ place: Place) -> String {
        switch place {
        case .column(let i): return "tableau[\(i + 1)]"
        case .cell(let i): return "cell[\(i + 1)]"
        case .home: return "foundation[1]"
        }
    }

    func cards(at place: Place) -> [Card] {
        switch place {
        case .column(let i): return columns[i]
        case .cell(let i): return cells[i]
        case .home: return foundations[0]
        }
    }

    static func parse(_ text: Character) -> Place? {
        if let digit = text.wholeNumberValue, (1...8).contains(digit) { return .column(digit - 1) }
        if text == "h" { return .home }
        if let cell = "abcd".firstIndex(of: text) { return .cell("abcd".distance(from: "abcd".startIndex, to: cell)) }
        return nil
    }

    /// Every legal move as (source, run length, destination), piles numbered as in `piles`:
    /// columns 0–7, cells 8–11, foundations 12–15. As FreeCell.patience has it, the top card of a
    /// foundation may be moved back, but not to another foundation.
    func legalMoves() -> [(source: Int, count: Int, destination: Int)] {
        let all = piles
        var moves: [(source: Int, count: Int, destination: Int)] = []
        for source in all.indices {
            let cards = all[source]
            let liftable = source < 8 ? (1...max(cards.count, 1)).filter { $0 <= cards.count && Self.isRun(cards.suffix($0)) } : (cards.isEmpty ? [] : [1])
            for count in liftable {
                let first = cards[cards.count - count]
                for destination in all.indices where destination != source {
                    let target = all[destination]
                    let legal: Bool
                    switch destination {
                    case 0..<8:
                        legal = (target.last.map { Self.alternatesDown($0, first) } ?? true) && count <= capacity(to: destination)
                    case 8..<12:
                        legal = target.isEmpty && count == 1
                    default:
                        legal = count == 1 && source < 12 && (target.last.map { $0.suit == first.suit && $0.rank == first.rank - 1 } ?? (first.rank == 1))
                    }
                    if legal { moves.append((source, count, destination)) }
                }
            }
        }
        return moves
    }

    /// Plays one move of Freecell Solver's notation, or says why it cannot be played.
    mutating func play(_ token: String) -> Outcome {
        let parts = token.split(separator: "v", maxSplits: 1)
        let explicitCount = parts.count == 2 ? Int(parts[1], radix: 16) : nil
        let places = Array(parts[0])
        guard places.count == 2, let from = Self.parse(places[0]), let to = Self.parse(places[1]), from != .home else {
            preconditionFailure("the fixtures hold no move like '\(token)'")
        }
        let source = cards(at: from)
        let count: Int
        if let explicitCount {
            count = explicitCount
        } else if case .column = from, case .column(let target) = to, !columns[target].isEmpty {
            // The run whose first card fits the destination's top card, within the capacity.
            guard let fitting = (1...max(source.count, 1)).first(where: { k in
                k <= source.count && Self.isRun(source.suffix(k))
                    && Self.alternatesDown(columns[target].last!, source[source.count - k]) && k <= capacity(to: target)
            }) else { return .noFittingRun }
            count = fitting
        } else {
            count = 1
        }
        guard count <= source.count else {
            return .refused(.cardNotInPile, "\(name(from)) holds \(source.count) card\(source.count == 1 ? "" : "s"), not \(count)")
        }
        let run = Array(source.suffix(count))
        switch to {
        case .cell(let i):
            guard cells[i].isEmpty, count == 1 else { return .refused(.acceptRefused, "a free cell holds only one card") }
            cells[i] = run
        case .home:
            guard let f = foundations.indices.first(where: { f in
                foundations[f].isEmpty ? run[0].rank == 1 : (foundations[f].last!.suit == run[0].suit && foundations[f].last!.rank == run[0].rank - 1)
            }) else {
                return .refused(.acceptRefused, foundations[0].isEmpty ? "an empty foundation takes only an ace" : "a foundation builds up in suit")
            }
            foundations[f] += run
        case .column(let i):
            if case .column = from {
                guard Self.isRun(run[...]) else {
                    return .refused(.liftRefused, "only a run built down in alternating colours moves together")
                }
            }
            if let top = columns[i].last, !Self.alternatesDown(top, run[0]) {
                return .refused(.acceptRefused, "a column builds down in alternating colours")
            }
            let limit = capacity(to: i)
            guard count <= limit else {
                return .refused(.capacityExceeded, "\(count) cards cannot move together here; at most \(limit) can")
            }
            columns[i] += run
        }
        switch from {
        case .column(let i): columns[i].removeLast(count)
        case .cell(let i): cells[i].removeLast(count)
        case .home: break
        }
        return .played
    }
}
