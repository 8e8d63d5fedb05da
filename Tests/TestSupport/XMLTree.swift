import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats
import Patience
import PatienceCommandLine
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element read with Foundation's `XMLParser`, for tests that check SVG documents: its
/// name, attributes, child elements and text (white space between elements dropped).
package struct XMLTree: Equatable, CustomStringConvertible {
    package var name: String
    package var attributes: [String: String]
    package var children: [XMLTree]
    package var text: String

    /// Why a document is not well-formed XML.
    package struct Malformed: Error, CustomStringConvertible {
        var line: Int
        var column: Int
        var reason: String
        package var description: String { "not well-formed XML at \(line):\(column): \(reason)" }
    }

    /// Reads a whole document; throws `Malformed` unless it is well-formed, with one root element.
    package static func parse(_ text: String) throws -> XMLTree {
        let parser = XMLParser(data: Data(text.utf8))
        let builder = Builder()
        parser.delegate = builder
        // `parse()` can answer true for some malformed documents, so its error is checked too.
        let parsed = parser.parse()
        if !parsed || parser.parserError != nil || builder.error != nil || builder.roots.count != 1 {
            let reason = (builder.error ?? parser.parserError).map { String(describing: $0) }
                ?? "\(builder.roots.count) root elements"
            throw Malformed(line: parser.lineNumber, column: parser.columnNumber, reason: reason)
        }
        return builder.roots[0]
    }

    /// This element and every element inside it, in document order.
    package var descendants: [XMLTree] { [self] + children.flatMap(\.descendants) }

    /// The elements inside this one (and itself) with the tag `name` and, when given, the class `className`.
    package func elements(_ name: String, class className: String? = nil) -> [XMLTree] {
        descendants.filter { $0.name == name && (className == nil || $0.attributes["class"] == className) }
    }

    /// The text of this element and everything inside it.
    package var allText: String { text + children.map(\.allText).joined() }

    package var description: String {
        let attributes = self.attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\($0.value)\"" }.joined()
        return "<\(name)\(attributes)>\(text)\(children.map(\.description).joined())</\(name)>"
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLTree] = []
        var roots: [XMLTree] = []
        var error: Error?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            stack.append(XMLTree(name: elementName, attributes: attributes, children: [], text: ""))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard var element = stack.popLast() else { return }
            element.text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if stack.isEmpty { roots.append(element) } else { stack[stack.count - 1].children.append(element) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            error = error ?? parseError
        }
    }
}
