import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceLanguage

/// Works out, for one set of option values, how many cards each deal line gives each pile,
/// and checks that the deal uses exactly the cards of the declared decks.
struct DealPlanner {
    let checker: ExpressionChecker
    let zones: ZoneTable
    let deck: [Card]?
    let cost: CostModel

    func plan(_ declarations: [Declaration], diagnostics: inout [Diagnostic]) -> [CheckedDealLine]? {
        var steps: [CheckedDealLine] = []
        var total = 0
        var rest: Declaration?
        var failed = false
        var picked = Set<Card>()
        var dealtOrderLine: Declaration?
        var untilLine: Declaration?
        for declaration in declarations {
            guard case .deal(let zoneName, let count, let filterExpression, let facing, let order, let arrangement) = declaration.kind else { continue }
            checker.currentFile = declaration.file
            guard let zone = checker.zone(named: zoneName, in: zones, file: declaration.file, diagnostics: &diagnostics) else {
                failed = true
                continue
            }
            let afterEachCard = arrangement.afterEachCard
            let afterEach = afterEachCard.map { body in
                checker.checkBody(body, Scope(.dealtCard), kind: .afterDealtCard, file: declaration.file)
            }
            var counts: [Int]?
            var until: BoolTerm?
            switch count {
            case .until(let condition):
                guard let (term, info) = checker.boolean(condition, Scope(.dealUntil)) else { failed = true; continue }
                checker.lintCondition(info, at: condition.range, refuses: false)
                until = term
                if let filterExpression {
                    diagnostics.append(Diagnostic(.dealMismatch, "a line that deals until a condition holds takes the cards as they come, so it cannot filter them",
                                                  at: filterExpression.range, help: "remove 'where', or give the line a card count", file: declaration.file))
                    failed = true
                }
                if order == .byPile {
                    diagnostics.append(Diagnostic(.dealMismatch, "a line that deals until a condition holds gives its piles a card each in turn, so it cannot deal by pile",
                                                  at: condition.range, help: "remove 'by pile'", file: declaration.file))
                    failed = true
                }
                if rest != nil {
                    diagnostics.append(Diagnostic(.dealMismatch, "a line that deals until a condition holds must come before the 'rest' line, which takes what it leaves",
                                                  at: condition.range, file: declaration.file))
                    failed = true
                }
                untilLine = untilLine ?? declaration
            case .rest:
                if let filterExpression {
                    diagnostics.append(Diagnostic(.dealMismatch, "a 'rest' line takes every card left, so it cannot filter them",
                                                  at: filterExpression.range, help: "give the line a card count, or remove 'where'"))
                    failed = true
                }
                if let rest {
                    diagnostics.append(Diagnostic(.dealMismatch, "only one deal line can take the rest of the cards", at: declaration.range,
                                                  notes: [DiagnosticNote(message: "the first is here", range: rest.range)], file: declaration.file))
                    failed = true
                }
                rest = declaration
            case .count(let expression):
                guard let perPile = evaluatePerPile(expression, zone, declaration.file, &diagnostics) else { failed = true; continue }
                counts = perPile
                total += perPile.reduce(0, +)
            }
            var faceUp = Array(repeating: Int.max, count: zone.piles.count)
            switch facing {
            case .allUp: break
            case .allDown: faceUp = Array(repeating: 0, count: zone.piles.count)
            case .topUp(let expression):
                // Clamped, as Grammar.md says: fewer than none is none, more than the pile holds is all of them.
                guard let perPile = evaluatePerPile(expression, zone, declaration.file, &diagnostics, clamped: true) else { failed = true; continue }
                faceUp = perPile
            }
            var filter: BoolTerm?
            if let filterExpression, arrangement.inDealtOrder {
                // The filter picks from the shuffled cards as the line deals, reading the table so far;
                // what it finds cannot be known now, so the `rest` line that follows takes what it leaves.
                guard let (term, info) = checker.boolean(filterExpression, Scope(.dealtFilter)) else { failed = true; continue }
                checker.lintCondition(info, at: filterExpression.range, refuses: false)
                filter = term
                if rest != nil {
                    diagnostics.append(Diagnostic(.dealMismatch, "a line that picks cards in dealt order must come before the 'rest' line, which takes what it leaves",
                                                  at: filterExpression.range, file: declaration.file))
                    failed = true
                }
                dealtOrderLine = dealtOrderLine ?? declaration
            } else if let filterExpression {
                guard let (term, _) = checker.boolean(filterExpression, Scope(.dealLineFilter)) else { failed = true; continue }
                filter = term
                if let deck, let counts {
                    // As the dealer does: pile by pile, each card the first one left that meets the
                    // filter with `index` the pile's position.
                    let needed = counts.reduce(0, +)
                    var available = deck.filter { !picked.contains($0) }
                    var found = 0
                    for (offset, n) in counts.enumerated() {
                        for _ in 0..<n {
                            guard let at = available.firstIndex(where: { card in
                                checker.evaluate(with: SettingsEvaluator(index: offset + 1, card: card, order: checker.cardOrder), at: filterExpression.range,
                                                 into: &diagnostics) { settings throws(SettingsEvaluator.Failure) in try settings.boolean(term) } == true
                            }) else { break }
                            picked.insert(available.remove(at: at))
                            found += 1
                        }
                    }
                    if found < needed {
                        diagnostics.append(Diagnostic(.dealMismatch, "this deal needs \(needed) cards matching its filter, but the decks hold only \(found)",
                                                      at: filterExpression.range, file: declaration.file))
                        failed = true
                    }
                }
            }
            guard let placement = arrange(arrangement, count: count, &diagnostics) else { failed = true; continue }
            var line = CheckedDealLine(piles: zone.piles, counts: counts, faceUp: faceUp, order: order, filter: filter,
                                       splitBefore: placement.splitBefore, moving: placement.moving, movingTo: arrangement.movingTo,
                                       afterEachCard: afterEach, afterEachCardBound: afterEachCard.map { cost.steps($0) } ?? 0)
            if arrangement.inDealtOrder, let filterExpression {
                line.inDealtOrder = true
                line.filterBound = cost.steps(filterExpression)
            }
            if let until, case .until(let condition) = count {
                line.until = until
                line.untilBound = cost.steps(condition)
            }
            steps.append(line)
        }
        if let dealtOrderLine, rest == nil {
            diagnostics.append(Diagnostic(.dealMismatch, "a line that picks cards in dealt order may find fewer than it asks for, so the deal needs a 'rest' line after it",
                                          at: dealtOrderLine.range, help: "add a line such as 'deal stock rest face down'", file: dealtOrderLine.file))
            failed = true
        }
        if let untilLine, rest == nil {
            diagnostics.append(Diagnostic(.dealMismatch, "a line that deals until a condition holds takes an unknown number of cards, so the deal needs a 'rest' line after it",
                                          at: untilLine.range, help: "add a line such as 'deal stock rest face down'", file: untilLine.file))
            failed = true
        }
        guard let deck, !failed else { return nil }
        if total > deck.count {
            diagnostics.append(Diagnostic(.dealMismatch, "the deal places \(total) cards, \(total - deck.count) more than the \(deck.count) the decks hold",
                                          at: declarations.first?.range ?? .fileStart, file: declarations.first?.file))
            return nil
        }
        if rest == nil && total < deck.count {
            let missing = deck.count - total
            diagnostics.append(Diagnostic(.dealMismatch, "the deal places \(total) of the \(deck.count) cards; \(missing) \(missing == 1 ? "is" : "are") never dealt",
                                          at: declarations.last?.range ?? .fileStart,
                                          help: "add a line such as 'deal stock rest face down'", file: declarations.last?.file))
            return nil
        }
        return steps
    }

