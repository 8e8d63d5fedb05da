import Foundation
import Patience
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage
import PatienceChecking
import PatienceEngine
import PatienceCompiler
import PatienceFormats

/// Turns the paths given to `lint` into the rule files to check, and into findings for paths
/// that name nothing to check.
struct RuleFileSearch {
    /// What one command-line path stands for.
    enum Entry: Equatable {
        /// A rule file to lint.
        case ruleFile(path: String)
        /// A path that cannot be linted, with the finding that says why.
        case problem(path: String, Diagnostic)
    }

    static let ruleFileExtension = "patience"

    var fileManager = FileManager.default

    /// The entries for `paths`, in the order given; files found in a folder come in sorted order.
    /// A file reached twice is checked once.
    func entries(for paths: [String]) -> [Entry] {
        var seen: Set<String> = []
        return paths.flatMap(entries(for:)).filter { entry in
            guard case .ruleFile(let path) = entry else { return true }
            return seen.insert(path).inserted
        }
    }

    private func entries(for path: String) -> [Entry] {
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isFolder) else {
            return [.problem(path: path, Diagnostic(.unreadableFile, "no such file or folder", at: .fileStart))]
        }
        // A file named on the command line is what the user wants checked, whatever its extension.
        guard isFolder.boolValue else { return [.ruleFile(path: path)] }

        guard fileManager.isReadableFile(atPath: path), let found = ruleFiles(inFolder: path) else {
            return [.problem(path: path, Diagnostic(.unreadableFile, "cannot read folder", at: .fileStart))]
        }
        guard !found.isEmpty else {
            return [
                .problem(
                    path: path,
                    Diagnostic(
                        .noRuleFiles, "folder holds no .patience files", at: .fileStart,
                        help: "name a rule file directly, or a folder containing files ending in '.patience'"))
            ]
        }
        return found.map { .ruleFile(path: $0) }
    }

    /// The `*.patience` files under `folder`, sorted; nil when the folder cannot be listed.
    private func ruleFiles(inFolder folder: String) -> [String]? {
        guard let enumerator = fileManager.enumerator(atPath: folder) else { return nil }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var relativePaths: [String] = []
        while let relativePath = enumerator.nextObject() as? String {
            let name = (relativePath as NSString).lastPathComponent
            var isFolder: ObjCBool = false
            let exists = fileManager.fileExists(atPath: prefix + relativePath, isDirectory: &isFolder)
            // Hidden folders hold tool state (.git, .build), where copies of rule files would be linted twice.
            if name.hasPrefix(".") {
                if isFolder.boolValue { enumerator.skipDescendants() }
                continue
            }
            if exists && !isFolder.boolValue && (name as NSString).pathExtension == Self.ruleFileExtension {
                relativePaths.append(relativePath)
            }
        }
        return relativePaths.sorted().map { prefix + $0 }
    }
}
