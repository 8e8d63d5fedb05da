/// A game's rules in English, as `patience describe` writes them: a title, a summary paragraph and
/// sections, each about one part of the game (the deal, a zone, an action, the effects, the win).
package struct RulesDescription: Sendable, Equatable {
    /// The text written where the describer meets a construct it cannot put into words. No bundled
    /// game may contain it (`DescribeTests` checks every file of `Rules/`).
    package static let gap = "[not described]"

    /// What a section is about, so that a caller (the language server's hover) can find it.
    package enum Subject: Hashable, Sendable {
        case overview, options, deal, zone(String), action(String), effects, removal(String), memory, win, score, definitions, references
    }

    /// One block of a section.
    package enum Block: Sendable, Equatable {
        case paragraph(String)
        /// Items of a list; an item may have items of its own.
        case list([Item])
    }

    /// One item of a list, with the items under it.
    package struct Item: Sendable, Equatable {
        package var text: String
        package var items: [Item]

        package init(_ text: String, _ items: [Item] = []) {
            self.text = text
            self.items = items
        }
    }

    /// One part of the description under its heading.
    package struct Section: Sendable, Equatable {
        package var subject: Subject
        package var heading: String
        package var blocks: [Block]
    }

    /// The game's name.
    package var title: String
    package var sections: [Section]

    /// The section about `subject`, if the game has one.
    package func section(_ subject: Subject) -> Section? {
        sections.first { $0.subject == subject }
    }

    /// Every piece of text in the description, for searching it (for a gap, in the tests).
    package var allText: [String] {
        func texts(_ item: Item) -> [String] { [item.text] + item.items.flatMap(texts) }
        return [title] + sections.flatMap { section in
            [section.heading] + section.blocks.flatMap { block -> [String] in
                switch block {
                case .paragraph(let text): return [text]
                case .list(let items): return items.flatMap(texts)
                }
            }
        }
    }
}
