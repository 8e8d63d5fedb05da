#!/usr/bin/env python3
"""Regenerates Tests/Fixtures/fcs/<Game>.txt: boards of the FreeCell family
dealt by PySol (through the `pysol_cards` package) and their solutions by Freecell Solver.

For each game, deals 1, 2, 3, ... are laid out with
    Game(PYSOL_NAME, n, RandomBase.DEALS_PYSOL).calc_layout_string(CardRenderer(print_ts=True))
and solved with
    fc-solve -g PRESET -m -snx -mi MAX_ITERATIONS
Deals that fc-solve reports unsolvable, or does not solve within the iteration limit or the
time limit, are skipped, until COUNT deals are solved.

Needs:
  - fc-solve (Debian package freecell-solver-bin; the fixtures were made with 5.0.0);
  - pysol_cards in the Python running this script:
        python3 -m venv .venv && .venv/bin/pip install pysol-cards
Usage (from the package root):
    .venv/bin/python Scripts/make-fcs-fixtures.py [--count N] [GAME ...]
GAME is a rule file name such as EightOff; without one, every game below is made.

Fixture format (one file per game; `#` lines are comments):
    deal N                  starts a block: PySol deal number N
    order: C C C ...        the cards in the order PySol deals them, after any cards it set
                            aside before dealing (Beleaguered Castle's and Citadel's aces)
    <board lines>           the board exactly as pysol_cards prints it
    solution: M M M ...     fc-solve's moves in its standard notation (-m -snx)
Blocks are separated by a blank line.
"""

import argparse
import os
import subprocess
import sys

from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

# Rule file name -> (pysol_cards game name, fc-solve preset).
GAMES = {
    "BakersGame": ("bakers_game", "bakers_game"),
    "BeleagueredCastle": ("beleaguered_castle", "beleaguered_castle"),
    "Citadel": ("citadel", "citadel"),
    "EightOff": ("eight_off", "eight_off"),
    "Forecell": ("forecell", "forecell"),
    "KingsOnlyBakersGame": ("kings_only_bakers_game", "kings_only_bakers_game"),
    "RelaxedFreeCell": ("relaxed_freecell", "relaxed_freecell"),
    "RelaxedSeahavenTowers": ("relaxed_seahaven_towers", "relaxed_seahaven_towers"),
    "SeahavenTowers": ("seahaven_towers", "seahaven_towers"),
    "SimpleSimon": ("simple_simon", "simple_simon"),
    "StreetsAndAlleys": ("streets_and_alleys", "streets_and_alleys"),
}

MAX_ITERATIONS = 1_000_000
TIME_LIMIT_SECONDS = 60
MAX_DEAL = 500


def layout(pysol_name, number):
    """The board text and the order in which PySol deals the cards."""
    game = Game(pysol_name, number, RandomBase.DEALS_PYSOL)
    drawn = []
    # Record the cards as the game's layout function draws them; a fresh card list
    # (after cards are set aside) starts the record again.
    original_new_cards = game.new_cards
    original_next = Game.__next__

    def new_cards(cards):
        drawn.clear()
        original_new_cards(cards)

    def draw(self):
        card = original_next(self)
        drawn.append(card)
        return card

    game.new_cards = new_cards
    Game.__next__ = draw
    try:
        renderer = CardRenderer(print_ts=True)
        text = game.calc_layout_string(renderer)
    finally:
        Game.__next__ = original_next
    return text, [renderer.to_s(card) for card in drawn]


def solve(preset, board):
    """fc-solve's moves, or None when it finds no solution."""
    try:
        result = subprocess.run(
            ["fc-solve", "-g", preset, "-m", "-snx", "-mi", str(MAX_ITERATIONS)],
            input=board, capture_output=True, text=True, timeout=TIME_LIMIT_SECONDS)
    except subprocess.TimeoutExpired:
        return None
    lines = result.stdout.splitlines()
    if "This game is solveable." not in lines:
        return None
    start = next(i for i, line in enumerate(lines) if line.startswith("-=-=-"))
    end = lines.index("This game is solveable.")
    return " ".join(" ".join(lines[start + 1:end]).split())


def version():
    try:
        return subprocess.run(["fc-solve", "--version"], capture_output=True, text=True).stdout.split()[-1]
    except (OSError, IndexError):
        return "unknown"


def make(name, count, out_dir):
    pysol_name, preset = GAMES[name]
    blocks = []
    skipped = []
    number = 0
    while len(blocks) < count and number < MAX_DEAL:
        number += 1
        board, order = layout(pysol_name, number)
        moves = solve(preset, board)
        if moves is None:
            skipped.append(number)
            continue
        blocks.append(f"deal {number}\norder: {' '.join(order)}\n{board}solution: {moves}\n")
    header = (
        f"# {name}: PySol deals from pysol_cards (game '{pysol_name}'), solved by\n"
        f"# fc-solve -g {preset} -m -snx (Freecell Solver {version()}).\n"
        f"# Made by Scripts/make-fcs-fixtures.py; the format is described there.\n"
        f"# Deals skipped (no solution found within {MAX_ITERATIONS} iterations or {TIME_LIMIT_SECONDS} s): "
        f"{' '.join(map(str, skipped)) or 'none'}.\n\n")
    path = os.path.join(out_dir, f"{name}.txt")
    with open(path, "w") as f:
        f.write(header + "\n".join(blocks))
    print(f"wrote {path}: {len(blocks)} deals, {len(skipped)} skipped", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--out", default="Tests/Fixtures/fcs")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name in args.games:
        if name not in GAMES:
            sys.exit(f"unknown game {name}; known: {', '.join(GAMES)}")
        make(name, args.count, args.out)


if __name__ == "__main__":
    main()
