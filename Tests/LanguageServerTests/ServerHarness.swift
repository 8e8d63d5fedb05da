import Foundation
import Synchronization
import Testing
@testable import PatienceLanguageServer

/// A language server running in this process on a thread of its own, talked to through pipes
/// as an editor would: messages are framed, sent and read back whole.
final class ServerHarness: Sendable {
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let received = Mutex<[JSON]>([])
    private let arrived = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let status = Mutex<Int32?>(nil)

    /// How long to wait for a message before calling it missing: a guard against a hang, not a
    /// measure of speed.
    static let patience: DispatchTimeInterval = .seconds(60)

    init(check: @escaping @Sendable (CheckJob) -> CheckOutcome = CheckScheduler.standardCheck) {
        let input = toServer.fileHandleForReading
        let output = fromServer.fileHandleForWriting
        let serverThread = Thread { [self] in
            var reader = MessageReader(handle: input)
            // A write that fails once the test has stopped reading is not reported: the test is over.
            let writer = MessageWriter(write: { data in (try? output.write(contentsOf: data)) != nil }, report: { _ in })
            let server = LanguageServer(writer: writer, check: check)
            let code = server.run(&reader)
            status.withLock { $0 = code }
            try? output.close()
            finished.signal()
        }
        serverThread.start()
        let replies = fromServer.fileHandleForReading
        let readerThread = Thread { [self] in
            var reader = MessageReader(handle: replies)
            while case .message(let message) = reader.next() {
                received.withLock { $0.append(message) }
                arrived.signal()
            }
        }
        readerThread.start()
    }

    func send(_ message: JSON) {
        let body = message.data
        sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func sendRaw(_ data: Data) {
        try? toServer.fileHandleForWriting.write(contentsOf: data)
    }

    /// Waits for the first message, in the order they came, for which `isWanted` holds, and
    /// takes it; nil when none comes.
    func take(_ isWanted: (JSON) -> Bool) -> JSON? {
        let deadline = DispatchTime.now() + Self.patience
        while true {
            if let found = received.withLock({ messages -> JSON? in
                guard let index = messages.firstIndex(where: isWanted) else { return nil }
                return messages.remove(at: index)
            }) { return found }
            if arrived.wait(timeout: deadline) == .timedOut { return nil }
        }
    }

    /// The response to the request `id`.
    func response(_ id: JSON) -> JSON? {
        take { $0["id"] == id && $0["method"] == nil }
    }

    /// The next diagnostics published for `uri` (of `version`, when given).
    func diagnostics(_ uri: String, version: Int? = nil) -> JSON? {
        take { message in
            message["method"]?.string == "textDocument/publishDiagnostics" && message["params"]?["uri"]?.string == uri
                && (version == nil || message["params"]?["version"]?.int == version)
        }
    }

    /// Every message received and not taken yet.
    var pending: [JSON] { received.withLock { $0 } }

    /// Closes the server's input and waits for it to end; its exit status.
    func close() -> Int32? {
        try? toServer.fileHandleForWriting.close()
        _ = finished.wait(timeout: .now() + Self.patience)
        return status.withLock { $0 }
    }
}

/// Whether `actual` has everything `expected` has: the same keys with matching values in
/// objects (more keys allowed), arrays of the same length matching element by element, equal
/// scalars; the string `"*"` matches any value that is present.
func matches(_ expected: JSON, _ actual: JSON?, at path: String = "", mismatch: inout String?) -> Bool {
    guard let actual else {
        mismatch = mismatch ?? "\(path): missing"
        return false
    }
    switch expected {
    case .string("*"):
        return true
    case .object(let object):
        guard case .object(let other) = actual else {
            mismatch = mismatch ?? "\(path): expected an object, got \(actual.text)"
            return false
        }
        return object.sorted { $0.key < $1.key }.allSatisfy { key, value in matches(value, other[key], at: path + "." + key, mismatch: &mismatch) }
    case .array(let items):
        guard case .array(let others) = actual, others.count == items.count else {
            mismatch = mismatch ?? "\(path): expected \(items.count) items, got \(actual.text.prefix(300))"
            return false
        }
        return zip(items, others).enumerated().allSatisfy { matches($1.0, $1.1, at: "\(path)[\($0)]", mismatch: &mismatch) }
    default:
        if expected != actual { mismatch = mismatch ?? "\(path): expected \(expected.text), got \(actual.text.prefix(300))" }
        return expected == actual
    }
}

/// A JSON-RPC request, as an editor sends it.
func request(_ id: Int, _ method: String, _ params: JSON) -> JSON {
    ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]
}

/// A JSON-RPC notification, as an editor sends it.
func notification(_ method: String, _ params: JSON) -> JSON {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
}
