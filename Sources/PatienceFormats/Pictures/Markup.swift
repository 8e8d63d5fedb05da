import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// Escaping for text written into XML and HTML documents (SVG pictures, replay pages).
enum Markup {
    /// `text` with `&`, `<`, `>` and `"` written as character references, so that it can stand in
    /// element content and in a double-quoted attribute value of both XML and HTML. Control
    /// characters other than tab, line feed and carriage return, which XML 1.0 does not allow,
    /// become U+FFFD; a no-break space is written as `&#160;`, which both languages read alike.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\u{A0}": result += "&#160;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
