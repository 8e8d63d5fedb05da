import PatienceDiagnostics
import PatienceCards

/// Why evaluating a rule stopped before it could answer: the index of the place in the rules
/// that faulted, whose refusal is `GameRules.faultSites[site]`. A fault refuses the move it was
/// checking. It carries only an integer so that throwing and passing it costs nothing.
package struct EvaluationFault: Error, Hashable, Sendable {
    var site: Int

    package init(site: Int) {
        self.site = site
    }
}

/// The pile variables of one game's rules, stored inline (flat pile indices are below 65,536)
/// so that a frame needs no heap. The checker keeps every game within `capacity` variables;
/// an out-of-range slot reads as 0 and ignores writes.
struct PileSlots {
    static var capacity: Int { RuleLimits.variables }
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// Read in place (`mutating get`): a getter of `withUnsafeBytes(of: storage)` reads a copy
    /// of the whole storage, which a rule that reads its variables again and again paid at every
    /// read (half of Poker's search). Every reader holds its frame `inout`.
    @inline(__always)
    subscript(slot: Int) -> Int {
        mutating get {
            guard slot >= 0 && slot < PileSlots.capacity else { return 0 }
            return Int(withUnsafeBytes(of: &storage) { $0.load(fromByteOffset: slot * 2, as: UInt16.self) })
        }
        set {
            guard slot >= 0 && slot < PileSlots.capacity else { return }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: UInt16(truncatingIfNeeded: newValue), toByteOffset: slot * 2, as: UInt16.self) }
        }
    }
}

/// The card variables of one game's rules, stored inline; slot 0 is `card` in deal filters.
struct CardSlots {
    static var capacity: Int { RuleLimits.variables }
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Read in place, as `PileSlots`' subscript.
    @inline(__always)
    subscript(slot: Int) -> PlacedCard {
        mutating get {
            guard slot >= 0 && slot < CardSlots.capacity else { return PlacedCard(Card(rawValue: 0), faceUp: false) }
            let raw = withUnsafeBytes(of: &storage) { $0.load(fromByteOffset: slot * 4, as: UInt32.self) }
            return PlacedCard(Card(rawValue: UInt16(truncatingIfNeeded: raw & 0xFFFF)), faceUp: raw >> 16 != 0)
        }
        set {
            guard slot >= 0 && slot < CardSlots.capacity else { return }
            let raw = UInt32(newValue.card.rawValue) | (newValue.isFaceUp ? 1 << 16 : 0)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: raw, toByteOffset: slot * 4, as: UInt32.self) }
        }
    }

    /// A number parameter of a parameterised definition, kept in two consecutive card slots from
    /// `slot`, so that frames need no storage of their own for numbers; reads as 0 and ignores
    /// writes past the last slot.
    @inline(__always)
    subscript(number slot: Int) -> Int {
        mutating get {
            guard slot >= 0 && slot + 1 < CardSlots.capacity else { return 0 }
            return withUnsafeBytes(of: &storage) { $0.loadUnaligned(fromByteOffset: slot * 4, as: Int.self) }
        }
        set {
            guard slot >= 0 && slot + 1 < CardSlots.capacity else { return }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: newValue, toByteOffset: slot * 4, as: Int.self) }
        }
    }
}

/// Values of terms that read neither the destination nor a bound variable, so that judging one
/// run against many destinations works each out once (`Evaluator.perRun`): the count of free cells
/// in a capacity formula, say. Cleared whenever a frame is given a run (`GameRules.liftRejection`),
/// which every accept and capacity check follows on the same, unchanged table.
package struct RunMemo {
    /// How many terms one game's accept rules and capacity formulas may keep; the compiler keeps
    /// the rest as they are.
    package static var capacity: Int { 4 }
    private var values: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var valid: UInt8 = 0
    /// The slots that `clear` keeps: terms that read no part of the move, whose values hold for
    /// the whole table (set by move listing, `GameRules.tableMemoSlots`; none elsewhere).
    var kept: UInt8 = 0

    /// Forgets the values of the run judged before, but for the `kept` slots.
    @inline(__always)
    mutating func clear() { valid &= kept }

    @inline(__always)
    func value(_ slot: Int) -> Int? {
        guard slot >= 0 && slot < RunMemo.capacity, valid & (1 << slot) != 0 else { return nil }
        return withUnsafeBytes(of: values) { $0.load(fromByteOffset: slot * 8, as: Int.self) }
    }

    @inline(__always)
    mutating func store(_ value: Int, _ slot: Int) {
        guard slot >= 0 && slot < RunMemo.capacity else { return }
        withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: value, toByteOffset: slot * 8, as: Int.self) }
        valid |= 1 << slot
    }
}

/// The play whose effects are running, as an effect reads it through `move`: a move's source,
/// destination and card count; a tap's pile as both, with no cards; a removal's first pile, its
/// destination and its number of cards.
struct PlayContext {
    var source = 0
    var destination = 0
    var size = 0

    init(source: Int = 0, destination: Int = 0, size: Int = 0) {
        self.source = source
        self.destination = destination
        self.size = size
    }

