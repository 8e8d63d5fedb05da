#!/usr/bin/env bash
# Builds a libFuzzer target with AddressSanitizer and runs it for a given time.
#
#   Scripts/fuzz.sh lint SECONDS     # rule files through lint, compile, deal and a short playout
#   Scripts/fuzz.sh engine SECONDS   # moves, taps, drags, undo/redo and saves on the bundled games
#   Scripts/fuzz.sh limits SECONDS   # rule files through reading, lint and rendering, with the caps on
#                                    # findings checked, and the same bytes as language-server input
#
# The library sources are compiled together with the harness (Tests/PatienceTests/FuzzHarness.swift,
# with -D PATIENCE_FUZZ) and the target's file in
# one swiftc invocation (the targets are not SwiftPM targets). The working corpus and any
# reproducer (crash-*, leak-*, timeout-*, oom-*, and slow-unit-* for a unit that timed out but
# finished when run alone) are kept in fuzz-out/TARGET/, which is git-ignored.
# Exits non-zero on any crash, leak, hang or invariant failure; prints the number of
# executions at the end. PATIENCE_FUZZ_UNIT_TIMEOUT (10 s) and PATIENCE_FUZZ_REPLAY_TIMEOUT
# (120 s) set the two time limits of a unit. Replay a reproducer with: .build/fuzz/TARGET fuzz-out/TARGET/crash-…
# (set PATIENCE_FUZZ_RULES=Rules for the lint target, as this script does).
set -euo pipefail

