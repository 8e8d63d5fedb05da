import PatienceDiagnostics
import PatienceCards

/// What `GameRules.screen` finds of a move.
enum PlainVerdict {
    case refused
    case allowed
    /// The lift rule's other clauses (`lift`), or the accept rule's or the capacity (`accept`), are still to judge, in a frame.
    case needsFrame(lift: Bool, accept: Bool)
}

/// Why a move was refused, in a form that costs nothing to build; `GameRules.refusal(for:)` turns it into a message.
enum Rejection: Equatable {
    /// A `require` clause refused; the index is into `GameRules.refusals`.
    case rule(Int)
    case fault(EvaluationFault)
    case noSuchPile(Int)
    case samePile
    case emptyRun
    case tooFewCards(pile: Int, holds: Int, asked: Int)
    case faceDown
    case cannotGive(zone: Int)
    case cannotReceive(zone: Int)
    case capacity(count: Int, limit: Int, zone: Int)
}

extension GameRules {
    /// Runs `body` with a frame that reads `table` in place: its piles only, unless the rules read
    /// memory or action counts.
    @inline(__always)
    func judging<Result>(_ table: CardTable, _ body: (inout Frame) -> Result) -> Result {
        readsTableState ? Frame.judging(table, body) : Frame.judging(piles: table.piles, body)
    }

    /// The refusal of a fault: it names the rule text that faulted.
    func refusal(from fault: EvaluationFault) -> Refusal {
        faultSites[fault.site]
    }

    /// Why the rules refuse `move` on `table`, or nil when they allow it. This is the one
    /// definition of legality: validation, move listing, hints and `try move` all call it.
    /// A move the rules allow whose effects then fault is refused with the effect's fault, as
    /// `applying` refuses it, so that validation, listing and applying agree.
    public func refusal(for move: Move, on table: CardTable) -> Refusal? {
        guard fits(table) else { return misfit(table) }
        if let refusal = judging(table, { f in rejection(of: move, in: &f) }).map(refusal(for:)) { return refusal }
        guard effectsCanFault, !effects.isEmpty, applyingListed(move, to: table) == nil else { return nil }
        do {
            _ = try applying(move, to: table)
            return nil
        } catch {
            return error
        }
    }

    /// Whether the rules allow `move` on `table`. The same check as `refusal(for:on:)`, without
    /// building a message, for callers that ask on every drag update.
    public func allows(_ move: Move, on table: CardTable) -> Bool {
        guard fits(table) else { return false }
        switch screen(move, table.piles) {
        case .refused: return false
        case .allowed: break
        case .needsFrame(let lift, let accept):
            guard judging(table, { f in remaindersPass(move, lift: lift, accept: accept, in: &f) }) else { return false }
        }
        return !effectsCanFault || effects.isEmpty || applyingListed(move, to: table) != nil
    }

    /// What can be said of a move before a frame is made (`rejection(of:in:) == nil`, found with
    /// less work): the checks every move passes, whether the zones give and receive, and the
    /// rules' plain clauses (`RulePrecheck`). Only the verdict is wanted, and a rule allows a move
    /// exactly when each of its top-level clauses passes without a fault, whatever their order,
    /// so those are judged first; a move they refuse, most of the candidates a player drags,
    /// never makes a frame, and a rule with no other clause calls nothing.
    @inline(__always)
    func screen(_ move: Move, _ piles: [Pile]) -> PlainVerdict {
        let source = move.source, destination = move.destination, count = move.count
        guard destination >= 0 && destination < piles.count && source >= 0 && source < piles.count && source != destination && count >= 1 else {
            return .refused
        }
        let size = piles[source].cards.count
        guard count <= size else { return .refused }
        for i in (size - count)..<size where !piles[source].cards[i].isFaceUp { return .refused }
        let lift = zoneRuleRefs[zoneOfPile[source]]._withUnsafeGuaranteedRef { rules -> Int in
            guard rules.gives, rules.liftPrecheck.passes(count: count, to: destination, of: piles) else { return -1 }
            if rules.hasLiftSequence,
               !Sequences.holds(from: size - count, count: count, rules.liftSequence, card: { piles[source].cards[$0].card }) { return -1 }
            return rules.hasLiftRemainder ? 1 : 0
        }
        guard lift >= 0 else { return .refused }
        let accept = zoneRuleRefs[zoneOfPile[destination]]._withUnsafeGuaranteedRef { rules -> Int in
            guard rules.receives, rules.acceptPrecheck.passes(count: count, to: destination, of: piles) else { return -1 }
            // A run dropped on a pile with cards, where the rule comes down to one relation on its
            // top: the look-up that move listing makes (`ZoneRules.topBuilds`).
            if rules.acceptsByTopAlone, let top = piles[destination].cards.last,
               let builds = rules.topBuild(top.card, piles[source].cards[size - count].card) { return builds ? 0 : -1 }
            return rules.hasAcceptRemainder || rules.hasCapacity ? 1 : 0
        }
        guard accept >= 0 else { return .refused }
        return lift + accept > 0 ? .needsFrame(lift: lift > 0, accept: accept > 0) : .allowed
    }

