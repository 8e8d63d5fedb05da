#!/usr/bin/env bash
# Renders the pictures and pages in headless Chromium and saves PNG screenshots, to look at
# before calling a change to the drawing done: the opening table of every game in Rules/
# (`patience deal … --format svg`) and of the README's pair game, replay pages (`patience replay …
# --html`) at their first position, after a few moves and at their end (a won FreeCell deal,
# refused moves in Klondike, Spider and Golf), the page of a FreeCell solution (`patience solve …
# --html`) and the chart of a small analysis (`patience analyze … --svg`).
#
# Output goes to screenshots/ (git-ignored): tables/GAME.svg and .png (and tables/index.html
# with all of them on one page), pages/NAME.html and
# NAME-POSITION.png, charts/NAME.svg and .png. Needs Debian's chromium (or CHROMIUM=/path/to/chrome).
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/chromium.sh

swift build --product patience >/dev/null
patience="$(swift build --show-bin-path)/patience"
out="$PWD/screenshots"
mkdir -p "$out/tables" "$out/pages" "$out/charts"

# shot URL PNG WIDTH HEIGHT
shot() {
    "$chromium" "${flags[@]}" --screenshot="$2" --window-size="$3,$4" "$1" >/dev/null 2>&1
    echo "$2"
}

for rules in Rules/*.patience Tests/Fixtures/Constructs/Thirteens.patience; do
    game="$(basename "$rules" .patience)"
    svg="$out/tables/$game.svg"
    "$patience" deal "$rules" --deal seed:1 --format svg >"$svg"
    # The window is the picture's own size, read from its root element.
    size="$(sed -n '1s/^<svg [^>]*width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' "$svg")"
    shot "file://$svg" "$out/tables/$game.png" ${size:-1200 900}
done

# All the opening tables on one page, to look through them in a browser.
{
    echo "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Opening tables</title></head><body style=\"background:#222\">"
    for svg in "$out"/tables/*.svg; do
        echo "<p><img src=\"$(basename "$svg")\" alt=\"$(basename "$svg" .svg)\"></p>"
    done
    echo "</body></html>"
} >"$out/tables/index.html"
echo "$out/tables/index.html"

# page NAME GAME DEAL NOTATION MOVES POSITION...
page() {
    local name="$1" game="$2" deal="$3" notation="$4" moves="$5"
    shift 5
    local html="$out/pages/$name.html"
    echo "$moves" | "$patience" replay "Rules/$game.patience" --deal "$deal" --notation "$notation" - --html "$html" >/dev/null 2>&1 || true
    for position in "$@"; do
        shot "file://$html#$position" "$out/pages/$name-$position.png" 1280 900
    done
}

freecell="$(grep '^1:' Tests/Fixtures/ms-solutions-1-100.txt | cut -d: -f2)"
page freecell-ms1 FreeCell ms:1 fcs "$freecell" 0 3 60 127
page klondike-refused Klondike seed:1 patience "tap(stock) tap(stock) tap(stock) tableau[1]->foundation[1] tap(stock)" 0 3 4
page spider-refused Spider seed:1 patience "tap(stock) tap(stock) tableau[1]->tableau[2] tap(stock)" 2 3
page golf-refused Golf seed:1 patience "tap(stock) tableau[1]->waste tableau[2]->waste" 1 2 3

"$patience" solve Rules/FreeCell.patience --deal ms:1 --html "$out/pages/freecell-solution.html" >/dev/null
for position in 0 10; do
    shot "file://$out/pages/freecell-solution.html#$position" "$out/pages/freecell-solution-$position.png" 1280 900
done

"$patience" analyze Rules/FreeCell.patience --deals ms:1..20 --max-states 20000 --svg "$out/charts/freecell.svg" >/dev/null
size="$(sed -n '1s/^<svg [^>]*width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' "$out/charts/freecell.svg")"
shot "file://$out/charts/freecell.svg" "$out/charts/freecell.png" ${size:-800 600}
