/// The stable codes of every finding Patience reports, with the one-line summary that
/// `Diagnostics.md` lists. A code never changes meaning once released.
///
/// - `P00xx`: reading the input (size, encoding, files).
/// - `P01xx`: lexical errors.
/// - `P02xx`: syntax errors.
/// - `P03xx`: names that do not resolve.
/// - `P04xx`: types that do not agree.
/// - `P05xx`: game-level checks (deal, zones, options, variants, win).
/// - `P06xx`: moves and actions refused by the rules.
/// - `P07xx`: deals, boards, options and moves given to the engine from outside.
public enum DiagnosticCode: String, Sendable, Codable, Hashable, CaseIterable {
    // Input
    case fileTooLarge = "P0001"
    case invalidUTF8 = "P0002"
    case lineTooLong = "P0003"
    case nestingTooDeep = "P0004"
    case unreadableFile = "P0005"
    case noRuleFiles = "P0006"
    case tooManyTokens = "P0007"
    case tooManyVariables = "P0008"
    case expansionTooLarge = "P0009"
    case stepBoundTooLarge = "P0010"
    case unwritableOutput = "P0011"
    case tooManyDiagnostics = "P0012"
    case otherEncoding = "P0013"

    // Lexical
    case unexpectedCharacter = "P0101"
    case unterminatedString = "P0102"
    case invalidNumber = "P0103"
    case invalidCardLiteral = "P0104"

    // Syntax
    case expectedToken = "P0201"
    case unknownDeclaration = "P0202"
    case expectedExpression = "P0203"
    case unclosedDelimiter = "P0204"
    case misplacedStatement = "P0205"

    // Names
    case unknownName = "P0301"
    case unknownProperty = "P0302"
    case unknownFunction = "P0303"
    case duplicateDeclaration = "P0304"
    case unknownZone = "P0305"
    case cyclicDefinition = "P0306"
    case unknownRole = "P0307"
    case nameUnavailableHere = "P0308"
    case missingBaseFile = "P0309"
    case shadowedName = "P0310"
    case unknownAction = "P0311"
    case unknownMemory = "P0312"
    case unknownProgram = "P0313"

    // Types
    case typeMismatch = "P0401"
    case wrongArgumentCount = "P0402"
    case invalidOperands = "P0403"
    case zoneIsNotAPile = "P0404"
    case indexOutOfRange = "P0405"

    // Game-level checks
    case defaultOutsideDomain = "P0501"
    case valueOutsideDomain = "P0502"
    case dealMismatch = "P0503"
    case deadZone = "P0504"
    case alwaysFalse = "P0505"
    case missingWinCondition = "P0506"
    case overrideWithoutBase = "P0507"
    case missingGameName = "P0508"
    case extendsCycle = "P0509"
    case alwaysTrue = "P0510"
    case invalidDomain = "P0511"
    case invalidDeck = "P0512"
    case invalidPileCount = "P0513"
    case unusedOption = "P0514"
    case duplicateInBase = "P0515"
    case missingDeck = "P0516"
    case extendsOutsideFolder = "P0517"
    case invalidRemoval = "P0518"
    case tooManyParameters = "P0519"
    case tooManyMemories = "P0520"
    case invalidLayout = "P0521"
    case layoutDoesNotFit = "P0522"

    // Move and action refusals
    case noSuchPile = "P0601"
    case cardNotInPile = "P0602"
    case faceDownInRun = "P0603"
    case zoneCannotGive = "P0604"
    case liftRefused = "P0605"
    case zoneCannotReceive = "P0606"
    case acceptRefused = "P0607"
    case capacityExceeded = "P0608"
    case samePile = "P0609"
    case readMissingCard = "P0610"
    case noActionHere = "P0611"
    case actionRefused = "P0612"
    case actionLimitReached = "P0613"
    case evaluationBudgetExceeded = "P0614"
    case emptyRun = "P0615"
    case divisionByZero = "P0616"
    case noRemovalHere = "P0617"
    case removalRefused = "P0618"

