import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// One option of a game as the catalog lists it: the values the rule file allows and its default.
package struct OptionSummary: Sendable, Equatable {
    package var name: String
    /// Whether the option is `true` or `false`; otherwise it is a number (or `unlimited`).
    package var isBoolean: Bool
    /// The values allowed, as the option's declaration lists them.
    package var domain: [DomainItem]
    /// The default, as the checker evaluated it: 0 or 1 for a boolean, `Int.max` for `unlimited`.
    package var defaultValue: Int

    /// The allowed values as a rule file writes them: `0 ... 10 | unlimited`.
    package var domainText: String { Checker.describe(domain) }
    /// The default as `--option` takes it: `3`, `true`, `unlimited`.
    package var defaultText: String { Checker.describe(defaultValue, isBoolean ? .boolean : .integer) }
}

/// What `patience list` shows of one rule file: the game's name, the file it extends and its
/// options, all as the loader and the checker see them, with the file's lint findings.
package struct CatalogEntry: Sendable {
    /// The file as it was named.
    package var path: String
    /// The game's name after `extends` is resolved; nil when the file declares none.
    package var name: String?
    /// The base file and its game, when the file extends one.
    package var base: BaseReference?
    /// Every option after merging, in declaration order (a base's options first).
    package var options: [OptionSummary]
    /// The findings `patience lint` reports for the file.
    package var lint: FileLintResult
    /// The outside programs' games the file names with `reference` (a variant's own only).
    package var references: [GameReference] = []

    /// Whether the game can be played: the file lints without errors.
    package var isUsable: Bool { lint.errorCount == 0 }
}

/// Reads one rule file for the catalog: loads it once, lints it, and reads its name, base and options.
package func catalogEntry(forRuleFileAtPath path: String) -> CatalogEntry {
    let loaded = RuleLoader.load(path: path)
    let result = lint(loaded)
    var options: [OptionSummary] = []
    if let declarations = loaded.declarations {
        var checker = Checker(declarations: declarations, path: path)
        options = checker.optionSummaries()
    }
    var entry = CatalogEntry(path: path, name: loaded.declarations?.gameName, base: loaded.base, options: options, lint: result)
    entry.references = (loaded.declarations ?? []).compactMap { declaration in
        guard case .reference(let program, let name) = declaration.kind, let known = ReferenceProgram(rawValue: program.name) else { return nil }
        return GameReference(program: known, name: name)
    }
    return entry
}

extension Checker {
    /// The game's options with their defaults, in declaration order. Options whose declaration
    /// has an error are left out; the lint findings report them.
    package mutating func optionSummaries() -> [OptionSummary] {
        var parts = PartIndex(declarations)
        let table = checkOptions(&parts)
        return parts.options.compactMap { declaration in
            guard case .option(let name, let domain, _) = declaration.kind, let info = table.infos[name.name] else { return nil }
            return OptionSummary(name: name.name, isBoolean: info.type == .boolean, domain: domain, defaultValue: info.value)
        }
    }
}

extension Array where Element == Declaration {
    /// The name in the `game` declaration; nil when there is none.
    var gameName: String? {
        guard let declaration = PartIndex(self).game, case .game(let name) = declaration.kind else { return nil }
        return name
    }
}
