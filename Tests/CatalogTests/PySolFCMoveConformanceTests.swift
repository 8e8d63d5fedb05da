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

/// A play as the two programs are compared: source pile, number of cards, destination, and the
/// zones they lie in (which a declared difference names).
///
/// This is the one place where PySolFC's representation and Patience's are made alike
/// (`Fixtures/pysolfc/README.md` explains why each step is a matter of representation):
/// - a move to any pile of a foundation zone has the destination `foundation`, because PySolFC
///   binds each foundation to a suit while the rule files' foundations take any suit's first card,
///   so the two name different foundation piles for the same play;
/// - PySolFC's move of a foundation's only card to an empty foundation is dropped: in a game of two
///   decks, PySolFC lets the ace of a suit go from one of the suit's two foundations to the other,
///   which changes nothing but the name of the pile it lies on; the rule files' foundations have
///   no suit to name, and the move is refused there;
/// - PySolFC's click on the talon (deal or redeal) is the tap on the rule file's stock, written
///   `tap(stock)`;
/// - PySolFC plays a pair by dropping one card on the other, in either direction: in a game with
///   removals, a one-card move onto a card, between zones the rule file never moves cards between
///   (the source's zone gives no cards or the destination's takes none), is the removal of the two
///   piles, written `remove(a+b)` with the piles in increasing order; and it removes a single card
///   (Neighbour's kings) by moving it to its foundation, the rule file's hidden discard pile: a
///   one-card move to a hidden zone is the removal of its source, `remove(a)`.
struct ComparedPlay: Hashable, Comparable, Sendable, CustomStringConvertible {
    var source: String
    var count: Int
    var destination: String
    /// The zones of the source and the destination piles (the source's alone for a tap, empty for a removal).
    var zones: [String]

    static let anyFoundation = "foundation"
    static let removal = "remove"
    static let tap = "tap"

    /// A move of the rule file, normalised.
    init(_ move: Move, rules: GameRules) {
        let notation = MoveNotation(rules: rules)
        source = notation.name(ofPile: move.source)
        count = move.count
        let to = rules.zone(ofPile: move.destination)
        destination = to.role == .foundation ? Self.anyFoundation : notation.name(ofPile: move.destination)
        zones = [rules.zone(ofPile: move.source).name, to.name]
    }

    /// A removal of the rule file: its piles, in increasing order.
    init(removing piles: [Int], rules: GameRules) {
        let notation = MoveNotation(rules: rules)
        source = piles.sorted().map { notation.name(ofPile: $0) }.joined(separator: "+")
        count = 0
        destination = Self.removal
        zones = []
    }

    /// A tap of the rule file.
    init(tapping pile: Int, rules: GameRules) {
        source = MoveNotation(rules: rules).name(ofPile: pile)
        count = 0
        destination = Self.tap
        zones = [rules.zone(ofPile: pile).name]
    }

    /// Patience's plays on a table, normalised: its legal moves, its legal taps on the stock zone
    /// (PySolFC's talon; taps elsewhere are not PySolFC gestures) and its legal removals.
    static func patience(_ rules: GameRules, on table: CardTable) -> Set<ComparedPlay> {
        var plays = Set(rules.legalMoves(on: table).map { ComparedPlay($0, rules: rules) })
        for pile in rules.legalTaps(on: table) where rules.zone(ofPile: pile).role == .stock {
            plays.insert(ComparedPlay(tapping: pile, rules: rules))
        }
        if rules.hasRemovals { plays.formUnion(rules.legalRemovals(on: table).map { ComparedPlay(removing: $0, rules: rules) }) }
        return plays
    }

    /// PySolFC's plays, as a fixture writes them, on a table, normalised.
    static func pysolfc(_ texts: [String], rules: GameRules, table: CardTable) throws -> Set<ComparedPlay> {
        Set(try texts.compactMap { try pysolfc($0, rules: rules, table: table)?.compared })
    }

