import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// A point of a table's picture, in SVG user units from its top left corner.
public struct LayoutPoint: Hashable, Sendable {
    /// From the left edge.
    public var x: Int
    /// From the top edge.
    public var y: Int

    /// The point `x` to the right of the left edge and `y` below the top edge.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// Where one pile of the table is drawn.
public struct PileFrame: Hashable, Sendable {
    /// The pile's flat index in ``CardTable/piles``.
    public var pile: Int
    /// Its address in the move notation, `tableau[3]` or `stock`.
    public var address: String
    /// How the pile shows its cards.
    public var fan: PileFan
    /// The top left corner of the pile's place: its bottom card, or its outline when it is empty.
    public var origin: LayoutPoint
    /// The width of the pile's slot: a card's width, more for a pile fanned to the right.
    public var slotWidth: Int
    /// Where the address is written: the start of its baseline.
    public var labelOrigin: LayoutPoint
    /// The most width the address may take before it is squeezed.
    public var labelWidth: Int
    /// Whether the address lies over another pile's cards (a pyramid's lower rows), and so is
    /// written on a strip of its own to stay legible.
    public var labelBacked = false
    /// Whether a pile of a lower row lies over part of this one's cards (a pyramid's upper rows),
    /// so that its cards show only their corners, not the large suit in the middle.
    public var overlapped = false
    /// The top left corner of each card, bottom card first, as many as the pile holds.
    public var cards: [LayoutPoint]
    /// Where the number of cards is shown (the centre of its badge), for a pile that hides some of
    /// its cards; nil when every card shows.
    public var countBadge: LayoutPoint?
}

/// Where everything of one table goes: the picture's size and a frame for every pile.
public struct TableGeometry: Hashable, Sendable {
    /// The picture's width.
    public var width: Int
    /// The picture's height.
    public var height: Int
    /// Every pile of the table, in pile order.
    public var piles: [PileFrame]
}

/// Lays a table out by a ``LayoutPlan``: the picture grows with what the table holds (a longer
/// column makes it taller), so nothing is cut off.
public struct TableLayout: Sendable {
    /// The game whose tables are laid out.
    public let rules: GameRules
    /// The plan, completed: every zone of the game placed once.
    public let plan: LayoutPlan
    /// The sizes things are drawn with.
    public let metrics: LayoutMetrics

    /// Lays out by `plan`, or by the standard plan for the game's roles and `layout` declarations
    /// (``LayoutPlan/standard(for:)``). A zone the plan does not
    /// name is added in a band of its own at the bottom, stacked, so that every card is drawn
    /// (except those of a hidden zone);
    /// a zone the game lacks, or a second placement of a zone, is ignored.
    public init(rules: GameRules, plan: LayoutPlan? = nil, metrics: LayoutMetrics = .standard) {
        self.rules = rules
        self.metrics = metrics
        var bands: [LayoutPlan.Band] = []
        var placed: Set<String> = []
        let known = Set(rules.zones.map(\.name))
        for band in (plan ?? .standard(for: rules)).bands {
            func keep(_ placements: [ZonePlacement]) -> [ZonePlacement] {
                placements.filter { known.contains($0.zone) && placed.insert($0.zone).inserted }
            }
            let kept = LayoutPlan.Band(left: keep(band.left), right: keep(band.right))
            if !kept.placements.isEmpty { bands.append(kept) }
        }
        // A hidden zone is never drawn, as the player never sees it.
        let missing = rules.zones.filter { !placed.contains($0.name) && $0.role.isShown }
        if !missing.isEmpty { bands.append(LayoutPlan.Band(left: missing.map { ZonePlacement(zone: $0.name, fan: .stacked) })) }
        self.plan = LayoutPlan(bands: bands)
    }

