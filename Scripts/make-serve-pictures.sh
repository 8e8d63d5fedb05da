#!/usr/bin/env bash
# Takes the pictures of `patience serve` in Docs/pictures/ with headless Chromium:
#   serve-catalog.png  the catalog of Rules/ (the first games, with their opening tables)
#   serve-game.png     Klondike, deal seed:1, as a game opens
# and, with --all, a picture of one game of each family in screenshots/serve/ (git-ignored),
# to look at before calling a change to the page done: Klondike, FreeCell, Spider, Escalator
# (a pyramid), Monte Carlo (pairs) and Golf. Needs Debian's chromium (or CHROMIUM=/path/to/chrome).
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/chromium.sh
flags+=(--virtual-time-budget=8000)

swift build --product patience >/dev/null
patience="$(swift build --show-bin-path)/patience"

# The server on a free port of 127.0.0.1; its first line names the address.
address_file="$(mktemp)"
"$patience" serve Rules --port 0 >"$address_file" &
server=$!
trap 'kill "$server" 2>/dev/null; rm -f "$address_file"' EXIT
for _ in $(seq 50); do
    grep -q '^patience serve: ' "$address_file" && break
    sleep 0.1
done
url="$(sed -n 's/^patience serve: //p' "$address_file")"
[[ -n "$url" ]] || { echo "error: patience serve did not start" >&2; exit 1; }

# shot URL PNG WIDTH HEIGHT
shot() {
    "$chromium" "${flags[@]}" --screenshot="$2" --window-size="$3,$4" "$1" >/dev/null 2>&1
    echo "$2"
}

shot "$url" Docs/pictures/serve-catalog.png 1280 900
shot "${url}#play=Klondike.patience&deal=seed:1" Docs/pictures/serve-game.png 960 480

if [[ "${1:-}" == --all ]]; then
    mkdir -p screenshots/serve
    for game in Klondike FreeCell Spider Escalator MonteCarlo Golf; do
        shot "${url}#play=$game.patience&deal=seed:1" "screenshots/serve/$game.png" 1280 1000
    done
fi
