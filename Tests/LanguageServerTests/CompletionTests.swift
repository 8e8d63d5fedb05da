import Foundation
import Synchronization
import TestSupport
import Testing
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceLanguageServer

/// What a server wrote, for tests that drive it directly, one message at a time.
private final class Written: Sendable {
    let messages = Mutex<[JSON]>([])
}

/// The labels the server completes at `‸` in `text` (the marker removed).
private func completions(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
    guard let marker = text.range(of: "‸") else {
        Issue.record("no marker", sourceLocation: sourceLocation)
        return []
    }
    let before = text[..<marker.lowerBound]
    let line = before.filter { $0 == "\n" }.count
    let character = before.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.utf16.count } ?? 0
    let written = Written()
    let server = LanguageServer(writer: MessageWriter { data in
        // Each framed message: drop the header.
        if let start = data.range(of: Data("\r\n\r\n".utf8)), let json = JSON.parse(data[start.upperBound...]) {
            written.messages.withLock { $0.append(json) }
        }
    }, check: { job in CheckOutcome(lint: .init(path: job.path, source: job.text, diagnostics: []), description: nil) })
    let uri = "file:///nowhere/Test.patience"
    server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
    server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
        "uri": .string(uri), "version": 1, "text": .string(text.replacingOccurrences(of: "‸", with: "")),
    ]]])
    server.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/completion", "params": [
        "textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)],
    ]])
    let response = written.messages.withLock { $0.first { $0["id"] == 2 } }
    return response?["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
}

private let game = "game \"G\"\ndecks 1\nzone stock 1\nzone tableau 7\noption draw: 1 | 3 = 1\nrelation build = alternate colour down\n"

@Suite struct CompletionTests {
    @Test func declarationKeywordsStartATopLevelLine() {
        let labels = completions(game + "‸\n")
        expectEqual(Set(labels), Keywords.declarationStarts)
    }

    @Test func statementKeywordsAndNamesStartALineInABlock() {
        let labels = completions(game + "accept tableau {\n  ‸\n}\n")
        expectTrue(Set(labels).isSuperset(of: Keywords.statementStarts))
        expectTrue(labels.contains("tableau") && labels.contains("draw") && labels.contains("builds") && labels.contains("run"))
        expectNotContains(labels, "zone")
    }

    @Test func zonesFollowARulesKeyword() {
        expectEqual(completions(game + "lift ‸"), ["stock", "tableau"])
        expectEqual(completions(game + "accept t‸"), ["tableau"])
        expectEqual(completions(game + "layout ‸"), ["stock", "tableau"])
        // A rule serving several zones takes another zone after each comma.
        expectEqual(completions(game + "accept tableau, ‸"), ["stock", "tableau"])
        expectEqual(completions(game + "override capacity stock, t‸"), ["tableau"])
    }

    @Test func propertiesFollowADot() {
        let labels = completions(game + "won when stock.‸")
        expectEqual(Set(labels), Set(Property.allCases.flatMap(\.row.names)))
        expectEqual(completions(game + "won when stock.em‸"), ["empty"])
    }

    @Test func rolesFollowAs() {
        expectEqual(completions(game + "zone spare 4 as ‸"), Keywords.roles)
    }

    @Test func relationWordsFollowTheEquals() {
        let labels = completions(game + "relation home = ‸")
        expectTrue(labels.contains("same suit") && labels.contains("up or down") && labels.contains("wrapping"))
        expectNotContains(labels, "stock")
    }

    @Test func cardLiteralsForACapital() {
        expectEqual(completions(game + "won when stock.top == Q‸"), ["Q", "QC", "QD", "QH", "QS"])
        expectEqual(completions(game + "won when stock.top == 10‸"), ["10C", "10D", "10H", "10S"])
    }

    @Test func expressionsGetNamesFunctionsAndWordsByPrefix() {
        expectEqual(completions(game + "won when al‸"), ["all"])
        expectEqual(completions(game + "won when b‸"), ["build", "builds", "black"])
        expectEqual(completions(game + "won when d‸"), ["draw", "diamonds"])
    }
}

/// The outline names a rule serving several zones by all its zones.
@Suite struct ZoneListSymbolTests {
    @Test func aRuleForSeveralZonesIsOneSymbolNamingThemAll() {
        let (file, _) = Parser.parse("accept up, down {}\nlift a, b {}\ncapacity a, b = 1")
        expectEqual(file.declarations.map { LanguageServer.symbol($0).0 }, ["accept up, down", "lift a, b", "capacity a, b"])
    }
}