    /// The geometry of `table`, with room for a caption line above it when `captioned` is set.
    /// `table` must have the game's piles; a pile it lacks is drawn empty.
    public func geometry(of table: CardTable, captioned: Bool = false, captionWidth: Int = 0) -> TableGeometry {
        let m = metrics
        let notation = MoveNotation(rules: rules)
        // First each zone as a block, its piles placed from the block's corner.
        struct Block {
            var width = 0
            var height = 0
            var piles: [PileFrame] = []
        }
        func block(for placement: ZonePlacement) -> Block {
            guard let zone = rules.zones.first(where: { $0.name == placement.zone }) else { return Block() }
            let count = zone.piles.count
            let perRow = max(1, min(placement.pilesPerRow ?? count, count))
            let slotWidth = m.cardWidth + Self.sideSpread(placement.fan, metrics: m)
            var result = Block()
            result.width = perRow * slotWidth + (perRow - 1) * m.pileGap
            var rowTop = 0
            for rowStart in stride(from: 0, to: count, by: perRow) {
                let rowPiles = zone.piles.lowerBound + rowStart..<zone.piles.lowerBound + min(count, rowStart + perRow)
                var rowHeight = 0
                for (column, pile) in rowPiles.enumerated() {
                    let cards = pile < table.piles.count ? table.piles[pile].cards : []
                    let x = column * (slotWidth + m.pileGap)
                    let origin = LayoutPoint(x: x, y: rowTop + m.labelHeight)
                    let offsets = Self.offsets(of: cards, fan: placement.fan, metrics: m)
                    let extent = (offsets.map(\.y).max() ?? 0) + m.cardHeight
                    rowHeight = max(rowHeight, m.labelHeight + extent)
                    let shown = Self.visibleCount(cards.count, fan: placement.fan)
                    let badge: LayoutPoint? = cards.count > shown
                        ? LayoutPoint(x: x + (offsets.last?.x ?? 0) + m.cardWidth - 11, y: origin.y + m.cardHeight - 11) : nil
                    result.piles.append(PileFrame(
                        pile: pile, address: notation.name(ofPile: pile), fan: placement.fan, origin: origin,
                        slotWidth: slotWidth, labelOrigin: LayoutPoint(x: x + 1, y: rowTop + m.labelHeight - 5),
                        labelWidth: slotWidth + m.pileGap - 8,
                        cards: offsets.map { LayoutPoint(x: origin.x + $0.x, y: origin.y + $0.y) }, countBadge: badge))
                }
                rowTop += rowHeight + m.rowGap
            }
            result.height = rowTop - m.rowGap
            return result
        }
        // Zones at places: one grid of half places for the placements given, each pile where its
        // place says. A row starts below the full extent of every pile at least a whole place
        // above it (a fanned pile pushes the rows below it down), so only piles placed half a
        // place apart overlap.
        func gridBlock(for placements: [ZonePlacement]) -> Block {
            struct Spot {
                var pile: Int
                var placement: ZonePlacement
                var place: GridPlace
                var cards: [PlacedCard]
                var offsets: [LayoutPoint]
                var extent: Int
            }
            var spots: [Spot] = []
            for placement in placements {
                guard let zone = rules.zones.first(where: { $0.name == placement.zone }) else { continue }
                var places = placement.places ?? []
                // Piles the places leave out stand in a row below the rest.
                let below = (places.map(\.row).max() ?? -2) + 2
                let given = places.count
                while places.count < zone.piles.count { places.append(GridPlace(column: 2 * (places.count - given), row: below)) }
                for (pile, place) in zip(zone.piles, places) {
                    let cards = pile < table.piles.count ? table.piles[pile].cards : []
                    let offsets = Self.offsets(of: cards, fan: placement.fan, metrics: m)
                    spots.append(Spot(pile: pile, placement: placement, place: place, cards: cards, offsets: offsets,
                                      extent: (offsets.map(\.y).max() ?? 0) + m.cardHeight))
                }
            }
            let slotWidth = spots.map { m.cardWidth + Self.sideSpread($0.placement.fan, metrics: m) }.max() ?? m.cardWidth
            let unitX = (slotWidth + m.pileGap) / 2
            let unitY = (m.labelHeight + m.cardHeight + m.rowGap) / 2
            var tops: [Int: Int] = [:]
            var previous: (row: Int, top: Int)?
            for row in Set(spots.map(\.place.row)).sorted() {
                var top = previous.map { $0.top + (row - $0.row) * unitY } ?? 0
                for spot in spots where spot.place.row <= row - 2 {
                    top = max(top, tops[spot.place.row]! + m.labelHeight + spot.extent + m.rowGap)
                }
                tops[row] = top
                previous = (row, top)
            }
            var result = Block()
            for spot in spots {
                let x = spot.place.column * unitX
                let top = tops[spot.place.row]!
                let origin = LayoutPoint(x: x, y: top + m.labelHeight)
                let spread = m.cardWidth + Self.sideSpread(spot.placement.fan, metrics: m)
                let shown = Self.visibleCount(spot.cards.count, fan: spot.placement.fan)
                let badge: LayoutPoint? = spot.cards.count > shown
                    ? LayoutPoint(x: x + (spot.offsets.last?.x ?? 0) + m.cardWidth - 11, y: origin.y + m.cardHeight - 11) : nil
                var frame = PileFrame(
                    pile: spot.pile, address: notation.name(ofPile: spot.pile), fan: spot.placement.fan, origin: origin,
                    slotWidth: spread, labelOrigin: LayoutPoint(x: x + 1, y: top + m.labelHeight - 5),
                    labelWidth: slotWidth + m.pileGap - 8,
                    cards: spot.offsets.map { LayoutPoint(x: origin.x + $0.x, y: origin.y + $0.y) }, countBadge: badge)
                // The label's strip against the cards of the other piles.
                frame.labelBacked = spots.contains { other in
                    guard other.pile != spot.pile else { return false }
                    let ox = other.place.column * unitX, oy = tops[other.place.row]! + m.labelHeight
                    let ow = m.cardWidth + Self.sideSpread(other.placement.fan, metrics: m)
                    return ox < x + frame.labelWidth && x < ox + ow && oy < top + m.labelHeight && top < oy + other.extent
                }
                frame.overlapped = spots.contains { other in
                    guard other.place.row > spot.place.row else { return false }
                    let ox = other.place.column * unitX, oy = tops[other.place.row]! + m.labelHeight
                    let ow = m.cardWidth + Self.sideSpread(other.placement.fan, metrics: m)
                    return ox < x + spread && x < ox + ow && oy < origin.y + spot.extent && origin.y < oy + other.extent
                }
                result.piles.append(frame)
                result.width = max(result.width, x + spread)
                result.height = max(result.height, top + m.labelHeight + spot.extent)
            }
            return result
        }
        // The blocks of a group, the zones that share a grid standing next to each other drawn as one.
        func blocks(_ placements: [ZonePlacement]) -> [Block] {
            var result: [Block] = []
            var index = placements.startIndex
            while index < placements.endIndex {
                let placement = placements[index]
                if placement.sharesGrid {
                    let end = placements[index...].firstIndex { !$0.sharesGrid } ?? placements.endIndex
                    result.append(gridBlock(for: Array(placements[index..<end])))
                    index = end
                } else {
                    result.append(placement.places != nil ? gridBlock(for: [placement]) : block(for: placement))
                    index += 1
                }
            }
            return result
        }
        func groupWidth(_ blocks: [Block]) -> Int {
            blocks.isEmpty ? 0 : blocks.map(\.width).reduce(0, +) + (blocks.count - 1) * m.zoneGap
        }

        let bands = plan.bands.map { band in (left: blocks(band.left), right: blocks(band.right)) }
        var contentWidth = max(m.cardWidth, captionWidth)
        for band in bands {
            let gap = band.left.isEmpty || band.right.isEmpty ? 0 : m.groupGap
            contentWidth = max(contentWidth, groupWidth(band.left) + gap + groupWidth(band.right))
        }

        var frames: [PileFrame] = []
        var top = m.margin + (captioned ? m.captionHeight : 0)
        for band in bands {
            func place(_ blocks: [Block], from left: Int) {
                var x = left
                for block in blocks {
                    for var frame in block.piles {
                        func shift(_ point: LayoutPoint) -> LayoutPoint { LayoutPoint(x: point.x + x, y: point.y + top) }
                        frame.origin = shift(frame.origin)
                        frame.labelOrigin = shift(frame.labelOrigin)
                        frame.cards = frame.cards.map(shift)
                        frame.countBadge = frame.countBadge.map(shift)
                        frames.append(frame)
                    }
                    x += block.width + m.zoneGap
                }
            }
            place(band.left, from: m.margin)
            place(band.right, from: m.margin + contentWidth - groupWidth(band.right))
            top += (band.left + band.right).map(\.height).max() ?? 0
            top += m.bandGap
        }
        let height = bands.isEmpty ? top + m.margin : top - m.bandGap + m.margin
        frames.sort { $0.pile < $1.pile }
        return TableGeometry(width: contentWidth + 2 * m.margin, height: height, piles: frames)
    }

