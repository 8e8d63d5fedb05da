import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// A rule file read, parsed and merged with the files it extends.
package struct LoadedRuleFile: Sendable {
    package var path: String
    /// The file's text, when it could be read and decoded.
    package var source: String?
    /// The file as parsed, before `extends` is resolved.
    package var file: RuleFile?
    /// The game's parts after merging the base files; nil when the file or its base could not be read.
    package var declarations: [Declaration]?
    package var diagnostics: [Diagnostic]
    /// The file named by `extends` and the game it declares; nil when the file extends nothing.
    package var base: BaseReference? = nil
}

/// The base file a variant extends, as the loader found it.
package struct BaseReference: Sendable, Equatable {
    /// The base file's path, written relative to where the variant was named (`Rules/Klondike.patience`).
    package var path: String
    /// The game the base file declares; nil when the base could not be read or names no game.
    package var name: String?
}

/// Reads rule files within the input limits and resolves `extends`.
package enum RuleLoader {
    /// The largest rule file accepted, in bytes.
    package static let maximumFileSize = 1 << 20
    /// The longest line accepted, in characters.
    package static let maximumLineLength = 10_000
    /// How many files deep `extends` may chain.
    package static let maximumExtendsDepth = 16

    /// Reads the file's bytes and checks size and encoding. Nil text means the file cannot be used.
    package static func read(path: String) -> (text: String?, diagnostics: [Diagnostic]) {
        // A FIFO is refused rather than read, so that neither a folder's files nor `extends` can block.
        switch InputFile.read(path: path, limit: maximumFileSize, allowsStreams: false) {
        case .success(let data):
            return decode(data)
        case .failure(let problem):
            switch problem.kind {
            case .tooLarge:
                return (nil, [Diagnostic(.fileTooLarge, "the file is larger than \(maximumFileSize / 1024) KiB, the limit for a rule file", at: .fileStart)])
            case .folder:
                return (nil, [Diagnostic(.unreadableFile, "this is a folder, not a rule file", at: .fileStart)])
            default:
                return (nil, [Diagnostic(.unreadableFile, problem.reason, at: .fileStart)])
            }
        }
    }

    /// Decodes bytes as UTF-8 and checks line lengths.
    package static func decode(_ data: Data) -> (text: String?, diagnostics: [Diagnostic]) {
        if let foreign = ForeignEncoding.diagnostic(for: data, what: "the file") { return (nil, [foreign]) }
        guard var text = String(validatingUTF8Data: data) else {
            let (line, column, offset) = firstInvalidUTF8(data)
            let location = SourceLocation(offset: offset, line: line, column: column)
            return (nil, [Diagnostic(.invalidUTF8, "the file is not valid UTF-8", at: SourceRange(start: location, end: location),
                                     help: "save the file as UTF-8")])
        }
        text = endingLinesAtLoneReturns(text)
        return (text, longLines(text))
    }

    /// A lone carriage return ends a line in old Mac files; read as nothing, it would join every
    /// line into one, and the first comment would hide the rest. It becomes a line feed, one byte
    /// for one, so every offset stays as it was ("\r\n" is left alone).
    static func endingLinesAtLoneReturns(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
        var bytes = Array(text.utf8)
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\r") && (i + 1 == bytes.count || bytes[i + 1] != UInt8(ascii: "\n")) {
            bytes[i] = UInt8(ascii: "\n")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func longLines(_ text: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var line = 1
        var length = 0
        var offset = 0
        var lineStart = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                line += 1
                length = 0
                lineStart = offset + 1
            } else {
                length += 1
                if length == maximumLineLength + 1 {
                    let start = SourceLocation(offset: lineStart, line: line, column: 1)
                    let end = SourceLocation(offset: offset, line: line, column: length)
                    diagnostics.append(Diagnostic(.lineTooLong, "line \(line) is longer than \(maximumLineLength) characters",
                                                  at: SourceRange(start: start, end: end), help: "break the line"))
                }
            }
            offset += scalar.utf8.count
        }
        return diagnostics
    }

    private static func firstInvalidUTF8(_ data: Data) -> (Int, Int, Int) {
        let bytes = [UInt8](data)
        var line = 1, column = 1, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (line, column, i)
            }
            guard i + length <= bytes.count,
                  bytes[(i + 1)..<(i + length)].allSatisfy({ $0 & 0xC0 == 0x80 }),
                  String(bytes: bytes[i..<(i + length)], encoding: .utf8) != nil else { return (line, column, i) }
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            i += length
        }
        return (line, column, i)
    }

    /// Why `extends` may not name `basePath` (resolved to `resolved`), or nil when it may. A base
    /// file must lie in the folder of `root`, the file where loading began, or below it, also
    /// once symbolic links are followed: a rule file cannot make `patience` read files elsewhere
    /// on the machine (`extends "../../etc/shadow"`).
    private static func outsideReason(_ basePath: String, resolved: String, root: String) -> String? {
        if basePath.hasPrefix("/") || basePath.hasPrefix("~") {
            return "'extends' takes a path relative to this file, not an absolute path"
        }
        let folder = URL(fileURLWithPath: root).deletingLastPathComponent().standardizedFileURL
        let inside = { (path: String, folder: String) in path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
        guard inside(resolved, folder.path) else {
            return "it is outside the folder \(Spelling.quoted(folder.lastPathComponent)) of the file being loaded"
        }
        let realFolder = folder.resolvingSymlinksInPath().path
        let realBase = URL(fileURLWithPath: resolved).resolvingSymlinksInPath().path
        guard inside(realBase, realFolder) else {
            return "it is a link to a file outside the folder \(Spelling.quoted(folder.lastPathComponent)) of the file being loaded"
        }
        return nil
    }

    /// Reads, parses and merges a rule file with the files it extends.
    package static func load(path: String) -> LoadedRuleFile {
        load(path: path, chain: [], root: nil, files: [:])
    }

    /// `root` is the file whose folder relative `extends` paths must stay in: the file where
    /// loading began, or the game that `extends "NAME"` found in the library.
    private static func load(path: String, chain: [String], root: String?, files: [String: String]) -> LoadedRuleFile {
        if let text = files[URL(fileURLWithPath: path).standardizedFileURL.path] {
            return load(source: text, path: path, chain: chain, root: root, initial: longLines(text), files: files)
        }
        let (text, readDiagnostics) = read(path: path)
        guard let text else {
            return LoadedRuleFile(path: path, source: nil, file: nil, declarations: nil, diagnostics: readDiagnostics)
        }
        return load(source: text, path: path, chain: chain, root: root, initial: readDiagnostics, files: files)
    }

    /// Parses and merges rule text that did not come from disk. `extends` is resolved next to
    /// `path`, first among `files` (rule texts keyed by path, such as rule files bundled into an
    /// app), then on disk.
    package static func load(source: String, path: String, files: [String: String] = [:]) -> LoadedRuleFile {
        let keyed = Dictionary(files.map { (URL(fileURLWithPath: $0.key).standardizedFileURL.path, $0.value) }) { first, _ in first }
        let source = endingLinesAtLoneReturns(source)
        return load(source: source, path: path, chain: [], root: nil, initial: longLines(source), files: keyed)
    }

    /// Whether `extends` may name a game rather than a file: a path has a `/` or ends in
    /// `.patience` (and a word that names a file or folder next to the variant is a path too).
    package static func isGameName(_ base: String) -> Bool {
        !base.isEmpty && !base.contains("/") && !base.hasSuffix(".patience")
    }

    private static func load(source: String, path: String, chain: [String], root: String?, initial: [Diagnostic], files: [String: String]) -> LoadedRuleFile {
        var (file, diagnostics) = Parser.parse(source, path: path)
        diagnostics = initial + diagnostics
        var merger = PartMerger()
        let extends = file.declarations.filter { if case .extends = $0.kind { return true } else { return false } }
        for extra in extends.dropFirst() {
            diagnostics.append(Diagnostic(.duplicateDeclaration, "a file can extend only one base file", at: extra.range))
        }
        // Without its base a variant's findings would be follow-on errors (no deck, unknown zones), so it is not checked.
        var baseIsUsable = true
        var reference: BaseReference?
        if let declaration = extends.first, case .extends(let written) = declaration.kind {
            let key = URL(fileURLWithPath: path).standardizedFileURL.path
            // `extends "Klondike"` names a game, found as the command line finds one (next to
            // this file first); its own relative `extends` stay inside its folder.
            var basePath = written
            var baseRoot = root ?? chain.first ?? key
            var gameNotFound: (message: String, help: String)?
            var status = stat()
            let nextTo = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(written).path
            if isGameName(written), files[URL(fileURLWithPath: nextTo).standardizedFileURL.path] == nil, lstat(nextTo, &status) != 0 {
                let library = GameLibrary.forBase(of: path)
                if let found = library.path(ofGame: written) {
                    let folder = (path as NSString).deletingLastPathComponent
                    let inOwnFolder = (found as NSString).deletingLastPathComponent == (folder.isEmpty ? "." : folder)
                    basePath = inOwnFolder ? (found as NSString).lastPathComponent : URL(fileURLWithPath: found).standardizedFileURL.path
                    if !inOwnFolder { baseRoot = basePath }
                } else {
                    gameNotFound = library.notFound(written)
                }
            }
            reference = BaseReference(path: Self.path(basePath, nextTo: path), name: nil)
            let resolved = basePath.hasPrefix("/") ? basePath
                : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(basePath).standardizedFileURL.path
            if let gameNotFound {
                diagnostics.append(Diagnostic(.missingBaseFile, "cannot use \(Spelling.quoted(written)) as the base: \(gameNotFound.message)", at: declaration.range,
                                              help: gameNotFound.help))
                baseIsUsable = false
            } else if basePath.isEmpty {
                diagnostics.append(Diagnostic(.missingBaseFile, "'extends' needs the path of a base file", at: declaration.range,
                                              help: "name the file this variant builds on, such as \"Klondike.patience\""))
                baseIsUsable = false
            } else if baseRoot == root ?? chain.first ?? key, let reason = outsideReason(basePath, resolved: resolved, root: baseRoot) {
                diagnostics.append(Diagnostic(.extendsOutsideFolder, "cannot use \(Spelling.quoted(basePath)) as the base file: \(reason)", at: declaration.range,
                                              help: "put the base file in the folder of the file being loaded, or below it, and name it relative to this file"))
                baseIsUsable = false
            } else if resolved == key {
                diagnostics.append(Diagnostic(.extendsCycle, "this file extends itself", at: declaration.range))
                baseIsUsable = false
            } else if let cycleStart = chain.firstIndex(of: resolved) {
                let cycle = (chain[cycleStart...] + [key, resolved]).map { URL(fileURLWithPath: $0).lastPathComponent }
                diagnostics.append(Diagnostic(.extendsCycle, "variants extend each other in a cycle: \(cycle.joined(separator: " → "))",
                                              at: declaration.range))
                baseIsUsable = false
            } else if chain.count >= maximumExtendsDepth {
                diagnostics.append(Diagnostic(.extendsCycle, "variants chain more than \(maximumExtendsDepth) files deep", at: declaration.range))
                baseIsUsable = false
            } else {
                // The base is named as the user would reach it, next to this file's own path, so
                // that findings and notes do not print absolute paths the user never typed.
                let folder = (path as NSString).deletingLastPathComponent
                let shown = folder.isEmpty || basePath.hasPrefix("/") ? basePath : folder + "/" + basePath
                let base = load(path: shown, chain: chain + [key], root: baseRoot, files: files)
                reference?.name = base.declarations?.gameName
                if let cycle = base.diagnostics.first(where: { $0.code == .extendsCycle }) {
                    // The cycle runs through this file: report it here too, not as an error in the base.
                    diagnostics.append(Diagnostic(.extendsCycle, cycle.message, at: declaration.range))
                    baseIsUsable = false
                } else if let baseDeclarations = base.declarations {
                    merger.useBase(baseDeclarations)
                    let errors = base.diagnostics.filter { $0.severity == .error }.count
                    if errors > 0 {
                        diagnostics.append(Diagnostic(.missingBaseFile, "the base file \(Spelling.quoted(basePath)) has \(errors) error\(errors == 1 ? "" : "s")",
                                                      at: declaration.range, help: "lint \(Spelling.quoted(shown)) for the details"))
                        // A base part lost to a syntax error would be reported again here as an unknown name.
                        baseIsUsable = false
                    }
                } else {
                    // The base's own syntax errors may come first; the reason is why it could not be read or merged.
                    let unusable: Set<DiagnosticCode> = [.unreadableFile, .fileTooLarge, .invalidUTF8, .otherEncoding, .missingBaseFile]
                    let reason = base.diagnostics.first { unusable.contains($0.code) }?.message ?? "it cannot be read"
                    diagnostics.append(Diagnostic(.missingBaseFile, "cannot use \(Spelling.quoted(basePath)) as the base file: \(reason)", at: declaration.range))
                    baseIsUsable = false
                }
                merger.isVariant = true
            }
        }
        guard baseIsUsable else {
            return LoadedRuleFile(path: path, source: source, file: file, declarations: nil, diagnostics: diagnostics, base: reference)
        }
        for declaration in file.declarations {
            if case .extends = declaration.kind { continue }
            merger.add(declaration, diagnostics: &diagnostics)
        }
        return LoadedRuleFile(path: path, source: source, file: file, declarations: merger.parts, diagnostics: diagnostics, base: reference)
    }

    /// `relative` (an `extends` path) as seen from where `path` was named: `Rules/v/../K.patience`
    /// is written `Rules/K.patience`, without making it absolute.
    static func path(_ relative: String, nextTo path: String) -> String {
        if relative.hasPrefix("/") { return URL(fileURLWithPath: relative).standardizedFileURL.path }
        let folder = (path as NSString).deletingLastPathComponent
        var components: [String] = []
        for component in (folder.isEmpty ? relative : folder + "/" + relative).split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." {
                    // Above the root is the root.
                    if !last.isEmpty { components.removeLast() }
                } else {
                    components.append("..")
                }
            case "" where !components.isEmpty: continue
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}

