#!/usr/bin/env python3
"""Times Klondike-Solver (PyPI's pyksolve) on the project's seeded Klondike deals.

Each deal is written by `patience deal Rules/Klondike.patience --deal seed:N --format board`
(PySol's layout, which pyksolve's load_pysol reads) and solved with solve_fast. Prints one JSON
line per deal: {"deal", "verdict", "seconds"}; pyksolve's verdicts are SolvedMinimal, Solved,
Impossible or Unknown (its state limit).

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
    game = solver.Solitaire()
    game.load_pysol(board)
    game.reset_game(draw)
    start = time.perf_counter()
    result = game.solve_fast(max_closed_count=limit)
    seconds = time.perf_counter() - start
    print(json.dumps({"deal": f"seed:{seed}", "verdict": str(result).split(".")[-1], "seconds": round(seconds, 4)}), flush=True)
