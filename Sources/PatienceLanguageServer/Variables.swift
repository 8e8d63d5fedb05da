import PatienceLanguage

extension Document {
    /// Where the variable named by the token at `index` is bound: the `NAME` of `for NAME in`,
    /// of a quantifier's `(NAME in`, of a definition's parameters or of a removal's variables,
    /// searched backwards within the declaration that holds the token. Nil when the word is not
    /// a variable bound there.
    func binding(ofVariableAt index: Int) -> (token: Int, over: String?)? {
        guard let name = tokens[index].word else { return nil }
        // The declaration starts at the last token that starts a line with a declaration keyword.
        var start = index
        while start > 0, !(tokens[start].startsLine && Keywords.declarationStarts.contains(tokens[start].word ?? "")) { start -= 1 }
        var i = index
        while i > start {
            i -= 1
            guard tokens[i].word == name else { continue }
            let next = i + 1 < tokens.count ? tokens[i + 1] : nil
            let before = tokens[i - 1]
            // `for NAME in ZONE`, `all(NAME in ZONE: …)`.
            if next?.word == "in", before.word == "for" || before.kind == .symbol(.leftParen) || before.kind == .symbol(.comma) {
                let over = i + 2 < tokens.count ? tokens[i + 2].word : nil
                return (i, over)
            }
            // `let NAME(p: pile, …)` parameters, `remove NAME(a, b in …)` variables.
            if next?.kind == .symbol(.colon) || next?.kind == .symbol(.comma), before.kind == .symbol(.leftParen) || before.kind == .symbol(.comma) {
                return (i, nil)
            }
        }
        return nil
    }
}
