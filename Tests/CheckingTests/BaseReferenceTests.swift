import Foundation
import Testing
import TestSupport
@testable import PatienceChecking

/// The loader remembers which file a variant extends and the game that file declares, for the
/// catalog index (`patience list`).
@Suite struct BaseReferenceTests {
    @Test(arguments: [
        ("Klondike.patience", "Rules/Athena.patience", "Rules/Klondike.patience"),
        ("../Klondike.patience", "Rules/sub/Easy.patience", "Rules/Klondike.patience"),
        ("./Klondike.patience", "Easy.patience", "Klondike.patience"),
        ("../../Klondike.patience", "a/Easy.patience", "../Klondike.patience"),
        ("../Klondike.patience", "/Easy.patience", "/Klondike.patience"),
        ("base/../Klondike.patience", "/r/Easy.patience", "/r/Klondike.patience"),
    ])
    func baseIsNamedFromWhereTheVariantWasNamed(written: String, variant: String, expected: String) {
        expectEqual(RuleLoader.path(written, nextTo: variant), expected)
    }

    @Test func aVariantKnowsItsBaseGame() {
        let loaded = RuleLoader.load(path: TestPaths.rules("Athena"))
        expectEqual(loaded.base?.name, "Klondike")
        expectEqual(loaded.base?.path, TestPaths.rules("Klondike"))
        expectEqual(RuleLoader.load(path: TestPaths.rules("Klondike")).base, nil)
    }

    @Test func aMissingBaseIsNamedWithoutAGame() {
        let loaded = RuleLoader.load(source: "extends \"Nowhere.patience\"\ngame \"Lost\"\n", path: "/tmp/Lost.patience")
        expectEqual(loaded.base, BaseReference(path: "/tmp/Nowhere.patience", name: nil))
    }

    @Test func theCatalogReadsMergedOptionsWithTheirDefaults() {
        let entry = catalogEntry(forRuleFileAtPath: TestPaths.rules("EagleWing"))
        expectTrue(entry.isUsable)
        expectEqual(entry.name, "Eagle Wing")
        expectEqual(entry.base?.name, "Canfield")
        expectEqual(entry.options.map(\.name), ["draw", "redeals"])
        expectEqual(entry.options.map(\.defaultText), ["1", "2"])
        expectEqual(entry.options.map(\.domainText), ["1 | 3", "0 ... 10 | unlimited"])
    }
}
