import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// Solves tables of any game from its compiled rules alone: the engine's legal-move listing and
/// move application, never a second statement of a rule. Solving is thoughtful (every card is
/// seen, face down or not).
///
/// A solve runs, as the options ask, a guided best-first phase (`GuidedSearch`) and then an
/// exhaustive depth-first phase (`ExhaustiveSearch`); the guided phase is skipped where it could
/// take none of its shortcuts and the exhaustive phase runs. A solution from either is kept only when
/// it replays to a won table through `Replay`; `unsolvable` comes only from a search that visited
/// every state under sound reductions.
public struct Solver: Sendable {
    /// The game it solves.
    public let rules: GameRules
    /// The reductions and budget of every solve.
    public let options: SolverOptions
    /// What every solve's search space takes from the rules alone, worked out once.
    private let tables: SearchTables
    /// The guided phase's schedule the options ask for instead of the portfolio
    /// (`guidedWeights`, then `guidedSchedule`), read once; nil for the portfolio.
    private let askedSchedule: GuidedSchedule?

    /// A solver for this game with these options. Solving many tables with one solver saves
    /// working out again what the search takes from the rules.
    public init(rules: GameRules, options: SolverOptions = SolverOptions()) {
        self.rules = rules
        self.options = options
        tables = SearchTables(rules: rules, reductions: options.reductions)
        askedSchedule = options.guidedWeights.flatMap(GuidedSchedule.single(weights:)) ?? options.guidedSchedule.flatMap(GuidedSchedule.parse)
    }