    /// One of PySolFC's plays on a table: normalised, and as the play that does the same in the
    /// rule file. Nil for a play that only renames a pile (a lone ace between its suit's foundations).
    static func pysolfc(_ text: String, rules: GameRules, table: CardTable) throws -> (compared: ComparedPlay, play: Play)? {
        switch try MoveNotation(rules: rules).play(text) {
        case .tap(let pile):
            return (ComparedPlay(tapping: pile, rules: rules), .tap(pile: pile))
        case .remove(let piles):
            return (ComparedPlay(removing: piles, rules: rules), .remove(piles: piles))
        case .move(let move):
            let betweenFoundations = rules.zone(ofPile: move.source).role == .foundation && rules.zone(ofPile: move.destination).role == .foundation
            if betweenFoundations && table.piles[move.source].count == 1 && table.piles[move.destination].isEmpty { return nil }
            if rules.hasRemovals, move.count == 1, rules.zone(ofPile: move.destination).role == .hidden {
                return (ComparedPlay(removing: [move.source], rules: rules), .remove(piles: [move.source]))
            }
            if rules.hasRemovals, move.count == 1, !table.piles[move.destination].isEmpty,
               let code = rules.refusal(for: move, on: table)?.code, code == .zoneCannotGive || code == .zoneCannotReceive {
                let piles = [move.source, move.destination].sorted()
                return (ComparedPlay(removing: piles, rules: rules), .remove(piles: piles))
            }
            return (ComparedPlay(move, rules: rules), .move(move))
        }
    }

    /// The kind of difference a rule file declares to allow this play on one side only.
    var difference: PySolFCDifference {
        switch destination {
        case Self.removal: return .removal
        case Self.tap: return .tap(zones[0])
        default: return .move(from: zones[0], to: zones[1])
        }
    }

    var description: String {
        switch destination {
        case Self.tap: return "tap(\(source))"
        case Self.removal: return "remove(\(source))"
        default: return "\(source)\(count == 1 ? "" : "x\(count)")->\(destination)"
        }
    }

    static func < (a: ComparedPlay, b: ComparedPlay) -> Bool { a.description < b.description }
}

/// A difference between Patience and PySolFC, as a rule file's `differs pysolfc` line declares it.
enum PySolFCDifference: Hashable, Sendable, CustomStringConvertible {
    /// A move between these zones that one side allows and the other refuses.
    case move(from: String, to: String)
    /// A tap on this zone's piles that one side allows and the other refuses.
    case tap(String)
    /// A pair or group removal that one side allows and the other refuses.
    case removal
    /// The position after a play differs in this zone's piles.
    case position(String)

    /// The rule file's reason for this difference, or nil when it does not declare it: the one
    /// place the comparison reads the declarations.
    func declaredReason(in rules: GameRules) -> String? {
        PySolFCDifference.declarations(rules)[self]
    }

    /// A rule file's declared differences from PySolFC, its base's included (Grammar.md 7.19).
    static func declarations(_ rules: GameRules) -> [PySolFCDifference: String] {
        var result: [PySolFCDifference: String] = [:]
        for difference in rules.differences where difference.program == .pysolfc {
            switch difference.kind {
            case .move(let from, let to): result[.move(from: from, to: to)] = difference.reason
            case .tap(let zone): result[.tap(zone)] = difference.reason
            case .removal: result[.removal] = difference.reason
            case .position(let zone): result[.position(zone)] = difference.reason
            }
        }
        return result
    }

    var description: String {
        switch self {
        case .move(let from, let to): return "move \(from) -> \(to)"
        case .tap(let zone): return "tap \(zone)"
        case .removal: return "removal"
        case .position(let zone): return "position \(zone)"
        }
    }
}

/// A walk of a fixture replayed in Patience: at each step the plays both allow are compared, then
/// PySolFC's play is made in Patience and the piles compared with PySolFC's. What the rule file
/// declares is let pass; anything else is reported, naming the fixture, deal, step and play.
struct PySolFCWalkReplay {
    var fixture: PySolFCFixture
    var walk: PySolFCWalk
    var rules: GameRules

