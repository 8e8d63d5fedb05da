/// A document to lay out within a line width: text with places where a line may break. The
/// formatter builds one for each declaration or statement header and lets `render` choose the
/// breaks; it is the pretty-printing algebra of Wadler and Leijen, with `fill` for operator chains.
package indirect enum LayoutDoc: Sendable {
    case text(String)
    /// A space when its group is laid out flat, a line break (at the current indentation) otherwise.
    case line
    case concat([LayoutDoc])
    /// Lines inside break to `n` more columns than the lines around them.
    case indent(Int, LayoutDoc)
    /// Laid out flat when all of it fits on the current line, otherwise with its own lines broken.
    case group(LayoutDoc)
    /// Alternating content and separators (`line`s): each separator breaks only when the content
    /// after it does not fit on the current line, so a long chain is packed line by line.
    case fill([LayoutDoc])

    /// The document on one line, every `line` a space.
    package var flat: String {
        var out = ""
        appendFlat(to: &out)
        return out
    }

    private func appendFlat(to out: inout String) {
        switch self {
        case .text(let s): out += s
        case .line: out += " "
        case .concat(let parts), .fill(let parts): for part in parts { part.appendFlat(to: &out) }
        case .indent(_, let doc), .group(let doc): doc.appendFlat(to: &out)
        }
    }
}

/// Lays out a `LayoutDoc`.
package enum LayoutRenderer {
    private enum Mode { case flat, broken }

    private struct Command {
        var indent: Int
        var mode: Mode
        var doc: LayoutDoc
    }

    /// The document laid out within `width` columns, starting at column `indent` (counted from 0),
    /// which is also where broken lines return to before any `indent` of the document. The text
    /// has no leading indentation; continuation lines have theirs.
    package static func render(_ doc: LayoutDoc, width: Int, indent: Int) -> String {
        var out = ""
        var column = indent
        var stack = [Command(indent: indent, mode: .broken, doc: doc)]
        while let command = stack.popLast() {
            switch command.doc {
            case .text(let s):
                out += s
                column += s.count
            case .line:
                if command.mode == .flat {
                    out += " "
                    column += 1
                } else {
                    out += "\n" + String(repeating: " ", count: command.indent)
                    column = command.indent
                }
            case .concat(let parts):
                for part in parts.reversed() { stack.append(Command(indent: command.indent, mode: command.mode, doc: part)) }
            case .indent(let n, let inner):
                stack.append(Command(indent: command.indent + n, mode: command.mode, doc: inner))
            case .group(let inner):
                let flat = Command(indent: command.indent, mode: .flat, doc: inner)
                if command.mode == .flat || fits([flat], rest: stack, width: width - column) {
                    stack.append(flat)
                } else {
                    stack.append(Command(indent: command.indent, mode: .broken, doc: inner))
                }
            case .fill(let parts):
                guard let content = parts.first else { continue }
                let contentFlat = Command(indent: command.indent, mode: .flat, doc: content)
                let contentBroken = Command(indent: command.indent, mode: .broken, doc: content)
                let contentFits = fits([contentFlat], rest: [], width: width - column)
                guard parts.count > 1 else {
                    stack.append(contentFits ? contentFlat : contentBroken)
                    continue
                }
                let separatorFlat = Command(indent: command.indent, mode: .flat, doc: parts[1])
                let separatorBroken = Command(indent: command.indent, mode: .broken, doc: parts[1])
                guard parts.count > 2 else {
                    stack.append(contentsOf: contentFits ? [separatorFlat, contentFlat] : [separatorBroken, contentBroken])
                    continue
                }
                let pairFits = fits([Command(indent: command.indent, mode: .flat, doc: .concat(Array(parts[0...2])))],
                                    rest: [], width: width - column)
                stack.append(Command(indent: command.indent, mode: command.mode, doc: .fill(Array(parts[2...]))))
                if pairFits {
                    stack.append(contentsOf: [separatorFlat, contentFlat])
                } else if contentFits {
                    stack.append(contentsOf: [separatorBroken, contentFlat])
                } else {
                    stack.append(contentsOf: [separatorBroken, contentBroken])
                }
            }
        }
        return out
    }

    /// Whether the commands, then the rest of the stack up to its next broken line, fit in `width`.
    private static func fits(_ next: [Command], rest: [Command], width: Int) -> Bool {
        var remaining = width
        var commands = next
        var restIndex = rest.count
        while remaining >= 0 {
            guard let command = commands.popLast() else {
                if restIndex == 0 { return true }
                restIndex -= 1
                commands.append(rest[restIndex])
                continue
            }
            switch command.doc {
            case .text(let s): remaining -= s.count
            case .line:
                if command.mode == .broken { return true }
                remaining -= 1
            case .concat(let parts), .fill(let parts):
                for part in parts.reversed() { commands.append(Command(indent: command.indent, mode: command.mode, doc: part)) }
            case .indent(let n, let inner):
                commands.append(Command(indent: command.indent + n, mode: command.mode, doc: inner))
            case .group(let inner):
                commands.append(Command(indent: command.indent, mode: command.mode, doc: inner))
            }
        }
        return false
    }
}
