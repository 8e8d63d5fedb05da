import Foundation
import Testing
import TestSupport

/// The library's public surface: every public declaration has a `///` comment above it, as DocC
/// expects, and the stages that are not for apps (the language, the checker's internals, the
/// command line) declare nothing public.
@Suite struct PublicAPITests {
    /// Every public declaration of the package's sources, with whether a doc comment precedes it.
    static func publicDeclarations() throws -> [(place: String, documented: Bool)] {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        var found: [(String, Bool)] = []
        for file in files {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                var words = line.trimmingCharacters(in: .whitespaces)[...]
                // Attributes such as `@inline(__always)` may come first.
                while words.hasPrefix("@"), let space = words.firstIndex(of: " ") { words = words[words.index(after: space)...] }
                guard words.hasPrefix("public ") || words.hasPrefix("open ") else { continue }
                if words.hasPrefix("public extension") { continue }
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                let documented = above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///")
                found.append(("\(file):\(index + 1)", documented))
            }
        }
        return found
    }

    @Test func everyPublicDeclarationIsDocumented() throws {
        let declarations = try Self.publicDeclarations()
        expectGreater(declarations.count, 100, "the scan found the public API")
        let undocumented = declarations.filter { !$0.documented }.map(\.place)
        expectTrue(undocumented.isEmpty, "public without a /// comment: \(undocumented.joined(separator: ", "))")
    }

    @Test(arguments: ["PatienceLanguage/", "PatienceCommandLine/", "PatienceCLI/", "PatienceBench/"])
    func stagesNotForAppsDeclareNothingPublic(stage: String) throws {
        let inStage = try Self.publicDeclarations().filter { $0.place.hasPrefix(stage) }
        expectTrue(inStage.isEmpty, "\(stage) declares \(inStage.map(\.place))")
    }
}
