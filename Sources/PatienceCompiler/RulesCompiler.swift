import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine

/// Compiles a checked game into the engine's `GameRules`: every rule, action, effect, deal line
/// and the win condition become run-time forms (see `Lowering`).
struct RulesCompiler {
    /// Whether terms of simple shapes become direct forms tested inline. Off, every rule runs as
    /// general closures: the same verdicts, more slowly, which tests use to check the direct forms.
    var specialise = true

    func compile(_ game: CheckedGame) -> GameRules {
        var zoneStarts: [Int] = []
        for zone in game.zones {
            zoneStarts += Array(repeating: zone.piles.lowerBound, count: zone.piles.count)
        }
        let lowering = Lowering(specialise: specialise, definitions: game.definitions, faults: game.faults, zoneStarts: zoneStarts, order: game.cardOrder)
        var reads = DestinationReads(definitions: game.definitions)
        var runReads = DestinationReads(definitions: game.definitions, orMove: true, destination: false)
        func rule(_ checked: CheckedRule?, lift: Bool = false) -> RuleProgram? {
            checked.map { RuleProgram(clauses: lowering.clauses($0.clauses), file: $0.file, range: $0.range, bound: $0.bound,
                                      liftSequence: lift && specialise) }
        }
        /// An accept rule, with which of its clauses read the destination, for move listing.
        func acceptRule(_ checked: CheckedRule?) -> RuleProgram? {
            guard let checked else { return nil }
            var clauses: [Clause] = []
            var readsDestination: [Bool] = []
            for term in checked.clauses {
                // A clause whose condition is known when compiling may lower to several (its branch).
                let lowered = lowering.acceptClauses([term])
                clauses += lowered
                readsDestination += Array(repeating: reads.clause(term), count: lowered.count)
            }
            return RuleProgram(clauses: clauses, file: checked.file, range: checked.range, bound: checked.bound,
                               readsDestination: specialise ? readsDestination : nil)
        }
        let actions = game.actions.map { action in
            ActionProgram(name: action.name, zone: action.piles, guardCondition: action.guardCondition.map { lowering.bool($0).code },
                          limit: action.limit.map { lowering.int($0).code }, body: lowering.operations(action.body),
                          file: action.file, range: action.range, bound: action.bound)
        }
        let dealSteps = game.dealLines.map { line in
            DealStep(piles: line.piles, counts: line.counts, faceUp: line.faceUp, order: line.order,
                     filter: line.filter.map { lowering.bool($0).code }, splitBefore: line.splitBefore.map { lowering.bool($0).code },
                     moving: line.moving.map { lowering.bool($0).code }, movingTo: line.movingTo,
                     afterEachCard: line.afterEachCard.map { lowering.operations($0) }, afterEachCardBound: line.afterEachCardBound,
                     inDealtOrder: line.inDealtOrder, filterBound: line.filterBound,
                     until: line.until.map { lowering.bool($0).code }, untilBound: line.untilBound)
        }
        let pileCount = game.zones.last?.piles.upperBound ?? 0
        let removals = game.removals.map { removal in
            var fixedDestination: Int?
            if case .constant(let pile) = removal.destination { fixedDestination = pile }
            return RemovalProgram(name: removal.name, candidates: removal.candidates, pileCount: pileCount, slots: removal.slots,
                                  condition: removal.condition.map { lowering.bool($0).code }, destination: lowering.pile(removal.destination).code,
                                  file: removal.file, range: removal.range, bound: removal.bound,
                                  readsOnlyTops: specialise && removal.condition.map { TopCardTerms(slots: Set(removal.slots)).readsOnlyTops($0) } == true,
                                  fixedDestination: specialise ? fixedDestination : nil)
        }
        let score = game.score.map { lowering.int($0).code }
        let win = lowering.bool(game.win).code
        let lift = game.lift.map { rule($0, lift: true) }, accept = game.accept.map(acceptRule)
        let capacity = game.capacity.map { checked in
            checked.map { CapacityProgram(code: lowering.capacity($0.value).code, file: $0.file, range: $0.range, bound: $0.bound,
                                          readsDestination: !specialise || reads.int($0.value),
                                          readsRun: !specialise || runReads.int($0.value)) }
        }
        let effects = game.effects.map { lowering.operations($0.body) }
        // Read once every term is lowered.
        let readsTableState = lowering.readsTableState
        var rules = GameRules(
            name: game.name, file: game.file,
            zones: game.zones.map { Zone(name: $0.name, role: $0.role, piles: $0.piles) },
            optionValues: game.optionValues, deck: game.deck, actionNames: game.actions.map(\.name),
            lift: lift, accept: accept, capacity: capacity,
            refusals: game.refusals.map(Self.refusal), faultSites: game.faults.map(Self.refusal),
            actions: actions, effects: effects, effectBounds: game.effects.map(\.bound),
            win: win, winBound: game.winBound, dealSteps: dealSteps,
            removals: removals, memorySlots: game.memories.map { MemorySlot(name: $0.name, isCondition: $0.isCondition, initial: $0.initial) },
            cardOrder: game.cardOrder, score: score, scoreBound: game.scoreBound, readsTableState: readsTableState)
        rules.facts = game.facts
        rules.booleanOptions = game.booleanOptions
        rules.effectsCanFault = game.effects.contains(where: \.canFault)
        rules.hasShuffles = lowering.shuffles
        rules.effectsReadingPlay = game.effects.map(\.readsPlay)
        rules.tableMemoSlots = lowering.tableMemoSlots
        rules.layout = game.layouts
        rules.references = game.references
        rules.differences = game.differences
        return rules
    }

    private static func refusal(_ site: RuleSite) -> Refusal {
        Refusal(code: site.code, message: site.message, file: site.file, range: site.range)
    }
}
