import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// The moves a game may make for its player on its own: cards to the zone that the win condition
/// fills (the foundations) that no later play can need, as the solver reasons about them
/// (`SafeMoves`).
///
/// Where the rules prove a move safe (the foundations give nothing back, the other zones are
/// quiet), it is made on that proof. Elsewhere only a card that nothing can need is moved: no
/// other card still in play fits where it goes, and no card still in play could ever be built
/// on it in any zone. A game whose win condition does not fill one zone gets no automatic moves.
public struct FoundationAutoplay: Sendable {
    let safeMoves: SafeMoves
    let rules: GameRules

    /// The automatic moves of a game; `table` is any table of it (the cards of zones that
    /// nothing enters or leaves are read from it, and never change).
    public init(rules: GameRules, table: CardTable) {
        let facts = rules.facts.zones.count == rules.zones.count
            ? rules.facts : RuleFacts.unknown(zones: rules.zones.map(\.name), actions: rules.actionNames.count)
        self.rules = rules
        safeMoves = SafeMoves(rules: rules, facts: facts, root: table)
    }

    /// Whether the game has a zone to which cards can be moved on their own.
    public var isAvailable: Bool { safeMoves.isAvailable }

    /// The first legal move on `table` that can safely be made on its own, and whether the rules
    /// prove it safe (`true`) or it only moves a card that nothing can need (`false`).
    public func nextMove(on table: CardTable) -> (move: Move, proved: Bool)? {
        guard safeMoves.isAvailable else { return nil }
        guard let (move, sound) = safeMoves.safeMove(among: rules.legalMoves(on: table), on: table, likely: true) else { return nil }
        return (move, sound)
    }

    /// The moves made one after another from `table` until none is left, with the table they
    /// lead to. Every move is legal where it is made, and each puts a card from outside the win
    /// zone into it, so there are at most as many as the game has cards.
    public func moves(from table: CardTable) -> (moves: [Move], table: CardTable) {
        var table = table
        var moves: [Move] = []
        while moves.count < rules.deck.count, let (move, _) = nextMove(on: table),
              let next = try? rules.applying(.move(move), to: table) {
            moves.append(move)
            table = next
        }
        return (moves, table)
    }
}
