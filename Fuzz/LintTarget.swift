// libFuzzer target: any bytes through the lexer, parser and checker (`lintRuleSource`); a file
// without errors is then compiled, dealt (`seed:N`, N from the bytes) and played for a few random
// steps with the engine's invariants checked after each (`FuzzHarness.lint` in
// Tests/PatienceTests/FuzzHarness.swift). Built by `Scripts/fuzz.sh lint SECONDS`, not by SwiftPM.
import Foundation

/// Where `extends` resolves: next to the bundled rules when PATIENCE_FUZZ_RULES names their
/// folder (so `extends "Klondike.patience"` works), else the working directory.
private let inputPath: String = {
    if let folder = ProcessInfo.processInfo.environment["PATIENCE_FUZZ_RULES"], !folder.isEmpty {
        return folder + "/fuzz-input.patience"
    }
    return "fuzz-input.patience"
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func lintFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        try FuzzHarness.lint(bytes, path: inputPath)
    } catch {
        // libFuzzer reports the abort as a crash and writes the input to fuzz-out/lint/crash-….
        FileHandle.standardError.write(Data("\nINVARIANT FAILED: \(error)\n".utf8))
        abort()
    }
    return 0
}
