import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceChecking
@testable import PatienceLanguageServer

private let uri = "file:///nowhere/Framing.patience"

private func framed(_ body: [UInt8]) -> Data {
    Data("Content-Length: \(body.count)\r\n\r\n".utf8) + Data(body)
}

/// Issue 35: badly framed messages are skipped up to the next header and logged, and the
/// server answers the next request; a document of thousands of findings publishes the capped list.
@Suite struct FramingTests {
    /// A reader over fixed chunks of input.
    private func reader(_ chunks: [Data]) -> MessageReader {
        nonisolated(unsafe) var rest = chunks
        return MessageReader { rest.isEmpty ? nil : rest.removeFirst() }
    }

    /// What the reader makes of `input` given `chunk` bytes at a time: each result in order.
    private func read(_ input: Data, chunk: Int) -> [String] {
        var messages = reader(stride(from: 0, to: input.count, by: chunk).map { input[$0..<min($0 + chunk, input.count)] })
        var results: [String] = []
        while true {
            switch messages.next() {
            case .message(let json): results.append("message \(json["id"]?.int ?? -1)")
            case .malformed: results.append("malformed")
            case .notJSON: results.append("not JSON")
            case .endOfInput: return results
            }
        }
    }

    private let good = Array(#"{"jsonrpc":"2.0","id":9,"method":"x"}"#.utf8)

    /// A bad frame, named for the test's report.
    struct BadFrame: Sendable, CustomStringConvertible {
        var description: String
        var bytes: Data
        init(_ description: String, _ header: String, _ body: String = #"{"id":1,"method":"a"}"#) {
            self.description = description
            bytes = Data((header + body).utf8)
        }
    }

    static let badFrames: [BadFrame] = [
        BadFrame("no Content-Length", "Content-Type: application/json\r\n\r\n"),
        BadFrame("Content-Length shorter than the body", "Content-Length: 5\r\n\r\n"),
        BadFrame("Content-Length longer than the body", "Content-Length: 400\r\n\r\n"),
        BadFrame("Content-Length three bytes too long", "Content-Length: 24\r\n\r\n"),
        BadFrame("a garbage header line", "Content-Length: 21\r\nno colon here\r\n\r\n"),
        BadFrame("a Content-Length that is not a number", "Content-Length: twelve\r\n\r\n"),
        BadFrame("two Content-Lengths", "Content-Length: 21\r\nContent-Length: 3\r\n\r\n"),
        BadFrame("bytes that are no header", "\u{1}\u{2}garbage", ""),
    ]

    /// Each kind of bad frame, followed by a good message: the good one is read, in chunks of any size.
    @Test(arguments: badFrames)
    func aBadFrameIsSkippedAndTheNextMessageRead(_ frame: BadFrame) {
        let (name, bad) = (frame.description, frame.bytes)
        for chunk in [1, 7, 4096] {
            let results = read(bad + framed(good), chunk: chunk)
            expectEqual(results.last, "message 9", "\(name), chunks of \(chunk)")
            expectTrue(results.dropLast().contains { $0 == "malformed" || $0 == "not JSON" }, "\(name): nothing was reported: \(results)")
            expectFalse(results.dropLast().contains { $0.hasPrefix("message") }, "\(name): \(results)")
        }
    }

    /// A body over the limit is dropped without being kept whole, and the next message is read.
    @Test func anOversizedBodyIsDroppedAsItComes() {
        let size = MessageReader.maximumBody + 100
        let results = read(Data("Content-Length: \(size)\r\n\r\n".utf8) + Data(repeating: 120, count: size) + framed(good), chunk: 1 << 16)
        expectEqual(results, ["malformed", "message 9"])
    }

    /// Seeded random framing faults, each followed by a request: the server logs each fault
    /// through `window/logMessage` and answers every request.
    @Test func theServerAnswersAfterEveryBadFrame() {
        var random = SplitMix(seed: 35)
        let server = ServerHarness()
        server.send(request(1, "initialize", [:]))
        expectNotEqual(server.response(1), nil)
        let body = Array(request(0, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 0]]).data)
        for round in 0..<60 {
            var bad = Data()
            switch random.next() % 6 {
            case 0: bad = Data("Content-Type: x\r\n\r\n".utf8) + Data(body)
            case 1: bad = Data("Content-Length: \(Int(random.next() % UInt64(body.count)))\r\n\r\n".utf8) + Data(body)
            case 2: bad = Data("Content-Length: \(body.count + 1 + Int(random.next() % 300))\r\n\r\n".utf8) + Data(body)
            case 3: bad = Data("X\(random.next() % 1000) garbage\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + Data(body)
            case 4: bad = Data("Content-Length: -\(random.next() % 100)\r\n\r\n".utf8)
            default: bad = Data((0..<(1 + Int(random.next() % 100))).map { _ in UInt8(33 + random.next() % 90) })
            }
            server.sendRaw(bad)
            let id = 100 + round
            server.send(request(id, "textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]))
            let answer = server.response(.int(id))
            expectNotEqual(answer, nil, "round \(round): no answer after \(String(decoding: bad.prefix(60), as: UTF8.self))")
            // Every message the bad frame caused came before the answer: take them all.
            let logs = server.pending.filter { $0["method"]?.string == "window/logMessage" }
            for _ in logs { _ = server.take { $0["method"]?.string == "window/logMessage" } }
            expectGreater(logs.count, 0, "round \(round): the bad frame was not logged")
            expectTrue(logs.allSatisfy { $0["params"]?["type"]?.int == 1 && ($0["params"]?["message"]?.string ?? "").hasPrefix("patience lsp: ") })
        }
        server.send(request(999, "shutdown", nil))
        expectEqual(server.response(999)?["result"], .null)
        server.send(["jsonrpc": "2.0", "method": "exit"])
        expectEqual(server.close(), 0)
    }

    /// A document of 3,000 stray characters publishes the limit's findings and the one that counts the rest.
    @Test func publishedDiagnosticsAreCapped() {
        let server = ServerHarness()
        server.send(request(1, "initialize", [:]))
        _ = server.response(1)
        let text = "game \"G\"\n" + String(repeating: "@\n", count: 3_000)
        server.send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": .string(uri), "languageId": "patience", "version": 1, "text": .string(text)]]])
        let published = server.diagnostics(uri, version: 1)?["params"]?["diagnostics"]?.array ?? []
        expectEqual(published.count, DiagnosticLimit.perFile + 1)
        expectEqual(published.last?["code"]?.string, "P0012")
        expectEqual(published.last?["severity"]?.int, 1)
        _ = server.close()
    }
}
