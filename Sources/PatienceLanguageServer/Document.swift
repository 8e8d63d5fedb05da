import Foundation
import PatienceDiagnostics
import PatienceLanguage
import PatienceChecking

/// An open document: its text as the editor last sent it, with what the requests read of it.
package struct Document: Sendable {
    package var uri: String
    /// The file path the document stands for: `extends` is resolved next to it.
    package var path: String
    package var version: Int
    package var text: String
    package var lines: LineIndex
    /// Its tokens, for finding what is under the cursor; empty for a document too large to read.
    package var tokens: [Token]

    package init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.path = Document.path(ofURI: uri)
        self.version = version
        self.text = text
        lines = LineIndex(text)
        if text.utf8.count > RuleLoader.maximumFileSize {
            tokens = []
        } else {
            var lexer = Lexer(text)
            tokens = lexer.tokenize()
        }
    }

    /// Whether the text is larger than a rule file may be; such a document gets one finding and nothing else.
    package var isTooLarge: Bool { text.utf8.count > RuleLoader.maximumFileSize }

    /// The file path of a `file:` URI, percent-decoded; another URI stands for a file of that name
    /// in the current folder.
    package static func path(ofURI uri: String) -> String {
        if uri.hasPrefix("file://"), let url = URL(string: uri), url.isFileURL {
            return url.standardizedFileURL.path
        }
        let name = uri.split(separator: "/").last.map(String.init) ?? "untitled.patience"
        return FileManager.default.currentDirectoryPath + "/" + (name.removingPercentEncoding ?? name)
    }

    /// The `file:` URI of a path.
    package static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }

    /// The index of the token under `offset`, or of the word that ends at it (the cursor just
    /// after a name still points at the name).
    package func tokenIndex(at offset: Int) -> Int? {
        var low = 0, high = tokens.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = tokens[middle].range
            if offset < range.start.offset { high = middle - 1 }
            else if offset >= range.end.offset { low = middle + 1 }
            else { return tokens[middle].kind == .endOfFile ? nil : middle }
        }
        // Just after a word, a number or a card (the end of file is an empty token of its own).
        var before = low - 1
        while before >= 0, tokens[before].kind == .endOfFile { before -= 1 }
        guard before >= 0, tokens[before].range.end.offset == offset else { return nil }
        switch tokens[before].kind {
        case .identifier, .integer, .rank, .card: return before
        default: return nil
        }
    }

    /// Whether the token at `index` follows a `.`, which makes it a property name.
    package func isProperty(_ index: Int) -> Bool {
        index > 0 && tokens[index - 1].kind == .symbol(.dot)
    }
}
