#!/usr/bin/env bash
# Draws the README's pictures of opening tables into Docs/pictures/ with the real command,
# `patience deal … --format svg`, one per line of Docs/pictures/pictures.txt
# (FILE GAME DEAL [NAME=VALUE ...], GAME a file of Rules/ without '.patience' or a path ending
# in '.patience'). ReadmePictureTests runs the same commands and fails until the pictures are
# committed again after a change to the drawing or to a game's deal.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product patience >/dev/null
patience="$(swift build --show-bin-path)/patience"

while read -r file game deal settings; do
    [[ -z "$file" || "$file" == \#* ]] && continue
    options=()
    for setting in $settings; do options+=(--option "$setting"); done
    rules="Rules/$game.patience"
    [[ "$game" == *.patience ]] && rules="$game"
    "$patience" deal "$rules" --deal "$deal" ${options[@]+"${options[@]}"} --format svg >"Docs/pictures/$file"
    echo "Docs/pictures/$file"
done <Docs/pictures/pictures.txt
