import Foundation
import Testing
import TestSupport
@testable import PatienceFormats
@testable import PatienceCommandLine

/// The request reader of `patience serve` on its own, and the running server's bounds: sizes,
/// malformed requests, connections that stall or go away, and paths that try to leave the
/// served folder.
@Suite("patience serve: HTTP")
struct ServeHTTPTests {
    private func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestParser.Outcome {
        HTTPRequestParser(limits: limits).parse(Array(text.utf8))
    }

    private func status(_ outcome: HTTPRequestParser.Outcome) -> Int? {
        if case .failure(let status, _) = outcome { return status }
        return nil
    }

    @Test func readsARequestWithABodyAndLeavesWhatFollows() throws {
        let text = "POST /api/state?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nabcdGET / HTTP/1.1\r\n"
        guard case .request(let request, let consumed) = parse(text) else { Issue.record("not read: \(parse(text))"); return }
        expectEqual(request.method, "POST")
        expectEqual(request.path, "/api/state")
        expectEqual(request.query, "x=1")
        expectEqual(request.body, Array("abcd".utf8))
        expectEqual(request.header("content-length"), "4")
        expectFalse(request.closes)
        expectEqual(consumed, text.utf8.count - "GET / HTTP/1.1\r\n".utf8.count)
    }

    @Test func waitsForTheRestOfAHeadOrABody() {
        expectEqual(parse("GET / HTTP/1.1\r\nHost: a\r\n"), .incomplete)
        expectEqual(parse("POST /api/new HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc"), .incomplete)
    }

    @Test func closesAfterHTTP10UnlessKeptAlive() throws {
        guard case .request(let old, _) = parse("GET / HTTP/1.0\r\n\r\n"),
              case .request(let kept, _) = parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"),
              case .request(let closing, _) = parse("GET / HTTP/1.1\r\nConnection: close\r\n\r\n") else {
            Issue.record("not read")
            return
        }
        expectTrue(old.closes)
        expectFalse(kept.closes)
        expectTrue(closing.closes)
    }

