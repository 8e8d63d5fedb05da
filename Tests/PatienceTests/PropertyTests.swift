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

/// Properties every game must keep, checked over seeded random games of every rule file in
/// `Rules/` (so a new rule file is covered as soon as it is added) and of each value of its
/// enumerated options.
///
/// Each game is dealt from `.seed(n)` and played with plays drawn by `SeededGenerator` from the
/// legal plays. After every step:
/// - the table holds exactly the deck: every card once, none lost, none duplicated;
/// - a few refused candidates (random moves, impossible moves and taps) throw, and leave the game's
///   whole state (table, undo and redo stacks) as it was; the thrown refusal is the one
///   `refusal(for:on:)` gives;
/// - the play made changes the table, and is what `applying` makes of the position.
///
/// On the deal (of every game in the long run, of every other seed by default) and once every
/// `agreementInterval` steps, `legalMoves` is compared with `refusal(for:on:) == nil` over
/// every candidate (source pile, run length 1...pile size, destination pile), and `legalTaps` with
/// `tapping` over every pile. At the end the game is undone to the deal, position by position, and
/// redone to the end.
@Suite("Property tests")
struct PropertyTests {
    // MARK: - Budget
    //
    // Tuned so that the suite takes about twenty seconds of one core in a debug build with the
    // catalog's hundred rule files (six games each by default, at least two a variant, of eight
    // plays in most games; the long run plays a thousand of forty); raise them when the engine gets
    // faster.

    /// Seeded games per rule file, shared out over its option variants (rounded up): a thousand
    /// in the long run (`PATIENCE_LONG=1`, which CI sets), a sample in the default `swift test`.
    static let gamesPerRuleFile = TestPaths.isLongRun ? 1_000 : 6
    /// Seeded games per variant at least, so that a variant's batch meets taps and refusals.
    static let minimumGamesPerVariant = TestPaths.isLongRun ? 1 : 2
    /// Plays per game at most; a game that is won or stuck stops sooner.
    static let stepsPerGame = 40
    /// Plays after which a game of the default run stops once its batch has tapped a pile (or its
    /// rules have no actions): the default run plays the openings, where the listing is longest,
    /// and plays on only in a game whose taps come late (a redeal when stuck). The long run plays
    /// every game to `stepsPerGame`.
    static let openingSteps = TestPaths.isLongRun ? stepsPerGame : 6
    /// The full comparison of `legalMoves` with `refusal(for:on:)` runs once every this many steps
    /// (at a different offset for each seed, so that every step number gets its share).
    static let agreementInterval = 20
    /// Refused candidates tried at every step.
    static let refusedCandidatesPerStep = 3
    /// Random candidates drawn at most at every step in search of the refused ones (in an open
    /// position most candidates are legal).
    static let candidatesDrawnPerStep = 12
    /// Games per test case; test cases of one variant run in parallel.
    static let gamesPerBatch = TestPaths.isLongRun ? 125 : 6

    // MARK: - Games under test

    /// A rule file compiled with one choice of option values.
    struct Variant: Sendable, Hashable, CustomTestStringConvertible {
        var file: String
        var options: [String: String]
        /// How many variants its rule file has.
        var siblings: Int

        var testDescription: String {
            let settings = options.keys.sorted().map { "\($0)=\(options[$0]!)" }.joined(separator: " ")
            return settings.isEmpty ? file : "\(file) \(settings)"
        }

        var path: String { PropertyTests.rulesFolder.appendingPathComponent(file).path }
        var games: Int { max(PropertyTests.minimumGamesPerVariant, (PropertyTests.gamesPerRuleFile + siblings - 1) / siblings) }
    }

    /// Some games of one variant, from seed `seeds.lowerBound` on.
    struct Batch: Sendable, CustomTestStringConvertible {
        var variant: Variant
        var seeds: Range<UInt64>
        var testDescription: String { "\(variant.testDescription), seeds \(seeds.lowerBound)..<\(seeds.upperBound)" }
    }

    static var rulesFolder: URL {
        TestPaths.rules
    }

    static let ruleFiles = TestPaths.ruleFiles

