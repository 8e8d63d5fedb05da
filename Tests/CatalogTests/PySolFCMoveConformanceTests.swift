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

/// A play as the two programs are compared: source pile, number of cards, destination.
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

    static let anyFoundation = "foundation"
    static let deal = ComparedPlay(source: "stock", count: 0, destination: "tap")
    static let removal = "remove"

    /// A move of the rule file, normalised.
    init(_ move: Move, rules: GameRules) {
        let notation = MoveNotation(rules: rules)
        source = notation.name(ofPile: move.source)
        count = move.count
        destination = rules.zone(ofPile: move.destination).role == .foundation ? Self.anyFoundation : notation.name(ofPile: move.destination)
    }

    /// A removal of the rule file: its piles, in increasing order.
    init(removing piles: [Int], rules: GameRules) {
        let notation = MoveNotation(rules: rules)
        source = piles.sorted().map { notation.name(ofPile: $0) }.joined(separator: "+")
        count = 0
        destination = Self.removal
    }

    init(source: String, count: Int, destination: String) {
        self.source = source
        self.count = count
        self.destination = destination
    }

    /// Patience's plays on a table, normalised: its legal moves and, as `tap(stock)`, a legal tap on the stock.
    static func patience(_ rules: GameRules, on table: CardTable) -> Set<ComparedPlay> {
        var plays = Set(rules.legalMoves(on: table).map { ComparedPlay($0, rules: rules) })
        if rules.legalTaps(on: table).contains(where: { rules.zone(ofPile: $0).role == .stock }) { plays.insert(deal) }
        if rules.hasRemovals { plays.formUnion(rules.legalRemovals(on: table).map { ComparedPlay(removing: $0, rules: rules) }) }
        return plays
    }

    /// PySolFC's plays on a stored position, normalised.
    static func pysolfc(_ position: PySolFCPosition, rules: GameRules, table: CardTable) throws -> Set<ComparedPlay> {
        var plays = Set<ComparedPlay>()
        for text in position.moves {
            guard case .move(let move) = try MoveNotation(rules: rules).play(text) else { throw PositionError("'\(text)' is not a move") }
            let betweenFoundations = rules.zone(ofPile: move.source).role == .foundation && rules.zone(ofPile: move.destination).role == .foundation
            if betweenFoundations && table.piles[move.source].count == 1 && table.piles[move.destination].isEmpty { continue }
            if rules.hasRemovals, move.count == 1, rules.zone(ofPile: move.destination).role == .hidden {
                plays.insert(ComparedPlay(removing: [move.source], rules: rules))
                continue
            }
            if rules.hasRemovals, move.count == 1, !table.piles[move.destination].isEmpty,
               let code = rules.refusal(for: move, on: table)?.code, code == .zoneCannotGive || code == .zoneCannotReceive {
                plays.insert(ComparedPlay(removing: [move.source, move.destination], rules: rules))
                continue
            }
            plays.insert(ComparedPlay(move, rules: rules))
        }
        if position.canDeal { plays.insert(deal) }
        return plays
    }

    var description: String {
        if self == Self.deal { return "tap(stock)" }
        if destination == Self.removal { return "remove(\(source))" }
        return "\(source)\(count == 1 ? "" : "x\(count)")->\(destination)"
    }

    static func < (a: ComparedPlay, b: ComparedPlay) -> Bool { a.description < b.description }
}

/// Positions from seeded random walks in PySolFC, loaded into the rule files: on each, Patience
/// must list exactly the plays PySolFC allows, after `ComparedPlay`'s normalisation.
@Suite("PySolFC legal moves")
struct PySolFCMoveConformanceTests {
    /// The games the suite must cover.
    static let required = ["Klondike", "FreeCell", "Spider", "Spider1Suit", "Spider2Suits", "Yukon", "FortyThieves",
                           "Canfield", "Scorpion", "Gypsy", "Golf", "BakersDozen", "Fan", "BlackHole", "SimpleSimon"]

    @Test func everyRequiredGameHasMidGamePositions() {
        let fixtures = Dictionary(PySolFCFixture.all.map { ($0.fixture, $0) }, uniquingKeysWith: { a, _ in a })
        for name in Self.required {
            let positions = fixtures[name]?.positions ?? []
            expectGreaterOrEqual(positions.count, 30, "\(name) has \(positions.count) positions")
            expectGreaterOrEqual(positions.filter { $0.step >= 10 }.count, 10, "\(name) has too few positions from later in the game")
        }
    }

    @Test(arguments: PySolFCFixture.all.map(\.fixture))
    func legalPlaysMatchPySolFC(fixture name: String) throws {
        let fixture = try #require(PySolFCFixture.all.first { $0.fixture == name })
        let rules = try Positions.rules(fixture.rules, options: fixture.options)
        // PySolFC's limit of rounds must be the rule file's limit of redeals, plus the first round.
        let redeals = rules.optionValues["redeals"].map { $0 == Int.max ? -1 : $0 + 1 } ?? 1
        for position in fixture.positions {
            expectEqual(position.maxRounds, redeals, "deal \(position.deal) step \(position.step): PySolFC allows \(position.maxRounds) rounds")
            let table = try position.table(for: rules)
            let ours = ComparedPlay.patience(rules, on: table)
            let theirs = try ComparedPlay.pysolfc(position, rules: rules, table: table)
            let onlyOurs = ours.subtracting(theirs).sorted()
            let onlyTheirs = theirs.subtracting(ours).sorted()
            expectTrue(onlyOurs.isEmpty && onlyTheirs.isEmpty, "deal \(position.deal) step \(position.step): only Patience allows \(onlyOurs), only PySolFC allows \(onlyTheirs)")
        }
    }
}
