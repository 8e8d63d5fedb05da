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


/// The occurrences of `pattern` in `text`, counted without overlap, over the UTF-8 bytes (a page
/// of a long replay runs to megabytes, too many for Foundation's string search in a debug build);
/// ASCII letters match either case when `ignoringCase` is set.
func count(_ pattern: String, in text: String, ignoringCase: Bool = false) -> Int {
    var text = text, pattern = pattern
    @inline(__always) func fold(_ byte: UInt8) -> UInt8 { ignoringCase && byte >= 65 && byte <= 90 ? byte + 32 : byte }
    return text.withUTF8 { haystack in
        pattern.withUTF8 { needle in
            guard let first = needle.first.map(fold), haystack.count >= needle.count else { return 0 }
            var found = 0
            var index = 0
            let end = haystack.count - needle.count
            search: while index <= end {
                if fold(haystack[index]) == first {
                    for offset in 1..<needle.count where fold(haystack[index + offset]) != fold(needle[offset]) {
                        index += 1
                        continue search
                    }
                    found += 1
                    index += needle.count
                } else {
                    index += 1
                }
            }
            return found
        }
    }
}

/// A picture split as the page's script sees it: the lines before the piles, each
/// `<g class="pile">` group (its lines up to the `</g>` that closes it: the groups inside it are
/// one line each), and the lines after them.
private func pictureParts(_ svg: String) -> (head: String, piles: [String], tail: String) {
    var head = "", tail = "", piles: [String] = []
    var inPile = false
    for line in svg.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map({ String($0) + "\n" }) {
        if inPile {
            piles[piles.count - 1] += line
            if line == "</g>\n" { inPile = false }
        } else if line.hasPrefix("<g class=\"pile\"") {
            piles.append(line)
            inPile = true
        } else if piles.isEmpty {
            head += line
        } else {
            tail += line
        }
    }
    return (head, piles, tail)
}

/// The value of `name="…"` in a tag.
private func attribute(_ name: String, in tag: Substring) -> String? {
    guard let start = tag.range(of: " \(name)=\"") else { return nil }
    let rest = tag[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
}

/// The picture of each table a page shows, in order, built as the page's script builds it: a
/// `<template class="table">` holds a whole `<svg>`; a `<template class="patch">` the pile groups
/// that changed from the table before (`data-piles`, their indexes) and the size if it changed.
private func templateSVGs(_ html: String) -> [String] {
    var pictures: [String] = []
    var current: (head: String, piles: [String], tail: String)?
    for part in html.components(separatedBy: "<template class=\"").dropFirst() {
        guard let close = part.range(of: "</template>"), let tagEnd = part.range(of: ">\n") else { continue }
        let tag = part[..<tagEnd.lowerBound]
        let body = String(part[tagEnd.upperBound..<close.lowerBound])
        if tag.hasPrefix("table\"") {
            current = pictureParts(body)
        } else if tag.hasPrefix("patch\""), var picture = current {
            let indexes = (attribute("data-piles", in: tag) ?? "").split(separator: " ").compactMap { Int($0) }
            // The groups stand in an <svg> of their own, so that the HTML parser makes them SVG elements.
            expectTrue(body.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\">\n") && body.hasSuffix("</svg>\n"))
            let groups = pictureParts(body).piles
            guard groups.count == indexes.count, indexes.allSatisfy(picture.piles.indices.contains) else { return pictures }
            for (k, index) in indexes.enumerated() { picture.piles[index] = groups[k] }
            if let width = attribute("data-width", in: tag), let height = attribute("data-height", in: tag) {
                picture.head = picture.head
                    .replacingOccurrences(of: #"^(<svg [^\n]*?) width="\d+" height="\d+" viewBox="0 0 \d+ \d+""#,
                                          with: "$1 width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\"",
                                          options: .regularExpression)
                    .replacingOccurrences(of: #"<rect class="felt" width="\d+" height="\d+""#,
                                          with: "<rect class=\"felt\" width=\"\(width)\" height=\"\(height)\"", options: .regularExpression)
            }
            if let caption = attribute("data-caption", in: tag) {
                picture.head = picture.head.replacingOccurrences(of: #"(<text class="caption"[^>]*>)[^<]*</text>"#,
                                                                 with: "$1\(caption)</text>", options: .regularExpression)
            }
            current = picture
        } else {
            continue
        }
        if let current { pictures.append(current.head + current.piles.joined() + current.tail) }
    }
    return pictures
}

