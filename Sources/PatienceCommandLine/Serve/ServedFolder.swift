import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rule files `patience serve` offers: those under one folder (or one file and its folder),
/// found as `patience lint` finds them. A page names a file by its path relative to the folder;
/// ``resolve(_:)`` is the only way from such a name to a file, and it never leads outside.
struct ServedFolder: Sendable {
    /// The folder, with its links resolved.
    let root: String
    /// The one file served when the server was started on a file rather than a folder.
    let onlyFile: String?

    /// Serves `path`: a folder, or a rule file (then only that file, from its folder).
    init(path: String) {
        var status = stat()
        let isFolder = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        let folder = isFolder ? path : (path as NSString).deletingLastPathComponent
        root = Self.realPath(folder.isEmpty ? "." : folder) ?? folder
        onlyFile = isFolder ? nil : (path as NSString).lastPathComponent
    }

    /// The served rule files, as names relative to the folder, sorted; and the paths that could
    /// not be searched, with why.
    func ruleFiles() -> (names: [String], problems: [RuleFileSearch.Entry]) {
        if let onlyFile { return (resolve(onlyFile) == nil ? [] : [onlyFile], []) }
        var names: [String] = []
        var problems: [RuleFileSearch.Entry] = []
        for entry in RuleFileSearch().entries(for: [root]) {
            switch entry {
            case .ruleFile(let path):
                if let name = relativeName(of: path) { names.append(name) }
            case .problem:
                problems.append(entry)
            }
        }
        return (names, problems)
    }

    /// `path` (under the root) as a name relative to it.
    private func relativeName(of path: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The path of the served rule file `name` (relative, already percent-decoded), or nil
    /// when it names nothing served: an absolute path, a `.` or `..` component, an empty
    /// component, a name not ending in `.patience`, a file that does not exist or is not a
    /// regular file, or one whose real path (links resolved) lies outside the folder.
    func resolve(_ name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), name.hasSuffix("." + RuleFileSearch.ruleFileExtension) else { return nil }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") }) else { return nil }
        if let onlyFile, name != onlyFile { return nil }
        let path = root + "/" + name
        guard let real = Self.realPath(path) else { return nil }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var status = stat()
        guard real.hasPrefix(prefix), stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return path
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
