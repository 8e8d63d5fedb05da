import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceEngine

/// Random syntax trees that the grammar accepts (not games that check: names, types and counts
/// are anything), drawn from a seed so that a failure can be replayed. Every declaration,
/// statement and expression form is drawn, with every optional part, and nesting stays well
/// inside the parser's limit. Ranges are left empty; trees are compared through `SyntaxTreeDump`.
struct SyntaxTreeGenerator {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    private static let none = SourceRange.fileStart
    /// Names that are never keywords, contextual ones included, so they can stand anywhere.
    private static let names = ["a", "b", "tableau", "foundation", "stock", "x_1", "pile", "run", "source", "home", "draw"]
    private static let properties = ["size", "top", "empty", "rank", "first", "cards", "if", "count", "color"]
    private static let strings = ["only one card", "say \"why\"", "a\\b", "#not a comment", "ünïcödé ♠", "tab\there", "two\nlines"]

    mutating func below(_ n: Int) -> Int { generator.nextIndex(below: n) }
    mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func identifier() -> Identifier { Identifier(pick(Self.names), range: Self.none) }

    /// One to three zones, as a `lift`, `accept` or `capacity` declaration serves.
    mutating func zones() -> [Identifier] { (0...below(3)).map { _ in identifier() } }

    mutating func file() -> RuleFile {
        RuleFile(path: "", declarations: (0..<(1 + below(12))).map { _ in declaration() })
    }

    mutating func declaration() -> Declaration {
        let kind: DeclarationKind
        switch below(18) {
        case 0: kind = .game(name: pick(Self.strings))
        case 1: kind = .extends(path: pick(["Klondike.patience", "../base file.patience"]))
        case 2:
            let shape = DeckShape(filter: chance(3) ? expression(2) : nil, jokers: chance(3) ? expression(1) : nil, acesHigh: chance(3))
            kind = .decks(count: expression(2), suits: chance(2) ? expression(2) : nil, shape: shape)
        case 3:
            let domain = (0..<(1 + below(3))).map { _ -> DomainItem in
                switch below(4) {
                case 0: return .integer(below(20))
                case 1: return .range(below(5), 5 + below(5))
                case 2: return .boolean(chance(2))
                default: return .unlimited
                }
            }
            kind = .option(name: identifier(), domain: domain, defaultValue: expression(1))
        case 4: kind = .zone(name: identifier(), count: expression(2), role: chance(2) ? Identifier(pick(["tableau", "cell", "waste", "as", "if"]), range: Self.none) : nil)
        case 5:
            let order: DealOrder = chance(2) ? .byRow : .byPile
            let facing: DealFacing = [.allUp, .allDown, .topUp(expression(1))][below(3)]
            var arrangement = DealArrangement(
                splitBefore: order == .byPile && chance(3) ? expression(2) : nil,
                moving: chance(3) ? expression(2) : nil, movingTo: chance(2) ? .bottom : .top,
                afterEachCard: chance(3) ? block(1) : nil)
            let filter = chance(3) ? expression(2) : nil
            // `in dealt order` follows a filter only.
            arrangement.inDealtOrder = filter != nil && chance(2)
            kind = .deal(zone: identifier(), count: chance(3) ? .rest : .count(expression(2)), filter: filter,
                         facing: facing, order: order, arrangement: arrangement)
        case 6: kind = .relation(name: identifier(), suit: pick(SuitRelation.allCases), step: pick(RankStep.allCases), wraps: chance(2))
        case 7:
            let parameters = chance(2) ? [] : (0..<(1 + below(4))).map { _ in Parameter(name: identifier(), type: pick(ParameterType.allCases)) }
            kind = .definition(name: identifier(), parameters: parameters, value: expression(3))
        case 8: kind = .lift(zones: zones(), body: block(2))
        case 9: kind = .accept(zones: zones(), body: block(2))
        case 10: kind = .capacity(zones: zones(), value: expression(2))
        case 11: kind = .action(name: identifier(), pile: identifier(), guardCondition: chance(2) ? expression(2) : nil,
                                limit: chance(2) ? expression(1) : nil, body: block(2))
        case 12: kind = .effect(name: identifier(), body: block(2))
        case 13: kind = .memory(name: identifier(), initial: expression(1))
        case 14:
            let variables = (0..<(1 + below(4))).map { _ in identifier() }
            let zones = (0..<(1 + below(2))).map { _ in identifier() }
            kind = .removal(name: identifier(), variables: variables, zones: zones, destination: expression(1), condition: chance(2) ? expression(3) : nil)
        case 15: kind = .score(expression(2))
        case 16:
            var layout = LayoutSyntax(row: chance(2) ? expression(1) : nil, side: chance(2) ? pick(LayoutSide.allCases) : nil,
                                      pilesPerRow: chance(2) ? expression(1) : nil)
            switch below(4) {
            case 0: layout.fan = .down
            case 1: layout.fan = .right(chance(2) ? expression(1) : nil)
            case 2: layout.fan = .stacked
            default: break
            }
            switch below(4) {
            case 0 where layout.pilesPerRow == nil:
                layout.rowLengths = (0..<(1 + below(3))).map { _ in expression(1) }
                layout.overlapping = chance(2)
            case 1 where layout.pilesPerRow == nil:
                layout.places = (0..<(1 + below(3))).map { _ in
                    LayoutSyntax.PlaceSyntax(column: expression(1), row: expression(1), range: Self.none)
                }
            case 2 where layout.pilesPerRow != nil: layout.overlapping = true
            default: break
            }
            if layout.isEmpty { layout.fan = .stacked }
            kind = .layout(zone: identifier(), layout)
        default: kind = .win(expression(3))
        }
        return Declaration(kind, range: Self.none, isOverride: chance(4))
    }