    /// Every rule file with every combination of the values of its options that list their values
    /// (`draw: 1 | 3`), plus the lower bound of each range (`redeals: 0 ... 10`); other options keep their defaults.
    static let variants: [Variant] = ruleFiles.flatMap { file -> [Variant] in
        let loaded = RuleLoader.load(path: rulesFolder.appendingPathComponent(file).path)
        var settings: [[String: String]] = [[:]]
        for declaration in loaded.declarations ?? [] {
            guard case .option(let name, let domain, _) = declaration.kind else { continue }
            var values: [String] = []
            for item in domain {
                switch item {
                case .integer(let n): values.append(String(n))
                case .boolean(let b): values.append(b ? "true" : "false")
                case .range(let low, _): values.append(String(low))
                case .unlimited: break
                }
            }
            // An option that also allows a range or `unlimited` keeps its default as one more choice.
            let listsEveryValue = domain.allSatisfy { item in
                switch item {
                case .integer, .boolean: return true
                case .range, .unlimited: return false
                }
            }
            let choices: [String?] = (listsEveryValue ? [] : [nil]) + values.map(Optional.some)
            settings = settings.flatMap { setting in
                choices.map { choice in
                    var next = setting
                    if let choice { next[name.name] = choice }
                    return next
                }
            }
        }
        return settings.map { Variant(file: file, options: $0, siblings: settings.count) }
    }

    static let batches: [Batch] = variants.flatMap { variant in
        stride(from: 0, to: variant.games, by: gamesPerBatch).map { start in
            Batch(variant: variant, seeds: UInt64(start)..<UInt64(min(start + gamesPerBatch, variant.games)))
        }
    }

    @Test func theBundledGamesAndTheirOptionsAreDiscovered() {
        expectTrue(Set(["Klondike.patience", "FreeCell.patience", "Spider.patience"]).isSubset(of: Self.ruleFiles))
        let spider = Self.variants.filter { $0.file == "Spider.patience" }.compactMap { $0.options["suits"] }
        expectEqual(spider.sorted(), ["1", "2", "4"])
        let klondikeDraws = Set(Self.variants.filter { $0.file == "Klondike.patience" }.compactMap { $0.options["draw"] })
        expectEqual(klondikeDraws, ["1", "3"])
        for file in Self.ruleFiles {
            let variants = Self.variants.filter { $0.file == file }
            expectFalse(variants.isEmpty, "\(file)")
            expectGreaterOrEqual(variants.map(\.games).reduce(0, +), Self.gamesPerRuleFile, "\(file)")
            let batched = Self.batches.filter { $0.variant.file == file }.map(\.seeds.count).reduce(0, +)
            expectEqual(batched, variants.map(\.games).reduce(0, +), "\(file)")
        }
    }

    @Test("The deck is whole decks of distinct cards", arguments: PropertyTests.variants)
    func deckIsWholeDecks(variant: Variant) throws {
        let rules = try GameCompiler.compile(path: variant.path, options: variant.options)
        // Jokers (Thieves) come on top of whole decks, at most four a deck.
        let cards = rules.deck.filter { !$0.isJoker }
        expectTrue(cards.count >= 52 && cards.count % 52 == 0)
        expectLessOrEqual(rules.deck.count - cards.count, 4 * (cards.count / 52), "at most four jokers a deck")
        expectEqual(Set(rules.deck).count, rules.deck.count, "no two cards share an identity")
        // Each suit in play holds every rank equally often.
        let suits = Set(cards.map(\.suit))
        let copies = cards.count / (13 * suits.count)
        for suit in suits {
            for rank in 1...13 {
                expectEqual(cards.filter { $0.suit == suit && $0.rank == rank }.count, copies, "\(Card(rank: rank, suit: suit))")
            }
        }
        if let suitsOption = variant.options["suits"], let n = Int(suitsOption) {
            expectEqual(suits.count, n)
        }
        let dealt = try rules.deal(.seed(0))
        expectEqual(dealt.allCards.sorted(), rules.deck.sorted())
    }

    // MARK: - The property run

    @Test("Random play keeps the table's invariants", arguments: PropertyTests.batches)
    func randomPlayKeepsInvariants(batch: Batch) throws {
        let rules = try GameCompiler.compile(path: batch.variant.path, options: batch.variant.options)
        var tally = Tally()
        for seed in batch.seeds {
            try playRandomGame(rules: rules, seed: seed, tally: &tally)
            // Stop at the first failing game: one clear report beats a thousand.
            if tally.failed { return }
        }
        // The games must actually play, and the checks must actually meet refusals and agreements.
        // (Three plays a game on average: in the hardest open games, such as Fortress, random play
        // is often stuck after three or four.)
        expectGreaterOrEqual(tally.plays, batch.seeds.count * 3, "only \(tally.plays) plays in \(batch.seeds.count) games")
        expectGreaterOrEqual(tally.refusedTried, tally.plays, "only \(tally.refusedTried) refused candidates tried")
        expectGreaterOrEqual(tally.agreementChecks, TestPaths.isLongRun ? batch.seeds.count : (batch.seeds.count + 1) / 2)
        if !rules.actionNames.isEmpty { expectGreater(tally.taps, 0, "no game tapped a pile") }
    }

