import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceDescribing

/// What the names the rules supply mean (Grammar.md 5.2).
let contextNameMeanings: [String: String] = [
    "pile": "the pile being judged: the source in a `lift` rule, the destination in an `accept` rule, the tapped pile in an action, the pile that just received a card in `after each card`",
    "run": "the cards being moved, bottom first (`lift` and `accept` rules)",
    "source": "the pile the cards come from (`accept` rules)",
    "top": "the destination's top card (`accept` rules)",
    "index": "the pile's 1-based position in its zone (a deal line's counts and conditions on `card`)",
    "card": "the card being dealt (a deal line's conditions)",
    "move": "the play that set the effects off (effects): `move.source`, `move.destination` (piles) and `move.size` (cards moved, 0 for a tap)",
]

/// The built-in functions' signatures and meanings (Grammar.md 4.3).
let functionMeanings: [String: (signature: String, meaning: String)] = [
    "builds": ("builds(lower: card, upper: card, r: relation) -> condition", "whether `upper` may lie on `lower` by the relation"),
    "sequence": ("sequence(cards, r: relation) -> condition", "whether each card of the run lies on the one under it by the relation"),
    "segments": ("segments(cards, r: relation) -> number", "how many sequences by the relation the cards fall into"),
    "min": ("min(a: number, b: number) -> number", "the smaller number"),
    "max": ("max(a: number, b: number) -> number", "the larger number"),
    "top": ("top(p: pile, n: number) -> cards", "the top `n` cards of the pile (all of them when it holds fewer)"),
    "abs": ("abs(n: number) -> number", "the absolute value"),
    "uses": ("uses(action) -> number", "how many times the action has been used in this game"),
]

extension LanguageServer {
    func hover(_ document: Document, at offset: Int) -> JSON {
        guard let index = document.tokenIndex(at: offset) else { return .null }
        let token = document.tokens[index]
        var markdown: String?
        if case .string = token.kind, index > 0, document.tokens[index - 1].word == "extends",
           let base = workspace.loaded(document).base {
            markdown = "The base file: `\(base.path)`" + (base.name.map { ", the game \"\($0)\"" } ?? "")
        } else if case .card(let rank, let suit) = token.kind {
            markdown = "The card \(Card.rankName(rank))\(suit.letter)"
        } else if let word = token.word {
            if document.isProperty(index) {
                let rows = Property.allCases.map(\.row).filter { $0.names.contains(word) }
                if !rows.isEmpty {
                    markdown = rows.map { "`\($0.base.rawValue).\(word)`: \($0.result) — \($0.meaning.isEmpty ? "the \(word)" : $0.meaning)" }
                        .joined(separator: "\n\n")
                }
            } else if let declared = DeclaredName.all(in: workspace.loaded(document).declarations ?? document.ownDeclarations)[word] {
                markdown = hoverText(declared, document)
            } else if let part = partSection(document, index) {
                markdown = part
            } else if let function = functionMeanings[word], index + 1 < document.tokens.count,
                      document.tokens[index + 1].kind == .symbol(.leftParen) {
                markdown = "```patience\n\(function.signature)\n```\n\(function.meaning)"
            } else if let meaning = contextNameMeanings[word] {
                markdown = "`\(word)`: \(meaning)"
            } else if let (_, over) = document.binding(ofVariableAt: index) {
                markdown = "`\(word)`: a variable" + (over.map { ", each of `\($0)` in turn" } ?? " of this declaration")
            }
        }
        guard let markdown else { return .null }
        return ["contents": ["kind": "markdown", "value": .string(markdown)], "range": document.lines.json(of: token.range)]
    }

