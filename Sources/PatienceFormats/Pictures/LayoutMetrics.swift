import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine

/// The sizes a picture of a table is drawn with, in SVG user units (pixels at 100 %).
public struct LayoutMetrics: Hashable, Sendable {
    /// The width of a card.
    public var cardWidth: Int
    /// The height of a card.
    public var cardHeight: Int
    /// The rounding of a card's corners.
    public var cornerRadius: Int
    /// Between two piles of one zone.
    public var pileGap: Int
    /// Between two zones of one group.
    public var zoneGap: Int
    /// The least space between a band's left and right groups.
    public var groupGap: Int
    /// Between two rows of piles of one zone.
    public var rowGap: Int
    /// Between two bands.
    public var bandGap: Int
    /// Around the whole picture.
    public var margin: Int
    /// The strip above each row of piles that holds the piles' addresses.
    public var labelHeight: Int
    /// How far a fanned-down card lies below a face-up card under it: enough to show its rank and suit.
    public var faceUpStep: Int
    /// How far a fanned-down card lies below a face-down card under it.
    public var faceDownStep: Int
    /// How far a card fanned to the right lies from the one under it.
    public var sideStep: Int
    /// The most a fanned-down pile spreads (from its bottom card to its top card) before its steps
    /// shrink; at the standard sizes, a column of twenty face-up cards still has full steps.
    public var longestFan: Int
    /// The steps never shrink below these, so that ranks and suits stay legible.
    public var smallestFaceUpStep: Int
    /// The least step below a face-down card.
    public var smallestFaceDownStep: Int
    /// The height of the caption line above the table, when there is one.
    public var captionHeight: Int

    /// The sizes the command line and the README pictures use.
    public static let standard = LayoutMetrics(
        cardWidth: 66, cardHeight: 92, cornerRadius: 6, pileGap: 14, zoneGap: 26, groupGap: 40, rowGap: 10,
        bandGap: 18, margin: 16, labelHeight: 16, faceUpStep: 24, faceDownStep: 8, sideStep: 26, longestFan: 456,
        smallestFaceUpStep: 19, smallestFaceDownStep: 4, captionHeight: 26)

    /// Sizes given one by one; ``standard`` holds the usual ones.
    public init(cardWidth: Int, cardHeight: Int, cornerRadius: Int, pileGap: Int, zoneGap: Int, groupGap: Int, rowGap: Int,
                bandGap: Int, margin: Int, labelHeight: Int, faceUpStep: Int, faceDownStep: Int, sideStep: Int,
                longestFan: Int, smallestFaceUpStep: Int, smallestFaceDownStep: Int, captionHeight: Int) {
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.cornerRadius = cornerRadius
        self.pileGap = pileGap
        self.zoneGap = zoneGap
        self.groupGap = groupGap
        self.rowGap = rowGap
        self.bandGap = bandGap
        self.margin = margin
        self.labelHeight = labelHeight
        self.faceUpStep = faceUpStep
        self.faceDownStep = faceDownStep
        self.sideStep = sideStep
        self.longestFan = longestFan
        self.smallestFaceUpStep = smallestFaceUpStep
        self.smallestFaceDownStep = smallestFaceDownStep
        self.captionHeight = captionHeight
    }
}
