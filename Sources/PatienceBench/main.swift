import Foundation
import Patience
import PatienceEngine
import PatienceCards

// patience-bench: the interpreted rule files against hand-written Swift, measured side by side
// in one process. Run it as `swift run -c release patience-bench [--format table|json] [--repetitions N]`.

struct Options {
    var json = false
    var repetitions = 7
    var quick = false
    /// Only these parts run (validation, listing, playouts, parse); all when empty.
    var parts: Set<String> = []
    /// Only these games are measured (those of `handWrittenValidators`); all when empty.
    var games: Set<String> = []

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--format":
                json = rest.popFirst() == "json"
            case "--repetitions":
                repetitions = max(1, Int(rest.popFirst() ?? "") ?? repetitions)
            case "--only":
                let part = rest.popFirst() ?? ""
                guard Self.allParts.contains(part) else { Self.fail("--only takes one of \(Self.allParts.sorted().joined(separator: ", ")), not '\(part)'") }
                parts.insert(part)
            case "--game":
                let game = rest.popFirst() ?? ""
                guard Self.allGames.contains(game) else { Self.fail("--game takes one of \(Self.allGames.joined(separator: ", ")), not '\(game)'") }
                games.insert(game)
            case "--quick":
                quick = true
                repetitions = 3
            case "-h", "--help":
                print("""
                    usage: patience-bench [--format table|json] [--repetitions N] [--quick]
                                          [--only PART]... [--game GAME]...

                    Measures, in one release-mode process: validateMove through the rule files
                    against hand-written Swift validators (ns per call and their ratio), parse and
                    check time per bundled rule file, legal-move listing, random-playout
                    throughput (random moves validated; where none of 64 is legal, a legal play
                    at random: a removal, a tap) and peak memory. Medians are quoted with the min–max spread.
                    Exits 1 if an interpreted verdict disagrees with the hand-written one.

                    --only PART    measure only this part: validation, listing, playouts, parse
                                   or serve (a drag update's round trip to patience serve)
                                   (repeatable; all parts by default)
                    --game GAME    measure only this game: Klondike, FreeCell, Spider, Fourteen,
                                   Golf, Yukon, FortyThieves or Canfield (repeatable; all by default)
                    --quick        fewer positions and 3 repetitions, for a fast look

                    'patience-bench solver …' measures the solver, and 'patience-bench limits
                    [--repetitions N] [--format table|json]' lint time against line length and
                    against the number of findings.
                    """)
                exit(0)
            default:
                Self.fail("unknown argument '\(argument)'")
            }
        }
    }

    static let allParts: Set<String> = ["validation", "listing", "playouts", "parse", "serve"]
    static let allGames = handWrittenValidators.map(\.game)

    func runs(_ part: String) -> Bool { parts.isEmpty || parts.contains(part) }
    func runs(game: String) -> Bool { games.isEmpty || games.contains(game) }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write("patience-bench: \(message); see --help\n".data(using: .utf8)!)
        exit(64)
    }
}

let rulesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Rules")

