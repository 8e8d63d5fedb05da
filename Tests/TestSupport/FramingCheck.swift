import Foundation
import PatienceLanguageServer

/// Bytes read as the language server's input, as the fuzz targets and their regression tests do.
package enum FramingCheck {
    /// Reads `bytes` with a `MessageReader`, arriving in chunks of a size taken from the first
    /// byte (1 to 64), to the end of input; how many messages and faults it reported, or nil when
    /// it reported more than one for every byte (it must take input for each, so it always ends).
    package static func results(of bytes: [UInt8]) -> Int? {
        let chunk = 1 + Int(bytes.first ?? 0) % 64
        nonisolated(unsafe) var offset = 0
        var reader = MessageReader {
            guard offset < bytes.count else { return nil }
            defer { offset += chunk }
            return Data(bytes[offset..<min(offset + chunk, bytes.count)])
        }
        var results = 0
        while true {
            if case .endOfInput = reader.next() { return results }
            results += 1
            if results > bytes.count + 1 { return nil }
        }
    }
}