    struct Tally {
        var plays = 0
        var taps = 0
        var refusedTried = 0
        var agreementChecks = 0
        var failed = false
    }

    /// One seeded game: random plays with every check after each, then undo to the deal and redo to the end.
    ///
    /// The play at each step is drawn uniformly from `legalPlays`, and must be allowed one by one
    /// (`refusal(for:on:)`, tapping, removing). Refused candidates are drawn in random order, without
    /// replacement, from every candidate play (every move of `candidates(on:)`, a tap on every pile,
    /// the removals), up to `refusedCandidatesPerStep` refused ones in at most
    /// `candidatesDrawnPerStep` draws; a legal candidate drawn on the way must be listed.
    func playRandomGame(rules: GameRules, seed: UInt64, tally: inout Tally) throws {
        let deck = CardCount(rules.deck)
        var game = try Game(rules: rules, deal: .seed(seed))
        var generator = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var positions = [game.table]
        var plays: [Play] = []
        let context = "\(rules.name) \(rules.optionValues.keys.sorted().map { "\($0)=\(rules.optionValues[$0]!)" }) seed \(seed)"
        let agreementOffset = Int(seed % UInt64(Self.agreementInterval))

        func fail(_ message: String, _ location: Testing.SourceLocation = #_sourceLocation) {
            Issue.record("\(context): \(message)", sourceLocation: location)
            tally.failed = true
        }

        /// Plays a refused candidate through `Game`: it must throw `refusal` and leave the whole state alone.
        func checkRefused(_ play: Play, _ refusal: Refusal, step: Int) -> Bool {
            let before = game.state
            tally.refusedTried += 1
            do {
                try game.apply(play)
                fail("step \(step): \(play) was played although the rules refuse it (\(refusal.message))")
                return false
            } catch {
                if let problem = GameInvariants.refusalChangedNothing(before: before, after: game.state, refusal: error, expected: refusal) {
                    fail("step \(step): \(play): \(problem)")
                    return false
                }
                return true
            }
        }

        if let problem = GameInvariants.shapeAndCards(of: game.table, rules: rules, deck: deck) { return fail("the deal: \(problem)") }

        for step in 0..<Self.stepsPerGame {
            if step >= Self.openingSteps, tally.taps > 0 || rules.actionNames.isEmpty { break }
            let table = game.table
            if (step == 0 && (TestPaths.isLongRun || seed % 2 == 0)) || (step + agreementOffset) % Self.agreementInterval == 0 {
                tally.agreementChecks += 1
                if let problem = Self.disagreement(rules: rules, table: table) { return fail("step \(step): \(problem)") }
            }
            // One impossible play of a kind random candidates rarely are.
            let impossible = Self.impossiblePlay(rules: rules, table: table, generator: &generator)
            guard let refusal = impossible.refusal else { return fail("step \(step): the rules allow the impossible \(impossible.play)") }
            guard checkRefused(impossible.play, refusal, step: step) else { return }

            // Refused candidates, drawn at random from every candidate play; a legal one drawn on
            // the way must be among the listed plays.
            let legal = rules.legalPlays(on: table)
            var sampler = CandidateSampler(table, removals: rules.hasRemovals)
            var refusedChecked = 0
            var drawn = 0
            while refusedChecked < Self.refusedCandidatesPerStep, drawn < Self.candidatesDrawnPerStep,
                  let candidate = sampler.next(&generator) {
                drawn += 1
                guard let refusal = Self.refusal(of: candidate, rules: rules, table: table) else {
                    guard legal.contains(candidate) else { return fail("step \(step): \(candidate) is allowed, yet not listed") }
                    continue
                }
                refusedChecked += 1
                guard checkRefused(candidate, refusal, step: step) else { return }
            }
            // The play: drawn uniformly from the listed plays, and allowed one by one as listed.
            guard !legal.isEmpty else {
                guard rules.isWon(table) || rules.isStuck(table) else { return fail("step \(step): no plays, yet neither won nor stuck") }
                break
            }
            let play = legal[generator.nextIndex(below: legal.count)]
            let expected: CardTable
            if case .move(let move) = play {
                if let refusal = rules.refusal(for: move, on: table) {
                    return fail("step \(step): \(play) is listed, yet refused: \(refusal.message)")
                }
                do {
                    expected = try rules.applying(play, to: table)
                } catch {
                    return fail("step \(step): \(play) is allowed, yet applying it fails: \(error.message)")
                }
            } else {
                // A tap or a removal is allowed when carrying it out succeeds (`refusal(of:rules:table:)`
                // carries it out and keeps only the error), so one application answers both questions.
                do {
                    expected = try rules.applying(play, to: table)
                } catch {
                    return fail("step \(step): \(play) is listed, yet refused: \(error.message)")
                }
            }
            do {
                try game.apply(play)
            } catch {
                return fail("step \(step): the legal \(play) was refused: \(error.message)")
            }
            tally.plays += 1
            if case .tap = play { tally.taps += 1 }
            guard game.table == expected else { return fail("step \(step): Game.apply and applying disagree on \(play)") }
            guard game.table != table else { return fail("step \(step): \(play) changed nothing") }
            if let problem = GameInvariants.shapeAndCards(of: game.table, rules: rules, deck: deck) {
                return fail("step \(step): after \(play): \(problem)")
            }
            guard game.state.undoStack.last == table, !game.canRedo else { return fail("step \(step): the history is wrong after \(play)") }
            positions.append(game.table)
            plays.append(play)
        }

        // Undo back to the deal, one position at a time.
        for index in positions.indices.dropLast().reversed() {
            guard game.undo() else { return fail("undo \(index) found nothing to undo") }
            guard game.table == positions[index] else { return fail("undo to position \(index) did not restore it") }
        }
        guard !game.canUndo, !game.undo(), game.table == positions[0] else { return fail("undo went past the deal") }
        // Redo to the end.
        for index in positions.indices.dropFirst() {
            guard game.redo() else { return fail("redo \(index) found nothing to redo") }
            guard game.table == positions[index] else { return fail("redo to position \(index) did not restore it") }
        }
        guard !game.canRedo, !game.redo(), game.table == positions.last else { return fail("redo went past the end") }
        // A play after an undo discards what could have been redone, even when it is the same play.
        if let last = plays.last {
            game.undo()
            guard game.canRedo else { return fail("undo left nothing to redo") }
            try game.apply(last)
            guard !game.canRedo, game.table == positions.last else { return fail("a play after undo kept the redo stack") }
        }
    }

