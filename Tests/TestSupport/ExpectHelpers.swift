import Foundation
import Testing

// The test files' other common checks as functions, for the reason `expectEqual` gives: each
// `#expect` is a macro expanded and type-checked at every use, where a call to one of these costs
// about a millisecond of compiling. A failure names the caller's file and line and, where there are
// values to compare, both of them; only the caller's expression text is not quoted.

/// Records an issue unless `condition` holds: `#expect(condition)` written as a function.
package func expectTrue(
    _ condition: Bool, _ comment: @autoclosure () -> Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(condition, comment(), sourceLocation: sourceLocation)
}

/// Records an issue if `condition` holds: `#expect(!condition)` written as a function.
package func expectFalse(
    _ condition: Bool, _ comment: @autoclosure () -> Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!condition, comment(), sourceLocation: sourceLocation)
}

/// Records an issue if `actual == unexpected`: `#expect(actual != unexpected)` as a function.
package func expectNotEqual<Value: Equatable>(
    _ actual: Value, _ unexpected: Value, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual != unexpected, comment(), sourceLocation: sourceLocation)
}

/// Records an issue unless `lhs < rhs`.
package func expectLess<Value: Comparable>(
    _ lhs: Value, _ rhs: Value, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(lhs < rhs, comment(), sourceLocation: sourceLocation)
}

/// Records an issue unless `lhs <= rhs`.
package func expectLessOrEqual<Value: Comparable>(
    _ lhs: Value, _ rhs: Value, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(lhs <= rhs, comment(), sourceLocation: sourceLocation)
}

/// Records an issue unless `lhs > rhs`.
package func expectGreater<Value: Comparable>(
    _ lhs: Value, _ rhs: Value, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(lhs > rhs, comment(), sourceLocation: sourceLocation)
}

/// Records an issue unless `lhs >= rhs`.
package func expectGreaterOrEqual<Value: Comparable>(
    _ lhs: Value, _ rhs: Value, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(lhs >= rhs, comment(), sourceLocation: sourceLocation)
}

/// Records an issue, quoting both texts, unless `text` contains `part`.
package func expectContains(
    _ text: some StringProtocol, _ part: some StringProtocol, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(text.contains(part), comment(), sourceLocation: sourceLocation)
}

/// Records an issue, quoting both texts, if `text` contains `part`.
package func expectNotContains(
    _ text: some StringProtocol, _ part: some StringProtocol, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!text.contains(part), comment(), sourceLocation: sourceLocation)
}

/// Records an issue, quoting the elements, unless `sequence` contains `element`.
package func expectContains<Elements: Sequence>(
    _ sequence: Elements, _ element: Elements.Element, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) where Elements.Element: Equatable {
    let elements = Array(sequence)
    #expect(elements.contains(element), comment(), sourceLocation: sourceLocation)
}

/// Records an issue, quoting the elements, if `sequence` contains `element`.
package func expectNotContains<Elements: Sequence>(
    _ sequence: Elements, _ element: Elements.Element, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) where Elements.Element: Equatable {
    let elements = Array(sequence)
    #expect(!elements.contains(element), comment(), sourceLocation: sourceLocation)
}

/// Records an issue, quoting both texts, unless `text` starts with `prefix`.
package func expectHasPrefix(
    _ text: some StringProtocol, _ prefix: some StringProtocol, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(text.hasPrefix(prefix), comment(), sourceLocation: sourceLocation)
}

/// Records an issue, quoting both texts, if `text` starts with `prefix`.
package func expectNotHasPrefix(
    _ text: some StringProtocol, _ prefix: some StringProtocol, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!text.hasPrefix(prefix), comment(), sourceLocation: sourceLocation)
}

/// Records an issue, quoting both texts, unless `text` ends with `suffix`.
package func expectHasSuffix(
    _ text: some StringProtocol, _ suffix: some StringProtocol, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(text.hasSuffix(suffix), comment(), sourceLocation: sourceLocation)
}

/// Records an issue, quoting both texts, if `text` ends with `suffix`.
package func expectNotHasSuffix(
    _ text: some StringProtocol, _ suffix: some StringProtocol, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!text.hasSuffix(suffix), comment(), sourceLocation: sourceLocation)
}
