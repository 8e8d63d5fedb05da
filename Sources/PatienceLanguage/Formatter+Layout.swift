import PatienceDiagnostics
import PatienceCards

/// The layout of declarations, statements, blocks and the comments between them.
extension Formatter {
    /// A declaration or a statement: what a file or a block holds, one per line (or more).
    enum Node {
        case declaration(Declaration)
        case statement(Statement)

        var range: SourceRange {
            switch self {
            case .declaration(let d): return d.range
            case .statement(let s): return s.range
            }
        }
    }

    /// One line-level piece of a file or block: a comment on its own line, or a node with the
    /// comments moved in front of it and the comment at the end of its last line.
    struct Entry {
        var lines: [String]
        var blankBefore: Bool
        var isComment: Bool
        /// A declaration with a block, which the file sets apart from what follows with a blank line.
        var hasBlock = false
    }

    mutating func formatFile() -> String {
        let nodes = file.declarations.map(Node.declaration)
        let lines = container(nodes, region: 0..<Int.max, indent: 0, owner: [], isFile: true).lines
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The lines of a file or a block's inside, and the comment at the end of the line that opens it.
    private mutating func container(_ nodes: [Node], region: Range<Int>, indent: Int, owner: [Int], isFile: Bool)
        -> (lines: [String], openingComment: String?)
    {
        var entries: [Entry] = []
        var openingComment: String?
        var lastLine: Int?
        var cursor = region.lowerBound
        let pad = String(repeating: " ", count: indent * Formatter.indentWidth)

        /// The comments in the gap before `end`: the one ending the previous line stays there.
        func takeGap(upTo end: Int, before index: Int, formatter: inout Formatter) {
            for c in formatter.commentIndices(in: cursor..<end) {
                let comment = formatter.comments[c]
                formatter.used[c] = true
                if comment.isTrailing {
                    if entries.isEmpty {
                        openingComment = comment.text
                        formatter.placements[c] = CommentPlacement(text: comment.text, owner: owner, slot: .opening)
                    } else {
                        entries[entries.count - 1].lines[entries[entries.count - 1].lines.count - 1] += "  " + comment.text
                        formatter.placements[c] = CommentPlacement(text: comment.text, owner: owner + [index - 1], slot: .after)
                    }
                } else {
                    let blank = lastLine.map { comment.range.start.line - $0 >= 2 } ?? false
                    entries.append(Entry(lines: [pad + comment.text], blankBefore: blank, isComment: true))
                    let slot: CommentPlacement.Slot = index < nodes.count ? .before : .closing
                    formatter.placements[c] = CommentPlacement(text: comment.text, owner: index < nodes.count ? owner + [index] : owner, slot: slot)
                }
                lastLine = comment.range.end.line
            }
        }

        for (index, node) in nodes.enumerated() {
            takeGap(upTo: node.range.start.offset, before: index, formatter: &self)
            let path = owner + [index]
            // Comments inside the node but outside its blocks move in front of it.
            var lines: [String] = []
            for c in headerComments(of: node) {
                used[c] = true
                placements[c] = CommentPlacement(text: comments[c].text, owner: path, slot: .before)
                lines.append(pad + comments[c].text)
            }
            lines += self.lines(of: node, indent: indent, path: path)
            let blank = lastLine.map { node.range.start.line - $0 >= 2 } ?? false
            entries.append(Entry(lines: lines, blankBefore: blank, isComment: false, hasBlock: !blockSpans(of: node).isEmpty))
            lastLine = node.range.end.line
            cursor = node.range.end.offset
        }
        takeGap(upTo: region.upperBound, before: nodes.count, formatter: &self)

        var out: [String] = []
        for (k, entry) in entries.enumerated() {
            var blank = k > 0 && entry.blankBefore
            if isFile && k > 0 && entries[k - 1].hasBlock { blank = true }
            if blank { out.append("") }
            out += entry.lines
        }
        return (out, openingComment)
    }

    /// The comments that start inside a node before its first block (or anywhere in a node
    /// without one), by index: those inside an expression or between a header's words.
    private func headerComments(of node: Node) -> [Int] {
        let end = blockSpans(of: node).first.map { offset($0.open) } ?? node.range.end.offset
        return commentIndices(in: node.range.start.offset..<end)
    }

    /// Every block that a node's layout prints as a block, with an `else if` chain's blocks included.
    private func blockSpans(of node: Node) -> [BlockSpan] {
        switch node {
        case .declaration(let d):
            switch d.kind {
            case .lift, .accept, .effect, .action: return block(openingAtOrAfter: d.range.start.offset).map { [$0] } ?? []
            case .deal(_, _, _, _, _, let arrangement) where arrangement.afterEachCard != nil:
                return block(openingAtOrAfter: d.range.start.offset).map { [$0] } ?? []
            default: return []
            }
        case .statement(let s):
            switch s.kind {
            case .forEach: return block(openingAtOrAfter: s.range.start.offset).map { [$0] } ?? []
            case .conditional:
                let shape = ifShape(s)
                var spans = [shape.then]
                switch shape.otherwise {
                case .none: break
                case .block(let span): spans.append(span)
                case .chain(let nested): spans += blockSpans(of: .statement(nested))
                }
                return spans
            default: return []
            }
        }
    }

    /// How an `if` statement's `else` was written.
    enum ElseShape {
        case none
        case block(BlockSpan)
        /// `else if …`: the nested statement, which holds its own blocks.
        case chain(Statement)
    }

    func ifShape(_ s: Statement) -> (then: BlockSpan, otherwise: ElseShape) {
        guard case .conditional(_, _, let otherwise) = s.kind,
              let then = block(openingAtOrAfter: s.range.start.offset) else {
            return (BlockSpan(open: 0, close: 0), .none)
        }
        guard !otherwise.isEmpty else { return (then, .none) }
        let afterElse = then.close + 2
        if afterElse < tokens.count, tokens[afterElse].kind == .symbol(.leftBrace), let close = closingBrace[afterElse] {
            return (then, .block(BlockSpan(open: afterElse, close: close)))
        }
        return (then, .chain(otherwise[0]))
    }

    // MARK: Nodes

    private func render(_ doc: LayoutDoc, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent * Formatter.indentWidth)
        let text = LayoutRenderer.render(doc, width: Formatter.lineWidth, indent: indent * Formatter.indentWidth)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { i, line in
            i == 0 ? pad + line : String(line)
        }
    }

