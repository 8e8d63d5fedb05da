import Foundation

/// A text encoding other than UTF-8 that input files are often saved in by mistake (an editor's
/// "Unicode" is UTF-16), told by its byte-order mark or, for UTF-16 without one, by the zero
/// bytes between ASCII characters, so that a message can name it rather than only say that the
/// text is not UTF-8.
package enum ForeignEncoding: String, Sendable, CaseIterable {
    case utf16LittleEndian = "UTF-16 (little-endian)"
    case utf16BigEndian = "UTF-16 (big-endian)"
    case utf32LittleEndian = "UTF-32 (little-endian)"
    case utf32BigEndian = "UTF-32 (big-endian)"

    /// How the encoding was told: by the byte-order mark, or by the pattern of zero bytes.
    package enum Evidence: Sendable, Equatable {
        case byteOrderMark
        case zeroBytes
    }

    /// The byte-order mark of the encoding.
    package var byteOrderMark: [UInt8] {
        switch self {
        case .utf16LittleEndian: return [0xFF, 0xFE]
        case .utf16BigEndian: return [0xFE, 0xFF]
        case .utf32LittleEndian: return [0xFF, 0xFE, 0x00, 0x00]
        case .utf32BigEndian: return [0x00, 0x00, 0xFE, 0xFF]
        }
    }

    /// The encoding `data` is in, when it is one of these; nil for anything else (UTF-8 among it).
    /// Only the first 128 bytes are looked at.
    package static func of(_ data: Data) -> (encoding: ForeignEncoding, evidence: Evidence)? {
        let head = [UInt8](data.prefix(128))
        // UTF-32's little-endian mark starts with UTF-16's, so the longer marks are tried first.
        for encoding in [utf32LittleEndian, utf32BigEndian, utf16LittleEndian, utf16BigEndian] where head.starts(with: encoding.byteOrderMark) {
            return (encoding, .byteOrderMark)
        }
        // ASCII text in UTF-16 without a mark: every other byte is zero, the others are not.
        guard head.count >= 4 else { return nil }
        let pairs = head.count / 2
        let evens = (0..<pairs).map { head[2 * $0] }, odds = (0..<pairs).map { head[2 * $0 + 1] }
        if odds.allSatisfy({ $0 == 0 }) && evens.allSatisfy({ $0 != 0 && $0 < 0x80 }) { return (.utf16LittleEndian, .zeroBytes) }
        if evens.allSatisfy({ $0 == 0 }) && odds.allSatisfy({ $0 != 0 && $0 < 0x80 }) { return (.utf16BigEndian, .zeroBytes) }
        return nil
    }

    /// The finding about input of `what` (such as "the file", "the board text") in this encoding.
    package static func diagnostic(for data: Data, what: String) -> Diagnostic? {
        guard let (encoding, evidence) = of(data) else { return nil }
        let how = evidence == .byteOrderMark ? "it starts with that encoding's byte-order mark" : "every other byte is zero, as in UTF-16 text"
        return Diagnostic(.otherEncoding, "\(what) is in \(encoding.rawValue), not UTF-8: \(how)", at: .fileStart,
                          help: "save it as UTF-8; for example: iconv -f \(encoding.iconvName) -t UTF-8")
    }

    private var iconvName: String {
        switch self {
        case .utf16LittleEndian: return "UTF-16LE"
        case .utf16BigEndian: return "UTF-16BE"
        case .utf32LittleEndian: return "UTF-32LE"
        case .utf32BigEndian: return "UTF-32BE"
        }
    }
}
