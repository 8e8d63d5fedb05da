import Foundation
import PatienceLanguage
import PatienceEngine

/// Rewrites the layout of rule text without changing what it says, for the formatter's property
/// tests: every run of whitespace between tokens becomes a random mix of spaces, tabs and line
/// breaks (a blank line stays one blank line, and no new blank line appears), and with
/// `addingComments` random comments are put between tokens, on lines of their own or at the ends
/// of lines. Comments already there stay comments of the same kind: one on a line of its own
/// stays so, one at the end of a line stays there.
package enum LayoutPerturbation {
    package static func perturb(_ text: String, seed: UInt64, addingComments: Bool = false) -> String {
        var lexer = Lexer(text)
        let tokens = lexer.tokenize().filter { $0.kind != .endOfFile }
        var atoms: [(range: Range<Int>, comment: Comment?)] = tokens.map { ($0.range.start.offset..<$0.range.end.offset, nil) }
        atoms += lexer.comments.map { ($0.range.start.offset..<$0.range.end.offset, $0) }
        atoms.sort { $0.range.lowerBound < $1.range.lowerBound }
        let bytes = Array(text.utf8)
        var generator = SeededGenerator(seed: seed)
        var out = ""
        var added = 0
        var previousEnd = 0
        var lastWasComment = false
        for (i, atom) in atoms.enumerated() {
            let gap = bytes[previousEnd..<atom.range.lowerBound]
            let newlines = gap.filter { $0 == UInt8(ascii: "\n") }.count
            if i == 0 {
                // Nothing before the first atom.
            } else if let comment = atom.comment, comment.isTrailing {
                out += spaces(&generator)
            } else {
                let mustBreak = lastWasComment || atom.comment != nil
                if addingComments, !mustBreak, generator.next() % 7 == 0 {
                    // A new comment at the end of the line, then the line break it needs.
                    added += 1
                    out += spaces(&generator) + "# added \(added)"
                    out += newlines >= 2 ? "\n\n" : "\n"
                    out += indentation(&generator)
                } else {
                    out += whitespace(&generator, blank: newlines >= 2, mustBreak: mustBreak)
                }
                if addingComments, generator.next() % 9 == 0 {
                    // A new comment on a line of its own.
                    added += 1
                    let lastVisible = out.reversed().first { $0 != " " && $0 != "\t" }
                    if lastVisible != "\n" { out += "\n" }
                    out += "# own line \(added)\n" + indentation(&generator)
                }
            }
            out += String(decoding: bytes[atom.range], as: UTF8.self)
            previousEnd = atom.range.upperBound
            lastWasComment = atom.comment != nil
        }
        // A short file may draw no comment at all; one at the end keeps "with comments" true.
        if addingComments, added == 0 { out += "\n# added 1" }
        return out + "\n"
    }

    private static func spaces(_ generator: inout SeededGenerator) -> String {
        ["  ", " ", "\t", "   "][Int(generator.next() % 4)]
    }

    private static func indentation(_ generator: inout SeededGenerator) -> String {
        ["", "  ", "    ", "\t", " "][Int(generator.next() % 5)]
    }

    private static func whitespace(_ generator: inout SeededGenerator, blank: Bool, mustBreak: Bool) -> String {
        if blank { return "\n\n" + indentation(&generator) }
        if mustBreak { return "\n" + indentation(&generator) }
        return [" ", "  ", "\n", "\t", "\n      ", " \n  "][Int(generator.next() % 6)]
    }
}