    /// The verdict for a table. `progress`, when given, is called on the solving thread about
    /// four times a second while the search runs (never for a search shorter than that).
    public func solve(_ table: CardTable, progress: ((SearchProgress) -> Void)? = nil) -> SolverResult {
        var statistics = SearchStatistics()
        if rules.isWon(table) { return SolverResult(verdict: .solved([]), statistics: statistics) }
        // Memory, the count of shuffles and action uses are part of the state key; removals are
        // steps; where the rules use a construct the facts do not describe, the facts assume
        // nothing and the reductions they feed are off (see `SearchSpace`).
        if !Step.packsRemovals(of: rules) {
            return SolverResult(verdict: .unknown(.unsupportedRules), statistics: statistics)
        }
        let space = SearchSpace(rules: rules, reductions: options.reductions, root: table, tables: tables)
        let budget = options.budget
        let startTime = budget.clock.now()
        let ticker = progress.map { ProgressTicker(start: startTime, budget: budget, handler: $0) }
        var reason = UnknownReason.notExhaustive

        // A guided phase that can take no shortcut at all (no autoplay to the win zone, no cards
        // kept in it: Golf) walks the same graph as the exhaustive search, only at a higher cost
        // per state (a packed copy of each open table); when a proof may be needed, the
        // exhaustive search alone runs, in the heuristic's order too, with the whole budget.
        // Where its autoplay is only the sound safe moves the exhaustive search makes too and no
        // card can come back out of the win zone (Black Hole, Spider, Yukon), its best-first
        // order is all it has over the exhaustive search with restarts: it gets a tenth of the
        // budget at most, enough for the deals it solves at once.
        // Where the dead-end test applies besides (Black Hole), the exhaustive search is pruned as
        // much as the guided phase and restarts out of a lost subtree, and the guided tenth only
        // delays it: over 100 deals of Black Hole it took 5.1 M stored states in all, 3.0 M without.
        // Where the stock comes round, a step plays any card the stock can reach and the tables
        // have many successors, which the guided phase's ratings tell apart poorly: a depth-first
        // run that tries moves to the win zone first and the stock's cards last (Solvitaire's
        // order), with the likely-safe autoplay and without idle runs (Solvitaire's Klondike rule),
        // finds most wins within a few hundred states. It runs first, with a share of the budget;
        // its shortcuts make it prove nothing.
        let ordersByKind = space.chainPile != nil
        if ordersByKind && options.exhaustive && options.probeShare > 0 {
            let share = min(options.probeShare, 1)
            let watch = BudgetWatch(maxStates: max(Int(Double(budget.maxStates) * share), 1), seconds: budget.maxSeconds * share,
                                    maxBytes: budget.maxBytes, clock: budget.clock, ticker: ticker)
            ticker?.phase = "depth-first"
            switch depthFirst(space: space, from: table, watch: watch, ordersByKind: true, takesShortcuts: true, statistics: &statistics) {
            case .solved(let plays):
                if let solved = solvedResult(plays, from: table, startTime: startTime, statistics: &statistics) { return solved }
            case .exhausted:
                break
            case .outOfBudget(let why):
                reason = why
                if why == .memory { return SolverResult(verdict: .unknown(why), statistics: statistics) }
            }
            ticker?.nodesBefore = statistics.nodesExpanded
            ticker?.statesBefore = statistics.statesStored
            ticker?.phase = "guided"
        }
        let guidedHasShortcuts = guidedHasShortcutsFor(space)
        let prunedAlike = space.deadEnds != nil && !guidedHasShortcuts
        let guidedMayHelp = (space.safeMoves.isAvailable || space.wonZone != nil) && !prunedAlike
        if options.guided && (!options.exhaustive || guidedMayHelp) {
            let asked = min(max(options.guidedShare, 0), 1)
            let share = options.exhaustive ? (guidedHasShortcuts ? asked : min(asked, 0.1)) : 1
            let watch = BudgetWatch(maxStates: max(Int(Double(budget.maxStates) * share), 1), seconds: budget.maxSeconds * share, maxBytes: budget.maxBytes,
                                   clock: budget.clock, ticker: ticker)
            switch guidedPhase(space: space, table: table, watch: watch, statistics: &statistics) {
            case .solved(let plays):
                if let solved = solvedResult(plays, from: table, startTime: startTime, statistics: &statistics) { return solved }
            case .exhausted(let proof):
                if proof { return SolverResult(verdict: .unsolvable, statistics: statistics) }
            case .outOfBudget(let why):
                reason = why
            }
        }
        if options.exhaustive {
            let elapsed = budget.clock.now() - startTime
            let watch = BudgetWatch(maxStates: max(budget.maxStates - statistics.statesStored, 1),
                                    seconds: max(budget.maxSeconds - elapsed, 0), maxBytes: budget.maxBytes, clock: budget.clock,
                                    ticker: ticker)
            ticker?.phase = "exhaustive"
            ticker?.nodesBefore = statistics.nodesExpanded
            ticker?.statesBefore = statistics.statesStored
            switch depthFirst(space: space, from: table, watch: watch, ordersByKind: ordersByKind, takesShortcuts: false, statistics: &statistics) {
            case .solved(let plays):
                if let solved = solvedResult(plays, from: table, startTime: startTime, statistics: &statistics) { return solved }
                reason = .notExhaustive
            case .exhausted:
                return SolverResult(verdict: .unsolvable, statistics: statistics)
            case .outOfBudget(let why):
                reason = why
            }
        }
        return SolverResult(verdict: .unknown(reason), statistics: statistics)
    }

    /// A run of the exhaustive search (`ExhaustiveSearch`) within `watch`, its counts added to `statistics`.
    private func depthFirst(space: SearchSpace, from table: CardTable, watch: BudgetWatch, ordersByKind: Bool, takesShortcuts: Bool,
                            statistics: inout SearchStatistics) -> PhaseOutcome {
        var search = ExhaustiveSearch(space: space, restarts: options.restarts, restartUnit: options.restartUnit)
        search.ordersByKind = ordersByKind
        search.takesShortcuts = takesShortcuts
        var phase = SearchStatistics()
        let outcome = search.run(from: table, watch: watch, statistics: &phase)
        statistics.add(phase)
        return outcome
    }

    /// The verdict for a solution a search found, made shorter (`shortened`); nil when it does not
    /// replay to a win.
    private func solvedResult(_ plays: [Play], from table: CardTable, startTime: Double, statistics: inout SearchStatistics) -> SolverResult? {
        guard replays(plays, from: table) else { return nil }
        let shorter = shortened(plays, from: table, startTime: startTime, statistics: &statistics)
        return SolverResult(verdict: .solved(shorter), statistics: statistics)
    }

    /// Whether the guided phase can take a shortcut the exhaustive search does not: an autoplay
    /// that is not soundly safe, or leaving cards in a win zone that gives cards back.
    private func guidedHasShortcutsFor(_ space: SearchSpace) -> Bool {
        let wonZoneGivesCards = space.wonZone.map { space.facts.zones.indices.contains($0) && space.facts.zones[$0].givesCards } ?? false
        return (space.safeMoves.isAvailable && !space.safeMoves.likelyIsSound) || wonZoneGivesCards
    }

