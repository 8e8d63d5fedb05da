import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceChecking
@testable import PatienceLanguageServer

private let uri = "file:///nowhere/Game.patience"
private let game = "game \"G\"\ndecks 1\nzone stock 1\nzone waste 1\ndeal stock rest face down\naccept waste {}\nlift stock {}\nwon when stock.empty\n"

private func opened(_ server: ServerHarness, text: String = game, version: Int = 1) {
    server.send(request(1, "initialize", [:]))
    _ = server.response(1)
    server.send(notification("initialized", [:]))
    server.send(notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "patience", "version": .int(version), "text": .string(text)]]))
}

/// A check that waits until the test lets it go, counting the versions it was asked for.
private final class HeldCheck: Sendable {
    let release = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)

    func check(_ job: CheckJob) -> CheckOutcome {
        started.signal()
        release.wait()
        return CheckScheduler.standardCheck(job)
    }
}

@Suite struct ServerBehaviourTests {
    /// While a check is held up, requests are still answered: the server never waits for one.
    @Test func requestsAreAnsweredWhileACheckRuns() throws {
        let held = HeldCheck()
        let server = ServerHarness(check: held.check)
        opened(server)
        held.started.wait()
        server.send(request(2, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 2, "character": 6]]))
        let hover = server.response(2)
        expectEqual(hover?["result"]?["contents"]?["value"]?.string?.contains("zone stock 1"), true)
        server.send(request(3, "textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]))
        expectEqual(server.response(3)?["result"]?.array?.count, 8)
        // No diagnostics came while the check was held.
        expectTrue(!server.pending.contains { $0["method"]?.string == "textDocument/publishDiagnostics" })
        held.release.signal()
        expectEqual(server.diagnostics(uri, version: 1)?["params"]?["diagnostics"], [])
        server.send(request(4, "shutdown", nil))
        _ = server.response(4)
        server.send(notification("exit", nil))
        expectEqual(server.close(), 0)
    }

    /// Edits made during a check replace the one waiting, and a result for an old version is dropped.
    @Test func onlyTheNewestVersionIsPublished() throws {
        let held = HeldCheck()
        let server = ServerHarness(check: held.check)
        opened(server)
        held.started.wait()
        for version in 2...3 {
            let text = version == 3 ? game.replacingOccurrences(of: "stock.empty", with: "stok.empty") : game
            server.send(notification("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)],
                                                               "contentChanges": [["text": .string(text)]]]))
        }
        // The document's symbols answer from version 3 at once.
        server.send(request(5, "textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]))
        expectNotEqual(server.response(5), nil)
        held.release.signal()
        held.release.signal()
        let published = server.diagnostics(uri, version: 3)
        expectEqual(published?["params"]?["diagnostics"]?.array?.first?["code"], "P0301")
        expectTrue(!server.pending.contains { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["version"]?.int != 3 })
        _ = server.close()
    }

    /// Editing a base file checks the open variants that extend it again, with the base's new text.
    @Test func editingABaseRechecksItsOpenVariants() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var texts: [String: String] = [:]
        for name in ["Base.patience", "Variant.patience"] {
            try FileManager.default.copyItem(at: TestPaths.fixture("LSP/\(name)"), to: folder.appendingPathComponent(name))
            texts[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let uriOf = { (name: String) in URL(fileURLWithPath: folder.appendingPathComponent(name).path).standardizedFileURL.absoluteString }
        let server = ServerHarness()
        server.send(request(1, "initialize", [:]))
        _ = server.response(1)
        for name in ["Base.patience", "Variant.patience"] {
            server.send(notification("textDocument/didOpen", ["textDocument": ["uri": .string(uriOf(name)), "version": 1, "text": .string(texts[name]!)]]))
        }
        expectEqual(server.diagnostics(uriOf("Variant.patience"), version: 1)?["params"]?["diagnostics"], [])
        // The base, as edited and not saved, no longer declares the relation the variant uses.
        let edited = texts["Base.patience"]!.replacingOccurrences(of: "relation build =", with: "relation built =")
            .replacingOccurrences(of: "run.first, build)", with: "run.first, built)")
        server.send(notification("textDocument/didChange", ["textDocument": ["uri": .string(uriOf("Base.patience")), "version": 2],
                                                           "contentChanges": [["text": .string(edited)]]]))
        expectEqual(server.diagnostics(uriOf("Base.patience"), version: 2)?["params"]?["diagnostics"], [])
        let variant = server.take { message in
            message["params"]?["uri"]?.string == uriOf("Variant.patience") && message["params"]?["diagnostics"] != []
        }
        expectEqual(variant?["params"]?["diagnostics"]?.array?.first?["code"], "P0301")
        _ = server.close()
    }

    /// A document larger than a rule file may be gets one finding and is not read further.
    @Test func aHugeDocumentGetsAFindingAndErrors() throws {
        let server = ServerHarness()
        let huge = game + String(repeating: "# " + String(repeating: "x", count: 98) + "\n", count: 11_000)
        opened(server, text: huge)
        let published = server.diagnostics(uri, version: 1)
        expectEqual(published?["params"]?["diagnostics"]?.array?.map { $0["code"] }, ["P0001"])
        server.send(request(2, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 2, "character": 6]]))
        expectEqual(server.response(2)?["error"]?["code"]?.int, -32803)
        server.send(request(3, "textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": [:]]))
        expectEqual(server.response(3)?["error"]?["code"]?.int, -32803)
        _ = server.close()
    }

    /// Seeded garbage — random bytes, truncated and mangled requests, requests on random
    /// positions of a document with random text — never stops the server: it still answers.
    @Test func garbageNeverStopsTheServer() throws {
        var random = SplitMix(seed: 17)
        let server = ServerHarness()
        opened(server)
        let methods = ["textDocument/hover", "textDocument/definition", "textDocument/completion", "textDocument/rename",
                       "textDocument/prepareRename", "textDocument/formatting", "textDocument/documentSymbol"]
        let valid = Array(request(7, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 2, "character": 6]]).data)
        for round in 0..<150 {
            switch random.next() % 4 {
            case 0:
                server.sendRaw(Data((0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
            case 1:
                var body = valid
                for _ in 0..<3 { body[Int(random.next() % UInt64(body.count))] = UInt8(truncatingIfNeeded: random.next()) }
                server.sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + Data(body))
            case 2:
                let text = String((0..<Int(random.next() % 300)).map { _ in Array("zone a 1\n{}().#\"é😀 xQH10S won when\r")[Int(random.next() % 35)] })
                server.send(notification("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(round + 2)],
                                                                   "contentChanges": [["text": .string(text)]]]))
            default:
                server.send(request(1000 + round, methods[Int(random.next() % UInt64(methods.count))], [
                    "textDocument": ["uri": .string(uri)], "newName": "fresh",
                    "position": ["line": .int(Int(random.next() % 12) - 2), "character": .int(Int(random.next() % 40) - 5)],
                ]))
            }
        }
        // Whatever the garbage left half-read is flushed by a message of blank lines' worth of header.
        server.sendRaw(Data("\r\n\r\n".utf8))
        server.send(request(5000, "shutdown", nil))
        expectEqual(server.response(5000)?["result"], .null)
        server.send(notification("exit", nil))
        expectEqual(server.close(), 0)
    }

    /// The input ending without `shutdown` ends the server with status 1.
    @Test func endOfInputWithoutShutdownIsStatusOne() {
        let server = ServerHarness()
        server.send(request(1, "initialize", [:]))
        expectNotEqual(server.response(1), nil)
        expectEqual(server.close(), 1)
    }
}

