import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// Checks a game's declarations (after `extends` is resolved): names, types, the deck, the zones,
/// the deal and the lints. It reports every finding it can in one pass and gives the checked game,
/// typed and resolved for the compiler, only when no finding is an error.
package struct Checker {
    let declarations: [Declaration]
    let path: String
    let optionSettings: [String: String]
    package var diagnostics: [Diagnostic] = []

    /// - Parameters:
    ///   - declarations: the game's parts, each naming the file it came from.
    ///   - path: the checked file, for findings about the game as a whole.
    ///   - options: option values to use instead of the defaults, as text (`"3"`, `"true"`, `"unlimited"`).
    package init(declarations: [Declaration], path: String, options: [String: String] = [:]) {
        self.declarations = declarations
        self.path = path
        self.optionSettings = options
    }

    /// What the settings (options, decks, zones) come to, which everything after them uses.
    private struct SettingsStage {
        var parts: PartIndex
        var options: OptionTable
        var checkerForSettings: ExpressionChecker
        var deck: [Card]?
        var order: CardOrder
        var memories: [CheckedMemory]
        var zones: ZoneTable
        var checker: ExpressionChecker
        var cost: CostModel
    }

    private mutating func checkSettings() -> SettingsStage {
        var parts = PartIndex(declarations)
        let options = checkOptions(&parts)
        let relations = parts.relations.reduce(into: [String: BuildRelation]()) { result, declaration in
            if case .relation(let name, let suit, let step, let wraps) = declaration.kind {
                result[name.name] = BuildRelation(suit: suit, step: step, wraps: wraps)
            }
        }
        var definitions = parts.definitions.reduce(into: [String: Declaration]()) { result, declaration in
            if case .definition(let name, _, _) = declaration.kind { result[name.name] = declaration }
        }
        // The score is read by its name like a definition, and checked and shared the same way.
        if let score = parts.score, case .score(let value) = score.kind {
            definitions["score"] = Declaration(.definition(name: Identifier("score", range: score.range), parameters: [], value: value),
                                               range: score.range, file: score.file)
        }
        // Settings cannot read the table, but they know the zones by name, so that using one is
        // reported as unavailable in a setting rather than as an unknown name.
        let zoneNames = parts.zones.enumerated().reduce(into: [String: ZoneInfo]()) { result, item in
            if case .zone(let name, _, _) = item.element.kind {
                result[name.name] = ZoneInfo(name: name.name, index: item.offset, role: .tableau, piles: 0..<0, range: name.range, file: item.element.file)
            }
        }
        let checkerForSettings = ExpressionChecker(options: options.infos, zones: zoneNames, relations: relations, definitions: definitions)
        // Settings cannot read memories either, but know their names for the same reason.
        for declaration in parts.memories {
            if case .memory(let name, _) = declaration.kind, checkerForSettings.memories[name.name] == nil {
                checkerForSettings.memories[name.name] = (slot: checkerForSettings.memories.count, isCondition: false)
            }
        }
        let (deck, order) = checkDeck(parts, checkerForSettings)
        let zones = checkZones(parts, checkerForSettings)
        let checker = ExpressionChecker(options: options.infos, zones: zones.byName, relations: relations, definitions: definitions)
        checker.cardOrder = order
        let memories = checkMemories(parts, checkerForSettings)
        checker.memories = Dictionary(memories.enumerated().map { ($1.name, (slot: $0, isCondition: $1.isCondition)) }, uniquingKeysWith: { a, _ in a })
        for (index, declaration) in parts.actions.enumerated() {
            if case .action(let name, _, _, _, _) = declaration.kind, checker.actionIndices[name.name] == nil { checker.actionIndices[name.name] = index }
        }
        let cost = CostModel(
            zonePiles: zones.byName.mapValues { $0.piles.count },
            definitions: definitions.compactMapValues {
                if case .definition(_, let parameters, let value) = $0.kind { return (Set(parameters.map(\.name.name)), value) } else { return nil }
            },
            cardCount: deck?.count ?? 0)
        return SettingsStage(parts: parts, options: options, checkerForSettings: checkerForSettings, deck: deck, order: order,
                             memories: memories, zones: zones, checker: checker, cost: cost)
    }

    /// Checks only what option values can change the validity of: the options themselves, the
    /// decks, the zones and the deal. Also gives the options those settings read, with the value
    /// each has here: only these can change what this check finds. `patience lint` runs it once
    /// with the defaults, to learn which options to vary, and once per other set of their values.
    mutating func checkSettingsForOptions() -> (diagnostics: [Diagnostic], optionsRead: [String: String]) {
        let stage = checkSettings()
        _ = DealPlanner(checker: stage.checker, zones: stage.zones, deck: stage.deck, cost: stage.cost)
            .plan(stage.parts.deals, diagnostics: &diagnostics)
        let used = stage.checker.usedNames.union(stage.checkerForSettings.usedNames)
        return (Checker.deduplicated(diagnostics + stage.checker.diagnostics + stage.checkerForSettings.diagnostics),
                stage.options.infos.filter { used.contains($0.key) }.mapValues { Checker.describe($0.value, $0.type) })
    }

    /// Runs the checks. The checked game is nil when any error was found.
    package mutating func check() -> CheckedGame? {
        let stage = checkSettings()
        let parts = stage.parts, options = stage.options, checkerForSettings = stage.checkerForSettings
        let deck = stage.deck, zones = stage.zones, checker = stage.checker, cost = stage.cost
        let gameName = checkGameName(parts)
        checkNameClashes(parts)
        let rules = RuleChecking(checker: checker, zones: zones, cost: cost)
        let lift = rules.zoneRules(parts.lifts, refusal: .liftRefused, checkingReferences: &diagnostics)
        let accept = rules.zoneRules(parts.accepts, refusal: .acceptRefused, checkingReferences: &diagnostics)
        let capacity = rules.capacities(parts.capacities, checkingReferences: &diagnostics)
        let actions = rules.actions(parts.actions, checkingReferences: &diagnostics)
        let effects = parts.effects.compactMap { declaration -> CheckedEffect? in
            guard case .effect(let name, let body) = declaration.kind else { return nil }
            checker.currentFile = declaration.file
            let faultUsesBefore = checker.faultUses
            let checkedBody = checker.checkBody(body, Scope(.table), kind: .effect, file: declaration.file)
            return CheckedEffect(name: name.name, body: checkedBody, bound: cost.steps(body), canFault: checker.faultUses != faultUsesBefore)
        }
        let removals = rules.removals(parts.removals, checkingReferences: &diagnostics)
        let layouts = checkLayouts(parts, checkerForSettings, zones)
        let referenceChecking = ReferenceChecking(checker: checker, zones: zones)
        let references = referenceChecking.references(parts.references, diagnostics: &diagnostics)
        let differences = referenceChecking.differences(parts.differences, diagnostics: &diagnostics)
        // Definitions nothing used are still checked, so their mistakes are reported.
        for declaration in parts.definitions {
            guard case .definition(let name, let parameters, _) = declaration.kind, !RuleContext.allContextNames.contains(name.name) else { continue }
            if parameters.isEmpty {
                _ = checker.check(ExpressionSyntax(.name(name.name), range: name.range), Scope(.table))
            } else {
                _ = checker.checkFunction(name.name, at: name.range)
            }
        }
        var score: IntTerm?
        var scoreBound = 0
        if let declaration = parts.score, case .score(let value) = declaration.kind {
            checker.currentFile = declaration.file
            if let (term, _) = checker.integer(ExpressionSyntax(.name("score"), range: value.range), Scope(.table)) { score = term }
            scoreBound = cost.steps(value)
        }
        let win = checkWin(parts, checker)
        let winBound: Int = { if let w = parts.win, case .win(let condition) = w.kind { return cost.steps(condition) } else { return 0 } }()
        let dealLines = DealPlanner(checker: checker, zones: zones, deck: deck, cost: cost)
            .plan(parts.deals, diagnostics: &diagnostics)
        diagnostics += checker.diagnostics
        diagnostics += checkerForSettings.diagnostics
        // A definition nested past the depth limit (P0004) is measured as unbounded; saying that
        // it is also too long and too slow would only repeat the one finding.
        if !diagnostics.contains(where: { $0.code == .nestingTooDeep }) {
            checkLimits(parts, cost)
        }
        lintDeadZones(zones, parts)
        lintUnusedOptions(parts, usedNames: checker.usedNames.union(checkerForSettings.usedNames))
        diagnostics = Checker.deduplicated(diagnostics)

        guard !diagnostics.contains(where: { $0.severity == .error }), let deck, let win, let dealLines else { return nil }
        var game = CheckedGame(
            name: gameName ?? "", file: path,
            optionValues: options.byName, deck: deck,
            zones: zones.ordered.map { CheckedZone(name: $0.name, role: $0.role, piles: $0.piles, file: $0.file, range: $0.range) },
            lift: lift, accept: accept, capacity: capacity, actions: actions, effects: effects,
            win: win, winBound: winBound, dealLines: dealLines, definitions: checker.definitions,
            refusals: checker.refusals, faults: checker.faults, ruleBounds: Checker.bounds(parts, cost),
            facts: RuleFactFinder(parts: parts, zoneNames: zones.ordered.map(\.name), optionValues: options.byName)
                .facts(actionCount: actions.count))
        game.booleanOptions = Set(options.infos.values.filter { $0.type == .boolean }.map(\.name))
        game.removals = removals
        game.layouts = layouts
        game.references = references
        game.differences = differences
        game.memories = stage.memories
        game.score = score
        game.scoreBound = scoreBound
        game.cardOrder = stage.order
        return game
    }

    /// Findings that a part is missing or unused, which a declaration lost to a syntax error can cause.
    static let followOnCodes: Set<DiagnosticCode> = [.missingGameName, .missingWinCondition, .missingDeck, .deadZone, .unusedOption]

    /// The findings without repeats, in order of place and then code (findings of one place and
    /// code in the order they came). Sorting first puts equal findings side by side, so a finding
    /// is compared whole only with those of its own place and code, rather than every finding
    /// being hashed whole (which was most of the time `lint` took on a file of 100,000 findings).
    static func deduplicated(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let order = diagnostics.indices.sorted { a, b in
            let (x, y) = (diagnostics[a], diagnostics[b])
            if x.range.start.offset != y.range.start.offset { return x.range.start.offset < y.range.start.offset }
            if x.code != y.code { return x.code.rawValue < y.code.rawValue }
            return a < b
        }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(diagnostics.count)
        // The findings kept of the current place and code; hashed once there are many of them.
        var groupStart = 0
        var groupSet: Set<Diagnostic>?
        for index in order {
            let diagnostic = diagnostics[index]
            if let last = kept.last, last.range.start.offset == diagnostic.range.start.offset, last.code == diagnostic.code {
                if let set = groupSet {
                    if set.contains(diagnostic) { continue }
                } else if kept[groupStart...].contains(diagnostic) {
                    continue
                }
            } else {
                groupStart = kept.count
                groupSet = nil
            }
            kept.append(diagnostic)
            if groupSet != nil {
                groupSet?.insert(diagnostic)
            } else if kept.count - groupStart > 16 {
                groupSet = Set(kept[groupStart...])
            }
        }
        return kept
    }

    // MARK: Game, deck, zones

    private mutating func checkGameName(_ parts: PartIndex) -> String? {
        guard let declaration = parts.game, case .game(let name) = declaration.kind else {
            diagnostics.append(Diagnostic(.missingGameName, "the file has no 'game' declaration", at: .fileStart,
                                          help: "add a line such as 'game \"Klondike\"' at the top"))
            return nil
        }
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            diagnostics.append(Diagnostic(.missingGameName, "the game's name is empty", at: declaration.range, file: declaration.file))
        }
        return name
    }

    private mutating func checkDeck(_ parts: PartIndex, _ checker: ExpressionChecker) -> ([Card]?, CardOrder) {
        guard let declaration = parts.decks, case .decks(let countExpression, let suitsExpression, let shape) = declaration.kind else {
            diagnostics.append(Diagnostic(.missingDeck, "the game declares no deck", at: .fileStart, help: "add 'decks 1'"))
            return (nil, CardOrder())
        }
        var order = CardOrder(acesHigh: shape.acesHigh)
        checker.cardOrder = order
        let scope = Scope(.settings)
        checker.currentFile = declaration.file
        guard let (countTerm, _) = checker.integer(countExpression, scope),
              let count = checker.evaluate(at: countExpression.range, into: &diagnostics, { settings throws(SettingsEvaluator.Failure) in
                  try settings.integer(countTerm)
              }) else { return (nil, order) }
        guard (1...RuleLimits.decks).contains(count) else {
            diagnostics.append(Diagnostic(.invalidDeck, "a game uses 1 to \(RuleLimits.decks) decks, not \(count)", at: countExpression.range,
                                          file: declaration.file))
            return (nil, order)
        }
        var suits = Suit.allCases
        if let suitsExpression {
            let checked = checker.check(suitsExpression, scope)
            guard case .suitList(let term) = checked.value else {
                checker.mismatch(expected: .suitList, found: checked.value.type, at: suitsExpression.range)
                return (nil, order)
            }
            guard let chosen = checker.evaluate(at: suitsExpression.range, into: &diagnostics, { settings throws(SettingsEvaluator.Failure) in
                try settings.suits(term)
            }) else { return (nil, order) }
            guard !chosen.isEmpty, Set(chosen).count == chosen.count, 4 % chosen.count == 0 else {
                diagnostics.append(Diagnostic(.invalidDeck, "a deck's suits must be 1, 2 or 4 different suits, so that each deck still has 52 cards",
                                              at: suitsExpression.range, file: declaration.file))
                return (nil, order)
            }
            suits = chosen
        }
        var jokers = 0
        if let jokersExpression = shape.jokers {
            guard let (term, _) = checker.integer(jokersExpression, scope),
                  let perDeck = checker.evaluate(at: jokersExpression.range, into: &diagnostics, { settings throws(SettingsEvaluator.Failure) in
                      try settings.integer(term)
                  }) else { return (nil, order) }
            guard (0...RuleLimits.jokersPerDeck).contains(perDeck) else {
                diagnostics.append(Diagnostic(.invalidDeck, "a deck adds 0 to \(RuleLimits.jokersPerDeck) jokers, not \(perDeck)", at: jokersExpression.range,
                                              file: declaration.file))
                return (nil, order)
            }
            jokers = perDeck * count
        }
        order.hasJokers = jokers > 0
        checker.cardOrder = order
        // A restricted deck repeats its suits to keep 52 cards a deck: Spider with one suit is 8 × 13 spades.
        let copies = count * 4 / suits.count
        var deck: [Card] = []
        for copy in 0..<copies {
            for suit in suits {
                for rank in 1...13 { deck.append(Card(rank: rank, suit: suit, copy: copy)) }
            }
        }
        if let filter = shape.filter {
            guard let (term, info) = checker.boolean(filter, Scope(.dealFilter)) else { return (nil, order) }
            checker.lintCondition(info, at: filter.range, refuses: false)
            var kept: [Card] = []
            for card in deck {
                guard let keep = checker.evaluate(with: SettingsEvaluator(card: card, order: order), at: filter.range, into: &diagnostics, {
                    settings throws(SettingsEvaluator.Failure) in try settings.boolean(term)
                }) else { return (nil, order) }
                if keep { kept.append(card) }
            }
            guard !kept.isEmpty else {
                diagnostics.append(Diagnostic(.invalidDeck, "no card of the decks meets this condition, so the game has no cards", at: filter.range,
                                              file: declaration.file))
                return (nil, order)
            }
            deck = kept
        }
        deck += (0..<jokers).map(Card.joker)
        return (deck, order)
    }

    /// The `memory` declarations, each a number or condition with a setting for its first value.
    private mutating func checkMemories(_ parts: PartIndex, _ checker: ExpressionChecker) -> [CheckedMemory] {
        var memories: [CheckedMemory] = []
        for declaration in parts.memories {
            guard case .memory(let name, let initial) = declaration.kind else { continue }
            checker.currentFile = declaration.file
            if memories.count == RuleLimits.memories {
                diagnostics.append(Diagnostic(.tooManyMemories, "a game keeps at most \(RuleLimits.memories) memories", at: name.range, file: declaration.file))
                break
            }
            let checked = checker.check(initial, Scope(.settings))
            var value: Int?
            var isCondition = false
            switch checked.value {
            case .integer(let term):
                value = checker.evaluate(at: initial.range, into: &diagnostics) { settings throws(SettingsEvaluator.Failure) in try settings.integer(term) }
            case .boolean(let term):
                isCondition = true
                value = checker.evaluate(at: initial.range, into: &diagnostics) { settings throws(SettingsEvaluator.Failure) in
                    try settings.boolean(term) ? 1 : 0
                }
            case .invalid:
                break
            default:
                diagnostics.append(Diagnostic(.typeMismatch, "a memory holds a number or a condition, not \(checked.value.type.withArticle)", at: initial.range,
                                              file: declaration.file))
            }
            // A memory whose first value has an error still takes its slot, so its uses are checked.
            memories.append(CheckedMemory(name: name.name, isCondition: isCondition, initial: value ?? 0))
        }
        return memories
    }

    private mutating func checkZones(_ parts: PartIndex, _ checker: ExpressionChecker) -> ZoneTable {
        var table = ZoneTable()
        var next = 0
        for declaration in parts.zones {
            guard case .zone(let name, let countExpression, let role) = declaration.kind else { continue }
            var count = 1
            checker.currentFile = declaration.file
            if let (term, _) = checker.integer(countExpression, Scope(.settings)),
               let value = checker.evaluate(at: countExpression.range, into: &diagnostics, { settings throws(SettingsEvaluator.Failure) in
                   try settings.integer(term)
               }) {
                if (1...RuleLimits.pilesPerZone).contains(value) {
                    count = value
                } else {
                    diagnostics.append(Diagnostic(.invalidPileCount, "a zone has 1 to \(RuleLimits.pilesPerZone) piles, not \(value)", at: countExpression.range,
                                                  file: declaration.file))
                }
            }
            let roleName = role?.name ?? name.name
            let zoneRole = ZoneRole(rawValue: roleName)
            if zoneRole == nil {
                let range = role?.range ?? name.range
                let roles = ZoneRole.allCases.map(\.rawValue)
                let suggestion = Spelling.closest(to: roleName, among: roles)
                let example = "zone \(name.name) \(Printer.print(countExpression)) as tableau"
                let help = role == nil
                    ? "name the zone after its role, or add one" + (example.count <= Spelling.longestQuote ? ": '\(example)'" : " with 'as', such as 'as tableau'")
                    : suggestion.map { "did you mean \(Spelling.quoted($0))?" } ?? "the roles are \(roles.joined(separator: ", "))"
                diagnostics.append(Diagnostic(.unknownRole, "\(Spelling.quoted(roleName)) is not a zone role", at: range, help: help, file: declaration.file))
            }
            let info = ZoneInfo(name: name.name, index: table.ordered.count, role: zoneRole ?? .tableau, piles: next..<(next + count), range: name.range,
                                file: declaration.file)
            next += count
            table.ordered.append(info)
            table.byName[name.name] = info
        }
        return table
    }

    /// The `layout` declarations, their settings worked out: the zone must exist and be shown, the
    /// row lie in 1 to 9, the cards a right fan shows and the piles in a row in 1 to 52, a place's
    /// coordinates in 0 to 104 (P0521); rows and places must account for every pile of the zone,
    /// each pile in a place of its own (P0522).
    private mutating func checkLayouts(_ parts: PartIndex, _ checker: ExpressionChecker, _ zones: ZoneTable) -> [ZoneLayout] {
        var layouts: [ZoneLayout] = []
        // The places taken so far in each band's shared grid: the band, then the place, then the
        // zone and pile there. A zone stands in the band it names, or else in the one its role
        // gives (1 for stock, waste, cells and foundations, 2 for reserves and the tableau).
        var taken: [Int: [GridPlace: (zone: String, pile: Int)]] = [:]
        for declaration in parts.layouts {
            guard case .layout(let zoneName, let syntax) = declaration.kind else { continue }
            checker.currentFile = declaration.file
            func setting(_ expression: ExpressionSyntax?, in range: ClosedRange<Int>, _ message: (Int) -> String) -> Int? {
                guard let expression, let (term, _) = checker.integer(expression, Scope(.settings)),
                      let value = checker.evaluate(at: expression.range, into: &diagnostics, { settings throws(SettingsEvaluator.Failure) in
                          try settings.integer(term)
                      }) else { return nil }
                guard range.contains(value) else {
                    diagnostics.append(Diagnostic(.invalidLayout, message(value), at: expression.range, file: declaration.file))
                    return nil
                }
                return value
            }
            var layout = ZoneLayout(zone: zoneName.name, side: syntax.side)
            layout.row = setting(syntax.row, in: 1...RuleLimits.layoutRows) { "a layout names row 1 to \(RuleLimits.layoutRows), not \($0)" }
            layout.pilesPerRow = setting(syntax.pilesPerRow, in: 1...RuleLimits.pilesPerZone) {
                "a layout puts 1 to \(RuleLimits.pilesPerZone) piles in a row, not \($0)"
            }
            switch syntax.fan {
            case .down?: layout.fan = .down
            case .stacked?: layout.fan = .stacked
            case .right(let showing)?:
                if let showing {
                    layout.fan = setting(showing, in: 1...RuleLimits.pilesPerZone) {
                        "a pile fanned to the right shows 1 to \(RuleLimits.pilesPerZone) cards, not \($0)"
                    }.map { .right(showing: $0) }
                } else {
                    layout.fan = .right(showing: 3)
                }
            case nil: break
            }
            layout.overlapping = syntax.overlapping
            let lengths = syntax.rowLengths?.map { length in
                setting(length, in: 1...RuleLimits.pilesPerZone) { "a layout puts 1 to \(RuleLimits.pilesPerZone) piles in a row, not \($0)" }
            }
            let places = syntax.places?.map { place -> GridPlace? in
                let extent = 0...RuleLimits.layoutGridExtent
                let column = setting(place.column, in: extent) { "a place's column is 0 to \(RuleLimits.layoutGridExtent) half places, not \($0)" }
                let row = setting(place.row, in: extent) { "a place's row is 0 to \(RuleLimits.layoutGridExtent) half places, not \($0)" }
                guard let column, let row else { return nil }
                return GridPlace(column: column, row: row)
            }
            guard let zone = checker.zone(named: zoneName, in: zones, file: declaration.file, diagnostics: &diagnostics) else { continue }
            if zone.role == .hidden {
                diagnostics.append(Diagnostic(.invalidLayout, "zone \(Spelling.quoted(zone.name)) is hidden, so no picture shows it",
                                              at: zoneName.range, help: "remove the layout, or give the zone a role that is shown",
                                              file: declaration.file))
                continue
            }
            let pileCount = zone.piles.count
            if let lengths, let written = syntax.rowLengths, let first = written.first, let last = written.last {
                let known = lengths.compactMap { $0 }
                let total = known.reduce(0, +)
                if known.count == lengths.count, total != pileCount {
                    diagnostics.append(Diagnostic(
                        .layoutDoesNotFit, "the rows hold \(total) \(total == 1 ? "pile" : "piles"), but zone \(Spelling.quoted(zone.name)) has \(pileCount)",
                        at: SourceRange(start: first.range.start, end: last.range.end),
                        help: "give one number a row, top row first, adding up to the zone's piles", file: declaration.file))
                } else if known.count == lengths.count {
                    layout.rowLengths = known
                }
            }
            if let places, let written = syntax.places, let first = written.first, let last = written.last {
                var seen: [GridPlace: Int] = [:]
                var fits = true
                for (index, place) in places.enumerated() {
                    guard let place else { fits = false; continue }
                    if let earlier = seen[place] {
                        diagnostics.append(Diagnostic(
                            .layoutDoesNotFit, "pile \(index + 1) of zone \(Spelling.quoted(zone.name)) is placed where pile \(earlier + 1) is",
                            at: written[index].range, help: "give each pile a place of its own", file: declaration.file))
                        fits = false
                    } else {
                        seen[place] = index
                    }
                }
                if places.count != pileCount {
                    diagnostics.append(Diagnostic(
                        .layoutDoesNotFit, "\(places.count) \(places.count == 1 ? "place is" : "places are") given, but zone \(Spelling.quoted(zone.name)) has \(pileCount) \(pileCount == 1 ? "pile" : "piles")",
                        at: SourceRange(start: first.range.start, end: last.range.end),
                        help: "give one place a pile, in pile order", file: declaration.file))
                    fits = false
                }
                if fits {
                    let band = layout.row ?? ([.stock, .waste, .cell, .foundation].contains(zone.role) ? 1 : 2)
                    for (index, place) in places.enumerated() {
                        guard let place, let other = taken[band]?[place] else { continue }
                        diagnostics.append(Diagnostic(
                            .layoutDoesNotFit, "pile \(index + 1) of zone \(Spelling.quoted(zone.name)) is placed where pile \(other.pile) of zone \(Spelling.quoted(other.zone)) is, in the grid they share",
                            at: written[index].range, help: "give each pile a place of its own, or put the zones in different rows", file: declaration.file))
                        fits = false
                    }
                }
                if fits {
                    layout.places = places.compactMap { $0 }
                    let band = layout.row ?? ([.stock, .waste, .cell, .foundation].contains(zone.role) ? 1 : 2)
                    for (index, place) in places.enumerated() { if let place { taken[band, default: [:]][place] = (zone.name, index + 1) } }
                }
            }
            layouts.append(layout)
        }
        return layouts
    }

    private mutating func checkWin(_ parts: PartIndex, _ checker: ExpressionChecker) -> BoolTerm? {
        guard let declaration = parts.win, case .win(let condition) = declaration.kind else {
            diagnostics.append(Diagnostic(.missingWinCondition, "the game has no win condition", at: .fileStart,
                                          help: "add one, such as 'won when all(f in foundation: f.size == 13)'"))
            return nil
        }
        checker.currentFile = declaration.file
        guard let (term, info) = checker.boolean(condition, Scope(.table)) else { return nil }
        if case .boolean(let value)? = info.known {
            diagnostics.append(Diagnostic(value ? .alwaysTrue : .alwaysFalse,
                                          value ? "the game is won before it starts" : "this condition can never hold, so the game can never be won",
                                          at: condition.range, file: declaration.file))
        }
        return term
    }

    /// Options, zones, definitions and relations share one namespace, and the context names
    /// (`pile`, `run`, …) belong to the rules, so a declaration may take none of them twice.
    private mutating func checkNameClashes(_ parts: PartIndex) {
        var seen: [String: (kind: String, range: SourceRange)] = [:]
        let named: [(String, [Declaration])] = [("option", parts.options), ("zone", parts.zones), ("definition", parts.definitions), ("relation", parts.relations),
                                                ("memory", parts.memories)]
        let contextNames = RuleContext.allContextNames
        for (kind, declarations) in named {
            for declaration in declarations {
                let name: Identifier
                switch declaration.kind {
                case .option(let n, _, _), .zone(let n, _, _), .definition(let n, _, _), .relation(let n, _, _, _), .memory(let n, _): name = n
                default: continue
                }
                if contextNames.contains(name.name) {
                    diagnostics.append(Diagnostic(.nameUnavailableHere, "\(Spelling.quoted(name.name)) is a name the rules give to the move being judged, so a \(kind) cannot take it",
                                                  at: name.range, help: "choose another name", file: declaration.file))
                } else if let earlier = seen[name.name] {
                    diagnostics.append(Diagnostic(.duplicateDeclaration, "\(Spelling.quoted(name.name)) already names a \(earlier.kind)", at: name.range,
                                                  help: "names of options, zones, definitions, relations and memories must all differ",
                                                  notes: [DiagnosticNote(message: "the \(earlier.kind) is declared here", range: earlier.range)],
                                                  file: declaration.file))
                } else {
                    seen[name.name] = (kind, name.range)
                }
            }
        }
    }

    /// The static step bound of each rule, action, effect and the win condition, in file order.
    static func bounds(_ parts: PartIndex, _ cost: CostModel) -> [RuleBound] {
        var result: [RuleBound] = []
        for declaration in parts.deals + parts.lifts + parts.accepts + parts.capacities + parts.actions + parts.effects + parts.removals
            + [parts.win, parts.score].compactMap({ $0 }) {
            let steps: Int
            switch declaration.kind {
            case .lift(_, let body), .accept(_, let body), .effect(_, let body): steps = cost.steps(body)
            case .capacity(_, let value): steps = cost.steps(value)
            case .action(_, _, let guardCondition, let limit, let body): steps = cost.steps(action: body, guardCondition: guardCondition, limit: limit)
            case .win(let condition), .score(let condition): steps = cost.steps(condition)
            case .removal(_, let variables, _, let destination, let condition):
                steps = cost.steps(removal: destination, condition: condition, variables: Set(variables.map(\.name)))
            case .deal(_, _, _, _, _, let arrangement):
                guard let body = arrangement.afterEachCard else { continue }
                steps = cost.steps(body)
            default: continue
            }
            result.append(RuleBound(part: declaration.key.description, file: declaration.file, range: declaration.range, steps: steps))
        }
        return result.sorted { ($0.file, $0.range.start.offset) < ($1.file, $1.range.start.offset) }
    }

    /// Refuses a rule whose static step bound or expanded size is over its limit (see
    /// `CostModel`): such a rule could not answer a drag update in time, or at all.
    private mutating func checkLimits(_ parts: PartIndex, _ cost: CostModel) {
        for declaration in parts.deals + parts.lifts + parts.accepts + parts.capacities + parts.actions + parts.effects + parts.removals
            + [parts.win, parts.score].compactMap({ $0 }) {
            let steps: Int, size: Int
            switch declaration.kind {
            case .lift(_, let body), .accept(_, let body), .effect(_, let body): (steps, size) = (cost.steps(body), cost.size(body))
            case .capacity(_, let value), .win(let value), .score(let value): (steps, size) = (cost.steps(value), cost.size(value))
            case .action(_, _, let guardCondition, let limit, let body):
                steps = cost.steps(action: body, guardCondition: guardCondition, limit: limit)
                size = cost.size(action: body, guardCondition: guardCondition, limit: limit)
            case .removal(_, let variables, _, let destination, let condition):
                steps = cost.steps(removal: destination, condition: condition, variables: Set(variables.map(\.name)))
                size = cost.size(removal: destination, condition: condition)
            case .deal(_, _, _, _, _, let arrangement):
                guard let body = arrangement.afterEachCard else { continue }
                (steps, size) = (cost.steps(body), cost.size(body))
            default: continue
            }
            let part = Spelling.quoted(declaration.key.description)
            let range = ["won", "score"].contains(declaration.key.kind) ? declaration.range : declaration.nameRange
            if size > CostModel.maximumExpandedSize {
                diagnostics.append(Diagnostic(
                    .expansionTooLarge,
                    "\(part) is \(Self.grouped(size)) terms long with its definitions written out, more than the limit of \(Self.grouped(CostModel.maximumExpandedSize))",
                    at: range, help: "a definition is written out wherever it is used: use fewer definitions that each use another several times",
                    file: declaration.file))
            }
            if steps > CostModel.maximumSteps {
                diagnostics.append(Diagnostic(
                    .stepBoundTooLarge,
                    "\(part) may take up to \(Self.grouped(steps)) steps, more than the limit of \(Self.grouped(CostModel.maximumSteps))",
                    at: range, help: "nest fewer quantifiers over cards, or loop over a zone's piles instead",
                    file: declaration.file))
            }
        }
    }

    /// A number with its digits in groups of three, as messages write large numbers.
    static func grouped(_ n: Int) -> String {
        guard n != Int.max else { return "9,223,372,036,854,775,807 (2^63 - 1) or more" }
        let digits = Array(String(n.magnitude))
        var text = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return n < 0 ? "-" + text : text
    }

    // MARK: Lints

    /// Warns about zones that no deal, rule, action or effect ever puts a card in or takes one from.
    private mutating func lintDeadZones(_ zones: ZoneTable, _ parts: PartIndex) {
        var referenced = Set<String>()
        for declaration in parts.lifts + parts.accepts + parts.deals {
            if case .lift(let zone, _) = declaration.kind { referenced.insert(zone.name) }
            if case .accept(let zone, _) = declaration.kind { referenced.insert(zone.name) }
            if case .deal(let zone, _, _, _, _, _) = declaration.kind { referenced.insert(zone.name) }
        }
        for declaration in parts.actions + parts.effects + parts.deals + parts.removals {
            referenced.formUnion(TransferTargets.zones(in: declaration))
        }
        for zone in zones.ordered where !referenced.contains(zone.name) {
            diagnostics.append(Diagnostic(.deadZone, "no card can ever enter or leave zone \(Spelling.quoted(zone.name))", at: zone.range,
                                          help: "deal cards to it, or give it a 'lift' or 'accept' rule", file: zone.file))
        }
    }

    private mutating func lintUnusedOptions(_ parts: PartIndex, usedNames: Set<String>) {
        for declaration in parts.options {
            guard case .option(let name, _, _) = declaration.kind, !usedNames.contains(name.name) else { continue }
            diagnostics.append(Diagnostic(.unusedOption, "option \(Spelling.quoted(name.name)) is never used", at: name.range,
                                          help: "remove it, or use it in a rule", file: declaration.file))
        }
    }
}

/// The zones of a game, in declaration order and by name.
struct ZoneTable {
    var ordered: [ZoneInfo] = []
    var byName: [String: ZoneInfo] = [:]
}

extension ExpressionChecker {
    /// Works out a setting, reporting a fault (such as a division by zero) as a finding instead of a value.
    func evaluate<Value>(with evaluator: SettingsEvaluator = SettingsEvaluator(), at range: SourceRange, into diagnostics: inout [Diagnostic],
                         _ body: (SettingsEvaluator) throws(SettingsEvaluator.Failure) -> Value) -> Value? {
        do throws(SettingsEvaluator.Failure) {
            return try body(evaluator)
        } catch {
            switch error {
            case .fault(let site):
                let fault = faults[site]
                diagnostics.append(Diagnostic(fault.code, fault.message, at: fault.range, file: fault.file.isEmpty ? nil : fault.file))
            case .needsTable:
                diagnostics.append(Diagnostic(.nameUnavailableHere, "this setting depends on the table, but only options and literals can be used here",
                                              at: range, file: currentFile))
            }
            return nil
        }
    }
}
