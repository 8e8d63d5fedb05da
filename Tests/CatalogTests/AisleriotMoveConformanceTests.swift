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

/// A file of `Fixtures/aisleriot/`: seeded random walks in one of Aisleriot's game files under
/// one set of its options, each step with the plays Aisleriot allows, the play made and the piles
/// it changed (`Scripts/make-aisleriot-move-fixtures.py` writes them; `Fixtures/aisleriot/README.md`
/// gives the format).
struct AisleriotFixture: Decodable, Sendable {
    var fixture: String
    var rules: String
    var options: [String: String]
    /// Whether plays are compared by the positions they reach rather than by their notation.
    var gestures: Bool
    /// The rule file's pile that holds the cards Aisleriot takes out of play (its slots hold
    /// fewer than the deck), such as a hidden discard pile.
    var rest: String?
    var walks: [AisleriotWalk]

    /// The fixture files of the folder, by name.
    static let files: [URL] = {
        let folder = TestPaths.fixture("aisleriot")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }()

    /// Reads one fixture file.
    static func read(_ url: URL) throws -> AisleriotFixture {
        try JSONDecoder().decode(AisleriotFixture.self, from: Data(contentsOf: url))
    }

    /// Every fixture that can be read, by name.
    static let all: [AisleriotFixture] = files.compactMap { try? read($0) }
}

/// One walk: the deal's first position (every pile by its name in the move notation, bottom card
/// first, `#` before a face-down card) and its steps.
struct AisleriotWalk: Decodable, Sendable {
    var deal: Int
    /// The memories the deal set, where the rule file keeps one from the deal (Agnes' base rank).
    var memory: [String: Int]
    var piles: [String: String]
    var steps: [AisleriotStep]
}

/// One step of a walk: Aisleriot's plays (separated by spaces), the one made, the piles it
/// changed, and for gesture games the piles each play changes.
struct AisleriotStep: Decodable, Sendable {
    var plays: String
    var play: String
    var after: [String: String]
    var outcomes: [String: [String: String]]?
}

/// What a rule file declares different from Aisleriot (`differs aisleriot …`): the only place the
/// comparison reads which differences are allowed.
struct AisleriotDifferences {
    /// The differences from Aisleriot the rule file declares, its base's included (Grammar.md 7.19).
    var declared: [DeclaredDifference]

    init(_ rules: GameRules) {
        declared = rules.differences.filter { $0.program == .aisleriot }
    }

    func move(from: String, to: String) -> Bool { declared.coversMove(.aisleriot, from: from, to: to) }
    func tap(_ zone: String) -> Bool { declared.coversTap(.aisleriot, zone: zone) }
    var removal: Bool { declared.coversRemoval(.aisleriot) }
    func position(_ zone: String) -> Bool { declared.coversPosition(.aisleriot, zone: zone) }
}

/// Replays one fixture in its rule file and reports every difference the rule file does not
/// declare.
struct AisleriotReplay {
    let fixture: AisleriotFixture
    let rules: GameRules
    let notation: MoveNotation
    let differences: AisleriotDifferences
    /// The piles of the rule file in the fixture's names.
    let names: [String]
    /// The piles Aisleriot has a slot for, which are the ones compared.
    let compared: [String]
    /// The zone of each pile, by name.
    let zoneOf: [String: String]
    /// The compared piles whose zone's position the rule file declares different.
    let loosePiles: Set<String>
    var problems: [String] = []

    init(_ fixture: AisleriotFixture) throws {
        self.fixture = fixture
        let rules = try Positions.rules(fixture.rules, options: fixture.options)
        let notation = MoveNotation(rules: rules)
        self.rules = rules
        self.notation = notation
        let differences = AisleriotDifferences(rules)
        self.differences = differences
        let names = (0..<rules.pileCount).map { notation.name(ofPile: $0) }
        self.names = names
        let slots = Set(fixture.walks.first?.piles.keys.map { $0 } ?? [])
        let compared = names.filter { slots.contains($0) }
        self.compared = compared
        let zoneOf = Dictionary(uniqueKeysWithValues: names.indices.map { (names[$0], rules.zone(ofPile: $0).name) })
        self.zoneOf = zoneOf
        loosePiles = Set(compared.filter { differences.position(zoneOf[$0] ?? "") })
    }