    /// The guided searches, interleaved in slices as `GuidedSchedule.portfolio` says, until one
    /// finds a win, one is exhausted or the budget runs out.
    private func guidedPhase(space: SearchSpace, table: CardTable, watch: BudgetWatch, statistics: inout SearchStatistics) -> PhaseOutcome {
        // Which weight set is fastest varies from deal to deal far more than any mean: the sets
        // take turns as the schedule says (GuidedSchedule.portfolio, tuned on FreeCell's deals).
        let schedule = askedSchedule ?? GuidedSchedule.portfolio(for: space)
        // Made at a member's first turn: a deal that the first member solves (most of them) pays
        // for no other. What the schedule and the budget read of each is kept beside it, so that
        // no search is copied to be read (reading one through an optional copied it whole).
        var searches: [GuidedSearch] = []
        var made = Array(repeating: -1, count: schedule.members.count)
        var expanded = Array(repeating: 0, count: schedule.members.count)
        var stored = expanded
        var memory = Array(repeating: MemoryEstimate(), count: schedule.members.count)
        var turnsRun = 0
        defer { for i in searches.indices { searches[i].record(&statistics) } }
        while true {
            let turn = schedule.turn(after: turnsRun, expanded: expanded)
            let m = turn.member
            if made[m] < 0 {
                made[m] = searches.count
                searches.append(GuidedSearch(space: space, weights: schedule.members[m].weights, root: table))
            }
            var otherStates = 0
            var otherMemory = MemoryEstimate()
            for j in memory.indices where j != m {
                otherStates += stored[j]
                otherMemory.add(memory[j])
            }
            let i = made[m]
            let outcome = searches[i].advance(nodes: turn.nodes, watch: watch, otherStates: otherStates, otherMemory: otherMemory, statistics: &statistics)
            expanded[m] = searches[i].nodesExpanded
            stored[m] = searches[i].stored
            memory[m] = searches[i].memory
            switch outcome {
            case nil: break
            case .solved(let plays)?: return .solved(plays)
            case .exhausted(let proof)?:
                // Every search walks the same graph in another order: one exhausted is all exhausted.
                return .exhausted(proof: proof)
            case .outOfBudget(let why)?: return .outOfBudget(why)
            }
            turnsRun += 1
        }
    }

    /// A solution made shorter (`SolutionShortener`) within the budget's `shortenShare` of its
    /// seconds, and no later than the budget's end; the plays as found when nothing shorter
    /// replays to a win.
    private func shortened(_ plays: [Play], from table: CardTable, startTime: Double, statistics: inout SearchStatistics) -> [Play] {
        statistics.playsFound = plays.count
        let budget = options.budget
        let now = budget.clock.now()
        let deadline = min(now + budget.maxSeconds * options.shortenShare, startTime + budget.maxSeconds)
        guard options.shortenShare > 0, now < deadline, plays.count > 1 else { return plays }
        let clock = budget.clock
        let interchangeable = options.reductions.interchangeablePiles
            ? rules.zones.indices.filter { rules.facts.zones.count == rules.zones.count && rules.facts.zones[$0].pilesAreInterchangeable }.map { rules.zones[$0].piles }
            : []
        let shorter = SolutionShortener(rules: rules, interchangeable: interchangeable).shorten(plays, from: table) {
            clock.now() >= deadline
        }
        let spent = budget.clock.now() - now
        statistics.seconds += spent
        statistics.shorteningSeconds += spent
        guard shorter.count < plays.count, replays(shorter, from: table) else { return plays }
        return shorter
    }

    /// Whether the plays win from the table, each judged and applied afresh by the rules on a copy
    /// of it (`Replay`), apart from the search's working table. Writing them in the move notation
    /// and reading them back cost as much again on an easy deal; the notation is exercised where
    /// a solution is printed (`patience solve`).
    public func replays(_ plays: [Play], from table: CardTable) -> Bool {
        let outcome = Replay(rules: rules, notation: .patience).run(plays: plays, from: table)
        return outcome.failure == nil && outcome.isWon
    }
}
