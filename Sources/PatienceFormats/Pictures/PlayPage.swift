import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// One self-contained HTML page that steps through a sequence of plays: the table after each
/// play as inline SVG (``TableSVG``), previous, next, first and last buttons (and the arrow,
/// Home and End keys), and the list of moves with the current one highlighted. A play that was
/// refused ends the list in red with its reason and the refusing rule's place; the plays after it
/// are listed as not played. `patience replay --html` writes one, and `patience solve --html` one of a solution.
///
/// The page loads nothing: its style, script and pictures are all inline. The first table is
/// one `<svg>` inside a `<template class="table">`; a later one is a `<template class="patch">`
/// holding, in an `<svg>` of their own, the `<g class="pile">` groups of the piles that changed
/// (`data-piles`, their indexes among the groups), the picture's new size if it changed
/// (`data-width`, `data-height`) and the caption's new text (`data-caption`: a game's memory),
/// or a whole `<svg>` again when more than that changed (a caption shown or taken away). The
/// script builds the current table from the last whole one and the patches after it, into
/// `<div id="table">`: a long solution's page holds each pile once per change rather than every
/// pile of every table. The address's fragment, `#N`, opens the page at position N (0 is the
/// opening table, N the table after move N, and the last position, when a move was refused, the
/// refusal), and follows the position as it changes.
public struct PlayPage: Sendable {
    /// The most plays a page lists (applied, refused and not played together). The piles each
    /// play changes are drawn into the page, so a page of this many plays is a few MiB; longer
    /// sequences are refused (`P0714`) before any table is kept, so that a move list of 1 MiB
    /// cannot take gigabytes.
    public static let maximumPlays = 2_000

    /// One applied play and the table it led to.
    public struct Step: Hashable, Sendable {
        /// The play as written, such as `tableau[7]x3->tableau[2]`.
        public var move: String
        /// Shown after the move in lighter type, such as the move in the project's notation when
        /// it was written in another.
        public var note: String?
        /// The table after the play.
        public var table: CardTable

        /// A play as written, an optional note, and the table it led to.
        public init(move: String, note: String? = nil, table: CardTable) {
            self.move = move
            self.note = note
            self.table = table
        }
    }

    /// The play that was refused, and why.
    public struct Stop: Hashable, Sendable {
        /// The refused play as written.
        public var move: String
        /// Why it could not be read or was refused, and which rule refused it.
        public var reason: ReplayFailure.Reason
        /// A longer account to show under the reason, such as the diagnostic quoting the rule.
        public var detail: String?

        /// A refused play, why, and an optional longer account.
        public init(move: String, reason: ReplayFailure.Reason, detail: String? = nil) {
            self.move = move
            self.reason = reason
            self.detail = detail
        }
    }

    /// The page's title and heading, such as the game's name.
    public var title: String
    /// A line under the title, such as the deal and the outcome.
    public var summary: String
    /// The table before the first play.
    public var opening: CardTable
    /// The applied plays, in order, each with the table after it.
    public var steps: [Step]
    /// The refused play that ended the sequence; nil when every play was applied.
    public var stop: Stop?
    /// Plays after the refused one, which were not tried.
    public var unplayed: [String]
    /// Draws each table.
    public let pictures: TableSVG

    /// A page of any sequence of plays, such as a solution: the tables are drawn by `plan`, or the game's standard plan.
    public init(rules: GameRules, title: String, summary: String, opening: CardTable, steps: [Step], stop: Stop? = nil,
                unplayed: [String] = [], plan: LayoutPlan? = nil) {
        self.title = title
        self.summary = summary
        self.opening = opening
        self.steps = steps
        self.stop = stop
        self.unplayed = unplayed
        pictures = TableSVG(rules: rules, plan: plan)
    }

