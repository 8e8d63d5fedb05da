import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage

/// The formatted text, or the messages of the findings that stopped it.
private func formatted(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    switch Formatter.format(source) {
    case .formatted(let text): return text
    case .failed(let diagnostics, _):
        Issue.record("did not format: \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return ""
    }
}

/// The canonical layout, one rule at a time (Grammar.md, section 3.6).
@Suite struct FormatterLayoutTests {
    @Test func spacingAndIndentationAreCanonical() {
        let source = """
            game   "G"
            zone tableau    7
            accept tableau{
            if pile.empty{require run.first.rank==K else "kings"}
                  else {
                 require builds( top,run.first , build )
              }
            }
            """
        expectEqual(formatted(source), """
            game "G"
            zone tableau 7
            accept tableau {
              if pile.empty {
                require run.first.rank == K else "kings"
              } else {
                require builds(top, run.first, build)
              }
            }

            """)
    }

    @Test func blankLinesAreKeptOnceAndFollowEveryBlock() {
        let source = "game \"G\"\n\n\n\nzone a 1\nzone b 1\nlift a {}\nzone c 1\neffect e {\n\n  flip a\n\n\n  flip b\n\n}\nwon when true\n"
        expectEqual(formatted(source), "game \"G\"\n\nzone a 1\nzone b 1\nlift a {}\n\nzone c 1\neffect e {\n  flip a\n\n  flip b\n}\n\nwon when true\n")
    }

    @Test func commentsStayWhereTheyWereWritten() {
        let source = """
            # The game.
            game "G"   # its name

            # Before the rule.
            accept a {   # opening the block
              # before the statement
              require run.size == 1   # after the statement
              # closing the block
            }
            # at the end of the file
            """
        expectEqual(formatted(source), """
            # The game.
            game "G"  # its name

            # Before the rule.
            accept a {  # opening the block
              # before the statement
              require run.size == 1  # after the statement
              # closing the block
            }

            # at the end of the file

            """)
    }

    @Test func aCommentInsideAnExpressionMovesInFrontOfItsStatement() {
        let source = "effect e {\n  flip a\n  require a and # why\n    b\n}\n"
        expectEqual(formatted(source), "effect e {\n  flip a\n  # why\n  require a and b\n}\n")
    }

    @Test func commentsAroundElseCloseTheBlockBeforeThem() {
        let source = "lift a {\n  if b {\n    flip c\n  }  # after then\n  else if d { # opening\n    flip e\n  } else {\n    # in an empty else\n  }\n}\n"
        expectEqual(formatted(source), "lift a {\n  if b {\n    flip c\n    # after then\n  } else if d {  # opening\n    flip e\n    # in an empty else\n  }\n}\n")
    }

    @Test func aBlockOfOneTableChangeSharesItsLineWhenItFits() {
        let source = "effect e {\n  for t in tableau {\n    flip t\n  }\n  if a {\n    move 1 from b to c\n  } else {\n    flip c\n  }\n  if a {\n    require b\n  }\n}\n"
        expectEqual(formatted(source), "effect e {\n  for t in tableau { flip t }\n  if a { move 1 from b to c } else { flip c }\n  if a {\n    require b\n  }\n}\n")
        // A comment inside the block keeps it on lines of its own.
        let commented = "effect e {\n  for t in tableau { # each\n    flip t\n  }\n}\n"
        expectEqual(formatted(commented), "effect e {\n  for t in tableau {  # each\n    flip t\n  }\n}\n")
    }

    @Test func anElseBlockHoldingOnlyAnIfIsWrittenElseIf() {
        let source = "lift a {\n  if b {\n    flip c\n    flip d\n  } else {\n    if e {\n      flip f\n      flip g\n    }\n  }\n}\n"
        expectEqual(formatted(source), "lift a {\n  if b {\n    flip c\n    flip d\n  } else if e {\n    flip f\n    flip g\n  }\n}\n")
    }

    @Test func longLinesBreakBeforeOperatorsAndTheReason() {
        let condition = (1...12).map { "pile.size > \($0)" }.joined(separator: " and ")
        let source = "lift a {\n  require \(condition) or run.empty else \"a reason that is long enough to need a line of its own\"\n}\n"
        let lines = formatted(source).split(separator: "\n")
        expectTrue(lines.allSatisfy { $0.count <= Formatter.lineWidth })
        expectHasPrefix(lines[1], "  require pile.size > 1 and")
        // Each operator chain breaks four columns in from the line it starts on, so the `and`s
        // of the `or`'s first operand lie deeper than the `or`.
        expectHasPrefix(lines[2], "          and pile.size > 7")
        expectEqual(lines[3], "      or run.empty")
        expectEqual(lines[lines.count - 2], "    else \"a reason that is long enough to need a line of its own\"")
        // Broken or not, it is the same tree.
        expectEqual(SyntaxTreeDump.file(Parser.parse(formatted(source)).file), SyntaxTreeDump.file(Parser.parse(source).file))
    }

    @Test func theWordsATreeDoesNotKeepStayAsWritten() {
        let source = "deal foundation 1 card where card.rank == A\ndeal tableau 5 cards face up by row\ndeal stock rest face down\nlet x = a or (b and c)\n"
        expectEqual(formatted(source), source)
        expectEqual(formatted("deal t 2 cards   by row\nlet y = ((a))\n"), "deal t 2 cards by row\nlet y = (a)\n")
    }

    @Test func aFileWithSyntaxErrorsIsNotFormatted() {
        guard case .failed(let diagnostics, _) = Formatter.format("game \"G\"\nzone tableau\nlift {\n") else {
            Issue.record("a broken file was formatted")
            return
        }
        expectFalse(diagnostics.isEmpty)
        expectTrue(diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func emptyAndCommentOnlyFiles() {
        expectEqual(formatted(""), "")
        expectEqual(formatted("\n\n  \n"), "")
        expectEqual(formatted("  # only a comment\n\n\n# and another"), "# only a comment\n\n# and another\n")
    }
}

/// The properties the issue asks of `fmt`, over every bundled game.
@Suite struct FormatterBundledGameTests {
    /// The bundled games, and the fixture games of the constructs of state (memory, removals,
    /// shuffles, parameterised definitions, deck shapes, hidden zones, score), as paths from the
    /// package root.
    static let files = TestPaths.ruleFiles.map { "Rules/" + $0 } + constructFiles

    static let constructFiles: [String] = {
        let folder = TestPaths.fixture("Constructs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".patience") }.sorted().map { "Tests/Fixtures/Constructs/" + $0 }
    }()

    private static func source(_ name: String) throws -> String {
        try String(contentsOfFile: TestPaths.packageRoot.appendingPathComponent(name).path, encoding: .utf8)
    }

    @Test func theBundledGamesAreFound() {
        expectGreaterOrEqual(Self.files.count, 50)
        expectGreaterOrEqual(Self.constructFiles.count, 2)
    }

    /// The bundled games are kept in the canonical layout: `patience fmt --check Rules` passes.
    @Test(arguments: files)
    func bundledGameIsFormatted(name: String) throws {
        let text = try Self.source(name)
        expectEqual(formatted(text), text, "run 'patience fmt \(name)'")
    }

    /// Whatever the layout of a bundled game, formatting gives the canonical one back, with the
    /// same tree and every comment where it was.
    @Test(arguments: TestPaths.sample(files, oneIn: 2))
    func relaidOutBundledGameFormatsBackToItself(name: String) throws {
        let text = try Self.source(name)
        for seed in 0..<UInt64(TestPaths.isLongRun ? 20 : 2) {
            let relaidOut = LayoutPerturbation.perturb(text, seed: seed)
            expectEqual(formatted(relaidOut), text, "\(name), layout seed \(seed)")
            let commented = LayoutPerturbation.perturb(text, seed: seed, addingComments: true)
            let result = formatted(commented)
            expectEqual(formatted(result), result, "\(name), seed \(seed): formatting is not idempotent")
            expectEqual(SyntaxTreeDump.file(Parser.parse(result).file), SyntaxTreeDump.file(Parser.parse(text).file))
            expectEqual(Formatter.commentPlacements(result), Formatter.commentPlacements(commented), "\(name), seed \(seed)")
        }
    }
}

/// The same properties over seeded random programs from `SyntaxTreeGenerator`.
@Suite struct FormatterGeneratedTreeTests {
    static let seeds = 0..<UInt64(TestPaths.isLongRun ? 3000 : 150)

    @Test func formattingRandomTreesKeepsTheTreeAndTheComments() {
        var checked = 0
        for seed in Self.seeds {
            var generator = SyntaxTreeGenerator(seed: seed)
            let tree = generator.file()
            let printed = Printer.print(tree)
            let expected = SyntaxTreeDump.file(tree)
            guard SyntaxTreeDump.file(Parser.parse(printed).file) == expected else {
                Issue.record("seed \(seed): the generator made a tree the printer cannot write back:\n\(printed)")
                continue
            }
            let first = formatted(printed)
            expectEqual(SyntaxTreeDump.file(Parser.parse(first).file), expected, "seed \(seed):\n\(first)")
            expectEqual(formatted(first), first, "seed \(seed): not idempotent")
            expectEqual(formatted(LayoutPerturbation.perturb(first, seed: seed)), first, "seed \(seed): the layout is not canonical")

            let commented = LayoutPerturbation.perturb(first, seed: seed &+ 1, addingComments: true)
            let result = formatted(commented)
            expectEqual(SyntaxTreeDump.file(Parser.parse(result).file), expected, "seed \(seed), commented:\n\(commented)")
            expectEqual(formatted(result), result, "seed \(seed): not idempotent with comments:\n\(commented)")
            let before = Formatter.commentPlacements(commented), after = Formatter.commentPlacements(result)
            expectEqual(before, after, "seed \(seed): comments moved:\n\(commented)\n---\n\(result)")
            expectEqual(before?.contains { $0.slot == .lost }, false)
            expectEqual(Parser.parse(result).file.comments.map(\.text), Parser.parse(commented).file.comments.map(\.text))
            checked += 1
        }
        expectEqual(checked, Self.seeds.count)
    }
}
