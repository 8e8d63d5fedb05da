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
    /// Whether a word that is no path may name a game of the library (`lint Klondike`); `fmt`,
    /// which rewrites the files it is given, takes paths only.
    var findsGamesByName = true

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
        // A game's name (`lint Klondike`) stands for its file.
        if findsGamesByName, GameLibrary.isName(path) {
            guard let file = RulesArgument.path(for: path) else { return [.problem(path: path, RulesArgument.notFound(path))] }
            return [.ruleFile(path: file)]
        }
        switch Self.kind(of: path) {
        case .failure(let problem):
            let reason = problem.kind == .noSuchFile ? "no such file or folder" : problem.reason
            return [.problem(path: path, Diagnostic(.unreadableFile, reason, at: .fileStart))]
        case .success(false):
            // A file named on the command line is what the user wants checked, whatever its extension.
            return [.ruleFile(path: path)]
        case .success(true):
            break
        }
        var visited: Set<String> = []
        let found = ruleFiles(inFolder: path, visited: &visited)
        guard !found.isEmpty else {
            return [
                .problem(
                    path: path,
                    Diagnostic(
                        .noRuleFiles, "folder holds no .patience files", at: .fileStart,
                        help: "name a rule file directly, or a folder containing files ending in '.patience'"))
            ]
        }
        return found
    }

    /// Whether `path` is a folder (following links), or why it cannot be examined.
    private static func kind(of path: String) -> Result<Bool, InputFileProblem> {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            var link = stat()
            switch code {
            case ENOENT: return .failure(InputFileProblem(kind: lstat(path, &link) == 0 ? .danglingLink : .noSuchFile))
            case ELOOP: return .failure(InputFileProblem(kind: .linkLoop))
            case EACCES, EPERM: return .failure(InputFileProblem(kind: .permissionDenied))
            default: return .failure(InputFileProblem(kind: .system(errno: code, whileReading: false)))
            }
        }
        return .success(status.st_mode & S_IFMT == S_IFDIR)
    }

    /// The `*.patience` files under `folder` in sorted order, and a finding for each folder that
    /// cannot be listed and each link that leads nowhere, so that nothing is skipped silently.
    /// Hidden entries are skipped: hidden folders hold tool state (.git, .build), where copies of
    /// rule files would be linted twice. A folder reached twice through links is listed once.
    private func ruleFiles(inFolder folder: String, visited: inout Set<String>) -> [Entry] {
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else { return [] }
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: folder)
        } catch {
            let reason = access(folder, R_OK | X_OK) == 0 ? "cannot list the folder" : "cannot list the folder: permission denied"
            return [.problem(path: folder, Diagnostic(.unreadableFile, reason, at: .fileStart))]
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var entries: [Entry] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = prefix + name
            let isRuleFile = (name as NSString).pathExtension == Self.ruleFileExtension
            switch Self.kind(of: path) {
            case .success(true):
                entries += ruleFiles(inFolder: path, visited: &visited)
            case .success(false):
                // A FIFO or device named like a rule file is passed on, and the loader refuses it without reading.
                if isRuleFile { entries.append(.ruleFile(path: path)) }
            case .failure(let problem):
                // A link that leads nowhere may have been meant as a rule file or a folder of them.
                if isRuleFile || problem.kind != .noSuchFile {
                    entries.append(.problem(path: path, Diagnostic(.unreadableFile, problem.reason, at: .fileStart)))
                }
            }
        }
        return entries
    }
}
