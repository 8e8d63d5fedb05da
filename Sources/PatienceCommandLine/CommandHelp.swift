import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// The text of `--help` screens and usage lines, derived from a `CommandSpec` so that they
/// cannot drift from what the parser accepts.
struct CommandHelp: Sendable {
    var spec: CommandSpec
    /// Subcommands and their one-line summaries, listed only on the top-level screen.
    var subcommands: [(name: String, summary: String)] = []

    /// The column at which descriptions start, and the width text wraps to.
    private let descriptionColumn = 26
    private let lineWidth = 80

    /// `USAGE: patience lint <path>... [--format <format>] …`, without the `USAGE: ` label.
    var usage: String {
        var words = [spec.commandName]
        if !subcommands.isEmpty { words.append("<subcommand>") }
        words += spec.arguments.map(\.synopsis)
        words += spec.options.map { "[\($0.synopsis)\($0.isRepeatable ? " ..." : "")]" }
        return words.joined(separator: " ")
    }

    /// `USAGE: ` and the usage line, wrapped at the line width between words, each further
    /// line indented under the command's first argument.
    var wrappedUsage: String {
        let label = "USAGE: "
        let head = label + spec.commandName
        let indent = String(repeating: " ", count: min(head.count + 1, lineWidth / 2))
        var words = usage.dropFirst(spec.commandName.count).split(separator: " ").map(String.init)
        // An option and its value stay together: `[--format`, `<format>]`.
        var joined: [String] = []
        while !words.isEmpty {
            var word = words.removeFirst()
            while word.hasPrefix("[") && !word.hasSuffix("]"), !words.isEmpty { word += " " + words.removeFirst() }
            joined.append(word)
        }
        var lines = [head]
        for word in joined {
            if lines[lines.count - 1].count + 1 + word.count > lineWidth {
                lines.append(indent + word)
            } else {
                lines[lines.count - 1] += " " + word
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Every exit status the command can return, in the order listed: its own, then those of
    /// every command; none for a spec that lists none.
    var exitStatuses: [ExitStatus] {
        spec.exitStatuses.isEmpty ? [] : spec.exitStatuses + ExitStatus.common.filter { spec.reportsIOErrors || $0.code != .ioError }
    }

    /// The whole help screen, ending with a newline.
    var text: String {
        var sections = ["OVERVIEW: \(spec.summary)"]
        if !spec.discussion.isEmpty { sections.append(reflowed(spec.discussion)) }
        sections.append(wrappedUsage)

        if !spec.arguments.isEmpty {
            sections.append(
                "ARGUMENTS:\n" + spec.arguments.map { entry("<\($0.name)>", $0.help) }.joined(separator: "\n"))
        }

        var options = spec.options.map { option -> String in
            var description = option.help
            if case .value(_, _, let defaultValue?) = option.kind {
                description += " (default: \(defaultValue))"
            }
            let names = option.shortName.map { "-\($0), \(option.synopsis)" } ?? option.synopsis
            return entry(names, description)
        }
        options.append(entry("-h, --help", "Show help information."))
        sections.append("OPTIONS:\n" + options.joined(separator: "\n"))

        if !exitStatuses.isEmpty {
            sections.append(
                "EXIT STATUS:\n" + exitStatuses.map { entry(String($0.code.rawValue), $0.meaning) }.joined(separator: "\n"))
        }

        if !subcommands.isEmpty {
            sections.append(
                "SUBCOMMANDS:\n" + subcommands.map { entry($0.name, $0.summary) }.joined(separator: "\n")
                    + "\n\n  See '\(spec.commandName) help <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// One indented `name  description` row, with the description wrapped in its own column.
    private func entry(_ name: String, _ description: String) -> String {
        let indent = String(repeating: " ", count: descriptionColumn)
        let lines = wrap(description, width: lineWidth - descriptionColumn)
        let head = "  " + name
        var rows: [String]
        if head.count + 2 <= descriptionColumn {
            rows = [head.padding(toLength: descriptionColumn) + (lines.first ?? "")]
            rows += lines.dropFirst().map { indent + $0 }
        } else {
            // A name too long for its column gets a line to itself.
            rows = [head] + lines.map { indent + $0 }
        }
        return rows.joined(separator: "\n")
    }

    /// The discussion with each paragraph of prose wrapped to the line width, so that its lines
    /// are as even as the options' whatever the source's line breaks; a paragraph with an
    /// indented line (an example, a list) is kept as written.
    private func reflowed(_ discussion: String) -> String {
        discussion.components(separatedBy: "\n\n").map { paragraph -> String in
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            // Indented lines and list items ("- ") keep their breaks; a line may start with an option's name.
            guard !lines.contains(where: { $0.first == " " || $0.hasPrefix("- ") }) else { return paragraph }
            return wrap(lines.joined(separator: " "), width: lineWidth).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    private func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
