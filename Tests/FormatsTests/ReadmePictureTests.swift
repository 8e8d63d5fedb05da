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
        #expect(ReadmePicture.all.map(\.game) == ["Klondike", "FreeCell", "Spider", "Golf"])
        let readme = try String(contentsOf: Positions.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for picture in ReadmePicture.all {
            let shown = readme.contains("(Docs/pictures/\(picture.file))")
            #expect(shown, "README.md does not show Docs/pictures/\(picture.file)")
        }
    }

    /// The committed picture is what the library draws today; run `Scripts/make-readme-pictures.sh`
    /// after changing the drawing or a game's deal.
    @Test(arguments: ReadmePicture.all)
    func committedPictureIsWhatTheLibraryDraws(picture: ReadmePicture) throws {
        let rules = try GameCompiler.compile(path: Positions.rulesPath(picture.game), options: picture.options)
        let deal = try DealSource(spec: picture.deal)
        let drawn = TableSVG(rules: rules).svg(of: try rules.deal(deal), deal: deal)
        let committed = try String(contentsOf: ReadmePicture.folder.appendingPathComponent(picture.file), encoding: .utf8)
        #expect(committed == drawn, "Docs/pictures/\(picture.file) is out of date: run Scripts/make-readme-pictures.sh")
        _ = try XMLTree.parse(committed)
    }
}