    /// Compiles a deal line's `split before` and `moving … to` conditions, which read `card` as a `where` filter does.
    private func arrange(_ arrangement: DealArrangement, count: DealCount,
                         _ diagnostics: inout [Diagnostic]) -> (splitBefore: BoolTerm?, moving: BoolTerm?)? {
        var result: (splitBefore: BoolTerm?, moving: BoolTerm?) = (nil, nil)
        if let condition = arrangement.splitBefore {
            guard let (term, info) = checker.boolean(condition, Scope(.dealLineFilter)) else { return nil }
            checker.lintCondition(info, at: condition.range, refuses: false)
            guard case .rest = count else {
                diagnostics.append(Diagnostic(.dealMismatch, "'split before' decides how many cards each pile gets, so the line must deal the rest",
                                              at: condition.range, help: "write 'deal ZONE rest … by pile split before …'"))
                return nil
            }
            result.splitBefore = term
        }
        if let condition = arrangement.moving {
            guard let (term, info) = checker.boolean(condition, Scope(.dealLineFilter)) else { return nil }
            checker.lintCondition(info, at: condition.range, refuses: false)
            result.moving = term
        }
        return result
    }

    /// The value for each pile of the zone: a card count of 0 to 1,000, or with `clamped` a face-up
    /// count, which any value may be (it is clamped to 0 … the pile's count when dealt).
    private func evaluatePerPile(_ expression: ExpressionSyntax, _ zone: ZoneInfo, _ file: String, _ diagnostics: inout [Diagnostic],
                                 clamped: Bool = false) -> [Int]? {
        guard let (term, _) = checker.integer(expression, Scope(.dealCount)) else { return nil }
        var result: [Int] = []
        for index in 1...zone.piles.count {
            guard let n = checker.evaluate(with: SettingsEvaluator(index: index), at: expression.range, into: &diagnostics, {
                settings throws(SettingsEvaluator.Failure) in try settings.integer(term)
            }) else { return nil }
            if clamped {
                result.append(max(0, n))
                continue
            }
            guard n >= 0 && n <= 1_000 else {
                diagnostics.append(Diagnostic(.dealMismatch, "pile \(index) of \(Spelling.quoted(zone.name)) would get \(n) cards; a deal line gives each pile 0 to 1,000",
                                              at: expression.range, file: file))
                return nil
            }
            result.append(n)
        }
        return result
    }
}
