import Foundation
import Testing
import TestSupport
@testable import PatienceDescribing

/// The outputs of `patience describe` that the README quotes are what the describer writes now.
@Suite struct DescribeReadmeTests {
    /// Every `sh` block of the README that starts with `$ swift run patience describe`, as its
    /// arguments and the lines quoted under it.
    static func quotedRuns() throws -> [(arguments: [String], output: String)] {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var runs: [(arguments: [String], output: String)] = []
        var current: (arguments: [String], lines: [String])?
        var inShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if inShell, line == "```" {
                if let run = current { runs.append((run.arguments, run.lines.map { $0 + "\n" }.joined())) }
                current = nil
                inShell = false
            } else if inShell {
                if line.hasPrefix("$ swift run patience describe ") {
                    current = (line.dropFirst("$ swift run patience describe ".count).split(separator: " ").map(String.init), [])
                } else {
                    current?.lines.append(line)
                }
            } else if line == "```sh" {
                inShell = true
            }
        }
        return runs
    }

    @Test func theReadmesDescriptionsAreCurrent() throws {
        let runs = try Self.quotedRuns()
        expectGreaterOrEqual(runs.count, 2)
        for run in runs {
            var options: [String: String] = [:]
            var format = DescriptionFormat.text
            var path = ""
            var words = run.arguments[...]
            while let word = words.popFirst() {
                if word == "--option", let setting = words.popFirst(), let equals = setting.firstIndex(of: "=") {
                    options[String(setting[..<equals])] = String(setting[setting.index(after: equals)...])
                } else if word == "--format", let name = words.popFirst(), let chosen = DescriptionFormat(rawValue: name) {
                    format = chosen
                } else {
                    path = TestPaths.packageRoot.appendingPathComponent(word).path
                }
            }
            guard case .success(let description) = RulesDescriber.describe(path: path, options: options) else {
                Issue.record("\(run.arguments) does not describe")
                continue
            }
            expectEqual(description.rendered(as: format), run.output, "README: describe \(run.arguments.joined(separator: " "))")
        }
    }
}
