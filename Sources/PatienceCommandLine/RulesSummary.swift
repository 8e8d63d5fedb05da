import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine

/// The rules as `patience play`'s `rules` command shows them.
///
/// Until `patience describe` (issue 17) can describe a game from its rules, this is the rule
/// file's own comments, in file order, under the game's name and option values. Only
/// `lines(for:)` needs to change when the described rules land.
enum RulesSummary {
    static func lines(for rules: GameRules) -> [String] {
        var lines = [rules.name.isEmpty ? "Patience" : RefusalWording.printable(rules.name)]
        if !rules.optionValues.isEmpty {
            let settings = rules.optionValues.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value == Int.max ? "unlimited" : String($0.value))" }
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
