import Foundation
import PatienceDiagnostics
import PatienceLanguage
import PatienceChecking

/// The documents the editor has open, and what the server knows of the files they extend.
struct Workspace {
    var documents: [String: Document] = [:]

    /// The texts of the open documents by path, which `extends` reads before the disk.
    var openFiles: [String: String] {
        Dictionary(documents.values.filter { !$0.isTooLarge }.map { ($0.path, $0.text) }) { first, _ in first }
    }

    /// The text of a file: its open document's, or what is on disk.
    func text(ofPath path: String) -> String? {
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        if let open = documents.values.first(where: { $0.path == standard }) { return open.text }
        return RuleLoader.read(path: standard).text
    }

    /// The document's game as the loader merges it with the files it extends (no checking).
    func loaded(_ document: Document) -> LoadedRuleFile {
        RuleLoader.load(source: document.text, path: document.path, files: openFiles)
    }
}

/// A name the rules declare, with the declaration that declares it.
struct DeclaredName {
    enum Kind: String { case option, zone, relation, definition, memory, action, effect, removal }
    var kind: Kind
    var name: String
    var declaration: Declaration

    /// The names declared by `declarations`, later ones (a variant's overrides) winning.
    static func all(in declarations: [Declaration]) -> [String: DeclaredName] {
        var names: [String: DeclaredName] = [:]
        for declaration in declarations {
            let found: (Kind, Identifier)?
            switch declaration.kind {
            case .option(let name, _, _): found = (.option, name)
            case .zone(let name, _, _): found = (.zone, name)
            case .relation(let name, _, _, _): found = (.relation, name)
            case .definition(let name, _, _): found = (.definition, name)
            case .memory(let name, _): found = (.memory, name)
            case .action(let name, _, _, _, _): found = (.action, name)
            case .effect(let name, _): found = (.effect, name)
            case .removal(let name, _, _, _, _): found = (.removal, name)
            default: found = nil
            }
            if let (kind, identifier) = found { names[identifier.name] = DeclaredName(kind: kind, name: identifier.name, declaration: declaration) }
        }
        return names
    }

    /// Whether renaming this kind of name is offered: options, zones, relations and definitions
    /// (and memories, which are names of the same kind).
    var isRenamable: Bool { [.option, .zone, .relation, .definition, .memory].contains(kind) }
}