    private mutating func lines(of node: Node, indent: Int, path: [Int]) -> [String] {
        switch node {
        case .declaration(let d): return lines(of: d, indent: indent, path: path)
        case .statement(let s): return lines(of: s, indent: indent, path: path)
        }
    }

    private mutating func lines(of declaration: Declaration, indent: Int, path: [Int]) -> [String] {
        let prefix = declaration.isOverride ? "override " : ""
        switch declaration.kind {
        case .lift(let zones, let body):
            return blockLines(.text("\(prefix)lift \(Printer.zoneList(zones))"), body, opening: declaration.range.start.offset, indent: indent, path: path)
        case .accept(let zones, let body):
            return blockLines(.text("\(prefix)accept \(Printer.zoneList(zones))"), body, opening: declaration.range.start.offset, indent: indent, path: path)
        case .effect(let name, let body):
            return blockLines(.text("\(prefix)effect \(name.name)"), body, opening: declaration.range.start.offset, indent: indent, path: path)
        case .action(let name, let pile, let guardCondition, let limit, let body):
            var clauses: [LayoutDoc] = []
            if let guardCondition { clauses += [.line, .concat([.text("when "), doc(guardCondition)])] }
            if let limit { clauses += [.line, .concat([.text("limit "), doc(limit)])] }
            let header = LayoutDoc.group(.concat([.text("\(prefix)action \(name.name): tap \(pile.name)"),
                                                  .indent(Formatter.continuationIndent, .concat(clauses))]))
            return blockLines(header, body, opening: declaration.range.start.offset, indent: indent, path: path)
        case .deal(_, _, _, _, _, let arrangement):
            let header = dealDoc(declaration, prefix: prefix)
            guard let afterEachCard = arrangement.afterEachCard else { return render(header, indent: indent) }
            return blockLines(.concat([header, .text(" after each card")]), afterEachCard, opening: declaration.range.start.offset,
                              indent: indent, path: path)
        default:
            return render(.concat([.text(prefix), lineDoc(declaration)]), indent: indent)
        }
    }

    /// `header {`, the block's lines and `}`; `{}` for an empty block without comments.
    private mutating func blockLines(_ header: LayoutDoc, _ body: [Statement], opening offset: Int, indent: Int, path: [Int],
                                     closing: String = "}") -> [String] {
        guard let span = block(openingAtOrAfter: offset) else { return render(header, indent: indent) }
        return blockLines(header, body, span: span, indent: indent, path: path + [0], closing: closing)
    }

