// The library example the README quotes, between the two `README` marks below, as an app would
// write it: this file imports only `Patience`, so it can use nothing but the public API.
// `ReadmeExampleTests` runs it and checks that the README shows exactly these lines.
import Foundation
import Patience

func readmeExample(rulesFolder: String) throws -> (game: Game, saved: Data, refusal: Refusal?) {
    // README begin
    let rules = try GameCompiler.compile(path: rulesFolder + "/Klondike.patience", options: ["draw": "3"])
    var game = try Game(rules: rules, deal: .seed(42))

    // A UI asks which cards lift with the one under the finger, and whether a pile takes them.
    guard case .move(let move)? = game.legalPlays.first(where: { if case .move = $0 { true } else { false } }) else { return (game, Data(), nil) }
    let card = game.table.piles[move.source].cards[game.table.piles[move.source].count - move.count].card
    let stack = game.cardStack(startingAt: card)                  // the cards that lift with `card`
    let session = CardDropSession(draggedItemIDs: stack)
    let destination = ReorderDifference<Card, PileID>.Destination(collectionID: rules.pileID(move.destination))
    if game.validateMove(session: session, destination: destination) {   // cheap enough for every drag update
        try game.insertCards(stack, to: destination)              // validates again, then moves and runs the effects
    }
    let waste = ReorderDifference<Card, PileID>.Destination(collectionID: PileID(zone: "waste", index: 1))
    let refusal = game.explainMove(session: session, destination: waste)   // why not: code, reason, rule's file and line
    try game.tap(PileID(zone: "stock", index: 1))                 // an action: deal from the stock
    _ = game.undo(); _ = game.redo()                              // effects included
    _ = (game.isWon, game.isStuck, game.isDeadEnd, game.legalPlays)
    let saved = try JSONEncoder().encode(game.state)              // GameState is Codable
    let restored = try Game(rules: rules, state: JSONDecoder().decode(GameState.self, from: saved))
    // README end
    _ = restored
    return (game, saved, refusal)
}
