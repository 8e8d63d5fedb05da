import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// Reads a position's JSON into a table of one game, checking every member (see ``TablePosition``).
struct PositionReader {
    let rules: GameRules

    init(rules: GameRules) { self.rules = rules }

    private func problem(_ code: DiagnosticCode, _ message: String, at range: SourceRange, help: String? = nil) -> DiagnosticsError {
        DiagnosticsError(code, message, at: range, help: help)
    }

    /// A member that is missing, unknown, repeated or of the wrong kind.
    private func problem(_ message: String, at range: SourceRange, help: String? = nil) -> DiagnosticsError {
        DiagnosticsError(.invalidPositionMember, message, at: range, help: help)
    }

    /// The members of an object, each name once; a name that is not among `known` is refused,
    /// with the closest known name as help.
    private func members(of node: JSONNode, what: String, known: [String]) throws(DiagnosticsError) -> [String: JSONNode.Member] {
        guard case .object(let list) = node.value else {
            throw problem("\(what) is \(node.kind), not an object", at: node.range)
        }
        var byName: [String: JSONNode.Member] = [:]
        for member in list {
            guard known.contains(member.key) else {
                let help = Spelling.closest(to: member.key, among: known).map { "did you mean \(Spelling.quoted($0))?" }
                    ?? "the members of \(what) are " + known.map { Spelling.quoted($0) }.joined(separator: ", ")
                throw problem("\(Spelling.quoted(member.key)) is not a member of \(what)", at: member.keyRange, help: help)
            }
            guard byName[member.key] == nil else {
                throw problem("\(what) has a second \(Spelling.quoted(member.key))", at: member.keyRange)
            }
            byName[member.key] = member
        }
        return byName
    }

    private func string(_ node: JSONNode, what: String) throws(DiagnosticsError) -> String {
        guard case .string(let text) = node.value else { throw problem("\(what) is \(node.kind), not a string", at: node.range) }
        return text
    }

    /// A whole number from 0 up, written without a fraction or an exponent.
    private func count(_ node: JSONNode, what: String) throws(DiagnosticsError) -> Int {
        guard case .number(let digits) = node.value else { throw problem("\(what) is \(node.kind), not a number", at: node.range) }
        guard let value = Int(digits), value >= 0 else {
            throw problem("\(what) is \(digits), not a whole number from 0 up", at: node.range)
        }
        return value
    }

    private func array(_ node: JSONNode, what: String) throws(DiagnosticsError) -> [JSONNode] {
        guard case .array(let items) = node.value else { throw problem("\(what) is \(node.kind), not an array", at: node.range) }
        return items
    }

    mutating func table(from root: JSONNode) throws(DiagnosticsError) -> CardTable {
        let otherFields = GameRules.otherTableFields(of: CardTable(piles: [], actionUses: [])).map(\.0)
        let members = try members(of: root, what: "a position", known: TablePosition.fixedMembers + otherFields)
        try checkVersion(members["version"], root: root)
        if let format = members["format"] {
            let name = try string(format.value, what: "'format'")
            guard name == TablePosition.formatName else {
                throw problem("the format is \(Spelling.quoted(name)), not \(Spelling.quoted(TablePosition.formatName))", at: format.value.range)
            }
        }
        if let game = members["game"] {
            let name = try string(game.value, what: "'game'")
            guard name == rules.name else {
                throw problem(.positionOfOtherGame, "the position is of \(Spelling.quoted(name)), but the rules are of \(Spelling.quoted(rules.name))",
                              at: game.value.range, help: "set the position up with the rules of its game, or change its 'game'")
            }
        }
        // The deal is what the game started from, for people; the piles say where it is now.
        if let deal = members["deal"], !deal.value.isNull { _ = try string(deal.value, what: "'deal'") }
        if let options = members["options"] { try checkOptions(options.value) }
        let uses = try actionUses(members["actions"])
        guard let pilesMember = members["piles"] else {
            throw problem("the position has no 'piles'", at: root.range, help: "list the piles as 'deal --format json' writes them")
        }
        var table = try otherTableFields(members, names: otherFields)
        table.piles = try piles(pilesMember.value)
        table.actionUses = uses
        if let error = rules.problem(forRestoring: table) { throw error }
        return table
    }

