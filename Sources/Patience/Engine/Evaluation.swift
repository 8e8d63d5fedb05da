/// Why evaluating a rule stopped before it could answer: the index of the place in the rules
/// that faulted, whose code, message and range are in `FaultTable`. A fault refuses the move it
/// was checking. It carries only an integer so that throwing and passing it costs nothing.
public struct EvaluationFault: Error, Hashable, Sendable {
    public var site: Int
}

/// The places in a game's rules that can fault (reading the top of an empty pile, dividing by
/// zero, running out of steps), each described once when the rules are compiled.
final class FaultTable: @unchecked Sendable {
    // Written only while one checker compiles a game, then read-only.
    private(set) var sites: [Refusal] = []

    func add(_ code: DiagnosticCode, _ message: String, file: String?, range: SourceRange) -> EvaluationFault {
        sites.append(Refusal(code: code, message: message, file: file, range: range))
        return EvaluationFault(site: sites.count - 1)
    }
}

/// The pile variables of one game's rules, stored inline (flat pile indices are below 65,536)
/// so that a frame needs no heap. The checker keeps every game within `capacity` variables;
/// an out-of-range slot reads as 0 and ignores writes.
struct PileSlots {
    static let capacity = 32
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    @inline(__always)
    subscript(slot: Int) -> Int {
        get {
            guard slot >= 0 && slot < PileSlots.capacity else { return 0 }
            return Int(withUnsafeBytes(of: storage) { $0.load(fromByteOffset: slot * 2, as: UInt16.self) })
        }
        set {
            guard slot >= 0 && slot < PileSlots.capacity else { return }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: UInt16(truncatingIfNeeded: newValue), toByteOffset: slot * 2, as: UInt16.self) }
        }
    }
}

/// The card variables of one game's rules, stored inline; slot 0 is `card` in deal filters.
struct CardSlots {
    static let capacity = 32
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    @inline(__always)
    subscript(slot: Int) -> PlacedCard {
        get {
            guard slot >= 0 && slot < CardSlots.capacity else { return PlacedCard(Card(rawValue: 0), faceUp: false) }
            let raw = withUnsafeBytes(of: storage) { $0.load(fromByteOffset: slot * 4, as: UInt32.self) }
            return PlacedCard(Card(rawValue: UInt16(truncatingIfNeeded: raw & 0xFFFF)), faceUp: raw >> 16 != 0)
        }
        set {
            guard slot >= 0 && slot < CardSlots.capacity else { return }
            let raw = UInt32(newValue.card.rawValue) | (newValue.isFaceUp ? 1 << 16 : 0)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: raw, toByteOffset: slot * 4, as: UInt32.self) }
        }
    }
}

/// A run of cards inside one pile: `count` cards from position `start` (0 = bottom).
public struct CardSlice: Hashable, Sendable {
    public var pile: Int
    public var start: Int
    public var count: Int
}

/// The mutable context one evaluation runs in: the table, the option values, the move under
/// consideration and the variables bound by quantifiers. One frame is reused across checks,
/// so evaluating a rule allocates nothing.
struct Frame {
    /// Where the piles are: the caller's array, borrowed for as long as the frame lives, so that
    /// making and ending a frame neither copies, retains nor releases anything. Frames exist only
    /// inside `Frame.judging` and `Frame.changing`, which keep that array alive around them.
    private let store: UnsafeMutablePointer<[Pile]>

    /// The piles of the table being judged or changed. Action counts are not here: only taps
    /// read them, so checking a move copies one array reference, not two.
    var piles: [Pile] {
        unsafeAddress { UnsafePointer(store) }
        nonmutating unsafeMutableAddress { store }
    }
    /// The move's source pile (lift, accept) and the run it lifts.
    var source = 0
    var runStart = 0
    var runCount = 0
    /// The pile a card would go to (accept, capacity) or the tapped pile (actions).
    var destination = 0
    /// Values of bound pile variables and card variables, by slot, stored inline so that making
    /// a frame allocates nothing.
    var pileSlots = PileSlots()
    var cardSlots = CardSlots()
    /// Steps left before the check is stopped; see Grammar.md, "Cost model".
    var budget = Int.max

    @inline(__always)
    private init(borrowing store: UnsafeMutablePointer<[Pile]>) {
        self.store = store
    }

    /// Runs `body` with a frame that reads `piles` in place, without copying or retaining them.
    /// Only code that changes nothing may run in it: expressions, and lift, accept and capacity
    /// rules, `let`s and the win condition, which the checker keeps free of table changes.
    @inline(__always)
    static func judging<Result>(_ piles: [Pile], _ body: (inout Frame) -> Result) -> Result {
        withUnsafePointer(to: piles) { pointer in
            var f = Frame(borrowing: UnsafeMutablePointer(mutating: pointer))
            return body(&f)
        }
    }

    /// Runs `body` with a frame over its own copy of `piles`, which actions, effects and moves
    /// may change; `body` reads the result from `f.piles` before it returns.
    static func changing<Result, Failure: Error>(_ piles: [Pile], _ body: (inout Frame) throws(Failure) -> Result) throws(Failure) -> Result {
        var copy = piles
        return try withUnsafeMutablePointer(to: &copy) { pointer throws(Failure) in
            var f = Frame(borrowing: pointer)
            return try body(&f)
        }
    }

    var run: CardSlice { CardSlice(pile: source, start: runStart, count: runCount) }

    @inline(__always)
    func card(in slice: CardSlice, at offset: Int) -> PlacedCard {
        piles[slice.pile].cards[slice.start + offset]
    }
}

typealias IntCode = @Sendable (inout Frame) throws(EvaluationFault) -> Int
typealias BoolCode = @Sendable (inout Frame) throws(EvaluationFault) -> Bool
typealias CardCode = @Sendable (inout Frame) throws(EvaluationFault) -> PlacedCard
typealias SliceCode = @Sendable (inout Frame) throws(EvaluationFault) -> CardSlice
typealias PileCode = @Sendable (inout Frame) throws(EvaluationFault) -> Int
typealias SuitListCode = @Sendable (inout Frame) throws(EvaluationFault) -> [Suit]

/// Integer arithmetic that saturates instead of trapping, so no rule can crash the engine.
enum Saturating {
    static func add(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? (b > 0 ? Int.max : Int.min) : r
    }
    static func subtract(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.subtractingReportingOverflow(b)
        return o ? (b < 0 ? Int.max : Int.min) : r
    }
    static func multiply(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        return o ? ((a < 0) == (b < 0) ? Int.max : Int.min) : r
    }
    static func power(_ base: Int, _ exponent: Int) -> Int {
        // A negative exponent is a fraction, which integer arithmetic truncates, except for ±1.
        if exponent < 0 { return base == 1 ? 1 : base == -1 ? (exponent % 2 == 0 ? 1 : -1) : 0 }
        var result = 1
        var square = base
        var e = exponent
        while e > 0 {
            if e & 1 == 1 { result = multiply(result, square) }
            e >>= 1
            if e > 0 { square = multiply(square, square) }
        }
        return result
    }
}
