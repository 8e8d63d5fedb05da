#!/usr/bin/env bash
# Regenerates Tests/Fixtures/ms-board-hashes.txt from the reference program.
#
# For each block of 1000 Microsoft FreeCell deals (1-1000, 1001-2000, ..., 31001-32000) it
# runs `make-microsoft-freecell-board -t N` for every N of the block in increasing order,
# concatenates the programs' standard output bytes exactly as printed, and hashes them with
# 64-bit FNV-1a: start from 0xcbf29ce484222325; for each byte, XOR the byte in, then multiply
# by 0x100000001b3 modulo 2^64. The hash is written as 16 lower-case hex digits.
#
# Needs `make-microsoft-freecell-board` (Debian package freecell-solver-bin) and python3.
# Usage: Scripts/make-ms-board-hashes.sh [output-file]   (run from the package root)
set -euo pipefail

out=${1:-Tests/Fixtures/ms-board-hashes.txt}
block=1000
last_deal=32000
jobs=${JOBS:-2}

command -v make-microsoft-freecell-board >/dev/null || {
    echo "make-microsoft-freecell-board not found (apt-get install freecell-solver-bin)" >&2
    exit 1
}

# Writes "first last hash" for the block starting at deal $1 to $work/$1, one file per
# block so that blocks hashed in parallel cannot interleave their output.
hash_block() {
    local first=$1 last=$(( $1 + block - 1 ))
    local n
    for (( n = first; n <= last; n++ )); do
        make-microsoft-freecell-board -t "$n"
    done | python3 -c '
import sys
h = 0xcbf29ce484222325
for b in sys.stdin.buffer.read():
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
print(f"{sys.argv[1]} {sys.argv[2]} {h:016x}")
' "$first" "$last" > "$work/$first"
}
export -f hash_block
export block

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export work
seq 1 "$block" "$last_deal" | xargs -P "$jobs" -I{} bash -c 'hash_block {}'

version=$(dpkg-query -W -f='${Version}' freecell-solver-bin 2>/dev/null || echo unknown)
{
    echo "# Microsoft FreeCell deals as printed by make-microsoft-freecell-board -t N"
    echo "# (freecell-solver-bin $version), made by Scripts/make-ms-board-hashes.sh."
    echo "# Each line: first last hash. The hash is 64-bit FNV-1a (offset basis 0xcbf29ce484222325,"
    echo "# prime 0x100000001b3) of the program's stdout bytes for deals first...last, concatenated"
    echo "# in increasing order, written as 16 lower-case hex digits."
    for (( first = 1; first <= last_deal; first += block )); do
        cat "$work/$first"
    done
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out" >&2
