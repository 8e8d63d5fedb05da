import PatienceDiagnostics
import PatienceCards

extension Parser {
    /// Parses one top-level declaration, or reports why the current token cannot start one.
    mutating func parseDeclaration() -> Declaration? {
        recovering = false
        let start = current.range
        let isOverride = acceptWord("override")
        guard let word = current.word, Keywords.declarationStarts.contains(word), word != "override" else {
            let message = isOverride
                ? "expected a declaration after 'override', found \(current.quoted)"
                : "expected a declaration such as 'zone', 'deal', 'lift' or 'accept', found \(current.quoted)"
            error(.unknownDeclaration, message, at: current.range, help: declarationHelp())
            return nil
        }
        advance()
        // A named declaration with a syntax error may be lost; remember its name (see `damagedNames`).
        let name = ["option", "zone", "relation", "let", "memory"].contains(word) ? current.word : nil
        let errorsBefore = diagnostics.count
        defer { if let name, diagnostics.count > errorsBefore { damagedNames.insert(name) } }
        let kind: DeclarationKind?
        switch word {
        case "game": kind = expectString("the game's name").map { .game(name: $0) }
        case "extends": kind = expectString("the path of the base file").map { .extends(path: $0) }
        case "decks": kind = parseDecks()
        case "option": kind = parseOption()
        case "zone": kind = parseZone()
        case "deal": kind = parseDeal()
        case "relation": kind = parseRelation()
        case "let": kind = parseDefinition()
        case "lift", "accept": kind = parseZoneRule(word)
        case "capacity": kind = parseCapacity()
        case "action": kind = parseAction()
        case "effect": kind = parseEffect()
        case "memory": kind = parseMemory()
        case "remove": kind = parseRemoval()
        case "layout": kind = parseLayout()
        case "reference": kind = parseReference()
        case "differs": kind = parseDifference()
        case "score":
            kind = expectSymbol(.assign, "after 'score'") ? .score(parseExpression()) : nil
        default: kind = parseWin()
        }
        guard let kind else { return nil }
        return Declaration(kind, range: range(from: start), isOverride: isOverride, file: path)
    }

    /// `reference PROGRAM "NAME"`.
    private mutating func parseReference() -> DeclarationKind? {
        guard let program = expectIdentifier("a program such as 'aisleriot' or 'pysolfc'") else { return nil }
        guard let name = expectString("the program's name for the game") else { return nil }
        return .reference(program: program, name: name)
    }

    /// `differs PROGRAM (move A to B | tap Z | removal | position Z) "REASON"`.
    private mutating func parseDifference() -> DeclarationKind? {
        guard let program = expectIdentifier("a program such as 'aisleriot' or 'pysolfc'") else { return nil }
        let kind: DifferenceKindSyntax
        if acceptWord("move") {
            guard let from = expectIdentifier("the zone the moves come from"), expectWord("to", "after the zone the moves come from"),
                  let to = expectIdentifier("the zone the moves go to") else { return nil }
            kind = .move(from: from, to: to)
        } else if acceptWord("tap") {
            guard let zone = expectIdentifier("the zone whose piles are tapped") else { return nil }
            kind = .tap(zone)
        } else if acceptWord("removal") {
            kind = .removal
        } else if acceptWord("position") {
            guard let zone = expectIdentifier("the zone whose piles differ after a play") else { return nil }
            kind = .position(zone)
        } else {
            error(.expectedToken, "expected what differs ('move A to B', 'tap Z', 'removal' or 'position Z'), found \(current.quoted)",
                  at: current.range)
            return nil
        }
        guard let reason = expectString("the reason for the difference") else { return nil }
        return .difference(program: program, kind: kind, reason: reason)
    }

    private func declarationHelp() -> String? {
        guard let word = current.word else { return nil }
        let suggestion = Spelling.closest(to: word, among: Keywords.declarationStarts)
        return suggestion.map { "did you mean \(Spelling.quoted($0))?" }
    }

    private mutating func parseDecks() -> DeclarationKind? {
        let count = parseExpression()
        var suits: ExpressionSyntax?
        if acceptWord("suits") { suits = parseExpression() }
        var shape = DeckShape()
        if acceptWord("where") { shape.filter = parseExpression() }
        if acceptWord("jokers") { shape.jokers = parseExpression() }
        if acceptWord("aces") {
            guard expectWord("high", "after 'aces'") else { return nil }
            shape.acesHigh = true
        }
        return .decks(count: count, suits: suits, shape: shape)
    }

