import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// Checks the `reference` and `differs` declarations (Grammar.md 7.18 and 7.19): each names a
/// known program, and each zone a `differs` line names exists.
struct ReferenceChecking {
    let checker: ExpressionChecker
    let zones: ZoneTable

    /// The references, in file order, leaving out those whose program is unknown.
    func references(_ declarations: [Declaration], diagnostics: inout [Diagnostic]) -> [GameReference] {
        declarations.compactMap { declaration in
            guard case .reference(let name, let game) = declaration.kind,
                  let program = program(name, file: declaration.file, diagnostics: &diagnostics) else { return nil }
            return GameReference(program: program, name: game)
        }
    }

    /// The declared differences, in file order (a base's first), leaving out those with an unknown program or zone.
    func differences(_ declarations: [Declaration], diagnostics: inout [Diagnostic]) -> [DeclaredDifference] {
        declarations.compactMap { declaration in
            guard case .difference(let name, let syntax, let reason) = declaration.kind else { return nil }
            let program = program(name, file: declaration.file, diagnostics: &diagnostics)
            let known = syntax.zones.map { checker.zone(named: $0, in: zones, file: declaration.file, diagnostics: &diagnostics) != nil }
            guard let program, !known.contains(false) else { return nil }
            let kind: DeclaredDifference.Kind
            switch syntax {
            case .move(let from, let to): kind = .move(from: from.name, to: to.name)
            case .tap(let zone): kind = .tap(zone.name)
            case .removal: kind = .removal
            case .position(let zone): kind = .position(zone.name)
            }
            return DeclaredDifference(program: program, kind: kind, reason: reason)
        }
    }

    private func program(_ name: Identifier, file: String, diagnostics: inout [Diagnostic]) -> ReferenceProgram? {
        if let program = ReferenceProgram(rawValue: name.name) { return program }
        let names = ReferenceProgram.allCases.map(\.rawValue)
        let help = Spelling.closest(to: name.name, among: names).map { "did you mean \(Spelling.quoted($0))?" }
            ?? "the programs are \(names.map(Spelling.quoted).joined(separator: " and "))"
        diagnostics.append(Diagnostic(.unknownProgram, "there is no reference program \(Spelling.quoted(name.name))",
                                      at: name.range, help: help, file: file))
        return nil
    }
}
