import Testing

/// Records an issue unless `actual == expected`, at the caller's line: `#expect(actual == expected)`
/// written as a function.
///
/// The test files use it for their plain equality checks because each `#expect` is a macro whose
/// expansion the compiler type-checks against every overload of Swift Testing's checking functions:
/// about 25 ms of compile time an expectation on this machine, where a call to one generic function
/// costs about 1 ms. A failure still names the file, line and both values
/// (`(actual → 3) == (expected → 4)`); only the caller's expression text is not quoted. As with
/// `#expect`, the comment is an autoclosure, built only when the check fails: the comparison
/// suites pass long descriptions of tables, and building them for every passing check cost a
/// quarter of their time.
package func expectEqual<Value: Equatable>(
    _ actual: Value, _ expected: Value, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual == expected, comment(), sourceLocation: sourceLocation)
}
