import Foundation
import Patience

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
let selected = ProcessInfo.processInfo.environment["PB_GAME"].map { [$0] } ?? ["Klondike", "FreeCell", "Spider"]
for name in selected {
    let rules = try GameCompiler.compile(path: root.appendingPathComponent("Rules/\(name).patience").path)
    var corpus: [(Table, Move)] = []
    for seed in 0..<50 {
        var table = try rules.deal(.seed(UInt64(seed)))
        var rng = SeededGenerator(seed: UInt64(seed) &+ 1000)
        for _ in 0..<40 {
            for _ in 0..<10 {
                let s = rng.nextIndex(below: table.piles.count), d = rng.nextIndex(below: table.piles.count)
                let c = 1 + rng.nextIndex(below: max(1, table.piles[s].count))
                corpus.append((table, Move(source: s, count: c, destination: d)))
            }
            let plays = rules.legalPlays(on: table)
            if plays.isEmpty { break }
            table = try rules.applying(plays[rng.nextIndex(below: plays.count)], to: table)
        }
    }
    var legal = 0
    let start = now()
    for _ in 0..<5 { for (t, m) in corpus where rules.allows(m, on: t) { legal += 1 } }
    let ns = Double(now() - start) / Double(corpus.count * 5)
    let t0 = now()
    var listed = 0
    for (t, _) in corpus.prefix(2000) { listed += rules.legalMoves(on: t).count }
    let listUs = Double(now() - t0) / 1000 / Double(min(2000, corpus.count))
    print(name, corpus.count, "positions;", String(format: "%.0f ns/validate, %.1f µs/listing", ns, listUs), legal, listed)
}