    mutating func block(_ depth: Int) -> [Statement] {
        (0..<below(4)).map { _ in statement(depth) }
    }

    mutating func statement(_ depth: Int) -> Statement {
        let facing: Facing? = [nil, .up, .down][below(3)]
        let kind: StatementKind
        switch below(depth > 0 ? 10 : 8) {
        case 0: kind = .require(expression(3), reason: chance(3) ? nil : pick(Self.strings))
        case 1: kind = .deal(count: expression(1), from: expression(1), to: expression(1), facing: facing)
        case 2: kind = .move(count: expression(1), from: expression(1), to: expression(1), facing: facing)
        case 3: kind = .tryMove(count: expression(1), from: expression(1), to: expression(1))
        case 4, 5: kind = .flip(expression(1))
        case 6: kind = .shuffle(expression(1))
        case 7: kind = .set(identifier(), expression(2))
        case 8:
            // `else if` chains come from an `else` holding a single `if`.
            let otherwise: [Statement] = chance(3) ? [Statement(.conditional(expression(2), block(depth - 1), chance(2) ? block(depth - 1) : []), range: Self.none)]
                : chance(2) ? block(depth - 1) : []
            kind = .conditional(expression(2), block(depth - 1), otherwise)
        default: kind = .forEach(identifier(), expression(1), block(depth - 1))
        }
        return Statement(kind, range: Self.none)
    }

    mutating func expression(_ depth: Int) -> ExpressionSyntax {
        let kind: ExpressionKind
        if depth <= 0 || chance(4) {
            switch below(9) {
            case 0: kind = .integer(pick([0, 1, 7, 13, 1_000_000]))
            case 1: kind = .boolean(chance(2))
            case 2: kind = .unlimited
            case 3: kind = .rank(pick([1, 11, 12, 13]))
            case 4: kind = .card(rank: 1 + below(13), suit: pick(Suit.allCases))
            case 5: kind = .suit(pick(Suit.allCases))
            case 6: kind = .color(chance(2) ? .red : .black)
            default: kind = .name(pick(Self.names))
            }
            return ExpressionSyntax(kind, range: Self.none)
        }
        switch below(11) {
        case 0: kind = .member(expression(depth - 1), Identifier(pick(Self.properties), range: Self.none))
        case 1: kind = .subscripted(expression(depth - 1), expression(depth - 1))
        case 2: kind = .call(identifier(), (0..<below(4)).map { _ in expression(depth - 1) })
        case 3: kind = .unary(chance(2) ? .negate : .not, expression(depth - 1))
        case 4, 5, 6: kind = .binary(pick(BinaryOperator.allCases), expression(depth - 1), expression(depth - 1))
        case 7: kind = .conditional(expression(depth - 1), expression(depth - 1), expression(depth - 1))
        case 8: kind = .quantifier(pick(Quantifier.allCases), identifier(), expression(depth - 1), expression(depth - 1))
        case 9: kind = .list((0..<below(4)).map { _ in expression(depth - 1) })
        default: kind = .name(pick(Self.names))
        }
        return ExpressionSyntax(kind, range: Self.none)
    }
}