    /// How much wider than a card a pile's slot is.
    static func sideSpread(_ fan: PileFan, metrics: LayoutMetrics) -> Int {
        if case .right(let showing) = fan { return max(0, showing - 1) * metrics.sideStep }
        return 0
    }

    /// How many of a pile's cards show at least their corner.
    static func visibleCount(_ count: Int, fan: PileFan) -> Int {
        switch fan {
        case .stacked: return min(count, 1)
        case .down: return count
        case .right(let showing): return min(count, max(1, showing))
        }
    }

    /// Each card's corner relative to the pile's origin, bottom card first.
    static func offsets(of cards: [PlacedCard], fan: PileFan, metrics m: LayoutMetrics) -> [LayoutPoint] {
        switch fan {
        case .stacked:
            return cards.map { _ in LayoutPoint(x: 0, y: 0) }
        case .right(let showing):
            let squared = cards.count - min(cards.count, max(1, showing))
            return cards.indices.map { LayoutPoint(x: max(0, $0 - squared) * m.sideStep, y: 0) }
        case .down:
            // A step follows every card but the top one; a long pile's steps shrink to fit, down
            // to the smallest legible step.
            let steps = cards.dropLast()
            let faceUp = steps.filter(\.isFaceUp).count
            let spread = faceUp * m.faceUpStep + (steps.count - faceUp) * m.faceDownStep
            var upStep = m.faceUpStep
            var downStep = m.faceDownStep
            if spread > m.longestFan {
                upStep = max(m.smallestFaceUpStep, m.faceUpStep * m.longestFan / spread)
                downStep = max(m.smallestFaceDownStep, m.faceDownStep * m.longestFan / spread)
            }
            var y = 0
            return cards.map { card in
                defer { y += card.isFaceUp ? upStep : downStep }
                return LayoutPoint(x: 0, y: y)
            }
        }
    }
}
