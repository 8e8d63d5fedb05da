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

// The games are compiled before the first input, once for the whole run. AddressSanitizer's leak
// check cannot see every pointer into them: Swift keeps the arrays nested in a multi-payload enum
// (`Operation.conditional`'s branches, `forEach`'s body) with its case tag in the pointer's spare
// bits, so at exit the check reports them as lost although `games` holds them to the end. fuzz.sh
// therefore turns the check at exit off for this target; libFuzzer's own check after an input that
// allocates more than it frees still runs.
@_cdecl("LLVMFuzzerInitialize")
public func engineFuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    _ = games.count
    return 0
}
