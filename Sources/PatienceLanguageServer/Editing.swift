import Foundation
import PatienceDiagnostics
import PatienceLanguage
import PatienceChecking

extension LanguageServer {
    /// Formatting through `patience fmt`'s formatter: one edit replacing the whole text, none when
    /// it is formatted already; a file with syntax errors is left alone (no edits).
    func formatting(_ document: Document) -> JSON {
        switch Formatter.format(document.text, path: document.path) {
        case .formatted(let text):
            if text == document.text { return [] }
            return [["range": document.lines.wholeDocument, "newText": .string(text)]]
        case .failed:
            return .null
        }
    }

    /// The range and text of the name under the cursor, when it can be renamed.
    func prepareRename(_ document: Document, at offset: Int) -> JSON {
        guard let (declared, token) = renamable(document, at: offset) else { return .null }
        return ["range": document.lines.json(of: token.range), "placeholder": .string(declared.name)]
    }

    private func renamable(_ document: Document, at offset: Int) -> (DeclaredName, Token)? {
        guard let index = document.tokenIndex(at: offset), let word = document.tokens[index].word, !document.isProperty(index),
              let declared = DeclaredName.all(in: workspace.loaded(document).declarations ?? document.ownDeclarations)[word],
              declared.isRenamable else { return nil }
        return (declared, document.tokens[index])
    }

    /// Renames an option, zone, relation, definition or memory everywhere it is used: in the
    /// document and, when it is declared in a base file, in that file too.
    func rename(_ document: Document, at offset: Int, to newName: String) throws(RequestError) -> JSON {
        guard let (declared, _) = renamable(document, at: offset) else {
            throw RequestError(code: RequestError.requestFailed, message: "only an option, zone, relation, definition or memory can be renamed")
        }
        guard newName.first.map({ $0.isLowercase || $0 == "_" }) == true, newName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              newName.allSatisfy(\.isASCII), !Keywords.reserved.contains(newName), !Keywords.contextual.contains(newName) || declared.kind != .zone,
              contextNameMeanings[newName] == nil, Keywords.functions[newName] == nil else {
            throw .invalidParams("\(Spelling.quoted(newName)) cannot be a name: names start with a lower-case letter, hold letters, digits and '_', and are not keywords")
        }
        let all = DeclaredName.all(in: workspace.loaded(document).declarations ?? document.ownDeclarations)
        if newName != declared.name, all[newName] != nil {
            throw RequestError(code: RequestError.requestFailed, message: "\(Spelling.quoted(newName)) is already declared")
        }
        var changes: [String: JSON] = [:]
        var files = [document.path]
        let declaredFile = declared.declaration.file.isEmpty ? document.path : declared.declaration.file
        if declaredFile != document.path { files.append(declaredFile) }
        for file in files {
            let standard = URL(fileURLWithPath: file).standardizedFileURL.path
            let text = standard == document.path ? document.text : (workspace.text(ofPath: standard) ?? "")
            let target = standard == document.path ? document : Document(uri: Document.uri(ofPath: standard), version: 0, text: text)
            let edits = target.tokens.indices.filter { target.tokens[$0].word == declared.name && !target.isProperty($0) }
                .map { JSON.object(["range": target.lines.json(of: target.tokens[$0].range), "newText": .string(newName)]) }
            if !edits.isEmpty { changes[target.uri] = .array(edits) }
        }
        return ["changes": .object(changes)]
    }
}