/// Whether a page loads nothing from outside: no `src`, no link, no import, and every address
/// (`href`, `url(…)`) inside the page; the only `http` is the SVG namespace, which names and loads nothing.
func isSelfContained(_ html: String) -> Bool {
    func occurrences(_ pattern: String) -> Int { count(pattern, in: html, ignoringCase: true) }
    return occurrences("http") == occurrences("xmlns=\"http://www.w3.org/2000/svg\"")
        && occurrences("src=") == 0 && occurrences("<link") == 0 && occurrences("@import") == 0
        && occurrences("href=\"") == occurrences("href=\"#") && occurrences("url(") == occurrences("url(#")
        && occurrences("fetch(") == 0 && occurrences("xmlhttprequest") == 0 && occurrences("<iframe") == 0
}

@Suite("HTML pages of replays")
struct PlayPageTests {
    static func refusedKlondikeReplay() throws -> (rules: GameRules, opening: CardTable, trace: ReplayTrace) {
        let rules = try Positions.rules("Klondike")
        let opening = try rules.deal(.seed(1))
        let trace = Replay(rules: rules, notation: .patience)
            .trace("tap(stock) tap(stock)\ntap(stock) tableau[1]->foundation[1] tap(stock) tap(stock)", from: opening)
        return (rules, opening, trace)
    }

    @Test func aTraceAgreesWithTheReplayAndKeepsEveryTable() throws {
        let rules = try Positions.rules("FreeCell")
        let opening = try rules.deal(.microsoft(1))
        let replay = Replay(rules: rules, notation: .fcs)
        let solution = try freeCellSolutionOfDealOne()
        let trace = replay.trace(solution, from: opening)
        let outcome = replay.run(solution, from: opening)
        expectTrue(trace.outcome.applied == outcome.applied && trace.outcome.table == outcome.table && trace.outcome.isWon)
        expectTrue(trace.tables.count == outcome.applied + 1 && trace.moves.count == outcome.applied)
        let tokens = replay.tokens(solution)
        for k in [1, 2, 3, 50, tokens.count] {
            expectEqual(trace.tables[k], replay.run(tokens: Array(tokens.prefix(k)), from: opening).table)
        }

        let (_, _, refused) = try Self.refusedKlondikeReplay()
        expectEqual(refused.moves, ["tap(stock)", "tap(stock)", "tap(stock)"])
        expectTrue(refused.failure?.index == 4 && refused.failure?.move == "tableau[1]->foundation[1]")
        expectEqual(refused.unplayed, ["tap(stock)", "tap(stock)"])
        expectTrue(refused.plays.count == 3 && trace.plays.count == trace.moves.count)
        expectEqual(refused.outcome.summary, "applied 3 moves; move 4 refused")
    }

    @Test func thePageIsSelfContainedWithOnePictureForEachTable() throws {
        let (rules, _, trace) = try Self.refusedKlondikeReplay()
        let html = PlayPage(replay: trace, rules: rules, deal: .seed(1)).html
        expectTrue(isSelfContained(html))
        expectHasPrefix(html, "<!DOCTYPE html>\n")
        // One template a table: the first whole, the others only the piles that changed.
        expectEqual(count("<template ", in: html), trace.tables.count)
        expectEqual(count("<template class=\"table\"", in: html), 1)
        expectEqual(count("<svg ", in: html), trace.tables.count)
        expectTrue(count("<script>", in: html) == 1 && count("<style>", in: html) == 1)
        for id in ["first", "previous", "next", "last", "moves", "table"] {
            expectContains(html, "id=\"\(id)\"")
        }
        // Each picture is the renderer's picture of the engine's table, and valid XML.
        let svgs = templateSVGs(html)
        expectEqual(svgs, trace.tables.map { TableSVG(rules: rules).svg(of: $0) })
        for svg in svgs { _ = try XMLTree.parse(svg) }
        expectEqual(Set(svgs).count, svgs.count)
    }

