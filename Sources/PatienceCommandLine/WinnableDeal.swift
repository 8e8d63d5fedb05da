import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats
import PatienceSolver

/// `--winnable` for `deal` and `play`: the first deal at or after the one asked for that the
/// solver proves winnable (finds a solution that replays to a won table).
///
/// Each deal gets the budget below; a deal that the solver proves unsolvable, or cannot decide
/// within it, is passed over for the next number. After `tries` deals without a proof the
/// search gives up, and the command fails (exit status 1) naming the deals it tried.
struct WinnableDeal {
    /// The solver's budget for each deal.
    static let budget = SearchBudget(maxStates: 200_000, maxSeconds: 10)
    /// How many deals are tried, from the one given, unless `--tries` says otherwise.
    static let defaultTries = 20

    /// The options `--winnable` adds to a command.
    static let options: [OptionSpec] = [
        .flag("winnable", help: "Deal the first deal at or after --deal that the solver proves winnable (each deal searched for up to 200000 states and 10 seconds)."),
        .option("tries", value: "n", defaultValue: String(defaultTries),
                help: "With --winnable, how many deals to try before giving up with exit status 1."),
    ]

    var tries: Int

    /// Reads `--tries`, and checks that `--winnable` has a numbered deal to count from; nil
    /// without `--winnable`.
    init?(arguments: ParsedArguments, setup: GameSetup) throws(UsageError) {
        guard arguments.isSet("winnable") else {
            if arguments.isGiven("tries") { throw UsageError("'--tries' is only for '--winnable'") }
            return nil
        }
        let text = arguments.value(of: "tries") ?? String(Self.defaultTries)
        guard let tries = Int(text), (1...100_000).contains(tries) else {
            throw UsageError("invalid value \(Spelling.quoted(text)) for '--tries'; expected a whole number from 1 to 100000")
        }
        guard setup.deal != nil else { throw UsageError("'--winnable' needs a numbered deal ('--deal seed:N' or 'ms:N'), not '--board'") }
        if setup.afterPath != nil { throw UsageError("'--winnable' chooses the deal, so it cannot be used with '--after'") }
        self.tries = tries
    }

    /// The deal after `deal`, or nil past the last number.
    static func next(after deal: DealSource) -> DealSource? {
        switch deal {
        case .seed(let n): return n == .max ? nil : .seed(n + 1)
        case .microsoft(let n): return n >= (1 << 33) - 1 ? nil : .microsoft(n + 1)
        case .order: return nil
        }
    }

    enum Outcome {
        /// The deal, its table, the length of the solution and how many deals were passed over.
        case found(DealSource, CardTable, solutionLength: Int, passedOver: Int)
        /// No deal from the first to the last was proved winnable.
        case notFound(first: DealSource, last: DealSource, tried: Int)
        /// A deal could not be dealt.
        case failed(DiagnosticsError, DealSource)
    }

    /// Tries the deals from `first` on, in order.
    func find(rules: GameRules, from first: DealSource) -> Outcome {
        var options = SolverOptions()
        options.budget = Self.budget
        let solver = Solver(rules: rules, options: options)
        var deal = first
        var last = first
        for index in 0..<tries {
            let table: CardTable
            do {
                table = try rules.deal(deal)
            } catch {
                return .failed(error, deal)
            }
            if case .solved(let plays) = solver.solve(table).verdict {
                return .found(deal, table, solutionLength: plays.count, passedOver: index)
            }
            last = deal
            guard let next = Self.next(after: deal) else { break }
            deal = next
        }
        return .notFound(first: first, last: last, tried: tries)
    }

    /// Runs the search for a command, saying on standard error which deal was chosen; nil after
    /// reporting that none was found.
    func choose(rules: GameRules, from first: DealSource, on terminal: Terminal) -> (DealSource, CardTable)? {
        switch find(rules: rules, from: first) {
        case .found(let deal, let table, let length, let passedOver):
            let skipped = passedOver == 0 ? ""
                : passedOver == 1 ? " (the deal before it was not proved winnable)"
                : " (the \(passedOver) deals before it were not proved winnable)"
            terminal.writeLine("patience: \(deal.spec ?? "the deal") is winnable in \(length) plays\(skipped)", to: .standardError)
            return (deal, table)
        case .notFound(let first, let last, let tried):
            let range = first == last ? first.spec ?? "the deal" : "\(first.spec ?? "") to \(last.spec ?? "")"
            terminal.writeLine("error: no deal from \(range) was proved winnable (\(tried) tried, each for up to "
                               + "\(Self.budget.maxStates) states and \(Int(Self.budget.maxSeconds)) seconds); "
                               + "try another --deal or more --tries", to: .standardError)
            return nil
        case .failed(let error, let deal):
            Reporter(terminal: terminal).report(error, context: "cannot deal \(deal.spec ?? "the cards")")
            return nil
        }
    }
}
