import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// The options of a game: their types, and the values this instance uses.
struct OptionTable {
    var infos: [String: OptionInfo] = [:]
    var values: [Int] = []
    var byName: [String: Int] = [:]
}

extension Checker {
    mutating func checkOptions(_ parts: inout PartIndex) -> OptionTable {
        var table = OptionTable()
        let literalChecker = ExpressionChecker(options: [:], zones: [:], relations: [:], definitions: [:])
        for declaration in parts.options {
            guard case .option(let name, let domain, let defaultExpression) = declaration.kind else { continue }
            literalChecker.currentFile = declaration.file
            let isBoolean = domain.allSatisfy { if case .boolean = $0 { return true } else { return false } }
            let isInteger = domain.allSatisfy { if case .boolean = $0 { return false } else { return true } }
            var valid = true
            if !isBoolean && !isInteger {
                diagnostics.append(Diagnostic(.invalidDomain, "option \(Spelling.quoted(name.name)) mixes true/false with numbers", at: name.range, file: declaration.file))
                valid = false
            }
            for item in domain {
                if case .range(let low, let high) = item, low > high {
                    diagnostics.append(Diagnostic(.invalidDomain, "the range \(low) ... \(high) is empty", at: declaration.range,
                                                  help: "write the smaller bound first: \(high) ... \(low)", file: declaration.file))
                    valid = false
                }
            }
            let type: ValueType = isBoolean ? .boolean : .integer
            var value = 0
            let checked = literalChecker.check(defaultExpression, Scope(.settings))
            switch checked.value {
            case .integer(let term) where type == .integer:
                value = literalChecker.evaluate(at: defaultExpression.range, into: &diagnostics) { settings throws(SettingsEvaluator.Failure) in
                    try settings.integer(term)
                } ?? 0
            case .boolean(let term) where type == .boolean:
                value = (try? SettingsEvaluator().boolean(term)) == true ? 1 : 0
            case .invalid:
                valid = false
            default:
                literalChecker.mismatch(expected: type, found: checked.value.type, at: defaultExpression.range)
                valid = false
            }
            if valid, !Checker.domain(domain, contains: value) {
                diagnostics.append(Diagnostic(.defaultOutsideDomain,
                                              "the default \(Checker.describe(value, type)) is not one of the values option \(Spelling.quoted(name.name)) allows",
                                              at: defaultExpression.range, help: "the allowed values are \(Checker.describe(domain))",
                                              file: declaration.file))
            }
            if let text = optionSettings[name.name] {
                if let chosen = Checker.parseOptionValue(text, type: type), Checker.domain(domain, contains: chosen) {
                    value = chosen
                } else {
                    diagnostics.append(Diagnostic(.valueOutsideDomain,
                                                  "\(Spelling.quoted(text)) is not a value option \(Spelling.quoted(name.name)) allows",
                                                  at: name.range, help: "the allowed values are \(Checker.describe(domain))",
                                                  file: declaration.file))
                }
            }
            table.infos[name.name] = OptionInfo(name: name.name, index: table.values.count, type: type, range: name.range, value: value)
            table.byName[name.name] = value
            table.values.append(value)
            diagnostics += literalChecker.diagnostics
            literalChecker.diagnostics.removeAll()
        }
        for name in optionSettings.keys.sorted() where table.infos[name] == nil {
            let known = table.infos.keys.sorted()
            let help = Spelling.closest(to: name, among: known).map { "did you mean \(Spelling.quoted($0))?" }
                ?? (known.isEmpty ? "this game has no options" : "the options are \(known.joined(separator: ", "))")
            diagnostics.append(Diagnostic(.unknownOption, "the game has no option \(Spelling.quoted(name))", at: .fileStart, help: help))
        }
        return table
    }

    static func domain(_ domain: [DomainItem], contains value: Int) -> Bool {
        domain.contains { item in
            switch item {
            case .integer(let n): return n == value
            case .range(let low, let high): return (low...max(low, high)).contains(value)
            case .boolean(let b): return (b ? 1 : 0) == value
            case .unlimited: return value == Int.max
            }
        }
    }

    /// Reads an option value given as text, such as on the command line.
    static func parseOptionValue(_ text: String, type: ValueType) -> Int? {
        switch (type, text) {
        case (.boolean, "true"), (.boolean, "yes"): return 1
        case (.boolean, "false"), (.boolean, "no"): return 0
        case (.integer, "unlimited"): return Int.max
        // The largest number stands for `unlimited`, which only the word gives: a domain of
        // numbers must not take it in through its digits.
        case (.integer, _): return Int(text).flatMap { $0 == Int.max ? nil : $0 }
        default: return nil
        }
    }

    static func describe(_ value: Int, _ type: ValueType) -> String {
        if type == .boolean { return value != 0 ? "true" : "false" }
        return value == Int.max ? "unlimited" : String(value)
    }

    static func describe(_ domain: [DomainItem]) -> String {
        domain.map { item -> String in
            switch item {
            case .integer(let n): return String(n)
            case .range(let low, let high): return "\(low) ... \(high)"
            case .boolean(let b): return String(b)
            case .unlimited: return "unlimited"
            }
        }.joined(separator: " | ")
    }
}