    /// A game with memory shows it in each picture's caption: a patch gives the caption's new text.
    @Test func aPatchCarriesTheCaptionOfAGameWithMemory() throws {
        let rules = try Positions.rules("HitOrMiss")
        let opening = try rules.deal(.seed(3))
        // Forty plays, each the first legal one.
        var table = opening
        var written: [String] = []
        for _ in 0..<40 {
            let play = try #require(rules.legalPlays(on: table).first)
            written.append(MoveNotation(rules: rules).text(of: play))
            table = try rules.applying(play, to: table)
        }
        let moves = written.joined(separator: "\n")
        let trace = Replay(rules: rules, notation: .patience).trace(moves, from: opening)
        expectTrue(trace.failure == nil && trace.tables.count == 41)
        let html = PlayPage(replay: trace, rules: rules, deal: .seed(3)).html
        expectEqual(count("<template class=\"table\"", in: html), 1)
        expectTrue(count("data-caption=", in: html) > 10)
        expectEqual(templateSVGs(html), trace.tables.map { TableSVG(rules: rules).svg(of: $0) })
    }

    @Test func aRefusedMoveIsShownInRedWithItsReasonAndTheRule() throws {
        let (rules, _, trace) = try Self.refusedKlondikeReplay()
        let failure = try #require(trace.failure)
        let html = PlayPage(replay: trace, rules: rules, deal: .seed(1), detail: "the quoted rule <here>").html
        let line = try #require(try Positions.lines(containing: "an empty foundation takes only an ace", in: "Klondike").first)
        expectEqual(failure.refusal?.range?.start.line, line)
        let item = try #require(html.split(separator: "\n").first { $0.contains("class=\"refused\"") && $0.hasPrefix("<li") })
        expectContains(item, "data-position=\"4\"")
        expectContains(item, "<code>tableau[1]-&gt;foundation[1]</code>")
        expectContains(item, "error[P0607]: an empty foundation takes only an ace")
        expectContains(item, "Klondike.patience:\(line):\(failure.refusal?.range?.start.column ?? 0)")
        expectContains(item, "<pre class=\"detail\">the quoted rule &lt;here&gt;</pre>")
        expectContains(html, "<div id=\"refusal\" class=\"refused\" hidden>")
        expectContains(html, ".refused { color: #a40e26; }")
        expectTrue(html.contains("data-positions=\"5\"") && html.contains("data-refused=\"true\""))
        expectEqual(count("class=\"unplayed\"", in: html), 2)
        expectContains(html, "deal seed:1 · applied 3 moves; move 4 refused")
    }

