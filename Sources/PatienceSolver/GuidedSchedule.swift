/// Which of the guided phase's interleaved searches expands the next nodes, and how many: first
/// the turns of the prelude, in order, then, for ever, a slice to the member that has expanded
/// the fewest nodes for its share. Each member goes on from where its last turn stopped, so the
/// nodes a member needs to solve a deal do not depend on the schedule, and a schedule can be
/// rated from each member's count alone.
struct GuidedSchedule: Sendable {
    /// One search of the portfolio: its weights and its share of the slices after the prelude.
    struct Member: Sendable {
        var weights: Heuristic.Weights
        var share: Int
    }

    /// A member and the nodes it expands in one turn.
    struct Turn: Sendable, Equatable {
        var member: Int
        var nodes: Int
    }

    let members: [Member]
    /// The turns run first, in order.
    let prelude: [Turn]
    /// Nodes a member expands in one turn after the prelude.
    let slice: Int

    /// A schedule needs a member; a share below 1 counts as 1, so that every member keeps its
    /// slices after the prelude (and the search stays complete).
    init(members: [Member], prelude: [Turn] = [], slice: Int) {
        precondition(!members.isEmpty, "a guided schedule needs a member")
        self.members = members.map { Member(weights: $0.weights, share: max($0.share, 1)) }
        self.prelude = prelude.filter { members.indices.contains($0.member) && $0.nodes > 0 }
        self.slice = max(slice, 1)
    }

    /// A schedule written compactly: each set with its share, each turn as its member's index
    /// and its nodes, slices of 256 nodes.
    init(sets: [(Heuristic.Weights, share: Int)], turns: [(member: Int, nodes: Int)]) {
        self.init(members: sets.map { Member(weights: $0.0, share: $0.share) },
                  prelude: turns.map { Turn(member: $0.member, nodes: $0.nodes) }, slice: 256)
    }

    /// The turn after `turnsRun` turns, given how many nodes each member has expanded so far.
    func turn(after turnsRun: Int, expanded: [Int]) -> Turn {
        if turnsRun < prelude.count { return prelude[turnsRun] }
        return Turn(member: next(expanded: expanded), nodes: slice)
    }

    /// One search alone, with the weights `remaining, buried, faceDown, spaces, depth, disorder`
    /// and optionally `noise, seed` (`SolverOptions.guidedWeights`): what a schedule is tuned
    /// from. Nil unless there are six or eight, the noise from 0 to `maxNoise` and the seed not
    /// negative.
    static func single(weights w: [Int]) -> GuidedSchedule? {
        guard w.count == 6 || (w.count == 8 && (0...maxNoise).contains(w[6]) && w[7] >= 0) else { return nil }
        var weights = Heuristic.Weights(remaining: w[0], buried: w[1], faceDown: w[2], spaces: w[3], depth: w[4], disorder: w[5])
        if w.count == 8 {
            weights = weights.shuffled(noise: w[6], seed: UInt64(w[7]))
        }
        return GuidedSchedule(members: [Member(weights: weights, share: 1)], slice: 256)
    }

    /// A schedule written out (`SolverOptions.guidedSchedule`, `patience-bench solver
    /// --schedule`): its members as `WEIGHTS:SHARE`, the weights as `single(weights:)` takes
    /// them, separated by spaces, then `/`, then its prelude as `MEMBER:NODES`, the member by
    /// its place from 0. Nil when any part does not read so.
    static func parse(_ text: String) -> GuidedSchedule? {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        var members: [Member] = []
        for item in halves[0].split(separator: " ") {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let share = Int(parts[1]), share >= 1 else { return nil }
            let fields = parts[0].split(separator: ",", omittingEmptySubsequences: false)
            let weights = fields.compactMap { Int($0) }
            guard weights.count == fields.count, let single = GuidedSchedule.single(weights: weights) else { return nil }
            members.append(Member(weights: single.members[0].weights, share: share))
        }
        var prelude: [Turn] = []
        for item in halves[1].split(separator: " ") {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let member = Int(parts[0]), let nodes = Int(parts[1]),
                  members.indices.contains(member), nodes > 0 else { return nil }
            prelude.append(Turn(member: member, nodes: nodes))
        }
        guard !members.isEmpty else { return nil }
        return GuidedSchedule(members: members, prelude: prelude, slice: 256)
    }

    /// The most noise a single search's ratings take (far more than any rating's spread).
    static let maxNoise = 1 << 20

