import Foundation
import Patience
import PatienceEngine
import PatienceCards

/// Monotonic nanoseconds.
func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Repeated timings of one quantity: the median is quoted, the spread is min…max.
struct Sample: Codable {
    var values: [Double]

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    var minimum: Double { values.min() ?? 0 }
    var maximum: Double { values.max() ?? 0 }

    func formatted(_ decimals: Int = 1) -> String {
        String(format: "%.\(decimals)f (%.\(decimals)f–%.\(decimals)f)", median, minimum, maximum)
    }
}

/// `text` padded with spaces to `width` characters, on the left when `right` (for numbers): the
/// tables' columns line up (Foundation's `%-13@` does not pad on Linux).
func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
}

/// Times `body` `repetitions` times, returning nanoseconds per unit of work (body returns its unit count).
func measure(repetitions: Int, _ body: () -> Int) -> Sample {
    var values: [Double] = []
    for _ in 0..<repetitions {
        let start = nanoseconds()
        let units = body()
        values.append(Double(nanoseconds() - start) / Double(max(units, 1)))
    }
    return Sample(values: values)
}

/// The largest resident set this program has had, in MiB. Linux's `VmHWM` counts only this
/// program's image; `getrusage` would also count whatever ran in the process before `exec`,
/// and `swift run` is such a process (it reported over 100 MiB that way).
func peakMemoryMiB() -> Double {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "") {
        return kibibytes / 1024
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// Keeps the optimizer from discarding a computed result.
@inline(never)
func consume<T>(_ value: T) { withExtendedLifetime(value) {} }
