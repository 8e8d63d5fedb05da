import Foundation
import PatienceDiagnostics

/// Where games are found by name (`patience play Klondike`, `extends Klondike`): folders of rule
/// files searched in order, the first file whose name matches winning. A name matches a file
/// `NAME.patience` when the two are equal once case, spaces and punctuation are set aside, so
/// `Baker's Game`, `bakers-game` and `BakersGame` all find `BakersGame.patience`.
///
/// The standard library searches, in this order: each folder of `PATIENCE_RULES` (separated by
/// colons, as `PATH` is), the folder `Rules` of the current directory, and the games bundled
/// with `patience` (see ``bundledFolder``).
package struct GameLibrary: Sendable, Equatable {
    /// The environment variable that lists extra folders of games, searched first.
    package static let environmentVariable = "PATIENCE_RULES"
    /// The name of the folder of games, in the current directory and in the bundle.
    package static let folderName = "Rules"
    /// The resource bundle SwiftPM builds next to the executable for this target's resources.
    package static let resourceBundleName = "Patience_PatienceChecking.resources"

    /// The folders searched, in order.
    package var folders: [String]

    package init(folders: [String]) {
        self.folders = folders
    }

    /// The library of `environment`: `PATIENCE_RULES`, then `Rules` in the current directory,
    /// then the bundled games.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> GameLibrary {
        GameLibrary(folders: searchPath(environment) + [folderName] + (bundledFolder.map { [$0] } ?? []))
    }

    /// The standard library of this process.
    package static var current: GameLibrary { standard() }

    /// Where `extends NAME` in the file at `path` looks: the file's own folder, then
    /// `PATIENCE_RULES`, then the bundled games, so that a variant anywhere can build on a
    /// bundled game and the result does not depend on the current directory.
    package static func forBase(of path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> GameLibrary {
        let folder = (path as NSString).deletingLastPathComponent
        return GameLibrary(folders: [folder.isEmpty ? "." : folder] + searchPath(environment) + (bundledFolder.map { [$0] } ?? []))
    }

    /// The folders of `PATIENCE_RULES`, in order; empty entries are skipped.
    private static func searchPath(_ environment: [String: String]) -> [String] {
        (environment[environmentVariable] ?? "").split(separator: ":").map(String.init)
    }

    /// The folder of the games bundled with `patience`: the first that exists of
    /// `Patience_PatienceChecking.resources/Rules` next to the executable (where `swift build`
    /// puts it, and where an install copies it with the executable), `../share/patience/Rules`
    /// from the executable's folder (an install under a prefix, such as `/usr/local`), and the
    /// `Rules` folder of the checkout the executable was built from, while it exists.
    /// SwiftPM's own `Bundle.module` is not used: it stops the process when the bundle is missing.
    package static let bundledFolder: String? = {
        var candidates: [String] = []
        if let executable = executablePath {
            let folder = (executable as NSString).deletingLastPathComponent
            candidates.append(folder + "/" + resourceBundleName + "/" + folderName)
            candidates.append(((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/patience/" + folderName))
        }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(checkout.appendingPathComponent(folderName).path)
        return candidates.first { isFolder($0) }
    }()

    /// The running executable's path, links followed, so that a link to it in `~/.local/bin`
    /// still finds the bundle next to the real file.
    private static var executablePath: String? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executableURL?.resolvingSymlinksInPath().path
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// The form names are compared in: lower case, letters and digits only.
    package static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Whether a command-line word is a game's name rather than a path: it has no `/`, does not
    /// end in `.patience`, and names no file or folder.
    package static func isName(_ word: String) -> Bool {
        // lstat, so that a link that leads nowhere or loops is still a path, reported as one.
        var status = stat()
        return !word.isEmpty && !word.contains("/") && !word.hasSuffix(".patience") && lstat(word, &status) != 0
    }

    /// One game the library holds: its name as its file writes it and the file's path.
    package struct Entry: Sendable, Equatable {
        /// The file's name without `.patience`, such as `BakersGame`.
        package var name: String
        package var path: String
    }

    /// Every game the library holds, sorted by name; a game found in an earlier folder hides
    /// one of the same name in a later folder.
    package var entries: [Entry] {
        var found: [String: Entry] = [:]
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for file in names.sorted() where file.hasSuffix(".patience") && !file.hasPrefix(".") {
                let name = String(file.dropLast(".patience".count))
                let key = Self.key(name)
                guard !key.isEmpty, found[key] == nil else { continue }
                let path = folder.hasSuffix("/") ? folder + file : folder + "/" + file
                guard !Self.isFolder(path) else { continue }
                found[key] = Entry(name: name, path: path)
            }
        }
        return found.values.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    /// The file of the game called `name`, from the first folder that holds it; nil when none does.
    package func path(ofGame name: String) -> String? {
        let key = Self.key(name)
        guard !key.isEmpty else { return nil }
        for folder in folders {
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for file in files.sorted() where file.hasSuffix(".patience") && !file.hasPrefix(".") && Self.key(String(file.dropLast(".patience".count))) == key {
                let path = folder.hasSuffix("/") ? folder + file : folder + "/" + file
                if !Self.isFolder(path) { return path }
            }
        }
        return nil
    }

    /// The name of the game nearest to a name the library does not hold, for "did you mean".
    package func suggestion(for name: String) -> String? {
        let names = entries.map(\.name)
        let byKey = Dictionary(names.map { (Self.key($0), $0) }) { first, _ in first }
        return Spelling.closest(to: Self.key(name), among: byKey.keys).flatMap { byKey[$0] }
    }

    /// The finding for a game the library does not hold, and help: the nearest name, or where
    /// games are looked for.
    package func notFound(_ name: String) -> (message: String, help: String) {
        ("no game named \(Spelling.quoted(name))", help(for: name))
    }

    /// `did you mean 'Klondike'?`, or where games are looked for when no name is near.
    package func help(for name: String) -> String {
        if let near = suggestion(for: name) { return "did you mean \(Spelling.quoted(near))?" }
        let places = folders.map { "'\(Spelling.printable($0))'" }.joined(separator: ", ")
        return places.isEmpty ? "no folder of games was found" : "games are looked for in \(places)"
    }
}
