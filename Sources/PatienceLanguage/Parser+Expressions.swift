import PatienceDiagnostics
import PatienceCards

extension Parser {
    /// Parses an expression. On a syntax error it reports once and returns an `.invalid` node.
    mutating func parseExpression() -> ExpressionSyntax {
        guard enterNesting() else {
            let start = current.range
            skipExpressionTokens()
            leaveNesting()
            return ExpressionSyntax(.invalid, range: range(from: start))
        }
        defer { leaveNesting() }
        if isWord("if") {
            let start = advance().range
            let condition = parseExpression()
            guard expectWord("then", "after the condition") else { return ExpressionSyntax(.invalid, range: range(from: start)) }
            let then = parseExpression()
            guard expectWord("else", "in 'if … then … else …'") else { return ExpressionSyntax(.invalid, range: range(from: start)) }
            let otherwise = parseExpression()
            return ExpressionSyntax(.conditional(condition, then, otherwise), range: range(from: start))
        }
        return parseOr()
    }

    /// An expression inside brackets, where `in` is always a membership test.
    mutating func parseUnbarred() -> ExpressionSyntax {
        let outer = membershipBarred
        membershipBarred = false
        defer { membershipBarred = outer }
        return parseExpression()
    }

    /// An expression of a clause that a keyword phrase starting with `in` may follow (a deal
    /// line's `where … in dealt order`, a layout's `row N in rows …`): there `in` ends the
    /// expression, and a membership test is written in parentheses.
    mutating func parseBarred() -> ExpressionSyntax {
        let outer = membershipBarred
        membershipBarred = true
        defer { membershipBarred = outer }
        return parseExpression()
    }

    /// Enters one level for a link of a left-associative chain (`a and b and c`, `x.top.rank`):
    /// each link nests the tree one level deeper, so a long chain counts toward the nesting limit
    /// as brackets do; otherwise checking the tree would recurse once per link. The caller restores
    /// `depth` when the chain ends. On false the rest of the expression has been skipped.
    private mutating func enterChainLink() -> Bool {
        if enterNesting() { return true }
        skipExpressionTokens()
        return false
    }

    /// Once the nesting limit is passed, skips the rest of the expression without recursing.
    private mutating func skipExpressionTokens() {
        while !atEnd {
            switch current.kind {
            case .symbol(.leftParen), .symbol(.leftBracket), .symbol(.leftBrace):
                skipBalanced()
            case .symbol(.rightParen), .symbol(.rightBracket), .symbol(.rightBrace), .symbol(.comma), .symbol(.colon):
                return
            default:
                if current.startsLine, let word = current.word,
                   Keywords.declarationStarts.contains(word) || Keywords.statementStarts.contains(word) {
                    return
                }
                advance()
            }
        }
    }

    private mutating func parseOr() -> ExpressionSyntax {
        parseChain(of: "or", as: .or) { $0.parseAnd() }
    }

    private mutating func parseAnd() -> ExpressionSyntax {
        parseChain(of: "and", as: .and) { $0.parseNot() }
    }

    /// A left-associative chain `a WORD b WORD c …`; each link counts toward the nesting limit,
    /// so that a very long chain cannot overflow the checker's stack.
    private mutating func parseChain(of word: String, as op: BinaryOperator, operand: (inout Parser) -> ExpressionSyntax) -> ExpressionSyntax {
        var left = operand(&self)
        let outerDepth = depth
        defer { depth = outerDepth }
        while isWord(word) {
            advance()
            guard enterChainLink() else { return ExpressionSyntax(.invalid, range: range(from: left.range)) }
            let right = operand(&self)
            left = ExpressionSyntax(.binary(op, left, right), range: left.range.union(right.range))
        }
        return left
    }

    private mutating func parseNot() -> ExpressionSyntax {
        guard isWord("not") else { return parseComparison() }
        let start = advance().range
        guard enterNesting() else {
            skipExpressionTokens()
            leaveNesting()
            return ExpressionSyntax(.invalid, range: range(from: start))
        }
        defer { leaveNesting() }
        let operand = parseNot()
        return ExpressionSyntax(.unary(.not, operand), range: start.union(operand.range))
    }

    private var comparisonOperator: BinaryOperator? {
        guard case .symbol(let symbol) = current.kind else { return nil }
        switch symbol {
        case .equal: return .equal
        case .notEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        default: return nil
        }
    }

