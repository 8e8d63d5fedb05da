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

/// `patience lint` checks a game's settings with the option values a player could choose, not
/// only the defaults, and names the values behind an error that only they cause.
@Suite("Lint with every option value")
struct OptionVariantTests {
    static let game = """
        game "Options"
        option piles: 2 | 120 = 2
        option draw: 1 ... 30 = 1
        decks 1
        zone tableau piles
        zone stock 1
        deal tableau draw cards face up
        deal stock rest face down
        lift tableau {}
        accept tableau {}
        won when all(t in tableau: t.empty)
        """

    @Test func errorsOnlyOtherValuesCauseAreReportedWithThoseValues() {
        let result = lintRuleSource(Self.game, path: "options.patience")
        let found = result.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.code.rawValue) \($0.notes.map(\.message))" }
        expectEqual(found, [
            // 120 piles with each of the five draw values tried.
            #"5:14 P0513 ["only with piles = 120 (and 4 other settings of the options)"]"#,
            // Two piles of 29 or 30 cards need more than one deck; the first is quoted.
            #"7:1 P0503 ["only with draw = 29 (and 1 other setting of the options)"]"#,
        ])
        expectEqual(result.diagnostics.first { $0.code == .dealMismatch }?.message, "the deal places 58 cards, 6 more than the 52 the decks hold")
    }

    @Test func theDefaultsAloneAreCheckedWhenTheyAlreadyFail() {
        // With the default of 120 piles the game fails as it stands; other values add nothing.
        let broken = Self.game.replacingOccurrences(of: "option piles: 2 | 120 = 2", with: "option piles: 2 | 120 = 120")
        let result = lintRuleSource(broken, path: "options.patience")
        expectEqual(result.diagnostics.map(\.code), [.invalidPileCount])
        expectTrue(result.diagnostics.allSatisfy { $0.notes.isEmpty })
    }

    @Test func aGameValidForEveryValueHasNoFindings() {
        // One or two piles of up to 26 cards fit one deck.
        let fine = Self.game.replacingOccurrences(of: "1 ... 30 = 1", with: "1 ... 26 = 1").replacingOccurrences(of: "2 | 120 = 2", with: "1 | 2 = 2")
        expectTrue(lintRuleSource(fine, path: "options.patience").diagnostics.isEmpty)
    }

    @Test(arguments: [
        ([DomainItem.integer(1), .integer(3)], ["1", "3"]),
        ([.range(0, 10), .unlimited], ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "unlimited"]),
        ([.range(1, 100)], ["1", "2", "50", "99", "100"]),
        ([.boolean(false), .boolean(true)], ["false", "true"]),
        ([.integer(4), .range(3, 5)], ["4", "3", "5"]),
        ([.range(5, 1)], []),
    ])
    func triedValues(domain: [DomainItem], expected: [String]) {
        expectEqual(OptionVariants.values(of: domain), expected)
    }

    @Test func manyCombinationsAreTriedOneOptionAtATime() {
        let options = ["a", "b", "c"].map { (name: $0, values: ["1", "2", "3", "4", "5"]) }
        let settings = OptionVariants.settings(options)
        // 125 combinations are too many; each option's five values alone make 15.
        expectEqual(settings.count, 15)
        expectTrue(settings.allSatisfy { $0.count == 1 })
        expectEqual(Set(settings.map { $0.keys.first! + $0.values.first! }).count, 15)
    }

    @Test func aLowerLimitTriesFewerSettings() {
        let options = ["a", "b"].map { (name: $0, values: ["1", "2", "3"]) }
        expectEqual(OptionVariants.settings(options).count, 9)
        // Nine combinations are more than four; the first four single values are tried instead.
        expectEqual(OptionVariants.settings(options, limit: 4), [["a": "1"], ["a": "2"], ["a": "3"], ["b": "1"]])
    }

    @Test func fewCombinationsAreAllTried() {
        let settings = OptionVariants.settings([(name: "draw", values: ["1", "3"]), (name: "wrap", values: ["false", "true"])])
        expectEqual(Set(settings), [["draw": "1", "wrap": "false"], ["draw": "1", "wrap": "true"],
                                  ["draw": "3", "wrap": "false"], ["draw": "3", "wrap": "true"]])
    }
}
