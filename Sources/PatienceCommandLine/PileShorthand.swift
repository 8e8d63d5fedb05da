import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// Short pile names for typing at the table: the first letters of a zone's name, or of its
/// role's (`c` for the zone of cells, whatever the rule file calls it), and an index, such as `t7`
/// for `tableau[7]` or `s` for `stock`, optionally followed by `xN` as in the notation. A zone
/// of several piles named without an index (`f`) stands for whichever of its piles takes the cards.
/// Shorthand is only rewritten into the move notation; `MoveNotation` still reads every play.
struct PileShorthand: Sendable {
    let zones: [Zone]

    init(rules: GameRules) {
        zones = rules.zones
    }

    /// The word in the move notation: `t7x3` becomes `tableau[7]x3`. A word that is already in the
    /// notation, or that abbreviates no zone unambiguously, comes back unchanged, so that the
    /// notation's own error explains what is wrong with it.
    func expand(_ word: String) -> String {
        guard !word.contains("["), !zones.contains(where: { $0.name == word }) else { return word }
        let characters = Array(word)
        let letterEnd = characters.firstIndex { !($0.isASCII && $0.isLetter) } ?? characters.count
        let digitEnd = characters[letterEnd...].firstIndex { !($0.isASCII && $0.isNumber) } ?? characters.count
        var letters = String(characters[..<letterEnd])
        var index = String(characters[letterEnd..<digitEnd])
        var count = String(characters[digitEnd...])
        if zone(abbreviatedAs: letters) == nil, letters.hasSuffix("x"), !index.isEmpty, count.isEmpty {
            // `wx3` is `w` with a count, not a zone starting with `wx`.
            letters.removeLast()
            count = "x" + index
            index = ""
        }
        guard !letters.isEmpty, count.isEmpty || Self.isCount(count), let zone = zone(abbreviatedAs: letters) else {
            return word
        }
        return (index.isEmpty ? zone.name : "\(zone.name)[\(index)]") + count
    }

    /// Expands the piles of `SOURCE->DESTINATION` and `tap(PILE)`.
    func expandPlay(_ text: String) -> String {
        if text.hasPrefix("tap("), text.hasSuffix(")") {
            return "tap(" + expand(String(text.dropFirst(4).dropLast())) + ")"
        }
        guard let arrow = text.range(of: "->") else { return text }
        return expand(String(text[..<arrow.lowerBound])) + "->" + expand(String(text[arrow.upperBound...]))
    }

    /// The shortest shorthand for each zone, in zone order, as `help` lists them.
    var abbreviations: [(shorthand: String, zone: Zone)] {
        zones.map { zone in
            let name = zone.name.lowercased()
            let prefixes = (1...max(1, name.count)).map { String(name.prefix($0)) }
            let shortest = prefixes.first { prefix in
                // A prefix that is also a command would never reach the shorthand.
                guard case .piles = PlayInput(line: prefix) else { return false }
                return self.zone(abbreviatedAs: prefix)?.name == zone.name && prefix.allSatisfy { $0.isASCII && $0.isLetter }
            }
            return (shortest ?? zone.name, zone)
        }
    }

    /// The zone whose name is `letters`, or else the only zone whose name starts with them, or
    /// else the only zone whose role's name starts with them (`f` for the foundations when a
    /// zone of cells is named `freecell`).
    func zone(abbreviatedAs letters: String) -> Zone? {
        guard !letters.isEmpty else { return nil }
        let lowered = letters.lowercased()
        if let exact = zones.first(where: { $0.name.lowercased() == lowered }) { return exact }
        let matches = zones.filter { $0.name.lowercased().hasPrefix(lowered) }
        if matches.count == 1 { return matches[0] }
        let byRole = zones.filter { $0.role.isShown && $0.role.rawValue.hasPrefix(lowered) }
        return byRole.count == 1 ? byRole[0] : nil
    }

    /// The zone a word names without an index (`f`, `foundation`), when it has several piles;
    /// nil for a word that names a pile, a zone of one pile, or nothing.
    func zoneOfSeveralPiles(named word: String) -> Zone? {
        guard word.allSatisfy({ $0.isASCII && $0.isLetter }), let zone = zone(abbreviatedAs: word), zone.piles.count > 1 else { return nil }
        return zone
    }

    private static func isCount(_ text: String) -> Bool {
        text.count > 1 && text.first == "x" && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }
}
