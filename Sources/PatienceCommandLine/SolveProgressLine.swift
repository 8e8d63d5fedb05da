import PatienceSolver

/// The line `solve` keeps up to date on a terminal while it searches, written over itself with a
/// carriage return and erased at the end.
struct SolveProgressLine {
    let terminal: Terminal

    func show(_ progress: SearchProgress) {
        terminal.write("\r" + SolveProgressLine.text(of: progress) + "\u{1B}[K", to: .standardError)
    }

    func clear() {
        terminal.write("\r\u{1B}[K", to: .standardError)
    }

    /// Such as `searching (guided): 120,431 states, 84,210 nodes/s, 27.5 s left, 61 MiB of 5.9 GiB`.
    static func text(of progress: SearchProgress) -> String {
        "searching (\(progress.phase)): \(grouped(progress.statesStored)) states, \(grouped(Int(progress.nodesPerSecond))) nodes/s, "
            + "\(tenths(progress.secondsLeft)) s left, \(size(progress.bytes)) of \(size(progress.maxBytes))"
    }

    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }

    static func tenths(_ seconds: Double) -> String {
        let t = Int((seconds * 10).rounded())
        return "\(t / 10).\(t % 10)"
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 30 { return tenths(Double(bytes) / Double(1 << 30)) + " GiB" }
        return "\(bytes >> 20) MiB"
    }
}
