import Foundation
import Patience
import PatienceEngine
import PatienceCards
import PatienceFormats
import PatienceCommandLine
#if canImport(Glibc)
import Glibc
#endif

/// `--only serve`: what a drag update costs in `patience serve`. The page asks `/api/validate`
/// on every pile the dragged cards hover over; this measures that request's round trip over
/// loopback on one kept-alive connection (as a browser keeps it), beside the same question asked
/// of the app without a socket and of `Game.validateMove` in-process, in the same run and on
/// the same table (Klondike seed 1 after three taps: the waste's ace over a foundation, which
/// takes it, and over the king of tableau[1], which refuses it and so also words the refusal).
enum ServeBench {
    struct Result: Codable {
        var calls: Int
        /// Per call, in microseconds: median, 99th percentile, min and max.
        var inProcess: Percentiles
        var appWithoutSocket: Percentiles
        var loopback: Percentiles
    }

    struct Percentiles: Codable {
        var median: Double
        var p99: Double
        var minimum: Double
        var maximum: Double

        init(_ nanoseconds: [Double]) {
            let sorted = nanoseconds.sorted().map { $0 / 1_000 }
            median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
            minimum = sorted.first ?? 0
            maximum = sorted.last ?? 0
        }

        var text: String { String(format: "%9.2f %9.2f   (%.2f–%.2f)", median, p99, minimum, maximum) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(rulesFolder: URL, calls: Int) throws -> Result {
        let listener = try HTTPServer.listen(host: "127.0.0.1", port: 0)
        let folder = rulesFolder.path
        Thread {
            let app = ServeApp(path: folder)
            HTTPServer(listener: listener) { app.respond(to: $0) }.run()
        }.start()
        let client = try Client(port: listener.port)
        let dealt = try client.post("new", #"{"file": "Klondike.patience", "deal": "seed:1"}"#)
        guard let id = member("game", of: try JSONReader.parse(dealt)) else { throw Failure(description: "no game: \(dealt)") }
        for _ in 0..<3 { _ = try client.post("tap", #"{"game": \#(id.text), "pile": "stock"}"#) }
        let bodies = ["foundation[1]", "tableau[1]"].map { #"{"game": \#(id.text), "pile": "waste", "index": 2, "to": "\#($0)"}"# }
        guard try client.post("validate", bodies[0]).contains("\"accepted\": true"),
              try client.post("validate", bodies[1]).contains("\"accepted\": false") else { throw Failure(description: "unexpected verdicts") }

        // The same questions of the app, without a socket.
        let app = ServeApp(path: folder)
        let opened = app.respond(to: HTTPRequest(method: "POST", path: "/api/new", body: Array(#"{"file": "Klondike.patience", "deal": "seed:1"}"#.utf8)))
        guard let local = member("game", of: try JSONReader.parse(String(decoding: opened.body, as: UTF8.self)))?.text else { throw Failure(description: "no local game") }
        for _ in 0..<3 { _ = app.respond(to: HTTPRequest(method: "POST", path: "/api/tap", body: Array(#"{"game": \#(local), "pile": "stock"}"#.utf8))) }
        let localRequests = ["foundation[1]", "tableau[1]"].map {
            HTTPRequest(method: "POST", path: "/api/validate", body: Array(#"{"game": \#(local), "pile": "waste", "index": 2, "to": "\#($0)"}"#.utf8))
        }

        // And of the facade, in-process.
        let rules = try GameCompiler.compile(path: rulesFolder.appendingPathComponent("Klondike.patience").path)
        var game = try Game(rules: rules, deal: .seed(1))
        for _ in 0..<3 { try game.tap(PileID(zone: "stock", index: 1)) }
        guard let ace = game.cards(in: PileID(zone: "waste", index: 1)).last?.card else { throw Failure(description: "no card on the waste") }
        let session = CardDropSession(draggedItemIDs: game.cardStack(startingAt: ace))
        let destinations = [PileID(zone: "foundation", index: 1), PileID(zone: "tableau", index: 1)]
            .map { ReorderDifference<Card, PileID>.Destination(collectionID: $0) }

        var inProcess: [Double] = [], withoutSocket: [Double] = [], loopback: [Double] = []
        for call in 0..<calls {
            let which = call % 2
            var start = nanoseconds()
            consume(game.validateMove(session: session, destination: destinations[which]))
            inProcess.append(Double(nanoseconds() - start))
            start = nanoseconds()
            consume(app.respond(to: localRequests[which]))
            withoutSocket.append(Double(nanoseconds() - start))
            start = nanoseconds()
            consume(try client.post("validate", bodies[which]))
            loopback.append(Double(nanoseconds() - start))
        }
        return Result(calls: calls, inProcess: Percentiles(inProcess), appWithoutSocket: Percentiles(withoutSocket), loopback: Percentiles(loopback))
    }

    private static func member(_ key: String, of node: JSONNode) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.first { $0.key == key }?.value
    }

    static func print(_ result: Result) {
        Swift.print("patience serve, one drag update (/api/validate), µs per call over \(result.calls) calls")
        Swift.print("                                   median       p99   (min–max)")
        Swift.print("Game.validateMove in-process    " + result.inProcess.text)
        Swift.print("ServeApp.respond, no socket     " + result.appWithoutSocket.text)
        Swift.print("HTTP round trip over loopback   " + result.loopback.text)
        Swift.print()
    }

    /// One kept-alive connection, a request at a time, as a page's fetches go.
    final class Client {
        let fd: Int32

        init(port: UInt16) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            let status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard status == 0 else { throw Failure(description: "cannot connect") }
        }

        deinit { close(fd) }

        func post(_ action: String, _ body: String) throws -> String {
            let request = Array("POST /api/\(action) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
            var sent = 0
            while sent < request.count {
                let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { throw Failure(description: "send failed") }
                sent += count
            }
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { throw Failure(description: "the server closed the connection") }
                received += chunk[..<count]
                if let end = received.indices.dropLast(3).first(where: { received[$0] == 13 && received[$0 + 1] == 10 && received[$0 + 2] == 13 && received[$0 + 3] == 10 }) {
                    let head = String(decoding: received[..<end], as: UTF8.self)
                    let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                    if received.count >= end + 4 + length { return String(decoding: received[(end + 4)...], as: UTF8.self) }
                }
            }
        }
    }
}
