import PatienceCards
import PatienceLanguage

extension RuleFactFinder {
    /// `RuleFacts.stockTurn`: the two zones, when every action only turns one over onto the other
    /// a fixed number of cards at a time and turns it back whole, testing nothing but their emptiness.
    func stockTurn(index: [String: Int]) -> RuleFacts.StockTurn? {
        var stock: String?
        var waste: String?
        var count: Int?
        for declaration in parts.actions {
            guard case .action(_, let pile, let guardCondition, let limit, let body) = declaration.kind else { return nil }
            if stock == nil { stock = pile.name }
            guard stock == pile.name else { return nil }
            if let limit, constantValue(limit) != Int.max { return nil }
            if let guardCondition, !testsEmptiness(guardCondition, stock: pile.name, waste: &waste) { return nil }
            guard turns(body, stock: pile.name, waste: &waste, count: &count) else { return nil }
        }
        guard let stock, let waste, let count, let s = index[stock], let w = index[waste], s != w else { return nil }
        return RuleFacts.StockTurn(stock: s, waste: w, count: count)
    }

    /// A body of `require`s and `if`s that test emptiness, and deals or moves of `count` cards
    /// (a constant, the same in every action) from the stock to the waste or of the waste's whole
    /// size back. The waste is the first other zone named, and must be the only one.
    private func turns(_ body: [Statement], stock: String, waste: inout String?, count: inout Int?) -> Bool {
        body.allSatisfy { statement in
            switch statement.kind {
            case .require(let condition, _):
                return testsEmptiness(condition, stock: stock, waste: &waste)
            case .conditional(let condition, let then, let otherwise):
                return testsEmptiness(condition, stock: stock, waste: &waste)
                    && turns(then, stock: stock, waste: &waste, count: &count) && turns(otherwise, stock: stock, waste: &waste, count: &count)
            case .deal(let number, let from, let to, _), .move(let number, let from, let to, _):
                guard let source = zone(from, stock: stock, waste: &waste), let destination = zone(to, stock: stock, waste: &waste),
                      source != destination else { return false }
                if source == stock {
                    guard let n = constantValue(number), n >= 1, n < Int.max, count == nil || count == n else { return false }
                    count = n
                    return true
                }
                guard case .member(let base, let property) = expand(number).kind, property.name == "size" else { return false }
                return zone(base, stock: stock, waste: &waste) == source
            default:
                return false
            }
        }
    }

    /// `X.empty`, `not X.empty` and their `and`s and `or`s, X the stock or the waste.
    private func testsEmptiness(_ raw: ExpressionSyntax, stock: String, waste: inout String?) -> Bool {
        let condition = expand(raw)
        switch condition.kind {
        case .member(let base, let property) where property.name == "empty":
            return zone(base, stock: stock, waste: &waste) != nil
        case .unary(.not, let inner):
            return testsEmptiness(inner, stock: stock, waste: &waste)
        case .binary(let op, let left, let right) where op == .and || op == .or:
            return testsEmptiness(left, stock: stock, waste: &waste) && testsEmptiness(right, stock: stock, waste: &waste)
        default:
            return false
        }
    }

    /// The zone a pile expression names: the stock (by name or as `pile`, the tapped pile) or the
    /// waste, which the first other zone named becomes; nil for anything else.
    private func zone(_ raw: ExpressionSyntax, stock: String, waste: inout String?) -> String? {
        guard case .name(let name) = expand(raw).kind else { return nil }
        if name == stock || name == "pile" { return stock }
        guard zoneNames.contains(name) else { return nil }
        if waste == nil { waste = name }
        return waste == name ? name : nil
    }
}