    private mutating func parseOption() -> DeclarationKind? {
        guard let name = expectIdentifier("an option name") else { return nil }
        guard expectSymbol(.colon, "after the option name") else { return nil }
        var domain: [DomainItem] = []
        repeat {
            guard let item = parseDomainItem() else { return nil }
            domain.append(item)
        } while acceptSymbol(.bar)
        guard expectSymbol(.assign, "before the option's default value") else { return nil }
        let value = parseExpression()
        return .option(name: name, domain: domain, defaultValue: value)
    }

    private mutating func parseDomainItem() -> DomainItem? {
        switch current.kind {
        case .integer(let low):
            advance()
            guard acceptSymbol(.ellipsis) else { return .integer(low) }
            if case .integer(let high) = current.kind {
                advance()
                return .range(low, high)
            }
            error(.expectedToken, "expected the upper bound of the range, found \(current.quoted)", at: current.range)
            return nil
        case .identifier("true"): advance(); return .boolean(true)
        case .identifier("false"): advance(); return .boolean(false)
        case .identifier("unlimited"): advance(); return .unlimited
        default:
            error(.expectedToken, "expected an option value (a number, a range 'a ... b', 'true', 'false' or 'unlimited'), found \(current.quoted)",
                  at: current.range)
            return nil
        }
    }

    private mutating func parseZone() -> DeclarationKind? {
        guard let name = expectIdentifier("a zone name") else { return nil }
        let count = parseExpression()
        var role: Identifier?
        if acceptWord("as") {
            guard let word = current.word else {
                error(.expectedToken, "expected a role after 'as', found \(current.quoted)", at: current.range)
                return nil
            }
            role = Identifier(word, range: advance().range)
        }
        return .zone(name: name, count: count, role: role)
    }

    private mutating func parseDeal() -> DeclarationKind? {
        guard let zone = expectIdentifier("the zone to deal to") else { return nil }
        let count: DealCount
        if acceptWord("rest") {
            count = .rest
        } else {
            count = .count(parseExpression())
            if !acceptWord("cards") && !acceptWord("card") {
                // Read on as if 'cards' were there: dropping the line would report its cards as never dealt.
                error(.expectedToken, "expected 'cards' after the number of cards to deal, found \(current.quoted)", at: current.range)
            }
        }
        var filter: ExpressionSyntax?
        var inDealtOrder = false
        if acceptWord("where") {
            filter = parseExpression()
            if acceptWord("in") {
                guard expectWord("dealt", "in 'in dealt order'"), expectWord("order", "in 'in dealt order'") else { return nil }
                inDealtOrder = true
            }
        }
        var facing = DealFacing.allUp
        if acceptWord("with") {
            guard expectWord("top", "after 'with'") else { return nil }
            let up = parseExpression()
            guard expectWord("face", "in 'with top N face up'"), expectWord("up", "in 'with top N face up'") else { return nil }
            facing = .topUp(up)
        } else if acceptWord("face") {
            if acceptWord("down") {
                facing = .allDown
            } else if !expectWord("up", "or 'down' after 'face'") {
                return nil
            }
        }
        var order = DealOrder.byRow
        var saidByPile = false
        if acceptWord("by") {
            if acceptWord("pile") {
                order = .byPile
                saidByPile = true
            } else if !expectWord("row", "or 'pile' after 'by'") {
                return nil
            }
        }
        guard var arrangement = parseDealArrangement(afterByPile: saidByPile) else { return nil }
        arrangement.inDealtOrder = inDealtOrder
        return .deal(zone: zone, count: count, filter: filter, facing: facing, order: order, arrangement: arrangement)
    }

    /// Parses the optional `split before CONDITION`, `moving CONDITION to bottom|top` and
    /// `after each card { … }` clauses of a deal line.
    private mutating func parseDealArrangement(afterByPile: Bool) -> DealArrangement? {
        var arrangement = DealArrangement()
        if isWord("split") {
            let start = advance().range
            guard expectWord("before", "after 'split'") else { return nil }
            guard afterByPile else {
                error(.expectedToken, "'split before' fills the piles one after another, so it follows 'by pile'", at: start,
                      help: "write 'by pile split before …'")
                return nil
            }
            arrangement.splitBefore = parseExpression()
        }
        if acceptWord("moving") {
            arrangement.moving = parseExpression()
            guard expectWord("to", "after the condition of 'moving'") else { return nil }
            if acceptWord("top") {
                arrangement.movingTo = .top
            } else if !expectWord("bottom", "or 'top' after 'moving … to'") {
                return nil
            }
        }
        if acceptWord("after") {
            guard expectWord("each", "in 'after each card { … }'"), expectWord("card", "in 'after each card { … }'") else { return nil }
            guard let body = parseBlock() else { return nil }
            arrangement.afterEachCard = body
        }
        return arrangement
    }

