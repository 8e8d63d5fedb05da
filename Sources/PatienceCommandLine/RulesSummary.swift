import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine
import PatienceDescribing

/// The rules as `patience play`'s `rules` command shows them: the game described in English by
/// `patience describe`, with the option values being played. Should the file no longer check
/// (it changed on disk since the game began), the rule file's own comments are shown instead.
enum RulesSummary {
    static func lines(for rules: GameRules) -> [String] {
        let options = Dictionary(uniqueKeysWithValues: rules.optionValues.map { ($0.key, rules.optionText($0.key, value: $0.value)) })
        if case .success(let description) = RulesDescriber.describe(path: rules.file, options: options) {
            var text = description.plainText(width: 80)
            if text.hasSuffix("\n") { text.removeLast() }
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { RefusalWording.printable(String($0)) }
        }
        var lines = [rules.name.isEmpty ? "Patience" : RefusalWording.printable(rules.name)]
        if !rules.optionValues.isEmpty {
            let settings = rules.optionValues.sorted { $0.key < $1.key }
                .map { "\($0.key)=\(rules.optionText($0.key, value: $0.value))" }
            lines.append("options: " + settings.joined(separator: " "))
        }
        let text = RuleLoader.read(path: rules.file).text ?? ""
        let comments = commentParagraphs(of: text)
        guard !comments.isEmpty else {
            return lines + ["", "\(rules.file) has no comments to show; it states the rules in its own language."]
        }
        lines.append("")
        for paragraph in comments { lines += paragraph + [""] }
        lines.append("(from the comments of \(rules.file))")
        return lines
    }

    /// The file's comment lines without their `#`, grouped into paragraphs of adjacent lines.
    /// Comments after code on the same line are left out: they explain the code, not the game.
    static func commentParagraphs(of text: String) -> [[String]] {
        var paragraphs: [[String]] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") {
                let body = trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                current.append(RefusalWording.printable(body))
            } else if !current.isEmpty {
                paragraphs.append(current)
                current = []
            }
        }
        if !current.isEmpty { paragraphs.append(current) }
        return paragraphs
    }
}
