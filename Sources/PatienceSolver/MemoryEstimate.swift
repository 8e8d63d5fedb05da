import Foundation
import PatienceDiagnostics
import PatienceCards
import PatienceEngine
import PatienceFormats

/// The memory a search holds, from the capacities of its growing arrays, and what it would hold at
/// the worst moment of its next growth: an array that grows allocates a buffer twice its size
/// while the old one is still alive, so the peak is the total plus twice the largest array. The
/// budget is checked against that peak before the growth can happen, so that a search stops with
/// `unknown: memory limit` instead of failing to allocate.
struct MemoryEstimate {
    private(set) var total = 0
    private(set) var largest = 0

    /// Adds an array of `bytes`.
    mutating func add(_ bytes: Int) {
        total += bytes
        largest = max(largest, bytes)
    }

    /// Adds what another estimate counted.
    mutating func add(_ other: MemoryEstimate) {
        total += other.total
        largest = max(largest, other.largest)
    }

    /// The most the search can hold during its next growth.
    var peak: Int { total + 2 * largest }
}

extension SearchBudget {
    /// The default memory budget: a quarter of the machine's physical memory, and no more than a
    /// third of what the address-space limit (`ulimit -v`) leaves above what the process already
    /// maps, so that a search under that limit stops with `unknown: memory limit` rather than
    /// failing to allocate. At least 16 MiB.
    public static let machineShareOfMemory: Int = {
        var share = Int(clamping: ProcessInfo.processInfo.physicalMemory / 4)
        if let room = addressSpaceLeft() { share = min(share, room / 3) }
        return max(share, 16 << 20)
    }()

    /// Bytes the address-space limit leaves above the process's current mappings; nil without a limit.
    static func addressSpaceLeft() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        let mapped = mappedBytes() ?? 0
        return max(Int(clamping: limit.rlim_cur) - mapped, 0)
    }

    /// The process's mapped bytes (`/proc/self/statm`'s first field), where it can be read.
    private static func mappedBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").first.flatMap({ Int($0) }) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