    /// With `after`, the comments in that range (between an `if`'s block and the `else` after it)
    /// close the block on lines of their own.
    private mutating func blockLines(_ header: LayoutDoc, _ body: [Statement], span: BlockSpan, indent: Int, path: [Int],
                                     closing: String = "}", after: Range<Int>? = nil) -> [String] {
        if body.isEmpty && !hasComments(inside: span) && !closing.isEmpty && (after.map { commentIndices(in: $0).isEmpty } ?? true) {
            return render(.concat([header, .text(" {}")]), indent: indent)
        }
        var out = render(.concat([header, .text(" {")]), indent: indent)
        let inside = container(body.map(Node.statement), region: (offset(span.open) + 1)..<offset(span.close), indent: indent + 1,
                               owner: path, isFile: false)
        if let opening = inside.openingComment { out[out.count - 1] += "  " + opening }
        out += inside.lines
        if let after {
            let pad = String(repeating: " ", count: (indent + 1) * Formatter.indentWidth)
            for c in commentIndices(in: after) {
                used[c] = true
                placements[c] = CommentPlacement(text: comments[c].text, owner: path, slot: .closing)
                out.append(pad + comments[c].text)
            }
        }
        if !closing.isEmpty { out.append(String(repeating: " ", count: indent * Formatter.indentWidth) + closing) }
        return out
    }

    private mutating func lines(of statement: Statement, indent: Int, path: [Int]) -> [String] {
        switch statement.kind {
        case .forEach(let variable, let collection, let body):
            let header = LayoutDoc.concat([.text("for \(variable.name) in "), doc(collection)])
            guard let span = block(openingAtOrAfter: statement.range.start.offset) else { return render(header, indent: indent) }
            if let inline = inlineBlock(body, span) {
                let line = render(.concat([header, .text(" { "), inline, .text(" }")]), indent: indent)
                if line.count == 1 && line[0].count <= Formatter.lineWidth { return line }
            }
            return blockLines(header, body, span: span, indent: indent, path: path + [0])
        case .conditional:
            return ifLines(statement, indent: indent, path: path, prefix: "")
        default:
            return render(lineDoc(statement), indent: indent)
        }
    }

    /// The one table-changing statement of a block without comments, which can share its header's line.
    private func inlineBlock(_ body: [Statement], _ span: BlockSpan) -> LayoutDoc? {
        guard body.count == 1, !hasComments(inside: span) else { return nil }
        switch body[0].kind {
        case .deal, .move, .tryMove, .flip, .shuffle, .set: return lineDoc(body[0])
        default: return nil
        }
    }

    /// An `if` statement; `prefix` is `} else ` for a link of an `else if` chain.
    private mutating func ifLines(_ statement: Statement, indent: Int, path: [Int], prefix: String) -> [String] {
        guard case .conditional(let condition, let then, let otherwise) = statement.kind else { return [] }
        let shape = ifShape(statement)
        let header = LayoutDoc.concat([.text(prefix + "if "), doc(condition)])
        // `if c { A }` and `if c { A } else { B }` on one line, when they fit and hold no comment.
        let blocksAndAfter = offset(shape.then.open)..<statement.range.end.offset
        if prefix.isEmpty, commentIndices(in: blocksAndAfter).isEmpty, let thenInline = inlineBlock(then, shape.then) {
            var parts: [LayoutDoc] = [header, .text(" { "), thenInline, .text(" }")]
            var fitsShape = true
            switch shape.otherwise {
            case .none: break
            case .block(let span):
                if let elseInline = inlineBlock(otherwise, span) {
                    parts += [.text(" else { "), elseInline, .text(" }")]
                } else {
                    fitsShape = false
                }
            case .chain: fitsShape = false
            }
            if fitsShape {
                let line = render(.concat(parts), indent: indent)
                if line.count == 1 && line[0].count <= Formatter.lineWidth { return line }
            }
        }
        let afterThen = offset(shape.then.close) + 1
        switch shape.otherwise {
        case .none:
            // Comments in an empty `else {}`, which the tree does not keep, close the block.
            return blockLines(header, then, span: shape.then, indent: indent, path: path + [0],
                              after: afterThen..<statement.range.end.offset)
        case .block(let span):
            var out = blockLines(header, then, span: shape.then, indent: indent, path: path + [0], closing: "",
                                 after: afterThen..<offset(span.open))
            // An `else` block holding only an `if` and no comments is written `else if`.
            if otherwise.count == 1, case .conditional = otherwise[0].kind, !hasComments(inside: span) {
                out += ifLines(otherwise[0], indent: indent, path: path + [1, 0], prefix: "} else ")
                return out
            }
            out += blockLines(.text("} else"), otherwise, span: span, indent: indent, path: path + [1])
            return out
        case .chain(let nested):
            // Comments between `}` and the next link's `{` close the block before them.
            var out = blockLines(header, then, span: shape.then, indent: indent, path: path + [0], closing: "",
                                 after: afterThen..<offset(ifShape(nested).then.open))
            out += ifLines(nested, indent: indent, path: path + [1, 0], prefix: "} else ")
            return out
        }
    }
}
