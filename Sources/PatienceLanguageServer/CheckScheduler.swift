import Foundation
import Synchronization
import PatienceDiagnostics
import PatienceChecking
import PatienceDescribing

/// What one check of a document needs: its text, its path and the other open documents.
package struct CheckJob: Sendable {
    package var uri: String
    package var path: String
    package var version: Int
    package var text: String
    package var files: [String: String]
}

/// What a check found: the lint result and, for a file without errors, its description.
package struct CheckOutcome: Sendable {
    package var lint: FileLintResult
    package var description: RulesDescription?
}

/// Runs the checks of documents on a queue of their own, so that requests are answered while a
/// check runs. Edits that arrive during a check replace the one waiting; only the newest
/// version of a document is checked next, and a result for an older version is dropped.
package final class CheckScheduler: Sendable {
    private struct State {
        var pending: [String: CheckJob] = [:]
        var latestVersion: [String: Int] = [:]
        var descriptions: [String: RulesDescription] = [:]
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "patience.lsp.check", qos: .utility)
    private let check: @Sendable (CheckJob) -> CheckOutcome
    private let publish: @Sendable (CheckJob, FileLintResult) -> Void

    /// A scheduler that checks with `check` and hands each current result to `publish`.
    package init(check: @escaping @Sendable (CheckJob) -> CheckOutcome, publish: @escaping @Sendable (CheckJob, FileLintResult) -> Void) {
        self.check = check
        self.publish = publish
    }

    /// The check the server runs: the linter, then the describer when there is no error.
    package static func standardCheck(_ job: CheckJob) -> CheckOutcome {
        let lint = lintDocument(job.text, path: job.path, files: job.files)
        guard lint.errorCount == 0 else { return CheckOutcome(lint: lint, description: nil) }
        let described = try? RulesDescriber.describe(path: job.path, source: job.text, files: job.files).get()
        return CheckOutcome(lint: lint, description: described)
    }

    /// Asks for a check of this version of a document; returns at once.
    package func submit(_ job: CheckJob) {
        state.withLock {
            $0.pending[job.uri] = job
            $0.latestVersion[job.uri] = job.version
        }
        queue.async { self.runPending(job.uri) }
    }

    private func runPending(_ uri: String) {
        guard let job = state.withLock({ $0.pending.removeValue(forKey: uri) }) else { return }
        let outcome = check(job)
        let isCurrent = state.withLock { state -> Bool in
            guard state.latestVersion[uri] == job.version else { return false }
            if let description = outcome.description { state.descriptions[uri] = description }
            return true
        }
        if isCurrent { publish(job, outcome.lint) }
    }

    /// Forgets a closed document; a check under way for it is dropped.
    package func close(_ uri: String) {
        state.withLock {
            $0.pending[uri] = nil
            $0.latestVersion[uri] = nil
            $0.descriptions[uri] = nil
        }
    }

    /// The description of the last version of the document that checked without errors.
    package func description(of uri: String) -> RulesDescription? {
        state.withLock { $0.descriptions[uri] }
    }
}
