/// A build relation whose suit relation and rank step are types rather than values, so that code
/// generic over them is compiled once per combination with the comparisons inlined. Checking a
/// run of twelve cards against `BuildRelation` switches on both parts twelve times; against a
/// `SpecialisedRelation` it switches on nothing.
///
/// The relation, the rule types and `BuildRelation.specialised(_:)` are `@inlinable`: the
/// visitors that use them live in the engine, another module, and a generic call that crosses
/// a module boundary without its body is neither specialised nor inlined, so every test built
/// through it would call its suit and rank rules through witness tables.
@usableFromInline
package struct SpecialisedRelation<Suits: SuitRule, Ranks: RankRule>: Sendable {
    @usableFromInline let wraps: Bool

    @inlinable
    init(wraps: Bool) { self.wraps = wraps }

    @inlinable @inline(__always)
    package func builds(_ lower: Card, _ upper: Card) -> Bool {
        Suits.fits(lower, upper) && Ranks.fits(lower.rank, upper.rank, wraps: wraps)
    }
}

@usableFromInline
package protocol SuitRule: Sendable {
    static func fits(_ lower: Card, _ upper: Card) -> Bool
}

@usableFromInline
package protocol RankRule: Sendable {
    static func fits(_ lower: Int, _ upper: Int, wraps: Bool) -> Bool
}

@usableFromInline
enum SameSuitRule: SuitRule {
    @inlinable @inline(__always) static func fits(_ lower: Card, _ upper: Card) -> Bool { lower.suitIndex == upper.suitIndex }
}

@usableFromInline
enum AlternateColourRule: SuitRule {
    @inlinable @inline(__always) static func fits(_ lower: Card, _ upper: Card) -> Bool { lower.color != upper.color }
}

@usableFromInline
enum SameColourRule: SuitRule {
    @inlinable @inline(__always) static func fits(_ lower: Card, _ upper: Card) -> Bool { lower.color == upper.color }
}

@usableFromInline
enum AnySuitRule: SuitRule {
    @inlinable @inline(__always) static func fits(_ lower: Card, _ upper: Card) -> Bool { true }
}

@usableFromInline
enum OtherSuitRule: SuitRule {
    @inlinable @inline(__always) static func fits(_ lower: Card, _ upper: Card) -> Bool { lower.suitIndex != upper.suitIndex }
}

@usableFromInline
enum DownRule: RankRule {
    @inlinable @inline(__always) static func fits(_ lower: Int, _ upper: Int, wraps: Bool) -> Bool {
        upper == lower - 1 || (wraps && lower == 1 && upper == 13)
    }
}

@usableFromInline
enum UpRule: RankRule {
    @inlinable @inline(__always) static func fits(_ lower: Int, _ upper: Int, wraps: Bool) -> Bool {
        upper == lower + 1 || (wraps && lower == 13 && upper == 1)
    }
}

@usableFromInline
enum UpOrDownRule: RankRule {
    @inlinable @inline(__always) static func fits(_ lower: Int, _ upper: Int, wraps: Bool) -> Bool {
        DownRule.fits(lower, upper, wraps: wraps) || UpRule.fits(lower, upper, wraps: wraps)
    }
}

@usableFromInline
enum SameRankRule: RankRule {
    @inlinable @inline(__always) static func fits(_ lower: Int, _ upper: Int, wraps: Bool) -> Bool { upper == lower }
}

@usableFromInline
enum AnyRankRule: RankRule {
    @inlinable @inline(__always) static func fits(_ lower: Int, _ upper: Int, wraps: Bool) -> Bool { true }
}

/// Builds something from a relation of known types; `BuildRelation.specialised(_:)` picks the types.
@usableFromInline
package protocol RelationVisitor {
    associatedtype Output
    func visit<Suits: SuitRule, Ranks: RankRule>(_ relation: SpecialisedRelation<Suits, Ranks>) -> Output
}

extension BuildRelation {
    /// Calls the visitor with this relation as types, so what it builds is specialised for them.
    @inlinable
    package func specialised<Visitor: RelationVisitor>(_ visitor: Visitor) -> Visitor.Output {
        switch suit {
        case .sameSuit: return withRanks(SameSuitRule.self, visitor)
        case .alternateColour: return withRanks(AlternateColourRule.self, visitor)
        case .sameColour: return withRanks(SameColourRule.self, visitor)
        case .anySuit: return withRanks(AnySuitRule.self, visitor)
        case .otherSuit: return withRanks(OtherSuitRule.self, visitor)
        }
    }

    @inlinable
    func withRanks<Suits: SuitRule, Visitor: RelationVisitor>(_: Suits.Type, _ visitor: Visitor) -> Visitor.Output {
        switch step {
        case .down: return visitor.visit(SpecialisedRelation<Suits, DownRule>(wraps: wraps))
        case .up: return visitor.visit(SpecialisedRelation<Suits, UpRule>(wraps: wraps))
        case .upOrDown: return visitor.visit(SpecialisedRelation<Suits, UpOrDownRule>(wraps: wraps))
        case .sameRank: return visitor.visit(SpecialisedRelation<Suits, SameRankRule>(wraps: wraps))
        case .anyRank: return visitor.visit(SpecialisedRelation<Suits, AnyRankRule>(wraps: wraps))
        }
    }
}