    private mutating func parseComparison() -> ExpressionSyntax {
        let left = parseAdditive()
        if isWord("in"), !membershipBarred {
            advance()
            let right = parseAdditive()
            if comparisonOperator != nil || (isWord("in") && !membershipBarred) {
                error(.expectedToken, "comparisons do not chain; join them with 'and'", at: current.range)
            }
            return ExpressionSyntax(.binary(.in, left, right), range: left.range.union(right.range))
        }
        guard let op = comparisonOperator else {
            if isSymbol(.assign) {
                error(.expectedToken, "'=' defines; to compare, write '=='", at: current.range, help: "write '=='")
                // Read it as '==', so that the condition is still checked without a follow-on type error.
                advance()
                let right = parseAdditive()
                return ExpressionSyntax(.binary(.equal, left, right), range: left.range.union(right.range))
            }
            return left
        }
        advance()
        let right = parseAdditive()
        if comparisonOperator != nil || (isWord("in") && !membershipBarred) {
            error(.expectedToken, "comparisons do not chain; join them with 'and'", at: current.range)
        }
        return ExpressionSyntax(.binary(op, left, right), range: left.range.union(right.range))
    }

    private mutating func parseAdditive() -> ExpressionSyntax {
        var left = parseMultiplicative()
        let outerDepth = depth
        defer { depth = outerDepth }
        while true {
            let op: BinaryOperator
            if isSymbol(.plus) { op = .add } else if isSymbol(.minus) { op = .subtract } else { return left }
            advance()
            guard enterChainLink() else { return ExpressionSyntax(.invalid, range: range(from: left.range)) }
            let right = parseMultiplicative()
            left = ExpressionSyntax(.binary(op, left, right), range: left.range.union(right.range))
        }
    }

    private mutating func parseMultiplicative() -> ExpressionSyntax {
        var left = parseUnary()
        let outerDepth = depth
        defer { depth = outerDepth }
        while true {
            let op: BinaryOperator
            if isSymbol(.star) { op = .multiply } else if isSymbol(.slash) { op = .divide } else if isSymbol(.percent) { op = .remainder } else { return left }
            advance()
            guard enterChainLink() else { return ExpressionSyntax(.invalid, range: range(from: left.range)) }
            let right = parseUnary()
            left = ExpressionSyntax(.binary(op, left, right), range: left.range.union(right.range))
        }
    }

    /// Unary minus binds looser than `^`, as in arithmetic: `-2 ^ 2` is `-(2 ^ 2)`.
    private mutating func parseUnary() -> ExpressionSyntax {
        guard isSymbol(.minus) else { return parsePower() }
        let start = advance().range
        guard enterNesting() else {
            skipExpressionTokens()
            leaveNesting()
            return ExpressionSyntax(.invalid, range: range(from: start))
        }
        defer { leaveNesting() }
        let operand = parseUnary()
        return ExpressionSyntax(.unary(.negate, operand), range: start.union(operand.range))
    }

    /// `^` is right-associative: `2 ^ 3 ^ 2` is `2 ^ 9`; the exponent may be negated: `2 ^ -1`.
    private mutating func parsePower() -> ExpressionSyntax {
        let base = parsePostfix()
        guard isSymbol(.caret) else { return base }
        advance()
        guard enterNesting() else {
            skipExpressionTokens()
            leaveNesting()
            return ExpressionSyntax(.invalid, range: base.range)
        }
        defer { leaveNesting() }
        let exponent = parseUnary()
        return ExpressionSyntax(.binary(.power, base, exponent), range: base.range.union(exponent.range))
    }

    private mutating func parsePostfix() -> ExpressionSyntax {
        var base = parsePrimary()
        let outerDepth = depth
        defer { depth = outerDepth }
        while true {
            if isSymbol(.dot) || isSymbol(.leftBracket) {
                guard enterChainLink() else { return ExpressionSyntax(.invalid, range: range(from: base.range)) }
            }
            if acceptSymbol(.dot) {
                guard let word = current.word else {
                    error(.expectedToken, "expected a property name after '.', found \(current.quoted)", at: current.range)
                    return ExpressionSyntax(.invalid, range: base.range)
                }
                let name = Identifier(word, range: advance().range)
                base = ExpressionSyntax(.member(base, name), range: base.range.union(name.range))
            } else if isSymbol(.leftBracket) {
                advance()
                let index = parseUnbarred()
                expectSymbol(.rightBracket, "to close the index")
                base = ExpressionSyntax(.subscripted(base, index), range: range(from: base.range))
            } else {
                return base
            }
        }
    }

