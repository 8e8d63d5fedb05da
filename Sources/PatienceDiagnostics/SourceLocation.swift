/// A position in a rule file: a byte offset plus the 1-based line and column it falls on.
///
/// Columns count Unicode scalars from the start of the line, which is what editors
/// show for the ASCII text that rule files are made of.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable {
    /// The byte offset from the start of the text, counting UTF-8 bytes from 0.
    public var offset: Int
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counting Unicode scalars.
    public var column: Int

    /// The location at this offset, line and column.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Locations order by offset.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }
}

/// A half-open range of source text, `start..<end`.
public struct SourceRange: Hashable, Sendable, Codable {
    /// The first position in the range.
    public var start: SourceLocation
    /// The position just after the range.
    public var end: SourceLocation

    /// The range from `start` up to `end`.
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// The range that covers both `self` and `other`.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// An empty range at the start of a file, for findings about the file as a whole.
    public static let fileStart = SourceRange(
        start: SourceLocation(offset: 0, line: 1, column: 1),
        end: SourceLocation(offset: 0, line: 1, column: 1))
}
