import PatienceDiagnostics
import PatienceCards

extension Parser {
    /// Parses `{ statement* }`. Returns nil only when the opening brace is missing.
    mutating func parseBlock() -> [Statement]? {
        let open = current.range
        guard expectSymbol(.leftBrace, "to open the block") else { return nil }
        guard enterNesting() else {
            position -= 1
            skipBalanced()
            leaveNesting()
            return []
        }
        defer { leaveNesting() }
        var statements: [Statement] = []
        while !isSymbol(.rightBrace) {
            if atEnd || (current.startsLine && isDeclarationStartOutsideBlock()) {
                let saved = recovering
                recovering = false
                error(.unclosedDelimiter, "this '{' is never closed", at: open, help: "add '}' at the end of the block")
                recovering = saved
                return statements
            }
            let before = position
            recovering = false
            if let statement = parseStatement() {
                statements.append(statement)
            }
            if position == before || recovering {
                synchroniseToStatement(consumeAtLeastOne: position == before)
            }
        }
        advance()
        return statements
    }

    /// A declaration keyword at the start of a line ends a block missing its `}`, except `deal`,
    /// which is also a statement: it ends the block only when it is not followed by a count and 'from'.
    private func isDeclarationStartOutsideBlock() -> Bool {
        guard let word = current.word, Keywords.declarationStarts.contains(word) else { return false }
        return word != "deal"
    }

    /// Skips to the next statement start on a new line, or to the block's closing brace.
    mutating func synchroniseToStatement(consumeAtLeastOne: Bool) {
        synchronise(consumeAtLeastOne: consumeAtLeastOne) { parser, braces in
            guard braces <= 0 else { return false }
            if parser.isSymbol(.rightBrace) { return true }
            guard parser.current.startsLine, let word = parser.current.word else { return false }
            return Keywords.statementStarts.contains(word) || Keywords.declarationStarts.contains(word)
        }
    }

    mutating func parseStatement() -> Statement? {
        let start = current.range
        guard let word = current.word, Keywords.statementStarts.contains(word) else {
            error(.expectedToken, "expected a statement ('require', 'if', 'for', 'deal', 'move', 'try', 'flip', 'shuffle' or 'set'), found \(current.quoted)",
                  at: current.range, help: statementHelp())
            return nil
        }
        advance()
        let kind: StatementKind?
        switch word {
        case "require":
            let condition = parseExpression()
            var reason: String?
            if acceptWord("else") { reason = expectString("the reason shown when the requirement fails") }
            kind = .require(condition, reason: reason)
        case "if":
            kind = parseIfStatement()
        case "for":
            kind = parseForEach()
        case "deal", "move":
            kind = parseTransfer(word)
        case "try":
            guard expectWord("move", "after 'try'") else { return nil }
            let count = parseExpression()
            guard expectWord("from", "after the number of cards") else { return nil }
            let from = parseExpression()
            guard expectWord("to", "after the source pile") else { return nil }
            kind = .tryMove(count: count, from: from, to: parseExpression())
        case "shuffle":
            kind = .shuffle(parseExpression())
        case "set":
            guard let name = expectIdentifier("the name of a memory to set") else { return nil }
            guard expectSymbol(.assign, "after the memory's name") else { return nil }
            kind = .set(name, parseExpression())
        default:
            kind = .flip(parseExpression())
        }
        return kind.map { Statement($0, range: range(from: start)) }
    }

    private func statementHelp() -> String? {
        guard let word = current.word else { return nil }
        return Spelling.closest(to: word, among: Keywords.statementStarts).map { "did you mean \(Spelling.quoted($0))?" }
    }

    private mutating func parseIfStatement() -> StatementKind? {
        let condition = parseExpression()
        guard let then = parseBlock() else { return nil }
        var otherwise: [Statement] = []
        if acceptWord("else") {
            if isWord("if") {
                let start = current.range
                advance()
                // Each 'else if' nests one level deeper in the tree, as a block does.
                guard enterNesting() else {
                    leaveNesting()
                    synchroniseToStatement(consumeAtLeastOne: false)
                    return nil
                }
                defer { leaveNesting() }
                guard let nested = parseIfStatement() else { return nil }
                otherwise = [Statement(nested, range: range(from: start))]
            } else {
                guard let block = parseBlock() else { return nil }
                otherwise = block
            }
        }
        return .conditional(condition, then, otherwise)
    }

    private mutating func parseForEach() -> StatementKind? {
        guard let variable = expectIdentifier("a variable name") else { return nil }
        guard expectWord("in", "after the variable") else { return nil }
        let collection = parseExpression()
        guard let body = parseBlock() else { return nil }
        return .forEach(variable, collection, body)
    }

    private mutating func parseTransfer(_ word: String) -> StatementKind? {
        let count = parseExpression()
        guard expectWord("from", "after the number of cards") else { return nil }
        let from = parseExpression()
        guard expectWord("to", "after the source pile") else { return nil }
        let to = parseExpression()
        var facing: Facing?
        if acceptWord("face") {
            if acceptWord("up") {
                facing = .up
            } else if acceptWord("down") {
                facing = .down
            } else {
                error(.expectedToken, "expected 'up' or 'down' after 'face', found \(current.quoted)", at: current.range)
                return nil
            }
        }
        return word == "deal"
            ? .deal(count: count, from: from, to: to, facing: facing)
            : .move(count: count, from: from, to: to, facing: facing)
    }
}
