import PatienceDiagnostics
import PatienceCards

/// A name as written in the source, with its range.
package struct Identifier: Hashable, Sendable {
    package var name: String
    package var range: SourceRange

    package init(_ name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// An expression node. Every node carries the source range it was parsed from.
package struct ExpressionSyntax: Hashable, Sendable {
    package var kind: ExpressionKind
    package var range: SourceRange

    package init(_ kind: ExpressionKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// The forms an expression takes.
package indirect enum ExpressionKind: Hashable, Sendable {
    case integer(Int)
    case boolean(Bool)
    /// `unlimited`: an integer larger than any count on a table.
    case unlimited
    /// A rank written as a letter: `A`, `J`, `Q`, `K`.
    case rank(Int)
    case card(rank: Int, suit: Suit)
    case suit(Suit)
    case color(CardColor)
    /// A reference to a zone, option, definition, relation or bound variable.
    case name(String)
    /// `base.property`
    case member(ExpressionSyntax, Identifier)
    /// `zone[index]`, 1-based.
    case subscripted(ExpressionSyntax, ExpressionSyntax)
    /// `function(arguments)`
    case call(Identifier, [ExpressionSyntax])
    case unary(UnaryOperator, ExpressionSyntax)
    case binary(BinaryOperator, ExpressionSyntax, ExpressionSyntax)
    /// `if condition then value else value`
    case conditional(ExpressionSyntax, ExpressionSyntax, ExpressionSyntax)
    /// `all(x in collection: body)` and its siblings.
    case quantifier(Quantifier, Identifier, ExpressionSyntax, ExpressionSyntax)
    /// `[a, b, c]`
    case list([ExpressionSyntax])
    /// Stands in for an expression that failed to parse; it checks as any type and reports nothing more.
    case invalid
}

package enum UnaryOperator: String, Hashable, Sendable {
    case negate = "-"
    case not = "not"
}

package enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case or, and
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%", power = "^"

    /// Binding strength: higher binds tighter.
    package var precedence: Int {
        switch self {
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: return 4
        case .add, .subtract: return 5
        case .multiply, .divide, .remainder: return 6
        case .power: return 7
        }
    }
}

/// The bounded iteration forms. Each ranges over a zone's piles or a run's cards, never more.
package enum Quantifier: String, Hashable, Sendable, CaseIterable {
    /// True when the body holds for every element.
    case all
    /// True when the body holds for some element.
    case any
    /// How many elements the body holds for.
    case count
    /// The sum of the integer body over the elements.
    case sum
    /// The first element the body holds for; reading it when there is none is a fault.
    case first
}

/// A statement in a rule, action or effect body.
package struct Statement: Hashable, Sendable {
    package var kind: StatementKind
    package var range: SourceRange

    package init(_ kind: StatementKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

package enum StatementKind: Hashable, Sendable {
    /// `require condition [else "reason"]`: refuses the move or action unless the condition holds.
    case require(ExpressionSyntax, reason: String?)
    /// `if condition { … } [else { … }]`
    case conditional(ExpressionSyntax, [Statement], [Statement])
    /// `for p in zone { … }`
    case forEach(Identifier, ExpressionSyntax, [Statement])
    /// `deal N from pile to pile [face up|face down]`: moves cards one at a time, which reverses their order.
    case deal(count: ExpressionSyntax, from: ExpressionSyntax, to: ExpressionSyntax, facing: Facing?)
    /// `move N from pile to pile [face up|face down]`: moves the top N cards as one block, keeping their order.
    case move(count: ExpressionSyntax, from: ExpressionSyntax, to: ExpressionSyntax, facing: Facing?)
    /// `try move N from pile to target`: makes the move only if the game's own rules allow it; the
    /// target may be a zone, in which case its first pile that accepts the cards is used.
    case tryMove(count: ExpressionSyntax, from: ExpressionSyntax, to: ExpressionSyntax)
    /// `flip pile`: turns the pile's top card face up if it is face down.
    case flip(ExpressionSyntax)
    /// `shuffle pile` or `shuffle zone`: puts the cards of the pile (or of all the zone's piles) in a
    /// seeded random order; every position keeps its face and every pile its size.
    case shuffle(ExpressionSyntax)
    /// `set name = value`: stores a number or condition in a declared `memory`.
    case set(Identifier, ExpressionSyntax)
}

/// A parameter of a parameterised definition: `p: pile`, `c: card`, `n: number`.
package struct Parameter: Hashable, Sendable {
    /// The parameter's name, a variable in the definition's body.
    package var name: Identifier
    /// What an argument for it must be.
    package var type: ParameterType

    /// A parameter of this name and type.
    package init(name: Identifier, type: ParameterType) {
        self.name = name
        self.type = type
    }
}

/// What a definition's parameter stands for.
package enum ParameterType: String, Hashable, Sendable, CaseIterable {
    case pile, card, number
}

/// How a `decks` declaration changes the standard deck: some cards left out, jokers added, aces high.
package struct DeckShape: Hashable, Sendable {
    /// `where CONDITION`: only the cards that meet it (a condition on `card`) are in the decks.
    package var filter: ExpressionSyntax?
    /// `jokers N`: jokers per deck.
    package var jokers: ExpressionSyntax?
    /// `aces high`: an ace ranks above the king (rank 14), and `A` means 14.
    package var acesHigh: Bool

    /// A shape; the defaults leave the standard deck as it is.
    package init(filter: ExpressionSyntax? = nil, jokers: ExpressionSyntax? = nil, acesHigh: Bool = false) {
        self.filter = filter
        self.jokers = jokers
        self.acesHigh = acesHigh
    }
}

/// One value or range of values an option may take.
package enum DomainItem: Hashable, Sendable {
    case integer(Int)
    case range(Int, Int)
    case boolean(Bool)
    case unlimited
}

/// How many cards a `deal` line gives each pile.
package enum DealCount: Hashable, Sendable {
    /// All cards not dealt by any other line.
    case rest
    /// An integer expression that may use `index`, the pile's 1-based position in its zone.
    case count(ExpressionSyntax)
}

/// Where a deal line puts particular cards, beyond its count, facing and order.
package struct DealArrangement: Hashable, Sendable {
    /// `split before CONDITION`, written after `by pile`: the line's cards go to one pile until a
    /// card meeting the condition comes, which starts the next pile unless the current one is
    /// still empty. Cards left over when the piles run out stay on the last pile. The line's
    /// count must be `rest`.
    package var splitBefore: ExpressionSyntax?
    /// `moving CONDITION to bottom` (or `to top`): once the line has dealt, the cards of each of
    /// its piles that meet the condition go beneath (or above) the others, each group keeping
    /// the order it was dealt in.
    package var moving: ExpressionSyntax?
    package var movingTo: PileEnd
    /// `after each card { … }`: runs after every card the line deals, with `pile` bound to the pile
    /// that just received it, and may change the table as an effect can.
    package var afterEachCard: [Statement]?
    /// `where FILTER in dealt order`: the line takes the first cards of the shuffled deal that meet
    /// its filter, when its turn comes, and the filter may read the table as dealt so far.
    package var inDealtOrder: Bool

    package init(splitBefore: ExpressionSyntax? = nil, moving: ExpressionSyntax? = nil, movingTo: PileEnd = .bottom,
                afterEachCard: [Statement]? = nil, inDealtOrder: Bool = false) {
        self.afterEachCard = afterEachCard
        self.inDealtOrder = inDealtOrder
        self.splitBefore = splitBefore
        self.moving = moving
        self.movingTo = movingTo
    }
}

/// Which dealt cards face up.
package enum DealFacing: Hashable, Sendable {
    case allUp
    case allDown
    /// The top N cards of each pile face up, the rest face down.
    case topUp(ExpressionSyntax)
}

/// A top-level declaration.
package struct Declaration: Hashable, Sendable {
    package var kind: DeclarationKind
    package var range: SourceRange
    /// True when the declaration starts with `override`, replacing the base file's part of the same key.
    package var isOverride: Bool
    /// The path of the file the declaration came from, which differs from the checked file in a variant.
    package var file: String

    package init(_ kind: DeclarationKind, range: SourceRange, isOverride: Bool = false, file: String = "") {
        self.kind = kind
        self.range = range
        self.isOverride = isOverride
        self.file = file
    }
}

package enum DeclarationKind: Hashable, Sendable {
    case game(name: String)
    case extends(path: String)
    case decks(count: ExpressionSyntax, suits: ExpressionSyntax?, shape: DeckShape)
    case option(name: Identifier, domain: [DomainItem], defaultValue: ExpressionSyntax)
    case zone(name: Identifier, count: ExpressionSyntax, role: Identifier?)
    case deal(zone: Identifier, count: DealCount, filter: ExpressionSyntax?, facing: DealFacing, order: DealOrder, arrangement: DealArrangement)
    case relation(name: Identifier, suit: SuitRelation, step: RankStep, wraps: Bool)
    /// `let name = value`, or `let name(p: pile, …) = value` with parameters.
    case definition(name: Identifier, parameters: [Parameter], value: ExpressionSyntax)
    /// `memory name = value`: a number or condition the table keeps, which `set` changes.
    case memory(name: Identifier, initial: ExpressionSyntax)
    /// `remove name(a, b in zone, zone) to pile [when condition]`: the top cards of the piles
    /// bound to the variables leave together for `destination` when the condition holds.
    case removal(name: Identifier, variables: [Identifier], zones: [Identifier], destination: ExpressionSyntax, condition: ExpressionSyntax?)
    /// `score = value`: the game's score, readable as `score`.
    case score(ExpressionSyntax)
    case lift(zone: Identifier, body: [Statement])
    case accept(zone: Identifier, body: [Statement])
    case capacity(zone: Identifier, value: ExpressionSyntax)
    case action(name: Identifier, pile: Identifier, guardCondition: ExpressionSyntax?, limit: ExpressionSyntax?, body: [Statement])
    case effect(name: Identifier, body: [Statement])
    case win(ExpressionSyntax)
    /// `layout zone [row N] [left | right] [fan down | fan right [N] | stacked] [in rows (of N | N, …) [overlapping] | at (C, R), …]`:
    /// where a picture of the table puts the zone and how its piles show their cards.
    case layout(zone: Identifier, LayoutSyntax)
    /// `reference PROGRAM "NAME"`: the outside program's game the rule file is compared with.
    case reference(program: Identifier, name: String)
    /// `differs PROGRAM KIND "REASON"`: a deliberate difference from that program's rules.
    case difference(program: Identifier, kind: DifferenceKindSyntax, reason: String)
}

/// What a `differs` declaration is about, with the zones it names as written.
package enum DifferenceKindSyntax: Hashable, Sendable {
    /// `move A to B`
    case move(from: Identifier, to: Identifier)
    /// `tap Z`
    case tap(Identifier)
    /// `removal`
    case removal
    /// `position Z`
    case position(Identifier)

    /// The kind as a rule file writes it.
    package var text: String {
        switch self {
        case .move(let from, let to): return "move \(from.name) to \(to.name)"
        case .tap(let zone): return "tap \(zone.name)"
        case .removal: return "removal"
        case .position(let zone): return "position \(zone.name)"
        }
    }

    /// The zone names it writes, for checking that they exist.
    package var zones: [Identifier] {
        switch self {
        case .move(let from, let to): return [from, to]
        case .tap(let zone), .position(let zone): return [zone]
        case .removal: return []
        }
    }
}

/// The clauses of a `layout` declaration, each nil when not written.
package struct LayoutSyntax: Hashable, Sendable {
    /// How a `layout` declaration fans the zone's piles.
    package enum Fan: Hashable, Sendable {
        case down
        /// `fan right`, with the number of cards that show when given.
        case right(ExpressionSyntax?)
        case stacked
    }

    /// `row N`: the band, 1 at the top.
    package var row: ExpressionSyntax?
    /// `left` or `right`: the side of the band.
    package var side: LayoutSide?
    package var fan: Fan?
    /// `in rows of N`: the most piles side by side.
    package var pilesPerRow: ExpressionSyntax?
    /// `in rows A, B, …`: how many piles each row holds, top row first.
    package var rowLengths: [ExpressionSyntax]?
    /// `overlapping`, after `in rows …`: each row lies half a place over the row above.
    package var overlapping: Bool
    /// `at (C, R), …`: each pile's place in half places, in pile order.
    package var places: [PlaceSyntax]?

    /// One `(column, row)` of an `at` clause.
    package struct PlaceSyntax: Hashable, Sendable {
        package var column: ExpressionSyntax
        package var row: ExpressionSyntax
        /// From the opening parenthesis to the closing one.
        package var range: SourceRange

        package init(column: ExpressionSyntax, row: ExpressionSyntax, range: SourceRange) {
            self.column = column
            self.row = row
            self.range = range
        }
    }

    package init(row: ExpressionSyntax? = nil, side: LayoutSide? = nil, fan: Fan? = nil, pilesPerRow: ExpressionSyntax? = nil,
                 rowLengths: [ExpressionSyntax]? = nil, overlapping: Bool = false, places: [PlaceSyntax]? = nil) {
        self.row = row
        self.side = side
        self.fan = fan
        self.pilesPerRow = pilesPerRow
        self.rowLengths = rowLengths
        self.overlapping = overlapping
        self.places = places
    }

    /// Whether no clause is written.
    package var isEmpty: Bool { row == nil && side == nil && fan == nil && pilesPerRow == nil && rowLengths == nil && places == nil }
}

/// What a declaration replaces in a variant: its kind and, where it has one, its name or zone.
package struct PartKey: Hashable, Sendable, CustomStringConvertible {
    package var kind: String
    package var name: String?

    package var description: String { name.map { "\(kind) \($0)" } ?? kind }
}

extension Declaration {
    /// The part this declaration defines; an `override` in a variant replaces the base's part with the same key.
    package var key: PartKey {
        switch kind {
        case .game: return PartKey(kind: "game")
        case .extends: return PartKey(kind: "extends")
        case .decks: return PartKey(kind: "decks")
        case .option(let name, _, _): return PartKey(kind: "option", name: name.name)
        case .zone(let name, _, _): return PartKey(kind: "zone", name: name.name)
        case .deal(let zone, _, _, _, _, _): return PartKey(kind: "deal", name: zone.name)
        case .relation(let name, _, _, _): return PartKey(kind: "relation", name: name.name)
        case .definition(let name, _, _): return PartKey(kind: "let", name: name.name)
        case .memory(let name, _): return PartKey(kind: "memory", name: name.name)
        case .removal(let name, _, _, _, _): return PartKey(kind: "remove", name: name.name)
        case .score: return PartKey(kind: "score")
        case .lift(let zone, _): return PartKey(kind: "lift", name: zone.name)
        case .accept(let zone, _): return PartKey(kind: "accept", name: zone.name)
        case .capacity(let zone, _): return PartKey(kind: "capacity", name: zone.name)
        case .action(let name, _, _, _, _): return PartKey(kind: "action", name: name.name)
        case .effect(let name, _): return PartKey(kind: "effect", name: name.name)
        case .win: return PartKey(kind: "won")
        case .layout(let zone, _): return PartKey(kind: "layout", name: zone.name)
        case .reference(let program, _): return PartKey(kind: "reference", name: program.name)
        case .difference(let program, let kind, _): return PartKey(kind: "differs", name: "\(program.name) \(kind.text)")
        }
    }

    /// The range of the part's name (or of the whole declaration), for pointing at it in a finding.
    package var nameRange: SourceRange {
        switch kind {
        case .option(let name, _, _), .zone(let name, _, _), .relation(let name, _, _, _),
             .definition(let name, _, _), .action(let name, _, _, _, _), .effect(let name, _),
             .memory(let name, _), .removal(let name, _, _, _, _):
            return name.range
        case .deal(let zone, _, _, _, _, _), .lift(let zone, _), .accept(let zone, _), .capacity(let zone, _),
             .layout(let zone, _):
            return zone.range
        case .reference(let program, _), .difference(let program, _, _):
            return program.range
        default:
            return range
        }
    }
}

/// A parsed rule file.
package struct RuleFile: Hashable, Sendable {
    package var path: String
    package var declarations: [Declaration]
    /// The names of options, zones, relations and definitions whose declarations had a syntax
    /// error: a use of one of them that is then reported unknown follows from that error.
    package var damagedNames: Set<String>
    /// The file's comments, in order, as the lexer found them. The declarations do not hold them;
    /// only the formatter and the language server read them.
    package var comments: [Comment] = []
    /// The lexical and syntax errors past ``DiagnosticLimit/retained``, counted and not kept.
    package var omittedErrors = 0

    package init(path: String, declarations: [Declaration], damagedNames: Set<String> = []) {
        self.path = path
        self.declarations = declarations
        self.damagedNames = damagedNames
    }
}
