import Foundation
import Testing
import TestSupport
@testable import PatienceLanguageServer

/// One recorded session of `Tests/Fixtures/LSP/*.session.json`: the rule files it needs (copied
/// from `Tests/Fixtures/LSP` into a folder of its own) and its steps, each a message to send
/// (`send`, or `raw` text, or `rawBody` to frame as it is) or a message to expect back. In the
/// messages `${ROOT}` stands for the folder's `file:` URI, `${ROOT_PATH}` for its path and `${TEXT:NAME}` for a file's text.
/// An expected response is found by its `id`, expected diagnostics by their `uri` and `version`;
/// then it must match (see `matches`, plus `{"$has": [...]}` for an array holding matching items
/// and `{"$contains": ["text", ...]}` for a string holding each text).
struct RecordedSession: CustomTestStringConvertible, Sendable {
    var name: String
    var json: JSON

    var testDescription: String { name }

    static var all: [RecordedSession] {
        let folder = TestPaths.fixture("LSP")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".session.json") }.sorted()
        return names.compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).flatMap(JSON.parse).map { RecordedSession(name: name, json: $0) }
        }
    }
}

/// Replaces `${ROOT}` and `${TEXT:NAME}` in every string of `json`.
private func substituted(_ json: JSON, root: URL) -> JSON {
    switch json {
    case .string(let text):
        if text.hasPrefix("${TEXT:"), text.hasSuffix("}") {
            let name = String(text.dropFirst(7).dropLast())
            return .string((try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }
        let rootURI = URL(fileURLWithPath: root.path).standardizedFileURL.absoluteString.trimmingCharacters(in: ["/"])
        return .string(text.replacingOccurrences(of: "${ROOT_PATH}", with: root.path).replacingOccurrences(of: "${ROOT}", with: rootURI))
    case .array(let items): return .array(items.map { substituted($0, root: root) })
    case .object(let object):
        return .object(Dictionary(object.map { key, value in (substituted(.string(key), root: root).string ?? key, substituted(value, root: root)) }) { a, _ in a })
    default: return json
    }
}

/// `matches`, with the two operators of the sessions.
private func sessionMatches(_ expected: JSON, _ actual: JSON?, at path: String, mismatch: inout String?) -> Bool {
    if let has = expected["$has"]?.array {
        guard let items = actual?.array else {
            mismatch = mismatch ?? "\(path): expected an array"
            return false
        }
        for wanted in has {
            var ignored: String?
            if !items.contains(where: { sessionMatches(wanted, $0, at: path, mismatch: &ignored) }) {
                mismatch = mismatch ?? "\(path): no item matches \(wanted.text)"
                return false
            }
        }
        return true
    }
    if let parts = expected["$contains"]?.array {
        guard let text = actual?.string else {
            mismatch = mismatch ?? "\(path): expected a string"
            return false
        }
        for part in parts.compactMap(\.string) where !text.contains(part) {
            mismatch = mismatch ?? "\(path): \(text.debugDescription) does not contain \(part.debugDescription)"
            return false
        }
        return true
    }
    switch expected {
    case .object(let object):
        guard case .object(let other)? = actual else { return matches(expected, actual, at: path, mismatch: &mismatch) }
        return object.sorted { $0.key < $1.key }.allSatisfy { key, value in sessionMatches(value, other[key], at: path + "." + key, mismatch: &mismatch) }
    case .array(let items):
        guard case .array(let others)? = actual, others.count == items.count else { return matches(expected, actual, at: path, mismatch: &mismatch) }
        return zip(items, others).enumerated().allSatisfy { sessionMatches($1.0, $1.1, at: "\(path)[\($0)]", mismatch: &mismatch) }
    default:
        return matches(expected, actual, at: path, mismatch: &mismatch)
    }
}

@Suite struct RecordedTranscriptTests {
    @Test(arguments: RecordedSession.all) func theServerAnswersAsRecorded(_ session: RecordedSession) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("patience-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in session.json["files"]?.array?.compactMap(\.string) ?? [] {
            try FileManager.default.copyItem(at: TestPaths.fixture("LSP/\(name)"), to: root.appendingPathComponent(name))
        }
        let server = ServerHarness()
        var exitStatus: Int32?
        for (number, step) in (session.json["steps"]?.array ?? []).enumerated() {
            let step = substituted(step, root: root)
            if let message = step["send"] {
                server.send(message)
            } else if let raw = step["raw"]?.string {
                server.sendRaw(Data(raw.utf8))
            } else if let body = step["rawBody"]?.string {
                server.sendRaw(Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
            } else if let expected = step["expect"] {
                let actual: JSON?
                if let id = expected["id"] {
                    actual = server.response(id)
                } else if let uri = expected["params"]?["uri"]?.string {
                    actual = server.diagnostics(uri, version: expected["params"]?["version"]?.int)
                } else {
                    actual = server.take { $0["method"] == expected["method"] }
                }
                var mismatch: String?
                let ok = sessionMatches(expected, actual, at: "step \(number)", mismatch: &mismatch)
                expectTrue(ok, "\(session.name): \(mismatch ?? "")\n\(step["about"]?.string ?? "")")
            } else if let status = step["exitStatus"]?.int {
                exitStatus = server.close()
                expectEqual(exitStatus, Int32(status), "\(session.name): exit status")
            }
        }
        if exitStatus == nil { _ = server.close() }
        // Every response was expected: nothing answered a notification or answered twice.
        let responses = server.pending.filter { $0["method"] == nil }
        expectTrue(responses.isEmpty, "\(session.name): unexpected \(responses.map(\.text))")
    }
}
