import PatienceLanguage

/// Every name a declaration uses: the names in its expressions and statements, the functions
/// it calls (a definition with parameters), and the zones it is about (a deal line's, a rule's,
/// an action's tapped zone, a removal's zones). A variant that removes a part checks with these
/// that nothing left still needs it.
enum PartNames {
    static func used(by declaration: Declaration) -> Set<String> {
        var names = Set<String>()
        var expressions: [ExpressionSyntax] = []
        var bodies: [[Statement]] = []
        switch declaration.kind {
        case .game, .extends, .removePart, .relation, .reference: break
        case .difference(_, let kind, _):
            names.formUnion(kind.zones.map(\.name))
        case .decks(let count, let suits, let shape):
            expressions += [count] + [suits, shape.filter, shape.jokers].compactMap { $0 }
        case .option(_, _, let value), .memory(_, let value), .score(let value), .win(let value):
            expressions.append(value)
        case .zone(_, let count, _):
            expressions.append(count)
        case .deal(let zone, let count, let filter, let facing, _, let arrangement):
            names.insert(zone.name)
            switch count {
            case .rest: break
            case .count(let e), .until(let e): expressions.append(e)
            }
            if case .topUp(let e) = facing { expressions.append(e) }
            expressions += [filter, arrangement.splitBefore, arrangement.moving].compactMap { $0 }
            if let body = arrangement.afterEachCard { bodies.append(body) }
        case .definition(_, _, let value):
            expressions.append(value)
        case .removal(_, _, let zones, let destination, let condition):
            names.formUnion(zones.map(\.name))
            expressions += [destination] + [condition].compactMap { $0 }
        case .lift(let zones, let body), .accept(let zones, let body):
            names.formUnion(zones.map(\.name))
            bodies.append(body)
        case .capacity(let zones, let value):
            names.formUnion(zones.map(\.name))
            expressions.append(value)
        case .action(_, let pile, let guardCondition, let limit, let body):
            names.insert(pile.name)
            expressions += [guardCondition, limit].compactMap { $0 }
            bodies.append(body)
        case .effect(_, let body):
            bodies.append(body)
        case .layout(let zone, let layout):
            names.insert(zone.name)
            var fanCount: ExpressionSyntax?
            if case .right(let n) = layout.fan { fanCount = n }
            expressions += [layout.row, layout.pilesPerRow, fanCount].compactMap { $0 } + (layout.rowLengths ?? [])
            for place in layout.places ?? [] { expressions += [place.column, place.row] }
        }
        while let body = bodies.popLast() {
            for statement in body {
                switch statement.kind {
                case .require(let e, _), .flip(let e), .shuffle(let e): expressions.append(e)
                case .set(let memory, let e):
                    names.insert(memory.name)
                    expressions.append(e)
                case .conditional(let c, let then, let otherwise):
                    expressions.append(c)
                    bodies += [then, otherwise]
                case .forEach(_, let collection, let inner):
                    expressions.append(collection)
                    bodies.append(inner)
                case .deal(let n, let from, let to, _), .move(let n, let from, let to, _), .tryMove(let n, let from, let to):
                    expressions += [n, from, to]
                }
            }
        }
        for expression in expressions { names.formUnion(NameCollector.names(in: expression, callees: true)) }
        return names
    }
}