    /// A table with Aisleriot's piles and the memories and action uses Patience reached.
    func table(_ piles: [String: String], like previous: CardTable?, memory: [String: Int] = [:]) throws -> CardTable {
        var layout: [String: String] = [:]
        for (name, cards) in piles where !cards.isEmpty {
            let id = rules.pileID(try notation.pile(name))
            layout["\(id.zone) \(id.index)"] = cards
        }
        if let rest = fixture.rest {
            let id = rules.pileID(try notation.pile(rest))
            layout["\(id.zone) \(id.index)"] = "..."
        }
        var table = try Positions.table(rules, layout, memory: memory)
        if let previous {
            table.actionUses = previous.actionUses
            table.memory = previous.memory
        }
        return table
    }

    func zone(_ pile: Int) -> String { rules.zone(ofPile: pile).name }

    /// Every pile of a table as text, by name.
    func texts(_ table: CardTable) -> [String: String] {
        Dictionary(uniqueKeysWithValues: table.piles.indices.map { (names[$0], Positions.text(of: table.piles[$0])) })
    }

    mutating func run(walks: [AisleriotWalk], steps limit: Int) {
        for walk in walks {
            var piles = walk.piles
            var previous: CardTable?
            for (index, step) in walk.steps.prefix(limit).enumerated() {
                let at = "\(fixture.fixture) deal \(walk.deal) step \(index + 1)"
                do {
                    let table = try self.table(piles, like: previous, memory: walk.memory)
                    if fixture.gestures {
                        compareOutcomes(step, on: table, piles: piles, at: at)
                    } else {
                        comparePlays(step, on: table, at: at)
                    }
                    var next = piles
                    next.merge(step.after) { $1 }
                    if let reached = play(step.play, on: table, toward: next) {
                        comparePositions(reached, next, after: step.play, at: at)
                        previous = reached
                    } else {
                        previous = table
                    }
                    piles = next
                } catch {
                    problems.append("\(at): \(error)")
                    break
                }
            }
        }
    }

    /// Patience's plays and Aisleriot's, in the notation, each with the zones it concerns.
    mutating func comparePlays(_ step: AisleriotStep, on table: CardTable, at: String) {
        var ours = Set(rules.legalMoves(on: table).map { notation.text(of: .move($0)) })
        ours.formUnion(rules.legalTaps(on: table).map { notation.text(of: .tap(pile: $0)) })
        var theirs = Set<String>()
        for text in step.plays.split(separator: " ").map(String.init) {
            guard let play = try? notation.play(text) else { theirs.insert(text); continue }
            if case .move(let move) = play, representsTheSame(move, on: table) { continue }
            theirs.insert(text)
        }
        for text in ours.subtracting(theirs).sorted() where !declared(text) {
            problems.append("\(at): \(text): only Patience allows it, and the rule file declares no such difference")
        }
        for text in theirs.subtracting(ours).sorted() where !declared(text) {
            problems.append("\(at): \(text): only Aisleriot allows it, and the rule file declares no such difference")
        }
    }

    /// Aisleriot's plays that stand for something the rule file writes otherwise: a run dropped on
    /// a foundation in one move, which the rule file moves a card at a time (only when Patience
    /// can play its cards one at a time there; otherwise it is a difference), and a foundation's
    /// only card put on another empty foundation, which changes nothing but the pile it lies on.
    func representsTheSame(_ move: Move, on table: CardTable) -> Bool {
        guard rules.zone(ofPile: move.destination).role == .foundation else { return false }
        if move.count > 1 {
            // Only when Patience can play the run's cards one at a time to that foundation.
            var reached = table
            for _ in 0..<move.count {
                guard let done = try? rules.applying(Move(source: move.source, count: 1, destination: move.destination), to: reached) else { return false }
                reached = done
            }
            return true
        }
        return rules.zone(ofPile: move.source).role == .foundation && table.piles[move.source].count == 1
            && table.piles[move.destination].isEmpty
    }