    private func checkVersion(_ member: JSONNode.Member?, root: JSONNode) throws(DiagnosticsError) {
        guard let member else {
            throw problem(.unsupportedPositionVersion, "the position has no 'version'", at: root.range,
                          help: "this program reads version \(TablePosition.version): add \"version\": \(TablePosition.version)")
        }
        guard case .number(let digits) = member.value.value, digits == String(TablePosition.version) else {
            let written = member.value.text
            throw problem(.unsupportedPositionVersion, "the position is of version \(Spelling.quoted(written)), but this program reads version \(TablePosition.version)",
                          at: member.value.range)
        }
    }

    /// The options must be the rules' own: an option the game lacks, or a value other than the
    /// one the rules were compiled with, is refused.
    private func checkOptions(_ node: JSONNode) throws(DiagnosticsError) {
        let names = rules.optionValues.keys.sorted()
        let settings = try members(of: node, what: "'options'", known: names)
        for name in names {
            guard let setting = settings[name] else { continue }
            let value = rules.optionValues[name] ?? 0
            let matches: Bool
            switch setting.value.value {
            case .number(let digits): matches = !rules.booleanOptions.contains(name) && Int(digits) == value
            case .boolean(let flag): matches = rules.booleanOptions.contains(name) && (flag ? 1 : 0) == value
            case .string(let word): matches = word == "unlimited" && value == Int.max
            default:
                throw problem("option \(Spelling.quoted(name)) is \(setting.value.kind), not a number, true, false or \"unlimited\"", at: setting.value.range)
            }
            guard matches else {
                let current = rules.booleanOptions.contains(name) ? (value != 0 ? "true" : "false") : value == Int.max ? "unlimited" : String(value)
                throw problem(.positionOfOtherGame, "the position has \(name)=\(setting.value.text), but the rules are set up with \(name)=\(current)",
                              at: setting.value.range, help: "leave out '--option \(name)=…' to use the position's value")
            }
        }
    }

    /// The uses of each action, by name; an action the position leaves out has not been used.
    private func actionUses(_ member: JSONNode.Member?) throws(DiagnosticsError) -> [Int] {
        var uses = Array(repeating: 0, count: rules.actionNames.count)
        guard let member else { return uses }
        var seen: Set<Int> = []
        for item in try array(member.value, what: "'actions'") {
            let fields = try members(of: item, what: "an action", known: ["action", "uses"])
            guard let nameMember = fields["action"] else { throw problem("an action has no 'action' (its name)", at: item.range) }
            let name = try string(nameMember.value, what: "'action'")
            guard let index = rules.actionNames.firstIndex(of: name) else {
                let help = Spelling.closest(to: name, among: rules.actionNames).map { "did you mean \(Spelling.quoted($0))?" }
                    ?? (rules.actionNames.isEmpty ? "\(rules.name) has no actions" : "the actions are " + rules.actionNames.map { Spelling.quoted($0) }.joined(separator: ", "))
                throw problem("\(rules.name) has no action \(Spelling.quoted(name))", at: nameMember.value.range, help: help)
            }
            guard seen.insert(index).inserted else { throw problem("the action \(Spelling.quoted(name)) is listed twice", at: nameMember.value.range) }
            guard let usesMember = fields["uses"] else { throw problem("the action \(Spelling.quoted(name)) has no 'uses'", at: item.range) }
            uses[index] = try count(usesMember.value, what: "'uses'")
        }
        return uses
    }

    /// The parts of the table that `CardTable` decodes itself, from the members of their names.
    private func otherTableFields(_ members: [String: JSONNode.Member], names: [String]) throws(DiagnosticsError) -> CardTable {
        let written = names.compactMap { name in members[name] }
        guard !written.isEmpty else { return CardTable(piles: [], actionUses: []) }
        let text = "{\"piles\": [], \"actionUses\": []" + written.map { ", " + DiagnosticJSON.string($0.key) + ": " + $0.value.text }.joined() + "}"
        do {
            return try JSONDecoder().decode(CardTable.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            let (path, reason) = Self.describe(error)
            let member = path.first.flatMap { members[$0] } ?? written[0]
            throw problem("\(Spelling.quoted(member.key)) cannot be read: \(reason)", at: member.value.range)
        } catch {
            throw problem("\(Spelling.quoted(written[0].key)) cannot be read", at: written[0].value.range)
        }
    }

    private static func describe(_ error: DecodingError) -> (path: [String], reason: String) {
        func names(_ path: [CodingKey]) -> [String] { path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue } }
        switch error {
        case .typeMismatch(let type, let context): return (names(context.codingPath), "expected \(type) at \(names(context.codingPath).joined(separator: "."))")
        case .valueNotFound(let type, let context): return (names(context.codingPath), "expected \(type) at \(names(context.codingPath).joined(separator: "."))")
        case .keyNotFound(let key, let context): return (names(context.codingPath), "'\(key.stringValue)' is missing")
        case .dataCorrupted(let context): return (names(context.codingPath), context.debugDescription)
        @unknown default: return ([], "its value does not fit")
        }
    }

