import PatienceCards
import PatienceLanguage
import PatienceChecking

/// LSP completion item kinds used here.
private enum ItemKind {
    static let function = 3, field = 5, variable = 6, property = 10, value = 12, keyword = 14, enumMember = 20, constant = 21, `operator` = 24
}

extension LanguageServer {
    /// Completions for the place of the cursor: properties after `.`, declaration keywords at
    /// the start of a top-level line, statement keywords and names inside a block, roles after
    /// `as`, relation words after `relation … =`, zones after a rule's keyword, card literals for
    /// a capital letter or digit, and names, functions and words of expressions elsewhere.
    func completion(_ document: Document, at offset: Int) -> JSON {
        // The word being typed, if the cursor is at its end or inside it.
        var prefix = ""
        var before = document.tokens.lastIndex { $0.range.end.offset <= offset && $0.kind != .endOfFile }
        if let index = document.tokenIndex(at: offset), document.tokens[index].range.start.offset < offset {
            let token = document.tokens[index]
            let bytes = Array(document.text.utf8)
            prefix = String(decoding: bytes[token.range.start.offset..<min(offset, bytes.count)], as: UTF8.self)
            before = index > 0 ? index - 1 : nil
        }
        let previous = before.map { document.tokens[$0] }
        let line = document.lines.position(ofOffset: offset).line
        let lineTokens = (before.map { document.tokens[...$0] } ?? []).filter { document.lines.position(ofOffset: $0.range.start.offset).line == line }
        let depth = document.tokens.prefix { $0.range.end.offset <= offset }.reduce(0) { depth, token in
            token.kind == .symbol(.leftBrace) ? depth + 1 : token.kind == .symbol(.rightBrace) ? max(0, depth - 1) : depth
        }
        var items: [(String, Int, String?)] = []
        let declared = DeclaredName.all(in: workspace.loaded(document).declarations ?? document.ownDeclarations)

        if previous?.kind == .symbol(.dot) {
            var seen = Set<String>()
            for property in Property.allCases {
                for name in property.row.names where seen.insert(name).inserted {
                    items.append((name, ItemKind.property, "\(property.row.base.rawValue).\(name): \(property.row.meaning)"))
                }
            }
        } else if let first = prefix.first, first.isUppercase || first.isNumber {
            let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
            for rank in ranks {
                if ["A", "J", "Q", "K"].contains(rank) { items.append((rank, ItemKind.constant, "the rank")) }
                for suit in ["C", "D", "H", "S"] { items.append((rank + suit, ItemKind.constant, "a card")) }
            }
        } else if lineTokens.isEmpty {
            let keywords = depth == 0 ? Keywords.declarationStarts : Keywords.statementStarts
            items += keywords.sorted().map { ($0, ItemKind.keyword, nil) }
            if depth > 0 { items += expressionItems(declared) }
        } else if previous?.word == "as", lineTokens.first?.word == "zone" {
            items += Keywords.roles.map { ($0, ItemKind.enumMember, "a zone's role") }
        } else if lineTokens.first?.word == "relation", lineTokens.contains(where: { $0.kind == .symbol(.assign) }) {
            items += SuitRelation.allCases.map { ($0.rawValue, ItemKind.enumMember, "how the suits relate") }
            items += RankStep.allCases.map { ($0.rawValue, ItemKind.enumMember, "how the ranks step") }
            items.append(("wrapping", ItemKind.keyword, "ranks turn the corner"))
        } else if ["lift", "accept", "capacity", "deal", "tap", "in", "layout"].contains(previous?.word ?? "")
                    || previous?.kind == .symbol(.comma)
                    && ["remove", "lift", "accept", "capacity"].contains(lineTokens.first { $0.word != "override" }?.word ?? "") {
            // A zone's name comes next (after `in` a run may too, so the expression's names follow).
            items += declared.values.filter { $0.kind == .zone }.map { ($0.name, ItemKind.field, "zone") }.sorted { $0.0 < $1.0 }
            if previous?.word == "in" { items += expressionItems(declared) }
        } else {
            items += expressionItems(declared)
        }
        let filtered = items.filter { prefix.isEmpty || $0.0.hasPrefix(prefix) }
        var seen = Set<String>()
        return ["isIncomplete": false, "items": .array(filtered.filter { seen.insert($0.0).inserted }.map { label, kind, detail in
            var item: [String: JSON] = ["label": .string(label), "kind": .int(kind)]
            if let detail { item["detail"] = .string(detail) }
            return .object(item)
        })]
    }

    /// The names, functions and words an expression may use.
    private func expressionItems(_ declared: [String: DeclaredName]) -> [(String, Int, String?)] {
        var items: [(String, Int, String?)] = []
        for name in declared.values.sorted(by: { $0.name < $1.name }) {
            let kind: Int
            switch name.kind {
            case .zone: kind = ItemKind.field
            case .option: kind = ItemKind.constant
            case .relation: kind = ItemKind.operator
            case .definition: kind = ItemKind.function
            case .memory: kind = ItemKind.variable
            case .action, .effect, .removal: kind = ItemKind.value
            }
            if name.kind == .effect || name.kind == .removal { continue }
            items.append((name.name, kind, name.kind.rawValue))
        }
        items += Keywords.functions.keys.sorted().map { ($0, ItemKind.function, functionMeanings[$0]?.signature) }
        items += contextNameMeanings.keys.sorted().map { ($0, ItemKind.variable, contextNameMeanings[$0]) }
        items += Keywords.quantifiers.sorted().map { ($0, ItemKind.keyword, "quantifier") }
        items += Keywords.literalWords.sorted().map { ($0, ItemKind.constant, nil) }
        items += Keywords.suitAndColourWords.sorted().map { ($0, ItemKind.constant, nil) }
        items += (Keywords.wordOperators.union(["then", "else"])).sorted().map { ($0, ItemKind.keyword, nil) }
        return items
    }
}
