import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// `patience lint`: checks rule files and reports every finding.
struct LintCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
    }

    static let spec = CommandSpec(
        commandName: "patience lint",
        summary: "Check rule files and report every problem found.",
        discussion: """
            Each <path> is a rule file or a folder. Folders are searched recursively for
            files ending in '.patience', skipping hidden files and folders; a file named
            directly is checked whatever its extension.

            A game is checked with its options' defaults; when that finds no error, its
            decks, zones and deal are checked again with the other values of the options
            they read, and an error only some values cause names them in a note.

            In text format, diagnostics go to standard error as
            'file:line:column: severity[CODE]: message' followed by the source line, and
            a summary line ('2 files, 1 error, 0 warnings') goes to standard output. In
            json format, standard output holds one JSON array of every finding and
            nothing else. With --verbose, each checked file is also reported on standard
            error.
            """,
            exitStatuses: [
                ExitStatus(.success, "No errors."),
                ExitStatus(.findings, "A file has errors (or, with --strict, warnings), or cannot be read."),
            ],
        arguments: [ArgumentSpec(name: "path", help: "A rule file, or a folder to search for rule files.", isRepeated: true)],
        options: [
            .option(
                "format", value: "format", allowed: Format.allCases.map(\.rawValue), defaultValue: Format.text.rawValue,
                help: "Output format: text or json."),
            .flag("strict", help: "Fail on warnings as well as errors."),
            .flag("verbose", help: "Report each file as it is checked, with the static step bound of each rule."),
            .option(
                "color", value: "when", allowed: ColorChoice.allCases.map(\.rawValue),
                defaultValue: ColorChoice.auto.rawValue,
                help: "Colour diagnostics: auto, always or never. 'auto' colours only on a terminal, and never when NO_COLOR is set."),
        ])

    var paths: [String]
    var format: Format
    var isStrict: Bool
    var isVerbose: Bool
    var color: ColorChoice

    init(arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.arguments(named: "path")
        // The parser has already checked these values against the allowed lists.
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .text
        color = arguments.value(of: "color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
        isStrict = arguments.isSet("strict")
        isVerbose = arguments.isSet("verbose")
    }

    func run(on terminal: Terminal) -> ExitCode {
        var results: [FileLintResult] = []
        var fileCount = 0
        for entry in RuleFileSearch().entries(for: paths) {
            switch entry {
            case .ruleFile(let path):
                let result = lintRuleFile(atPath: path)
                fileCount += 1
                results.append(result)
                if isVerbose {
                    terminal.writeLine("checked \(path): \(LintSummary(results: [result]).findings)", to: .standardError)
                    if result.errorCount == 0 {
                        for bound in result.ruleBounds {
                            let start = bound.range.start
                            terminal.writeLine("\(bound.file):\(start.line):\(start.column): bound: \(bound.part): at most \(bound.steps) step\(bound.steps == 1 ? "" : "s")",
                                               to: .standardError)
                        }
                    }
                }
            case .problem(let path, let diagnostic):
                // Named paths that do not exist count as files: the user meant to check one.
                if diagnostic.code == .unreadableFile { fileCount += 1 }
                results.append(FileLintResult(path: path, source: nil, diagnostics: [diagnostic]))
            }
        }

        let totals = LintSummary(results: results)
        let summary = LintSummary(fileCount: fileCount, errorCount: totals.errorCount, warningCount: totals.warningCount)
        switch format {
        case .text:
            let reporter = Reporter(terminal: terminal, color: color)
            for result in results { reporter.report(result) }
            terminal.writeLine(summary.description, to: .standardOutput)
        case .json:
            terminal.writeLine(DiagnosticJSON.encode(results), to: .standardOutput)
        }

        let failsOnWarnings = isStrict && summary.warningCount > 0
        return summary.errorCount > 0 || failsOnWarnings ? .findings : .success
    }
}