    init(_ move: Move) {
        self.init(source: move.source, destination: move.destination, size: move.count)
    }
}

/// A run of cards inside one pile: `count` cards from position `start` (0 = bottom).
package struct CardSlice: Hashable, Sendable {
    package var pile: Int
    package var start: Int
    package var count: Int
}

/// The context one evaluation runs in: the table, the move under consideration and the variables
/// bound by quantifiers. Evaluating a rule allocates nothing.
///
/// A frame only reads the table. Code that changes it gets a `ChangingFrame`, which only
/// `Frame.changing` makes, over a copy of the piles: so the lift, accept and capacity rules, the
/// win condition and every expression, which get a plain frame, cannot change the caller's table,
/// and `Frame.judging` can safely read that table in place.
package struct Frame {
    /// Where the piles are: the caller's array, borrowed for as long as the frame lives, so that
    /// making and ending a frame neither copies, retains nor releases anything. Frames exist only
    /// inside `Frame.judging` and `Frame.changing`, which keep that array alive around them.
    private let store: UnsafePointer<[Pile]>
    /// The table's memory and action counts, borrowed the same way; nil when the rules read
    /// neither (see `GameRules.readsTableState`), so that judging a move borrows one array only.
    private let memoryStore: UnsafePointer<[Int]>?
    private let usesStore: UnsafePointer<[Int]>?

    /// The piles of the table being judged or changed.
    var piles: [Pile] {
        unsafeAddress { store }
    }

    /// Runs `body` with the cards of `pile`, read in place: `piles[pile].cards` copies the array
    /// out of the piles, with a retain and a release, which move listing would pay for each source
    /// of every table it lists. Nil for a pile the table lacks.
    @inline(__always)
    func withCards<Result>(ofPile pile: Int, _ body: (UnsafeBufferPointer<PlacedCard>) -> Result) -> Result? {
        store.pointee.withUnsafeBufferPointer { piles in
            pile >= 0 && pile < piles.count ? piles[pile].cards.withUnsafeBufferPointer(body) : nil
        }
    }

    /// The value of a `memory` declaration; 0 for a slot the table lacks.
    @inline(__always)
    func memory(_ slot: Int) -> Int {
        guard let memoryStore, slot < memoryStore.pointee.count else { return 0 }
        return memoryStore.pointee[slot]
    }

    /// How often an action has been used; 0 for an action the table lacks.
    @inline(__always)
    func uses(ofAction action: Int) -> Int {
        guard let usesStore, action < usesStore.pointee.count else { return 0 }
        return usesStore.pointee[action]
    }
    /// The move's source pile (lift, accept) and the run it lifts.
    var source = 0
    var runStart = 0
    var runCount = 0
    /// The pile a card would go to (accept, capacity), the tapped pile (actions), the pile just
    /// dealt to (`after each card`), or `index` in a deal line's count.
    var destination = 0
    /// The play that set the effects off (`move.source`, `move.destination`, `move.size` in an effect).
    var play = PlayContext()
    /// Values of bound pile variables and card variables, by slot, stored inline so that making
    /// a frame allocates nothing.
    var pileSlots = PileSlots()
    var cardSlots = CardSlots()
    /// Steps left before the check is stopped; see Grammar.md, "Cost model".
    var budget = Int.max
    /// Terms worked out once for the run being judged; see `RunMemo`.
    var memo = RunMemo()

    /// Holds the run of `count` cards from the top of `source`, on its way to `destination`,
    /// for a lift or accept rule to judge; what was worked out for another run is dropped.
    @inline(__always)
    mutating func hold(run count: Int, from source: Int, to destination: Int) {
        self.source = source
        runStart = piles[source].cards.count - count
        runCount = count
        self.destination = destination
        memo.clear()
    }

    @inline(__always)
    fileprivate init(reading store: UnsafePointer<[Pile]>, memory: UnsafePointer<[Int]>?, uses: UnsafePointer<[Int]>?) {
        self.store = store
        self.memoryStore = memory
        self.usesStore = uses
    }

    /// Runs `body` with a frame that reads only the table's piles, in place: for rules that read
    /// no memory and no action counts, which is every check of most games.
    @inline(__always)
    static func judging<Result>(piles: [Pile], _ body: (inout Frame) -> Result) -> Result {
        withUnsafePointer(to: piles) { pointer in
            var f = Frame(reading: pointer, memory: nil, uses: nil)
            return body(&f)
        }
    }

    /// Runs `body` with a frame that reads the table in place, without copying or retaining it.
    /// It borrows the table's arrays one by one, as a whole table is too large to pass in registers.
    @inline(__always)
    static func judging<Result>(_ table: CardTable, _ body: (inout Frame) -> Result) -> Result {
        withUnsafePointer(to: table.piles) { piles in
            withUnsafePointer(to: table.memory) { memory in
                withUnsafePointer(to: table.actionUses) { uses in
                    var f = Frame(reading: piles, memory: memory, uses: uses)
                    return body(&f)
                }
            }
        }
    }

    /// Runs `body` with a frame over its own copy of the table, which actions, effects and moves
    /// may change; `body` reads the result from `f.table` before it returns.
    @inline(__always)
    static func changing<Result, Failure: Error>(_ table: CardTable, _ body: (inout ChangingFrame) throws(Failure) -> Result) throws(Failure) -> Result {
        var piles = table.piles
        var memory = table.memory
        var uses = table.actionUses
        var shuffles = ShuffleState(seed: table.seed, count: table.shuffles)
        return try withUnsafeMutablePointer(to: &piles) { p throws(Failure) in
            try withUnsafeMutablePointer(to: &memory) { m throws(Failure) in
                try withUnsafeMutablePointer(to: &uses) { u throws(Failure) in
                    try withUnsafeMutablePointer(to: &shuffles) { s throws(Failure) in
                        var f = ChangingFrame(frame: Frame(reading: UnsafePointer(p), memory: UnsafePointer(m), uses: UnsafePointer(u)),
                                              store: p, memoryStore: m, usesStore: u, shuffleStore: s)
                        return try body(&f)
                    }
                }
            }
        }
    }

    /// Runs `body` with a frame that changes the caller's own table in place, recording every
    /// change in `journal` so that it can be taken back (`TableJournal.undo`). Only the solver's
    /// fast paths (`WorkingTable`) use it; they undo the changes themselves when the rules refuse.
    @inline(__always)
    static func changing<Result>(inPlace table: inout CardTable, journal: UnsafeMutablePointer<TableJournal>,
                                 _ body: (inout ChangingFrame) -> Result) -> Result {
        var shuffles = ShuffleState(seed: table.seed, count: table.shuffles)
        let result = withUnsafeMutablePointer(to: &table.piles) { p in
            withUnsafeMutablePointer(to: &table.memory) { m in
                withUnsafeMutablePointer(to: &table.actionUses) { u in
                    withUnsafeMutablePointer(to: &shuffles) { s in
                        var f = ChangingFrame(frame: Frame(reading: UnsafePointer(p), memory: UnsafePointer(m), uses: UnsafePointer(u)),
                                              store: p, memoryStore: m, usesStore: u, shuffleStore: s, journal: journal)
                        return body(&f)
                    }
                }
            }
        }
        table.shuffles = shuffles.count
        return result
    }

    var run: CardSlice { CardSlice(pile: source, start: runStart, count: runCount) }

    @inline(__always)
    func card(in slice: CardSlice, at offset: Int) -> PlacedCard {
        piles[slice.pile].cards[slice.start + offset]
    }
}

