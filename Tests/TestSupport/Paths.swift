import Foundation

/// Where the package's files are, found from this file's place in `Tests/TestSupport`, so that
/// every test reads the bundled games and the fixtures from the checkout it was built from.
package enum TestPaths {
    /// The package's root folder.
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The bundled games, `Rules/`.
    package static let rules = packageRoot.appendingPathComponent("Rules")
    /// Data from outside programs and hand-made inputs, `Tests/Fixtures/`.
    package static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// A file or folder under `Tests/Fixtures/`, such as `ms-boards-1-100.txt` or `pysolfc`.
    package static func fixture(_ relativePath: String) -> URL {
        fixtures.appendingPathComponent(relativePath)
    }

    /// The path of a bundled game's rule file, by its name without `.patience`.
    package static func rules(_ game: String) -> String {
        rules.appendingPathComponent("\(game).patience").path
    }

    /// Every bundled rule file's name, sorted.
    package static let ruleFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: rules.path)) ?? []
        return names.filter { $0.hasSuffix(".patience") }.sorted()
    }()

    /// Whether the long runs are asked for (`PATIENCE_LONG=1`): the property runs over a thousand
    /// games a rule file and the other checks that take minutes.
    package static let isLongRun = ProcessInfo.processInfo.environment["PATIENCE_LONG"].map { $0 != "" && $0 != "0" } ?? false

    /// The items a suite checks: all of them in the long run, and in the default run one in
    /// `oneIn`, from the `offset`-th on. Suites that sample the same list with different offsets
    /// check different items, so the default run still reaches every one of them through some
    /// suite, and the long run checks every item in every suite.
    package static func sample<Item>(_ items: [Item], oneIn: Int, offset: Int = 0) -> [Item] {
        guard !isLongRun, oneIn > 1 else { return items }
        return items.indices.filter { $0 % oneIn == offset % oneIn }.map { items[$0] }
    }
}

/// Runs `body` with a new empty folder under the temporary folder, named after `prefix`, and
/// removes the folder and everything in it afterwards.
package func withTemporaryFolder(_ prefix: String = "patience", _ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
}
