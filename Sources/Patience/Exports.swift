import Foundation
// The public API of Patience is this module's together with the stages it re-exports, so that an
// app writes `import Patience` and nothing else. Only what an app or a tool needs is public in
// those stages; the rest is `package`, for the command line, the bench and the tests.
@_exported import PatienceCards
@_exported import PatienceDiagnostics
@_exported import PatienceChecking
@_exported import PatienceCompiler
@_exported import PatienceEngine
@_exported import PatienceFormats