    /// The differences found that the rule file does not declare, each a sentence. Where the
    /// positions after a play differ, the walk goes on from PySolFC's, with Patience's memories.
    func undeclaredDifferences() throws -> [String] {
        var failures: [String] = []
        var table = try opening()
        var theirs = walk.start
        for (index, step) in walk.steps.enumerated() {
            let place = "\(fixture.fixture) deal \(walk.deal) step \(index)"
            let ours = ComparedPlay.patience(rules, on: table)
            let pysolfc = try ComparedPlay.pysolfc(step.plays, rules: rules, table: table)
            for play in ours.subtracting(pysolfc).sorted() where play.difference.declaredReason(in: rules) == nil {
                failures.append("\(place): \(play) is allowed only by Patience (undeclared \(play.difference))")
            }
            for play in pysolfc.subtracting(ours).sorted() where play.difference.declaredReason(in: rules) == nil {
                failures.append("\(place): \(play) is allowed only by PySolFC (undeclared \(play.difference))")
            }
            guard let text = step.play, let after = step.after else { break }
            theirs.merge(after) { $1 }
            guard let (compared, play) = try ComparedPlay.pysolfc(text, rules: rules, table: table) else {
                table = try synced(theirs, keeping: table)
                continue
            }
            do {
                table = try rules.applying(play, to: table)
            } catch {
                if compared.difference.declaredReason(in: rules) == nil {
                    failures.append("\(place): Patience refuses PySolFC's play \(text): \(error.message)")
                }
                table = try synced(theirs, keeping: table)
                continue
            }
            let differing = try differingPiles(table, theirs)
            let undeclared = differing.filter { PySolFCDifference.position($0.zone).declaredReason(in: rules) == nil }
            if !undeclared.isEmpty {
                let piles = undeclared.map { "\($0.pile): Patience has [\($0.ours)], PySolFC has [\($0.theirs)]" }
                let zones = Array(Set(undeclared.map(\.zone))).sorted().map { "position \($0)" }.joined(separator: ", ")
                failures.append("\(place): after \(text) the positions differ (undeclared \(zones)): " + piles.joined(separator: "; "))
            }
            if !differing.isEmpty { table = try synced(theirs, keeping: table) }
        }
        return failures
    }

    /// The walk's opening as the rule file deals it, so that memories set while dealing (a base
    /// rank) are set: when the deal lines place cards without reading them, the deck is put in the
    /// order that deals PySolFC's opening card for card. Otherwise the opening is loaded as it
    /// stands, every memory at its first value.
    func opening() throws -> CardTable {
        if let table = try? rules.deal(.order(rules.deck)) {
            var place: [Card: (pile: Int, index: Int)] = [:]
            for (pile, cards) in table.piles.enumerated() {
                for (index, card) in cards.cards.enumerated() { place[card.card] = (pile, index) }
            }
            let notation = MoveNotation(rules: rules)
            var theirs = Array(repeating: [Card](), count: rules.pileCount)
            var copies: [String: Int] = [:]
            var jokers = rules.deck.filter(\.isJoker)
            for (name, text) in walk.start {
                let pile = try notation.pile(name)
                for word in text.split(separator: " ") {
                    let body = String(word.hasPrefix("#") ? word.dropFirst() : word)
                    if body == "JK" {
                        if !jokers.isEmpty { theirs[pile].append(jokers.removeFirst()) }
                        continue
                    }
                    let first = try Positions.card(body)
                    let copy = copies[body, default: 0]
                    copies[body] = copy + 1
                    theirs[pile].append(Card(rank: first.rank, suit: first.suit, copy: copy))
                }
            }
            let order = rules.deck.compactMap { card in
                place[card].flatMap { theirs[$0.pile].indices.contains($0.index) ? theirs[$0.pile][$0.index] : nil }
            }
            if order.count == rules.deck.count, let dealt = try? rules.deal(.order(order)), try differingPiles(dealt, walk.start).isEmpty {
                return dealt
            }
        }
        return try walk.table(for: rules)
    }

