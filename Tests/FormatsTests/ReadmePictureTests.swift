import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine

/// One line of `Docs/pictures/pictures.txt`: a README picture and the deal it draws.
struct ReadmePicture: CustomTestStringConvertible, Sendable {
    var file: String
    var game: String
    var deal: String
    var options: [String: String]

    var testDescription: String { file }

    static let folder = Positions.packageRoot.appendingPathComponent("Docs/pictures")

    /// The rule file, from the package's folder: `GAME` itself when it ends in `.patience`, else `Rules/GAME.patience`.
    var rulesPath: String { game.hasSuffix(".patience") ? game : "Rules/\(game).patience" }

    /// The command `Scripts/make-readme-pictures.sh` runs for the picture.
    var arguments: [String] {
        ["deal", rulesPath, "--deal", deal] + options.sorted { $0.key < $1.key }.flatMap { ["--option", "\($0.key)=\($0.value)"] }
            + ["--format", "svg"]
    }

    /// Every picture the manifest lists (`FILE GAME DEAL [NAME=VALUE ...]`, `#` for comments).
    static let all: [ReadmePicture] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("pictures.txt"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 3, !words[0].hasPrefix("#") else { return nil }
            var options: [String: String] = [:]
            for setting in words.dropFirst(3) {
                let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { options[parts[0]] = parts[1] }
            }
            return ReadmePicture(file: words[0], game: words[1], deal: words[2], options: options)
        }
    }()
}

@Suite("README pictures")
struct ReadmePictureTests {
    @Test func theManifestListsTheFourGamesAndTheReadmeShowsThem() throws {
        expectEqual(ReadmePicture.all.map(\.game), ["Klondike", "FreeCell", "Spider", "MonteCarlo"])
        // The pair game: its cards leave the table by removals, in pairs.
        let pairGame = try GameCompiler.compile(path: Positions.packageRoot.appendingPathComponent(ReadmePicture.all[3].rulesPath).path)
        expectEqual(pairGame.removalNames, ["pair"])
        let readme = try String(contentsOf: Positions.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for picture in ReadmePicture.all {
            let shown = readme.contains("(Docs/pictures/\(picture.file))")
            expectTrue(shown, "README.md does not show Docs/pictures/\(picture.file)")
        }
    }

    /// The committed picture is what the script's command draws today; run
    /// `Scripts/make-readme-pictures.sh` after changing the drawing or a game's deal.
    @Test(arguments: ReadmePicture.all)
    func committedPictureIsWhatTheCommandDraws(picture: ReadmePicture) throws {
        let run = try runPatience(picture.arguments, in: Positions.packageRoot)
        expectTrue(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
        let committed = try String(contentsOf: ReadmePicture.folder.appendingPathComponent(picture.file), encoding: .utf8)
        expectEqual(committed, run.standardOutput, "Docs/pictures/\(picture.file) is out of date: run Scripts/make-readme-pictures.sh")
        _ = try XMLTree.parse(committed)
    }

    /// The script reads the manifest as the test does: every line's command is the one it runs.
    @Test func theScriptRunsTheCommandsTheTestRuns() throws {
        let script = try String(contentsOf: Positions.packageRoot.appendingPathComponent("Scripts/make-readme-pictures.sh"), encoding: .utf8)
        expectContains(script, "\"$patience\" deal \"$rules\" --deal \"$deal\" ${options[@]+\"${options[@]}\"} --format svg >\"Docs/pictures/$file\"")
        expectContains(script, "[[ \"$game\" == *.patience ]] && rules=\"$game\"")
    }
}
