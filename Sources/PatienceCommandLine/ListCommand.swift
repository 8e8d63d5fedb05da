import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceFormats

/// `patience list`: the catalog index, every game of a folder with its file, base and options.
struct ListCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
        case markdown
    }


    static let spec = CommandSpec(
        commandName: "patience list",
        summary: "List the games of rule files: name, file, base game and options.",
        discussion: """
            Each <path> is a rule file, a folder, searched as 'patience lint' searches
            it (recursively, for files ending in '.patience', skipping hidden files and
            folders), or a game's name. With no <path>, the games that can be named are
            listed: those in the folders of PATIENCE_RULES (separated by colons), then in
            ./Rules, then the games bundled with patience, a game hiding any of the same
            name found later.

            In text format, standard output holds one line per game under a header: the
            game's name, its file, the game its file extends ('-' for none), its
            winnable share ('-' for none) and its options, each written 'name = default (allowed values)', such as
            'redeals = unlimited (0 ... 10 | unlimited)'. Games are sorted by name, then
            by file. The winnable share comes from the file Winnable.tsv next to the
            game's rule file (Scripts/analyze-catalog.sh writes it by solving deals 1
            to 100): the percentage of those deals won, or a range such as '80–87 %'
            when some were left undecided by the solver's budget. A summary line ('264 files, 264 games, 0 errors') closes the list.

            In markdown format, standard output holds the same games as a Markdown
            table (Game, File, Variant of, Winnable, Options, Checked against) and
            nothing else: the README's catalog is this output. "Checked against" names
            the outside programs' games the file's 'reference' lines name.

            A file that cannot be read or has errors is not listed: its errors go to
            standard error as 'patience lint' reports them ('file:line:column:
            error[CODE]: message' and the source line). Warnings are not reported; run
            'patience lint' for them.

            In json format, standard output holds one JSON object and nothing else:
              {"games": [GAME, ...], "findings": [FINDING, ...]}
            where each GAME is
              {"name": "Athena", "file": "Rules/Athena.patience",
               "extends": {"name": "Klondike", "file": "Rules/Klondike.patience"},
               "winnable": {"deals": 100, "won": 83, "lost": 17, "unknown": 0,
                            "budget": "states=200000"},
               "options": [{"name": "draw", "type": "integer", "values": [1, 3],
                            "default": 1}, ...],
               "references": [{"program": "aisleriot", "name": "athena.scm"}]}
            with "extends" null when the file extends nothing and "winnable" null when
            the game has no row in Winnable.tsv. An option's "type" is
            "integer" or "boolean"; its "values" list what the declaration allows, in
            its order: a number, true or false, "unlimited", or {"from": 0, "to": 10}
            for a range; "default" is a number, true or false, or "unlimited". Each
            FINDING is an error as 'patience lint --format json' writes it.
            """,
            exitStatuses: [
                ExitStatus(.success, "Every file lints without errors."),
                ExitStatus(.findings, "A file cannot be read or has errors, or a game named is not found."),
            ],
        arguments: [
            ArgumentSpec(
                name: "path", help: "A rule file, a folder to search for rule files, or a game's name (default: every game that can be named).", isRepeated: true,
                isRequired: false)
        ],
        options: [
            .option(
                "format", value: "format", allowed: Format.allCases.map(\.rawValue), defaultValue: Format.text.rawValue,
                help: "Output format: text, json or markdown."),
            .option(
                "color", value: "when", allowed: ColorChoice.allCases.map(\.rawValue),
                defaultValue: ColorChoice.auto.rawValue,
                help: "Colour the errors: auto, always or never. 'auto' colours only on a terminal, and never when NO_COLOR is set."),
        ])

    var paths: [String]
    var format: Format
    var color: ColorChoice

    init(arguments: ParsedArguments) throws(UsageError) {
        let named = arguments.arguments(named: "path")
        paths = named.isEmpty ? GameLibrary.current.entries.map(\.path) : named
        // The parser has already checked these values against the allowed lists.
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .text
        color = arguments.value(of: "color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
    }

    func run(on terminal: Terminal) -> ExitCode {
        var games: [CatalogEntry] = []
        var problems: [FileLintResult] = []
        var fileCount = 0
        for entry in RuleFileSearch().entries(for: paths) {
            switch entry {
            case .ruleFile(let path):
                fileCount += 1
                let found = catalogEntry(forRuleFileAtPath: path)
                if found.isUsable {
                    games.append(found)
                } else {
                    problems.append(Self.errors(of: found.lint))
                }
            case .problem(let path, let diagnostic):
                // Named paths that do not exist count as files, as in `lint`.
                if diagnostic.code == .unreadableFile { fileCount += 1 }
                problems.append(FileLintResult(path: path, source: nil, diagnostics: [diagnostic]))
            }
        }
        games.sort(by: Self.catalogOrder)
        let errorCount = problems.reduce(0) { $0 + $1.errorCount }
        let shares = WinnableShares(games: games)
        for warning in shares.warnings { terminal.writeLine(warning, to: .standardError) }

        switch format {
        case .text:
            reportProblems(problems, on: terminal)
            if !games.isEmpty { terminal.write(Self.table(games, shares: shares), to: .standardOutput) }
            terminal.writeLine(
                "\(Self.count(fileCount, "file")), \(Self.count(games.count, "game")), \(Self.count(errorCount, "error"))",
                to: .standardOutput)
        case .json:
            terminal.writeLine(Self.json(games, shares: shares, problems: problems), to: .standardOutput)
        case .markdown:
            reportProblems(problems, on: terminal)
            terminal.write(Self.markdownTable(games, shares: shares), to: .standardOutput)
        }
        return errorCount > 0 ? .findings : .success
    }

    private func reportProblems(_ problems: [FileLintResult], on terminal: Terminal) {
        let reporter = Reporter(terminal: terminal, color: color)
        for problem in problems { reporter.report(problem) }
    }

    /// Only the errors of a lint result: the index reports why a game is missing, not its style.
    private static func errors(of result: FileLintResult) -> FileLintResult {
        var errors = result
        errors.diagnostics = result.diagnostics.filter { $0.severity == .error }
        return errors
    }

    /// By name, ignoring case, as a reader looks a game up; then by file, so that the order is total.
    static func catalogOrder(_ a: CatalogEntry, _ b: CatalogEntry) -> Bool {
        let (nameA, nameB) = ((a.name ?? "").lowercased(), (b.name ?? "").lowercased())
        return nameA != nameB ? nameA < nameB : a.path < b.path
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    // MARK: Text

    /// The games as aligned columns under a header, one line each.
    static func table(_ games: [CatalogEntry], shares: WinnableShares = WinnableShares()) -> String {
        let header = ["GAME", "FILE", "EXTENDS", "WINNABLE", "OPTIONS"]
        let rows = games.map { game in
            [
                game.name ?? "-", game.path, game.base.map { $0.name ?? $0.path } ?? "-", shares.row(for: game)?.shareText ?? "-",
                game.options.isEmpty ? "-" : game.options.map(optionText).joined(separator: ", "),
            ]
        }
        let widths = (0..<header.count - 1).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column < widths.count ? cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0) : cell
            }.joined()
        }.joined(separator: "\n") + "\n"
    }

    /// `redeals = unlimited (0 ... 10 | unlimited)`.
    static func optionText(_ option: OptionSummary) -> String {
        "\(option.name) = \(option.defaultText) (\(option.domainText))"
    }

    // MARK: Markdown

    /// The games as a Markdown table: the name, the file as code, the base game's name (empty for
    /// none) and the options, each as code with its `|` escaped for the table.
    static func markdownTable(_ games: [CatalogEntry], shares: WinnableShares = WinnableShares()) -> String {
        var lines = ["| Game | File | Variant of | Winnable | Options (default, then allowed values) | Checked against |", "| --- | --- | --- | --- | --- | --- |"]
        for game in games {
            let options = game.options.map { "`" + optionText($0).replacingOccurrences(of: "|", with: "\\|") + "`" }
            let cells = [
                markdownEscaped(game.name ?? "-"), "`" + game.path.replacingOccurrences(of: "|", with: "\\|") + "`", markdownEscaped(game.base.map { $0.name ?? $0.path } ?? ""),
                shares.row(for: game)?.shareText ?? "",
                options.joined(separator: ", "),
                game.references.map { markdownEscaped($0.description) }.joined(separator: ", "),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text for a table cell: the characters Markdown would read as markup are escaped.
    private static func markdownEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "|\\*_`[]<>".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    // MARK: JSON

    static func json(_ games: [CatalogEntry], shares: WinnableShares = WinnableShares(), problems: [FileLintResult]) -> String {
        let findings = DiagnosticJSON.encode(problems)
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        let gameLines = JSONValue.encodedLines(games.map { gameJSON($0, winnable: shares.row(for: $0)) })
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        return "{\n  \"games\": \(gameLines),\n  \"findings\": \(findings)\n}"
    }

    static func gameJSON(_ game: CatalogEntry, winnable: WinnableTable.Row? = nil) -> JSONValue {
        let base: JSONValue = game.base.map { .object([("name", .string($0.name)), ("file", .string($0.path))]) } ?? .null
        let share: JSONValue = winnable.map {
            .object([("deals", .integer($0.deals)), ("won", .integer($0.won)), ("lost", .integer($0.lost)),
                     ("unknown", .integer($0.unknown)), ("budget", .string($0.budget))])
        } ?? .null
        return .object([
            ("name", .string(game.name)), ("file", .string(game.path)), ("extends", base),
            ("winnable", share), ("options", .array(game.options.map(optionJSON))),
            ("references", .array(game.references.map { .object([("program", .string($0.program.rawValue)), ("name", .string($0.name))]) })),
        ])
    }

    static func optionJSON(_ option: OptionSummary) -> JSONValue {
        let values = option.domain.map { item -> JSONValue in
            switch item {
            case .integer(let n): return .integer(n)
            case .range(let low, let high): return .object([("from", .integer(low)), ("to", .integer(high))])
            case .boolean(let b): return .boolean(b)
            case .unlimited: return .string("unlimited")
            }
        }
        let defaultValue: JSONValue =
            option.isBoolean ? .boolean(option.defaultValue != 0)
            : option.defaultValue == Int.max ? .string("unlimited") : .integer(option.defaultValue)
        return .object([
            ("name", .string(option.name)), ("type", .string(option.isBoolean ? "boolean" : "integer")),
            ("values", .array(values)), ("default", defaultValue),
        ])
    }
}