/// Merges a variant's declarations over its base's: `override` replaces a part in place,
/// anything else is added, and a part declared twice is an error.
struct PartMerger {
    private(set) var parts: [Declaration] = []
    var isVariant = false
    private var ownKeys: [PartKey: Declaration] = [:]
    /// Where each key's part is in `parts`, so that merging a long file takes linear time.
    private var positions: [PartKey: Int] = [:]

    /// Starts from the base file's parts.
    mutating func useBase(_ declarations: [Declaration]) {
        // A variant names its own reference games (Grammar.md 7.18); it keeps its base's
        // declared differences, which are about the rules it inherits.
        parts = declarations.filter { if case .reference = $0.kind { return false } else { return true } }
        positions = [:]
        for (index, declaration) in parts.enumerated() where positions[declaration.key] == nil {
            positions[declaration.key] = index
        }
    }

    mutating func add(_ declaration: Declaration, diagnostics: inout [Diagnostic]) {
        let key = declaration.key
        if let earlier = ownKeys[key] {
            diagnostics.append(Diagnostic(.duplicateDeclaration, "\(key) is declared twice", at: declaration.nameRange,
                                          notes: [DiagnosticNote(message: "first declared here", range: earlier.nameRange)]))
            return
        }
        ownKeys[key] = declaration
        let existing = positions[key]
        if declaration.isOverride {
            guard let existing else {
                let what = isVariant ? "its base does not have \(key)" : "this file extends no base file"
                diagnostics.append(Diagnostic(.overrideWithoutBase, "nothing to override: \(what)", at: declaration.nameRange,
                                              help: isVariant ? "remove 'override' to add \(key)" : "remove 'override'"))
                // Keep the part, as the help suggests, so that its uses are not reported as unknown.
                positions[key] = parts.count
                parts.append(declaration)
                return
            }
            parts[existing] = declaration
        } else if let existing {
            if key.kind == "game" {
                parts[existing] = declaration
            } else {
                diagnostics.append(Diagnostic(.duplicateInBase, "the base file already has \(key)", at: declaration.nameRange,
                                              help: "write 'override' in front to replace it"))
            }
        } else {
            positions[key] = parts.count
            parts.append(declaration)
        }
    }
}

extension String {
    /// Decodes UTF-8, failing on any invalid byte sequence instead of repairing it.
    init?(validatingUTF8Data data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}
