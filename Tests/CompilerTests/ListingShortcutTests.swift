import Foundation
import Testing
import TestSupport
@testable import PatienceCards
@testable import PatienceEngine
@testable import PatienceCompiler

/// Move listing's shortcuts for what reads no destination: the accept clauses that do not are
/// judged once per run and zone, a capacity that does not is worked out once per zone, and terms
/// that loop over piles without reading the destination (`count(c in cell: c.empty)`, a count
/// with `and t != pile`) are kept for the run. A game written to exercise each, and FreeCell,
/// play alike compiled with and without them (`specialise` off has none), listing included.
@Suite struct ListingShortcutTests {
    /// Free cells, a reserve whose capacity reads no destination, accept rules mixing clauses that
    /// read the destination with ones that do not, and counts with `and t != pile`.
    static let source = """
        game "Shortcuts"
        decks 1

        zone cell 2
        zone reserve 2
        zone foundation 4
        zone tableau 6

        deal tableau if index <= 4 then 9 else 8 cards face up by row

        relation build = alternate colour down
        relation home = same suit up

        let free_cells = count(c in cell: c.empty)

        lift cell {
          require run.size == 1 else "a free cell holds one card"
        }

        accept cell {
          require pile.empty else "a free cell holds one card"
          require run.size == 1 else "one card at a time"
          require count(t in tableau: t.empty) < 6 else "not with every column empty"
        }

        lift reserve {
          require run.size <= 2 else "two at most"
        }

        accept reserve {
          require any(c in cell: c.empty) else "only while a free cell is empty"
          if not pile.empty {
            require builds(top, run.first, build) else "a reserve builds down in alternating colours"
          }
        }

        capacity reserve = free_cells

        lift tableau {
          require sequence(run, build) else "only a run built down in alternating colours moves together"
        }

        accept tableau {
          if not pile.empty {
            require builds(top, run.first, build) else "a column builds down in alternating colours"
          }
          require run.size <= free_cells + 1 + count(t in tableau: t.size > 2 and t != pile) else "no room for the run"
        }

        capacity tableau = (free_cells + 1) * 2 ^ count(t in tableau: t.empty and t != pile)

        lift foundation {
          require run.size == 1 else "one card at a time"
        }

        accept foundation {
          require run.size == 1 else "cards go to the foundations one at a time"
          if pile.empty {
            require run.first.rank == A else "an empty foundation takes only an ace"
          } else {
            require builds(top, run.first, home) else "a foundation builds up in suit"
          }
        }

        won when all(f in foundation: f.size == 13)
        """

    /// The rule file, written once for the whole run: the suite's tests run at once, and both
    /// compilations of a comparison must name the same file (refusals quote it). One name for
    /// every run, written whole each time (the same text), so that runs leave no file behind
    /// them in the temporary folder but this one.
    static let path: Result<String, Error> = Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("patience-listing-shortcuts.patience").path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func compiled(specialise: Bool) throws -> GameRules {
        try GameCompiler.compile(path: try path.get(), specialise: specialise)
    }

    @Test func theShortcutsAreTaken() throws {
        let rules = try Self.compiled(specialise: true)
        func zone(_ name: String) throws -> ZoneRules { rules.zoneRules[try #require(rules.zones.firstIndex { $0.name == name })] }
        #expect(try zone("cell").hasZoneClauses, "run.size == 1 and the count over the tableau read no destination")
        #expect(try zone("reserve").hasZoneClauses)
        #expect(try zone("reserve").capacityPerZone, "free_cells reads no destination")
        #expect(try zone("foundation").hasZoneClauses)
        #expect(try !zone("tableau").hasZoneClauses, "both of the tableau's clauses read the destination")
        #expect(try !zone("tableau").capacityPerZone, "the tableau's capacity reads the destination")
        let plain = try Self.compiled(specialise: false)
        expectTrue(!plain.zoneRules.contains { $0.hasZoneClauses || $0.capacityPerZone }, "without specialise nothing is split")
    }

    @Test func listingAgreesWithoutTheShortcuts() throws {
        let comparison = BehaviourComparison(file: "Shortcuts", names: ("with shortcuts", "without"), games: TestPaths.isLongRun ? 6 : 2, steps: 50, playSeedOffset: 3)
        #expect(try comparison.compare(Self.compiled(specialise: true), Self.compiled(specialise: false)) > 0)
    }

    @Test func listingIsWhatRefusalAllows() throws {
        let rules = try Self.compiled(specialise: true)
        var listed = 0
        for seed in 0..<UInt64(TestPaths.isLongRun ? 6 : 2) {
            var table = try rules.deal(.seed(seed))
            var generator = SeededGenerator(seed: seed &+ 11)
            for _ in 0..<50 {
                let candidates = Candidates.moves(on: table)
                expectEqual(GameInvariants.listingDisagreement(rules: rules, table: table, candidates: candidates), nil, "seed \(seed)")
                let moves = rules.legalMoves(on: table)
                listed += moves.count
                guard let move = moves.randomElement(using: &generator) else { break }
                table = try rules.applying(move, to: table)
            }
        }
        expectGreater(listed, 100)
    }

    @Test func freeCellListsAlikeWithoutTheShortcuts() throws {
        let path = TestPaths.rules.appendingPathComponent("FreeCell.patience").path
        let comparison = BehaviourComparison(file: "FreeCell", names: ("with shortcuts", "without"), games: TestPaths.isLongRun ? 4 : 1, steps: 60, playSeedOffset: 5)
        #expect(try comparison.compare(GameCompiler.compile(path: path, specialise: true), GameCompiler.compile(path: path, specialise: false)) > 0)
    }
}