    /// The declaration's first line, where it is declared, and for zones and the parts with rules
    /// the described text.
    func hoverText(_ declared: DeclaredName, _ document: Document) -> String {
        let declaration = declared.declaration
        let file = declaration.file.isEmpty ? document.path : declaration.file
        let text = file == document.path ? document.text : (workspace.text(ofPath: file) ?? "")
        let bytes = Array(text.utf8)
        let start = max(0, min(declaration.range.start.offset, bytes.count))
        var end = max(start, min(declaration.range.end.offset, bytes.count))
        if let newline = bytes[start..<end].firstIndex(of: 10) { end = newline }
        var lines = ["```patience", String(decoding: bytes[start..<end], as: UTF8.self), "```"]
        if file != document.path { lines.append("declared in `\(URL(fileURLWithPath: file).lastPathComponent)`, line \(declaration.range.start.line)") }
        let description = self.description(of: document)
        switch declared.kind {
        case .zone:
            if let section = description?.section(.zone(declared.name)) { lines += ["", section.markdown()] }
        case .action:
            if let section = description?.section(.action(declared.name)) { lines += ["", section.markdown()] }
        case .removal:
            if let section = description?.section(.removal(declared.name)) { lines += ["", section.markdown()] }
        case .effect:
            if let section = description?.section(.effects) { lines += ["", section.markdown()] }
        case .relation:
            if case .relation(_, let suit, let step, let wraps) = declaration.kind {
                lines += ["", RulesDescription.relationSentence(BuildRelation(suit: suit, step: step, wraps: wraps))]
            }
        case .definition, .memory, .option:
            if let section = description?.section(declared.kind == .option ? .options : declared.kind == .memory ? .memory : .definitions),
               let line = section.markdown().split(separator: "\n").first(where: { $0.contains("'\(declared.name)'") || $0.hasPrefix("- \(declared.name) =") }) {
                lines += ["", String(line)]
            }
        }
        return lines.joined(separator: "\n")
    }

    /// For the keyword that starts a zone's rule, the won condition, an action or an effect: its described section.
    private func partSection(_ document: Document, _ index: Int) -> String? {
        guard let word = document.tokens[index].word, document.tokens[index].startsLine || document.tokens[max(index - 1, 0)].word == "override",
              let description = description(of: document) else { return nil }
        let next = index + 1 < document.tokens.count ? document.tokens[index + 1].word : nil
        switch word {
        case "lift", "accept", "capacity", "deal", "layout":
            if word == "deal", let section = description.section(.deal) { return section.markdown() }
            return next.flatMap { description.section(.zone($0)) }?.markdown()
        case "won": return description.section(.win)?.markdown()
        case "decks", "game": return description.section(.overview)?.markdown()
        default: return nil
        }
    }

    func definition(_ document: Document, at offset: Int) -> JSON {
        guard let index = document.tokenIndex(at: offset) else { return .null }
        let token = document.tokens[index]
        let loaded = workspace.loaded(document)
        if case .string = token.kind, index > 0, document.tokens[index - 1].word == "extends", let base = loaded.base {
            let path = URL(fileURLWithPath: base.path).standardizedFileURL.path
            return ["uri": .string(Document.uri(ofPath: path)), "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]]
        }
        guard let word = token.word, !document.isProperty(index) else { return .null }
        if let declared = DeclaredName.all(in: loaded.declarations ?? document.ownDeclarations)[word] {
            return location(of: declared.declaration, document)
        }
        guard let (binding, _) = document.binding(ofVariableAt: index) else { return .null }
        return ["uri": .string(document.uri), "range": document.lines.json(of: document.tokens[binding].range)]
    }

    /// The LSP location of a declaration's name, in its own file.
    func location(of declaration: Declaration, _ document: Document) -> JSON {
        let file = declaration.file.isEmpty ? document.path : URL(fileURLWithPath: declaration.file).standardizedFileURL.path
        let lines = file == document.path ? document.lines : LineIndex(workspace.text(ofPath: file) ?? "")
        return ["uri": .string(file == document.path ? document.uri : Document.uri(ofPath: file)), "range": lines.json(of: declaration.nameRange)]
    }
}

extension Document {
    /// The document's own declarations, parsed without its base.
    var ownDeclarations: [Declaration] {
        Parser.parse(text, path: path).file.declarations.map { var d = $0; d.file = path; return d }
    }
}