usage() { echo "usage: $0 lint|engine|limits SECONDS" >&2; exit 64; }
[[ $# -eq 2 ]] || usage
target=$1
seconds=$2
[[ $target == lint || $target == engine || $target == limits ]] || usage
[[ $seconds =~ ^[0-9]+$ ]] || usage

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=.build/fuzz
out=fuzz-out/$target
mkdir -p "$build" "$out/corpus" "$out/seeds"

# The library is several SwiftPM targets (see Package.swift), but a libFuzzer binary is one
# swiftc invocation: every library target's sources are compiled as one module, copied with
# their `import Patience…` and `import TestSupport` lines taken out (the names they import are
# in the same module now) and `-package-name` so that `package` declarations are visible. The
# executables (PatienceCLI, PatienceBench) have their own `main` and are left out.
library_targets=(PatienceDiagnostics PatienceCards PatienceLanguage PatienceChecking PatienceEngine PatienceCompiler
    PatienceFormats Patience PatienceSolver PatienceDescribing PatienceLanguageServer PatienceCommandLine)
# The limits target needs only the stages up to the checker, and the language server's reader.
[[ $target == limits ]] && library_targets=(PatienceDiagnostics PatienceCards PatienceLanguage PatienceChecking)
stripped=$build/sources
rm -rf "$stripped"
strip_imports() { # FILE DEST
    mkdir -p "$(dirname "$2")"
    sed -E 's/^[[:space:]]*(@testable[[:space:]]+|@_exported[[:space:]]+)?import[[:space:]]+(Patience[A-Za-z]*|TestSupport)[[:space:]]*$//' "$1" > "$2"
}
sources=()
for library in "${library_targets[@]}"; do
    while IFS= read -r -d '' file; do
        # One module, so file names must be unique across targets (the engine and the solver both
        # have a DeadEnds.swift): each copy's name starts with its target's.
        copy=$stripped/$library/$library-$(basename "$file")
        strip_imports "$file" "$copy"
        sources+=("$copy")
    done < <(find "Sources/$library" -name '*.swift' -print0 | sort -z)
done
if [[ $target == limits ]]; then
    for file in Sources/PatienceLanguageServer/Transport.swift Sources/PatienceLanguageServer/JSON.swift; do
        strip_imports "$file" "$stripped/PatienceLanguageServer/PatienceLanguageServer-$(basename "$file")"
        sources+=("$stripped/PatienceLanguageServer/PatienceLanguageServer-$(basename "$file")")
    done
    strip_imports Tests/TestSupport/FramingCheck.swift "$stripped/Tests/TestSupport/FramingCheck.swift"
    sources+=("$stripped/Tests/TestSupport/FramingCheck.swift")
else
    # The harness lives in the test target, so that the regression tests replay inputs through it.
    strip_imports Tests/PatienceTests/FuzzHarness.swift "$stripped/FuzzHarness.swift"
    sources+=("$stripped/FuzzHarness.swift")
    # The game invariants the harness checks are stated once, in the test-support target.
    for support in Tests/TestSupport/GameInvariants.swift Tests/TestSupport/Candidates.swift Tests/TestSupport/FramingCheck.swift; do
        strip_imports "$support" "$stripped/$support"
        sources+=("$stripped/$support")
    done
fi

case $target in
lint)
    sources+=(Fuzz/LintTarget.swift)
    seeds=(Rules Tests/Fixtures/BrokenRules Tests/Fixtures/FuzzRegressions/lint)
    for fixture in Tests/Fixtures/*.patience; do cp "$fixture" "$out/seeds/"; done
    seeds+=("$out/seeds")
    max_len=16384
    dict=(-dict=Fuzz/patience.dict)
    ;;
limits)
    sources+=(Fuzz/LimitsTarget.swift)
    # The hostile corpus first: NUL bytes, floods of findings, long lines, other encodings, bad framing.
    seeds=(Tests/Fixtures/FuzzRegressions/lint Tests/Fixtures/BrokenRules)
    max_len=16384
    dict=(-dict=Fuzz/patience.dict)
    ;;
engine)
    # The bundled rule files, embedded so that the binary alone replays a reproducer.
    generated=$build/BundledRules.swift
    {
        echo '// Generated by Scripts/fuzz.sh from Rules/*.patience; do not edit.'
        echo 'let bundledRuleFiles: [String: String] = ['
        for rule in Rules/*.patience; do
            printf '    "%s": #####"""\n' "$(basename "$rule")"
            cat "$rule"
            printf '\n"""#####,\n'
        done
        echo ']'
    } > "$generated"
    sources+=("$generated" Fuzz/EngineTarget.swift)
    # A few seeds: each game (byte 0) with a seeded and a Microsoft deal (byte 1), then plays.
    for game in 0 1 2 3 4 5 6 7; do
        for kind in 0 1; do
            printf "\\x$(printf %02x $game)\\x$(printf %02x $kind)\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x$(printf %02x $((game * 7 + 1)))" > "$out/seeds/game$game-$kind"
            head -c 64 /dev/zero | tr '\0' '\1' >> "$out/seeds/game$game-$kind"
            printf '\x00\x03\x0a\x0b\x01\x0d\x0e\x02\x05\x0f\x0c\x07\x09' >> "$out/seeds/game$game-$kind"
        done
    done
    seeds=("$out/seeds" Tests/Fixtures/FuzzRegressions/engine)
    max_len=256
    dict=()
    ;;
esac

binary=$build/$target
echo "building $binary (swiftc -sanitize=fuzzer,address -O -g) …"
if ! nice swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -D PATIENCE_FUZZ -O -g -module-name PatienceFuzz -package-name Patience \
        "${sources[@]}" -o "$binary" > "$build/$target-build.log" 2>&1; then
    grep -v 'ld.gold: warning' "$build/$target-build.log" >&2 || true
    echo "build failed; the full log is in $build/$target-build.log" >&2
    exit 2
fi

existing_seeds=()
for dir in "${seeds[@]}"; do [[ -d $dir ]] && existing_seeds+=("$dir"); done

export PATIENCE_FUZZ_RULES="$root/Rules"
# Swift allocates often; recording two frames per allocation instead of 30 keeps AddressSanitizer
# from spending a third of the time unwinding stacks. Leak detection stays on.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=2}
# The engine target's games live for the whole run, in arrays that the check at exit cannot see
# (Fuzz/EngineTarget.swift says why); libFuzzer still checks every input that allocates more
# than it frees.
if [[ $target == engine ]]; then export ASAN_OPTIONS="$ASAN_OPTIONS:leak_check_at_exit=0"; fi
# Swift's own crash backtracer reads memory that AddressSanitizer then reports as an overflow of its
# own; libFuzzer's deadly-signal handler prints the symbolized stack (file:line, thanks to -g) instead.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
log=$out/fuzz.log
# A unit that takes longer than `unit_timeout` seconds stops libFuzzer with a timeout-* file. On a
# loaded machine that may be a slow unit rather than a hang, so the unit is run again alone with
# `replay_timeout` seconds: if it finishes it is kept as slow-unit-* (and reported, not failed) and
# fuzzing goes on for the time left; if it times out again it is a hang, and the script fails.
unit_timeout=${PATIENCE_FUZZ_UNIT_TIMEOUT:-10}
replay_timeout=${PATIENCE_FUZZ_REPLAY_TIMEOUT:-120}
echo "fuzzing $target for $seconds s; log in $log, reproducers in $out/"
: > "$log"
status=0
executions=0
slow_units=0
deadline=$((SECONDS + seconds))
while (( SECONDS < deadline )); do
    left=$((deadline - SECONDS))
    run_log=$out/fuzz-run.log
    run_status=0
    before=$(ls -1 "$out" | grep -E '^timeout-' || true)
    nice "$binary" \
        -max_total_time="$left" \
        -timeout="$unit_timeout" \
        -rss_limit_mb=4096 \
        -max_len="$max_len" \
        ${dict[@]+"${dict[@]}"} \
        -artifact_prefix="$out/" \
        -print_final_stats=1 \
        "$out/corpus" "${existing_seeds[@]}" > "$run_log" 2>&1 || run_status=$?
    cat "$run_log" >> "$log"
    run_executions=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$run_log" | grep -oE '[0-9]+$' | tail -1 || true)
    # A run stopped by a timeout prints no final stats; its last status line says how far it got.
    [[ -n $run_executions ]] || run_executions=$(grep -oE '^#[0-9]+' "$run_log" | tail -1 | tr -d '#' || true)
    executions=$((executions + ${run_executions:-0}))
    [[ $run_status -eq 0 ]] && break
    new_timeouts=$(comm -13 <(echo "$before" | sort) <(ls -1 "$out" | grep -E '^timeout-' | sort) || true)
    if [[ -z $new_timeouts ]]; then
        status=$run_status
        break
    fi
    hang=
    for unit in $new_timeouts; do
        echo "unit $unit took over $unit_timeout s; running it alone with $replay_timeout s …" | tee -a "$log"
        if timeout "$((replay_timeout + 10))" nice "$binary" -timeout="$replay_timeout" -rss_limit_mb=4096 "$out/$unit" >> "$log" 2>&1; then
            mv "$out/$unit" "$out/slow-unit-${unit#timeout-}"
            slow_units=$((slow_units + 1))
            echo "  slow, not hung: kept as $out/slow-unit-${unit#timeout-}; fuzzing goes on" | tee -a "$log"
        else
            hang=$unit
            echo "  hung again: $out/$unit" | tee -a "$log"
        fi
    done
    if [[ -n $hang ]]; then
        status=$run_status
        break
    fi
done

grep -E '^(==[0-9]+==ERROR|SUMMARY|INVARIANT FAILED|artifact_prefix|Test unit written)|Done [0-9]+ runs' "$log" || true
echo "executions: $executions"
(( slow_units == 0 )) || echo "slow units (finished when run alone): $slow_units"
if [[ $status -ne 0 ]]; then
    echo "fuzz target '$target' failed (exit status $status); reproducer(s):" >&2
    ls -1 "$out" | grep -E '^(crash|leak|timeout|oom)-' | sed "s|^|  $out/|" >&2 || true
    exit "$status"
fi