    private mutating func parseRelation() -> DeclarationKind? {
        guard let name = expectIdentifier("a relation name") else { return nil }
        guard expectSymbol(.assign, "after the relation name") else { return nil }
        let suitWords: [(String, String, SuitRelation)] = [
            ("same", "suit", .sameSuit), ("alternate", "colour", .alternateColour), ("alternate", "color", .alternateColour),
            ("same", "colour", .sameColour), ("same", "color", .sameColour), ("any", "suit", .anySuit), ("other", "suit", .otherSuit),
        ]
        guard let suit = suitWords.first(where: { isWord($0.0) && peek().word == $0.1 }) else {
            error(.expectedToken, "expected a suit relation ('same suit', 'alternate colour', 'same colour', 'any suit' or 'other suit'), found \(current.quoted)",
                  at: current.range)
            return nil
        }
        advance(); advance()
        let step: RankStep
        if acceptWord("down") {
            step = .down
        } else if acceptWord("up") {
            if isWord("or") && peek().word == "down" {
                advance(); advance()
                step = .upOrDown
            } else {
                step = .up
            }
        } else if isWord("same") && peek().word == "rank" {
            advance(); advance()
            step = .sameRank
        } else if isWord("any") && peek().word == "rank" {
            advance(); advance()
            step = .anyRank
        } else {
            error(.expectedToken, "expected a rank step ('down', 'up', 'up or down', 'same rank' or 'any rank'), found \(current.quoted)",
                  at: current.range)
            return nil
        }
        let wraps = acceptWord("wrapping")
        return .relation(name: name, suit: suit.2, step: step, wraps: wraps)
    }

    private mutating func parseDefinition() -> DeclarationKind? {
        guard let name = expectIdentifier("a name to define") else { return nil }
        var parameters: [Parameter] = []
        if acceptSymbol(.leftParen) {
            repeat {
                guard let parameter = expectIdentifier("a parameter name") else { return nil }
                guard expectSymbol(.colon, "after the parameter name") else { return nil }
                guard let word = current.word, let type = ParameterType(rawValue: word) else {
                    error(.expectedToken, "expected a parameter type ('pile', 'card' or 'number'), found \(current.quoted)", at: current.range)
                    return nil
                }
                advance()
                parameters.append(Parameter(name: parameter, type: type))
            } while acceptSymbol(.comma)
            guard expectSymbol(.rightParen, "after the parameters") else { return nil }
        }
        guard expectSymbol(.assign, "after the name") else { return nil }
        return .definition(name: name, parameters: parameters, value: parseExpression())
    }

    private mutating func parseMemory() -> DeclarationKind? {
        guard let name = expectIdentifier("a memory name") else { return nil }
        guard expectSymbol(.assign, "after the memory's name") else { return nil }
        return .memory(name: name, initial: parseExpression())
    }

    /// `remove NAME(a, b in zone, zone) to PILE [when CONDITION]`.
    private mutating func parseRemoval() -> DeclarationKind? {
        guard let name = expectIdentifier("a removal name") else { return nil }
        guard expectSymbol(.leftParen, "after the removal's name, as in 'remove pair(a, b in tableau) to discard'") else { return nil }
        var variables: [Identifier] = []
        repeat {
            guard let variable = expectIdentifier("a variable name") else { return nil }
            variables.append(variable)
        } while acceptSymbol(.comma)
        guard expectWord("in", "after the variables") else { return nil }
        var zones: [Identifier] = []
        repeat {
            guard let zone = expectIdentifier("a zone name") else { return nil }
            zones.append(zone)
        } while acceptSymbol(.comma)
        guard expectSymbol(.rightParen, "after the zones") else { return nil }
        guard expectWord("to", "after the piles, as in 'to discard'") else { return nil }
        let destination = parseExpression()
        var condition: ExpressionSyntax?
        if acceptWord("when") { condition = parseExpression() }
        return .removal(name: name, variables: variables, zones: zones, destination: destination, condition: condition)
    }

    private mutating func parseZoneRule(_ word: String) -> DeclarationKind? {
        guard let zone = expectIdentifier("a zone name") else { return nil }
        guard let body = parseBlock() else { return nil }
        return word == "lift" ? .lift(zone: zone, body: body) : .accept(zone: zone, body: body)
    }

