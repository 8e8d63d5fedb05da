import Foundation
import Testing
import TestSupport
@testable import PatienceDiagnostics
@testable import PatienceCards
@testable import PatienceLanguage
@testable import PatienceChecking
@testable import PatienceEngine
@testable import PatienceCompiler
@testable import PatienceFormats
@testable import Patience
@testable import PatienceCommandLine

/// Checks Microsoft deals against `make-microsoft-freecell-board -t N` (Freecell Solver 5.0.0):
/// deals 1-100 board by board, all of 1-32000 through block hashes made by
/// `Scripts/make-ms-board-hashes.sh`, and pinned boards from the extended ranges.
@Suite("Microsoft deals")
struct MicrosoftDealTests {
    /// One line of `ms-board-hashes.txt`: the FNV-1a hash of the boards of deals `first...last`.
    struct HashBlock: Sendable, CustomTestStringConvertible {
        var first: Int
        var last: Int
        var hash: UInt64
        var testDescription: String { "deals \(first)-\(last)" }
    }

    static let referenceBoards: [Int: String] = loadReferenceBoards()
    static let hashBlocks: [HashBlock] = loadHashBlocks()

    @Test(arguments: 1...100)
    func boardMatchesReferenceProgram(deal: Int) throws {
        let expected = try #require(Self.referenceBoards[deal])
        let board = try #require(MicrosoftDeal.board(forDeal: deal))
        expectEqual(board.rendered(), expected)
    }

    @Test func referenceFixtureHoldsDealsOneToHundred() {
        expectEqual(Set(Self.referenceBoards.keys), Set(1...100))
    }

    @Test func hashFixtureCoversDealsOneTo32000() {
        expectEqual(Self.hashBlocks.count, 32)
        expectEqual(Self.hashBlocks.first?.first, 1)
        expectEqual(Self.hashBlocks.last?.last, 32000)
        expectTrue(zip(Self.hashBlocks, Self.hashBlocks.dropFirst()).allSatisfy { $0.last + 1 == $1.first })
    }

    /// Every block of deals in the long run, one in four in the default run.
    @Test(arguments: TestPaths.sample(MicrosoftDealTests.hashBlocks, oneIn: 4))
    func blockOfBoardsMatchesReferenceHash(block: HashBlock) throws {
        var hash = FNV1a64()
        for deal in block.first...block.last {
            let board = try #require(MicrosoftDeal.board(forDeal: deal))
            hash.add(board.rendered().utf8)
        }
        expectEqual(hash.value, block.hash)
    }

    /// A board printed by the reference program, named by its deal in test output.
    struct PinnedBoard: Sendable, CustomTestStringConvertible {
        var deal: Int
        var text: String
        var testDescription: String { "deal \(deal)" }
    }

    /// Boards beyond 32000, printed by the reference program, from each of the three ranges
    /// of deal numbers and their edges.
    static let extendedBoards: [PinnedBoard] = [
        PinnedBoard(deal: 32001, text: "KC 9S TH 8D 7C AS 9C\nJH JD 4H 9D 8H JS 3C\n3S AH 4D 7S 2H 6H JC\n8S QC 3D 6C KH TD KS\nQS 6S 3H 5D 8C 5C\n5S 5H 4C 4S 6D 7H\nTC 2D KD 2C TS QH\nQD 2S 7D AC 9H AD\n"),
        PinnedBoard(deal: 1_000_000, text: "2D 9C KD JD 3H TC TS\n6H 3D 5H 7S 4S AS AH\n6S 7D 5D QD 3S 6D 9S\nTH 7C QH 8D KC 8H 4H\nJC QC JH 2H KH 2C\n3C AC 6C AD 9D QS\n4D 2S 9H 5C 7H 5S\nTD 4C KS 8C 8S JS\n"),
        PinnedBoard(deal: 2_147_483_647, text: "9S JH 7S 5S 5D 5C 7D\n2H TC 6C AD QH JD 9C\n7C TD 3H TH 8C AS 7H\n5H QS 8S 3C 6H QC 8H\n4C 3S KD 2C 6S AC\n6D KH TS AH QD KC\n3D 8D 9D 2D 4H 2S\n4S JC 4D 9H JS KS\n"),
        PinnedBoard(deal: 2_147_483_648, text: "QH 3H 7D 4D TS QD 6D\nQC JD 3C 5D 7H 6H 4S\n2H KC 8S TD JH AD 5S\n6S 7C 7S TC 5H 9S AC\n2S 8H TH 9C 3S 2D\n3D 5C JC AH 6C KH\nKS 8D AS 4H 2C 4C\n8C 9H QS JS 9D KD\n"),
        PinnedBoard(deal: 4_294_967_295, text: "JS QH TC 7S KC 3H QS\n9C TH 8C 8D 5D 3D TS\nJH AS AH KD TD 8S JC\n2D 6D KS AD 9H 4D 3C\nQC 5S 7C KH 2C AC\n8H 4H 4C 7H 9D 2H\n7D JD 5H 4S 6H QD\n6S 9S 3S 2S 6C 5C\n"),
        PinnedBoard(deal: 4_294_967_296, text: "TS 3S KC 4H 9H 3H 4D\n5S QD 3D 9S 2H 6H KH\n2S 7C 9C 8D 6S AH JH\nTD 7D 8C 5C 2D QC QH\n3C 8S TH 7S TC 7H\nAD 5D JD AS 6C 9D\nJC 5H 2C 4S KS KD\n6D 4C QS JS 8H AC\n"),
        PinnedBoard(deal: 8_589_934_591, text: "TC 8S 8C 6C 5H 5C 9C\n2S TD 6D 8D 9H 9S 6S\nJS TH 3S JD 4H QC 3D\n5S QS KD AH AS JH 4S\n4D 4C 7D JC 2D AD\n6H KH TS 7H QD QH\n3H 2C KC 2H 5D 9D\n7C KS 8H 3C AC 7S\n"),
    ]