    /// Why the rules refuse `play` on `table`, or nil when they allow it: `refusal(for:on:)` for a
    /// move, the error of tapping or removing for the others.
    static func refusal(of play: Play, rules: GameRules, table: CardTable) -> Refusal? {
        do {
            switch play {
            case .move(let move): return rules.refusal(for: move, on: table)
            case .tap(let pile): _ = try rules.tapping(pile: pile, on: table)
            case .remove(let piles): _ = try rules.removing(piles: piles, on: table)
            }
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Cards

    @Test func cardCountIsTheMultisetOfIdentities() {
        let a = Card(rank: 1, suit: .spades), b = Card(rank: 1, suit: .spades, copy: 1), c = Card(rank: 2, suit: .hearts)
        expectEqual(CardCount([a, b, c]), CardCount([c, b, a]))
        expectNotEqual(CardCount([a, c]), CardCount([b, c]), "copies of one card are different cards")
        expectNotEqual(CardCount([a, a, c]), CardCount([a, c]), "a duplicate is not conserved")
        expectNotEqual(CardCount([a, c]), CardCount([a]), "a lost card is not conserved")
    }

    // MARK: - Candidates

    static func candidates(on table: CardTable) -> [Move] { Candidates.moves(on: table) }

    /// Draws the candidate plays of a table (every move of `candidates(on:)`, then a tap on each
    /// pile, then, in a game with removals, the removal of each pile and of each pair of piles) in
    /// uniformly random order, without replacement and without building them all.
    struct CandidateSampler {
        /// `runStarts[p]` is the number of (source, run length) pairs of the piles before pile `p`.
        let runStarts: [Int]
        let pileCount: Int
        let moveCount: Int
        /// Candidates before the removals: the moves and the taps.
        let playCount: Int
        let total: Int
        /// The shuffled order so far, stored sparsely: position `i` holds `moved[i] ?? i`.
        var moved: [Int: Int] = [:]
        var drawn = 0

        init(_ table: CardTable, removals: Bool = false) {
            pileCount = table.piles.count
            var starts: [Int] = []
            starts.reserveCapacity(pileCount + 1)
            var runs = 0
            for pile in table.piles {
                starts.append(runs)
                runs += pile.count
            }
            starts.append(runs)
            runStarts = starts
            moveCount = runs * pileCount
            playCount = moveCount + pileCount
            total = playCount + (removals ? pileCount + pileCount * (pileCount - 1) / 2 : 0)
        }

        /// The next candidate of a Fisher–Yates shuffle drawn lazily from the front.
        mutating func next(_ generator: inout SeededGenerator) -> Play? {
            guard drawn < total else { return nil }
            let j = drawn + generator.nextIndex(below: total - drawn)
            let index = moved[j] ?? j
            moved[j] = moved[drawn] ?? drawn
            drawn += 1
            return play(at: index)
        }

        /// Candidate `index`: moves first, by source, run length and destination; then taps; then
        /// removals of one pile, and of two piles in increasing order.
        func play(at index: Int) -> Play {
            if index >= playCount {
                var rest = index - playCount
                guard rest >= pileCount else { return .remove(piles: [rest]) }
                rest -= pileCount
                var first = 0
                while rest >= pileCount - 1 - first {
                    rest -= pileCount - 1 - first
                    first += 1
                }
                return .remove(piles: [first, first + 1 + rest])
            }
            guard index < moveCount else { return .tap(pile: index - moveCount) }
            let run = index / pileCount
            var source = 0
            while runStarts[source + 1] <= run { source += 1 }
            return .move(Move(source: source, count: run - runStarts[source] + 1, destination: index % pileCount))
        }
    }

    @Test func samplerDrawsEveryCandidateOnce() throws {
        let rules = try GameCompiler.compile(path: Self.rulesFolder.appendingPathComponent("Klondike.patience").path)
        let table = try rules.deal(.seed(7))
        var sampler = CandidateSampler(table)
        var generator = SeededGenerator(seed: 7)
        var drawn: [Play] = []
        while let play = sampler.next(&generator) { drawn.append(play) }
        let expected = Self.candidates(on: table).map(Play.move) + table.piles.indices.map { Play.tap(pile: $0) }
        expectEqual(drawn.count, expected.count)
        expectEqual(Set(drawn), Set(expected))
        expectNotEqual(drawn, expected, "the order is shuffled")
        expectEqual(expected.indices.map(sampler.play(at:)), expected)
    }

    @Test func samplerDrawsEveryRemovalCandidateOnce() throws {
        let rules = try GameCompiler.compile(path: Self.rulesFolder.appendingPathComponent("Jamestown.patience").path)
        let table = try rules.deal(.seed(7))
        var sampler = CandidateSampler(table, removals: true)
        var generator = SeededGenerator(seed: 7)
        var drawn: [Play] = []
        while let play = sampler.next(&generator) { drawn.append(play) }
        let piles = table.piles.indices
        let removals = piles.map { Play.remove(piles: [$0]) } + piles.flatMap { a in piles.filter { $0 > a }.map { Play.remove(piles: [a, $0]) } }
        let expected = Self.candidates(on: table).map(Play.move) + piles.map { Play.tap(pile: $0) } + removals
        expectEqual(drawn.count, expected.count)
        expectEqual(Set(drawn), Set(expected))
        expectEqual(expected.indices.map(sampler.play(at:)), expected)
    }

    /// The shared listing invariant (`GameInvariants`) over every candidate move.
    static func disagreement(rules: GameRules, table: CardTable) -> String? {
        GameInvariants.listingDisagreement(rules: rules, table: table, candidates: candidates(on: table))
    }

    /// A play that cannot be legal, with the refusal `refusal(for:on:)` or `tapping` gives: more
    /// cards than the pile holds, a pile onto itself, no cards, or a tap on a pile whose tap does
    /// nothing now (when there is one). The refusal is nil when the rules wrongly allow it.
    static func impossiblePlay(rules: GameRules, table: CardTable, generator: inout SeededGenerator) -> (play: Play, refusal: Refusal?) {
        let piles = table.piles.count
        let source = generator.nextIndex(below: piles)
        switch generator.nextIndex(below: 4) {
        case 0:
            let move = Move(source: source, count: table.piles[source].count + 1, destination: (source + 1) % piles)
            return (.move(move), rules.refusal(for: move, on: table))
        case 1:
            let move = Move(source: source, count: 1, destination: source)
            return (.move(move), rules.refusal(for: move, on: table))
        case 2:
            let move = Move(source: source, count: 0, destination: generator.nextIndex(below: piles))
            return (.move(move), rules.refusal(for: move, on: table))
        default:
            for offset in 0..<piles {
                let pile = (source + offset) % piles
                do {
                    _ = try rules.tapping(pile: pile, on: table)
                } catch {
                    return (.tap(pile: pile), error)
                }
            }
            let move = Move(source: source, count: 1, destination: source)
            return (.move(move), rules.refusal(for: move, on: table))
        }
    }
}
