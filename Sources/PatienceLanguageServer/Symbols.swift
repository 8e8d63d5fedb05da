import Foundation
import PatienceDiagnostics
import PatienceLanguage
import PatienceChecking

extension LanguageServer {
    /// The document's own declarations as LSP document symbols, in order.
    func symbols(_ document: Document) -> JSON {
        .array(Parser.parse(document.text, path: document.path).file.declarations.map { declaration in
            let (name, kind) = Self.symbol(declaration)
            return ["name": .string(name), "detail": .string(declaration.key.kind), "kind": .int(kind),
                    "range": document.lines.json(of: declaration.range), "selectionRange": document.lines.json(of: declaration.nameRange)]
        })
    }

    /// A declaration's name in the outline and its LSP symbol kind.
    static func symbol(_ declaration: Declaration) -> (String, Int) {
        let namespace = 3, method = 6, property = 7, field = 8, function = 12, variable = 13, constant = 14,
            number = 16, boolean = 17, event = 24, `operator` = 25, module = 2
        switch declaration.kind {
        case .game(let name): return ("game \"\(name)\"", namespace)
        case .extends(let path): return ("extends \"\(path)\"", module)
        case .decks: return ("decks", number)
        case .option(let name, _, _): return (name.name, constant)
        case .zone(let name, _, _): return (name.name, field)
        case .deal(let zone, _, _, _, _, _): return ("deal \(zone.name)", event)
        case .relation(let name, _, _, _): return (name.name, `operator`)
        case .definition(let name, _, _): return (name.name, function)
        case .memory(let name, _): return (name.name, variable)
        case .removal(let name, _, _, _, _): return ("remove \(name.name)", function)
        case .score: return ("score", number)
        case .lift(let zone, _): return ("lift \(zone.name)", method)
        case .accept(let zone, _): return ("accept \(zone.name)", method)
        case .capacity(let zone, _): return ("capacity \(zone.name)", property)
        case .action(let name, _, _, _, _): return ("action \(name.name)", function)
        case .effect(let name, _): return ("effect \(name.name)", event)
        case .win: return ("won", boolean)
        case .layout(let zone, _): return ("layout \(zone.name)", property)
        case .reference(let program, _): return ("reference \(program.name)", module)
        case .difference(let program, let kind, _): return ("differs \(program.name) \(kind.text)", property)
        }
    }
}