    @Test func aPageOfAWonReplayHasNoRefusal() throws {
        let rules = try Positions.rules("FreeCell")
        let trace = Replay(rules: rules, notation: .fcs).trace(try freeCellSolutionOfDealOne(), from: try rules.deal(.microsoft(1)))
        let html = PlayPage(replay: trace, rules: rules, deal: .microsoft(1)).html
        // The page runs to megabytes, so only its head and the pictures are searched.
        let head = String(try #require(html.split(separator: "<template", maxSplits: 1).first))
        expectContains(head, "<body data-positions=\"\(trace.moves.count + 1)\" data-tables=\"\(trace.moves.count + 1)\">")
        expectTrue(!head.contains("id=\"refusal\"") && !head.contains("class=\"refused\""))
        expectContains(head, "deal ms:1 · applied \(trace.moves.count) moves; won: yes")
        // fcs moves are listed as written, with the project's notation beside them.
        expectContains(head, "<code>5a</code> <span class=\"note\">tableau[5]-&gt;cell[1]</span>")
        expectEqual(templateSVGs(html).count, trace.moves.count + 1)
    }

    @Test func movesThatCannotBeReadAreEscaped() throws {
        let rules = try Positions.rules("Klondike")
        let trace = Replay(rules: rules, notation: .patience).trace("</template><script>alert(1)</script>", from: try rules.deal(.seed(1)))
        let html = PlayPage(replay: trace, rules: rules, deal: nil).html
        expectNotEqual(trace.failure, nil)
        expectNotContains(html, "alert(1)</script>")
        expectContains(html, "&lt;/template&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
        expectEqual(count("<script>", in: html), 1)
        #expect(PlayPage.location(of: try #require(trace.failure).reason) == "the play could not be read (line 1, column 1 of the moves)")
    }

    @Test func replayWritesThePageAndPrintsWhatItPrintedBefore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("replay.html")
        let moves = "tap(stock) tap(stock) tap(stock) tableau[1]->foundation[1] tap(stock)"
        let arguments = ["replay", "Rules/Klondike.patience", "--deal", "seed:1", "-"]
        let plain = try runPatience(arguments, in: Positions.packageRoot, input: moves, environment: ["NO_COLOR": "1"])
        let paged = try runPatience(arguments + ["--html", page.path], in: Positions.packageRoot, input: moves, environment: ["NO_COLOR": "1"])
        expectTrue(paged.status == 1 && plain.status == 1)
        expectEqual(paged.standardOutput, plain.standardOutput)
        expectEqual(paged.standardError, plain.standardError)
        let html = try String(contentsOf: page, encoding: .utf8)
        expectTrue(isSelfContained(html))
        expectEqual(templateSVGs(html).count, 4)
        // The refusal is quoted from the rule file, as standard error quotes it.
        expectContains(html, "require run.first.rank == A else")

        let json = try runPatience(arguments + ["--format", "json", "--html", page.path], in: Positions.packageRoot, input: "tap(stock)")
        expectEqual(json.standardOutput, "{\"applied\": 1, \"won\": false}\n")
        #expect(templateSVGs(try String(contentsOf: page, encoding: .utf8)).count == 2)

        let toStandardOutput = try runPatience(arguments + ["--html", "-"], in: Positions.packageRoot, input: moves)
        expectEqual(toStandardOutput.status, 64)
        let unwritable = try runPatience(arguments + ["--html", folder.appendingPathComponent("no/such/folder.html").path],
                                         in: Positions.packageRoot, input: "tap(stock)")
        expectEqual(unwritable.status, 1)
        expectContains(unwritable.standardError, "cannot write the page to")
    }

    @Test func solveWritesThePageOfItsSolution() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patience-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("solution.html")
        let arguments = ["solve", "Rules/FreeCell.patience", "--deal", "ms:1", "--max-states", "200000"]
        let solved = try runPatience(arguments + ["--html", page.path], in: Positions.packageRoot)
        expectEqual(solved.status, 0, "\(solved.standardError)")
        let plays = solved.standardOutput.split(separator: "\n").dropFirst().map(String.init)
        expectFalse(plays.isEmpty)
        let html = try String(contentsOf: page, encoding: .utf8)
        expectTrue(isSelfContained(html))
        expectContains(html, "<body data-positions=\"\(plays.count + 1)\" data-tables=\"\(plays.count + 1)\">")
        expectContains(html, "<p class=\"summary\">deal ms:1 · solved: \(plays.count) plays; thoughtful solving (all cards seen)</p>")
        // The list holds the printed plays in order, and the pictures are the tables they lead to.
        let listed = html.components(separatedBy: "<span class=\"number\">").dropFirst().compactMap { item -> String? in
            guard let start = item.range(of: "<code>"), let end = item.range(of: "</code>") else { return nil }
            return String(item[start.upperBound..<end.lowerBound])
        }
        expectEqual(listed, plays.map { $0.replacingOccurrences(of: ">", with: "&gt;") })
        let rules = try Positions.rules("FreeCell")
        let opening = try rules.deal(.microsoft(1))
        let trace = Replay(rules: rules, notation: .patience).trace(tokens: plays, from: opening)
        expectTrue(trace.isWon && trace.failure == nil)
        let pictures = TableSVG(rules: rules)
        expectEqual(templateSVGs(html), trace.tables.map { pictures.svg(of: $0) })

        // Without a solution the page shows the table and the verdict; '-' is not a file.
        let unknown = try runPatience(arguments.dropLast(2) + ["--max-states", "10", "--html", page.path], in: Positions.packageRoot)
        expectEqual(unknown.status, 2)
        let unknownPage = try String(contentsOf: page, encoding: .utf8)
        expectEqual(templateSVGs(unknownPage), [pictures.svg(of: opening)])
        expectContains(unknownPage, "<p class=\"summary\">deal ms:1 · unknown: state limit; thoughtful solving (all cards seen)</p>")
        #expect(try runPatience(arguments + ["--html", "-"], in: Positions.packageRoot).status == 64)
    }

    @Test func dealDrawsTheTableAsTheLibraryDoes() throws {
        let result = try runPatience(["deal", "Rules/FreeCell.patience", "--deal", "ms:1", "--format", "svg"], in: Positions.packageRoot)
        expectTrue(result.status == 0 && result.standardError.isEmpty)
        let rules = try Positions.rules("FreeCell")
        #expect(result.standardOutput == TableSVG(rules: rules).svg(of: try rules.deal(.microsoft(1)), deal: .microsoft(1)))
        #expect(try XMLTree.parse(result.standardOutput).elements("title").map(\.text) == ["FreeCell · deal ms:1"])
    }
}
