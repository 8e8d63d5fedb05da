#!/usr/bin/env python3
"""Regenerates Tests/Fixtures/pysol-deals/<Game>.txt: opening layouts of games
outside the FreeCell family as PySol deals them, through the `pysol_cards` package.

For each game, deals 1 to COUNT are laid out with
    Game(PYSOL_NAME, n, RandomBase.DEALS_PYSOL).calc_layout_string(CardRenderer(print_ts=True))
using the layout function of Scripts/make-fcs-fixtures.py (which also records the order in
which PySol draws the cards).

Needs pysol_cards in the Python running this script:
    python3 -m venv .venv && .venv/bin/pip install pysol-cards
Usage (from the package root):
    .venv/bin/python Scripts/make-pysol-deal-fixtures.py [--count N] [GAME ...]

Fixture format (one file per game; `#` lines are comments):
    deal N                  starts a block: PySol deal number N
    order: C C C ...        the cards in the order PySol draws them for the layout
    <board lines>           the board exactly as pysol_cards prints it; `<8H>` is face down
Blocks are separated by a blank line.
"""

import argparse
import importlib.util
import os
import sys

# Rule file name -> pysol_cards game name.
GAMES = {
    "Klondike": "klondike",
    "BakersDozen": "bakers_dozen",
    "Gypsy": "gypsy",
    "Yukon": "yukon",
    "Fan": "fan",
    "BlackHole": "black_hole",
    "Golf": "golf",
    "DerKatzenschwanz": "der_katzenschwantz",
    "DieSchlange": "die_schlange",
    "ThumbAndPouch": "thumb_and_pouch",
    "Whitehead": "whitehead",
}


def load_layout():
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("make_fcs_fixtures", os.path.join(here, "make-fcs-fixtures.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.layout


def make(name, count, out_dir, layout):
    pysol_name = GAMES[name]
    blocks = []
    for number in range(1, count + 1):
        board, order = layout(pysol_name, number)
        blocks.append(f"deal {number}\norder: {' '.join(order)}\n{board.rstrip()}\n")
    header = (
        f"# {name}: PySol's opening layouts from pysol_cards (game '{pysol_name}').\n"
        f"# Made by Scripts/make-pysol-deal-fixtures.py; the format is described there.\n\n")
    path = os.path.join(out_dir, f"{name}.txt")
    with open(path, "w") as f:
        f.write(header + "\n".join(blocks))
    print(f"wrote {path}: {len(blocks)} deals", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--out", default="Tests/Fixtures/pysol-deals")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    layout = load_layout()
    for name in args.games:
        if name not in GAMES:
            sys.exit(f"unknown game {name}; known: {', '.join(GAMES)}")
        make(name, args.count, args.out, layout)


if __name__ == "__main__":
    main()
