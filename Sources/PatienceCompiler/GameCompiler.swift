import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine

/// A rule file that could not be turned into a playable game, with every finding about it.
public struct RuleFileError: Error, Sendable {
    public var path: String
    public var source: String?
    public var diagnostics: [Diagnostic]
}

/// Loads, checks and compiles rule files into playable `GameRules`.
public enum GameCompiler {
    /// Compiles the rule file at `path` with the given option values (as text, by option name).
    public static func compile(path: String, options: [String: String] = [:]) throws(RuleFileError) -> GameRules {
        try compile(RuleLoader.load(path: path), options: options, specialise: true)
    }

    /// Compiles the rule file at `path`, choosing whether simple rule shapes are specialised into
    /// inline tests; without, every rule runs as its general form (the same verdicts, more slowly).
    static func compile(path: String, options: [String: String] = [:], specialise: Bool) throws(RuleFileError) -> GameRules {
        try compile(RuleLoader.load(path: path), options: options, specialise: specialise)
    }

    /// Compiles rule text; `extends` is resolved next to `path`, first among `files` (rule texts
    /// keyed by path) and then on disk.
    public static func compile(source: String, path: String = "<input>", options: [String: String] = [:],
                               files: [String: String] = [:]) throws(RuleFileError) -> GameRules {
        try compile(RuleLoader.load(source: source, path: path, files: files), options: options, specialise: true)
    }

    private static func compile(_ loaded: LoadedRuleFile, options: [String: String], specialise: Bool) throws(RuleFileError) -> GameRules {
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        guard let declarations = loaded.declarations, errors.isEmpty else {
            throw RuleFileError(path: loaded.path, source: loaded.source, diagnostics: loaded.diagnostics)
        }
        var checker = Checker(declarations: declarations, path: loaded.path, options: options)
        guard let game = checker.check() else {
            throw RuleFileError(path: loaded.path, source: loaded.source, diagnostics: checker.diagnostics)
        }
        return RulesCompiler(specialise: specialise).compile(game)
    }
}
