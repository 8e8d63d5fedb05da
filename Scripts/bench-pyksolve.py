#!/usr/bin/env python3
"""Times Klondike-Solver (PyPI's pyksolve) on the project's seeded Klondike deals.

Each deal is written by `patience deal Rules/Klondike.patience --deal seed:N --format board`
(PySol's layout, which pyksolve's load_pysol reads once its talon is reversed and its lines end
in CR LF) and solved with solve_fast in a child process limited to CPU_LIMIT CPU-seconds
(default 3; a deal the limit cuts off is reported as "CPULimit"). Prints one JSON line per deal:
{"deal", "verdict", "cpu_seconds"}, where cpu_seconds is the CPU time solve_fast took, measured
in the child. pyksolve's verdicts are SolveResult names such as SolvedMayNotBeMinimal,
Impossible or CouldNotComplete (its state limit). At the end, a summary line on standard error:
the share decided (solved or proved impossible) within 2 CPU-seconds and the median CPU time.

usage: bench-pyksolve.py PATIENCE DRAW FIRST LAST [MAX_STATES [CPU_LIMIT]]
  (pip install pyksolve, in a virtual environment)
"""
import json
import resource
import subprocess
import sys

CHILD = r"""
import json, sys, time
from pyksolve import solver
board, draw, limit = sys.stdin.read(), int(sys.argv[1]), int(sys.argv[2])
game = solver.Solitaire()
# load_pysol reads lines ended by CR LF only; with bare LF it silently keeps an unshuffled deck.
if not game.load_pysol(board.replace("\n", "\r\n")):
    raise SystemExit("pyksolve cannot read the deal")
game.reset_game(draw)
start = time.process_time()
result = game.solve_fast(max_closed_count=limit)
print(json.dumps({"verdict": str(result).split(".")[-1], "cpu_seconds": round(time.process_time() - start, 4)}))
"""

patience, draw, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
limit = int(sys.argv[5]) if len(sys.argv) > 5 else 5_000_000
cpu_limit = int(sys.argv[6]) if len(sys.argv) > 6 else 3


def limit_cpu():
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit))


decided, times = 0, []
for seed in range(first, last + 1):
    board = subprocess.run([patience, "deal", "Rules/Klondike.patience", "--deal", f"seed:{seed}", "--option", f"draw={draw}",
                            "--format", "board"], capture_output=True, text=True, check=True).stdout
    # Klondike-Solver lists the talon from the card drawn first; board text lists it from the bottom.
    lines = board.split("\n")
    if lines[0].startswith("Talon:"):
        lines[0] = "Talon: " + " ".join(reversed(lines[0].split()[1:]))
    child = subprocess.run([sys.executable, "-c", CHILD, str(draw), str(limit)], input="\n".join(lines),
                           capture_output=True, text=True, preexec_fn=limit_cpu)
    if child.returncode == 0:
        line = json.loads(child.stdout)
    elif child.returncode < 0:
        line = {"verdict": "CPULimit", "cpu_seconds": float(cpu_limit)}
    else:
        raise SystemExit(f"seed:{seed}: {child.stderr.strip()}")
    line = {"deal": f"seed:{seed}", **line}
    if line["verdict"] in ("SolvedMinimal", "SolvedMayNotBeMinimal", "Impossible") and line["cpu_seconds"] <= 2:
        decided += 1
    times.append(line["cpu_seconds"])
    print(json.dumps(line), flush=True)
times.sort()
print(f"pyksolve draw {draw}, deals {first}..{last}: decided within 2 CPU-s {100 * decided / len(times):.1f} %, "
      f"median {times[len(times) // 2]:.3f} CPU-s", file=sys.stderr)
