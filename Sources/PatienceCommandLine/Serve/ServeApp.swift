import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats
import PatienceSolver
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `patience serve` answers: the page, the catalog and its pictures, the rule files, and
/// the JSON API through which the page plays (see `Docs/Browser.md`). Every game is a
/// ``PlaySession`` over the `Game` facade; this type only reads requests and writes answers.
package final class ServeApp {
    let folder: ServedFolder
    private(set) var games: ServeGames
    /// The catalog entry of each rule file, kept while the file is unchanged.
    private var entries: [String: (stamp: FileStamp, entry: CatalogEntry)] = [:]
    /// The opening picture of each rule file, kept while the file is unchanged.
    private var pictures: [String: (stamp: FileStamp, svg: String)] = [:]
    /// The lines of each rule file a refusal quoted, kept while the file is unchanged.
    private var sources: [String: (stamp: FileStamp, lines: [Substring])] = [:]

    /// Serves the rule files of `path` (a folder, or one file), keeping at most `gameLimit` games.
    package init(path: String, gameLimit: Int = ServeGames.defaultLimit) {
        folder = ServedFolder(path: path)
        games = ServeGames(limit: gameLimit)
    }

    /// The answer to one request.
    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path.hasPrefix("/api/") {
            guard request.method == "POST" || (path == "/api/catalog" && request.method != "POST") else {
                return .text(405, "use POST for the game API, GET for /api/catalog")
            }
            if path == "/api/catalog" { return json(200, catalog()) }
            return api(String(path.dropFirst("/api/".count)), body: request.body)
        }
        guard request.method != "POST" else { return .text(405, "POST is only for /api/") }
        switch path {
        case "/", "/index.html":
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(ServePage.html.utf8))
        default:
            break
        }
        if path.hasPrefix("/picture/") {
            guard let file = folder.resolve(String(path.dropFirst("/picture/".count))) else { return .text(404, "no such rule file") }
            guard let svg = picture(of: file) else { return .text(422, "the rule file has errors; its game cannot be drawn") }
            return HTTPResponse(status: 200, contentType: "image/svg+xml; charset=utf-8", body: Array(svg.utf8))
        }
        if path.hasPrefix("/rules/") {
            guard let file = folder.resolve(String(path.dropFirst("/rules/".count))),
                  let data = FileManager.default.contents(atPath: file) else { return .text(404, "no such rule file") }
            return HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: [UInt8](data))
        }
        return .text(404, "not found")
    }

    // MARK: Catalog

    struct FileStamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            seconds = Int(status.st_mtim.tv_sec)
            nanoseconds = Int(status.st_mtim.tv_nsec)
            size = Int(status.st_size)
        }
    }

    /// Every served game, as `patience list --format json` lists it, with its file named relative
    /// to the folder and the address of its opening picture; and the errors of the files that are not listed.
    private func catalog() -> JSONValue {
        let (names, problems) = folder.ruleFiles()
        var listed: [CatalogEntry] = []
        var errors: [JSONValue] = problems.compactMap { entry in
            guard case .problem(let path, let diagnostic) = entry else { return nil }
            return .string(DiagnosticRenderer().render(diagnostic, inFile: path, source: nil))
        }
        for name in names {
            let path = folder.root + "/" + name
            guard let stamp = FileStamp(path: path) else { continue }
            var entry = entries[path].flatMap { $0.stamp == stamp ? $0.entry : nil } ?? catalogEntry(forRuleFileAtPath: path)
            entries[path] = (stamp, entry)
            guard entry.isUsable else {
                errors.append(.string(Self.rendered(entry.lint, as: name)))
                continue
            }
            entry.path = name
            listed.append(entry)
        }
        listed.sort(by: ListCommand.catalogOrder)
        let games = listed.map { entry -> JSONValue in
            guard case .object(var members) = ListCommand.gameJSON(entry) else { return .null }
            if case .object(var base)? = members.first(where: { $0.key == "extends" })?.value {
                base = base.map { $0.key == "file" ? ($0.key, .string(relative($0.value))) : $0 }
                members = members.map { $0.key == "extends" ? ($0.key, .object(base)) : $0 }
            }
            members.append(("picture", .string("/picture/" + Self.percentEncoded(entry.path))))
            return .object(members)
        }
        return .object([("games", .array(games)), ("problems", .array(errors))])
    }

    private func relative(_ value: JSONValue) -> String {
        guard case .string(let path) = value else { return "" }
        let real = (realpath(path, nil)).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? path
        return real.hasPrefix(folder.root + "/") ? String(real.dropFirst(folder.root.count + 1)) : (path as NSString).lastPathComponent
    }

    /// The errors of a lint result as `patience lint` writes them, without colour, the file named `name`.
    static func rendered(_ lint: FileLintResult, as name: String) -> String {
        let errors = lint.diagnostics.filter { $0.severity == .error }
        return DiagnosticRenderer().render(errors, inFile: name, source: lint.source).joined(separator: "\n")
    }

    /// The opening table of seed 1 with the default options, drawn as the catalog shows it.
    private func picture(of path: String) -> String? {
        guard let stamp = FileStamp(path: path) else { return nil }
        if let kept = pictures[path], kept.stamp == stamp { return kept.svg }
        guard let rules = try? GameCompiler.compile(path: path), let table = try? rules.deal(.seed(1)) else { return nil }
        let svg = TableSVG(rules: rules).svg(of: table)
        pictures[path] = (stamp, svg)
        return svg
    }

    /// `name` with every byte but letters, digits, `-`, `_`, `.` and `/` percent-encoded.
    static func percentEncoded(_ name: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_./")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }

    // MARK: The game API

    /// The fields of a request's JSON body.
    struct Fields {
        var members: [String: JSONNode] = [:]

        init?(body: [UInt8]) {
            guard !body.isEmpty else { return }
            guard let text = String(validating: body, as: UTF8.self), let node = try? JSONReader.parse(text),
                  case .object(let list) = node.value else { return nil }
            for member in list { members[member.key] = member.value }
        }

        func string(_ key: String) -> String? {
            guard case .string(let text)? = members[key]?.value else { return nil }
            return text
        }

        func integer(_ key: String) -> Int? {
            guard case .number(let digits)? = members[key]?.value else { return nil }
            return Int(digits)
        }

        func boolean(_ key: String) -> Bool? {
            guard case .boolean(let flag)? = members[key]?.value else { return nil }
            return flag
        }

        /// An object of strings, numbers and booleans, each as text.
        func texts(_ key: String) -> [String: String]? {
            guard let node = members[key] else { return [:] }
            if node.isNull { return [:] }
            guard case .object(let list) = node.value else { return nil }
            var result: [String: String] = [:]
            for member in list {
                switch member.value.value {
                case .string(let text): result[member.key] = text
                case .number(let digits): result[member.key] = digits
                case .boolean(let flag): result[member.key] = flag ? "true" : "false"
                default: return nil
                }
            }
            return result
        }
    }

    private func api(_ action: String, body: [UInt8]) -> HTTPResponse {
        guard let fields = Fields(body: body) else { return failure(400, "the body must be a JSON object") }
        if action == "new" { return newGame(fields) }
        guard let id = fields.string("game") else { return failure(400, "say which game with \"game\"") }
        guard var game = games.use(id) else { return failure(404, "there is no game \(Spelling.quoted(id)) (the server keeps the \(games.limit) most recent); deal a new one") }
        game.revision += 1
        games.update(id, game)
        let response: HTTPResponse
        switch action {
        case "state": response = state(game, id: id)
        case "stack", "validate", "drop", "home": response = cardAction(action, fields, game: &game, id: id)
        case "tap":
            guard let pile = fields.string("pile"), let index = try? game.session.notation.pile(pile) else { return failure(400, "say which pile with \"pile\"") }
            let pileID = game.session.game.rules.pileID(index)
            let events = game.session.perform(.tap(pile: index)) { (game: inout Game) throws(Refusal) in try game.tap(pileID) }
            response = state(game, id: id, events: events)
        case "remove":
            guard let names = fields.members["piles"], case .array(let items) = names.value else { return failure(400, "say which piles with \"piles\"") }
            var piles: [Int] = []
            for item in items {
                guard case .string(let name) = item.value, let pile = try? game.session.notation.pile(name) else { return failure(400, "no such pile") }
                piles.append(pile)
            }
            let ids = piles.map(game.session.game.rules.pileID)
            let events = game.session.perform(.remove(piles: piles.sorted())) { (game: inout Game) throws(Refusal) in try game.remove(ids) }
            response = state(game, id: id, events: events)
        case "undo", "redo", "restart":
            let input: PlayInput = action == "undo" ? .undo : action == "redo" ? .redo : .restart
            let events = game.session.respond(to: input)
            response = state(game, id: id, events: events)
        case "autoplay":
            let events = game.session.respond(to: .auto(fields.boolean("on") ?? !game.session.autoplayIsOn))
            response = state(game, id: id, events: events)
        case "hint":
            let events = game.session.respond(to: .hint)
            response = state(game, id: id, events: events, extra: hint(in: events, game: game))
        case "winnable":
            response = state(game, id: id, events: [.message(winnable(game.session.game))])
        default:
            return failure(404, "there is no action \(Spelling.quoted(action))")
        }
        games.update(id, game)
        return response
    }

    /// Deals a game of a served rule file, read afresh (so an edit shows on the next new game).
    private func newGame(_ fields: Fields) -> HTTPResponse {
        guard let name = fields.string("file"), let path = folder.resolve(name) else { return failure(404, "no such rule file") }
        guard let options = fields.texts("options") else { return failure(400, "\"options\" must be an object of names and values") }
        let lint = catalogEntry(forRuleFileAtPath: path).lint
        if lint.errorCount > 0 {
            return json(422, .object([("error", .string("\(name) has errors")), ("lint", .string(Self.rendered(lint, as: name)))]))
        }
        let deal: DealSource
        if let spec = fields.string("deal"), !spec.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                deal = try DealSource(spec: spec.trimmingCharacters(in: .whitespaces))
            } catch {
                return failure(422, "cannot deal \(Spelling.quoted(spec)): \(error.message)")
            }
        } else {
            deal = .seed(UInt64.random(in: 0...UInt64.max))
        }
        let game: Game
        do {
            let rules = try GameCompiler.compile(path: path, options: options)
            game = try Game(rules: rules, deal: deal)
        } catch {
            let text = DiagnosticRenderer().render(error.diagnostics, inFile: name, source: lint.source).joined(separator: "\n")
            return json(422, .object([("error", .string("cannot deal \(name)")), ("lint", .string(text))]))
        }
        let entry = ServeGame(session: PlaySession(game: game, dealSpec: deal.spec), file: name, options: options)
        let id = games.add(entry)
        return state(entry, id: id, events: entry.session.openingEvents)
    }

    /// The card actions: `stack` (what lifts), `validate` (a hover), `drop` and `home` (a double-click).
    private func cardAction(_ action: String, _ fields: Fields, game: inout ServeGame, id: String) -> HTTPResponse {
        let facade = game.session.game
        guard let pileName = fields.string("pile"), let pile = try? game.session.notation.pile(pileName), let index = fields.integer("index"),
              facade.table.piles[pile].cards.indices.contains(index) else { return failure(400, "say which card with \"pile\" and \"index\"") }
        let card = facade.table.piles[pile].cards[index].card
        let stack = facade.cardStack(startingAt: card)
        switch action {
        case "stack":
            return json(200, .object([("count", .integer(stack.count)), ("cards", .array(stack.map { .string($0.description) }))]))
        case "home":
            let count = facade.table.piles[pile].count - index
            if let move = facade.bestMove(from: card) {
                let events = game.session.perform(.move(move)) { (game: inout Game) throws(Refusal) in try game.apply(.move(move)) }
                return state(game, id: id, events: events)
            }
            let pileID = facade.rules.pileID(pile)
            if count == 1, facade.legalPlays.contains(.remove(piles: [pile])) {
                let events = game.session.perform(.remove(piles: [pile])) { (game: inout Game) throws(Refusal) in try game.remove([pileID]) }
                return state(game, id: id, events: events)
            }
            return state(game, id: id, events: [.message("the \(card) has no move to make on its own")])
        default:
            break
        }
        guard let targetName = fields.string("to"), let target = try? game.session.notation.pile(targetName) else { return failure(400, "say which pile with \"to\"") }
        // A card that does not lift is dragged alone, so that the refusal can say why it cannot move.
        let cards = stack.isEmpty ? Array(facade.table.piles[pile].cards[index...].map(\.card)) : stack
        let session = CardDropSession(draggedItemIDs: cards)
        let destination = ReorderDifference<Card, PileID>.Destination(collectionID: facade.rules.pileID(target))
        let attempted = Play.move(Move(source: pile, count: cards.count, destination: target))
        if action == "validate" {
            let configuration = facade.dropConfiguration(session: session, destination: destination)
            var members: [(key: String, value: JSONValue)] = [("operation", .string(configuration.operation.rawValue)),
                                                              ("accepted", .boolean(configuration.operation == .move))]
            if configuration.operation != .move, let refusal = facade.explainMove(session: session, destination: destination) {
                members.append(("refusal", refusalJSON(refusal, play: attempted, game: facade)))
            }
            return json(200, .object(members))
        }
        guard action == "drop" else { return failure(404, "there is no action \(Spelling.quoted(action))") }
        let difference = ReorderDifference(sources: cards, destination: destination)
        let events = game.session.perform(attempted) { (game: inout Game) throws(Refusal) in try game.moveCards(difference: difference) }
        return state(game, id: id, events: events)
    }

    // MARK: Answers

    /// The game as the page shows it: the table's picture, what the buttons may do, and what to say.
    private func state(_ game: ServeGame, id: String, events: [PlayEvent] = [], extra: [(key: String, value: JSONValue)] = []) -> HTTPResponse {
        let session = game.session
        let facade = session.game
        let rules = facade.rules
        let screen = PlayScreen(style: CardStyle(usesColor: false), showsClock: false)
        var refusal: JSONValue = .null
        var messages: [String] = []
        for event in events {
            switch event {
            case .table: continue
            case .refused(let play, let why): refusal = refusalJSON(why, play: play, game: facade)
            // The terminal's "type 1 to play it" does not fit a page: the hint is marked on the table instead.
            case .hint(let play, _, _, let reason): messages.append("hint: \(play) (\(reason))")
            default: messages += screen.text(for: [event], in: session).split(separator: "\n").map(String.init)
            }
        }
        let status = facade.isWon ? "won" : !facade.isDeadEnd ? "playing" : facade.isStuck ? "stuck" : "dead end"
        var members: [(key: String, value: JSONValue)] = [
            ("game", .string(id)), ("revision", .integer(game.revision)), ("name", .string(rules.name)), ("file", .string(game.file)),
            ("deal", .string(session.dealSpec)),
            ("caption", .string(TableSVG.caption(rules: rules, deal: session.dealSpec.flatMap { try? DealSource(spec: $0) }))),
            ("options", .object(game.options.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("plays", .integer(facade.state.undoStack.count)), ("canUndo", .boolean(facade.canUndo)), ("canRedo", .boolean(facade.canRedo)),
            ("status", .string(status)), ("score", .integer(facade.score)),
            ("autoplay", .boolean(session.autoplayIsOn)), ("autoplayAvailable", .boolean(session.autoplayIsAvailable)),
            ("messages", .array(messages.map { .string($0) })), ("refusal", refusal),
            ("svg", .string(TableSVG(rules: rules).svg(of: facade.table))),
        ]
        members += extra
        return json(200, .object(members))
    }

    /// A refusal in the player's words, with the rule that refused and its line.
    private func refusalJSON(_ refusal: Refusal, play: Play, game: Game) -> JSONValue {
        let sentence = RefusalWording(rules: game.rules, table: game.table, style: CardStyle(usesColor: false)).sentence(for: play, refusal: refusal)
        var rule = "no rule of the game refused this; the engine did"
        var line: String?
        if let file = refusal.file {
            let name = relative(.string(file))
            rule = name
            if let start = refusal.range?.start {
                rule += ":\(start.line):\(start.column)"
                let lines = sourceLines(of: file)
                if lines.indices.contains(start.line - 1) { line = lines[start.line - 1].trimmingCharacters(in: .whitespaces) }
            }
        }
        return .object([("text", .string(sentence)), ("code", .string(refusal.code.rawValue)), ("rule", .string(rule)), ("line", .string(line))])
    }

    /// The lines of a rule file, kept while the file is unchanged (a refusal on every hover reads one).
    private func sourceLines(of path: String) -> [Substring] {
        guard let stamp = FileStamp(path: path) else { return [] }
        if let kept = sources[path], kept.stamp == stamp { return kept.lines }
        let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        sources[path] = (stamp, lines)
        return lines
    }

    /// The hint's play as the page marks it: the cards it lifts and the piles it names.
    private func hint(in events: [PlayEvent], game: ServeGame) -> [(key: String, value: JSONValue)] {
        for event in events {
            guard case .hint(let text, _, _, let reason) = event, let play = try? game.session.notation.play(text) else { continue }
            let rules = game.session.game.rules
            var members: [(key: String, value: JSONValue)] = [("play", .string(text)), ("reason", .string(reason))]
            switch play {
            case .move(let move):
                members += [("from", .string(rules.address(ofPile: move.source))), ("count", .integer(move.count)),
                            ("to", .string(rules.address(ofPile: move.destination)))]
            case .tap(let pile):
                members += [("tap", .string(rules.address(ofPile: pile)))]
            case .remove(let piles):
                members += [("remove", .array(piles.map { .string(rules.address(ofPile: $0)) }))]
            }
            return [("hint", .object(members))]
        }
        return []
    }

    /// Whether the solver finds a win from the table as it is, within the budget `--winnable` gives a deal.
    private func winnable(_ game: Game) -> String {
        guard !game.isWon else { return "the game is won" }
        var options = SolverOptions()
        options.budget = WinnableDeal.budget
        switch Solver(rules: game.rules, options: options).solve(game.table).verdict {
        case .solved(let plays): return "winnable: the solver found a win from here in \(plays.count) play\(plays.count == 1 ? "" : "s")"
        case .unsolvable: return "not winnable: the solver proved that no win is left from this table"
        case .unknown: return "the solver could not decide within \(WinnableDeal.budget.maxStates) states and \(Int(WinnableDeal.budget.maxSeconds)) seconds"
        }
    }

    private func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(value.encoded.utf8))
    }

    private func failure(_ status: Int, _ message: String) -> HTTPResponse {
        json(status, .object([("error", .string(message))]))
    }
}
