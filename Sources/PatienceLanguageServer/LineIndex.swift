import PatienceDiagnostics

/// Converts between the language's source locations (UTF-8 byte offsets, lines from 1) and LSP
/// positions (lines from 0, characters counted in UTF-16 code units, the protocol's default).
package struct LineIndex: Sendable {
    private let bytes: [UInt8]
    /// The byte offset at which each line starts.
    private let lineStarts: [Int]

    package init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == 10 { starts.append(i + 1) }
        lineStarts = starts
    }

    package var lineCount: Int { lineStarts.count }

    private func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// The byte offset of an LSP position; nil when the line is outside the document. A character
    /// past the end of its line means the end of the line, as the protocol says.
    package func offset(line: Int, character: Int) -> Int? {
        guard line >= 0, character >= 0, line < lineStarts.count else { return nil }
        var offset = lineStarts[line]
        let end = lineEnd(line)
        var units = 0
        while offset < end, units < character {
            let byte = bytes[offset]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The LSP position of a byte offset (clamped to the document).
    package func position(ofOffset offset: Int) -> (line: Int, character: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var units = 0
        var i = lineStarts[low]
        while i < offset {
            let byte = bytes[i]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            i += length
        }
        return (low, units)
    }

    /// An LSP position object.
    package func json(ofOffset offset: Int) -> JSON {
        let (line, character) = position(ofOffset: offset)
        return ["line": .int(line), "character": .int(character)]
    }

    /// An LSP range object for a source range.
    package func json(of range: SourceRange) -> JSON {
        ["start": json(ofOffset: range.start.offset), "end": json(ofOffset: max(range.start.offset, range.end.offset))]
    }

    /// The range of the whole document.
    package var wholeDocument: JSON {
        ["start": json(ofOffset: 0), "end": json(ofOffset: bytes.count)]
    }
}
