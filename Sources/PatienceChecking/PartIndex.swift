import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// A game's declarations grouped by kind, in file order.
struct PartIndex {
    var game: Declaration?
    var decks: Declaration?
    var win: Declaration?
    var options: [Declaration] = []
    var zones: [Declaration] = []
    var deals: [Declaration] = []
    var relations: [Declaration] = []
    var definitions: [Declaration] = []
    var lifts: [Declaration] = []
    var accepts: [Declaration] = []
    var capacities: [Declaration] = []
    var actions: [Declaration] = []
    var effects: [Declaration] = []
    var memories: [Declaration] = []
    var removals: [Declaration] = []
    var layouts: [Declaration] = []
    var score: Declaration?
    var references: [Declaration] = []
    var differences: [Declaration] = []

    init(_ declarations: [Declaration]) {
        for declaration in declarations {
            switch declaration.kind {
            case .game: game = game ?? declaration
            case .extends: break
            case .decks: decks = decks ?? declaration
            case .win: win = win ?? declaration
            case .option: options.append(declaration)
            case .zone: zones.append(declaration)
            case .deal: deals.append(declaration)
            case .relation: relations.append(declaration)
            case .definition: definitions.append(declaration)
            case .lift: lifts.append(declaration)
            case .accept: accepts.append(declaration)
            case .capacity: capacities.append(declaration)
            case .action: actions.append(declaration)
            case .effect: effects.append(declaration)
            case .memory: memories.append(declaration)
            case .removal: removals.append(declaration)
            case .score: score = score ?? declaration
            case .layout: layouts.append(declaration)
            case .reference: references.append(declaration)
            case .difference: differences.append(declaration)
            }
        }
    }
}

/// Which zones an action, an effect or a deal line's `after each card` moves cards into or out of, for the dead-zone lint.
enum TransferTargets {
    static func zones(in declaration: Declaration) -> Set<String> {
        let body: [Statement]
        var names = Set<String>()
        switch declaration.kind {
        case .action(_, let pile, _, _, let b):
            names.insert(pile.name)
            body = b
        case .effect(_, let b):
            body = b
        case .deal(_, _, _, _, _, let arrangement):
            guard let b = arrangement.afterEachCard else { return [] }
            body = b
        case .removal(_, _, let zones, let destination, _):
            // A removal takes cards from its zones and puts them on its destination.
            return Set(zones.map(\.name)).union(NameCollector.names(in: destination))
        default:
            return []
        }
        collect(body, into: &names)
        return names
    }

    private static func collect(_ statements: [Statement], into names: inout Set<String>) {
        for statement in statements {
            switch statement.kind {
            case .deal(_, let from, let to, _), .move(_, let from, let to, _), .tryMove(_, let from, let to):
                names.formUnion(NameCollector.names(in: from))
                names.formUnion(NameCollector.names(in: to))
            case .flip, .shuffle, .set: break
            case .require: break
            case .conditional(_, let then, let otherwise):
                collect(then, into: &names)
                collect(otherwise, into: &names)
            case .forEach(_, let collection, let body):
                // The loop variable stands for every pile of the zone it ranges over.
                names.formUnion(NameCollector.names(in: collection))
                collect(body, into: &names)
            }
        }
    }
}

/// Every name an expression mentions.
enum NameCollector {
    static func names(in expression: ExpressionSyntax) -> Set<String> {
        var names = Set<String>()
        var stack = [expression]
        while let e = stack.popLast() {
            switch e.kind {
            case .name(let name): names.insert(name)
            case .member(let base, _): stack.append(base)
            case .subscripted(let base, let index): stack += [base, index]
            case .call(_, let arguments): stack += arguments
            case .unary(_, let operand): stack.append(operand)
            case .binary(_, let left, let right): stack += [left, right]
            case .conditional(let c, let t, let o): stack += [c, t, o]
            case .quantifier(_, _, let collection, let body): stack += [collection, body]
            case .list(let items): stack += items
            default: break
            }
        }
        return names
    }
}
