import Foundation
import Patience
import PatienceDiagnostics
import PatienceChecking
import PatienceEngine
import PatienceFormats

/// How every subcommand tells the user about a problem: findings about input that could not be
/// read or used (rule files, board text, move lists, deals), refusals of plays, and replays that
/// stopped. Everything is written in the compilers' format that `lint` uses —
/// `file:line:column: error[CODE]: message`, then the quoted line and a caret — to standard error.
struct Reporter {
    var terminal: Terminal
    /// Whether findings are coloured: on a terminal, as `--color` says, never with `NO_COLOR`.
    var usesColor: Bool

    /// A reporter to standard error, coloured as `color` says for it.
    init(terminal: Terminal, color: ColorChoice = .auto) {
        self.terminal = terminal
        usesColor = terminal.usesColor(color, on: .standardError)
    }

    /// A reporter that colours as told, for text shown elsewhere (the game's screen, a page).
    init(terminal: Terminal, usesColor: Bool) {
        self.terminal = terminal
        self.usesColor = usesColor
    }

    private var renderer: DiagnosticRenderer { DiagnosticRenderer(usesColor: usesColor) }

    /// How a path is named in messages: `<stdin>` for `-`.
    static func displayName(of path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Every finding of an error, after `context` when one is given. A finding inside a variant's
    /// base file is quoted from that file; a finding about input that has no file (a `--deal`
    /// argument) is written as `error[CODE]: message`. Each file's findings are rendered together,
    /// its text split into lines once, and at most ``DiagnosticLimit/perFile`` of them are shown,
    /// then one that says how many more there are.
    func report(_ error: DiagnosticsError, context: String? = nil, only severities: Set<Severity> = [.error, .warning, .note]) {
        let ownName = error.path.map(Self.displayName(of:))
        // Files in the order their first finding comes; nil for findings that have no file.
        var files: [String?] = []
        var findings: [String?: [Diagnostic]] = [:]
        for var diagnostic in error.diagnostics where severities.contains(diagnostic.severity) {
            if let context { diagnostic.message = "\(context): \(diagnostic.message)" }
            let file = diagnostic.file ?? ownName
            if findings[file] == nil { files.append(file) }
            findings[file, default: []].append(diagnostic)
        }
        for file in files {
            let diagnostics = findings[file] ?? []
            guard let file else {
                for diagnostic in DiagnosticLimit.capped(diagnostics) { writeRendered(renderer.render(diagnostic, inFile: nil, source: nil)) }
                continue
            }
            let source = file == ownName ? error.source : RuleLoader.read(path: file).text
            // A finding about the input as a whole (an unknown option, a missing card) quotes no line.
            let omitted = file == ownName ? error.omittedErrorCount : 0
            for rendered in renderer.render(diagnostics, inFile: file, source: source, quotesFileStart: false, omittedErrors: omitted) {
                writeRendered(rendered)
            }
        }
    }

    /// Every finding of a lint result.
    func report(_ result: FileLintResult) {
        for rendered in renderer.render(result) { writeRendered(rendered) }
    }

    /// A refusal, after `context` when one is given: at the refusing rule, quoted from its rule
    /// file, or as `error[CODE]: message` with a note saying that the engine refused it.
    func report(_ refusal: Refusal, context: String? = nil) {
        terminal.writeLine(Self.text(for: refusal, context: context, usesColor: usesColor), to: .standardError)
    }

    /// The text `report(_:context:)` writes, for the game's screen and pages that show it too
    /// (without the note that the engine refused).
    static func text(for refusal: Refusal, context: String? = nil, usesColor: Bool, withNote: Bool = true) -> String {
        let message = context.map { "\($0): \(refusal.message)" } ?? refusal.message
        if let file = refusal.file, let range = refusal.range {
            return DiagnosticRenderer(usesColor: usesColor).render(Diagnostic(refusal.code, message, at: range, severity: .error),
                                                                   inFile: file, source: RuleLoader.read(path: file).text)
        }
        let first = errorLine(code: refusal.code, message: message, usesColor: usesColor)
        return withNote ? first + "\n  = note: no rule of the game refused this; the engine did, so there is no rule location" : first
    }

    /// `error[CODE]: message`, red and bold when coloured, for a problem with no place to quote.
    static func errorLine(code: DiagnosticCode, message: String, usesColor: Bool) -> String {
        let label = "error[\(code.rawValue)]"
        let message = Spelling.printableLines(message)
        return usesColor ? "\u{1B}[1;31m\(label)\(CardStyle.reset): \u{1B}[1m\(message)\(CardStyle.reset)" : "\(label): \(message)"
    }

    /// The play at which a replay stopped: a play that cannot be read, at its place in the list
    /// of moves; a refused play, at the rule that refused it.
    func report(_ failure: ReplayFailure, movesPath: String, moves: String) {
        let context = "move \(failure.index) \(Spelling.quoted(failure.move))"
        switch failure.reason {
        case .refused(let refusal):
            report(refusal, context: context)
        case .unreadable(var finding):
            finding.message = "\(context): \(finding.message)"
            write(finding, inFile: Self.displayName(of: movesPath), source: moves)
        }
    }

    /// The text of a file, or of standard input for `-`, no larger than the limit for its kind;
    /// nil after reporting why it cannot be read. A failed read of an open file or stream is also
    /// recorded as an I/O error, so that the command exits with status 74.
    func readText(atPath path: String, what kind: InputKind) -> String? {
        let result = path == "-"
            ? InputFile.readStandardInput(limit: kind.sizeLimit)
            : InputFile.read(path: path, limit: kind.sizeLimit, allowsStreams: true)
        let data: Data
        switch result {
        case .success(let contents):
            data = contents
        case .failure(let problem):
            if problem.isIOError { StandardStreams.recordReadFailure() }
            let finding = problem.kind == .tooLarge
                ? Diagnostic(kind.tooLargeCode, "the \(kind.name) is larger than \(kind.sizeLimit / 1024) KiB, the limit for \(kind.name)",
                             at: .fileStart)
                : Diagnostic(.unreadableFile, "cannot read the \(kind.name): \(problem.reason)", at: .fileStart)
            write(finding, inFile: Self.displayName(of: path), source: nil)
            return nil
        }
        if let foreign = ForeignEncoding.diagnostic(for: data, what: "the \(kind.name)") {
            write(foreign, inFile: Self.displayName(of: path), source: nil)
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            write(Diagnostic(.invalidUTF8, "the \(kind.name) is not valid UTF-8", at: .fileStart), inFile: Self.displayName(of: path), source: nil)
            return nil
        }
        return text
    }

    private func write(_ diagnostic: Diagnostic, inFile path: String, source: String?) {
        // A finding about the input as a whole (an unknown option, a missing card) quotes no line.
        let quoted = diagnostic.range == .fileStart ? nil : source
        writeRendered(renderer.render(diagnostic, inFile: path, source: quoted))
    }

    /// A quoted excerpt reads better with a blank line before the next finding.
    private func writeRendered(_ rendered: String) {
        terminal.write(rendered + (rendered.contains("\n") ? "\n\n" : "\n"), to: .standardError)
    }
}
