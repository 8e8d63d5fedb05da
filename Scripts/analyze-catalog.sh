#!/usr/bin/env bash
# Solves deals 1 to 100 of catalog games with `patience analyze` and records each game's result
# as one row of Rules/Winnable.tsv, the file `patience list` reads its "Winnable" column from.
#
#   Scripts/analyze-catalog.sh [-j JOBS] [-s STATES] [GAME ...]
#
#   GAME     a rule file (Rules/Klondike.patience) or a game's name (Klondike, "Baker's Game");
#            without one, every rule file in Rules/
#   -j JOBS  worker threads for each game (default 1)
#   -s STATES the state budget of each deal (default 200000)
#
# The budget is the same for every deal of a game, and recorded in its row:
#   --max-states 200000   the decisive limit: a deal whose search stores 200,000 distinct states
#                         without a verdict is "unknown". States, unlike seconds, give the same
#                         verdicts on any machine and under any load; most deals are decided
#                         well within it. Games whose searches are slow (Klondike's relatives
#                         with many redeals take seconds a deal) may be given less with -s; the
#                         share the catalog shows is then a wider range, since more deals stay
#                         unknown.
#   --max-seconds 60 --clock cpu
#                         a safety net only, above what 200,000 states take in a release build
#                         (`swift build -c release`; a debug build is several times slower), so
#                         that it rarely decides anything.
# The solver is thoughtful (it sees every card), as `patience analyze` always is.
#
# Each run replaces the rows of the games it analysed and keeps the others. Columns: game (its
# name, as `patience list` prints it), deals, won (solved), lost (proved unwinnable), unknown
# (undecided within the budget) and budget; one header line; rows sorted by game.
# The executable is $PATIENCE, or the package's release build of `patience`.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
table="$root/Rules/Winnable.tsv"
deals='seed:1..100'
states=200000
jobs=1
while getopts 'j:s:h' flag; do
    case $flag in
        j) jobs=$OPTARG ;;
        s) states=$OPTARG ;;
        *) sed -n '2,29s/^# \{0,1\}//p' "$0" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
budget="states=$states"

if [[ -n ${PATIENCE:-} ]]; then
    patience=("$PATIENCE")
else
    (cd "$root" && swift build -c release --product patience >/dev/null)
    patience=("$(cd "$root" && swift build -c release --show-bin-path)/patience")
fi

games=("$@")
if [[ ${#games[@]} -eq 0 ]]; then
    games=("$root"/Rules/*.patience)
fi

rows=$(mktemp)
trap 'rm -f "$rows"' EXIT

# The new rows replace the old rows of the same games; sorted by game, header first. Run after
# each game, so that an interrupted run keeps what it finished.
# Two runs at once take turns through a lock, so neither loses the other's rows.
merge() {
flock "${TMPDIR:-/tmp}/patience-analyze-catalog.lock" python3 - "$table" "$rows" <<'EOF'
import sys
table, new = sys.argv[1], sys.argv[2]
header = "game\tdeals\twon\tlost\tunknown\tbudget"
rows = {}
try:
    with open(table) as f:
        for line in f.read().splitlines()[1:]:
            if line.strip():
                rows[line.split("\t")[0]] = line
except FileNotFoundError:
    pass
with open(new) as f:
    for line in f.read().splitlines():
        if line.strip():
            rows[line.split("\t")[0]] = line
with open(table, "w") as f:
    f.write(header + "\n")
    for game in sorted(rows, key=lambda g: (g.lower(), g)):
        f.write(rows[game] + "\n")
EOF
}

for game in "${games[@]}"; do
    summary=$(cd "$root" && "${patience[@]}" analyze "$game" --deals "$deals" --format json --jobs "$jobs" \
        --max-states "$states" --max-seconds 60 --clock cpu)
    # The summary is one JSON object; python3 reads it and writes the row.
    row=$(python3 -c '
import json, sys
s = json.loads(sys.stdin.read())
print("\t".join([s["game"], str(s["count"]), str(s["solved"]), str(s["unsolvable"]), str(s["unknown"]), sys.argv[1]]))
' "$budget" <<<"$summary")
    echo "$row" >&2
    printf '%s\n' "$row" >>"$rows"
    merge
done

echo "wrote $table" >&2
