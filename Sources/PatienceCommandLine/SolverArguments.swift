import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats
import PatienceSolver

/// The options `solve` and `analyze` share: the search budget and the reductions.
struct SolverArguments {
    static let reductionNames = SolverOptions.switchNames

    static var options: [OptionSpec] {
        [
            .option("max-states", value: "n", defaultValue: "2000000",
                    help: "The most distinct states the search stores (per deal), before it answers unknown."),
            .option("max-seconds", value: "s", defaultValue: "30",
                    help: "The most seconds the search runs (per deal), before it answers unknown."),
            .option("max-memory", value: "size",
                    help: "The most memory the search holds (per deal), before it answers unknown: memory limit: bytes, or a number with K, M or G (KiB, MiB, GiB). Default: a quarter of the machine's memory, and under an address-space limit (ulimit -v) at most a third of what the limit leaves."),
            .option("clock", value: "clock", allowed: SearchClock.allCases.map(\.rawValue), defaultValue: "wall",
                    help: "What --max-seconds and the reported times count: wall (wall-clock time) or cpu (CPU time, so that a busy machine changes the verdicts less: for solve, the process's from its start, reading the rules included; for analyze, the thread solving each deal's)."),
            .option("without", value: "reduction", allowed: reductionNames, isRepeatable: true,
                    help: "Turn a reduction off: interchangeable-piles, suit-symmetry, top-only-piles, safe-moves, tap-chains, independent-moves, tap-cycles, inverse-moves, dead-ends, dead-end-order or dead-end-walk; or the exhaustive search's restarts. May be repeated."),
            .flag("guided-only", help: "Run only the guided search: faster, but it never proves a table unsolvable."),
        ]
    }

    var options = SolverOptions()

    init(arguments: ParsedArguments) throws(UsageError) {
        let states = arguments.value(of: "max-states") ?? "2000000"
        guard let maxStates = Int(states), maxStates >= 1 else {
            throw UsageError("invalid value \(Spelling.quoted(states)) for '--max-states'; expected a whole number of at least 1")
        }
        let seconds = arguments.value(of: "max-seconds") ?? "30"
        guard let maxSeconds = Double(seconds), maxSeconds > 0, maxSeconds.isFinite else {
            throw UsageError("invalid value \(Spelling.quoted(seconds)) for '--max-seconds'; expected a number of seconds above 0")
        }
        let clock = arguments.value(of: "clock").flatMap(SearchClock.init(rawValue:)) ?? .wall
        var maxBytes = SearchBudget.machineShareOfMemory
        if let memory = arguments.value(of: "max-memory") {
            guard let bytes = SolverArguments.bytes(memory), bytes >= 1 << 20 else {
                throw UsageError("invalid value \(Spelling.quoted(memory)) for '--max-memory'; expected a size of at least 1M, such as 512M or 2G")
            }
            maxBytes = bytes
        }
        options.budget = SearchBudget(maxStates: maxStates, maxSeconds: maxSeconds, maxBytes: maxBytes, clock: clock)
        // The parser has already refused any name not in `reductionNames`.
        for name in arguments.values(of: "without") { _ = options.turnOff(name) }
        if arguments.isSet("guided-only") { options.exhaustive = false }
    }

    /// The share of the budget `solve` and hints spend making a solution shorter for a person.
    static let shortenShare = 0.2

    /// A size in bytes: a whole number, or a number (decimals allowed) followed by K, M or G
    /// (powers of 1024, with an optional `iB` or `B`); nil for anything else or past `Int.max`.
    static func bytes(_ text: String) -> Int? {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        var scale = 1.0
        for (suffixes, factor) in [(["GiB", "GB", "G", "g"], 1_073_741_824.0), (["MiB", "MB", "M", "m"], 1_048_576.0),
                                   (["KiB", "KB", "K", "k"], 1024.0), (["B"], 1.0)] {
            if let suffix = suffixes.first(where: { digits.hasSuffix($0) }) {
                digits = digits.dropLast(suffix.count)
                scale = factor
                break
            }
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(digits), value.isFinite else { return nil }
        let bytes = value * scale
        guard bytes < 9.2e18 else { return nil }
        return Int(bytes)
    }
}

/// Writes a solution in Freecell Solver's standard notation, as `replay --notation fcs` reads it.
struct FCSWriter {
    let rules: GameRules
    let reader: FCSNotation
    let tableau: [Int]
    let cells: [Int]
    let foundations: Set<Int>

    init(rules: GameRules) {
        self.rules = rules
        reader = FCSNotation(rules: rules)
        tableau = rules.piles(withRole: .tableau)
        cells = rules.piles(withRole: .cell)
        foundations = Set(rules.piles(withRole: .foundation))
    }

    /// The tokens of the plays from `table`, or nil when one cannot be written in this notation
    /// (a tap, a removal, a move off a foundation, a pile of another role).
    func tokens(_ plays: [Play], from table: CardTable) -> [String]? {
        var table = table
        var result: [String] = []
        for play in plays {
            // The reader picks the foundation itself, which may be another empty one than the
            // solver's; the table is followed as the reader will see it.
            guard case .move(let move) = play, let (token, read) = token(move, on: table),
                  let next = try? rules.applying(read, to: table) else { return nil }
            result.append(token)
            table = next
        }
        return result
    }

    private func name(_ pile: Int, asSource: Bool) -> String? {
        if let i = tableau.firstIndex(of: pile) { return String(i + 1) }
        if let i = cells.firstIndex(of: pile) { return FCSNotation.cellLetter(forCell: i).map(String.init) }
        if foundations.contains(pile), !asSource { return "h" }
        return nil
    }

    private func token(_ move: Move, on table: CardTable) -> (String, Move)? {
        guard let source = name(move.source, asSource: true), let destination = name(move.destination, asSource: false) else { return nil }
        // fc-solve writes a run's whole move to a foundation with the column counted from 0.
        var candidates = [source + destination]
        if destination == "h", move.count > 1, let i = tableau.firstIndex(of: move.source) { candidates = ["\(i)h"] }
        candidates.append(source + destination + "v" + String(move.count, radix: 16))
        for token in candidates {
            guard let read = try? reader.move(token, on: table), read.source == move.source, read.count == move.count,
                  read.destination == move.destination || (destination == "h" && foundations.contains(read.destination)),
                  rules.allows(read, on: table) else { continue }
            return (token, read)
        }
        return nil
    }
}
