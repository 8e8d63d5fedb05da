import PatienceDiagnostics
import PatienceCards

/// Expressions as layout documents: the text `Printer` writes (the same parentheses, only where
/// precedence needs them), with a possible line break before every binary operator and before
/// `then` and `else`. A chain of one operator (`a and b and c`) is packed line by line, its
/// continuation lines four columns in from the line it starts on.
extension Formatter {
    /// How far a broken operator chain's continuation lines are indented.
    static let continuationIndent = 4

    func doc(_ expression: ExpressionSyntax) -> LayoutDoc {
        doc(expression, context: 0)
    }

    private func doc(_ expression: ExpressionSyntax, context: Int) -> LayoutDoc {
        // Parentheses the author wrote stay, needed or not: they are part of what the text says.
        if isParenthesised(expression) {
            var inner = expression
            inner.range.start.offset += 1
            return .concat([.text("("), doc(inner, context: 0), .text(")")])
        }
        switch expression.kind {
        case .member(let base, let property):
            return .concat([doc(base, context: 9), .text("." + property.name)])
        case .subscripted(let base, let index):
            return .concat([doc(base, context: 9), .text("["), doc(index), .text("]")])
        case .call(let function, let arguments):
            return .concat([.text(function.name + "(")] + commaSeparated(arguments) + [.text(")")])
        case .unary(.negate, let operand):
            return wrap(.concat([.text("-"), doc(operand, context: 7)]), when: context > 7)
        case .unary(.not, let operand):
            return wrap(.concat([.text("not "), doc(operand, context: 3)]), when: context > 3)
        case .binary(let op, _, _):
            return wrap(chain(expression, op), when: context > op.precedence)
        case .conditional(let condition, let then, let otherwise):
            let branches = LayoutDoc.indent(Formatter.continuationIndent, .concat([
                .line, .text("then "), doc(then), .line, .text("else "), doc(otherwise),
            ]))
            return wrap(.group(.concat([.text("if "), doc(condition), branches])), when: context > 0)
        case .quantifier(let q, let variable, let collection, let body):
            return .concat([.text("\(q.rawValue)(\(variable.name) in "), doc(collection), .text(": "), doc(body), .text(")")])
        case .list(let items):
            return .concat([.text("[")] + commaSeparated(items) + [.text("]")])
        default:
            // Literals and names have no place to break.
            return .text(Printer.print(expression))
        }
    }

    private func commaSeparated(_ items: [ExpressionSyntax]) -> [LayoutDoc] {
        var parts: [LayoutDoc] = []
        for (i, item) in items.enumerated() {
            if i > 0 { parts.append(.text(", ")) }
            parts.append(doc(item))
        }
        return parts
    }

    /// `a op b op c …` for a left-associative operator, gathered along the left operands that
    /// need no parentheses; `^` and the comparisons, which do not chain that way, give two operands.
    private func chain(_ expression: ExpressionSyntax, _ op: BinaryOperator) -> LayoutDoc {
        let p = op.precedence
        var operands: [(BinaryOperator?, ExpressionSyntax)] = []
        var current = expression
        let chains = op != .power && p != 4
        while case .binary(let o, let left, let right) = current.kind, o.precedence == p, chains || operands.isEmpty {
            operands.append((o, right))
            current = left
            if !chains { break }
        }
        operands.append((nil, current))
        operands.reverse()
        // Left-associative operators need parentheses on an equal-precedence right operand;
        // '^' is right-associative, and comparisons do not chain at all.
        let leftContext = op == .power || p == 4 ? p + 1 : p
        let rightContext = op == .power ? p : p + 1
        var parts: [LayoutDoc] = []
        for (i, item) in operands.enumerated() {
            if i == 0 {
                parts.append(doc(item.1, context: leftContext))
            } else {
                // The operator of the link between operands i-1 and i is stored with operand i.
                parts.append(.line)
                parts.append(.concat([.text((item.0?.rawValue ?? "") + " "), doc(item.1, context: rightContext)]))
            }
        }
        return .indent(Formatter.continuationIndent, .fill(parts))
    }

    /// Whether the expression was written in parentheses of its own: its text starts with `(`
    /// and ends with the `)` that closes it.
    func isParenthesised(_ expression: ExpressionSyntax) -> Bool {
        guard let first = tokenIndex(startingAt: expression.range.start.offset), tokens[first].kind == .symbol(.leftParen),
              let close = closingParenthesis[first] else { return false }
        return tokens[close].range.end.offset == expression.range.end.offset
    }

    private func wrap(_ doc: LayoutDoc, when needed: Bool) -> LayoutDoc {
        needed ? .concat([.text("("), doc, .text(")")]) : doc
    }
}
