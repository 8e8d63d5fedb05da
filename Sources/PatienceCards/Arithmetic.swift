/// The arithmetic operators of the rule language.
package enum ArithmeticOperator: String, Hashable, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%", power = "^"
}

/// The rule language's integer arithmetic, stated once for the checker, which folds constants
/// and evaluates settings, and for the engine, which evaluates rules: 64-bit integers that
/// saturate instead of overflowing, so that no rule can crash the engine (Grammar.md, section 6.2).
@usableFromInline
package enum Arithmetic {
    @inlinable
    package static func add(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? (b > 0 ? Int.max : Int.min) : r
    }

    @inlinable
    package static func subtract(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.subtractingReportingOverflow(b)
        return o ? (b < 0 ? Int.max : Int.min) : r
    }

    @inlinable
    package static func multiply(_ a: Int, _ b: Int) -> Int {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        return o ? ((a < 0) == (b < 0) ? Int.max : Int.min) : r
    }

    package static func power(_ base: Int, _ exponent: Int) -> Int {
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

    /// `2 ^ n` as a shift, saturating as `power` does.
    @inlinable @inline(__always)
    package static func powerOfTwo(_ n: Int) -> Int {
        n < 0 ? 0 : n >= Int.bitWidth - 1 ? Int.max : 1 << n
    }

    /// Truncating division; nil for a zero divisor. `Int.min / -1` saturates to `Int.max`.
    static func divide(_ a: Int, _ b: Int) -> Int? {
        b == 0 ? nil : (a == Int.min && b == -1 ? Int.max : a / b)
    }

    /// The remainder of truncating division; nil for a zero divisor.
    static func remainder(_ a: Int, _ b: Int) -> Int? {
        b == 0 ? nil : (b == -1 ? 0 : a % b)
    }

    /// `a op b`; nil only when `/` or `%` divides by zero.
    package static func apply(_ op: ArithmeticOperator, _ a: Int, _ b: Int) -> Int? {
        switch op {
        case .add: return add(a, b)
        case .subtract: return subtract(a, b)
        case .multiply: return multiply(a, b)
        case .power: return power(a, b)
        case .divide: return divide(a, b)
        case .remainder: return remainder(a, b)
        }
    }
}

/// How two numbers (or suits, or colours) are compared.
@usableFromInline
package enum Comparison: String, Hashable, Sendable, CaseIterable {
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="

    package var negated: Comparison {
        switch self {
        case .equal: return .notEqual
        case .notEqual: return .equal
        case .less: return .greaterEqual
        case .lessEqual: return .greater
        case .greater: return .lessEqual
        case .greaterEqual: return .less
        }
    }

    @inlinable @inline(__always)
    package func holds(_ a: Int, _ b: Int) -> Bool {
        switch self {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessEqual: return a <= b
        case .greater: return a > b
        case .greaterEqual: return a >= b
        }
    }
}