    // Outside input to the engine
    case malformedBoard = "P0701"
    case unknownCard = "P0702"
    case duplicateCard = "P0703"
    case missingCards = "P0704"
    case boardDoesNotFitZones = "P0705"
    case invalidDealSpec = "P0706"
    case unknownOption = "P0707"
    case unparseableMove = "P0708"
    case dealOutOfRange = "P0709"
    case noSuchMove = "P0710"
    case boardTooLarge = "P0711"
    case movesTooLarge = "P0712"
    case savedGameTooLarge = "P0713"
    case tooManyPlaysForPage = "P0714"
    case malformedPosition = "P0720"
    case invalidPositionMember = "P0721"
    case unsupportedPositionVersion = "P0722"
    case positionOfOtherGame = "P0723"
    case boardCannotCountActionUses = "P0724"

    /// True for the lexical (`P01xx`) and syntax (`P02xx`) codes.
    package var isLexicalOrSyntax: Bool { rawValue.hasPrefix("P01") || rawValue.hasPrefix("P02") }

    /// The severity a finding with this code has unless the reporter says otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .deadZone, .alwaysFalse, .alwaysTrue, .unusedOption, .shadowedName:
            return .warning
        case .tooManyDiagnostics:
            return .note
        default:
            return .error
        }
    }

    /// The one-line description used in the catalogue (`Diagnostics.md`).
    public var summary: String {
        switch self {
        case .fileTooLarge: return "The rule file is larger than 1 MiB."
        case .invalidUTF8: return "The rule file is not valid UTF-8."
        case .lineTooLong: return "A line is longer than 10,000 characters."
        case .nestingTooDeep: return "Brackets, blocks, chains of operators or definitions nest deeper than 64 levels."
        case .unreadableFile: return "A file named on the command line or by `extends` cannot be read, or a game named there is not found."
        case .noRuleFiles: return "A folder given to lint holds no `.patience` files."
        case .tooManyTokens: return "The file has more than 200,000 tokens."
        case .tooManyVariables: return "The rules bind more than 32 quantifier or `for` variables of one kind in all."
        case .expansionTooLarge: return "A rule, with its definitions written out in full, is larger than 10,000 terms."
        case .stepBoundTooLarge: return "A rule's static step bound is larger than 100,000 steps."
        case .unwritableOutput: return "Standard output, standard error or an output file cannot be written."
        case .tooManyDiagnostics: return "A file has more than 100 findings: the first 100 are shown, and this one counts the rest (its severity is the worst of theirs)."
        case .otherEncoding: return "The file starts with the byte-order mark of UTF-16 or UTF-32 (or is UTF-16 without one), not UTF-8."
        case .unexpectedCharacter: return "A character that cannot start any token."
        case .unterminatedString: return "A string literal is not closed on its line."
        case .invalidNumber: return "A number is malformed or larger than 1,000,000."
        case .invalidCardLiteral: return "A word starting with a capital letter is not a rank or card literal."
        case .expectedToken: return "The parser expected a particular token and found another."
        case .unknownDeclaration: return "A top-level line does not start with a declaration keyword."
        case .expectedExpression: return "An expression was expected."
        case .unclosedDelimiter: return "A `(`, `[` or `{` is never closed."
        case .misplacedStatement: return "A statement is not allowed in this kind of block."
        case .unknownName: return "A name does not refer to any zone, option, definition or variable in scope."
        case .unknownProperty: return "A property does not exist on a value of that type."
        case .unknownFunction: return "A function name is not one of the built-in functions."
        case .duplicateDeclaration: return "The same part is declared twice in one file."
        case .unknownZone: return "A rule names a zone that is not declared."
        case .cyclicDefinition: return "Definitions refer to each other in a cycle."
        case .unknownRole: return "A zone's role is not one of stock, waste, foundation, tableau, cell, reserve, hidden."
        case .nameUnavailableHere: return "A name such as `top` or `run` is used outside the rules that provide it."
        case .missingBaseFile: return "The file or game named by `extends` does not exist."
        case .shadowedName: return "A quantifier variable hides a zone, option or definition of the same name."
        case .unknownAction: return "`uses` names no action of the game."
        case .unknownMemory: return "`set` names no `memory` of the game."
        case .unknownProgram: return "`reference` or `differs` names a program other than aisleriot or pysolfc."
        case .typeMismatch: return "A value has a different type from the one required."
        case .wrongArgumentCount: return "A function is called with the wrong number of arguments."
        case .invalidOperands: return "An operator is applied to values it is not defined for."
        case .zoneIsNotAPile: return "A zone of several piles is used where one pile is needed."
        case .indexOutOfRange: return "A pile index is outside the zone."
        case .defaultOutsideDomain: return "An option's default is not one of its allowed values."
        case .valueOutsideDomain: return "A value given to an option is not one of its allowed values."
        case .dealMismatch: return "The deal does not place exactly the cards of the declared decks."
        case .deadZone: return "A zone can never receive or give a card."
        case .alwaysFalse: return "A condition can never hold."
        case .alwaysTrue: return "A condition always holds, so it refuses nothing."
        case .missingWinCondition: return "The game has no `won when` condition."
        case .overrideWithoutBase: return "A variant overrides a part that its base does not have."
        case .missingGameName: return "The file has no `game` declaration."
        case .extendsCycle: return "Variants extend each other in a cycle."
        case .invalidDomain: return "An option's domain is empty or malformed."
        case .invalidDeck: return "The deck declaration is invalid."
        case .invalidPileCount: return "A zone's pile count is not between 1 and 52."
        case .unusedOption: return "An option is declared but never used."
        case .duplicateInBase: return "A variant adds a part that its base already has, without `override`."
        case .missingDeck: return "The game declares no deck."
        case .extendsOutsideFolder: return "`extends` names a file outside the folder of the file being loaded."
        case .invalidRemoval: return "A removal does not take 1 to 4 different piles, or its destination is not a pile."
        case .tooManyParameters: return "A definition takes more than 4 parameters."
        case .tooManyMemories: return "The game declares more than 64 memories."
        case .invalidLayout: return "A `layout` declaration places a hidden zone, or names a row, a count of cards or of piles, or a place out of range."
        case .layoutDoesNotFit: return "A `layout` declaration's rows or places do not fit its zone: they hold more or fewer piles than it has, or put two piles in one place."
        case .noSuchPile: return "A move names a pile that does not exist."
        case .cardNotInPile: return "A moved card is not where the move says it is."
        case .faceDownInRun: return "A lifted run contains a face-down card."
        case .zoneCannotGive: return "The source zone has no lift rule, so no card leaves it."
        case .liftRefused: return "The source zone's lift rule refused the run."
        case .zoneCannotReceive: return "The destination zone has no accept rule, so no card goes there."
        case .acceptRefused: return "The destination zone's accept rule refused the run."
        case .capacityExceeded: return "The run is longer than the destination's capacity allows."
        case .samePile: return "A move's source and destination are the same pile."
        case .readMissingCard: return "A rule read a card of an empty pile or run."
        case .noActionHere: return "No action is declared for the tapped pile."
        case .actionRefused: return "An action's requirement does not hold."
        case .actionLimitReached: return "An action has been used as often as its limit allows."
        case .evaluationBudgetExceeded: return "A check evaluated more steps than its static bound."
        case .emptyRun: return "A move lifts no cards."
        case .divisionByZero: return "A rule divided by zero."
        case .noRemovalHere: return "No removal of the game takes the top cards of these piles."
        case .removalRefused: return "A removal's condition does not hold for these cards."
        case .malformedBoard: return "A line of board text cannot be read."
        case .unknownCard: return "A card in board text or a move is not a card of this game."
        case .duplicateCard: return "A card appears more often than the decks hold it."
        case .missingCards: return "Board text leaves out cards of the game's decks."
        case .boardDoesNotFitZones: return "Board text does not fit the game's zones, or a table has cards that board text cannot write."
        case .invalidDealSpec: return "A deal is not `seed:N` or `ms:N`."
        case .unknownOption: return "An option name or value given from outside is not declared by the game."
        case .unparseableMove: return "A move's text cannot be read in the chosen notation."
        case .dealOutOfRange: return "A deal number is outside the range its generator supports."
        case .noSuchMove: return "A move's text names no possible move in this position."
        case .boardTooLarge: return "Board text is larger than 64 KiB."
        case .movesTooLarge: return "A move list is larger than 1 MiB."
        case .savedGameTooLarge: return "A saved game is larger than 1 MiB."
        case .tooManyPlaysForPage: return "A replay or solution has more than 2,000 plays, the most a page of `--html` steps through."
        case .malformedPosition: return "A position's JSON text cannot be read."
        case .invalidPositionMember: return "A member of a position is missing, unknown, repeated or of the wrong kind."
        case .unsupportedPositionVersion: return "A position's format version is not one this program reads."
        case .positionOfOtherGame: return "A position is of another game, or of other option values, than the rules it is set up in."
        case .boardCannotCountActionUses: return "A table has used an action with a limit (a redeal), which board text cannot say; JSON positions can."
        }
    }
}