    /// The member with the fewest nodes expanded for its share, the earliest among equals.
    func next(expanded: [Int]) -> Int {
        var best = 0
        for i in members.indices.dropFirst() where i < expanded.count
            && expanded[i] * members[best].share < expanded[best] * members[i].share {
            best = i
        }
        return best
    }

    /// The schedule for a search of `space`: `hiddenCardsPortfolio` where a card lay face down
    /// on the table it starts from (`SearchSpace.zoneHidesCards`), else `portfolio`.
    static func portfolio(for space: SearchSpace) -> GuidedSchedule {
        space.zoneHidesCards.contains(true) ? hiddenCardsPortfolio : portfolio
    }

    /// The searches the guided phase runs, and when, on a table whose cards all lie face up. One
    /// set (`orderly`) solves most deals within its first turn, before any other search is made;
    /// a deal that resisted it is a harder one, where which set is fastest varies most, and the
    /// prelude gives each set its turns in the order and for the nodes that cost least over the
    /// deals it was tuned on; after it, `patient`, `orderlyRoomy` and `spacious` get most of the
    /// slices. Ten sets and their shares were first tuned on FreeCell's odd deals of 1..32000
    /// from each set's node count alone on each deal (at most 100,000 stored states), weighted by
    /// its time per node, the odd deals of 1..1000 counting three times more
    /// (`Scripts/tune-schedule.py`, from thirteen sets). Once safe moves home were made in one
    /// step (which changed every set's counts), the sets were measured again, four more were
    /// added (variations of `orderly`: less weight on depth, more on spaces, none on buried
    /// cards, less on spaces), and the prelude and shares were tuned again, each set weighted by
    /// its mean time per node (`--cost`), the odd deals of 1..1000 at a fifth, then a twentieth
    /// of their weight (`--lambda 0.2`, `0.05`): the bound that mattered was the whole range's.
    /// The two sets no turn of the prelude then named (`deepRoomy`, `tidy`) were left out, which
    /// the model rated a little cheaper. Measured by instructions (`valgrind --tool=callgrind`),
    /// against the schedule before: 13.9 % fewer over 1,000 deals drawn from 1..32000 and 4.4 %
    /// more over 1..1000; over the 520 even deals of the 1,000 (which the tuning never saw),
    /// 10.5 % fewer than the prelude tuned again without the four new sets.
    /// The figures of earlier schedules are in `git log -- Sources/PatienceSolver/GuidedSchedule.swift`.
    static let portfolio = GuidedSchedule(
        sets: [(.spacious, 9), (.patient, 57), (.deepOrderly, 1), (.greedy, 1), (.roomy, 1), (.orderlyRoomy, 1),
               (.orderly, 1), (.orderlyAiry, 1), (.orderlyLow, 1), (.orderlyWide, 1), (.unburied, 1), (.orderlyTight, 1)],
        turns: [(6, 179), (3, 177), (7, 358), (10, 303), (11, 128), (10, 64), (0, 1045), (10, 124), (6, 512),
                (2, 402), (11, 128), (0, 2048), (3, 1689), (10, 2173), (1, 1024), (6, 786), (10, 350),
                (1, 12292), (8, 43), (9, 44), (5, 64), (4, 44)])

    /// The searches the guided phase runs where cards lie face down (Klondike, Spider, Yukon,
    /// Canfield, Golf's stock): the schedule before `portfolio`, from the seven sets alone, tuned
    /// on FreeCell as well. The sets of `portfolio`, which weigh cards out of sequence more, lost
    /// there: Spider (one suit) decided 74 of seeds 1..100 within 10 s against 82, Klondike draw
    /// 3 82 against 83 (`patience-bench solver --no-freecell`), where the cards out of sequence
    /// are partly not seen yet and the sets that turn cards up do better. A greedy set solves
    /// most FreeCell deals within its first turn; the prelude gives each set its turn in the
    /// order and for the nodes that cost least over the deals it was tuned on; after it,
    /// `patient` gets most of the slices. Tuned on FreeCell's odd deals of 1..32000 from each
    /// set's node count, weighted by its time per node, the odd deals of 1..1000 counting twice
    /// more (`Scripts/tune-schedule.py`, `--lambda 2`), and checked on the even ones.
    static let hiddenCardsPortfolio = GuidedSchedule(
        sets: [(.standard, 1), (.spacious, 1), (.patient, 34), (.deepRoomy, 1), (.deepOrderly, 2), (.greedy, 1), (.roomy, 1)],
        turns: [(5, 312), (4, 241), (1, 2808), (6, 1024), (5, 1056), (2, 10904), (3, 2538), (1, 358), (4, 2406), (0, 1402)])
}
