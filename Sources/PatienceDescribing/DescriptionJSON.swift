import Foundation

/// `patience describe --format json`: the description for programs. Each section has its
/// `subject` (`overview`, `options`, `deal`, `zone`, `action`, `effects`, `removal`, `memory`,
/// `win`, `score`, `definitions`), the `name` of its zone, action or removal, its `heading` and
/// its `blocks`, each `{"paragraph": text}` or `{"list": [{"text": …, "items": […]}]}`.
extension RulesDescription: Encodable {
    private enum Keys: String, CodingKey { case title, sections }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(title, forKey: .title)
        try container.encode(sections, forKey: .sections)
    }

    /// The description as JSON, keys sorted, ending with a line break.
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}

extension RulesDescription.Section: Encodable {
    private enum Keys: String, CodingKey { case subject, name, heading, blocks }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        let (kind, name): (String, String?)
        switch subject {
        case .overview: (kind, name) = ("overview", nil)
        case .options: (kind, name) = ("options", nil)
        case .deal: (kind, name) = ("deal", nil)
        case .zone(let zone): (kind, name) = ("zone", zone)
        case .action(let action): (kind, name) = ("action", action)
        case .effects: (kind, name) = ("effects", nil)
        case .removal(let removal): (kind, name) = ("removal", removal)
        case .memory: (kind, name) = ("memory", nil)
        case .win: (kind, name) = ("win", nil)
        case .score: (kind, name) = ("score", nil)
        case .definitions: (kind, name) = ("definitions", nil)
        case .references: (kind, name) = ("references", nil)
        }
        try container.encode(kind, forKey: .subject)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(heading, forKey: .heading)
        try container.encode(blocks, forKey: .blocks)
    }
}

extension RulesDescription.Block: Encodable {
    private enum Keys: String, CodingKey { case paragraph, list }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .paragraph(let text): try container.encode(text, forKey: .paragraph)
        case .list(let items): try container.encode(items, forKey: .list)
        }
    }
}

extension RulesDescription.Item: Encodable {
    private enum Keys: String, CodingKey { case text, items }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(text, forKey: .text)
        if !items.isEmpty { try container.encode(items, forKey: .items) }
    }
}
