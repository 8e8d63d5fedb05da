import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// The other option values `patience lint` checks a game's settings with. A game is compiled for
/// one set of option values, so without this a deal that cannot be made with `suits = 1`, or a
/// zone that grows past the limit with `piles = 60`, would pass lint and fail only for a player
/// who chose that value.
enum OptionVariants {
    /// At most this many sets of option values are checked besides the defaults.
    static let limit = 64
    /// At most this many declarations are checked over all the sets, so that a huge file is
    /// checked with fewer sets rather than for longer.
    static let declarationBudget = 100_000
    /// A range with more values than this is tried at its ends and middle only.
    static let shortRange = 12

    /// The values of a domain worth trying, as option settings write them.
    static func values(of domain: [DomainItem]) -> [String] {
        var values: [String] = []
        for item in domain {
            switch item {
            case .integer(let n): values.append(String(n))
            case .boolean(let b): values.append(String(b))
            case .unlimited: values.append("unlimited")
            case .range(let low, let high) where low <= high:
                let (count, overflow) = high.subtractingReportingOverflow(low)
                if !overflow && count < shortRange {
                    values += (low...high).map(String.init)
                } else {
                    let middle = low / 2 + high / 2
                    values += [low, low + 1, middle, high - 1, high].map(String.init)
                }
            case .range:
                break
            }
        }
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// Every combination of the options' values when there are at most `limit`; otherwise each
    /// value of each option alone, the others keeping their defaults.
    static func settings(_ options: [(name: String, values: [String])], limit: Int = limit) -> [[String: String]] {
        let combinations = options.reduce(1) { product, option in
            let (result, overflow) = product.multipliedReportingOverflow(by: max(option.values.count, 1))
            return overflow ? Int.max : result
        }
        if combinations <= limit {
            return options.reduce([[:]]) { partial, option in
                partial.flatMap { setting in option.values.map { value in setting.merging([option.name: value]) { $1 } } }
            }
        }
        return Array(options.lazy.flatMap { option in option.values.map { [option.name: $0] } }.prefix(limit))
    }

    /// The errors in the game's options, decks, zones and deal that only some option values
    /// cause, each place and kind of error once, with a note naming the first values that cause it.
    static func findings(for declarations: [Declaration], path: String, known: [Diagnostic]) -> [Diagnostic] {
        // Only options that the decks, zones or deal read can change what the re-check finds.
        var defaultChecker = Checker(declarations: declarations, path: path)
        let defaults = defaultChecker.checkSettingsForOptions().optionsRead
        let options = PartIndex(declarations).options.compactMap { declaration -> (name: String, values: [String])? in
            guard case .option(let name, let domain, _) = declaration.kind, defaults[name.name] != nil else { return nil }
            return (name.name, values(of: domain))
        }
        guard !options.isEmpty else { return [] }
        let knownPlaces = Set(known.map(Place.init))
        var found: [Place: (diagnostic: Diagnostic, settings: Int)] = [:]
        var order: [Place] = []
        for setting in settings(options, limit: max(1, min(limit, declarationBudget / max(declarations.count, 1)))) {
            var checker = Checker(declarations: declarations, path: path, options: setting)
            for diagnostic in checker.checkSettingsForOptions().diagnostics where diagnostic.severity == .error {
                let place = Place(diagnostic)
                guard !knownPlaces.contains(place) else { continue }
                if let first = found[place] {
                    found[place] = (first.diagnostic, first.settings + 1)
                    continue
                }
                var reported = diagnostic
                // Name only the options that differ from their defaults.
                let chosen = options.compactMap { option in
                    setting[option.name].flatMap { $0 == defaults[option.name] ? nil : "\(option.name) = \($0)" }
                }
                reported.notes.append(DiagnosticNote(message: "only with \(chosen.joined(separator: ", "))"))
                found[place] = (reported, 1)
                order.append(place)
            }
        }
        return order.compactMap { place in
            guard let (first, settings) = found[place] else { return nil }
            var diagnostic = first
            if settings > 1, let last = diagnostic.notes.indices.last {
                diagnostic.notes[last].message += " (and \(settings - 1) other setting\(settings == 2 ? "" : "s") of the options)"
            }
            return diagnostic
        }
    }

    /// Where a finding is and what kind it is: one finding per place, whatever numbers its message quotes.
    private struct Place: Hashable {
        var code: DiagnosticCode
        var range: SourceRange
        var file: String?

        init(_ diagnostic: Diagnostic) {
            (code, range, file) = (diagnostic.code, diagnostic.range, diagnostic.file)
        }
    }
}
