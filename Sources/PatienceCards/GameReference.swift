/// A program whose own game code a rule file is checked against (Grammar.md 7.18).
public enum ReferenceProgram: String, Hashable, Sendable, Codable, CaseIterable {
    /// GNOME Aisleriot: its Scheme game files, `games/NAME.scm`.
    case aisleriot
    /// PySolFC: its game classes, named by the game's name in PySolFC.
    case pysolfc

    /// The program's name as people write it.
    public var displayName: String {
        switch self {
        case .aisleriot: return "Aisleriot"
        case .pysolfc: return "PySolFC"
        }
    }
}

/// `reference PROGRAM "NAME"`: the outside program's own game that the rule file is compared with.
public struct GameReference: Hashable, Sendable, Codable {
    /// The program.
    public var program: ReferenceProgram
    /// The game in that program: Aisleriot's game file (`freecell.scm`) or PySolFC's game name.
    public var name: String

    /// Makes a reference.
    public init(program: ReferenceProgram, name: String) {
        self.program = program
        self.name = name
    }

    /// "Aisleriot (freecell.scm)", for people.
    public var description: String { "\(program.displayName) (\(name))" }
}

/// `differs PROGRAM KIND "REASON"`: a deliberate difference from a reference program's rules,
/// which the comparison with that program allows and no other.
public struct DeclaredDifference: Hashable, Sendable, Codable {
    /// What kind of play (or position) the difference is about.
    public enum Kind: Hashable, Sendable, Codable {
        /// `move A to B`: which drags from a pile of zone A to a pile of zone B are legal.
        case move(from: String, to: String)
        /// `tap Z`: which taps on the piles of zone Z are legal.
        case tap(String)
        /// `removal`: which pair or group removals are legal.
        case removal
        /// `position Z`: the piles of zone Z after a play both programs allow.
        case position(String)

        /// The kind as a rule file writes it: `move foundation to cell`.
        public var text: String {
            switch self {
            case .move(let from, let to): return "move \(from) to \(to)"
            case .tap(let zone): return "tap \(zone)"
            case .removal: return "removal"
            case .position(let zone): return "position \(zone)"
            }
        }

        /// The zones the kind names.
        public var zones: [String] {
            switch self {
            case .move(let from, let to): return [from, to]
            case .tap(let zone), .position(let zone): return [zone]
            case .removal: return []
            }
        }
    }

    /// The program the rule file differs from.
    public var program: ReferenceProgram
    /// What differs.
    public var kind: Kind
    /// Why, for a reader.
    public var reason: String

    /// Makes a declared difference.
    public init(program: ReferenceProgram, kind: Kind, reason: String) {
        self.program = program
        self.kind = kind
        self.reason = reason
    }
}

extension Array where Element == DeclaredDifference {
    /// Whether a difference from `program` about drags from zone `from` to zone `to` is declared.
    public func coversMove(_ program: ReferenceProgram, from: String, to: String) -> Bool {
        contains { $0.program == program && $0.kind == .move(from: from, to: to) }
    }

    /// Whether a difference from `program` about taps on zone `zone` is declared.
    public func coversTap(_ program: ReferenceProgram, zone: String) -> Bool {
        contains { $0.program == program && $0.kind == .tap(zone) }
    }

    /// Whether a difference from `program` about removals is declared.
    public func coversRemoval(_ program: ReferenceProgram) -> Bool {
        contains { $0.program == program && $0.kind == .removal }
    }

    /// Whether a difference from `program` in zone `zone`'s piles after a play is declared.
    public func coversPosition(_ program: ReferenceProgram, zone: String) -> Bool {
        contains { $0.program == program && $0.kind == .position(zone) }
    }
}
