import Foundation
import Synchronization
import Testing
@testable import PatienceLanguageServer

/// A client whose end of the server's output is closed gets nothing more: the server says so
/// once on standard error and stops instead of reading and checking for no one.
@Suite struct ClosedOutputTests {
    private static func framed(_ message: JSON) -> Data {
        let body = message.data
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    @Test func aFailedWriteStopsTheServer() {
        let messages: [JSON] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
            ["jsonrpc": "2.0", "id": 2, "method": "shutdown"],
        ]
        let reads = Mutex(0)
        var reader = MessageReader {
            reads.withLock { count -> Data? in
                defer { count += 1 }
                return count < messages.count ? Self.framed(messages[count]) : nil
            }
        }
        let attempts = Mutex(0)
        let reports = Mutex<[String]>([])
        let writer = MessageWriter(write: { _ in
            attempts.withLock { $0 += 1 }
            return false
        }, report: { line in reports.withLock { $0.append(line) } })
        let server = LanguageServer(writer: writer)
        #expect(server.run(&reader) == 1)
        #expect(writer.hasFailed)
        #expect(attempts.withLock { $0 } == 1, "nothing is written after the first failure")
        #expect(reports.withLock { $0.count } == 1)
        #expect(reports.withLock { $0.first?.contains("cannot be written") } == true)
        #expect(reads.withLock { $0 } == 1, "the messages after the failed answer are not read")
    }

    @Test func aWriterThatWritesKeepsTheServerRunning() {
        let writer = MessageWriter(sink: { _ in })
        writer.send(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 3, "message": "hello"]])
        #expect(!writer.hasFailed)
    }
}