    /// Whether a play only one side allows is a declared difference.
    func declared(_ text: String) -> Bool {
        guard let play = try? notation.play(text) else { return false }
        switch play {
        case .move(let move): return differences.move(from: zone(move.source), to: zone(move.destination))
        case .tap(let pile): return differences.tap(zone(pile))
        case .remove: return differences.removal
        }
    }

    /// For a gesture game: the positions Aisleriot's gestures reach against those Patience's
    /// plays reach.
    mutating func compareOutcomes(_ step: AisleriotStep, on table: CardTable, piles: [String: String], at: String) {
        // Aisleriot's positions, grouped by the cards each still has in play, by their key.
        var theirs: [[Substring: Int]: [String: String]] = [:]
        for (text, changes) in step.outcomes ?? [:] {
            var next = piles
            next.merge(changes) { $1 }
            let cards = cardCounts(next)
            theirs[cards, default: [:]][key(next, inPlay: cards)] = text
        }
        var ours: [[Substring: Int]: Set<String>] = [:]
        for play in rules.legalPlays(on: table) {
            guard let reached = try? rules.applying(play, to: table) else { continue }
            let text = notation.text(of: play)
            let reachedPiles = texts(reached)
            var found = false
            for (cards, positions) in theirs {
                let position = key(reachedPiles, inPlay: cards)
                ours[cards, default: []].insert(position)
                if positions[position] != nil { found = true }
            }
            if !found && !declared(text) {
                problems.append("\(at): \(text): only Patience allows it (no gesture of Aisleriot's reaches its position), and the rule file declares no such difference")
            }
        }
        for (cards, positions) in theirs {
            for (position, text) in positions where !(ours[cards]?.contains(position) ?? false) && !declared(text) && !differences.removal {
                problems.append("\(at): \(text): only Aisleriot allows it (no play of Patience's reaches its position), and the rule file declares no such difference")
            }
        }
    }

    /// How many of each card a position's piles hold, face up or down.
    func cardCounts(_ piles: [String: String]) -> [Substring: Int] {
        var counts: [Substring: Int] = [:]
        for name in compared {
            for card in (piles[name] ?? "").split(separator: " ") { counts[card.drop { $0 == "#" }, default: 0] += 1 }
        }
        return counts
    }

    /// A position as text; a zone whose position is declared different counts only by the cards
    /// it holds, in any pile, order and face, and of those only the ones Aisleriot's position
    /// (`inPlay`) still has in play (a card Aisleriot takes out of play where the rule file keeps it).
    func key(_ piles: [String: String], inPlay: [Substring: Int]) -> String {
        var exact: [String] = []
        var loose: [String: [Substring]] = [:]
        var left = inPlay
        for name in compared where !loosePiles.contains(name) {
            exact.append(piles[name] ?? "")
            for card in (piles[name] ?? "").split(separator: " ") { left[card.drop { $0 == "#" }, default: 0] -= 1 }
        }
        for name in compared where loosePiles.contains(name) {
            for card in (piles[name] ?? "").split(separator: " ").map({ $0.drop { $0 == "#" } }) where left[card, default: 0] > 0 {
                left[card]! -= 1
                loose[zoneOf[name] ?? "", default: []].append(card)
            }
        }
        return (exact + loose.keys.sorted().map { "\($0): " + loose[$0]!.sorted().joined(separator: " ") }).joined(separator: "|")
    }

    /// Patience's position after Aisleriot's play, when Patience allows it; Aisleriot's moves to
    /// the foundations by itself after a play are made too, one card at a time.
    func play(_ text: String, on table: CardTable, toward next: [String: String]) -> CardTable? {
        guard let play = try? notation.play(text) else { return nil }
        var reached: CardTable
        if let done = try? rules.applying(play, to: table) {
            reached = done
        } else if case .move(let move) = play, move.count > 1, rules.zone(ofPile: move.destination).role == .foundation {
            // A run dropped on a foundation at once, played a card at a time.
            reached = table
            for _ in 0..<move.count {
                guard let done = try? rules.applying(Move(source: move.source, count: 1, destination: move.destination), to: reached) else { return nil }
                reached = done
            }
        } else {
            return nil
        }
        return autoplayed(reached, toward: next)
    }

