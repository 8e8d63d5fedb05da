import PatienceEngine

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

    /// The schedule for a search from `root`: `hiddenCardsPortfolio` where a card lies face
    /// down, else `portfolio`.
    static func portfolio(for root: CardTable) -> GuidedSchedule {
        root.piles.contains { $0.cards.contains { !$0.isFaceUp } } ? hiddenCardsPortfolio : portfolio
    }

    /// The searches the guided phase runs, and when, on a table whose cards all lie face up. One
    /// set (`orderly`) solves most deals within
    /// its first turn, before any other search is made; a deal that resisted it is a harder one,
    /// where which set is fastest varies most, and the prelude gives each set its turns in the
    /// order and for the nodes that cost least over the deals it was tuned on; after it,
    /// `patient`, `orderlyRoomy` and `spacious` get most of the slices. The members, prelude and
    /// shares were tuned on FreeCell's odd deals of 1..32000 from each set's node count alone on
    /// each deal (at most 100,000 stored states), weighted by its time per node, the odd deals
    /// of 1..1000 counting three times more (`Scripts/tune-schedule.py`, from thirteen sets: the
    /// seven of the schedule before and six weighing cards out of sequence more, of which four
    /// were kept). Measured (`patience-bench solver --seeds`), the whole solver expanded 315 k
    /// nodes over deals 1..1000 against 378 k with the schedule before, and 11.77 M against
    /// 14.98 M over 1..32000 (0.82 of the time); the model had promised 11.69 M. The figures of
    /// earlier schedules are in `git log -- Sources/PatienceSolver/GuidedSchedule.swift`.
    static let portfolio = GuidedSchedule(members: [
        Member(weights: .spacious, share: 10),
        Member(weights: .patient, share: 54),
        Member(weights: .deepRoomy, share: 1),
        Member(weights: .deepOrderly, share: 1),
        Member(weights: .greedy, share: 1),
        Member(weights: .roomy, share: 1),
        Member(weights: .orderlyRoomy, share: 16),
        Member(weights: .orderly, share: 1),
        Member(weights: .orderlyAiry, share: 1),
        Member(weights: .tidy, share: 1),
    ], prelude: [
        Turn(member: 7, nodes: 256), Turn(member: 4, nodes: 370), Turn(member: 0, nodes: 1965), Turn(member: 7, nodes: 2112),
        Turn(member: 5, nodes: 1024), Turn(member: 8, nodes: 2597), Turn(member: 7, nodes: 89), Turn(member: 1, nodes: 4009),
        Turn(member: 2, nodes: 2922), Turn(member: 9, nodes: 179), Turn(member: 7, nodes: 256), Turn(member: 0, nodes: 1024),
        Turn(member: 8, nodes: 555), Turn(member: 3, nodes: 384), Turn(member: 1, nodes: 23990), Turn(member: 6, nodes: 8),
        Turn(member: 9, nodes: 64),
    ], slice: 256)

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
    static let hiddenCardsPortfolio = GuidedSchedule(members: [
        Member(weights: .standard, share: 1),
        Member(weights: .spacious, share: 1),
        Member(weights: .patient, share: 34),
        Member(weights: .deepRoomy, share: 1),
        Member(weights: .deepOrderly, share: 2),
        Member(weights: .greedy, share: 1),
        Member(weights: .roomy, share: 1),
    ], prelude: [
        Turn(member: 5, nodes: 312), Turn(member: 4, nodes: 241), Turn(member: 1, nodes: 2808), Turn(member: 6, nodes: 1024),
        Turn(member: 5, nodes: 1056), Turn(member: 2, nodes: 10904), Turn(member: 3, nodes: 2538), Turn(member: 1, nodes: 358),
        Turn(member: 4, nodes: 2406), Turn(member: 0, nodes: 1402),
    ], slice: 256)
}
