// An app's use of the Patience library: compile a rule file, deal, drag a card as a UI would,
// tap the stock, undo and redo, save and restore. Run it from the repository's root:
//   swift run --package-path Examples/Solitaire [RULES]
import Foundation
import Patience

let path = CommandLine.arguments.dropFirst().first ?? "Rules/Klondike.patience"
let rules = try GameCompiler.compile(path: path, options: ["draw": "3"])
var game = try Game(rules: rules, deal: .seed(42))

// A UI asks which cards lift with the one under the finger, and whether a pile takes them.
let moves = game.legalPlays.compactMap { play -> Move? in
    if case .move(let move) = play { move } else { nil }
}
if let move = moves.first {
    let source = game.table.piles[move.source]
    let card = source.cards[source.count - move.count].card
    let stack = game.cardStack(startingAt: card)                 // the cards that lift with `card`
    let session = CardDropSession(draggedItemIDs: stack)
    let destination = ReorderDifference<Card, PileID>.Destination(collectionID: rules.pileID(move.destination))
    if game.validateMove(session: session, destination: destination) {   // cheap enough for every drag update
        try game.insertCards(stack, to: destination)             // validates again, then moves and runs the effects
        print("moved \(stack) to \(rules.pileID(move.destination))")
    }
    let waste = ReorderDifference<Card, PileID>.Destination(collectionID: PileID(zone: "waste", index: 1))
    if let refusal = game.explainMove(session: session, destination: waste) {   // why not: code, reason, rule
        print("refused: \(refusal)")
    }
}

try game.tap(PileID(zone: "stock", index: 1))                   // an action: deal from the stock
print("after the tap: \(game.cards(in: PileID(zone: "waste", index: 1)).map(\.card))")
_ = game.undo()                                                  // effects included
_ = game.redo()
print("won: \(game.isWon), stuck: \(game.isStuck), plays: \(game.legalPlays.count)")

let saved = try JSONEncoder().encode(game.state)                 // GameState is Codable
let restored = try Game(rules: rules, state: JSONDecoder().decode(GameState.self, from: saved))
print("restored the same game: \(restored.state == game.state)")