    /// Plays Patience's moves to a foundation pile that Aisleriot's position shows the card on,
    /// while there are any: Aisleriot's own moves to the foundations after a play.
    func autoplayed(_ table: CardTable, toward next: [String: String]) -> CardTable {
        var table = table
        var moved = true
        while moved {
            moved = false
            for move in rules.legalMoves(on: table) where move.count == 1 && rules.zone(ofPile: move.destination).role == .foundation {
                let target = table.piles[move.destination]
                let wanted = (next[names[move.destination]] ?? "").split(separator: " ")
                guard wanted.count > target.count, target.count < wanted.count,
                      let card = table.piles[move.source].cards.last,
                      wanted[target.count] == Substring(card.card.description) || wanted[target.count] == Substring("#" + card.card.description),
                      Positions.text(of: target) == wanted.prefix(target.count).joined(separator: " "),
                      let done = try? rules.applying(move, to: table) else { continue }
                table = done
                moved = true
                break
            }
        }
        return table
    }

    mutating func comparePositions(_ reached: CardTable, _ next: [String: String], after play: String, at: String) {
        let ours = texts(reached)
        for name in compared where (ours[name] ?? "") != (next[name] ?? "") && !differences.position(zoneOf[name] ?? "") {
            problems.append("\(at): after \(play), \(name) is '\(ours[name] ?? "")' in Patience and '\(next[name] ?? "")' in Aisleriot, and the rule file declares no such difference")
        }
    }
}

/// Seeded random walks in Aisleriot's own game files, replayed in the rule files: at every step
/// Patience must allow exactly Aisleriot's plays and reach Aisleriot's position after the play
/// made, but for the differences the rule file declares (`differs aisleriot …`) and for ways of
/// writing the same thing, made alike here (the README of the fixtures lists them). Gesture games
/// (pairs and clicks) are compared by the positions each play reaches. The default run replays
/// each fixture's first walks, to 40 plays; the long run (`PATIENCE_LONG=1`) all of them.
@Suite("Aisleriot conformance")
struct AisleriotMoveConformanceTests {
    static let fixtures = AisleriotFixture.all.map(\.fixture)

    @Test func theFixturesAreThere() throws {
        expectGreaterOrEqual(AisleriotFixture.files.count, 90)
        for url in AisleriotFixture.files {
            #expect(throws: Never.self, "\(url.lastPathComponent) cannot be read") { _ = try AisleriotFixture.read(url) }
        }
        for fixture in AisleriotFixture.all {
            expectGreaterOrEqual(fixture.walks.count, 3, "\(fixture.fixture) has fewer than three deals")
            expectGreaterOrEqual(fixture.walks.map(\.steps.count).reduce(0, +), 40, "\(fixture.fixture) has too few plays")
        }
    }

    @Test(arguments: fixtures)
    func playsAndPositionsMatchAisleriot(fixture name: String) throws {
        let fixture = try #require(AisleriotFixture.all.first { $0.fixture == name })
        var replay = try AisleriotReplay(fixture)
        // The default run: the first walks, until 40 plays (a walk that ends early is followed by the next).
        var walks = fixture.walks
        if !TestPaths.isLongRun {
            var plays = 0
            walks = Array(fixture.walks.prefix { walk in defer { plays += walk.steps.count }; return plays < 40 })
        }
        replay.run(walks: walks, steps: TestPaths.isLongRun ? Int.max : 40)
        for problem in replay.problems.prefix(20) { Issue.record(Comment(rawValue: problem)) }
        expectTrue(replay.problems.isEmpty, "\(name): \(replay.problems.count) differences not declared")
    }
}
