#!/bin/sh
# Regenerates Tests/Fixtures/fcs-output/: Freecell Solver's whole output, exactly as fc-solve
# prints it, for Microsoft FreeCell deal 5 (and one deal it gives up on), so that
# FCSOutputTests can check that `replay --notation fcs` takes the moves from it.
#
# Needs fc-solve and make-microsoft-freecell-board (Debian package freecell-solver-bin; the
# fixtures were made with 5.0.0). Usage, from the package root:
#     Scripts/make-fcs-output-fixtures.sh
#
# Files (each is fc-solve's standard output, byte for byte):
#     ms5-m-snx.txt        fc-solve -m -snx              moves in standard notation, ten to a line
#     ms5-m-snx-p-t.txt    fc-solve -m -snx -p -t        the same with parseable, 10-as-T output
#     ms5-sam-snx-p-t.txt  fc-solve -sam -snx -p -t      a board dump, then "Move: 2h" and a dump per move
#     ms5-sam-p-t.txt      fc-solve -sam -p -t           the same, moves written as sentences
#     ms5-m.txt            fc-solve -m                   moves as sentences, between separators
#     ms5-p-t.txt          fc-solve -p -t                board dumps only, without moves
#     ms5-mi10-m-snx.txt   fc-solve -m -snx -mi 10       "I could not solve this game." after 10 iterations
set -eu
out=Tests/Fixtures/fcs-output
mkdir -p "$out"
export FREECELL_SOLVER_QUIET=1
board=$(mktemp)
trap 'rm -f "$board"' EXIT
make-microsoft-freecell-board -t 5 > "$board"
fc-solve -m -snx "$board" > "$out/ms5-m-snx.txt"
fc-solve -m -snx -p -t "$board" > "$out/ms5-m-snx-p-t.txt"
fc-solve -sam -snx -p -t "$board" > "$out/ms5-sam-snx-p-t.txt"
fc-solve -sam -p -t "$board" > "$out/ms5-sam-p-t.txt"
fc-solve -m "$board" > "$out/ms5-m.txt"
fc-solve -p -t "$board" > "$out/ms5-p-t.txt"
fc-solve -m -snx -mi 10 "$board" > "$out/ms5-mi10-m-snx.txt"

# Simple Simon, whose solutions move whole suits to the foundations: PySol's deal 2, the board
# stored in Tests/Fixtures/fcs/SimpleSimon.txt (made by Scripts/make-fcs-fixtures.py).
#     simplesimon2-m.txt       fc-solve -g simple_simon -m        "Move the sequence on top of Stack 3 to the foundations"
#     simplesimon2-m-snx.txt   fc-solve -g simple_simon -m -snx   the same moves in standard notation
awk '/^deal 2$/ { found = 1; next } found && /^order:/ { next } found && /^solution:/ { exit } found { print }' \
    Tests/Fixtures/fcs/SimpleSimon.txt > "$board"
fc-solve -g simple_simon -m "$board" > "$out/simplesimon2-m.txt"
fc-solve -g simple_simon -m -snx "$board" > "$out/simplesimon2-m-snx.txt"
