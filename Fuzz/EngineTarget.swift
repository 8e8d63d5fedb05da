// libFuzzer target: the bytes become a bundled game (Rules/, embedded by Scripts/fuzz.sh as
// `bundledRuleFiles`), a deal, and a sequence of moves, taps, drags, undos, redos, saves and edited
// saves, with the engine's invariants checked after every step (`FuzzHarness.engine` in
// Tests/PatienceTests/FuzzHarness.swift). Built by `Scripts/fuzz.sh engine SECONDS`, not by SwiftPM.
import Foundation

private let games: [GameRules] = {
    do {
        return try FuzzHarness.compileBundledGames(bundledRuleFiles)
    } catch {
        FileHandle.standardError.write(Data("\n\(error)\n".utf8))
        abort()
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func engineFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        try FuzzHarness.engine(bytes, games: games)
    } catch {
        // libFuzzer reports the abort as a crash and writes the input to fuzz-out/engine/crash-….
        FileHandle.standardError.write(Data("\nINVARIANT FAILED: \(error)\n".utf8))
        abort()
    }
    return 0
}
