/// What a zone is for in the game, which decides how programs lay it out, describe it and map it
/// to other programs' positions. The rules themselves never depend on a role: what a zone takes
/// and gives is stated by its lift and accept rules.
public enum ZoneRole: String, Hashable, Sendable, Codable, CaseIterable {
    case stock, waste, foundation, tableau, cell, reserve
    /// A zone the player never sees, such as the discard pile of a pair game or a helper pile of
    /// the rules: `deal`'s listings and `play` leave it out, JSON positions keep it.
    case hidden

    /// Whether listings for people show the zone.
    public var isShown: Bool { self != .hidden }
}
