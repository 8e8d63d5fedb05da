#!/usr/bin/env python3
"""Times Klondike-Solver (PyPI's pyksolve) on the project's seeded Klondike deals.

Each deal is written by `patience deal Rules/Klondike.patience --deal seed:N --format board`
(PySol's layout, which pyksolve's load_pysol reads once its talon is reversed and its lines end
in CR LF) and solved with solve_fast, whose time is measured in-process. Prints one JSON
line per deal: {"deal", "verdict", "seconds"}; pyksolve's verdicts are SolveResult names such as
SolvedMayNotBeMinimal, Impossible or CouldNotComplete (its state limit).

usage: bench-pyksolve.py PATIENCE DRAW FIRST LAST [MAX_STATES]
"""
import json
import subprocess
import sys
import time

from pyksolve import solver

patience, draw, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
limit = int(sys.argv[5]) if len(sys.argv) > 5 else 5_000_000
for seed in range(first, last + 1):
    board = subprocess.run([patience, "deal", "Rules/Klondike.patience", "--deal", f"seed:{seed}", "--format", "board"],
                           capture_output=True, text=True, check=True).stdout
    # Klondike-Solver lists the talon from the card drawn first; board text lists it from the bottom.
    lines = board.split("\n")
    if lines[0].startswith("Talon:"):
        lines[0] = "Talon: " + " ".join(reversed(lines[0].split()[1:]))
    board = "\n".join(lines)
    game = solver.Solitaire()
    # load_pysol reads lines ended by CR LF only; with bare LF it silently keeps an unshuffled deck.
    if not game.load_pysol(board.replace("\n", "\r\n")):
        raise SystemExit(f"pyksolve cannot read seed:{seed}")
    game.reset_game(draw)
    start = time.perf_counter()
    result = game.solve_fast(max_closed_count=limit)
    seconds = time.perf_counter() - start
    print(json.dumps({"deal": f"seed:{seed}", "verdict": str(result).split(".")[-1], "seconds": round(seconds, 4)}), flush=True)