    /// The page of a replay: its title is the game's name, its summary the deal and the outcome
    /// (`deal seed:1 · applied 12 moves; move 13 refused`). A move written in another notation
    /// (fcs's `58`) has its ``MoveNotation`` text as its note. `detail` is shown under a refusal's reason.
    public init(replay trace: ReplayTrace, rules: GameRules, deal: DealSource?, detail: String? = nil, plan: LayoutPlan? = nil) {
        let summary = [deal?.spec.map { "deal \($0)" }, trace.outcome.summary].compactMap { $0 }.joined(separator: " · ")
        self.init(
            rules: rules, title: rules.name.isEmpty ? "Patience" : rules.name, summary: summary, opening: trace.tables[0],
            steps: trace.moves.indices.map { index in
                let text = MoveNotation(rules: rules).text(of: trace.plays[index])
                return Step(move: trace.moves[index], note: text == trace.moves[index] ? nil : text, table: trace.tables[index + 1])
            },
            stop: trace.failure.map { Stop(move: $0.move, reason: $0.reason, detail: detail) },
            unplayed: trace.unplayed, plan: plan)
    }

    /// Every table the page shows, the opening table first.
    public var tables: [CardTable] { [opening] + steps.map(\.table) }

    /// The number of positions the controls step through: the tables, and the refusal if any.
    public var positionCount: Int { steps.count + 1 + (stop == nil ? 0 : 1) }

    /// The reason a refusal gives, as the page shows it: `error[P0607]: an empty foundation takes only an ace`.
    public static func reason(for reason: ReplayFailure.Reason) -> String {
        switch reason {
        case .refused(let refusal): return "error[\(refusal.code.rawValue)]: \(refusal.message)"
        case .unreadable(let finding): return "error[\(finding.code.rawValue)]: \(finding.message)"
        }
    }

    /// Where the refusing rule is written, `Rules/FreeCell.patience:48:5`, or a note that the
    /// engine refused, or that the play could not be read.
    public static func location(of reason: ReplayFailure.Reason) -> String {
        switch reason {
        case .unreadable(let finding):
            return "the play could not be read (line \(finding.range.start.line), column \(finding.range.start.column) of the moves)"
        case .refused(let refusal):
            guard let file = refusal.file else { return "no rule of the game refused this; the engine did" }
            guard let start = refusal.range?.start else { return file }
            return "\(file):\(start.line):\(start.column)"
        }
    }

