import Foundation
import Testing

/// Freecell Solver's solution of Microsoft deal 1, as fc-solve printed it (a fixture).
package func freeCellSolutionOfDealOne() throws -> String {
    let url = TestPaths.fixture("ms-solutions-1-100.txt")
    let line = try #require(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("1:") })
    return String(line.dropFirst(2))
}
