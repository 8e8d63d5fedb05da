import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine

/// Loads, checks and compiles rule files into playable `GameRules`.
public enum GameCompiler {
    /// Compiles the rule file at `path` with the given option values (as text, by option name).
    public static func compile(path: String, options: [String: String] = [:]) throws(DiagnosticsError) -> GameRules {
        try compile(RuleLoader.load(path: path), options: options, specialise: true)
    }

    /// Compiles the rule file at `path`, choosing whether simple rule shapes are specialised into
    /// inline tests; without, every rule runs as its general form (the same verdicts, more slowly).
    static func compile(path: String, options: [String: String] = [:], specialise: Bool) throws(DiagnosticsError) -> GameRules {
        try compile(RuleLoader.load(path: path), options: options, specialise: specialise)
    }

    /// Compiles rule text; `extends` is resolved next to `path`, first among `files` (rule texts
    /// keyed by path) and then on disk.
    public static func compile(source: String, path: String = "<input>", options: [String: String] = [:],
                               files: [String: String] = [:]) throws(DiagnosticsError) -> GameRules {
        try compile(RuleLoader.load(source: source, path: path, files: files), options: options, specialise: true)
    }

    private static func compile(_ loaded: LoadedRuleFile, options: [String: String], specialise: Bool) throws(DiagnosticsError) -> GameRules {
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        guard let declarations = loaded.declarations, errors.isEmpty else {
            throw DiagnosticsError(diagnostics: loaded.diagnostics, path: loaded.path, source: loaded.source,
                                   omittedErrorCount: loaded.file?.omittedErrors ?? 0)
        }
        var checker = Checker(declarations: declarations, path: loaded.path, options: options)
        guard let game = checker.check() else {
            throw DiagnosticsError(diagnostics: checker.diagnostics, path: loaded.path, source: loaded.source)
        }
        return RulesCompiler(specialise: specialise).compile(game)
    }
}