@Suite struct TransportTests {
    /// A reader over fixed chunks of input.
    private func reader(_ chunks: [Data]) -> MessageReader {
        nonisolated(unsafe) var rest = chunks
        return MessageReader { rest.isEmpty ? nil : rest.removeFirst() }
    }

    @Test func messagesSplitAcrossReadsAreJoined() {
        let body = Data(#"{"jsonrpc":"2.0","id":1,"method":"x"}"#.utf8)
        let framed = Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        var messages = reader(stride(from: 0, to: framed.count, by: 5).map { framed[$0..<min($0 + 5, framed.count)] })
        guard case .message(let message) = messages.next() else {
            Issue.record("no message")
            return
        }
        expectTrue(message["method"] == "x" && message["id"] == 1)
        guard case .endOfInput = messages.next() else {
            Issue.record("more than one message")
            return
        }
    }

    @Test func aBodyOverTheLimitIsSkippedAndTheNextMessageRead() {
        let size = MessageReader.maximumBody + 10
        let next = Data(#"{"id":2,"method":"y"}"#.utf8)
        var messages = reader([Data("Content-Length: \(size)\r\n\r\n".utf8), Data(repeating: 32, count: size),
                               Data("Content-Length: \(next.count)\r\n\r\n".utf8) + next])
        guard case .malformed(let reason) = messages.next() else {
            Issue.record("the large body was not refused")
            return
        }
        expectContains(reason, "larger than the limit")
        guard case .message(let message) = messages.next() else {
            Issue.record("the next message was lost")
            return
        }
        expectEqual(message["id"], 2)
    }

    @Test func jsonRoundTripsThroughFoundation() {
        let value: JSON = ["a": [1, .number(2.5), "x", true, nil], "b": ["c": false]]
        expectEqual(JSON.parse(value.data), value)
        expectEqual(value.text, #"{"a":[1,2.5,"x",true,null],"b":{"c":false}}"#)
        expectEqual(JSON.parse(Data("{".utf8)), nil)
    }
}

@Suite struct LineIndexTests {
    /// LSP characters count UTF-16 code units: an emoji is two, an accented letter one.
    @Test func positionsCountUTF16() {
        let text = "# é😀x\nzone a 1\r\nwon"
        let index = LineIndex(text)
        expectEqual(index.lineCount, 3)
        let x = Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))!
        #expect(index.position(ofOffset: x) == (0, 5))
        expectEqual(index.offset(line: 0, character: 5), x)
        // Past the end of the line is the end of the line (before "\r\n").
        expectEqual(index.offset(line: 1, character: 99), Array(text.utf8).firstIndex(of: 13))
        expectEqual(index.offset(line: 3, character: 0), nil)
        expectEqual(index.offset(line: 2, character: 3), text.utf8.count)
    }
}

/// A small seeded generator for the garbage test (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