    /// Whether the lift rule's and the accept rule's other clauses and the capacity allow a move
    /// that `screen` let through; `lift` and `accept` say which of them there are.
    func remaindersPass(_ move: Move, lift: Bool, accept: Bool, in f: inout Frame) -> Bool {
        f.hold(run: move.count, from: move.source, to: move.destination)
        if lift {
            let lifted = zoneRuleRefs[zoneOfPile[move.source]]._withUnsafeGuaranteedRef { rules -> Bool in
                f.budget = rules.liftBudget
                do throws(EvaluationFault) {
                    return try rules.liftRemainder(&f) < 0
                } catch {
                    return false
                }
            }
            guard lifted else { return false }
        }
        guard accept else { return true }
        return zoneRuleRefs[zoneOfPile[move.destination]]._withUnsafeGuaranteedRef { rules -> Bool in
            f.budget = rules.acceptBudget
            do throws(EvaluationFault) {
                if rules.hasAcceptRemainder, try rules.acceptRemainder(&f) >= 0 { return false }
                guard rules.hasCapacity else { return true }
                return try move.count <= rules.capacity(&f)
            } catch {
                return false
            }
        }
    }

    /// Why the rules refuse to lift the top `move.count` cards of `move.source`, ignoring the destination.
    public func liftRefusal(for move: Move, on table: CardTable) -> Refusal? {
        guard fits(table) else { return misfit(table) }
        return judging(table) { f in liftRejection(of: move, in: &f) }.map(refusal(for:))
    }

    func refusal(for move: Move, in f: inout Frame) -> Refusal? {
        rejection(of: move, in: &f).map(refusal(for:))
    }

    /// `faceUpKnown`: the caller has seen every card of the run face up (move listing, which
    /// lengthens a run one face-up card at a time), so they are not looked at again.
    @inline(__always)
    func liftRejection(of move: Move, in f: inout Frame, faceUpKnown: Bool = false) -> Rejection? {
        guard move.source >= 0 && move.source < f.piles.count else { return .noSuchPile(move.source) }
        guard move.count >= 1 else { return .emptyRun }
        let size = f.piles[move.source].cards.count
        guard move.count <= size else { return .tooFewCards(pile: move.source, holds: size, asked: move.count) }
        let start = size - move.count
        if !faceUpKnown {
            for i in start..<size where !f.piles[move.source].cards[i].isFaceUp { return .faceDown }
        }
        let sourceZone = zoneOfPile[move.source]
        f.hold(run: move.count, from: move.source, to: move.destination)
        return zoneRuleRefs[sourceZone]._withUnsafeGuaranteedRef { rules -> Rejection? in
            guard rules.gives else { return .cannotGive(zone: sourceZone) }
            f.budget = rules.liftBudget
            do throws(EvaluationFault) {
                let verdict = try rules.lift(&f)
                return verdict < 0 ? nil : .rule(verdict)
            } catch {
                return .fault(error)
            }
        }
    }