    @Test(arguments: MicrosoftDealTests.extendedBoards)
    func extendedDealMatchesReferenceProgram(pinned: PinnedBoard) throws {
        let board = try #require(MicrosoftDeal.board(forDeal: pinned.deal))
        expectEqual(board.rendered(), pinned.text)
    }

    @Test(arguments: [Int.min, -1, 0, 8_589_934_592, Int.max])
    func dealOutsideRangeHasNoCards(deal: Int) {
        expectEqual(MicrosoftDeal.cards(forDeal: deal), nil)
        expectEqual(MicrosoftDeal.columns(forDeal: deal), nil)
        expectEqual(MicrosoftDeal.board(forDeal: deal), nil)
    }

    @Test func rangeIsOneToTwoToTheThirtyThreeMinusOne() {
        expectEqual(MicrosoftDeal.range, 1...(1 << 33) - 1)
    }

    @Test(arguments: [1, 617, 11982, 32000, 1 << 31, 1 << 32])
    func dealHoldsEachCardOnceInEightColumns(deal: Int) throws {
        let cards = try #require(MicrosoftDeal.cards(forDeal: deal))
        expectEqual(Set(cards), Set((0..<52).map { Card(rawValue: UInt16($0)) }))
        let columns = try #require(MicrosoftDeal.columns(forDeal: deal))
        expectEqual(columns.map(\.count), [7, 7, 7, 7, 6, 6, 6, 6])
        // Dealt card i lands on column i % 8, the first eight forming the bottom row.
        expectEqual(columns.map { $0[0] }, Array(cards.prefix(8)))
        expectEqual(columns[3][6], cards[51])
    }

    @Test func firstDealStartsWithJackOfDiamonds() throws {
        let cards = try #require(MicrosoftDeal.cards(forDeal: 1))
        expectEqual(cards.prefix(3), [Card(rank: 11, suit: .diamonds), Card(rank: 2, suit: .diamonds), Card(rank: 9, suit: .hearts)])
    }

    // MARK: - Fixture loading

    private static func fixtureText(_ name: String) -> String? {
        try? String(contentsOf: TestPaths.fixture("\(name).txt"), encoding: .utf8)
    }

    /// Reads `ms-boards-1-100.txt`: blocks that start with `# ms N`, then the board's lines
    /// up to a blank line. Each board keeps a newline after every line, as the program prints it.
    private static func loadReferenceBoards() -> [Int: String] {
        guard let text = fixtureText("ms-boards-1-100") else { return [:] }
        var boards: [Int: String] = [:]
        var current: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# ms "), let deal = Int(line.dropFirst(5)) {
                current = deal
                boards[deal] = ""
            } else if line.isEmpty {
                current = nil
            } else if let deal = current {
                boards[deal, default: ""] += line + "\n"
            }
        }
        return boards
    }

    /// Reads `ms-board-hashes.txt`: `#` comment lines, then `first last hash` lines.
    private static func loadHashBlocks() -> [HashBlock] {
        guard let text = fixtureText("ms-board-hashes") else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard !line.hasPrefix("#"), fields.count == 3,
                let first = Int(fields[0]), let last = Int(fields[1]), let hash = UInt64(fields[2], radix: 16)
            else { return nil }
            return HashBlock(first: first, last: last, hash: hash)
        }
    }
}

/// 64-bit FNV-1a, as `Scripts/make-ms-board-hashes.sh` computes it.
private struct FNV1a64 {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
    }
}
