import Foundation
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


/// One pinned finding: lint `source` (or, when it is nil, the file itself), and the one diagnostic
/// with `code` must have exactly this message and range.
struct Pin: Sendable, CustomTestStringConvertible {
    /// Where the file being linted lives, which matters only to `extends`.
    enum Folder: Sendable {
        /// Nowhere in particular: the source has no `extends`, or one that names a missing file.
        case scratch
        /// `Fixtures/BrokenRules/bases`, next to the games the variant cases extend.
        case bases
        /// `Fixtures/BrokenRules`, where the cyclic variants are.
        case corpus
    }

    var source: String?
    var file: String
    var folder: Folder
    var code: DiagnosticCode
    var message: String
    var range: Span

    init(_ source: String?, file: String = "t.patience", in folder: Folder = .scratch,
         _ code: DiagnosticCode, _ message: String, _ startLine: Int, _ startColumn: Int, _ endLine: Int, _ endColumn: Int) {
        self.source = source
        self.file = file
        self.folder = folder
        self.code = code
        self.message = message
        self.range = Span(startLine: startLine, startColumn: startColumn, endLine: endLine, endColumn: endColumn)
    }

    var testDescription: String { "\(code.rawValue): \(message)" }

    func lint() throws -> FileLintResult {
        let path: String
        switch folder {
        case .scratch: path = file
        case .bases: path = try #require(BrokenRuleCorpus.folder).appendingPathComponent("bases/\(file)").path
        case .corpus: path = try #require(BrokenRuleCorpus.folder).appendingPathComponent(file).path
        }
        return source.map { lintRuleSource($0, path: path) } ?? lintRuleFile(atPath: path)
    }
}

/// A range by lines and columns alone, which is what a reader of a finding sees.
struct Span: Hashable, Sendable, CustomStringConvertible {
    var startLine: Int
    var startColumn: Int
    var endLine: Int
    var endColumn: Int

    init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
    }

    init(_ range: SourceRange) {
        self.init(startLine: range.start.line, startColumn: range.start.column, endLine: range.end.line, endColumn: range.end.column)
    }

    var description: String { "\(startLine):\(startColumn)-\(endLine):\(endColumn)" }
}

/// A small game that lints clean; most pinned sources add one mistake to it.
private let minimalGame = """
    game "T"
    decks 1
    zone stock 1
    zone waste 1
    deal stock rest face down
    lift waste {}
    accept waste {}
    won when waste.empty

    """

