import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine


// Tests for the lexer and the parser, one or more per production of the grammar in Grammar.md.
// Trees are compared through `SyntaxTreeDump`, which brackets every node, so a test pins
// grouping and associativity exactly and ignores source ranges.

// MARK: Helpers

private func tokenKinds(_ source: String) -> (kinds: [TokenKind], diagnostics: [Diagnostic]) {
    var lexer = Lexer(source)
    let tokens = lexer.tokenize()
    return (tokens.map(\.kind), lexer.diagnostics)
}

private func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code.rawValue) }

/// The dump of a file that must parse without findings.
private func dumpOfCleanParse(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let (file, diagnostics) = Parser.parse(source)
    expectTrue(diagnostics.isEmpty, "unexpected findings: \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
    return SyntaxTreeDump.file(file)
}

/// The dump of one expression, parsed as the value of a `let`.
private func expressionDump(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let (file, diagnostics) = Parser.parse("let x = " + text)
    expectTrue(diagnostics.isEmpty, "unexpected findings: \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
    guard file.declarations.count == 1, case .definition(_, _, let value) = file.declarations[0].kind else {
        Issue.record("'\(text)' did not parse as one definition", sourceLocation: sourceLocation)
        return ""
    }
    return SyntaxTreeDump.expression(value)
}

/// The dump of the statements of an effect body.
private func statementsDump(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let (file, diagnostics) = Parser.parse("effect e {\n" + text + "\n}")
    expectTrue(diagnostics.isEmpty, "unexpected findings: \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
    guard file.declarations.count == 1, case .effect(_, let body) = file.declarations[0].kind else {
        Issue.record("the statements did not parse as one effect", sourceLocation: sourceLocation)
        return ""
    }
    return body.map(SyntaxTreeDump.statement).joined(separator: " ")
}

/// The codes reported for a source text, from lexer and parser, in order.
private func parseCodes(_ source: String) -> [String] {
    codes(Parser.parse(source).diagnostics)
}

// MARK: Lexer

@Suite struct LexerTests {
    @Test func rankLettersAreRankLiterals() {
        let (kinds, diagnostics) = tokenKinds("A J Q K")
        expectTrue(diagnostics.isEmpty)
        expectEqual(kinds, [.rank(1), .rank(11), .rank(12), .rank(13), .endOfFile])
    }

    @Test func cardLiterals() {
        let (kinds, diagnostics) = tokenKinds("AS QH 10S 2C JD KC 9H")
        expectTrue(diagnostics.isEmpty)
        expectEqual(kinds, [
            .card(rank: 1, suit: .spades), .card(rank: 12, suit: .hearts), .card(rank: 10, suit: .spades),
            .card(rank: 2, suit: .clubs), .card(rank: 11, suit: .diamonds), .card(rank: 13, suit: .clubs),
            .card(rank: 9, suit: .hearts), .endOfFile,
        ])
    }

    @Test(arguments: ["TS", "Ah", "K2", "Foo", "AHS", "B", "X1", "QX"])
    func capitalWordsOtherThanRanksAndCardsAreRejected(word: String) {
        let (kinds, diagnostics) = tokenKinds(word + " x")
        expectEqual(codes(diagnostics), ["P0104"])
        expectEqual(kinds, [.invalid, .identifier("x"), .endOfFile])
        expectEqual(diagnostics.first?.range.end.column, word.count + 1)
    }

    @Test(arguments: ["1S", "11H", "10s", "3x", "12ab", "0C", "5_"])
    func digitsRunningIntoLettersAreRejected(text: String) {
        let (kinds, diagnostics) = tokenKinds(text)
        expectEqual(codes(diagnostics), ["P0103"])
        expectEqual(kinds, [.invalid, .endOfFile])
    }

    @Test func integersUpToTheLimit() {
        let (kinds, diagnostics) = tokenKinds("0 7 1000000 0000005 000000000012")
        expectTrue(diagnostics.isEmpty)
        expectEqual(kinds, [.integer(0), .integer(7), .integer(1_000_000), .integer(5), .integer(12), .endOfFile])
    }

    @Test(arguments: ["1000001", "99999999", "123456789012345678901234567890"])
    func integersOverTheLimitAreRejected(text: String) {
        let (kinds, diagnostics) = tokenKinds(text)
        expectEqual(codes(diagnostics), ["P0103"])
        expectEqual(diagnostics.first?.message.contains("larger than 1000000"), true)
        expectEqual(kinds, [.invalid, .endOfFile])
    }

    @Test func identifiersStartLowerCaseOrUnderscore() {
        let (kinds, diagnostics) = tokenKinds("_x1 aB_9 deal free_cells")
        expectTrue(diagnostics.isEmpty)
        expectEqual(kinds, [.identifier("_x1"), .identifier("aB_9"), .identifier("deal"), .identifier("free_cells"), .endOfFile])
    }

    @Test func stringEscapes() {
        let (kinds, diagnostics) = tokenKinds(#""a\"b\\c\nd\te\q # not a comment""#)
        expectTrue(diagnostics.isEmpty)
        expectEqual(kinds, [.string("a\"b\\c\nd\te\\q # not a comment"), .endOfFile])
    }

    @Test func unterminatedStringEndsAtTheLineEnd() {
        var lexer = Lexer("\"abc\nzone")
        let tokens = lexer.tokenize()
        expectEqual(codes(lexer.diagnostics), ["P0102"])
        expectEqual(tokens.map(\.kind), [.string("abc"), .identifier("zone"), .endOfFile])
        expectTrue(tokens[1].range.start.line == 2 && tokens[1].range.start.column == 1 && tokens[1].startsLine)
    }

    /// A backslash just before the line end must not carry the string onto the next line.
    @Test func backslashAtLineEndDoesNotContinueTheString() {
        var lexer = Lexer("game \"abc\\\nzone x @")
        let tokens = lexer.tokenize()
        expectEqual(codes(lexer.diagnostics), ["P0102", "P0101"])
        expectEqual(tokens.map(\.kind), [.identifier("game"), .string("abc\\"), .identifier("zone"), .identifier("x"), .invalid, .endOfFile])
        expectTrue(tokens[2].range.start.line == 2 && tokens[2].range.start.column == 1)
        expectTrue(lexer.diagnostics[1].range.start.line == 2 && lexer.diagnostics[1].range.start.column == 8)
    }

    @Test func commentsRunToTheEndOfTheLine() {
        var lexer = Lexer("zone # a comment with \"quotes\" and @\n  tableau# again\n#only\n7")
        let tokens = lexer.tokenize()
        expectTrue(lexer.diagnostics.isEmpty)
        expectEqual(tokens.map(\.kind), [.identifier("zone"), .identifier("tableau"), .integer(7), .endOfFile])
        expectEqual(tokens.map(\.startsLine), [true, true, true, true])
        expectEqual(tokens[2].range.start.line, 4)
    }

    @Test func onlyTheFirstTokenOfALineStartsIt() {
        var lexer = Lexer("a b\r\n\tc\n")
        let tokens = lexer.tokenize()
        expectEqual(tokens.map(\.startsLine), [true, false, true, true])
        expectTrue(tokens[2].range.start.line == 2 && tokens[2].range.start.column == 2)
    }

    @Test func symbolsTakeTheLongestMatch() {
        let (kinds, diagnostics) = tokenKinds("... .... . == = != <= < >= > + - * / % ^ | ( ) [ ] { } , :")
        expectTrue(diagnostics.isEmpty)
        let symbols: [Symbol] = [
            .ellipsis, .ellipsis, .dot, .dot, .equal, .assign, .notEqual, .lessEqual, .less, .greaterEqual, .greater,
            .plus, .minus, .star, .slash, .percent, .caret, .bar, .leftParen, .rightParen, .leftBracket, .rightBracket,
            .leftBrace, .rightBrace, .comma, .colon,
        ]
        expectEqual(kinds, symbols.map { .symbol($0) } + [.endOfFile])
    }

    @Test(arguments: ["!", "&", "'", "@", "$", ";", "é", "\u{00A0}"])
    func charactersThatStartNoToken(text: String) {
        let (kinds, diagnostics) = tokenKinds(text + "x")
        expectEqual(codes(diagnostics), ["P0101"])
        expectEqual(kinds, [.invalid, .identifier("x"), .endOfFile])
        // One whole character is consumed, however many bytes it takes.
        expectEqual(diagnostics.first?.range.end.column, 2)
    }

    @Test func columnsCountUnicodeScalarsAndOffsetsCountBytes() {
        var lexer = Lexer("\"é€😀\" @ x\n  é")
        let tokens = lexer.tokenize()
        expectEqual(codes(lexer.diagnostics), ["P0101", "P0101"])
        expectEqual(tokens[0].range.end.column, 6)
        let at = tokens[1].range.start
        expectTrue(at.line == 1 && at.column == 7 && at.offset == 12)
        let x = tokens[2].range.start
        expectTrue(x.column == 9 && x.offset == 14)
        let accent = lexer.diagnostics[1].range
        expectTrue(accent.start.line == 2 && accent.start.column == 3 && accent.end.column == 4)
    }

    @Test func tokenCountIsLimited() {
        var lexer = Lexer(String(repeating: "a ", count: Lexer.maximumTokens + 1))
        let tokens = lexer.tokenize()
        expectEqual(codes(lexer.diagnostics), ["P0007"])
        expectEqual(tokens.count, Lexer.maximumTokens + 1)
        expectEqual(tokens.last?.kind, .endOfFile)

        var atLimit = Lexer(String(repeating: "a ", count: Lexer.maximumTokens))
        _ = atLimit.tokenize()
        expectTrue(atLimit.diagnostics.isEmpty)
    }
}

// MARK: Declarations

@Suite struct DeclarationParsingTests {
    @Test func game() {
        expectEqual(dumpOfCleanParse(#"game "Klondike \"classic\"""#), #"(game "Klondike \"classic\"")"#)
    }

    @Test func extends() {
        expectEqual(dumpOfCleanParse(#"extends "Klondike.patience""#), #"(extends "Klondike.patience")"#)
    }

    @Test func decks() {
        expectEqual(dumpOfCleanParse("decks 2"), "(decks 2)")
        expectEqual(dumpOfCleanParse("decks n + 1 suits [spades, hearts]"), "(decks (+ n 1) suits (list suit(spades) suit(hearts)))")
        expectEqual(dumpOfCleanParse("decks 2 suits if suits == 1 then [spades] else []"), "(decks 2 suits (if (== suits 1) (list suit(spades)) (list)))")
    }

    @Test func options() {
        expectEqual(dumpOfCleanParse("option draw: 1 | 3 = 1"), "(option draw [1 3] 1)")
        expectEqual(dumpOfCleanParse("option redeals: 0 ... 10 | unlimited = unlimited"), "(option redeals [0...10 unlimited] unlimited)")
        expectEqual(dumpOfCleanParse("option relaxed: true | false = false"), "(option relaxed [bool(true) bool(false)] bool(false))")
        expectEqual(dumpOfCleanParse("option n: 2...4 = -1"), "(option n [2...4] (neg 1))")
    }

    @Test func zones() {
        expectEqual(dumpOfCleanParse("zone tableau 7"), "(zone tableau 7)")
        expectEqual(dumpOfCleanParse("zone free 4 as cell"), "(zone free 4 as cell)")
        expectEqual(dumpOfCleanParse("zone t n * 2 as tableau"), "(zone t (* n 2) as tableau)")
        // Any word may follow 'as'; whether it is a role is the checker's business.
        expectEqual(dumpOfCleanParse("zone t 1 as tap"), "(zone t 1 as tap)")
    }

    @Test(arguments: [
        ("deal stock rest", "(deal stock rest up by-row)"),
        ("deal stock rest face down", "(deal stock rest down by-row)"),
        ("deal tableau index cards with top 1 face up by row", "(deal tableau index top 1 by-row)"),
        ("deal tableau 1 card face up by pile", "(deal tableau 1 up by-pile)"),
        ("deal tableau if index <= 4 then 7 else 6 cards face up", "(deal tableau (if (<= index 4) 7 6) up by-row)"),
        ("deal foundation 1 card where card.rank == A", "(deal foundation 1 where (== (. card rank) rank(1)) up by-row)"),
        ("deal reserve 13 cards where card.suit != spades with top index face up by pile",
         "(deal reserve 13 where (!= (. card suit) suit(spades)) top index by-pile)"),
    ])
    func deals(source: String, dump: String) {
        expectEqual(dumpOfCleanParse(source), dump)
    }

    @Test(arguments: [
        ("same suit down", "sameSuit down"),
        ("alternate colour down", "alternateColour down"),
        ("alternate color up", "alternateColour up"),
        ("same colour up or down", "sameColour upOrDown"),
        ("same color same rank", "sameColour sameRank"),
        ("any suit any rank", "anySuit anyRank"),
        ("other suit down wrapping", "otherSuit down wrapping"),
        ("any suit up or down wrapping", "anySuit upOrDown wrapping"),
    ])
    func relations(words: String, dump: String) {
        expectEqual(dumpOfCleanParse("relation r = " + words), "(relation r \(dump))")
    }

    @Test func definition() {
        expectEqual(dumpOfCleanParse("let free = count(c in cell: c.empty)"), "(let free (count c cell (. c empty)))")
    }

    @Test func zoneRules() {
        expectEqual(dumpOfCleanParse("lift tableau {}"), "(lift tableau {})")
        expectEqual(dumpOfCleanParse("accept cell {\n  require pile.empty\n}"), "(accept cell {(require (. pile empty))})")
        expectEqual(dumpOfCleanParse("capacity tableau = (f + 1) * 2 ^ e"), "(capacity tableau (* (+ f 1) (^ 2 e)))")
    }

    @Test func actions() {
        expectEqual(dumpOfCleanParse("action draw: tap stock {}"), "(action draw tap stock {})")
        expectEqual(dumpOfCleanParse("action draw: tap stock when not stock.empty { deal draw from stock to waste face up }"), "(action draw tap stock when (not (. stock empty)) {(deal draw stock waste up)})")
        expectEqual(dumpOfCleanParse("action redeal: tap stock when stock.empty limit redeals {}"), "(action redeal tap stock when (. stock empty) limit redeals {})")
        expectEqual(dumpOfCleanParse("action r: tap stock limit 3 {}"), "(action r tap stock limit 3 {})")
    }

    @Test func effect() {
        expectEqual(dumpOfCleanParse("effect reveal { for t in tableau { flip t } }"), "(effect reveal {(for t tableau {(flip t)})})")
    }

    @Test func win() {
        expectEqual(dumpOfCleanParse("won when all(f in foundation: f.size == 13)"), "(won (all f foundation (== (. f size) 13)))")
    }

    @Test func overrideMarksAnyDeclaration() {
        let source = """
            override game "Easy"
            override decks 2
            override option draw: 3 = 3
            override zone tableau 9
            override deal tableau 1 card
            override relation build = any suit down
            override let x = 1
            override lift tableau {}
            override accept tableau {}
            override capacity tableau = 1
            override action draw: tap stock {}
            override effect reveal {}
            override won when true
            """
        let (file, diagnostics) = Parser.parse(source)
        expectTrue(diagnostics.isEmpty)
        expectEqual(file.declarations.count, 13)
        expectTrue(file.declarations.allSatisfy { $0.isOverride })
        expectEqual(SyntaxTreeDump.declaration(file.declarations[3]), "(override (zone tableau 9))")
        expectEqual(file.declarations.map(\.key.description), [
            "game", "decks", "option draw", "zone tableau", "deal tableau", "relation build", "let x",
            "lift tableau", "accept tableau", "capacity tableau", "action draw", "effect reveal", "won",
        ])
    }

    @Test func declarationsNeedNoSeparators() {
        expectEqual(dumpOfCleanParse("game \"G\" decks 1 zone stock 1 won when stock.empty"), "(game \"G\")\n(decks 1)\n(zone stock 1)\n(won (. stock empty))")
    }

    @Test func aFileOfOnlyCommentsIsEmpty() {
        expectEqual(dumpOfCleanParse("# nothing\n\n   # here\n"), "")
    }
}

// MARK: Statements

@Suite struct StatementParsingTests {
    @Test func require() {
        expectEqual(statementsDump("require run.size == 1"), "(require (== (. run size) 1))")
        expectEqual(statementsDump(#"require pile.empty else "full""#), #"(require (. pile empty) "full")"#)
    }

    @Test func ifStatements() {
        expectEqual(statementsDump("if a { flip p }"), "(if a {(flip p)} {})")
        expectEqual(statementsDump("if a { flip p } else { flip q }"), "(if a {(flip p)} {(flip q)})")
        expectEqual(statementsDump("if a { flip p } else if b { flip q } else { flip r }"), "(if a {(flip p)} {(if b {(flip q)} {(flip r)})})")
        expectEqual(statementsDump("if a {} else if b {}"), "(if a {} {(if b {} {})})")
    }

    @Test func forEach() {
        expectEqual(statementsDump("for t in tableau { if t.size > 0 { flip t } }"), "(for t tableau {(if (> (. t size) 0) {(flip t)} {})})")
    }

    @Test func dealAndMove() {
        expectEqual(statementsDump("deal 3 from stock to waste"), "(deal 3 stock waste)")
        expectEqual(statementsDump("deal waste.size from waste to stock face down"), "(deal (. waste size) waste stock down)")
        expectEqual(statementsDump("move 13 from t to first(f in foundation: f.empty) face up"), "(move 13 t (first f foundation (. f empty)) up)")
    }

    @Test func tryMove() {
        #expect(statementsDump("try move 1 from waste to foundation") == "(try-move 1 waste foundation)")
        #expect(statementsDump("try move t.size from tableau[2] to tableau[1]")
            == "(try-move (. t size) ([] tableau 2) ([] tableau 1))")
    }

    @Test func flip() {
        expectEqual(statementsDump("flip tableau[index]"), "(flip ([] tableau index))")
    }

    @Test func severalStatementsAndNestedBlocks() {
        expectEqual(statementsDump("flip a\nflip b flip c\nif x { if y { flip d } }"), "(flip a) (flip b) (flip c) (if x {(if y {(flip d)} {})} {})")
    }
}

// MARK: Expressions

@Suite struct ExpressionParsingTests {
    @Test(arguments: [
        ("42", "42"), ("true", "bool(true)"), ("false", "bool(false)"), ("unlimited", "unlimited"),
        ("A", "rank(1)"), ("K", "rank(13)"), ("QH", "card(12H)"), ("10S", "card(10S)"),
        ("clubs", "suit(clubs)"), ("diamonds", "suit(diamonds)"), ("hearts", "suit(hearts)"), ("spades", "suit(spades)"),
        ("red", "colour(red)"), ("black", "colour(black)"), ("free_cells", "free_cells"), ("(7)", "7"),
    ])
    func primaries(source: String, dump: String) {
        expectEqual(expressionDump(source), dump)
    }

    @Test func postfixChains() {
        expectEqual(expressionDump("run.first.rank"), "(. (. run first) rank)")
        expectEqual(expressionDump("tableau[2].top.suit"), "(. (. ([] tableau 2) top) suit)")
        expectEqual(expressionDump("tableau[i][1]"), "([] ([] tableau i) 1)")
        // After '.', any word is a property name, keywords included.
        expectEqual(expressionDump("stock.count + t.first.rank"), "(+ (. stock count) (. (. t first) rank))")
        expectEqual(expressionDump("top(t, 13).first.rank"), "(. (. (call top t 13) first) rank)")
    }

    @Test func calls() {
        expectEqual(expressionDump("f()"), "(call f)")
        expectEqual(expressionDump("min(draw, stock.size)"), "(call min draw (. stock size))")
        expectEqual(expressionDump("builds(top, run.first, home)"), "(call builds top (. run first) home)")
    }

    @Test(arguments: Quantifier.allCases)
    func quantifiers(quantifier: Quantifier) {
        let q = quantifier.rawValue
        expectEqual(expressionDump("\(q)(t in tableau: t.size > 1 and t.empty)"), "(\(q) t tableau (and (> (. t size) 1) (. t empty)))")
    }

    @Test func quantifierBodiesAndCollectionsAreFullExpressions() {
        expectEqual(expressionDump("sum(c in top(t, 3): if c.faceup then c.rank else 0)"), "(sum c (call top t 3) (if (. c faceup) (. c rank) 0))")
    }

    @Test func lists() {
        expectEqual(expressionDump("[]"), "(list)")
        expectEqual(expressionDump("[spades]"), "(list suit(spades))")
        expectEqual(expressionDump("[clubs, diamonds, hearts, spades]"), "(list suit(clubs) suit(diamonds) suit(hearts) suit(spades))")
    }

    @Test func conditionals() {
        expectEqual(expressionDump("if a then 1 else 2"), "(if a 1 2)")
        expectEqual(expressionDump("if a then 1 else if b then 2 else 3"), "(if a 1 (if b 2 3))")
        expectEqual(expressionDump("if a then if b then 1 else 2 else 3"), "(if a (if b 1 2) 3)")
        expectEqual(expressionDump("if a or b then x + 1 else y or z"), "(if (or a b) (+ x 1) (or y z))")
        expectEqual(expressionDump("(if a then 1 else 2) + 3"), "(+ (if a 1 2) 3)")
    }

    @Test(arguments: [
        ("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ("1 * 2 + 3", "(+ (* 1 2) 3)"),
        ("1 - 2 - 3", "(- (- 1 2) 3)"),
        ("8 / 4 / 2", "(/ (/ 8 4) 2)"),
        ("a % b * c", "(* (% a b) c)"),
        ("2 ^ 3 ^ 2", "(^ 2 (^ 3 2))"),
        ("2 * 3 ^ 2", "(* 2 (^ 3 2))"),
        ("-2 ^ 2", "(neg (^ 2 2))"),
        ("(-2) ^ 2", "(^ (neg 2) 2)"),
        ("2 ^ -1", "(^ 2 (neg 1))"),
        ("2 ^ -1", "(^ 2 (neg 1))"),
        ("- - a", "(neg (neg a))"),
        ("-a.size", "(neg (. a size))"),
        ("1 + -2", "(+ 1 (neg 2))"),
        ("a + b < c * d", "(< (+ a b) (* c d))"),
        ("a == b and c != d", "(and (== a b) (!= c d))"),
        ("a or b and c", "(or a (and b c))"),
        ("a and b or c", "(or (and a b) c)"),
        ("a or b or c", "(or (or a b) c)"),
        ("a and b and c", "(and (and a b) c)"),
        ("not a == b", "(not (== a b))"),
        ("not a and b", "(and (not a) b)"),
        ("a and not b", "(and a (not b))"),
        ("not not a", "(not (not a))"),
        ("not (a and b)", "(not (and a b))"),
        ("(not a) == b", "(== (not a) b)"),
        ("(a or b) and c", "(and (or a b) c)"),
        ("(1 + 2) * 3", "(* (+ 1 2) 3)"),
        ("x.rank == A", "(== (. x rank) rank(1))"),
        ("top != 10S", "(!= top card(10S))"),
        ("a <= b", "(<= a b)"), ("a >= b", "(>= a b)"), ("a < b", "(< a b)"), ("a > b", "(> a b)"),
    ])
    func precedenceAndAssociativity(source: String, dump: String) {
        expectEqual(expressionDump(source), dump)
    }
}

// MARK: Syntax errors

@Suite struct SyntaxErrorTests {
    @Test func comparisonsDoNotChain() {
        let diagnostics = Parser.parse("let x = a < b < c").diagnostics
        expectEqual(codes(diagnostics), ["P0201"])
        expectEqual(diagnostics.first?.message, "comparisons do not chain; join them with 'and'")
    }

    @Test func singleEqualsIsNotAComparison() {
        let diagnostics = Parser.parse("won when a = b").diagnostics
        expectEqual(codes(diagnostics), ["P0201"])
        expectEqual(diagnostics.first?.message, "'=' defines; to compare, write '=='")
    }

    @Test(arguments: ["1 + if a then 1 else 2", "a == not b", "(then)", "[a, ]", "first", "count + 1"])
    func keywordsThatCannotStartAnOperand(source: String) {
        expectEqual(parseCodes("let x = " + source), ["P0203"])
    }

    @Test func reservedWordsAreNotNames() {
        let diagnostics = Parser.parse("zone deal 1").diagnostics
        expectEqual(codes(diagnostics), ["P0201"])
        expectEqual(diagnostics.first?.message, "'deal' is a keyword and cannot be used as a zone name")
        expectEqual(parseCodes("let red = 1"), ["P0201"])
        expectEqual(parseCodes("effect e { for in in tableau {} }"), ["P0201"])
    }

    @Test func contextualWordsAreNames() {
        expectEqual(dumpOfCleanParse("let rest = suits + cards + with + face + up + down + by + row + wrapping + as"), "(let rest (+ (+ (+ (+ (+ (+ (+ (+ (+ suits cards) with) face) up) down) by) row) wrapping) as))")
    }

    @Test func unknownDeclarationSuggestsTheNearestKeyword() {
        let diagnostics = Parser.parse("zonee tableau 7").diagnostics
        expectEqual(codes(diagnostics), ["P0202"])
        expectEqual(diagnostics.first?.help, "did you mean 'zone'?")
        expectEqual(parseCodes("override override zone t 1"), ["P0202"])
        expectEqual(parseCodes("require x"), ["P0202"])
    }

    @Test func unknownStatement() {
        let diagnostics = Parser.parse("effect e { flp t }").diagnostics
        expectEqual(codes(diagnostics), ["P0201"])
        expectEqual(diagnostics.first?.help, "did you mean 'flip'?")
    }

    @Test func unclosedBlockEndsAtTheNextDeclarationLine() {
        let (file, diagnostics) = Parser.parse("lift tableau {\n  require run.size == 1\nzone tableau 7\n")
        expectEqual(codes(diagnostics), ["P0204"])
        expectEqual(SyntaxTreeDump.file(file), "(lift tableau {(require (== (. run size) 1))})\n(zone tableau 7)")
    }

    @Test func recoveryReportsEachBrokenLineOnce() {
        let source = """
            zone tableau 7 +
            zone stock 1
            deal tableau 3 pieces
            won when (a
            """
        let (file, diagnostics) = Parser.parse(source)
        expectEqual(codes(diagnostics), ["P0203", "P0201", "P0201"])
        expectEqual(diagnostics.map(\.range.start.line), [2, 3, 4])
        // The deal line missing 'cards' is kept, so its zone is not reported again as undealt.
        expectEqual(file.declarations.count, 4)
    }

    @Test func recoveryInsideBlocksResumesAtTheNextStatementLine() {
        let source = """
            accept foundation {
              require run.size == == 1
              require pile.empty
              flip
            }
            won when true
            """
        let (file, diagnostics) = Parser.parse(source)
        expectEqual(codes(diagnostics), ["P0203", "P0203"])
        expectEqual(SyntaxTreeDump.file(file), "(accept foundation {(require (== (. run size) <invalid>)) (require (. pile empty)) (flip <invalid>)})\n(won bool(true))")
    }

    @Test func nestingIsLimited() {
        func nested(_ depth: Int) -> String {
            "let x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        }
        // The definition's value is one level; each parenthesis adds one.
        expectTrue(parseCodes(nested(Parser.maximumNesting - 1)).isEmpty)
        expectEqual(parseCodes(nested(Parser.maximumNesting)), ["P0004"])
        expectEqual(parseCodes("let x = " + String(repeating: "not ", count: 200) + "a"), ["P0004"])
        expectEqual(parseCodes("let x = 2" + String(repeating: " ^ 2", count: 200)), ["P0004"])

        func blocks(_ depth: Int) -> String {
            "effect e " + String(repeating: "{ if a ", count: depth - 1) + "{}" + String(repeating: " }", count: depth - 1)
        }
        expectTrue(parseCodes(blocks(Parser.maximumNesting)).isEmpty)
        expectEqual(parseCodes(blocks(Parser.maximumNesting + 1)), ["P0004"])
    }
}

// MARK: Printer

@Suite struct PrinterTests {
    /// A file that uses every production of the grammar once or more.
    static let everyProduction = #"""
        game "Every \"production\"\\"
        extends "Base.patience"
        decks 2 suits if suits == 1 then [spades] else [spades, hearts]
        option suits: 1 | 2 = 2
        option redeals: 0 ... 3 | unlimited = unlimited
        option strict: true | false = true
        zone stock 1
        zone free 4 as cell
        zone foundation 8
        zone tableau 10
        deal foundation 1 card where card.rank == A and card.suit == spades face up by pile
        deal tableau if index <= 4 then 6 else 5 cards with top 1 face up by row
        deal stock rest face down
        relation build = alternate colour down
        relation home = same suit up wrapping
        relation pairs = other suit up or down
        relation twins = same colour same rank
        relation loose = any suit any rank
        let free_cells = count(c in free: c.empty)
        let total = sum(t in tableau: t.size) - -1
        lift tableau {
          require sequence(run, build) and run.faceup else "a \"run\" moves"
          if not strict { require true } else if run.size > 1 { require run.size <= free_cells + 1 } else {}
        }
        override accept tableau {
          if pile.empty {
            require run.first.rank == K
          } else {
            require builds(top, run.first, build) or (top == QH) != (source.index % 2 == 0)
          }
        }
        capacity tableau = (free_cells + 1) * 2 ^ count(t in tableau: t.empty and t != pile) ^ 1
        action deal_row: tap stock when not stock.empty and all(t in tableau: not t.empty) limit redeals {
          for t in tableau {
            deal 1 from stock to t face up
          }
          move min(3, stock.size) from stock to tableau[1] face down
          move 1 from tableau[2] to tableau[3]
          try move 1 from tableau[1] to foundation
          flip tableau[max(1, -(2 - 3))]
        }
        effect complete {
          for t in tableau {
            if t.size >= 13 and top(t, 13).first.rank == K and any(c in t.cards: c.color == red) {
              move 13 from t to first(f in foundation: f.empty)
            }
          }
        }
        won when all(f in foundation: f.size == 13) or (if strict then free.cards else 0) > total / 2
        """#

    @Test func printingAndReparsingKeepsTheTree() {
        let (file, diagnostics) = Parser.parse(Self.everyProduction)
        expectTrue(diagnostics.isEmpty)
        expectEqual(file.declarations.count, 26)
        let printed = Printer.print(file)
        let (reparsed, again) = Parser.parse(printed)
        expectTrue(again.isEmpty)
        expectEqual(SyntaxTreeDump.file(reparsed), SyntaxTreeDump.file(file))
        expectEqual(Printer.print(reparsed), printed)
    }

    @Test(arguments: [
        ("game   \"G\"", "game \"G\""),
        ("decks 1 suits [ spades ]", "decks 1 suits [spades]"),
        ("option d : 1|3 = 1", "option d: 1 | 3 = 1"),
        ("option r: 0...10|unlimited = unlimited", "option r: 0 ... 10 | unlimited = unlimited"),
        ("zone t 7 as tableau", "zone t 7 as tableau"),
        ("deal stock rest", "deal stock rest face up by row"),
        ("deal t index card with top 1 face up", "deal t index cards with top 1 face up by row"),
        ("deal t 2 cards where card.rank == A face down by pile", "deal t 2 cards where card.rank == A face down by pile"),
        ("relation b = alternate color up or down wrapping", "relation b = alternate colour up or down wrapping"),
        ("let x = ((1 + 2)) * (3)", "let x = (1 + 2) * 3"),
        ("let x = 1 - (2 - 3) - 4", "let x = 1 - (2 - 3) - 4"),
        ("let x = (2 ^ 3) ^ 2 + 2 ^ (3 ^ 2)", "let x = (2 ^ 3) ^ 2 + 2 ^ 3 ^ 2"),
        ("let x = -(2 ^ 2) + (-2) ^ 2", "let x = -2 ^ 2 + (-2) ^ 2"),
        ("let x = (a == b) == (c < d)", "let x = (a == b) == (c < d)"),
        ("let x = not (a or b) and (not c)", "let x = not (a or b) and not c"),
        ("let x = (if a then b else c).size", "let x = (if a then b else c).size"),
        ("let x = (-a).size", "let x = (-a).size"),
        ("let x = (not a) == b", "let x = (not a) == b"),
        ("capacity t = 1", "capacity t = 1"),
        ("won when x", "won when x"),
        ("override lift t {}", "override lift t {}"),
        ("action a: tap s when x limit 2 {}", "action a: tap s when x limit 2 {}"),
        ("effect e { if a { flip b } else { flip c } }", "effect e {\n  if a {\n    flip b\n  } else {\n    flip c\n  }\n}"),
        ("accept t { require x else \"r\" }", "accept t {\n  require x else \"r\"\n}"),
    ])
    func canonicalText(source: String, printed: String) {
        let (file, diagnostics) = Parser.parse(source)
        expectTrue(diagnostics.isEmpty)
        expectEqual(file.declarations.count, 1)
        expectEqual(file.declarations.first.map(Printer.print), printed)
    }
}

/// A declaration damaged by a syntax error may be lost; a use of its name is then not reported
/// as unknown, since that finding would only follow from the error already reported.
@Suite struct DamagedDeclarationTests {
    static let game = """
        game "Damaged"
        decks 1
        zone tableau 4
        relation build = alternate colour down
        option bonus: 0 | 1 = 0
        deal tableau rest face up
        lift tableau { require sequence(run, build) }
        accept tableau { require run.size <= 1 + bonus }
        won when all(t in tableau: t.empty)
        """

    @Test(arguments: [
        ("relation build = alternate colour down", "relation build = alternate colour dow", "build"),
        ("option bonus: 0 | 1 = 0", "option bonus: 0 | | 1 = 0", "bonus"),
        ("zone tableau 4", "zone tableau", "tableau"),
    ])
    func usesOfADamagedNameAreNotReported(intact: String, damaged: String, name: String) {
        expectTrue(lintRuleSource(Self.game, path: "damaged.patience").diagnostics.isEmpty)
        let findings = lintRuleSource(Self.game.replacingOccurrences(of: intact, with: damaged), path: "damaged.patience").diagnostics
        expectEqual(Parser.parse(Self.game.replacingOccurrences(of: intact, with: damaged)).file.damagedNames, [name])
        expectTrue(!findings.isEmpty && findings.allSatisfy { $0.code.isLexicalOrSyntax }, "\(findings.map { "\($0.code.rawValue) \($0.message)" })")
    }

    @Test func anUnknownNameBesideASyntaxErrorIsStillReported() {
        // 'biuld' was never declared, so the syntax error elsewhere does not explain it.
        let text = Self.game.replacingOccurrences(of: "option bonus: 0 | 1 = 0", with: "option bonus: 0 | | 1 = 0")
            .replacingOccurrences(of: "sequence(run, build)", with: "sequence(run, biuld)")
        let codes = lintRuleSource(text, path: "damaged.patience").diagnostics.map(\.code)
        expectContains(codes, .unknownName)
    }
}

/// Messages quote names and text from the file, but never more than `Spelling.longestQuote` characters of one.
@Suite struct LongQuoteTests {
    @Test(arguments: [
        "accept tableau { require NAME == 1 }",          // an unknown name
        "accept tableau { require top.NAME == 1 }",      // an unknown property
        "accept tableau { require NAME(run) }",          // an unknown function
        "zone NAME 4",                                   // not a role, and never used
        "lift NAME {}",                                  // no such zone
    ])
    func longNamesAreCutShortInMessages(line: String) {
        let name = String(repeating: "x", count: 5_000)
        let text = """
            game "Long"
            decks 1
            zone tableau 4
            deal tableau rest face up
            lift tableau {}
            \(line.replacingOccurrences(of: "NAME", with: name))
            won when all(t in tableau: t.empty)
            """
        let findings = lintRuleSource(text, path: "long.patience").diagnostics
        expectFalse(findings.isEmpty)
        for finding in findings {
            let text = ([finding.message, finding.help ?? ""] + finding.notes.map(\.message)).joined()
            expectLess(text.count, 400, "\(finding.code.rawValue): \(text.prefix(120))…")
        }
        expectTrue(findings.contains { $0.message.contains("'\(String(repeating: "x", count: Spelling.longestQuote - 1))…'") })
    }

    @Test func shortTextIsQuotedWhole() {
        expectEqual(Spelling.quoted("tableau"), "'tableau'")
        expectEqual(Spelling.quoted(String(repeating: "y", count: Spelling.longestQuote)), "'" + String(repeating: "y", count: Spelling.longestQuote) + "'")
        expectEqual(Spelling.quoted(String(repeating: "y", count: Spelling.longestQuote + 1)).count, Spelling.longestQuote + 2)
    }
}