    /// Malformed requests, each with the status it gets.
    static let malformed: [(request: String, status: Int)] = [
        ("GET /\r\n\r\n", 400), ("get / HTTP/1.1\r\n\r\n", 400), ("GET / HTTP/2.0\r\n\r\n", 505),
        ("GET http://example.org/ HTTP/1.1\r\n\r\n", 400), ("GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400), ("GET / HTTP/1.1\r\n folded: x\r\n\r\n", 400),
        ("GET /%zz HTTP/1.1\r\n\r\n", 400), ("GET /a%00b HTTP/1.1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400), ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501), ("DELETE / HTTP/1.1\r\n\r\n", 405),
    ]

    @Test func refusesMalformedRequestsWithA4xx() {
        for (request, expected) in Self.malformed {
            expectEqual(status(parse(request)), expected, "\(request)")
        }
    }

    @Test func boundsTheHeadTheHeaderCountAndTheBody() {
        var limits = HTTPLimits()
        limits.maxHeaderBytes = 64
        limits.maxBodyBytes = 8
        limits.maxHeaderCount = 2
        expectEqual(status(parse("GET /" + String(repeating: "a", count: 80) + " HTTP/1.1\r\n", limits: limits)), 431)
        expectEqual(status(parse("GET / HTTP/1.1\r\na: 1\r\nb: 2\r\nc: 3\r\n\r\n", limits: limits)), 431)
        expectEqual(status(parse("POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\n", limits: limits)), 413)
        if case .request = parse("POST / HTTP/1.1\r\nContent-Length: 8\r\n\r\n12345678", limits: limits) {} else {
            Issue.record("a body at the limit is refused")
        }
    }

    @Test func decodesPercentEscapes() {
        expectEqual(HTTPRequestParser.percentDecoded("/picture/Baker%27s%20Game.patience"), "/picture/Baker's Game.patience")
        expectEqual(HTTPRequestParser.percentDecoded("/%2e%2e/x"), "/../x")
        expectTrue(HTTPRequestParser.percentDecoded("/%2") == nil)
        expectTrue(HTTPRequestParser.percentDecoded("/%ff") == nil)
        expectTrue(HTTPRequestParser.percentDecoded("/%0a") == nil)
    }

    /// A served folder holding one rule file, a secret beside it, and links out of it.
    private func folder() throws -> (served: URL, outside: URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("patience-serve-\(UUID().uuidString)")
        let served = base.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.rules.appendingPathComponent("Golf.patience"), to: served.appendingPathComponent("Golf.patience"))
        try Data("secret\n".utf8).write(to: base.appendingPathComponent("secret.patience"))
        try FileManager.default.createSymbolicLink(atPath: served.appendingPathComponent("sub/Link.patience").path,
                                                   withDestinationPath: base.appendingPathComponent("secret.patience").path)
        try FileManager.default.createSymbolicLink(atPath: served.appendingPathComponent("up").path, withDestinationPath: base.path)
        return (served, base)
    }

    @Test func readsNothingOutsideTheServedFolder() throws {
        let (served, base) = try folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let server = try ServeProcess([served.path])
        defer { server.stop() }
        let rules = try server.request("GET", "/rules/Golf.patience")
        expectEqual(rules.status, 200)
        expectTrue(rules.body.contains("game \"Golf\""))
        for path in ["/rules/../secret.patience", "/rules/%2e%2e/secret.patience", "/rules/%2E%2E%2Fsecret.patience",
                     "/rules/" + base.appendingPathComponent("secret.patience").path, "/rules//" + base.path + "/secret.patience",
                     "/rules/sub/Link.patience", "/rules/up/secret.patience", "/rules/sub/../../secret.patience",
                     "/picture/../secret.patience", "/picture/sub/Link.patience", "/rules/.%2e/secret.patience", "/../secret.patience"] {
            let answer = try server.request("GET", path)
            expectEqual(answer.status, 404, "\(path)")
            expectFalse(answer.body.contains("secret"), "\(path)")
        }
        let game = try server.api("new", #"{"file": "../secret.patience"}"#)
        expectEqual(game.status, 404)
        let linked = try server.api("new", #"{"file": "sub/Link.patience"}"#)
        expectEqual(linked.status, 404)
    }

    @Test func answersMalformedRequestsAndGoesOn() throws {
        let server = try ServeProcess([TestPaths.rules.appendingPathComponent("Golf.patience").path])
        defer { server.stop() }
        for bytes in ["NONSENSE\r\n\r\n", "GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n", "POST /api/new HTTP/1.1\r\nContent-Length: 999999999\r\n\r\n",
                      "GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\n\r\n", "\u{0}\u{1}\u{2}\r\n\r\n"] {
            let answer = ServeProcess.answer(try server.exchange(Array(bytes.utf8)))
            expectTrue((400..<500).contains(answer.status) || answer.status == 501, "\(answer.status) for \(bytes.prefix(40))")
        }
        // A body that is not JSON, an unknown game, an unknown action, a pile that is not there.
        expectEqual(try server.request("POST", "/api/new", body: "{").status, 400)
        expectEqual(try server.api("state", #"{"game": "nothing"}"#).status, 404)
        let golf = try server.api("new", #"{"file": "Golf.patience", "deal": "seed:1"}"#)
        expectEqual(golf.status, 200)
        let id = try #require(golf.json["game"]?.string)
        expectEqual(try server.api("fly", #"{"game": "\#(id)"}"#).status, 404)
        expectEqual(try server.api("validate", #"{"game": "\#(id)", "pile": "nowhere", "index": 0, "to": "waste"}"#).status, 400)
        expectEqual(try server.api("validate", #"{"game": "\#(id)", "pile": "stock", "index": 99, "to": "waste"}"#).status, 400)
        // Only the file it was started on is served.
        expectEqual(try server.api("new", #"{"file": "Klondike.patience"}"#).status, 404)
        expectEqual(try server.request("GET", "/").status, 200)
        expectTrue(server.isRunning)
    }

    @Test func refusesWhatItCannotServe() throws {
        let missing = try runPatience(["serve", "/nonexistent/rules", "--port", "0"])
        expectEqual(missing.status, 1)
        expectTrue(missing.standardError.contains("no such file or folder"), "\(missing.standardError)")
        let empty = try runPatience(["serve", TestPaths.packageRoot.appendingPathComponent("Package.swift").path, "--port", "0"])
        expectEqual(empty.status, 1)
        expectEqual(try runPatience(["serve", "--port", "65536"]).status, 64)
        let host = try runPatience(["serve", "--host", "localhost", "--port", "0"])
        expectEqual(host.status, 1)
        expectTrue(host.standardError.contains("not an IPv4 address"))
    }

    @Test func aClientThatStallsOrGoesAwayCostsNothing() throws {
        let server = try ServeProcess([TestPaths.rules.appendingPathComponent("Golf.patience").path])
        defer { server.stop() }
        // Half a request, then gone; a body promised and never sent; many connections opened and dropped.
        _ = try server.exchange(Array("POST /api/new HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"fi".utf8), seconds: 0.2, closeAfterSending: true)
        var open: [Int32] = []
        for _ in 0..<40 { open.append(try server.connect()) }
        for fd in open.prefix(20) { close(fd) }
        // While 20 connections sit idle, the server still answers at once.
        let page = try server.request("GET", "/")
        expectEqual(page.status, 200)
        expectTrue(page.body.contains("<title>Patience</title>"))
        for fd in open.dropFirst(20) { close(fd) }
        // Beyond the connection limit, a connection is told so and closed; the server goes on.
        var many: [Int32] = []
        for _ in 0..<70 { many.append(try server.connect()) }
        let refused = ServeProcess.answer(try server.exchange(Array("GET / HTTP/1.1\r\n\r\n".utf8), seconds: 2))
        expectEqual(refused.status, 503)
        for fd in many { close(fd) }
        Thread.sleep(forTimeInterval: 0.3)
        expectEqual(try server.request("GET", "/").status, 200)
    }
}
