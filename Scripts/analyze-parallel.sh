#!/usr/bin/env bash
# Runs `patience analyze` over a range of deals as N shards under GNU parallel, then merges the
# shards' lines into the output a single run over the whole range gives (see Docs/ScalingOut.md).
#
#   Scripts/analyze-parallel.sh [-n SHARDS] [-j JOBS] [-k FOLDER] [-f FORMAT] -- RULES --deals RANGE [OPTIONS...]
#
#   -n SHARDS  how many shards (default: the number of processors)
#   -j JOBS    how many shards run at once (default: SHARDS)
#   -k FOLDER  keep each shard's lines in FOLDER/shard-K.jsonl (default: a temporary folder, removed)
#   -f FORMAT  the merged output: text (default), json or jsonl
#
# RULES, --deals and OPTIONS (--option, --max-states, --max-seconds, …) are given to every shard
# and to the merge alike. The executable is $PATIENCE, or `patience` on the PATH. Exit status:
# that of the first shard that fails, else that of the merge (see `patience analyze --help`).
set -euo pipefail

# One shard, as GNU parallel runs it: --one-shard FOLDER K N ARGUMENTS...
if [[ "${1:-}" == --one-shard ]]; then
    folder=$2 k=$3 n=$4
    shift 4
    exec "${PATIENCE:-patience}" analyze "$@" --shard "$k/$n" --format jsonl --timings >"$folder/shard-$k.jsonl"
fi

shards=$(nproc) jobs='' keep='' format=text
while getopts 'n:j:k:f:h' flag; do
    case $flag in
        n) shards=$OPTARG ;;
        j) jobs=$OPTARG ;;
        k) keep=$OPTARG ;;
        f) format=$OPTARG ;;
        *) sed -n '2,16s/^# \{0,1\}//p' "$0" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
if [[ $# -eq 0 ]]; then
    echo "error: give the rule file and --deals, such as: $0 -n 4 -- Klondike --deals seed:1..1000" >&2
    exit 64
fi
if ! command -v parallel >/dev/null 2>&1; then
    echo "error: GNU parallel is not installed (Debian: apt-get install parallel)" >&2
    exit 69
fi

if [[ -n $keep ]]; then
    folder=$keep
    mkdir -p "$folder"
else
    folder=$(mktemp -d)
    trap 'rm -rf "$folder"' EXIT
fi

parallel --will-cite --halt now,fail=1 --jobs "${jobs:-$shards}" -q \
    "$0" --one-shard "$folder" {} "$shards" "$@" ::: $(seq 1 "$shards")

files=()
for k in $(seq 1 "$shards"); do files+=("$folder/shard-$k.jsonl"); done
"${PATIENCE:-patience}" analyze "$@" --format "$format" --merge "${files[@]}"