/// Pins the exact text and range of every message that rule text can produce in the P00xx–P05xx
/// ranges. A message a test pins is part of the interface: editors, CI and people read it.
@Suite struct DiagnosticCodeTests {
    static let pins: [Pin] = constructPins + layoutPins + [
        Pin(String(repeating: "#", count: 10_001) + "\n" + minimalGame,
            .lineTooLong, "line 1 is longer than 10000 characters",
            1, 1, 1, 10001),
        Pin(minimalGame + "let x = " + String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65) + "\n",
            .nestingTooDeep, "this nests deeper than 64 levels",
            9, 73, 9, 74),
        Pin(minimalGame + "effect e {" + String(repeating: " if true {", count: 64) + String(repeating: " }", count: 65) + "\n",
            .nestingTooDeep, "this nests deeper than 64 levels",
            9, 645, 9, 649),
        Pin(minimalGame + (0..<65).map { "let d\($0) = d\($0 + 1)\n" }.joined() + "let d65 = 1\n",
            .nestingTooDeep, "definitions nest deeper than 64 levels, from 'd0' to 'd64'",
            72, 11, 72, 14),
        // Forty levels of definitions that each use the next twice: 2^40 terms written out, found
        // at once because each definition is measured once (this would hang if it were not).
        Pin(minimalGame.replacing("lift waste {}", with: "lift waste {\n  require f0 > 0\n}")
                + (0..<40).map { "let f\($0) = f\($0 + 1) + f\($0 + 1)\n" }.joined() + "let f40 = waste.size\n",
            .expansionTooLarge, "'lift waste' is 5,497,558,138,881 terms long with its definitions written out, more than the limit of 10,000",
            6, 6, 6, 11),
        Pin(minimalGame.replacing("lift waste {}", with: "lift waste {\n  require all(a in run: all(b in run: all(c in run: a.rank > 0)))\n}"),
            .stepBoundTooLarge, "'lift waste' may take up to 143,364 steps, more than the limit of 100,000",
            6, 6, 6, 11),
        Pin(minimalGame.replacing("lift waste {}", with: "lift waste {\n  require " + String(repeating: "all(a in run: ", count: 12) + "a.rank > 0" + String(repeating: ")", count: 12) + "\n}"),
            .stepBoundTooLarge, "'lift waste' may take up to 9,223,372,036,854,775,807 (2^63 - 1) or more steps, more than the limit of 100,000",
            6, 6, 6, 11),
        Pin("game \"T\"\nzone waste@ 1\n",
            .unexpectedCharacter, "unexpected character '@'",
            2, 11, 2, 12),
        Pin("won when true && false\n",
            .unexpectedCharacter, "unexpected character '&&'",
            1, 15, 1, 17),
        Pin("won when !true\n",
            .unexpectedCharacter, "unexpected character '!'",
            1, 10, 1, 11),
        Pin("lift waste {\n  require true else \"never closed\n}\n",
            .unterminatedString, "this string is not closed before the end of the line",
            2, 21, 2, 34),
        Pin("zone tableau 1000001\n",
            .invalidNumber, "the number 1000001 is larger than 1000000",
            1, 14, 1, 21),
        Pin("zone tableau 123456789012345678901234567890\n",
            .invalidNumber, "the number 12345678901234567890… is larger than 1000000",
            1, 14, 1, 44),
        Pin("zone tableau 7x\n",
            .invalidNumber, "'7x' is neither a number nor a card",
            1, 14, 1, 16),
        Pin("won when waste.top.rank == Kx\n",
            .invalidCardLiteral, "'Kx' is not a rank or card literal",
            1, 28, 1, 30),
        Pin("relation build alternate colour down\n",
            .expectedToken, "expected '=' after the relation name, found 'alternate'",
            1, 16, 1, 25),
        Pin("zone then 1\n",
            .expectedToken, "'then' is a keyword and cannot be used as a zone name",
            1, 6, 1, 10),
        Pin("zone 3 1\n",
            .expectedToken, "expected a zone name, found '3'",
            1, 6, 1, 7),
        Pin("option draw: 1 | three = 1\n",
            .expectedToken, "expected an option value (a number, a range 'a ... b', 'true', 'false' or 'unlimited'), found 'three'",
            1, 18, 1, 23),
        Pin("option draw: 1 ... = 1\n",
            .expectedToken, "expected the upper bound of the range, found '='",
            1, 20, 1, 21),
        Pin("zone waste 1 as 3\n",
            .expectedToken, "expected a role after 'as', found '3'",
            1, 17, 1, 18),
        Pin("deal stock 5 face down\n",
            .expectedToken, "expected 'cards' after the number of cards to deal, found 'face'",
            1, 14, 1, 18),
        Pin("relation build = alternating colour down\n",
            .expectedToken, "expected a suit relation ('same suit', 'alternate colour', 'same colour', 'any suit' or 'other suit'), found 'alternating'",
            1, 18, 1, 29),
        Pin("relation build = same suit sideways\n",
            .expectedToken, "expected a rank step ('down', 'up', 'up or down', 'same rank' or 'any rank'), found 'sideways'",
            1, 28, 1, 36),
        Pin("won when waste.size = 0\n",
            .expectedToken, "'=' defines; to compare, write '=='",
            1, 21, 1, 22),
        Pin("won when 0 < waste.size < 3\n",
            .expectedToken, "comparisons do not chain; join them with 'and'",
            1, 25, 1, 26),
        Pin("won when waste. == 0\n",
            .expectedToken, "expected a property name after '.', found '=='",
            1, 17, 1, 19),
        Pin("lift waste {\n  requires true\n}\n",
            .expectedToken, "expected a statement ('require', 'if', 'for', 'deal', 'move', 'try', 'flip', 'shuffle' or 'set'), found 'requires'",
            2, 3, 2, 11),
        Pin("effect e {\n  deal 1 from stock to waste face sideways\n}\n",
            .expectedToken, "expected 'up' or 'down' after 'face', found 'sideways'",
            2, 35, 2, 43),
        Pin("won if true\n",
            .expectedToken, "expected 'when' after 'won', found 'if'",
            1, 5, 1, 7),
        Pin("won when (true\n",
            .expectedToken, "expected ')' to close the parenthesis, found end of file",
            2, 1, 2, 1),
        Pin("lift waste\n",
            .expectedToken, "expected '{' to open the block, found end of file",
            2, 1, 2, 1),
        Pin("zome waste 1\n",
            .unknownDeclaration, "expected a declaration such as 'zone', 'deal', 'lift' or 'accept', found 'zome'",
            1, 1, 1, 5),
        Pin("override 3\n",
            .unknownDeclaration, "expected a declaration after 'override', found '3'",
            1, 10, 1, 11),
        Pin("won when waste.size == )\n",
            .expectedExpression, "expected an expression, found ')'",
            1, 24, 1, 25),
        Pin("won when then\n",
            .expectedExpression, "expected an expression, found the keyword 'then'",
            1, 10, 1, 14),
        Pin("lift waste {\n  require true\nwon when true\n",
            .unclosedDelimiter, "this '{' is never closed",
            1, 12, 1, 13),
        Pin(minimalGame + "lift stock {\n  flip pile\n}\n",
            .misplacedStatement, "lift and accept rules only judge a move; they cannot change the table",
            10, 3, 10, 12),
        Pin(minimalGame + "effect e {\n  require true\n}\n",
            .misplacedStatement, "'require' cannot appear in an effect; effects refuse nothing",
            10, 3, 10, 15),
        Pin(minimalGame + "let x = wste.size\n",
            .unknownName, "cannot find 'wste' among the zones, options, definitions and relations",
            9, 9, 9, 13),
        Pin(minimalGame + "let x = waste.sise\n",
            .unknownProperty, "'sise' is not a property of a pile",
            9, 15, 9, 19),
        Pin(minimalGame + "let x = bilds(waste.top, waste.top, b)\n",
            .unknownFunction, "there is no function 'bilds'",
            9, 9, 9, 14),
        Pin(minimalGame + "zone waste 1\n",
            .duplicateDeclaration, "zone waste is declared twice",
            9, 6, 9, 11),
        Pin("extends \"Klondike.patience\"\nextends \"Klondike.patience\"\ngame \"V\"\n", file: "variant.patience", in: .bases,
            .duplicateDeclaration, "a file can extend only one base file",
            2, 1, 2, 28),
        Pin(minimalGame + "lift wast {}\n",
            .unknownZone, "there is no zone 'wast'",
            9, 6, 9, 10),
        Pin(minimalGame.replacing("deal stock rest", with: "deal stok rest"),
            .unknownZone, "there is no zone 'stok'",
            5, 6, 5, 10),
        Pin(minimalGame + "let x = x + 1\n",
            .cyclicDefinition, "'x' is defined in terms of itself: x → x",
            9, 9, 9, 10),
        Pin(minimalGame + "zone spare 1 as spares\n",
            .unknownRole, "'spares' is not a zone role",
            9, 17, 9, 23),
        Pin(minimalGame + "zone spare 1\n",
            .unknownRole, "'spare' is not a zone role",
            9, 6, 9, 11),
        Pin(minimalGame + "let x = run.size\n",
            .nameUnavailableHere, "'run' is not available here",
            9, 9, 9, 12),
        Pin(minimalGame + "zone tableau waste.size\n",
            .nameUnavailableHere, "'waste' depends on the table, but only options and literals can be used here",
            9, 14, 9, 19),
        Pin("extends \"\"\ngame \"V\"\n", file: "variant.patience", in: .bases,
            .missingBaseFile, "'extends' needs the path of a base file",
            1, 1, 1, 11),
        Pin("extends \"/etc/passwd\"\ngame \"V\"\n", file: "variant.patience", in: .bases,
            .extendsOutsideFolder, "cannot use '/etc/passwd' as the base file: 'extends' takes a path relative to this file, not an absolute path",
            1, 1, 1, 22),
        Pin("extends \"../../../etc/shadow\"\ngame \"V\"\n", file: "variant.patience", in: .bases,
            .extendsOutsideFolder, "cannot use '../../../etc/shadow' as the base file: it is outside the folder 'bases' of the file being loaded",
            1, 1, 1, 30),
        Pin("extends \"Nowhere.patience\"\ngame \"V\"\n", file: "variant.patience", in: .bases,
            .missingBaseFile, "cannot use 'Nowhere.patience' as the base file: no such file",
            1, 1, 1, 27),
        Pin(minimalGame + "let x = all(waste in stock: waste.empty)\n",
            .shadowedName, "'waste' hides another name of the same spelling inside this expression",
            9, 13, 9, 18),
        Pin(minimalGame + "let x = if waste.size then 1 else 2\n",
            .typeMismatch, "expected a condition, found a number",
            9, 12, 9, 22),
        Pin(minimalGame + "let x = if waste.empty then 1 else true\n",
            .typeMismatch, "both branches must have the same type, but one is a number and the other a condition",
            9, 9, 9, 40),
        Pin(minimalGame + "let x = all(p in 3: p.empty)\n",
            .typeMismatch, "'all' ranges over a zone or a run of cards, not a number",
            9, 18, 9, 19),
        Pin(minimalGame + "effect e {\n  for p in 3 { flip p }\n}\n",
            .typeMismatch, "'for' ranges over the piles of a zone, not a number",
            10, 12, 10, 13),
        Pin(minimalGame.replacing("decks 1", with: "decks 1 suits [spades, 3]"),
            .typeMismatch, "expected a suit, found a number",
            2, 24, 2, 25),
        Pin(minimalGame + "let x = min(1)\n",
            .wrongArgumentCount, "'min' takes 2 arguments, not 1",
            9, 9, 9, 15),
        Pin(minimalGame + "let x = waste.top == 3\n",
            .invalidOperands, "cannot compare a card with a number",
            9, 9, 9, 23),
        Pin(minimalGame + "let x = waste.size[1]\n",
            .invalidOperands, "a number cannot be indexed; only zones and runs can",
            9, 9, 9, 19),
        Pin(minimalGame.replacing("zone waste 1", with: "zone waste 2") + "effect e {\n  flip waste\n}\n",
            .zoneIsNotAPile, "zone 'waste' has 2 piles; name one of them",
            10, 8, 10, 13),
        Pin(minimalGame + "let x = waste[2].empty\n",
            .indexOutOfRange, "zone 'waste' has piles 1 to 1, not 2",
            9, 15, 9, 16),
        Pin(minimalGame + "option draw: 1 | 3 = 2\nlet x = draw\n",
            .defaultOutsideDomain, "the default 2 is not one of the values option 'draw' allows",
            9, 22, 9, 23),
        Pin(minimalGame.replacing("deal stock rest face down", with: "deal stock 53 cards face down"),
            .dealMismatch, "the deal places 53 cards, 1 more than the 52 the decks hold",
            5, 1, 5, 30),
        Pin(minimalGame.replacing("deal stock rest face down", with: "deal stock 50 cards face down"),
            .dealMismatch, "the deal places 50 of the 52 cards; 2 are never dealt",
            5, 1, 5, 30),
        Pin(minimalGame.replacing("deal stock rest face down", with: "deal stock 51 cards face down"),
            .dealMismatch, "the deal places 51 of the 52 cards; 1 is never dealt",
            5, 1, 5, 30),
        Pin(minimalGame + "deal waste rest\n",
            .dealMismatch, "only one deal line can take the rest of the cards",
            9, 1, 9, 16),
        Pin(minimalGame.replacing("deal stock rest face down", with: "deal waste 5 cards where card.rank == A\ndeal stock rest face down"),
            .dealMismatch, "this deal needs 5 cards matching its filter, but the decks hold only 4",
            5, 26, 5, 40),
        Pin(minimalGame.replacing("deal stock rest face down", with: "deal waste 0 - 1 cards\ndeal stock rest face down"),
            .dealMismatch, "pile 1 of 'waste' would get -1 cards; a deal line gives each pile 0 to 1,000",
            5, 12, 5, 17),
        Pin(minimalGame + "zone reserve 1\n",
            .deadZone, "no card can ever enter or leave zone 'reserve'",
            9, 6, 9, 13),
        Pin(minimalGame.replacing("lift waste {}", with: "lift waste {\n  require waste.size < 0\n}"),
            .alwaysFalse, "this condition can never hold, so the rule refuses every move",
            7, 11, 7, 25),
        Pin(minimalGame + "effect e {\n  if 1 > 2 { flip waste }\n}\n",
            .alwaysFalse, "this condition can never hold",
            10, 6, 10, 11),
        Pin(minimalGame + "capacity waste = 0\n",
            .alwaysFalse, "a capacity below 1 refuses every move to zone 'waste'",
            9, 18, 9, 19),
        Pin(minimalGame.replacing("won when waste.empty", with: "won when false"),
            .alwaysFalse, "this condition can never hold, so the game can never be won",
            8, 10, 8, 15),
        Pin(minimalGame.replacing("won when waste.empty\n", with: ""),
            .missingWinCondition, "the game has no win condition",
            1, 1, 1, 1),
        Pin(minimalGame + "override zone reserve 1\n",
            .overrideWithoutBase, "nothing to override: this file extends no base file",
            9, 15, 9, 22),
        Pin(minimalGame.replacing("game \"T\"\n", with: ""),
            .missingGameName, "the file has no 'game' declaration",
            1, 1, 1, 1),
        Pin(minimalGame.replacing("game \"T\"", with: "game \"\""),
            .missingGameName, "the game's name is empty",
            1, 1, 1, 8),
        Pin(minimalGame.replacing("lift waste {}", with: "lift waste {\n  require waste.size >= 0\n}"),
            .alwaysTrue, "this condition always holds, so it refuses nothing",
            7, 11, 7, 26),
        Pin(minimalGame.replacing("won when waste.empty", with: "won when true"),
            .alwaysTrue, "the game is won before it starts",
            8, 10, 8, 14),
        Pin(minimalGame + "action a: tap stock when 1 == 1 {}\n",
            .alwaysTrue, "this condition always holds, so it refuses nothing",
            9, 26, 9, 32),
        Pin(minimalGame + "option x: 1 | true = 1\nlet y = x\n",
            .invalidDomain, "option 'x' mixes true/false with numbers",
            9, 8, 9, 9),
        Pin(minimalGame + "option x: 5 ... 1 = 1\nlet y = x\n",
            .invalidDomain, "the range 5 ... 1 is empty",
            9, 1, 9, 22),
        Pin(minimalGame.replacing("decks 1", with: "decks 0"),
            .invalidDeck, "a game uses 1 to 4 decks, not 0",
            2, 7, 2, 8),
        Pin(minimalGame.replacing("decks 1", with: "decks 1 suits [spades, hearts, clubs]"),
            .invalidDeck, "a deck's suits must be 1, 2 or 4 different suits, so that each deck still has 52 cards",
            2, 15, 2, 38),
        Pin(minimalGame.replacing("zone waste 1", with: "zone waste 53"),
            .invalidPileCount, "a zone has 1 to 52 piles, not 53",
            4, 12, 4, 14),
        Pin(minimalGame + "option x: 1 | 2 = 1\n",
            .unusedOption, "option 'x' is never used",
            9, 8, 9, 9),
        Pin("extends \"Klondike.patience\"\ngame \"V\"\nzone waste 1\n", file: "variant.patience", in: .bases,
            .duplicateInBase, "the base file already has zone waste",
            3, 6, 3, 11),
        Pin("extends \"Klondike.patience\"\ngame \"V\"\noverride zone reserve 1\n", file: "variant.patience", in: .bases,
            .overrideWithoutBase, "nothing to override: its base does not have zone reserve",
            3, 15, 3, 22),
        Pin(minimalGame.replacing("decks 1\n", with: ""),
            .missingDeck, "the game declares no deck",
            1, 1, 1, 1),
        Pin("extends \"self.patience\"\ngame \"V\"\n", file: "self.patience",
            .extendsCycle, "this file extends itself",
            1, 1, 1, 24),
        Pin("game 3\n",
            .expectedToken, "expected the game's name in double quotes, found '3'",
            1, 6, 1, 7),
        Pin("extends \"Syntax.patience\"\ngame \"V\"\n", file: "variant.patience", in: .bases,
            .missingBaseFile, "the base file 'Syntax.patience' has 1 error",
            1, 1, 1, 26),
        Pin(nil, file: "P0509-cycle-b.patience", in: .corpus,
            .extendsCycle, "variants extend each other in a cycle: P0509-cycle-b.patience → P0509-cycle-a.patience → P0509-cycle-b.patience",
            3, 1, 3, 33),
        Pin(nil, file: "P0008-too-many-variables.patience", in: .corpus,
            .tooManyVariables, "the rules bind more than 32 variables of one kind; 't' is one too many",
            86, 17, 86, 18),
        Pin(String(repeating: "x\n", count: 200_001),
            .tooManyTokens, "the file has more than 200000 tokens; the rest is ignored",
            200_001, 1, 200_001, 2),
    ]

    /// The codes of memory, removals, shuffles and action uses (Grammar.md 7.7, 7.14, 7.15, 4.3).
    static let constructPins: [Pin] = [
        Pin(minimalGame + "action a: tap stock { require uses(draw) < 2 }\n",
            .unknownAction, "there is no action 'draw'",
            9, 36, 9, 40),
        Pin(minimalGame + "effect e { set counter = 1 }\n",
            .unknownMemory, "there is no memory 'counter'",
            9, 16, 9, 23),
        Pin(minimalGame + "remove r(a, b, c, d, e in waste) to stock\n",
            .invalidRemoval, "a removal takes the top cards of 1 to 4 piles, not 5",
            9, 8, 9, 9),
        Pin(minimalGame + "let f(a: number, b: number, c: number, d: number, e: number) = a\n",
            .tooManyParameters, "a definition takes at most 4 parameters, and 'f' takes 5",
            9, 51, 9, 52),
        Pin(minimalGame + (0...64).map { "memory m\($0) = 0\n" }.joined(),
            .tooManyMemories, "a game keeps at most 64 memories",
            73, 8, 73, 11),
    ]

    /// The codes of the `layout` declaration (Grammar.md 7.17).
    static let layoutPins: [Pin] = [
        Pin(minimalGame + "layout waste row 10\n",
            .invalidLayout, "a layout names row 1 to 9, not 10",
            9, 18, 9, 20),
        Pin(minimalGame + "option wide: true | false = true\nlayout waste fan right if wide then 60 else 3\n",
            .invalidLayout, "a pile fanned to the right shows 1 to 52 cards, not 60",
            10, 24, 10, 46),
        Pin(minimalGame + "layout stock in rows of 0\n",
            .invalidLayout, "a layout puts 1 to 52 piles in a row, not 0",
            9, 25, 9, 26),
        Pin(minimalGame + "zone discard 1 as hidden\nlayout discard fan down\n",
            .invalidLayout, "zone 'discard' is hidden, so no picture shows it",
            10, 8, 10, 15),
        Pin(minimalGame + "layout wastes fan down\n",
            .unknownZone, "there is no zone 'wastes'",
            9, 8, 9, 14),
        Pin(minimalGame + "layout stock at (0, 105)\n",
            .invalidLayout, "a place's row is 0 to 104 half places, not 105",
            9, 21, 9, 24),
        Pin(minimalGame + "layout stock in rows 0\n",
            .invalidLayout, "a layout puts 1 to 52 piles in a row, not 0",
            9, 22, 9, 23),
        Pin(minimalGame + "zone tableau 6\nlayout tableau in rows 1, 2, 4 overlapping\n",
            .layoutDoesNotFit, "the rows hold 7 piles, but zone 'tableau' has 6",
            10, 24, 10, 31),
        Pin(minimalGame + "zone cell 3\nlayout cell at (0, 0), (2, 0)\n",
            .layoutDoesNotFit, "2 places are given, but zone 'cell' has 3 piles",
            10, 16, 10, 30),
        Pin(minimalGame + "zone cell 2\nlayout cell at (0, 0), (0, 0)\n",
            .layoutDoesNotFit, "pile 2 of zone 'cell' is placed where pile 1 is",
            10, 24, 10, 30),
        Pin(minimalGame + "zone cell 2\nlayout cell at (0, 0), (2, 0)\nlayout stock at (4, 0)\nlayout waste at (2, 0)\n",
            .layoutDoesNotFit, "pile 1 of zone 'waste' is placed where pile 2 of zone 'cell' is, in the grid they share",
            12, 17, 12, 23),
        Pin(minimalGame + "reference aisleriott \"t.scm\"\n",
            .unknownProgram, "there is no reference program 'aisleriott'",
            9, 11, 9, 21),
        Pin(minimalGame + "layout waste row waste.size\n",
            .nameUnavailableHere, "'waste' depends on the table, but only options and literals can be used here",
            9, 18, 9, 23),
    ]

    /// Codes that only files, folders or outside option values produce, tested one by one below.
    static let codesPinnedOutsideTheTable: Set<DiagnosticCode> = [.fileTooLarge, .invalidUTF8, .unreadableFile, .noRuleFiles, .valueOutsideDomain,
                                                                   .unwritableOutput, .tooManyDiagnostics, .otherEncoding]

    @Test func minimalGameLintsClean() {
        expectTrue(lintRuleSource(minimalGame).diagnostics.isEmpty)
    }

    @Test(arguments: pins)
    func messageAndRange(pin: Pin) throws {
        let matching = try pin.lint().diagnostics.filter { $0.code == pin.code }
        try #require(matching.count == 1, "expected one \(pin.code.rawValue), found \(matching.count)")
        expectEqual(matching[0].message, pin.message)
        expectEqual(Span(matching[0].range), pin.range)
    }

    @Test func everyCodeThatRuleTextCanProduceIsPinned() {
        let pinned = Set(Self.pins.map(\.code)).union(Self.codesPinnedOutsideTheTable)
        let ranges = ["P00", "P01", "P02", "P03", "P04", "P05"]
        let missing = DiagnosticCode.allCases.filter { ranges.contains(String($0.rawValue.prefix(3))) && !pinned.contains($0) }
        expectEqual(missing.map(\.rawValue), [])
    }

    // MARK: Files and folders

    @Test func fileLargerThanOneMebibyte() throws {
        try withScratchFolder { folder in
            let path = folder.appendingPathComponent("large.patience").path
            try Data(repeating: UInt8(ascii: "#"), count: RuleLoader.maximumFileSize + 1).write(to: URL(fileURLWithPath: path))
            let result = lintRuleFile(atPath: path)
            expectEqual(result.diagnostics.map(\.code), [.fileTooLarge])
            expectEqual(result.diagnostics.first?.message, "the file is larger than 1024 KiB, the limit for a rule file")
            expectEqual(result.diagnostics.first.map { Span($0.range) }, Span(startLine: 1, startColumn: 1, endLine: 1, endColumn: 1))
            expectEqual(result.source, nil)
        }
    }

    /// 150 stray characters: the first 100 findings, then P0012 at the 101st, counting the other 50.
    @Test func findingsPastTheHundredthAreCounted() {
        let result = lintRuleSource("game \"G\"\n" + String(repeating: "@\n", count: 150))
        expectEqual(result.diagnostics.count, 101)
        let last = result.diagnostics.last
        expectEqual(last?.code, .tooManyDiagnostics)
        expectEqual(last?.severity, .error)
        expectEqual(last.map { Span($0.range) }, Span(startLine: 102, startColumn: 1, endLine: 102, endColumn: 2))
        expectEqual(last?.message, "50 more findings not shown (50 errors): a file shows at most 100")
        expectEqual(result.errorCount, result.diagnostics.count - 1 + result.omittedErrorCount)
        expectGreaterOrEqual(result.omittedErrorCount, 50)
    }

    @Test func utf16WithAByteOrderMarkIsNamed() throws {
        try withScratchFolder { folder in
            let path = folder.appendingPathComponent("utf16.patience").path
            let units: [UInt8] = minimalGame.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            try Data([0xFF, 0xFE] + units).write(to: URL(fileURLWithPath: path))
            let result = lintRuleFile(atPath: path)
            expectEqual(result.diagnostics.map(\.code), [.otherEncoding])
            expectEqual(result.diagnostics.first?.message,
                        "the file is in UTF-16 (little-endian), not UTF-8: it starts with that encoding's byte-order mark")
            expectEqual(result.diagnostics.first.map { Span($0.range) }, Span(startLine: 1, startColumn: 1, endLine: 1, endColumn: 1))
            expectEqual(result.source, nil)
        }
    }

    @Test func fileOfExactlyOneMebibyteIsRead() throws {
        try withScratchFolder { folder in
            let path = folder.appendingPathComponent("limit.patience").path
            try Data(repeating: UInt8(ascii: "#"), count: RuleLoader.maximumFileSize).write(to: URL(fileURLWithPath: path))
            expectTrue(!lintRuleFile(atPath: path).diagnostics.contains { $0.code == .fileTooLarge })
        }
    }

    @Test func invalidUTF8PointsAtTheFirstBadByte() throws {
        try withScratchFolder { folder in
            let path = folder.appendingPathComponent("latin1.patience").path
            // "é" in Latin-1 is the single byte 0xE9, which is not valid UTF-8 on its own.
            let bytes = Array("game \"T\"\n# caf".utf8) + [0xE9] + Array("\n".utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let result = lintRuleFile(atPath: path)
            expectEqual(result.diagnostics.map(\.code), [.invalidUTF8])
            expectEqual(result.diagnostics.first?.message, "the file is not valid UTF-8")
            expectEqual(result.diagnostics.first?.help, "save the file as UTF-8")
            expectEqual(result.diagnostics.first.map { Span($0.range) }, Span(startLine: 2, startColumn: 6, endLine: 2, endColumn: 6))
        }
    }

    @Test func missingFileIsUnreadable() throws {
        try withScratchFolder { folder in
            let result = lintRuleFile(atPath: folder.appendingPathComponent("absent.patience").path)
            expectEqual(result.diagnostics.map(\.code), [.unreadableFile])
            expectEqual(result.diagnostics.first?.message, "no such file")
            expectEqual(result.diagnostics.first.map { Span($0.range) }, Span(startLine: 1, startColumn: 1, endLine: 1, endColumn: 1))
        }
    }

    @Test func folderIsNotARuleFile() throws {
        try withScratchFolder { folder in
            let result = lintRuleFile(atPath: folder.path)
            expectEqual(result.diagnostics.map(\.code), [.unreadableFile])
            expectEqual(result.diagnostics.first?.message, "this is a folder, not a rule file")
        }
    }

    /// Only the command line searches folders, so this runs the built `patience` executable.
    @Test func folderWithoutRuleFiles() throws {
        try withScratchFolder { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
            let result = try runPatience(["lint", "--format", "json", "empty"], in: folder)
            let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            let finding = try #require((parsed as? [[String: Any]])?.first)
            expectEqual(finding["code"] as? String, "P0006")
            expectEqual(finding["message"] as? String, "folder holds no .patience files")
            expectEqual(finding["help"] as? String, "name a rule file directly, or a folder containing files ending in '.patience'")
            expectEqual(finding["line"] as? Int, 1)
            expectEqual(finding["column"] as? Int, 1)
            expectEqual(finding["endLine"] as? Int, 1)
            expectEqual(finding["endColumn"] as? Int, 1)
        }
    }

    @Test func variantsChainedTooDeep() throws {
        try withScratchFolder { folder in
            let depth = RuleLoader.maximumExtendsDepth + 2
            for level in 0..<depth {
                try "extends \"v\(level + 1).patience\"\ngame \"V\(level)\"\n"
                    .write(to: folder.appendingPathComponent("v\(level).patience"), atomically: true, encoding: .utf8)
            }
            try minimalGame.write(to: folder.appendingPathComponent("v\(depth).patience"), atomically: true, encoding: .utf8)
            let result = lintRuleFile(atPath: folder.appendingPathComponent("v0.patience").path)
            expectEqual(result.diagnostics.map(\.code), [.extendsCycle])
            expectEqual(result.diagnostics.first?.message, "variants chain more than 16 files deep")
            expectEqual(result.diagnostics.first.map { Span($0.range) }, Span(startLine: 1, startColumn: 1, endLine: 1, endColumn: 22))
        }
    }

    @Test func baseFileThatIsAFolder() throws {
        try withScratchFolder { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("base"), withIntermediateDirectories: true)
            let result = lintRuleSource("extends \"base\"\ngame \"V\"\n", path: folder.appendingPathComponent("v.patience").path)
            expectEqual(result.diagnostics.map(\.code), [.missingBaseFile])
            expectEqual(result.diagnostics.first?.message, "cannot use 'base' as the base file: this is a folder, not a rule file")
        }
    }

    // MARK: Options given from outside

    @Test func optionValueOutsideItsDomain() throws {
        let source = minimalGame + "option draw: 1 | 3 = 1\nlet x = draw\n"
        let declarations = try #require(RuleLoader.load(source: source, path: "o.patience").declarations)
        var checker = Checker(declarations: declarations, path: "o.patience", options: ["draw": "2"])
        #expect(checker.check() == nil)
        let finding = try #require(checker.diagnostics.first { $0.code == .valueOutsideDomain })
        expectEqual(finding.message, "'2' is not a value option 'draw' allows")
        expectEqual(finding.help, "the allowed values are 1 | 3")
        expectEqual(Span(finding.range), Span(startLine: 9, startColumn: 8, endLine: 9, endColumn: 12))
    }
}

/// Runs `body` with a new empty folder, removed afterwards.
func withScratchFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
}