    /// The whole page. The text ends in a newline.
    public var html: String {
        let tables = self.tables
        let layout = pictures.layout
        let stageHeight = tables.map { layout.geometry(of: $0).height }.max() ?? 0
        let stageWidth = tables.map { layout.geometry(of: $0).width }.max() ?? 0
        var lines = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(Markup.escaped(title))</title>",
            "<style>",
            PlayPageAssets.style,
            "#stage { min-height: \(stageHeight)px; min-width: \(stageWidth)px; }",
            "</style>",
            "</head>",
            "<body data-positions=\"\(positionCount)\" data-tables=\"\(tables.count)\"\(stop == nil ? "" : " data-refused=\"true\"")>",
            "<header>",
            "<h1>\(Markup.escaped(title))</h1>",
            "<p class=\"summary\">\(Markup.escaped(summary))</p>",
            "</header>",
            "<main>",
            "<section id=\"viewer\" aria-label=\"Table\">",
            "<div id=\"controls\" role=\"toolbar\" aria-label=\"Step through the moves\">",
            "<button type=\"button\" id=\"first\" title=\"First (Home)\">&#xAB; First</button>",
            "<button type=\"button\" id=\"previous\" title=\"Previous (left arrow)\">&#x2039; Previous</button>",
            "<span id=\"position\" aria-live=\"polite\">Opening table</span>",
            "<button type=\"button\" id=\"next\" title=\"Next (right arrow)\">Next &#x203A;</button>",
            "<button type=\"button\" id=\"last\" title=\"Last (End)\">Last &#xBB;</button>",
            "</div>",
            "<div id=\"stage\"><div id=\"table\"></div></div>",
        ]
        if let stop {
            lines += [
                "<div id=\"refusal\" class=\"refused\" hidden>",
                "<p><strong>Move \(steps.count + 1) refused:</strong> <code>\(Markup.escaped(stop.move))</code></p>",
                "<p class=\"reason\">\(Markup.escaped(Self.reason(for: stop.reason)))</p>",
                "<p class=\"location\">\(Markup.escaped(Self.location(of: stop.reason)))</p>",
                "</div>",
            ]
        }
        lines += [
            "</section>",
            "<nav id=\"list\" aria-label=\"Moves\">",
            "<h2>Moves</h2>",
            "<ol id=\"moves\">",
            "<li data-position=\"0\" class=\"opening\"><button type=\"button\">Opening table</button></li>",
        ]
        for (offset, step) in steps.enumerated() {
            lines.append("<li data-position=\"\(offset + 1)\"><button type=\"button\"><span class=\"number\">\(offset + 1).</span> "
                + "<code>\(Markup.escaped(step.move))</code>"
                + (step.note.map { " <span class=\"note\">\(Markup.escaped($0))</span>" } ?? "") + "</button></li>")
        }
        if let stop {
            let position = steps.count + 1
            var item = "<li data-position=\"\(position)\" class=\"refused\"><button type=\"button\"><span class=\"number\">\(position).</span> "
                + "<code>\(Markup.escaped(stop.move))</code></button>"
                + "<p class=\"reason\">\(Markup.escaped(Self.reason(for: stop.reason)))</p>"
                + "<p class=\"location\">\(Markup.escaped(Self.location(of: stop.reason)))</p>"
            if let detail = stop.detail, !detail.isEmpty { item += "<pre class=\"detail\">\(Markup.escaped(detail))</pre>" }
            lines.append(item + "</li>")
        }
        for (offset, move) in unplayed.enumerated() {
            lines.append("<li class=\"unplayed\" title=\"not played\"><span class=\"number\">\(steps.count + offset + 2).</span> "
                + "<code>\(Markup.escaped(move))</code></li>")
        }
        lines += ["</ol>", "</nav>", "</main>"]
        // A table whose picture differs from the one before only in some piles is written as
        // those piles' groups (a patch); the others, and the first, whole.
        var before: TableSVG.Parts?
        for (index, table) in tables.enumerated() {
            let parts = pictures.parts(of: table)
            // The same head but for the size and the caption's text (`TableSVG.Parts`).
            if let before, before.title == parts.title, (before.caption == nil) == (parts.caption == nil),
               before.piles.count == parts.piles.count {
                let changed = parts.piles.indices.filter { parts.piles[$0] != before.piles[$0] }
                // The picture's size, when it changed (a pile grew past the others).
                var changes = parts.width == before.width && parts.height == before.height ? ""
                    : " data-width=\"\(parts.width)\" data-height=\"\(parts.height)\""
                // The caption's text, when it changed (a game's memory, which the caption shows).
                if let caption = parts.caption, caption != before.caption { changes += " data-caption=\"\(Markup.escaped(caption))\"" }
                let piles = changed.map(String.init).joined(separator: " ")
                lines.append("<template class=\"patch\" data-table=\"\(index)\" data-piles=\"\(piles)\"\(changes)>")
                // Inside an <svg>: out of one, the HTML parser would make the groups HTML
                // elements, which an SVG picture does not draw.
                lines.append("<svg xmlns=\"http://www.w3.org/2000/svg\">")
                lines += changed.map { parts.piles[$0] }
                lines.append("</svg>")
            } else {
                lines.append("<template class=\"table\" data-table=\"\(index)\">")
                lines.append(parts.whole)
            }
            lines.append("</template>")
            before = parts
        }
        lines += ["<script>", PlayPageAssets.script, "</script>", "</body>", "</html>"]
        return lines.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined()
    }
}
