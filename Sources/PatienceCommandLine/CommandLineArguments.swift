import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// A problem with the command line itself; `patience` reports it on stderr and exits with 64.
struct UsageError: Error, Equatable, Sendable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

/// An option a command accepts: a `--flag`, or an `--option value` that may restrict its values.
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        case flag
        case value(name: String, allowed: [String], defaultValue: String?)
    }

    var name: String
    var shortName: Character?
    var kind: Kind
    var help: String
    /// Whether a value option may be given several times, each value kept (`--option a=1 --option b=2`).
    var isRepeatable = false

    /// A `--name` flag that is either present or absent.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: short, kind: .flag, help: help)
    }

    /// A `--name <value>` option; when `allowed` is not empty, any other value is a usage error.
    /// A repeatable option keeps every value given; otherwise the last one counts.
    static func option(
        _ name: String, short: Character? = nil, value: String, allowed: [String] = [], defaultValue: String? = nil,
        isRepeatable: Bool = false, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: short, kind: .value(name: value, allowed: allowed, defaultValue: defaultValue),
            help: help, isRepeatable: isRepeatable)
    }

    /// How the option is spelled in usage lines, such as `--format <format>`.
    var synopsis: String {
        switch kind {
        case .flag: return "--\(name)"
        case .value(let valueName, _, _): return "--\(name) <\(valueName)>"
        }
    }
}

/// A positional argument; a repeated one takes every remaining argument and must come last.
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var isRepeated = false
    var isRequired = true

    /// How the argument is spelled in usage lines, such as `<path>...`.
    var synopsis: String {
        let core = "<\(name)>" + (isRepeated ? "..." : "")
        return isRequired ? core : "[\(core)]"
    }
}

/// Everything a command accepts, from which both parsing and `--help` are derived.
struct CommandSpec: Sendable {
    /// The words that invoke the command, such as `patience lint`.
    var commandName: String
    var summary: String
    /// Paragraphs shown under the summary in `--help`.
    var discussion: String = ""
    /// The exit statuses the command itself returns, with what each means for it; `--help` lists
    /// them under EXIT STATUS, followed by those every command can return (64, 74).
    var exitStatuses: [ExitStatus] = []
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    /// Whether a failed read or write ends the command with status 74; the language server's
    /// input and output are its client, and it ends with 1 when they fail.
    var reportsIOErrors = true

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short: Character) -> OptionSpec? {
        options.first { $0.shortName == short }
    }
}

/// The outcome of parsing a command's arguments.
struct ParsedArguments: Sendable {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    private(set) var allValues: [String: [String]] = [:]
    private(set) var arguments: [String: [String]] = [:]
    fileprivate var spec: CommandSpec

    /// Whether `--name` was given.
    func isSet(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value given for `--name`, or its default.
    func value(of name: String) -> String? {
        if let value = values[name] { return value }
        if case .value(_, _, let defaultValue)? = spec.option(named: name)?.kind { return defaultValue }
        return nil
    }

    /// Every value given for `--name`, in order; empty when it was not given.
    func values(of name: String) -> [String] {
        allValues[name] ?? []
    }

    /// Whether `--name` was given a value on the command line, rather than taking its default.
    func isGiven(_ name: String) -> Bool {
        values[name] != nil
    }

    /// The positional values given for the argument `name`.
    func arguments(named name: String) -> [String] {
        arguments[name] ?? []
    }

    fileprivate mutating func setFlag(_ name: String) { flags.insert(name) }
    fileprivate mutating func setValue(_ value: String, of name: String) {
        values[name] = value
        allValues[name, default: []].append(value)
    }
    fileprivate mutating func appendArgument(_ value: String, to name: String) { arguments[name, default: []].append(value) }
}

/// Parses arguments in the conventions of swift-argument-parser: `--flag`, `--option value`,
/// `--option=value`, `-h`/`--help` anywhere, options mixed with positional arguments, and `--`
/// to make every later argument positional.
struct CommandLineParser: Sendable {
    enum Outcome: Sendable {
        case help
        case arguments(ParsedArguments)
    }

    var spec: CommandSpec

    func parse(_ arguments: [String]) throws(UsageError) -> Outcome {
        // Help wins over every other mistake on the line, so a confused user always gets it.
        let optionWords = arguments.prefix { $0 != "--" }
        if optionWords.contains("--help") || optionWords.contains("-h") {
            return .help
        }

        var parsed = ParsedArguments(spec: spec)
        var positionals: [String] = []
        var remaining = arguments[...]
        var onlyPositionals = false
        while let word = remaining.popFirst() {
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
            } else if word == "--" {
                onlyPositionals = true
            } else {
                try parseOption(word, remaining: &remaining, into: &parsed)
            }
        }
        try assign(positionals, into: &parsed)
        return .arguments(parsed)
    }

    private func parseOption(
        _ word: String, remaining: inout ArraySlice<String>, into parsed: inout ParsedArguments
    ) throws(UsageError) {
        let option: OptionSpec
        var attachedValue: String?
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name: Substring
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                attachedValue = String(body[body.index(after: equals)...])
            } else {
                name = body
            }
            guard let found = spec.option(named: String(name)) else {
                throw UsageError("unknown option '--\(name)'")
            }
            option = found
        } else {
            guard word.count == 2, let found = spec.option(short: word.last!) else {
                throw UsageError("unknown option \(Spelling.quoted(word))")
            }
            option = found
        }

        switch option.kind {
        case .flag:
            if attachedValue != nil {
                throw UsageError("option '--\(option.name)' does not take a value")
            }
            parsed.setFlag(option.name)
        case .value(_, let allowed, _):
            let value: String
            if let attachedValue {
                value = attachedValue
            } else if let next = remaining.first, !(next.hasPrefix("-") && next.count > 1) {
                value = next
                remaining.removeFirst()
            } else {
                throw UsageError("missing value for \(Spelling.quoted(option.synopsis))")
            }
            if value.isEmpty {
                throw UsageError("missing value for \(Spelling.quoted(option.synopsis))")
            }
            if !allowed.isEmpty && !allowed.contains(value) {
                throw UsageError(
                    "invalid value \(Spelling.quoted(value)) for '--\(option.name)'; expected \(Self.alternatives(allowed))")
            }
            // A second value would silently replace the first: only options that say so repeat.
            if !option.isRepeatable, let first = parsed.allValues[option.name]?.first {
                throw UsageError("'--\(option.name)' is given twice (\(Spelling.quoted(first)) and \(Spelling.quoted(value))); give it once")
            }
            parsed.setValue(value, of: option.name)
        }
    }

    private func assign(_ positionals: [String], into parsed: inout ParsedArguments) throws(UsageError) {
        var remaining = positionals[...]
        for argument in spec.arguments {
            if argument.isRepeated {
                for value in remaining { parsed.appendArgument(value, to: argument.name) }
                remaining = []
            } else if let value = remaining.popFirst() {
                parsed.appendArgument(value, to: argument.name)
            }
            if argument.isRequired && parsed.arguments(named: argument.name).isEmpty {
                throw UsageError("missing expected argument \(Spelling.quoted(argument.synopsis))")
            }
        }
        if let extra = remaining.first {
            throw UsageError("unexpected argument \(Spelling.quoted(extra))")
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func alternatives(_ values: [String]) -> String {
        guard let last = values.last else { return "" }
        let quoted = values.dropLast().map { "\(Spelling.quoted($0))" }
        return quoted.isEmpty ? "\(Spelling.quoted(last))" : quoted.joined(separator: ", ") + " or \(Spelling.quoted(last))"
    }
}