/// What a table's shuffles are drawn from (`CardTable.seed` and `CardTable.shuffles`).
struct ShuffleState {
    var seed: UInt64
    var count: Int
}

/// A frame whose table may be changed: the statements of actions, effects and deal lines run in
/// one, and so does applying a move. Its piles are a copy that `Frame.changing` owns; `frame`
/// reads the same copy, so expressions evaluated between statements see every change.

struct ChangingFrame {
    var frame: Frame
    fileprivate let store: UnsafeMutablePointer<[Pile]>
    fileprivate let memoryStore: UnsafeMutablePointer<[Int]>
    fileprivate let usesStore: UnsafeMutablePointer<[Int]>
    fileprivate let shuffleStore: UnsafeMutablePointer<ShuffleState>
    /// Where changes are recorded when the table is changed in place (`Frame.changing(inPlace:)`).
    var journal: UnsafeMutablePointer<TableJournal>? = nil

    var piles: [Pile] {
        unsafeAddress { UnsafePointer(store) }
        nonmutating unsafeMutableAddress { store }
    }

    /// The table's memory, which `set` changes.
    var memory: [Int] {
        unsafeAddress { UnsafePointer(memoryStore) }
        nonmutating unsafeMutableAddress { memoryStore }
    }

    /// How often each action has been used.
    var actionUses: [Int] {
        unsafeAddress { UnsafePointer(usesStore) }
        nonmutating unsafeMutableAddress { usesStore }
    }

    /// The seed and count of the table's shuffles.
    var shuffles: ShuffleState {
        unsafeAddress { UnsafePointer(shuffleStore) }
        nonmutating unsafeMutableAddress { shuffleStore }
    }

    /// Runs `body` with a read-only frame over this table as it stands, without copying it.
    func judging<Result>(_ body: (inout Frame) -> Result) -> Result {
        var f = Frame(reading: UnsafePointer(store), memory: UnsafePointer(memoryStore), uses: UnsafePointer(usesStore))
        return body(&f)
    }

    /// The whole table as it stands.
    var table: CardTable {
        CardTable(piles: piles, actionUses: actionUses, memory: memory, seed: shuffles.seed, shuffles: shuffles.count)
    }
}

package typealias IntCode = @Sendable (inout Frame) throws(EvaluationFault) -> Int
package typealias BoolCode = @Sendable (inout Frame) throws(EvaluationFault) -> Bool
package typealias CardCode = @Sendable (inout Frame) throws(EvaluationFault) -> PlacedCard
package typealias SliceCode = @Sendable (inout Frame) throws(EvaluationFault) -> CardSlice
package typealias PileCode = @Sendable (inout Frame) throws(EvaluationFault) -> Int
