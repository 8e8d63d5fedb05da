extension GameRules {
    func makeFrame(_ table: Table) -> Frame {
        Frame(table: table, options: options, pileSlots: pileSlots, cardSlots: cardSlots)
    }

    /// The refusal of a fault: it names the rule text that faulted.
    func refusal(from fault: EvaluationFault, file: String) -> Refusal {
        Refusal(code: fault.code, message: fault.message, file: file, range: fault.range)
    }

    /// Runs a lift or accept rule's clauses; nil when every requirement holds.
    func judge(_ operations: [Operation], _ f: Frame) throws(EvaluationFault) -> Refusal? {
        for operation in operations {
            switch operation {
            case .require(let condition, let refusal):
                if try !condition(f) { return refusal }
            case .conditional(let condition, let then, let otherwise):
                if let refusal = try judge(try condition(f) ? then : otherwise, f) { return refusal }
            default:
                // The checker keeps table changes out of lift and accept rules.
                continue
            }
        }
        return nil
    }

    /// Why the rules refuse `move` on `table`, or nil when they allow it. This is the one
    /// definition of legality: validation, move listing, hints and `try move` all call it.
    public func refusal(for move: Move, on table: Table) -> Refusal? {
        refusal(for: move, in: makeFrame(table))
    }

    /// Whether the rules allow `move` on `table`.
    public func allows(_ move: Move, on table: Table) -> Bool {
        refusal(for: move, on: table) == nil
    }

    /// Why the rules refuse to lift the top `move.count` cards of `move.source`, ignoring the destination.
    public func liftRefusal(for move: Move, on table: Table) -> Refusal? {
        liftRefusal(for: move, in: makeFrame(table))
    }

    func liftRefusal(for move: Move, in f: Frame) -> Refusal? {
        let piles = f.table.piles
        guard piles.indices.contains(move.source) else {
            return Refusal(code: .noSuchPile, message: "there is no pile \(move.source + 1) on this table")
        }
        let source = piles[move.source].cards
        guard move.count >= 1 else { return Refusal(code: .emptyRun, message: "a move must lift at least one card") }
        guard move.count <= source.count else {
            return Refusal(code: .cardNotInPile, message: "\(pileID(move.source)) holds \(source.count) card\(source.count == 1 ? "" : "s"), not \(move.count)")
        }
        let start = source.count - move.count
        for i in start..<source.count where !source[i].isFaceUp {
            return Refusal(code: .faceDownInRun, message: "a face-down card cannot be moved")
        }
        let sourceZone = zoneOfPile[move.source]
        guard let lift = lift[sourceZone] else {
            return Refusal(code: .zoneCannotGive, message: "cards never leave the \(zones[sourceZone].name)")
        }
        f.source = move.source
        f.runStart = start
        f.runCount = move.count
        f.destination = move.destination
        f.budget = evaluationBudget
        do {
            return try judge(lift.operations, f)
        } catch {
            return refusal(from: error, file: lift.file)
        }
    }

    func refusal(for move: Move, in f: Frame) -> Refusal? {
        guard f.table.piles.indices.contains(move.destination) else {
            return Refusal(code: .noSuchPile, message: "there is no pile \(move.destination + 1) on this table")
        }
        guard move.source != move.destination else {
            return Refusal(code: .samePile, message: "a card cannot move onto its own pile")
        }
        if let refusal = liftRefusal(for: move, in: f) { return refusal }
        return acceptRefusal(destination: move.destination, in: f)
    }

    /// Judges the destination for the run the frame already holds (set by `liftRefusal`).
    func acceptRefusal(destination: Int, in f: Frame) -> Refusal? {
        let destinationZone = zoneOfPile[destination]
        guard let accept = accept[destinationZone] else {
            return Refusal(code: .zoneCannotReceive, message: "cards are never put on the \(zones[destinationZone].name)")
        }
        f.destination = destination
        f.budget = evaluationBudget
        do {
            if let refusal = try judge(accept.operations, f) { return refusal }
        } catch {
            return refusal(from: error, file: accept.file)
        }
        if let capacity = capacity[destinationZone] {
            do {
                let limit = try capacity.code(f)
                if f.runCount > limit {
                    return Refusal(code: .capacityExceeded,
                                   message: "\(f.runCount) cards cannot move together here; at most \(max(limit, 0)) can",
                                   file: capacity.file, range: capacity.range)
                }
            } catch {
                return refusal(from: error, file: capacity.file)
            }
        }
        return nil
    }

    /// The most quantifier steps one check may take: every pile and every card visited once per
    /// quantifier is far below this, so only a runaway evaluation reaches it.
    var evaluationBudget: Int { 1_000_000 }

    /// Whether the win condition holds.
    public func isWon(_ table: Table) -> Bool {
        let f = makeFrame(table)
        f.budget = evaluationBudget
        return (try? win(f)) ?? false
    }
}
