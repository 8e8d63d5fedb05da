import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine

/// The JSON API of `patience serve`, asked in-process (``ServeApp/respond(to:)``, no socket):
/// every bundled game deals and takes a legal play, the facade's answers come back as the page
/// reads them, an edited rule file reloads on the next new game, and the games kept are bounded.
@Suite("patience serve: JSON API")
struct ServeAPITests {
    /// Asks `action` with a JSON body; the status and the answer's JSON.
    private func ask(_ app: ServeApp, _ action: String, _ body: String) throws -> (status: Int, json: JSONNode) {
        let response = app.respond(to: HTTPRequest(method: "POST", path: "/api/" + action, body: Array(body.utf8)))
        return (response.status, try JSONReader.parse(String(decoding: response.body, as: UTF8.self)))
    }

    private func integer(_ node: JSONNode?) -> Int? {
        guard case .number(let digits)? = node?.value else { return nil }
        return Int(digits)
    }

    private func boolean(_ node: JSONNode?) -> Bool? {
        guard case .boolean(let flag)? = node?.value else { return nil }
        return flag
    }

    /// The body that asks for `play` on `table`: a drop (a move, or a removal of two piles by
    /// dropping one top card on the other), a tap, or a removal.
    private func request(for play: Play, rules: GameRules, table: CardTable, game: String) -> (action: String, body: String) {
        func quoted(_ text: String) -> String { DiagnosticJSON.string(text) }
        switch play {
        case .move(let move):
            let index = table.piles[move.source].count - move.count
            return ("drop", #"{"game": "\#(game)", "pile": \#(quoted(rules.address(ofPile: move.source))), "index": \#(index), "to": \#(quoted(rules.address(ofPile: move.destination)))}"#)
        case .tap(let pile):
            return ("tap", #"{"game": "\#(game)", "pile": \#(quoted(rules.address(ofPile: pile)))}"#)
        case .remove(let piles):
            return ("remove", #"{"game": "\#(game)", "piles": [\#(piles.map { quoted(rules.address(ofPile: $0)) }.joined(separator: ", "))]}"#)
        }
    }

    @Test func everyBundledGameDealsAndTakesALegalPlay() throws {
        let app = ServeApp(path: TestPaths.rules.path)
        let catalog = app.respond(to: HTTPRequest(method: "GET", path: "/api/catalog"))
        let listed = try JSONReader.parse(String(decoding: catalog.body, as: UTF8.self))
        guard case .array(let games)? = listed["games"]?.value else { Issue.record("no games"); return }
        expectEqual(games.count, TestPaths.ruleFiles.count)
        for name in TestPaths.ruleFiles {
            let file = TestPaths.rules.appendingPathComponent(name).path
            let dealt = try ask(app, "new", #"{"file": "\#(name)", "deal": "seed:1"}"#)
            expectEqual(dealt.status, 200, "\(name)")
            let id = try #require(dealt.json["game"]?.string)
            expectTrue(dealt.json["svg"]?.string?.hasPrefix("<svg") == true, "\(name)")
            let rules = try GameCompiler.compile(path: file)
            let table = try rules.deal(.seed(1))
            guard let play = rules.legalPlays(on: table).first else { continue }
            let (action, body) = request(for: play, rules: rules, table: table, game: id)
            let played = try ask(app, action, body)
            expectEqual(played.status, 200, "\(name)")
            expectEqual(integer(played.json["plays"]), 1, "\(name): \(MoveNotation(rules: rules).text(of: play)) \(played.json["refusal"]?.text ?? "")")
            let picture = app.respond(to: HTTPRequest(method: "GET", path: "/picture/" + name))
            expectEqual(picture.status, 200, "\(name)")
        }
    }

    @Test func hoverDropUndoRedoHintAndAutoplayGoThroughTheFacade() throws {
        let app = ServeApp(path: TestPaths.rules.path)
        let id = try #require(try ask(app, "new", #"{"file": "Klondike.patience", "deal": "seed:1"}"#).json["game"]?.string)
        for _ in 0..<3 { expectEqual(try ask(app, "tap", #"{"game": "\#(id)", "pile": "stock"}"#).status, 200) }
        // What lifts: the waste's top card alone; a face-down card of a column, nothing.
        let stack = try ask(app, "stack", #"{"game": "\#(id)", "pile": "waste", "index": 2}"#)
        expectEqual(integer(stack.json["count"]), 1)
        expectEqual(integer(try ask(app, "stack", #"{"game": "\#(id)", "pile": "tableau[7]", "index": 0}"#).json["count"]), 0)

        let refused = try ask(app, "validate", #"{"game": "\#(id)", "pile": "waste", "index": 2, "to": "tableau[1]"}"#)
        expectEqual(refused.json["operation"]?.string, "forbidden")
        expectEqual(boolean(refused.json["accepted"]), false)
        expectTrue(refused.json["refusal"]?["text"]?.string?.contains("cannot go on the KD") == true)
        let accepted = try ask(app, "validate", #"{"game": "\#(id)", "pile": "waste", "index": 2, "to": "foundation[1]"}"#)
        expectEqual(accepted.json["operation"]?.string, "move")

        let wrong = try ask(app, "drop", #"{"game": "\#(id)", "pile": "waste", "index": 2, "to": "tableau[1]"}"#)
        expectEqual(integer(wrong.json["plays"]), 3)
        let refusal = try #require(wrong.json["refusal"])
        expectTrue(refusal["rule"]?.string?.hasPrefix("Klondike.patience:") == true, "\(refusal.text)")
        expectFalse((refusal["line"]?.string ?? "").isEmpty)

        let dropped = try ask(app, "drop", #"{"game": "\#(id)", "pile": "waste", "index": 2, "to": "foundation[1]"}"#)
        expectEqual(integer(dropped.json["plays"]), 4)
        expectTrue(dropped.json["refusal"]?.isNull == true)
        expectEqual(integer(try ask(app, "undo", #"{"game": "\#(id)"}"#).json["plays"]), 3)
        expectEqual(integer(try ask(app, "redo", #"{"game": "\#(id)"}"#).json["plays"]), 4)
        expectEqual(integer(try ask(app, "undo", #"{"game": "\#(id)"}"#).json["plays"]), 3)
        // A double-click sends the ace home.
        expectEqual(integer(try ask(app, "home", #"{"game": "\#(id)", "pile": "waste", "index": 2}"#).json["plays"]), 4)

        let hint = try ask(app, "hint", #"{"game": "\#(id)"}"#)
        expectTrue(hint.json["hint"]?["play"]?.string?.isEmpty == false, "\(hint.json.text)")
        let auto = try ask(app, "autoplay", #"{"game": "\#(id)", "on": true}"#)
        expectEqual(boolean(auto.json["autoplay"]), true)
        expectEqual(boolean(auto.json["autoplayAvailable"]), true)
        let restarted = try ask(app, "restart", #"{"game": "\#(id)"}"#)
        expectEqual(integer(restarted.json["plays"]), 0)
        // Each answer is newer than the ones before it, so that a page can drop one that arrives late.
        expectGreater(integer(restarted.json["revision"]) ?? 0, integer(dropped.json["revision"]) ?? .max)
    }

    @Test func winnableAsksTheSolver() throws {
        let app = ServeApp(path: TestPaths.fixtures.appendingPathComponent("SolverGames").path)
        let id = try #require(try ask(app, "new", #"{"file": "MiniFreeCell.patience", "deal": "seed:5"}"#).json["game"]?.string)
        let answer = try ask(app, "winnable", #"{"game": "\#(id)"}"#)
        guard case .array(let messages)? = answer.json["messages"]?.value else { Issue.record("no messages"); return }
        expectTrue(messages.first?.string?.hasPrefix("winnable: the solver found a win from here in 12 plays") == true, "\(answer.json.text)")
        // Seed 1 deals a table the solver proves lost.
        let lost = try #require(try ask(app, "new", #"{"file": "MiniFreeCell.patience", "deal": "seed:1"}"#).json["game"]?.string)
        let verdict = try ask(app, "winnable", #"{"game": "\#(lost)"}"#)
        expectTrue(verdict.json["messages"]?.text.contains("not winnable") == true, "\(verdict.json.text)")
    }

    @Test func anEditedRuleFileReloadsOnTheNextNewGameWithItsErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Golf.patience")
        let source = try String(contentsOf: TestPaths.rules.appendingPathComponent("Golf.patience"), encoding: .utf8)
        try Data(source.utf8).write(to: file)
        let app = ServeApp(path: folder.path)
        let first = try ask(app, "new", #"{"file": "Golf.patience", "deal": "seed:1"}"#)
        expectEqual(first.json["name"]?.string, "Golf")

        try Data(source.replacingOccurrences(of: "game \"Golf\"", with: "game \"Golf\"\nzone").utf8).write(to: file)
        let broken = try ask(app, "new", #"{"file": "Golf.patience", "deal": "seed:1"}"#)
        expectEqual(broken.status, 422)
        let lint = try #require(broken.json["lint"]?.string)
        expectTrue(lint.contains("Golf.patience:") && lint.contains("error["), "\(lint)")
        let catalog = try JSONReader.parse(String(decoding: app.respond(to: HTTPRequest(method: "GET", path: "/api/catalog")).body, as: UTF8.self))
        expectTrue(catalog["problems"]?.text.contains("error[") == true)

        try Data(source.replacingOccurrences(of: "game \"Golf\"", with: "game \"Golf Edited\"").utf8).write(to: file)
        let fixed = try ask(app, "new", #"{"file": "Golf.patience", "deal": "seed:1"}"#)
        expectEqual(fixed.status, 200)
        expectEqual(fixed.json["name"]?.string, "Golf Edited")
        // The game dealt before the edit plays on with the rules it was dealt with.
        let old = try ask(app, "state", #"{"game": "\#(first.json["game"]?.string ?? "")"}"#)
        expectEqual(old.json["name"]?.string, "Golf")
    }

    @Test func optionsAndDealsAreRead() throws {
        let app = ServeApp(path: TestPaths.rules.path)
        let three = try ask(app, "new", #"{"file": "Klondike.patience", "deal": "seed:2", "options": {"draw": 3}}"#)
        expectEqual(three.status, 200)
        expectTrue(three.json["caption"]?.string?.contains("draw=3") == true)
        let ms = try ask(app, "new", #"{"file": "FreeCell.patience", "deal": "ms:11982"}"#)
        expectEqual(ms.json["deal"]?.string, "ms:11982")
        expectEqual(try ask(app, "new", #"{"file": "Klondike.patience", "options": {"draw": 7}}"#).status, 422)
        expectEqual(try ask(app, "new", #"{"file": "Klondike.patience", "deal": "moon:1"}"#).status, 422)
    }

    @Test func theGamesKeptAreBoundedTheOldestGoingFirst() throws {
        let app = ServeApp(path: TestPaths.rules.path, gameLimit: 2)
        var ids: [String] = []
        for _ in 0..<3 {
            ids.append(try #require(try ask(app, "new", #"{"file": "Golf.patience", "deal": "seed:1"}"#).json["game"]?.string))
        }
        expectEqual(app.games.count, 2)
        expectEqual(try ask(app, "state", #"{"game": "\#(ids[0])"}"#).status, 404)
        expectEqual(try ask(app, "state", #"{"game": "\#(ids[1])"}"#).status, 200)
        expectEqual(try ask(app, "state", #"{"game": "\#(ids[2])"}"#).status, 200)
    }
}
