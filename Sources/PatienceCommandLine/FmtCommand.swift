import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// `patience fmt`: rewrites rule files in the canonical layout.
struct FmtCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "patience fmt",
        summary: "Rewrite rule files in the canonical layout.",
        discussion: """
            Each <path> is a rule file, a folder (searched recursively for files ending in
            '.patience', as lint does) or '-' for standard input, whose formatted text goes
            to standard output. The layout: one declaration or statement per line, two-space
            indentation, single spaces around operators, blank lines kept (one at most) and
            one after every declaration with a block, a line longer than 120 columns broken
            before an operator, and every comment kept by the declaration or statement it was
            written by. Only the layout changes: the words and parentheses stay as written,
            and the formatted file has the same syntax tree and plays the same game.

            A file with syntax errors is left as it is and its errors are reported on
            standard error, as lint reports them. Without --check each file that changed is
            named on standard error ('formatted Rules/Golf.patience'), and a summary line
            goes to standard output. With --check nothing is written: the files that would
            change are listed on standard output, one a line.
            """,
            exitStatuses: [
                ExitStatus(.success, "Every file could be formatted (and, with --check, none would change)."),
                ExitStatus(.findings, "A file has syntax errors or cannot be read, or, with --check, a file would change."),
            ],
        arguments: [ArgumentSpec(name: "path", help: "A rule file, a folder to search for rule files, or '-' for standard input.",
                                 isRepeated: true)],
        options: [
            .flag("check", help: "Write nothing; list the files that are not formatted and exit with 1 if there are any."),
            .option(
                "color", value: "when", allowed: ColorChoice.allCases.map(\.rawValue),
                defaultValue: ColorChoice.auto.rawValue,
                help: "Colour diagnostics: auto, always or never. 'auto' colours only on a terminal, and never when NO_COLOR is set."),
        ])

    var paths: [String]
    var isCheck: Bool
    var color: ColorChoice

    init(arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.arguments(named: "path")
        isCheck = arguments.isSet("check")
        color = arguments.value(of: "color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
        if paths.filter({ $0 == "-" }).count > 1 {
            throw UsageError("standard input ('-') can be formatted only once")
        }
    }

    /// What happened to one file.
    private enum Result {
        case unchanged
        case changed
        case failed
    }

    func run(on terminal: Terminal) -> ExitCode {
        let renderer = DiagnosticRenderer(usesColor: terminal.usesColor(color, on: .standardError))
        var counts = (files: 0, changed: 0, failed: 0)
        var wouldChange: [String] = []
        func count(_ result: Result, _ path: String) {
            counts.files += 1
            switch result {
            case .unchanged: break
            case .changed:
                counts.changed += 1
                wouldChange.append(path)
            case .failed: counts.failed += 1
            }
        }
        for path in paths {
            if path == "-" {
                count(formatStandardInput(on: terminal, renderer: renderer), "<stdin>")
                continue
            }
            for entry in RuleFileSearch(findsGamesByName: false).entries(for: [path]) {
                switch entry {
                case .ruleFile(let file):
                    count(format(file: file, on: terminal, renderer: renderer), file)
                case .problem(let problemPath, let diagnostic):
                    report([diagnostic], path: problemPath, source: nil, on: terminal, renderer: renderer)
                    counts.failed += 1
                }
            }
        }
        if isCheck {
            for path in wouldChange { terminal.writeLine(path, to: .standardOutput) }
        } else if !paths.contains("-") {
            let files = "\(counts.files) file\(counts.files == 1 ? "" : "s")"
            let errors = counts.failed == 0 ? "" : ", \(counts.failed) with errors"
            terminal.writeLine("\(files), \(counts.changed) reformatted\(errors)", to: .standardOutput)
        }
        if counts.failed > 0 { return .findings }
        return isCheck && counts.changed > 0 ? .findings : .success
    }

    private func format(file path: String, on terminal: Terminal, renderer: DiagnosticRenderer) -> Result {
        let (text, readDiagnostics) = RuleLoader.read(path: path)
        guard let text else {
            report(readDiagnostics, path: path, source: nil, on: terminal, renderer: renderer)
            return .failed
        }
        switch Formatter.format(text, path: path) {
        case .failed(let diagnostics, let omitted):
            report(diagnostics, path: path, source: text, on: terminal, renderer: renderer, omitted: omitted)
            return .failed
        case .formatted(let formatted):
            guard formatted != text else { return .unchanged }
            if !isCheck {
                do {
                    try Data(formatted.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    report([Diagnostic(.unreadableFile, "cannot write the formatted file: \(error.localizedDescription)", at: .fileStart)],
                           path: path, source: nil, on: terminal, renderer: renderer)
                    return .failed
                }
                terminal.writeLine("formatted \(path)", to: .standardError)
            }
            return .changed
        }
    }

    /// Formats standard input to standard output; a text that cannot be formatted is written back unchanged.
    private func formatStandardInput(on terminal: Terminal, renderer: DiagnosticRenderer) -> Result {
        // Read no more than one byte past the limit, so that endless input cannot fill memory.
        let (decoded, readDiagnostics): (String?, [Diagnostic])
        switch InputFile.readStandardInput(limit: RuleLoader.maximumFileSize) {
        case .success(let data):
            (decoded, readDiagnostics) = RuleLoader.decode(data)
        case .failure(let problem) where problem.kind == .tooLarge:
            (decoded, readDiagnostics) = (nil, [Diagnostic(.fileTooLarge, "the input is larger than \(RuleLoader.maximumFileSize / 1024) KiB, the limit for a rule file",
                                                           at: .fileStart)])
        case .failure(let problem):
            if problem.isIOError { StandardStreams.recordReadFailure() }
            (decoded, readDiagnostics) = (nil, [Diagnostic(.unreadableFile, "cannot read standard input: \(problem.reason)", at: .fileStart)])
        }
        guard let text = decoded else {
            report(readDiagnostics, path: "<stdin>", source: nil, on: terminal, renderer: renderer)
            return .failed
        }
        switch Formatter.format(text, path: "<stdin>") {
        case .failed(let diagnostics, let omitted):
            report(diagnostics, path: "<stdin>", source: text, on: terminal, renderer: renderer, omitted: omitted)
            if !isCheck { terminal.write(text, to: .standardOutput) }
            return .failed
        case .formatted(let formatted):
            if !isCheck { terminal.write(formatted, to: .standardOutput) }
            return formatted == text ? .unchanged : .changed
        }
    }

    private func report(_ diagnostics: [Diagnostic], path: String, source: String?, on terminal: Terminal, renderer: DiagnosticRenderer,
                        omitted: Int = 0) {
        for rendered in renderer.render(diagnostics, inFile: path, source: source, omittedErrors: omitted) {
            terminal.write(rendered + (rendered.contains("\n") ? "\n\n" : "\n"), to: .standardError)
        }
    }
}