    /// Every pile by address; a pile the position leaves out is empty.
    private func piles(_ node: JSONNode) throws(DiagnosticsError) -> [Pile] {
        var piles = Array(repeating: Pile(), count: rules.pileCount)
        var written: [Int: SourceRange] = [:]
        let addresses = (0..<rules.pileCount).map { rules.address(ofPile: $0) }
        // Cards are read in two passes: those that name their deck first, then the others take the
        // lowest copy left, so that a hand-written position need not number its decks.
        var placed: [(pile: Int, card: (rank: Int, suit: Suit, copy: Int?, faceUp: Bool), range: SourceRange)] = []
        for item in try array(node, what: "'piles'") {
            let fields = try members(of: item, what: "a pile", known: ["address", "zone", "role", "cards"])
            guard let addressMember = fields["address"] else { throw problem("a pile has no 'address'", at: item.range, help: "such as \"tableau[1]\"") }
            let address = try string(addressMember.value, what: "'address'")
            guard let pile = addresses.firstIndex(of: address) ?? rules.pileIndex(ofAddress: address) else {
                let help = Spelling.closest(to: address, among: addresses).map { "did you mean \(Spelling.quoted($0))?" }
                throw problem("\(rules.name) has no pile \(Spelling.quoted(address))", at: addressMember.value.range, help: help)
            }
            if written[pile] != nil {
                throw problem("the pile \(Spelling.quoted(addresses[pile])) is listed twice", at: addressMember.value.range)
            }
            written[pile] = addressMember.value.range
            let zone = rules.zone(ofPile: pile)
            if let zoneMember = fields["zone"], try string(zoneMember.value, what: "'zone'") != zone.name {
                throw problem("the pile \(Spelling.quoted(address)) is in the zone \(Spelling.quoted(zone.name))", at: zoneMember.value.range)
            }
            if let roleMember = fields["role"], try string(roleMember.value, what: "'role'") != zone.role.rawValue {
                throw problem("the zone \(Spelling.quoted(zone.name)) has the role \(Spelling.quoted(zone.role.rawValue))", at: roleMember.value.range)
            }
            guard let cardsMember = fields["cards"] else { throw problem("the pile \(Spelling.quoted(address)) has no 'cards'", at: item.range) }
            for cardNode in try array(cardsMember.value, what: "'cards'") {
                placed.append((pile, try card(cardNode), cardNode.range))
            }
        }
        let copies = Set(rules.deck)
        var taken: Set<Card> = []
        var cards: [Card?] = Array(repeating: nil, count: placed.count)
        let jokers = rules.deck.filter(\.isJoker)
        for (index, entry) in placed.enumerated() {
            guard let copy = entry.card.copy else { continue }
            if entry.card.rank == 0 {
                // A joker: `deck` numbers the game's jokers from 1.
                let card = Card.joker(copy)
                guard jokers.contains(card) else {
                    throw problem(.unknownCard, "\(rules.name) has \(jokers.count) joker\(jokers.count == 1 ? "" : "s"), so there is no joker \(copy + 1)", at: entry.range)
                }
                guard taken.insert(card).inserted else { throw problem(.duplicateCard, "joker \(copy + 1) appears twice", at: entry.range) }
                cards[index] = card
                continue
            }
            let card = Card(rank: entry.card.rank, suit: entry.card.suit, copy: copy)
            guard copies.contains(card) else {
                throw problem(.unknownCard, "\(card) of deck \(copy + 1) is not a card of \(rules.name)", at: entry.range)
            }
            guard taken.insert(card).inserted else {
                throw problem(.duplicateCard, "\(card) of deck \(copy + 1) appears twice", at: entry.range)
            }
            cards[index] = card
        }
        for (index, entry) in placed.enumerated() where entry.card.copy == nil && entry.card.rank == 0 {
            guard let card = jokers.first(where: { !taken.contains($0) }) else {
                if jokers.isEmpty { throw problem(.unknownCard, "\(rules.name) has no jokers", at: entry.range) }
                throw problem(.duplicateCard, "JK appears more often than the decks hold jokers", at: entry.range)
            }
            taken.insert(card)
            cards[index] = card
        }
        for (index, entry) in placed.enumerated() where entry.card.copy == nil && entry.card.rank != 0 {
            let next = (0..<rules.maximumCopies).lazy.map { Card(rank: entry.card.rank, suit: entry.card.suit, copy: $0) }
                .first { copies.contains($0) && !taken.contains($0) }
            guard let card = next else {
                let value = Card(rank: entry.card.rank, suit: entry.card.suit)
                if !copies.contains(value) { throw problem(.unknownCard, "\(value) is not a card of \(rules.name)", at: entry.range) }
                throw problem(.duplicateCard, "\(value) appears more often than the decks hold it", at: entry.range)
            }
            taken.insert(card)
            cards[index] = card
        }
        for (entry, card) in zip(placed, cards) {
            guard let card else { continue }
            piles[entry.pile].cards.append(PlacedCard(card, faceUp: entry.card.faceUp))
        }
        return piles
    }