    private mutating func parsePrimary() -> ExpressionSyntax {
        let token = current
        switch token.kind {
        case .integer(let value):
            advance()
            return ExpressionSyntax(.integer(value), range: token.range)
        case .rank(let rank):
            advance()
            return ExpressionSyntax(.rank(rank), range: token.range)
        case .card(let rank, let suit):
            advance()
            return ExpressionSyntax(.card(rank: rank, suit: suit), range: token.range)
        case .symbol(.leftParen):
            advance()
            var inner = parseUnbarred()
            if !expectSymbol(.rightParen, "to close the parenthesis") { return ExpressionSyntax(.invalid, range: range(from: token.range)) }
            inner.range = range(from: token.range)
            return inner
        case .symbol(.leftBracket):
            advance()
            var items: [ExpressionSyntax] = []
            if !isSymbol(.rightBracket) {
                repeat { items.append(parseUnbarred()) } while acceptSymbol(.comma)
            }
            expectSymbol(.rightBracket, "to close the list")
            return ExpressionSyntax(.list(items), range: range(from: token.range))
        case .identifier(let word):
            return parseWordExpression(word, token: token)
        case .invalid:
            // The lexer has reported this text already.
            advance()
            recovering = true
            return ExpressionSyntax(.invalid, range: token.range)
        default:
            error(.expectedExpression, "expected an expression, found \(token.quoted)", at: token.range)
            return ExpressionSyntax(.invalid, range: token.range)
        }
    }

    private mutating func parseWordExpression(_ word: String, token: Token) -> ExpressionSyntax {
        if let quantifier = Quantifier(rawValue: word), peek().kind == .symbol(.leftParen) {
            return parseQuantifier(quantifier, start: token.range)
        }
        switch word {
        case "true", "false":
            advance()
            return ExpressionSyntax(.boolean(word == "true"), range: token.range)
        case "unlimited":
            advance()
            return ExpressionSyntax(.unlimited, range: token.range)
        default:
            break
        }
        if let suit = Keywords.suits[word] {
            advance()
            return ExpressionSyntax(.suit(suit), range: token.range)
        }
        if let color = Keywords.colors[word] {
            advance()
            return ExpressionSyntax(.color(color), range: token.range)
        }
        if word == "score" {
            // The game's score, which `score = …` declares, reads as a name.
            advance()
            return ExpressionSyntax(.name(word), range: token.range)
        }
        if word == "move" && peek().kind == .symbol(.dot) {
            // `move.source` and its siblings: in an effect, the play that set the effects off.
            advance()
            return ExpressionSyntax(.name(word), range: token.range)
        }
        if Keywords.reserved.contains(word) {
            error(.expectedExpression, "expected an expression, found the keyword \(Spelling.quoted(word))", at: token.range)
            return ExpressionSyntax(.invalid, range: token.range)
        }
        advance()
        let name = Identifier(word, range: token.range)
        guard isSymbol(.leftParen) else { return ExpressionSyntax(.name(word), range: token.range) }
        advance()
        var arguments: [ExpressionSyntax] = []
        if !isSymbol(.rightParen) {
            repeat { arguments.append(parseUnbarred()) } while acceptSymbol(.comma)
        }
        expectSymbol(.rightParen, "to close the argument list")
        return ExpressionSyntax(.call(name, arguments), range: range(from: token.range))
    }

    private mutating func parseQuantifier(_ quantifier: Quantifier, start: SourceRange) -> ExpressionSyntax {
        advance()
        advance()
        guard let variable = expectIdentifier("a variable name"),
              expectWord("in", "after the variable") else {
            return ExpressionSyntax(.invalid, range: range(from: start))
        }
        let collection = parseUnbarred()
        guard expectSymbol(.colon, "before the condition") else { return ExpressionSyntax(.invalid, range: range(from: start)) }
        let body = parseUnbarred()
        expectSymbol(.rightParen, "to close '\(quantifier.rawValue)('")
        return ExpressionSyntax(.quantifier(quantifier, variable, collection, body), range: range(from: start))
    }
}
