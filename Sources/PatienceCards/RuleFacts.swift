/// What a game's rules say about themselves that a solver needs to search soundly: which piles
/// the rules cannot tell apart, how suits are compared, which zones can give cards back, and so
/// on. Every fact is read from the checked declarations (the syntax tree after `extends` is
/// merged), never from a game's name, and each is stated conservatively: a fact that does not
/// hold for certain is given its safe value (`false`, `nil`, `.none`), which only costs search
/// speed.
///
/// Deal lines are not read: a solver starts from a dealt table, so how it was dealt cannot
/// matter to any later move.
package struct RuleFacts: Hashable, Sendable {
    /// The facts about one zone, in declaration order (as `GameRules.zones`).
    package struct ZoneFacts: Hashable, Sendable {
        /// The zone's name.
        package var name: String
        /// No rule tells the zone's piles apart: none subscripts the zone, reads a pile's `index`,
        /// picks a pile with `first` (other than the first empty one, and empty piles are alike),
        /// aims `try move` at the zone, or walks it with a `for` whose body does anything but
        /// touch its own pile. Permuting such piles gives an equivalent table, so a solver may
        /// sort them.
        package var pilesAreInterchangeable: Bool
        /// The zone has a `lift` rule.
        package var hasLift: Bool
        /// The zone has an `accept` rule.
        package var hasAccept: Bool
        /// Cards can leave the zone: it has a `lift` rule or an action or effect moves cards out of it.
        package var givesCards: Bool
        /// An action or effect names the zone other than to turn its top cards face up
        /// (`for t in tableau { flip t }`), or an action taps it.
        package var isChangedByActionsOrEffects: Bool
        /// An expression names the zone outside this zone's own rules and the monotone reads of a
        /// capacity formula: in another zone's `lift` or `accept` rule, an action's guard, limit or
        /// conditions, an effect's conditions, or the win condition.
        package var isReadElsewhere: Bool
        /// The lift rule still holds when the top card of an allowed run is left behind: it is
        /// empty, or each `require` is `sequence(run, r)`, `run.size == 1` or `run.size <= n`.
        /// False when the zone has no lift rule.
        package var liftIsPrefixClosed: Bool
        /// The build relations that bind a card put on a pile of this zone that is not empty:
        /// on every path through the accept rule reaching a non-empty pile, the card put on it
        /// (`run.first`) must build on `top` by one of these. Nil when the rule does not show
        /// that (it may accept a card on any top card), or the zone has no accept rule.
        package var buildsOnTop: [BuildRelation]?
        /// Some rule reads a pile of the zone below its top card: its `cards`, `bottom` or
        /// `facedown`, `top(p, n)`, or `sequence` or `segments` of its cards. When no rule does and
        /// cards never leave the zone, only each pile's top card and size can matter.
        package var readsBelowTop: Bool = true
        /// The accept rule takes one card at a time: one of its top-level statements is
        /// `require run.size == 1` (or `run.size <= 1`). False when the zone has no accept rule.
        package var acceptTakesOneCard: Bool = false
        /// The lift rule takes one card at a time: one of its top-level statements is
        /// `require run.size == 1` (or `run.size <= 1`). False when the zone has no lift rule.
        package var liftTakesOneCard: Bool = false
        /// On a pile that is not empty, the accept rule takes any one card that builds on the top
        /// card by `buildsOnTop`'s relation, whichever pile it comes from: on that path its
        /// statements are only `require run.size == 1` (or `<= 1`) and `require builds(top,
        /// run.first, r)` with r the one relation of `buildsOnTop`.
        package var acceptsAnyBuildOnTop: Bool = false

        package init(name: String, pilesAreInterchangeable: Bool, hasLift: Bool, hasAccept: Bool, givesCards: Bool, isChangedByActionsOrEffects: Bool, isReadElsewhere: Bool, liftIsPrefixClosed: Bool, buildsOnTop: [BuildRelation]?, readsBelowTop: Bool = true) {
            self.name = name
            self.pilesAreInterchangeable = pilesAreInterchangeable
            self.hasLift = hasLift
            self.hasAccept = hasAccept
            self.givesCards = givesCards
            self.isChangedByActionsOrEffects = isChangedByActionsOrEffects
            self.isReadElsewhere = isReadElsewhere
            self.liftIsPrefixClosed = liftIsPrefixClosed
            self.buildsOnTop = buildsOnTop
            self.readsBelowTop = readsBelowTop
        }
    }

    /// How far suits can be renamed without any rule noticing.
    package enum SuitSymmetry: String, Hashable, Sendable {
        /// A rule names a suit (`hearts`, a card literal), so no renaming is safe.
        case none
        /// A rule names a colour (`red`): suits may be swapped only within their colour.
        case withinColour
        /// Rules compare colours but name none: suits may be swapped within their colour, and
        /// the two colours with each other.
        case colourClasses
        /// Rules compare suits only for equality: any renaming of the deck's suits.
        case anySuit
    }

    /// The zones, in declaration order.
    package var zones: [ZoneFacts]
    /// How suits may be renamed; see `SuitSymmetry`.
    package var suitSymmetry: SuitSymmetry
    /// Some rule reads whether cards are face up (`faceup`, `facedown`).
    package var readsFaces: Bool
    /// No rule can tell two copies of the same rank and suit apart (a card has no property that
    /// names its deck), so copies are interchangeable. Always true in the present language.
    package var copiesAreInterchangeable: Bool
    /// The zones the win condition names, by index into `zones`.
    package var wonZones: [Int]
    /// When the win condition is `all(f in Z: f.size == N)` or `Z.size == N`: the zone Z and the
    /// number of cards each of its piles (or the zone, for `Z.size`) must hold; N is 0 for
    /// `all(t in Z: t.empty)` and `Z.empty`.
    package var winFills: WinFill?
    /// The limit of each action, as `GameRules.actionNames`.
    package var actionLimits: [ActionLimit]
    /// The zone each action taps (as `GameRules.actionNames`), by index into `zones`.
    package var tappedZones: [Int]
    /// Every effect only turns cards over (`for t in Z { flip t }`, `flip p`), or there is none.
    package var effectsOnlyFlip: Bool
    /// The rules use a construct these facts do not describe (memory, removals, shuffles, `set`,
    /// parameterised definitions, a deck with a shape): the facts are then `unknown`, which
    /// assumes nothing, and every reduction of a solver that reads them is off.
    package var assumesNothing = false
    /// Some rule reads how often an action was used (`uses(a)`), so two tables with the same
    /// piles and different counts may allow different plays. Assumed when unknown.
    package var readsActionUses = true
    /// The zones the actions name, by index into `zones`: each pile an action taps, and every
    /// zone its guard, limit or body reads or changes.
    package var actionZones: [Int] = []
    /// No rule outside the actions reads or changes an action zone (`actionZones`) — no other
    /// zone's lift, accept or capacity, no effect, not the win condition — and none reads how
    /// often an action was used, while an action zone's own lift and accept rules may read
    /// anything. Then a move between piles of other zones commutes with every action: making it
    /// before or after a tap gives the same table, and a tap stays as legal as it was.
    package var actionsAreIsolated = false
    /// The actions only turn a stock over a fixed number of cards at a time and turn it back
    /// whole (`StockTurn`); nil when they may do anything else.
    package var stockTurn: StockTurn?

    /// A stock turned `count` cards at a time: every action taps `stock`'s zone and has no limit,
    /// its guard and `require`s and `if`s test nothing but whether `stock` and `waste` are empty,
    /// and its body deals or moves `count` cards (a constant) from `stock` to `waste`, or the
    /// whole of `waste` (`waste.size`) to `stock`. What a tap does then depends only on which of
    /// the two zones are empty, whatever their cards.
    package struct StockTurn: Hashable, Sendable {
        /// Indices into `zones`.
        package var stock: Int
        package var waste: Int
        /// The cards a tap deals from the stock (fewer when it holds fewer).
        package var count: Int

        package init(stock: Int, waste: Int, count: Int) {
            self.stock = stock
            self.waste = waste
            self.count = count
        }
    }

    /// How often an action may be used.
    package enum ActionLimit: Hashable, Sendable {
        /// No limit, or `unlimited`.
        case none
        /// A number known when the rules are compiled (a literal or an option).
        case constant(Int)
        /// A limit that depends on the table.
        case readFromTable
    }

    /// The win condition's target when it asks a zone to fill up.
    package struct WinFill: Hashable, Sendable {
        /// Index into `zones`.
        package var zone: Int
        /// Cards each pile must hold (`all(f in Z: f.size == N)`), or the whole zone when `wholeZone`.
        package var cards: Int
        package var wholeZone: Bool

        package init(zone: Int, cards: Int, wholeZone: Bool) {
            self.zone = zone
            self.cards = cards
            self.wholeZone = wholeZone
        }
    }

    /// The facts of rules of which nothing is known: every reduction off.
    package static func unknown(zones: [String], actions: Int) -> RuleFacts {
        RuleFacts(
            zones: zones.map {
                ZoneFacts(name: $0, pilesAreInterchangeable: false, hasLift: true, hasAccept: true, givesCards: true,
                          isChangedByActionsOrEffects: true, isReadElsewhere: true, liftIsPrefixClosed: false, buildsOnTop: nil)
            },
            suitSymmetry: .none, readsFaces: true, copiesAreInterchangeable: false, wonZones: Array(zones.indices), winFills: nil,
            actionLimits: Array(repeating: .readFromTable, count: actions), tappedZones: [], effectsOnlyFlip: false)
    }

    package init(zones: [ZoneFacts], suitSymmetry: SuitSymmetry, readsFaces: Bool, copiesAreInterchangeable: Bool, wonZones: [Int], winFills: WinFill?, actionLimits: [ActionLimit], tappedZones: [Int], effectsOnlyFlip: Bool) {
        self.zones = zones
        self.suitSymmetry = suitSymmetry
        self.readsFaces = readsFaces
        self.copiesAreInterchangeable = copiesAreInterchangeable
        self.wonZones = wonZones
        self.winFills = winFills
        self.actionLimits = actionLimits
        self.tappedZones = tappedZones
        self.effectsOnlyFlip = effectsOnlyFlip
    }
}

extension RuleFacts {
    /// No facts at all, for rules built without the checker; a solver treats it as `unknown`.
    package static let none = RuleFacts(zones: [], suitSymmetry: .none, readsFaces: true, copiesAreInterchangeable: false,
                                       wonZones: [], winFills: nil, actionLimits: [], tappedZones: [], effectsOnlyFlip: false)
}