    @inline(__always)
    func rejection(of move: Move, in f: inout Frame) -> Rejection? {
        guard move.destination >= 0 && move.destination < f.piles.count else { return .noSuchPile(move.destination) }
        guard move.source != move.destination else { return .samePile }
        if let rejection = liftRejection(of: move, in: &f) { return rejection }
        return acceptRejection(destination: move.destination, in: &f)
    }

    /// Judges the destination for the run the frame already holds (set by `liftRejection`).
    @inline(__always)
    func acceptRejection(destination: Int, in f: inout Frame) -> Rejection? {
        let destinationZone = zoneOfPile[destination]
        f.destination = destination
        return zoneRuleRefs[destinationZone]._withUnsafeGuaranteedRef { rules -> Rejection? in
            guard rules.receives else { return .cannotReceive(zone: destinationZone) }
            f.budget = rules.acceptBudget
            do throws(EvaluationFault) {
                let verdict = try rules.accept(&f)
                if verdict >= 0 { return .rule(verdict) }
                if rules.hasCapacity {
                    let limit = try rules.capacity(&f)
                    if f.runCount > limit { return .capacity(count: f.runCount, limit: limit, zone: destinationZone) }
                }
            } catch {
                return .fault(error)
            }
            return nil
        }
    }

    /// Builds the message of a rejection; only callers that show it pay for the text.
    func refusal(for rejection: Rejection) -> Refusal {
        switch rejection {
        case .rule(let index): return refusals[index]
        case .fault(let fault): return refusal(from: fault)
        case .noSuchPile(let pile): return Refusal(code: .noSuchPile, message: "there is no pile \(Self.pileNumber(pile)) on this table")
        case .samePile: return Refusal(code: .samePile, message: "a card cannot move onto its own pile")
        case .emptyRun: return Refusal(code: .emptyRun, message: "a move must lift at least one card")
        case .tooFewCards(let pile, let holds, let asked):
            return Refusal(code: .cardNotInPile, message: "\(address(ofPile: pile)) holds \(holds) card\(holds == 1 ? "" : "s"), not \(asked)")
        case .faceDown: return Refusal(code: .faceDownInRun, message: "a face-down card cannot be moved")
        case .cannotGive(let zone): return Refusal(code: .zoneCannotGive, message: "cards never leave the \(zones[zone].name)")
        case .cannotReceive(let zone): return Refusal(code: .zoneCannotReceive, message: "cards are never put on the \(zones[zone].name)")
        case .capacity(let count, let limit, let zone):
            let rule = capacity[zone]
            return Refusal(code: .capacityExceeded, message: "\(count) cards cannot move together here; at most \(max(limit, 0)) can",
                           file: rule?.file, range: rule?.range)
        }
    }


    /// Whether the win condition holds; false on a table that does not fit the rules. Where the
    /// checker found that the condition asks a zone to fill up (`winFill`), the count of the
    /// zone's cards answers it without the evaluator (the solver asks at every successor).
    public func isWon(_ table: CardTable) -> Bool {
        guard let fill = winFill else { return winConditionHolds(table) }
        return fits(table) && fill.holds(on: table)
    }

    /// Whether the win condition holds, judged by the evaluator (`isWon` without its short cut;
    /// the tests hold the two to the same answers).
    package func winConditionHolds(_ table: CardTable) -> Bool {
        guard fits(table) else { return false }
        return judging(table) { f in
            f.budget = winBound
            return (try? win(&f)) ?? false
        }
    }
}

/// A win condition that asks a zone to fill up (`RuleFacts.WinFill`), by its piles.
package struct WinCount: Sendable {
    var piles: Range<Int>
    /// Cards each pile must hold, or the zone as a whole when `wholeZone`.
    var cards: Int
    var wholeZone: Bool

    /// Whether the zone holds what the condition asks.
    func holds(on table: CardTable) -> Bool {
        table.piles.withUnsafeBufferPointer { all in
            if wholeZone {
                var total = 0
                for p in piles { total += all[p].cards.count }
                return total == cards
            }
            for p in piles where all[p].cards.count != cards { return false }
            return true
        }
    }
}