    /// The piles whose cards differ between Patience's table and PySolFC's position. A hidden
    /// zone's order is not seen, so its cards are compared in sorted order.
    func differingPiles(_ table: CardTable, _ theirs: [String: String]) throws -> [(pile: String, zone: String, ours: String, theirs: String)] {
        let notation = MoveNotation(rules: rules)
        var result: [(pile: String, zone: String, ours: String, theirs: String)] = []
        for pile in table.piles.indices {
            let name = notation.name(ofPile: pile)
            let zone = rules.zone(ofPile: pile)
            var ours = table.piles[pile].cards.map { ($0.isFaceUp ? "" : "#") + $0.card.description }
            var other = (theirs[name] ?? "").split(separator: " ").map(String.init)
            if zone.role == .hidden {
                ours = ours.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.sorted()
                other = other.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.sorted()
            }
            if ours != other {
                // Long piles that differ only near the top are shown from where they part.
                let common = zip(ours, other).prefix { $0 == $1 }.count
                let skip = common > 3 ? common - 1 : 0
                let mark = skip > 0 ? "… " : ""
                result.append((name, zone.name, mark + ours.dropFirst(skip).joined(separator: " "), mark + other.dropFirst(skip).joined(separator: " ")))
            }
        }
        return result
    }

    /// PySolFC's position as a Patience table that keeps Patience's count of action uses and its memories.
    func synced(_ theirs: [String: String], keeping table: CardTable) throws -> CardTable {
        var synced = try PySolFCWalk.table(theirs, for: rules)
        synced.actionUses = table.actionUses
        synced.memory = table.memory
        return synced
    }
}

/// Walks played in PySolFC, replayed in the rule files: at every step Patience must allow exactly
/// the plays PySolFC allows (after `ComparedPlay`'s normalisation) and reach the same piles after
/// PySolFC's play, except where the rule file declares a difference (`differs pysolfc`). The
/// default run replays each fixture's first walk; `PATIENCE_LONG=1` all of them.
@Suite("PySolFC legal moves and positions")
struct PySolFCMoveConformanceTests {
    /// The games the suite must cover.
    static let required = ["Klondike", "FreeCell", "Spider", "Spider1Suit", "Spider2Suits", "Yukon", "FortyThieves",
                           "Canfield", "Scorpion", "Gypsy", "Golf", "BakersDozen", "Fan", "BlackHole", "SimpleSimon",
                           "FallingStars", "GeneralsPatience", "Signora", "Wood"]

    @Test func everyFixtureHasThreeWalksOfFortyPlays() {
        let fixtures = Dictionary(PySolFCFixture.all.map { ($0.fixture, $0) }, uniquingKeysWith: { a, _ in a })
        for name in Self.required { expectTrue(fixtures[name] != nil, "\(name) has no fixture") }
        for fixture in PySolFCFixture.all {
            let plays = fixture.walks.map { $0.steps.filter { $0.play != nil }.count }
            expectGreaterOrEqual(fixture.walks.count, 3, "\(fixture.fixture) has \(fixture.walks.count) walks")
            expectGreaterOrEqual(plays.reduce(0, +), 120, "\(fixture.fixture) has \(plays) plays")
        }
    }

    @Test(arguments: PySolFCFixture.all.map(\.fixture))
    func walksMatchPySolFC(fixture name: String) throws {
        let fixture = try #require(PySolFCFixture.all.first { $0.fixture == name })
        try #require(!fixture.walks.isEmpty, "\(name).json has no walks or does not decode")
        let rules = try Positions.rules(fixture.rules, options: fixture.options)
        // PySolFC's limit of rounds must be the rule file's limit of redeals, plus the first round.
        let rounds = rules.optionValues["redeals"].map { $0 == Int.max ? -1 : $0 + 1 } ?? 1
        for walk in TestPaths.isLongRun ? fixture.walks : Array(fixture.walks.prefix(1)) {
            // -2 is PySolFC's VARIABLE_REDEALS: the game's own talon decides when the rounds end,
            // which the walk compares play by play.
            if walk.maxRounds != -2 {
                expectEqual(walk.maxRounds, rounds, "\(name) deal \(walk.deal): PySolFC allows \(walk.maxRounds) rounds")
            }
            for failure in try PySolFCWalkReplay(fixture: fixture, walk: walk, rules: rules).undeclaredDifferences() {
                Issue.record(Comment(rawValue: failure))
            }
        }
    }
}
