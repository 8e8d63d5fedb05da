import Foundation
import PatienceCards
import PatienceEngine

extension MicrosoftDeal {
    /// Deal `n` as board text holding only its tableau columns, all cards face up, or nil
    /// if `n` is outside ``range``. Its ``BoardText/rendered(style:)`` output is byte for
    /// byte what `make-microsoft-freecell-board -t n` prints.
    public static func board(forDeal n: Int) -> BoardText? {
        guard let columns = columns(forDeal: n) else { return nil }
        return BoardText(faceUpColumns: columns)
    }
}