    private mutating func parseCapacity() -> DeclarationKind? {
        guard let zone = expectIdentifier("a zone name") else { return nil }
        guard expectSymbol(.assign, "after the zone name") else { return nil }
        return .capacity(zone: zone, value: parseExpression())
    }

    /// `layout ZONE [row N] [left | right] [fan down | fan right [N] | stacked]
    /// [in rows (of N | N, …) [overlapping] | at (C, R), …]`, the clauses in that order, at least one of them.
    private mutating func parseLayout() -> DeclarationKind? {
        guard let zone = expectIdentifier("a zone name") else { return nil }
        var layout = LayoutSyntax()
        if acceptWord("row") { layout.row = parseExpression() }
        if acceptWord("left") {
            layout.side = .left
        } else if acceptWord("right") {
            layout.side = .right
        }
        if acceptWord("fan") {
            if acceptWord("down") {
                layout.fan = .down
            } else if acceptWord("right") {
                // A number of cards to show is optional: read one only where an expression can start.
                // `at` after `fan right` starts the places, not a number.
                layout.fan = .right(startsExpression && !isWord("at") ? parseExpression() : nil)
            } else {
                error(.expectedToken, "expected 'down' or 'right' after 'fan', found \(current.quoted)", at: current.range)
                return nil
            }
        } else if acceptWord("stacked") {
            layout.fan = .stacked
        }
        if acceptWord("in") {
            guard expectWord("rows", "after 'in'") else { return nil }
            if acceptWord("of") {
                layout.pilesPerRow = parseExpression()
            } else {
                // `in rows 1, 2, 3`: the piles of each row, top row first.
                var lengths = [parseExpression()]
                while acceptSymbol(.comma) { lengths.append(parseExpression()) }
                layout.rowLengths = lengths
            }
            layout.overlapping = acceptWord("overlapping")
        } else if acceptWord("at") {
            var places: [LayoutSyntax.PlaceSyntax] = []
            repeat {
                let start = current.range
                guard expectSymbol(.leftParen, "before a place's column") else { return nil }
                let column = parseExpression()
                guard expectSymbol(.comma, "between a place's column and row") else { return nil }
                let row = parseExpression()
                guard expectSymbol(.rightParen, "after a place's row") else { return nil }
                places.append(LayoutSyntax.PlaceSyntax(column: column, row: row, range: range(from: start)))
            } while acceptSymbol(.comma)
            layout.places = places
        }
        if layout.isEmpty {
            error(.expectedToken, "expected 'row', 'left', 'right', 'fan', 'stacked', 'in rows' or 'at' after the zone name, found \(current.quoted)",
                  at: current.range, help: "such as 'layout \(zone.name) row 1 left' or 'layout \(zone.name) fan right 3'")
            return nil
        }
        // Only a clause written out of order, or twice, can follow: no declaration starts with these words.
        if let word = current.word, ["row", "left", "right", "fan", "stacked", "in", "at", "overlapping"].contains(word) {
            error(.expectedToken, "\(Spelling.quoted(word)) is out of place: a layout's clauses come in the order 'row', 'left' or 'right', "
                  + "'fan' or 'stacked', then 'in rows' (with 'overlapping') or 'at', each at most once", at: current.range)
            return nil
        }
        return .layout(zone: zone, layout)
    }

    private mutating func parseAction() -> DeclarationKind? {
        guard let name = expectIdentifier("an action name") else { return nil }
        guard expectSymbol(.colon, "after the action name"), expectWord("tap", "after ':'") else { return nil }
        guard let pile = expectIdentifier("the zone whose piles are tapped") else { return nil }
        var guardCondition: ExpressionSyntax?
        var limit: ExpressionSyntax?
        if acceptWord("when") { guardCondition = parseExpression() }
        if acceptWord("limit") { limit = parseExpression() }
        guard let body = parseBlock() else { return nil }
        return .action(name: name, pile: pile, guardCondition: guardCondition, limit: limit, body: body)
    }

    private mutating func parseEffect() -> DeclarationKind? {
        guard let name = expectIdentifier("an effect name") else { return nil }
        guard let body = parseBlock() else { return nil }
        return .effect(name: name, body: body)
    }

    private mutating func parseWin() -> DeclarationKind? {
        guard expectWord("when", "after 'won'") else { return nil }
        return .win(parseExpression())
    }
}
