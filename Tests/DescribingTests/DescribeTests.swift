import Foundation
import Testing
import TestSupport
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceDescribing

/// The description of rule text, failing the test when it does not check.
private func describe(_ source: String, options: [String: String] = [:], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> RulesDescription? {
    switch RulesDescriber.describe(path: "<input>", source: source, options: options) {
    case .success(let description): return description
    case .failure(let error):
        Issue.record("did not check: \(error.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return nil
    }
}

/// Every line of a description's plain text, unwrapped so that sentences can be searched whole.
private func sentences(_ description: RulesDescription?) -> [String] {
    description?.plainText(width: 100_000).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
}

/// Some values of every option of a game: each listed value, and the ends of each range.
private func optionSettings(_ path: String) -> [[String: String]] {
    var checker = Checker(declarations: RuleLoader.load(path: path).declarations ?? [], path: path)
    return checker.optionSummaries().flatMap { option in
        option.domain.flatMap { item -> [String] in
            switch item {
            case .integer(let n): return [String(n)]
            case .range(let a, let b): return [String(a), String(b)]
            case .boolean(let b): return [String(b)]
            case .unlimited: return ["unlimited"]
            }
        }.map { [option.name: $0] }
    }
}

@Suite struct DescribeBundledGamesTests {
    /// No bundled game, with its defaults or with any one option changed, meets a construct the
    /// describer cannot put into words, and every part of the game has its section.
    @Test(arguments: TestPaths.ruleFiles) func everyBundledGameIsDescribedWithoutAGap(_ name: String) throws {
        let path = TestPaths.rules.appendingPathComponent(name).path
        for options in [[:]] + optionSettings(path) {
            let result = RulesDescriber.describe(path: path, options: options)
            guard case .success(let description) = result else {
                Issue.record("\(name) \(options) does not check")
                continue
            }
            for text in description.allText {
                expectNotContains(text, RulesDescription.gap, "\(name) \(options): \(text)")
                expectTrue(!text.contains("Int.max") && !text.contains("9223372036854775807"), "\(name): \(text)")
            }
            let loaded = RuleLoader.load(path: path)
            var checker = Checker(declarations: loaded.declarations ?? [], path: path, options: options)
            let checked = checker.check()
            let game = try #require(checked)
            for zone in game.zones { expectNotEqual(description.section(.zone(zone.name)), nil, "\(name): zone \(zone.name)") }
            for action in game.actions { expectNotEqual(description.section(.action(action.name)), nil, "\(name): action \(action.name)") }
            for removal in game.removals { expectNotEqual(description.section(.removal(removal.name)), nil) }
            expectTrue(description.section(.win) != nil && description.section(.deal) != nil)
            expectTrue(description.section(.effects) != nil || game.effects.isEmpty)
        }
    }

    /// The fixture games of memories, scores, deal lines with bodies and removals.
    @Test(arguments: ["BaseCard", "Thirteens"]) func theConstructFixturesAreDescribedWithoutAGap(_ name: String) throws {
        let path = TestPaths.fixture("Constructs/\(name).patience").path
        guard case .success(let description) = RulesDescriber.describe(path: path) else {
            Issue.record("\(name) does not check")
            return
        }
        expectTrue(description.allText.allSatisfy { !$0.contains(RulesDescription.gap) })
        if name == "BaseCard" {
            let text = sentences(description)
            expectContains(text, "The score is the number of cards in the foundation.")
            expectContains(text, "- Set 'shuffled' to true.")
            expectContains(text, "- Set 'base' to the rank of the top card of the pile that received the card.")
            expectContains(text, "- 'base', a number, at first 0.")
        }
    }

    @Test func thePairGameFixtureIsDescribedWithoutAGap() throws {
        let path = TestPaths.fixture("Constructs/Thirteens.patience").path
        guard case .success(let description) = RulesDescriber.describe(path: path) else {
            Issue.record("Thirteens does not check")
            return
        }
        expectTrue(description.allText.allSatisfy { !$0.contains(RulesDescription.gap) })
        let text = sentences(description)
        expectContains(text, "The top cards of two piles P and Q of the tableau can be put together on the discard when the rank of the top card of P plus the rank of the top card of Q is 13.")
        expectContains(text, "The top card of a pile P of the tableau can be put on the discard when the top card of P is a king.")
    }
}

@Suite struct DescribeSentencesTests {
    static let base = """
        game "G"
        decks 1
        zone stock 1
        zone waste 1
        zone foundation 4
        zone tableau 7
        deal tableau index cards with top 1 face up by row
        deal stock rest face down

        """

    @Test func theOptionValuesAreWorkedIn() {
        let source = Self.base + """
            option draw: 1 | 3 = 1
            option redeals: 0 ... 3 | unlimited = 2
            action draw: tap stock when not stock.empty limit redeals { deal draw from stock to waste face up }
            won when all(f in foundation: f.size == 13)
            """
        let defaults = sentences(describe(source))
        expectContains(defaults, "Tap the stock when the stock is not empty (at most twice in a game) to:")
        expectContains(defaults, "- Deal 1 card from the stock to the waste, face up.")
        expectContains(defaults, "- draw = 1 (one of 1 | 3; the default is 1)")
        let three = sentences(describe(source, options: ["draw": "3", "redeals": "unlimited"]))
        expectContains(three, "- Deal 3 cards from the stock to the waste, one at a time, face up.")
        expectContains(three, "Tap the stock when the stock is not empty (as often as you like) to:")
        expectContains(three, "- draw = 3 (one of 1 | 3; the default is 1)")
    }

    @Test func conditionsThatTheOptionsDecideAreFolded() {
        let source = Self.base + """
            option strict: false | true = false
            accept foundation {
              if strict { require run.first.rank == A } else { require run.size == 1 }
            }
            won when foundation.size == 52
            """
        expectContains(sentences(describe(source)), "- A single card is moving.")
        let strict = sentences(describe(source, options: ["strict": "true"]))
        expectContains(strict, "- The bottom moving card is an ace.")
        expectTrue(!strict.contains { $0.hasPrefix("- If ") })
    }

    @Test func buildsAndQuantifiersReadAsEnglish() {
        let source = Self.base + """
            relation build = alternate colour down
            relation home = same suit up wrapping
            lift tableau { require sequence(run, build) }
            accept tableau {
              if pile.empty { require run.first.rank == K } else { require builds(top, run.first, build) }
            }
            accept foundation { require all(f in foundation: f != source) and builds(top, run.first, home) }
            capacity tableau = count(t in tableau: t.empty) + 1
            won when all(f in foundation: f.size == 13)
            """
        let text = sentences(describe(source))
        expectContains(text, "- Each of the moving cards is one rank below the card under it and of the other colour.")
        expectContains(text, "- The bottom moving card is a king.")
        expectContains(text, "- The bottom moving card is one rank below the top card of the pile and of the other colour.")
        expectContains(text, "- The pile the cards come from is not a foundation pile and the bottom moving card is one rank above the top card of the pile and of the same suit (an ace and a king are neighbours).")
        expectContains(text, "A move onto a tableau pile brings at most the number of tableau piles that are empty plus 1 cards.")
        expectContains(text, "The game is won when every foundation pile holds 13 cards.")
        expectContains(text, "No card is ever moved from or onto the stock by the player.")
    }

    @Test func effectsActionsMemoriesAndDefinitionsAreDescribed() {
        let source = Self.base + """
            memory passes = 0
            let spare = count(c in tableau: c.empty)
            lift tableau {}
            accept foundation { require spare >= 1 }
            action turn: tap stock when stock.size > 2 {
              move 3 from stock to waste
              set passes = passes + 1
            }
            effect reveal { for t in tableau { flip t } }
            effect fill { try move 1 from waste to foundation }
            won when stock.empty and waste.empty
            """
        let description = describe(source)
        let text = sentences(description)
        expectContains(text, "Any face-up card of a tableau pile can be moved, together with the cards on it.")
        expectContains(text, "- 'spare' is at least 1.")
        expectContains(text, "Tap the stock when the stock holds more than 2 cards to:")
        expectContains(text, "- Move 3 cards together, keeping their order, from the stock to the waste.")
        expectContains(text, "- Set 'passes' to 'passes' plus 1.")
        expectContains(text, "- Turn the top card of P face up if it is face down.")
        expectContains(text, "- Move 1 card from the waste to the first foundation pile that takes them, if the rules allow that move.")
        expectContains(text, "- 'passes', a number, at first 0.")
        expectContains(text, "- 'spare' means the number of tableau piles that are empty.")
        expectContains(text, "The game is won when the stock is empty and the waste is empty.")
        expectTrue(description?.section(.memory) != nil && description?.section(.definitions) != nil)
    }

    @Test func dealLinesSayCountsFacesAndFilters() {
        let source = """
            game "G"
            decks 1
            zone foundation 4
            zone tableau 4
            deal foundation 1 card where card.rank == A
            deal tableau 12 cards by pile
            accept foundation {}
            won when tableau.empty
            """
        let text = sentences(describe(source))
        expectContains(text, "- 1 card to each pile of the foundation, face up, dealt in rows.")
        expectContains(text, "- Only cards such that the card is an ace.")
        expectContains(text, "- 12 cards to each pile of the tableau, face up, one pile filled after another.")
        expectContains(text, "A foundation pile takes any cards moved to it.")
    }

    @Test func aFileWithErrorsIsNotDescribed() {
        guard case .failure(let error) = RulesDescriber.describe(path: "<input>", source: "game \"G\"\nzone a 1\nwon when b.empty\n") else {
            Issue.record("described a file with errors")
            return
        }
        expectTrue(error.diagnostics.contains { $0.severity == .error })
        guard case .failure(let unknown) = RulesDescriber.describe(path: TestPaths.rules("Klondike"), options: ["drow": "3"]) else {
            Issue.record("described with an unknown option")
            return
        }
        expectFalse(unknown.diagnostics.isEmpty)
    }
}

@Suite struct DescriptionRenderingTests {
    static let sample = RulesDescription(title: "A <b> & *c*", sections: [
        .init(subject: .win, heading: "Winning", blocks: [
            .paragraph(String(repeating: "word ", count: 40) + "end."),
            .list([.init("one", [.init("two_2")])]),
        ]),
    ])

    @Test func plainTextWrapsAndUnderlines() {
        let text = Self.sample.plainText(width: 30)
        let lines = text.split(separator: "\n")
        expectTrue(lines[0] == "A <b> & *c*" && lines[1] == "===========")
        expectTrue(lines.allSatisfy { $0.count <= 30 })
        expectContains(text, "\n- one\n  - two_2\n")
    }

    @Test func markdownEscapesMarkup() {
        let markdown = Self.sample.markdown()
        expectHasPrefix(markdown, "# A \\<b\\> & \\*c\\*\n\n## Winning\n")
        expectContains(markdown, "\n- one\n  - two\\_2\n")
    }

    @Test func jsonHoldsSubjectsAndBlocks() throws {
        let data = Data(Self.sample.json().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        expectEqual(object["title"] as? String, "A <b> & *c*")
        let section = try #require((object["sections"] as? [[String: Any]])?.first)
        expectTrue(section["subject"] as? String == "win" && section["heading"] as? String == "Winning" && section["name"] == nil)
        let blocks = try #require(section["blocks"] as? [[String: Any]])
        expectEqual((blocks[0]["paragraph"] as? String)?.hasSuffix("end."), true)
        let item = try #require((blocks[1]["list"] as? [[String: Any]])?.first)
        expectTrue(item["text"] as? String == "one" && (item["items"] as? [[String: Any]])?.first?["text"] as? String == "two_2")
        let zone = RulesDescription(title: "T", sections: [.init(subject: .zone("tableau"), heading: "H", blocks: [])]).json()
        expectTrue(zone.contains(#""name" : "tableau""#) && zone.contains(#""subject" : "zone""#))
    }

    @Test func htmlEscapesAndNests() {
        let html = Self.sample.html()
        expectContains(html, "<title>A &lt;b&gt; &amp; *c*</title>")
        expectContains(html, "<ul>\n<li>one\n<ul>\n<li>two_2</li>\n</ul>\n</li>\n</ul>")
        expectTrue(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
    }
}

/// The English of `pile in zone`, of a conditional relation and of a rule serving several zones.
@Suite struct DescribeZoneConstructTests {
    @Test func membershipAndChosenRelationsAreDescribed() {
        let text = sentences(describe("""
            game "T"
            decks 1
            zone stock 1
            zone reserve 2
            zone foundation 4
            deal stock rest
            relation up_suit = same suit up
            relation down_suit = same suit down
            lift reserve, stock {}
            accept foundation {
              require not (source in reserve)
              require builds(top, run.first, if pile.index <= 2 then up_suit else down_suit)
            }
            won when stock.empty
            """)).joined(separator: "\n")
        expectContains(text, "The pile the cards come from is not a reserve pile.")
        expectContains(text, "and of the same suit if the position of the pile in its zone is at most 2, otherwise the bottom moving card is one rank below")
        expectNotContains(text, RulesDescription.gap)
    }
}
