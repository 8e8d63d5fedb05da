import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking

/// Writes a checked game's rules in English: the deck and the table, the options' values, the deal,
/// what each zone gives and takes, the actions, the removals, the effects and the win. It reads the
/// checked terms, so the text says what the engine will do, never what a comment claims.
package struct RulesDescriber {
    let game: CheckedGame
    let options: [OptionSummary]

    /// A describer of `game`, whose options (with their domains) are `options`.
    package init(game: CheckedGame, options: [OptionSummary]) {
        self.game = game
        self.options = options
    }

    /// Reads, checks and describes the rule file at `path` (or `source`, when given, as that file)
    /// with the option values `settings`; the findings when it has errors.
    package static func describe(path: String, source: String? = nil, options settings: [String: String] = [:],
                                 files: [String: String] = [:]) -> Result<RulesDescription, DiagnosticsError> {
        let loaded = source.map { RuleLoader.load(source: $0, path: path, files: files) } ?? RuleLoader.load(path: path)
        guard let declarations = loaded.declarations, !loaded.diagnostics.contains(where: { $0.severity == .error }) else {
            return .failure(DiagnosticsError(diagnostics: loaded.diagnostics, path: loaded.path, source: loaded.source))
        }
        var checker = Checker(declarations: declarations, path: loaded.path, options: settings)
        guard let game = checker.check() else {
            return .failure(DiagnosticsError(diagnostics: checker.diagnostics, path: loaded.path, source: loaded.source))
        }
        var summaries = Checker(declarations: declarations, path: loaded.path)
        return .success(RulesDescriber(game: game, options: summaries.optionSummaries()).description())
    }

    /// The whole description.
    package func description() -> RulesDescription {
        var sections = [overview()]
        if !options.isEmpty { sections.append(optionsSection()) }
        sections.append(dealSection())
        for (index, zone) in game.zones.enumerated() { sections.append(zoneSection(index, zone)) }
        for action in game.actions { sections.append(actionSection(action)) }
        for removal in game.removals { sections.append(removalSection(removal)) }
        if !game.effects.isEmpty { sections.append(effectsSection()) }
        if !game.memories.isEmpty { sections.append(memorySection()) }
        if var score = game.score {
            // `score = …` is checked as a definition named `score`: say what it adds up.
            if case .definition(let index) = score, game.definitions.indices.contains(index), game.definitions[index].name == "score",
               case .integer(let value) = game.definitions[index].value {
                score = value
            }
            sections.append(.init(subject: .score, heading: "Score",
                                  blocks: [.paragraph(Phrases.sentence("the score is \(Phrases(game: game, context: .table).integer(score))"))]))
        }
        sections.append(.init(subject: .win, heading: "Winning",
                              blocks: [.paragraph(Phrases.sentence("the game is won when \(Phrases(game: game, context: .table).bool(game.win))"))]))
        if !game.definitions.isEmpty { sections.append(definitionsSection()) }
        if !game.references.isEmpty || !game.differences.isEmpty { sections.append(referencesSection()) }
        return RulesDescription(title: game.name.isEmpty ? "Untitled game" : game.name, sections: sections)
    }

    // MARK: the parts

    func overview() -> RulesDescription.Section {
        let jokers = game.deck.filter(\.isJoker).count
        let cards = game.deck.filter { !$0.isJoker }
        let copies = (cards.map(\.copy).max() ?? 0) + 1
        let suits = Suit.allCases.filter { suit in cards.contains { $0.suit == suit } }
        let perDeck = cards.count / max(copies, 1)
        var deck = copies == 1 ? "one deck" : "\(Self.numberWord(copies)) decks"
        deck += " of \(perDeck) cards"
        if suits.count < 4 { deck += " (\(suits.map(Phrases.suitWord).joined(separator: ", ")) only)" }
        if jokers > 0 { deck += " and \(jokers) joker\(jokers == 1 ? "" : "s")" }
        var text = "\(game.name.isEmpty ? "The game" : game.name) is played with \(deck)"
        text += copies == 1 && jokers == 0 ? "." : ", \(game.deck.count) cards in all."
        if game.cardOrder.acesHigh { text += " Aces rank above kings." }
        let visible = game.zones.filter { $0.role != .hidden }
        let zoneList = visible.map { zone -> String in
            let word = Phrases.zoneWord(zone.name)
            let role = zone.role.rawValue == zone.name ? "" : " (\(zone.role.rawValue))"
            return zone.piles.count == 1 ? Phrases.article(word) + role : "\(zone.piles.count) \(word) piles\(role)"
        }
        text += " The table has \(Self.list(zoneList))."
        let hidden = game.zones.filter { $0.role == .hidden }
        if !hidden.isEmpty {
            text += " Out of sight, the rules keep \(Self.list(hidden.map { $0.piles.count == 1 ? "a pile called \(Phrases.zoneWord($0.name))" : "\($0.piles.count) piles called \(Phrases.zoneWord($0.name))" }))."
        }
        return .init(subject: .overview, heading: "Cards and table", blocks: [.paragraph(text)])
    }

    func optionsSection() -> RulesDescription.Section {
        let items = options.map { option -> RulesDescription.Item in
            let value = game.optionValues[option.name].map { option.isBoolean ? ($0 == 0 ? "false" : "true") : Phrases.constant($0, as: .number) }
                ?? option.defaultText
            return .init("\(option.name) = \(value) (one of \(option.domainText); the default is \(option.defaultText))")
        }
        return .init(subject: .options, heading: "Options", blocks: [.paragraph("These rules are described with these option values:"), .list(items)])
    }

    func dealSection() -> RulesDescription.Section {
        var phrases = Phrases(game: game, context: .deal)
        phrases.variables = [:]
        var items: [RulesDescription.Item] = []
        for line in game.dealLines {
            let to = phrases.zonePhrase(line.piles)
            let several = line.piles.count > 1
            var text: String
            if let counts = line.counts {
                if Set(counts).count == 1, let n = counts.first {
                    text = "\(Phrases.constant(n, as: .cards)) to \(several ? "each pile of " : "")\(to)"
                } else {
                    text = "\(Self.list(counts.map(String.init))) cards to the piles of \(to) in turn"
                }
            } else {
                text = "the rest of the cards to \(to)"
            }
            text += faceUpPhrase(line)
            if several { text += line.order == .byRow ? ", dealt in rows" : ", one pile filled after another" }
            var sub: [RulesDescription.Item] = []
            if let filter = line.filter {
                sub.append(.init(Phrases.sentence("only cards such that \(phrases.bool(filter))\(line.inDealtOrder ? ", taken in the order they are dealt" : "")")))
            }
            if let split = line.splitBefore { sub.append(.init(Phrases.sentence("a new pile starts before each card such that \(phrases.bool(split))"))) }
            if let moving = line.moving {
                sub.append(.init(Phrases.sentence("cards such that \(phrases.bool(moving)) are put at the \(line.movingTo.rawValue) of their pile")))
            }
            if let after = line.afterEachCard { sub.append(.init("After each card:", phrases.statements(after))) }
            items.append(.init(Phrases.sentence(text), sub))
        }
        return .init(subject: .deal, heading: "The deal", blocks: [.paragraph("The cards are shuffled and dealt:"), .list(items)])
    }

    private func faceUpPhrase(_ line: CheckedDealLine) -> String {
        let counts = line.counts
        if line.faceUp.allSatisfy({ $0 == 0 }) { return ", face down" }
        if line.faceUp.allSatisfy({ $0 == Int.max }) || (counts.map { zip($0, line.faceUp).allSatisfy { $1 >= $0 } } ?? false) { return ", face up" }
        if Set(line.faceUp).count == 1, let k = line.faceUp.first {
            return k == 1 ? ", the top card of each pile face up" : ", the top \(k) cards of each pile face up"
        }
        return ", with the top \(Self.list(line.faceUp.map(String.init))) cards face up in turn"
    }

    func zoneSection(_ index: Int, _ zone: CheckedZone) -> RulesDescription.Section {
        let noun = Phrases.zoneWord(zone.name)
        let one = zone.piles.count == 1
        let a = one ? "the \(noun)" : Phrases.article("\(noun) pile")
        var blocks: [RulesDescription.Block] = []
        let lift = game.lift[index] ?? nil, accept = game.accept[index] ?? nil
        if lift == nil, accept == nil {
            blocks.append(.paragraph(Phrases.sentence("no card is ever moved from or onto \(a) by the player")))
        } else if let lift {
            if lift.clauses.isEmpty {
                blocks.append(.paragraph(Phrases.sentence("any face-up card of \(a) can be moved, together with the cards on it")))
            } else {
                blocks.append(.paragraph(Phrases.sentence("cards can be moved from \(a) when:")))
                var phrases = Phrases(game: game, context: .lift)
                if one { phrases.ownPile = a }
                blocks.append(.list(phrases.clauses(lift.clauses)))
            }
        } else {
            blocks.append(.paragraph(Phrases.sentence("no card is ever moved from \(a)")))
        }
        if lift == nil, accept == nil {
        } else if let accept {
            if accept.clauses.isEmpty {
                blocks.append(.paragraph(Phrases.sentence("\(a) takes any cards moved to it")))
            } else {
                blocks.append(.paragraph(Phrases.sentence("\(a) takes cards when:")))
                var phrases = Phrases(game: game, context: .accept)
                if one { phrases.ownPile = a }
                blocks.append(.list(phrases.clauses(accept.clauses)))
            }
        } else {
            blocks.append(.paragraph(Phrases.sentence("no card can be moved onto \(a)")))
        }
        if let capacity = game.capacity[index] ?? nil {
            let amount = Phrases(game: game, context: .accept).integer(capacity.value, as: .number)
            blocks.append(.paragraph(Phrases.sentence("a move onto \(a) brings at most \(amount == "1" ? "one card" : "\(amount) cards")")))
        }
        let heading = one ? "The \(noun)" : "The \(noun) (\(zone.piles.count) piles)"
        return .init(subject: .zone(zone.name), heading: heading, blocks: blocks)
    }

    func actionSection(_ action: CheckedAction) -> RulesDescription.Section {
        let phrases = Phrases(game: game, context: .action)
        let tapped = phrases.zone(action.piles).map { $0.piles.count == 1 ? "the \(Phrases.zoneWord($0.name))" : Phrases.article("\(Phrases.zoneWord($0.name)) pile") }
            ?? RulesDescription.gap
        var text = "tap \(tapped)"
        if let condition = action.guardCondition { text += " when \(phrases.bool(condition))" }
        if let limit = action.limit {
            if case .constant(let n) = limit {
                text += n == Int.max ? " (as often as you like)" : " (at most \(n == 1 ? "once" : n == 2 ? "twice" : "\(n) times") in a game)"
            } else {
                text += " (at most \(phrases.integer(limit)) times in a game)"
            }
        }
        let blocks: [RulesDescription.Block] = [.paragraph(Phrases.sentence(text + " to:")),
                                                 .list(phrases.statements(action.body).ifEmpty("do nothing"))]
        return .init(subject: .action(action.name), heading: "Action '\(action.name)'", blocks: blocks)
    }

    func removalSection(_ removal: CheckedRemoval) -> RulesDescription.Section {
        var phrases = Phrases(game: game, context: .removal)
        let names = removal.slots.map { phrases.bind(slot: $0, pile: true) }
        let zones = game.zones.filter { zone in removal.candidates.contains { zone.piles.contains($0) } }
            .map { Phrases.zoneWord($0.name) }
        let zonesText = Self.list(zones, joiner: "or")
        var text = names.count == 1
            ? "the top card of a pile \(names[0]) of the \(zonesText) can be put on \(phrases.pile(removal.destination))"
            : "the top cards of \(Self.numberWord(names.count)) piles \(Self.list(names)) of the \(zonesText) can be put together on \(phrases.pile(removal.destination))"
        if let condition = removal.condition { text += " when \(phrases.bool(condition))" }
        return .init(subject: .removal(removal.name), heading: "Removal '\(removal.name)'", blocks: [.paragraph(Phrases.sentence(text))])
    }

    func effectsSection() -> RulesDescription.Section {
        let phrases = Phrases(game: game, context: .effect)
        let items = game.effects.map { effect in
            RulesDescription.Item("'\(effect.name)':", phrases.statements(effect.body).ifEmpty("nothing happens"))
        }
        return .init(subject: .effects, heading: "After every move", blocks: [
            .paragraph("After every move and every tap, these happen by themselves, again and again until nothing changes:"),
            .list(items),
        ])
    }

    func memorySection() -> RulesDescription.Section {
        let items = game.memories.map { memory in
            RulesDescription.Item(memory.isCondition
                ? "'\(memory.name)', a condition, at first \(memory.initial == 0 ? "false" : "true")."
                : "'\(memory.name)', a number, at first \(memory.initial).")
        }
        return .init(subject: .memory, heading: "What the game remembers", blocks: [.list(items)])
    }

    /// The outside programs the rules are compared with, and where they differ on purpose.
    func referencesSection() -> RulesDescription.Section {
        var blocks: [RulesDescription.Block] = []
        if !game.references.isEmpty {
            blocks.append(.paragraph("These rules are checked against \(Self.list(game.references.map(\.description)))."))
        }
        if !game.differences.isEmpty {
            blocks.append(.paragraph("They differ on purpose:"))
            blocks.append(.list(game.differences.map { difference in
                .init("from \(difference.program.displayName), \(Self.differencePhrase(difference.kind)): \(difference.reason)")
            }))
        }
        return .init(subject: .references, heading: "Checked against", blocks: blocks)
    }

    static func differencePhrase(_ kind: DeclaredDifference.Kind) -> String {
        switch kind {
        case .move(let from, let to): return "in moves from \(Phrases.zoneWord(from)) to \(Phrases.zoneWord(to))"
        case .tap(let zone): return "in taps on \(Phrases.zoneWord(zone))"
        case .removal: return "in removals"
        case .position(let zone): return "in \(Phrases.zoneWord(zone)) after a play"
        }
    }

    func definitionsSection() -> RulesDescription.Section {
        let items = game.definitions.map { definition -> RulesDescription.Item in
            // A parameter is called by the name the rule file gives it.
            var phrases = Phrases(game: game, context: .table)
            for parameter in definition.parameters { phrases.variables[parameter.slot] = parameter.name }
            let meaning: String
            switch definition.value {
            case .integer(let term): meaning = phrases.integer(term)
            case .boolean(let term): meaning = "true when \(phrases.bool(term))"
            case .card(let term): meaning = phrases.card(term)
            case .cards(let term): meaning = phrases.slice(term)
            case .pile(let term): meaning = phrases.pile(term)
            }
            let called = definition.parameters.isEmpty ? definition.name
                : "\(definition.name)(\(definition.parameters.map(\.name).joined(separator: ", ")))"
            return .init("'\(called)' means \(meaning).")
        }
        return .init(subject: .definitions, heading: "Words used above", blocks: [.list(items)])
    }

    // MARK: helpers

    static func list(_ items: [String], joiner: String = "and") -> String {
        switch items.count {
        case 0: return "nothing"
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(joiner) " + items[items.count - 1]
        }
    }

    static func numberWord(_ n: Int) -> String {
        n >= 1 && n <= 10 ? ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"][n - 1] : String(n)
    }
}