    /// `{"card": "QH", "face": "down", "deck": 2}`: `face` is `up` unless written, and `deck`
    /// (from 1) only names which copy of the card it is; `{"card": "JK", "deck": 2}` is the
    /// game's second joker.
    private func card(_ node: JSONNode) throws(DiagnosticsError) -> (rank: Int, suit: Suit, copy: Int?, faceUp: Bool) {
        let fields = try members(of: node, what: "a card", known: ["card", "face", "deck"])
        guard let cardMember = fields["card"] else { throw problem("a card has no 'card'", at: node.range, help: "such as \"card\": \"QH\"") }
        let text = try string(cardMember.value, what: "'card'")
        // A joker reads as rank 0; its `deck` numbers it among the game's jokers.
        let isJoker = text == "JK"
        guard let (rank, suit) = isJoker ? (0, Suit.clubs) : Self.rankAndSuit(text) else {
            throw problem("\(Spelling.quoted(text)) is not a card", at: cardMember.value.range,
                          help: "write a rank (A, 2-10, J, Q, K; T for 10 too) then a suit (C, D, H, S), such as \"10S\"")
        }
        var faceUp = true
        if let face = fields["face"] {
            switch try string(face.value, what: "'face'") {
            case "up": faceUp = true
            case "down": faceUp = false
            default: throw problem("'face' is \(face.value.text), not \"up\" or \"down\"", at: face.value.range)
            }
        }
        var copy: Int?
        if let deck = fields["deck"] {
            let number = try count(deck.value, what: "'deck'")
            guard number >= 1, isJoker || number <= rules.maximumCopies else {
                throw problem(.unknownCard, "\(rules.name) has \(rules.maximumCopies == 1 ? "one copy" : "\(rules.maximumCopies) copies") of each card, so there is no deck \(number) of \(text)",
                              at: deck.value.range)
            }
            copy = number - 1
        }
        return (rank, suit, copy, faceUp)
    }

    /// A card as board text writes it: `TS`, `10s`, `AH`.
    static func rankAndSuit(_ text: String) -> (Int, Suit)? {
        guard text.count >= 2, text.count <= 3, let letter = text.last, let suit = Suit(letter: letter) else { return nil }
        let rankText = text.dropLast()
        guard rankText != "1", let rank = Card.rank(from: rankText) else { return nil }
        return (rank, suit)
    }
}

extension GameRules {
    /// The flat index of a pile written as `tableau[3]`, or as `stock` or `stock[1]` for a zone of one pile.
    func pileIndex(ofAddress address: String) -> Int? {
        guard address.hasSuffix("]"), let open = address.firstIndex(of: "["),
              let index = Int(address[address.index(after: open)..<address.index(before: address.endIndex)]) else {
            return pileIndex(of: PileID(zone: address, index: 1)).flatMap { zone(ofPile: $0).piles.count == 1 ? $0 : nil }
        }
        return pileIndex(of: PileID(zone: String(address[..<open]), index: index))
    }
}
