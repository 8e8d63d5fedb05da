/// Why evaluating a rule stopped before it could answer. A fault refuses the move it was checking.
public struct EvaluationFault: Error, Hashable, Sendable {
    public var code: DiagnosticCode
    public var message: String
    public var range: SourceRange

    public init(code: DiagnosticCode, message: String, range: SourceRange) {
        self.code = code
        self.message = message
        self.range = range
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
    var table: Table
    let options: [Int]
    /// The move's source pile (lift, accept) and the run it lifts.
    var source = 0
    var runStart = 0
    var runCount = 0
    /// The pile a card would go to (accept, capacity) or the tapped pile (actions).
    var destination = 0
    /// Values of bound pile variables and card variables, by slot.
    var pileSlots: [Int]
    var cardSlots: [PlacedCard]
    /// Steps left before the check is stopped; see Grammar.md, "Cost model".
    var budget = Int.max

    init(table: Table, options: [Int], pileSlots: Int, cardSlots: Int) {
        self.table = table
        self.options = options
        self.pileSlots = pileSlots == 0 ? [] : Array(repeating: 0, count: pileSlots)
        self.cardSlots = cardSlots == 0 ? [] : Array(repeating: PlacedCard(Card(rawValue: 0), faceUp: true), count: cardSlots)
    }

    var run: CardSlice { CardSlice(pile: source, start: runStart, count: runCount) }

    @inline(__always)
    func card(in slice: CardSlice, at offset: Int) -> PlacedCard {
        table.piles[slice.pile].cards[slice.start + offset]
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
        if exponent < 0 { return 0 }
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
