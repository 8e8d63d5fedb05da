import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceLanguage

/// The words of the alternations `(?:a|b|c)` and `\(a\|b\|c\)` in a pattern, and of a
/// `syn keyword GROUP a b c` line.
private func alternationWords(_ pattern: String) -> Set<String> {
    var words = Set<String>()
    var rest = Substring(pattern)
    for opener in ["(?:", "\\("] {
        rest = Substring(pattern)
        while let start = rest.range(of: opener) {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: ")") else { break }
            var body = String(after[..<end])
            if body.hasSuffix("\\") { body.removeLast() }
            let parts = body.replacingOccurrences(of: "\\|", with: "|").split(separator: "|").map(String.init)
            if parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0 == "_" } }) { words.formUnion(parts) }
            rest = after[after.index(after: end)...]
        }
    }
    return words
}

/// Every set of words the language knows, by the group the editor grammars give it.
private let groups: [(name: String, textMate: String, vim: String, words: Set<String>)] = [
    ("declaration starts", "declaration-keywords", "patienceDeclaration", Keywords.declarationStarts),
    ("statement starts", "statement-keywords", "patienceStatement", Keywords.statementStarts),
    ("clause words", "clause-keywords", "patienceClause", Keywords.clauseWords),
    ("word operators", "word-operators", "patienceOperatorWord", Keywords.wordOperators),
    ("literals", "literal-words", "patienceLiteral", Keywords.literalWords),
    ("quantifiers", "quantifiers", "patienceQuantifier", Keywords.quantifiers),
    ("suits and colours", "suits-and-colours", "patienceSuit", Keywords.suitAndColourWords),
    ("contextual words", "contextual-words", "patienceContextual", Keywords.contextual),
    ("functions", "functions", "patienceFunction", Set(Keywords.functions.keys)),
    ("roles", "role", "patienceRole", Set(Keywords.roles)),
]

private let allKnownWords = groups.reduce(into: Set<String>()) { $0.formUnion($1.words) }

/// The editor grammars of `Editors/` are tested against the lexer's word lists, both ways: every
/// word of a group is in the grammar's group, and the grammar colours no word the language lacks.
@Suite struct EditorGrammarTests {
    private static let editors = TestPaths.packageRoot.appendingPathComponent("Editors")

    @Test func theReservedWordsArePartitionedIntoGroups() {
        let partition: [Set<String>] = [Keywords.declarationStarts.union(Keywords.statementStarts), Keywords.clauseWords,
                                         Keywords.wordOperators, Keywords.literalWords, Keywords.quantifiers, Keywords.suitAndColourWords]
        expectEqual(partition.reduce(into: Set<String>()) { $0.formUnion($1) }, Keywords.reserved)
        expectTrue(Keywords.contextual.isDisjoint(with: Keywords.reserved))
        expectEqual(Set(Keywords.roles), Set(ZoneRole.allCases.map(\.rawValue)))
    }

    /// Every word the parser accepts in one position is a contextual word (or reserved).
    @Test func theParsersContextualWordsAreListed() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Sources/PatienceLanguage")
        var found = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("Parser") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for call in ["acceptWord(\"", "expectWord(\"", "isWord(\"", "word == \""] {
                var rest = Substring(text)
                while let start = rest.range(of: call) {
                    let after = rest[start.upperBound...]
                    guard let end = after.firstIndex(of: "\"") else { break }
                    found.insert(String(after[..<end]))
                    rest = after[end...]
                }
            }
        }
        found.formUnion(ParameterType.allCases.map(\.rawValue))
        expectFalse(found.isEmpty)
        expectEqual(found.subtracting(Keywords.contextual).subtracting(Keywords.reserved), [])
    }

    /// Grammar.md's section 2.4 lists the same reserved and contextual words as the lexer.
    @Test func theGrammarDocumentListsTheSameWords() throws {
        let grammar = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Grammar.md"), encoding: .utf8)
        let reservedStart = try #require(grammar.range(of: "**Reserved words**"))
        let block = grammar[reservedStart.upperBound...].split(separator: "```", maxSplits: 2)[1]
        expectEqual(Set(block.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)), Keywords.reserved)
        let contextualStart = try #require(grammar.range(of: "**Contextual words**"))
        let paragraph = String(grammar[contextualStart.upperBound...]).components(separatedBy: " So ")[0]
        let quoted = paragraph.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }.filter { $0.allSatisfy { $0.isLetter } }
        expectEqual(Set(quoted).subtracting(Keywords.reserved), Keywords.contextual)
    }

    @Test func theTextMateGrammarColoursExactlyTheLanguagesWords() throws {
        let data = try Data(contentsOf: Self.editors.appendingPathComponent("patience.tmLanguage.json"))
        let grammar = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        expectEqual(grammar["scopeName"] as? String, "source.patience")
        let repository = try #require(grammar["repository"] as? [String: [String: Any]])
        for group in groups {
            let match = try #require(repository[group.textMate]?["match"] as? String, "no \(group.textMate) in the grammar")
            expectEqual(alternationWords(match), group.words, "\(group.name)")
        }
        // The patterns the grammar includes are all defined, and no pattern names an unknown word.
        let included = (grammar["patterns"] as? [[String: String]] ?? []).compactMap { $0["include"]?.dropFirst() }
        expectEqual(Set(included.map(String.init)), Set(repository.keys))
        for (key, entry) in repository {
            let words = alternationWords(entry["match"] as? String ?? "")
            expectEqual(words.subtracting(allKnownWords), [], "\(key)")
        }
    }

    @Test func theVimSyntaxColoursExactlyTheLanguagesWords() throws {
        let text = try String(contentsOf: Self.editors.appendingPathComponent("vim/syntax/patience.vim"), encoding: .utf8)
        var byGroup: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            if fields.count > 3, fields[0] == "syn", fields[1] == "keyword", fields[2].hasPrefix("patience"), fields[2] != "patienceTodo" {
                byGroup[fields[2], default: []].formUnion(fields[3...])
            } else if fields.count >= 4, fields[0] == "syn", fields[1] == "match" {
                byGroup[fields[2], default: []].formUnion(alternationWords(fields[3...].joined(separator: " ")))
            }
        }
        for group in groups {
            expectEqual(byGroup[group.vim], group.words, "\(group.name)")
        }
        for (name, words) in byGroup {
            expectEqual(words.subtracting(allKnownWords), [], "\(name)")
        }
        let detect = try String(contentsOf: Self.editors.appendingPathComponent("vim/ftdetect/patience.vim"), encoding: .utf8)
        expectTrue(detect.contains("*.patience") && detect.contains("setfiletype patience"))
    }
}