// `patience-bench solver …` measures the solver instead (SolverBench.swift).
if CommandLine.arguments.dropFirst().first == "solver" {
    SolverBench.run(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
// `patience-bench limits …` measures checking hostile files as they grow (LimitsBench.swift).
if CommandLine.arguments.dropFirst().first == "limits" {
    LimitsBench.run(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
let options = Options(Array(CommandLine.arguments.dropFirst()))

func load(_ name: String) -> GameRules {
    do {
        return try GameCompiler.compile(path: rulesFolder.appendingPathComponent("\(name).patience").path)
    } catch {
        FileHandle.standardError.write("patience-bench: \(name) does not compile: \(error.diagnostics.map(\.message))\n".data(using: .utf8)!)
        exit(1)
    }
}

/// One position of the validation corpus and the candidates asked of it: a drag-and-drop UI asks
/// many moves of one table, so the benchmark binds each table once and asks its moves in turn
/// (a loop over table-and-move pairs spent three quarters of its time retaining and releasing the
/// copied table's buffers, the same for both validators, which hid most of the difference). A
/// final class with constant fields lends its table to each call without a copy.
final class Position {
    let table: CardTable
    let moves: [Move]
    let removals: [[Int]]

    init(table: CardTable, moves: [Move], removals: [[Int]]) {
        self.table = table
        self.moves = moves
        self.removals = removals
    }
}

/// The table after one of its legal plays (moves, taps, removals) chosen at random; nil when it has none.
func randomPlay(_ rules: GameRules, on table: CardTable, _ random: inout SeededGenerator) -> CardTable? {
    let plays = rules.legalPlays(on: table)
    guard !plays.isEmpty else { return nil }
    return try? rules.applying(plays[random.nextIndex(below: plays.count)], to: table)
}

/// Positions from seeded random playouts, each with random candidate moves (mostly illegal) and
/// every legal move, so the corpus mixes legal and illegal moves; in a game with removals, also
/// random pairs of piles and every legal removal. There the random moves are kept only if some
/// position has a legal move (in a pair game every drop of a card on another is a removal).
func corpus(_ rules: GameRules, games: Int, steps: Int) -> [Position] {
    var positions: [Position] = []
    var anyLegalMove = false
    for seed in 0..<games {
        guard var table = try? rules.deal(.seed(UInt64(seed))) else { continue }
        var random = SeededGenerator(seed: UInt64(seed) &+ 0x9E37)
        for _ in 0..<steps {
            let count = table.piles.count
            var moves: [Move] = []
            for _ in 0..<6 {
                let source = random.nextIndex(below: count)
                let size = max(1, table.piles[source].count)
                moves.append(Move(source: source, count: 1 + random.nextIndex(below: size), destination: random.nextIndex(below: count)))
            }
            let legal = rules.legalMoves(on: table)
            if !legal.isEmpty { anyLegalMove = true }
            var removals: [[Int]] = []
            if rules.hasRemovals {
                for _ in 0..<6 { removals.append([random.nextIndex(below: count), random.nextIndex(below: count)]) }
                removals += rules.legalRemovals(on: table)
            }
            positions.append(Position(table: table, moves: moves + legal, removals: removals))
            guard let next = randomPlay(rules, on: table, &random) else { break }
            table = next
        }
    }
    if rules.hasRemovals && !anyLegalMove {
        positions = positions.map { Position(table: $0.table, moves: Array($0.moves.dropFirst(6)), removals: $0.removals) }
    }
    return positions
}

struct ValidationResult: Codable {
    var game: String
    var calls: Int
    var legal: Int
    var interpretedNanoseconds: Sample
    var handWrittenNanoseconds: Sample
    var ratio: Sample
    var disagreements: Int
}

struct ParseResult: Codable {
    var file: String
    var microseconds: Sample
}

struct ListingResult: Codable {
    var game: String
    var positions: String
    var microseconds: Sample
}

struct PlayoutResult: Codable {
    var game: String
    var validatedPerSecond: Sample
    var appliedPerSecond: Sample
}

struct Report: Codable {
    var validation: [ValidationResult] = []
    var parseAndCheck: [ParseResult] = []
    var listing: [ListingResult] = []
    var playouts: [PlayoutResult] = []
    var serve: ServeBench.Result?
    var peakMemoryMiB = 0.0
}

var report = Report()
var failed = false

for (name, makeValidator) in handWrittenValidators where options.runs(game: name) {
    let rules = load(name)
    let validator = makeValidator(rules)
    let positions = options.runs("validation") || options.runs("listing") ? corpus(rules, games: options.quick ? 40 : 150, steps: 60) : []
    let calls = positions.reduce(0) { $0 + $1.moves.count + $1.removals.count }
    if options.runs("validation") {
        var disagreements = 0
        var legal = 0
        for position in positions {
            let table = position.table
            for piles in position.removals {
                let interpreted = rules.allowsRemoval(of: piles, on: table)
                if interpreted { legal += 1 }
                if interpreted != validator.allowsRemoval(of: piles, on: table) {
                    disagreements += 1
                    if disagreements <= 10 { print("DISAGREE \(name): remove \(piles.map { rules.address(ofPile: $0) }) interpreted=\(interpreted)") }
                }
            }
            for move in position.moves {
                let interpreted = rules.allows(move, on: table)
                if interpreted { legal += 1 }
                if interpreted != validator.allows(move, on: table) {
                    disagreements += 1
                    if disagreements <= 10 {
                        let why = rules.refusal(for: move, on: table).map { "\($0.code.rawValue) \($0.message)" } ?? "allowed"
                        print("DISAGREE \(name): \(MoveNotation(rules: rules).text(of: .move(move))) interpreted=\(interpreted) (\(why))")
                    }
                }
            }
        }
        if disagreements > 0 { failed = true }
        var interpretedValues: [Double] = [], handValues: [Double] = [], ratios: [Double] = []
        let passes = 3
        for _ in 0..<options.repetitions {
            // Interleave the two so that machine noise hits both alike.
            let i = measure(repetitions: 1) {
                var n = 0
                for _ in 0..<passes {
                    for position in positions {
                        for move in position.moves where rules.allows(move, on: position.table) { n += 1 }
                        for piles in position.removals where rules.allowsRemoval(of: piles, on: position.table) { n += 1 }
                    }
                }
                consume(n)
                return calls * passes
            }.median
            let h = measure(repetitions: 1) {
                var n = 0
                for _ in 0..<passes {
                    for position in positions {
                        for move in position.moves where validator.allows(move, on: position.table) { n += 1 }
                        for piles in position.removals where validator.allowsRemoval(of: piles, on: position.table) { n += 1 }
                    }
                }
                consume(n)
                return calls * passes
            }.median
            interpretedValues.append(i)
            handValues.append(h)
            ratios.append(i / h)
        }
        report.validation.append(ValidationResult(
            game: name, calls: calls, legal: legal, interpretedNanoseconds: Sample(values: interpretedValues),
            handWrittenNanoseconds: Sample(values: handValues), ratio: Sample(values: ratios), disagreements: disagreements))
    }

    if options.runs("listing") {
        let positions = Array(Set(positions.map(\.table)).prefix(2_000))
        report.listing.append(ListingResult(game: name, positions: "\(positions.count) corpus positions", microseconds: measure(repetitions: options.repetitions) {
            var n = 0
            for table in positions { n += rules.legalMoves(on: table).count }
            consume(n)
            return positions.count
        }.mapToMicroseconds()))
    }

    guard options.runs("playouts") else { continue }
    var validated: [Double] = [], applied: [Double] = []
    for repetition in 0..<options.repetitions {
        var validations = 0, applications = 0
        let start = nanoseconds()
        for seed in 0..<(options.quick ? 20 : 60) {
            guard var table = try? rules.deal(.seed(UInt64(seed + repetition * 1_000))) else { continue }
            var random = SeededGenerator(seed: UInt64(seed))
            for _ in 0..<200 {
                var chosen: Move?
                for _ in 0..<64 {
                    let source = random.nextIndex(below: table.piles.count)
                    let size = table.piles[source].count
                    guard size > 0 else { continue }
                    let move = Move(source: source, count: 1 + random.nextIndex(below: min(size, 4)), destination: random.nextIndex(below: table.piles.count))
                    validations += 1
                    if rules.allows(move, on: table) { chosen = move; break }
                }
                if let move = chosen {
                    guard let next = try? rules.applying(move, to: table) else { break }
                    table = next
                } else {
                    // No random move was legal: a pair game plays removals, a game with a stock
                    // taps it. One of the legal plays, at random, so that the playout goes on.
                    guard let next = randomPlay(rules, on: table, &random) else { break }
                    table = next
                }
                applications += 1
            }
        }
        let seconds = Double(nanoseconds() - start) / 1e9
        validated.append(Double(validations) / seconds)
        applied.append(Double(applications) / seconds)
    }
    report.playouts.append(PlayoutResult(game: name, validatedPerSecond: Sample(values: validated), appliedPerSecond: Sample(values: applied)))
}

// FreeCell's opening positions, the listing target's reference.
if options.runs("listing") && options.runs(game: "FreeCell") {
    let freeCell = load("FreeCell")
    let openings = (1...100).compactMap { try? freeCell.deal(.microsoft($0)) }
    report.listing.append(ListingResult(game: "FreeCell", positions: "100 opening deals", microseconds: measure(repetitions: options.repetitions) {
        var n = 0
        for _ in 0..<20 { for table in openings { n += freeCell.legalMoves(on: table).count } }
        consume(n)
        return openings.count * 20
    }.mapToMicroseconds()))
}

let ruleFiles = !options.runs("parse") ? [] :
    ((try? FileManager.default.contentsOfDirectory(atPath: rulesFolder.path)) ?? []).filter { $0.hasSuffix(".patience") }.sorted()
for file in ruleFiles {
    let path = rulesFolder.appendingPathComponent(file).path
    report.parseAndCheck.append(ParseResult(file: file, microseconds: measure(repetitions: options.repetitions) {
        for _ in 0..<20 { consume(lintRuleFile(atPath: path)) }
        return 20
    }.mapToMicroseconds()))
}
if options.runs("serve") {
    do {
        report.serve = try ServeBench.run(rulesFolder: rulesFolder, calls: options.quick ? 1_000 : 5_000)
    } catch {
        FileHandle.standardError.write("patience-bench: serve: \(error)\n".data(using: .utf8)!)
        failed = true
    }
}
report.peakMemoryMiB = peakMemoryMiB()

extension Sample {
    func mapToMicroseconds() -> Sample { Sample(values: values.map { $0 / 1_000 }) }
}

if options.json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(report), as: UTF8.self))
} else {
    if !report.validation.isEmpty {
        print("validateMove, ns per call: median (min–max) over \(options.repetitions) repetitions")
        print(padded("game", 13) + padded("calls", 8, right: true) + padded("legal", 8, right: true) + "   "
              + padded("interpreted", 20) + padded("hand-written", 20) + "ratio")
        for v in report.validation {
            print(padded(v.game, 13) + padded("\(v.calls)", 8, right: true) + padded("\(v.legal)", 8, right: true) + "   "
                  + padded(v.interpretedNanoseconds.formatted(), 20) + padded(v.handWrittenNanoseconds.formatted(), 20) + v.ratio.formatted(2))
        }
        print()
    }
    if !report.listing.isEmpty {
        print("legal-move listing, µs per position")
        for l in report.listing { print(padded(l.game, 13) + padded(l.positions, 26) + l.microseconds.formatted(2)) }
        print()
    }
    if !report.playouts.isEmpty {
        print("random playouts, per second")
        for p in report.playouts {
            print(padded(p.game, 13) + "validated " + padded(p.validatedPerSecond.formatted(0), 34) + "applied " + p.appliedPerSecond.formatted(0))
        }
        print()
    }
    if !report.parseAndCheck.isEmpty {
        print("parse and check (lint), µs per file")
        let width = (report.parseAndCheck.map(\.file.count).max() ?? 0) + 2
        for p in report.parseAndCheck { print(padded(p.file, width) + p.microseconds.formatted(0)) }
        print()
    }
    if let serve = report.serve { ServeBench.print(serve) }
    print(String(format: "peak memory: %.1f MiB", report.peakMemoryMiB))
}
if failed {
    FileHandle.standardError.write("patience-bench: interpreted and hand-written verdicts disagree\n".data(using: .utf8)!)
    exit(1)
}
