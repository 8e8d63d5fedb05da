import Foundation
import PatienceDiagnostics
import PatienceLanguage
import PatienceChecking
import PatienceDescribing

/// A failed request: a JSON-RPC error code and message.
struct RequestError: Error {
    var code: Int
    var message: String

    static func invalidParams(_ message: String) -> RequestError { RequestError(code: -32602, message: message) }
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let serverNotInitialized = -32002
    static let requestFailed = -32803
}

/// The Language Server Protocol server of `patience lsp`. It reads JSON-RPC messages from a
/// `MessageReader` on the calling thread and answers each request at once, from the document's
/// text and the files it extends; checking runs on `CheckScheduler`'s queue and publishes its
/// diagnostics when done, so no request waits for a check.
package final class LanguageServer {
    private let writer: MessageWriter
    private let scheduler: CheckScheduler
    var workspace = Workspace()
    private var initialized = false
    private var shutDown = false

    /// A server writing to `writer`, checking documents with `check`.
    package init(writer: MessageWriter, check: @escaping @Sendable (CheckJob) -> CheckOutcome = CheckScheduler.standardCheck) {
        self.writer = writer
        scheduler = CheckScheduler(check: check, publish: { job, result in
            let document = Document(uri: job.uri, version: job.version, text: job.text)
            writer.send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": [
                "uri": .string(job.uri), "version": .int(job.version), "diagnostics": document.lspDiagnostics(result.diagnostics),
            ]])
        })
    }

    /// Serves until `exit` or the end of input; returns the process's exit status (0 after
    /// `shutdown`, 1 otherwise, as the protocol says).
    package func run(_ reader: inout MessageReader) -> Int32 {
        while true {
            switch reader.next() {
            case .endOfInput:
                return shutDown ? 0 : 1
            case .malformed(let reason):
                // A framing fault has no id to answer: it is logged, and the reader has found the next header.
                log("patience lsp: a badly framed message was skipped: \(reason)")
            case .notJSON(let reason):
                // A well-framed body that is not JSON is a JSON-RPC parse error, answered as one.
                sendError(id: .null, code: RequestError.parseError, message: reason)
            case .message(let message):
                if message["method"]?.string == "exit" { return shutDown ? 0 : 1 }
                handle(message)
            }
            // A client that cannot be written to gets no answer again: reading on would only
            // check files for no one.
            if writer.hasFailed { return 1 }
        }
    }

    /// Handles one message: answers a request, acts on a notification.
    package func handle(_ message: JSON) {
        guard case .object(let object) = message else {
            sendError(id: .null, code: RequestError.invalidRequest, message: "a message must be a JSON object")
            return
        }
        let id = object["id"]
        guard let method = object["method"]?.string else {
            // A response from the client (the server sends no requests) is ignored; anything else is invalid.
            if id != nil, object["result"] != nil || object["error"] != nil { return }
            sendError(id: id ?? .null, code: RequestError.invalidRequest, message: "a request needs a 'method'")
            return
        }
        if let id, !Self.isValidID(id) {
            sendError(id: .null, code: RequestError.invalidRequest, message: "a request id must be a number or a string")
            return
        }
        let params = object["params"] ?? .null
        guard let id else {
            notification(method, params)
            return
        }
        do {
            let result = try request(method, params)
            writer.send(["jsonrpc": "2.0", "id": id, "result": result])
        } catch {
            sendError(id: id, code: error.code, message: error.message)
        }
    }

    private static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .number, .string: return true
        default: return false
        }
    }

    /// Tells the client something it may show in its log (`window/logMessage`, of type error).
    private func log(_ message: String) {
        writer.send(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 1, "message": .string(message)]])
    }

    private func sendError(id: JSON, code: Int, message: String) {
        writer.send(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]])
    }

    // MARK: requests

    private func request(_ method: String, _ params: JSON) throws(RequestError) -> JSON {
        if method == "initialize" {
            initialized = true
            return Self.capabilities
        }
        guard initialized else { throw RequestError(code: RequestError.serverNotInitialized, message: "the server is not initialized") }
        guard !shutDown else { throw RequestError(code: RequestError.invalidRequest, message: "the server is shutting down") }
        switch method {
        case "shutdown":
            shutDown = true
            return .null
        case "textDocument/hover":
            let (document, offset) = try position(params)
            return hover(document, at: offset)
        case "textDocument/definition":
            let (document, offset) = try position(params)
            return definition(document, at: offset)
        case "textDocument/completion":
            let (document, offset) = try position(params)
            return completion(document, at: offset)
        case "textDocument/documentSymbol":
            return symbols(try document(params))
        case "textDocument/formatting":
            return formatting(try document(params))
        case "textDocument/prepareRename":
            let (document, offset) = try position(params)
            return prepareRename(document, at: offset)
        case "textDocument/rename":
            let (document, offset) = try position(params)
            guard let newName = params["newName"]?.string else { throw .invalidParams("rename needs a 'newName'") }
            return try rename(document, at: offset, to: newName)
        default:
            throw RequestError(code: RequestError.methodNotFound, message: "unknown method \(Spelling.quoted(method))")
        }
    }

    static let capabilities: JSON = [
        "capabilities": [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 1, "save": false],
            "hoverProvider": true,
            "definitionProvider": true,
            "completionProvider": ["triggerCharacters": ["."], "resolveProvider": false],
            "documentSymbolProvider": true,
            "documentFormattingProvider": true,
            "renameProvider": ["prepareProvider": true],
        ],
        "serverInfo": ["name": "patience", "version": "0.1.0"],
    ]

    /// The open document a request names.
    func document(_ params: JSON) throws(RequestError) -> Document {
        guard let uri = params["textDocument"]?["uri"]?.string else { throw .invalidParams("the request needs 'textDocument.uri'") }
        guard let document = workspace.documents[uri] else { throw .invalidParams("\(uri) is not open") }
        guard !document.isTooLarge else {
            throw RequestError(code: RequestError.requestFailed, message: "the document is larger than a rule file may be")
        }
        return document
    }

    /// The open document and the byte offset of the position a request names.
    func position(_ params: JSON) throws(RequestError) -> (Document, Int) {
        let document = try document(params)
        guard let line = params["position"]?["line"]?.int, let character = params["position"]?["character"]?.int else {
            throw .invalidParams("the request needs 'position.line' and 'position.character'")
        }
        guard let offset = document.lines.offset(line: line, character: character) else {
            throw .invalidParams("position \(line):\(character) is outside the document, which has \(document.lines.lineCount) lines")
        }
        return (document, offset)
    }

    // MARK: notifications

    private func notification(_ method: String, _ params: JSON) {
        guard initialized || method == "initialized" else { return }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            open(Document(uri: uri, version: item["version"]?.int ?? 0, text: text))
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, let old = workspace.documents[uri],
                  let changes = params["contentChanges"]?.array else { return }
            var text = old.text
            for change in changes {
                guard let newText = change["text"]?.string else { continue }
                if let range = change["range"] {
                    let scratch = Document(uri: uri, version: old.version, text: text)
                    guard let start = range["start"].flatMap({ scratch.offsetOf($0) }),
                          let end = range["end"].flatMap({ scratch.offsetOf($0) }), start <= end else { continue }
                    var bytes = Array(text.utf8)
                    bytes.replaceSubrange(start..<end, with: Array(newText.utf8))
                    text = String(decoding: bytes, as: UTF8.self)
                } else {
                    text = newText
                }
            }
            open(Document(uri: uri, version: params["textDocument"]?["version"]?.int ?? old.version + 1, text: text))
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            workspace.documents[uri] = nil
            scheduler.close(uri)
            writer.send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": ["uri": .string(uri), "diagnostics": []]])
        default:
            // `initialized`, `$/cancelRequest`, `workspace/didChangeConfiguration` and the rest need nothing.
            break
        }
    }

    private func open(_ document: Document) {
        workspace.documents[document.uri] = document
        if document.isTooLarge {
            let finding = Diagnostic(.fileTooLarge, "the document is larger than \(RuleLoader.maximumFileSize / 1024) KiB, the limit for a rule file", at: .fileStart)
            writer.send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": [
                "uri": .string(document.uri), "version": .int(document.version), "diagnostics": document.lspDiagnostics([finding]),
            ]])
            scheduler.close(document.uri)
            return
        }
        submitCheck(document)
        // A variant's findings depend on its base: the other open documents that extend a file are checked again.
        for other in workspace.documents.values where other.uri != document.uri && !other.isTooLarge
            && other.tokens.contains(where: { $0.word == "extends" && $0.startsLine }) {
            submitCheck(other)
        }
    }

    private func submitCheck(_ document: Document) {
        scheduler.submit(CheckJob(uri: document.uri, path: document.path, version: document.version, text: document.text,
                                  files: workspace.openFiles.filter { $0.key != document.path }))
    }

    /// The description of the document's last version without errors, for hovers.
    func description(of document: Document) -> RulesDescription? {
        scheduler.description(of: document.uri)
    }
}

extension Document {
    /// The byte offset of an LSP position object.
    func offsetOf(_ position: JSON) -> Int? {
        guard let line = position["line"]?.int, let character = position["character"]?.int else { return nil }
        return lines.offset(line: line, character: character)
    }
}
