import PatienceCards

/// The formats `patience describe` writes.
package enum DescriptionFormat: String, Sendable, CaseIterable {
    case text, markdown, html, json
}

extension RulesDescription {
    /// The description in `format`, ending with a line break.
    package func rendered(as format: DescriptionFormat) -> String {
        switch format {
        case .text: return plainText()
        case .markdown: return markdown()
        case .html: return html()
        case .json: return json()
        }
    }

    /// Plain text wrapped at 100 columns: headings underlined, lists with dashes.
    package func plainText(width: Int = 100) -> String {
        var lines = [title, String(repeating: "=", count: title.count)]
        for section in sections {
            lines += ["", section.heading, String(repeating: "-", count: section.heading.count)]
            for block in section.blocks {
                switch block {
                case .paragraph(let text): lines += Self.wrap(text, width: width, first: "", rest: "")
                case .list(let items): lines += items.flatMap { Self.textLines($0, depth: 0, width: width) }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func textLines(_ item: Item, depth: Int, width: Int) -> [String] {
        let indent = String(repeating: "  ", count: depth)
        return wrap(item.text, width: width, first: indent + "- ", rest: indent + "  ")
            + item.items.flatMap { textLines($0, depth: depth + 1, width: width) }
    }

    /// Breaks `text` at spaces so that no line is longer than `width` unless one word is.
    static func wrap(_ text: String, width: Int, first: String, rest: String) -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// Markdown: the title a first-level heading, sections second-level.
    package func markdown() -> String {
        var lines = ["# \(Self.markdownEscaped(title))"]
        for section in sections {
            lines += ["", "## \(Self.markdownEscaped(section.heading))"]
            for block in section.blocks {
                lines.append("")
                switch block {
                case .paragraph(let text): lines.append(Self.markdownEscaped(text))
                case .list(let items): lines += items.flatMap { Self.markdownLines($0, depth: 0) }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func markdownLines(_ item: Item, depth: Int) -> [String] {
        [String(repeating: "  ", count: depth) + "- " + markdownEscaped(item.text)]
            + item.items.flatMap { markdownLines($0, depth: depth + 1) }
    }

    /// Escapes the characters that Markdown would read as markup.
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A complete HTML document.
    package func html() -> String {
        var lines = ["<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
                     "<title>\(Self.htmlEscaped(title))</title>", "</head>", "<body>", "<h1>\(Self.htmlEscaped(title))</h1>"]
        for section in sections {
            lines.append("<section>")
            lines.append("<h2>\(Self.htmlEscaped(section.heading))</h2>")
            for block in section.blocks {
                switch block {
                case .paragraph(let text): lines.append("<p>\(Self.htmlEscaped(text))</p>")
                case .list(let items): lines += Self.htmlList(items)
                }
            }
            lines.append("</section>")
        }
        lines += ["</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func htmlList(_ items: [Item]) -> [String] {
        ["<ul>"] + items.flatMap { item -> [String] in
            item.items.isEmpty ? ["<li>\(htmlEscaped(item.text))</li>"]
                : ["<li>\(htmlEscaped(item.text))"] + htmlList(item.items) + ["</li>"]
        } + ["</ul>"]
    }

    /// Escapes `&`, `<`, `>` and `"`.
    static func htmlEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}

extension RulesDescription.Section {
    /// The section as Markdown, its heading in bold, for a hover.
    package func markdown() -> String {
        var lines = ["**\(RulesDescription.markdownEscaped(heading))**"]
        for block in blocks {
            lines.append("")
            switch block {
            case .paragraph(let text): lines.append(RulesDescription.markdownEscaped(text))
            case .list(let items): lines += items.flatMap { RulesDescription.markdownItemLines($0, depth: 0) }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension RulesDescription {
    static func markdownItemLines(_ item: Item, depth: Int) -> [String] {
        [String(repeating: "  ", count: depth) + "- " + markdownEscaped(item.text)]
            + item.items.flatMap { markdownItemLines($0, depth: depth + 1) }
    }

    /// What a build relation means, as a sentence: `A card goes on another one rank below it and of the other colour.`
    package static func relationSentence(_ relation: BuildRelation) -> String {
        Phrases.sentence("a card may go on another when it is \(Phrases.relationPhrase(relation, lower: "that card"))")
    }
}
