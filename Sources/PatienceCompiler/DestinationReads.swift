import PatienceChecking

/// Which terms read the destination pile (`pile` in an accept rule or a capacity formula). A
/// term that does not has one value for every destination a run is offered to, so move listing
/// can judge it once per run and zone instead of once per destination (see
/// `GameRules.appendMoves`). Definitions are read once each; the checker forbids cycles.
///
/// With `orMove`, it says which terms read any part of the move (its destination, its source or
/// its run): a term that reads none has one value for a whole table, which move listing keeps
/// from one run to the next (`RunMemo.kept`). With `orMove` and without `destination`, it says
/// which read the source or the run: a capacity formula that reads neither has one value for each
/// destination of a table, which move listing keeps from one run to the next.
struct DestinationReads {
    let definitions: [DefinitionTerm]
    /// Whether the source pile and the run count as read too.
    let orMove: Bool
    /// Whether the destination counts as read.
    let destination: Bool
    private var known: [Int: Bool] = [:]

    init(definitions: [DefinitionTerm], orMove: Bool = false, destination: Bool = true) {
        self.definitions = definitions
        self.orMove = orMove
        self.destination = destination
    }

    mutating func clause(_ term: ClauseTerm) -> Bool {
        switch term {
        case .require(let c, _): return bool(c)
        case .conditional(let c, let then, let otherwise):
            return bool(c) || then.contains { clause($0) } || otherwise.contains { clause($0) }
        case .forEach(_, _, let body, _): return body.contains { clause($0) }
        }
    }

    private mutating func definition(_ index: Int) -> Bool {
        if let done = known[index] { return done }
        // A cycle cannot pass the checker; answering "reads it" keeps a stray one safe.
        known[index] = true
        guard definitions.indices.contains(index) else { return true }
        let reads: Bool
        switch definitions[index].value {
        case .integer(let t): reads = int(t)
        case .boolean(let t): reads = bool(t)
        case .card(let t): reads = card(t)
        case .cards(let t): reads = slice(t)
        case .pile(let t): reads = pile(t)
        }
        known[index] = reads
        return reads
    }

    private mutating func call(_ index: Int, _ arguments: [ArgumentTerm]) -> Bool {
        definition(index) || arguments.contains { argument in
            switch argument {
            case .pile(_, let p): return pile(p)
            case .card(_, let c): return card(c)
            case .number(_, let n): return int(n)
            }
        }
    }

    private mutating func loop(_ loop: Loop) -> Bool {
        switch loop {
        case .piles: return false
        case .cards(let s, _, _): return slice(s)
        }
    }

    mutating func int(_ term: IntTerm) -> Bool {
        switch term {
        case .constant, .zoneSize, .memory, .actionUses, .numberParameter, .playSize: return false
        // `index` in a deal line is kept where a move keeps its destination.
        case .dealIndex: return true
        case .pileSize(let p), .pileIndex(let p), .faceDownCount(let p): return pile(p)
        case .sliceSize(let s), .segments(let s, _): return slice(s)
        case .rank(let c), .suit(let c), .color(let c): return card(c)
        case .suitColor(let a), .negate(let a), .absolute(let a): return int(a)
        case .arithmetic(_, let a, let b, _), .minimum(let a, let b), .maximum(let a, let b): return int(a) || int(b)
        case .conditional(let c, let a, let b): return bool(c) || int(a) || int(b)
        case .count(let l, let body): return loop(l) || bool(body)
        case .sum(let l, let body): return loop(l) || int(body)
        case .definition(let index): return definition(index)
        case .truth(let b): return bool(b)
        case .call(let index, let arguments): return call(index, arguments)
        }
    }

    mutating func bool(_ term: BoolTerm) -> Bool {
        switch term {
        case .constant, .zoneEmpty, .memory: return false
        case .not(let a): return bool(a)
        case .and(let a, let b), .or(let a, let b), .sameTruth(let a, let b, _): return bool(a) || bool(b)
        case .compare(let a, _, let b): return int(a) || int(b)
        case .sameCard(let a, let b, _), .builds(let a, let b, _): return card(a) || card(b)
        case .samePile(let a, let b, _): return pile(a) || pile(b)
        case .pileEmpty(let p), .pileInZone(let p, _, _): return pile(p)
        case .sliceEmpty(let s), .sliceFaceUp(let s), .sequence(let s, _): return slice(s)
        case .cardFaceUp(let c), .isJoker(let c): return card(c)
        case .all(let l, let body), .any(let l, let body): return loop(l) || bool(body)
        case .conditional(let c, let a, let b): return bool(c) || bool(a) || bool(b)
        case .definition(let index): return definition(index)
        case .call(let index, let arguments): return call(index, arguments)
        }
    }

    mutating func card(_ term: CardTerm) -> Bool {
        switch term {
        case .literal, .variable: return false
        case .end(let p, _, _): return pile(p)
        case .endOfSlice(let s, _, _): return slice(s)
        case .element(let s, let i, _): return slice(s) || int(i)
        case .conditional(let c, let a, let b): return bool(c) || card(a) || card(b)
        case .first(let l, let body, _): return loop(l) || bool(body)
        case .definition(let index): return definition(index)
        case .call(let index, let arguments): return call(index, arguments)
        }
    }

    mutating func slice(_ term: SliceTerm) -> Bool {
        switch term {
        case .run: return orMove
        case .pileCards(let p): return pile(p)
        case .topCards(let p, let n): return pile(p) || int(n)
        case .definition(let index): return definition(index)
        case .call(let index, let arguments): return call(index, arguments)
        }
    }

    mutating func pile(_ term: PileTerm) -> Bool {
        switch term {
        case .destination: return destination
        case .source: return orMove
        case .variable, .constant, .playSource, .playDestination: return false
        case .zonePile(_, let i, _): return int(i)
        case .conditional(let c, let a, let b): return bool(c) || pile(a) || pile(b)
        case .first(let l, let body, _): return loop(l) || bool(body)
        case .definition(let index): return definition(index)
        case .call(let index, let arguments): return call(index, arguments)
        }
    }
}
