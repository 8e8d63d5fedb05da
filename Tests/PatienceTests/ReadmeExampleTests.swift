import Foundation
import Testing
import TestSupport
@testable import Patience

/// The README's library example is real code: `ReadmeExample.swift` holds it, this suite runs it
/// and checks that the README quotes it line for line.
@Suite struct ReadmeExampleTests {
    @Test func theExampleRunsAndPlays() throws {
        let (game, saved, refusal) = try readmeExample(rulesFolder: TestPaths.rules.path)
        expectHasPrefix(refusal.map { "\($0)" } ?? "none", "error[P0606]: cards are never put on the waste", "the waste takes no cards")
        expectEqual(game.state.undoStack.count, 2, "the example makes one move and one tap")
        expectEqual(game.table.allCards.sorted(), game.rules.deck.sorted())
        let restored = try JSONDecoder().decode(GameState.self, from: saved)
        expectEqual(restored, game.state)
    }

    @Test func theReadmeQuotesTheExample() throws {
        let source = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Tests/PatienceTests/ReadmeExample.swift"), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0.contains("// README begin") })
        let end = try #require(lines.firstIndex { $0.contains("// README end") })
        let example = lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let quoted = "```swift\nimport Patience\n\n" + example.joined(separator: "\n") + "\n```"
        expectContains(readme, quoted, "README.md must quote Tests/PatienceTests/ReadmeExample.swift between its README marks")
    }
}
