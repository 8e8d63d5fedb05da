#!/usr/bin/env python3
"""Regenerates Tests/Fixtures/aisleriot/<Game>.json: positions reached by seeded random walks in
GNOME Aisleriot's own game files, each with the moves and taps Aisleriot allows there.

Aisleriot is not installed or fetched: its Scheme game files run from a local checkout given
with --aisleriot (any folder holding Aisleriot's `games/api.scm` and `games/<game>.scm`), under
Guile 3 (`apt-get install guile-3.0`). Aisleriot's C side, which draws the table and calls the
game's procedures, is replaced by a small stand-in written here (the module
`(aisleriot interface)`: the slots, the random numbers, the registered procedures); the rules
are all in the game file and the API file, which are loaded unchanged. Nothing of Aisleriot is
copied here; only its answers are written.

The walk asks the game's procedures what Aisleriot's board asks them:
- a drag of the top N cards of a slot is legal when `button-pressed` accepts them, and dropping
  them on another slot is legal when `button-released` (called, as the board does, with the
  cards already lifted off their slot) returns true;
- a tap on a slot is legal when `button-clicked` returns true.
Each try runs on a copy of the state (the slots, the score and the game's saved variables), so
the position is unchanged by the question. A walk makes at most WALK_STEPS plays, chosen at
random (seeded by game and deal) among the legal ones, moves to foundations four times as
likely, and keeps up to PER_WALK positions evenly spaced along it.

Usage (from the package root):
    python3 Scripts/make-aisleriot-move-fixtures.py --aisleriot PATH [--positions N] [GAME ...]
GAME is a name from GAMES below; without one, all are made.

Fixture format (one JSON file per game):
    {"game": "Hamilton", "rules": "Hamilton", "aisleriot": {"file": "games/hamilton.scm"},
     "madeBy": "Scripts/make-aisleriot-move-fixtures.py",
     "positions": [{"deal": 1, "step": 0,
                    "piles": {"stock": "#9H #2H ...", "tableau[1]": "KD", ...},
                    "memory": {"start": 0}, "uses": {"choose": 0},
                    "plays": ["tap(stock)", "tableau[2]->foundation[1]", "tableau[3]x2->tableau[5]"]}]}
Piles are written bottom card first, `#` before a face-down card; every slot of the game file
is named by the pile it is in the rule file. `memory` and `uses` give the rule file's memories
and action uses that stand for the game file's saved variables. `plays` are every drag (`xN`
after the source when N > 1) and tap Aisleriot allows.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUITS = "CDHS"                   # Aisleriot's suit numbers 0 to 3: club, diamond, heart, spade

WALK_STEPS = 120
PER_WALK = 10
TARGET = 60
MAX_DEALS = 40


def hamilton_slots():
    return ["stock", "chooser"] + [f"foundation[{i}]" for i in range(1, 5)] + [f"tableau[{i}]" for i in range(1, 8)]


def labyrinth_slots():
    return (["stock"] + [f"foundation[{i}]" for i in range(1, 5)] + [f"top_row[{i}]" for i in range(1, 9)]
            + [f"column[{i}]" for i in range(1, 9)])


def chessboard_slots():
    # Aisleriot's slots 0 to 13, row by row: the left and right pile of each row, with a
    # foundation between them from the second row on. The rule file's tableau 1 to 5 are the
    # left column from the top, 6 to 10 the right.
    names = {0: "tableau[1]", 1: "tableau[6]", 2: "tableau[2]", 3: "foundation[1]", 4: "tableau[7]",
             5: "tableau[3]", 6: "foundation[2]", 7: "tableau[8]", 8: "tableau[4]", 9: "foundation[3]",
             10: "tableau[9]", 11: "tableau[5]", 12: "foundation[4]", 13: "tableau[10]"}
    return [names[i] for i in range(14)]


def hamilton_memory(variables):
    start = variables["start-value"]
    return {"start": start}, {"choose": 3 - variables["choices"] if start == 0 else 3}


def labyrinth_memory(variables):
    return {"first_row": 1 if variables["first-row"] else 0}, {}


def chessboard_memory(variables):
    return {}, {}


# Rule file -> (Aisleriot game file, slot names, saved variables -> memories and action uses,
# foundation slots).
GAMES = {
    "Hamilton": ("hamilton.scm", hamilton_slots, hamilton_memory),
    "Labyrinth": ("labyrinth.scm", labyrinth_slots, labyrinth_memory),
    "Chessboard": ("chessboard.scm", chessboard_slots, chessboard_memory),
}

# The stand-in for Aisleriot's C side: slots, lambdas and random numbers.
INTERFACE = r"""
(define-module (aisleriot interface)
  #:export (set-feature-word! get-feature-word set-statusbar-message-c reset-surface add-slot
            get-slot set-cards-c! set-slot-y-expansion! set-slot-x-expansion! set-lambda
            set-lambda! aisleriot-random click-to-move? update-score get-timeout set-timeout!
            delayed-call undo-set-sensitive redo-set-sensitive dealable-set-sensitive
            harness-slots harness-slot-count harness-lambdas harness-set-slots! harness-seed!))

(define slots (make-vector 64 '()))
(define slot-count 0)
(define features 0)
(define lambdas '())
(define state (seed->random-state 0))

(define (harness-slots) slots)
(define (harness-slot-count) slot-count)
(define (harness-lambdas) lambdas)
(define (harness-set-slots! v) (set! slots v))
(define (harness-seed! n) (set! state (seed->random-state n)))

(define (set-feature-word! w) (set! features w))
(define (get-feature-word) features)
(define (set-statusbar-message-c m) #t)
(define (reset-surface) (set! slot-count 0) (set! slots (make-vector 64 '())))
(define (add-slot slot)
  (vector-set! slots (car slot) (cadr slot))
  (set! slot-count (max slot-count (+ 1 (car slot))))
  #t)
(define (get-slot id) (list id (vector-ref slots id)))
(define (set-cards-c! id cards) (vector-set! slots id cards) #t)
(define (set-slot-y-expansion! id e) #t)
(define (set-slot-x-expansion! id e) #t)
(define (set-lambda . procedures) (set! lambdas procedures) #t)
(define (set-lambda! name procedure) #t)
(define (aisleriot-random n) (random n state))
(define (click-to-move?) #f)
(define (update-score s) #t)
(define (get-timeout) 0)
(define (set-timeout! t) #t)
(define (delayed-call p) #t)
(define (undo-set-sensitive s) #t)
(define (redo-set-sensitive s) #t)
(define (dealable-set-sensitive s) #t)
"""

# Loads the game file, then for each deal answers the driver's questions on standard input:
# `state` prints the position and its legal plays; `play K` makes the K-th legal play.
DRIVER = r"""
(use-modules (aisleriot interface) (aisleriot api) (ice-9 rdelim))
(define game-file (cadr (command-line)))
(define game-module (current-module))
(load game-file)

(define (lambda-ref i) (list-ref (harness-lambdas) i))
(define (new-game) ((lambda-ref 0)))
(define (button-pressed s cards) ((lambda-ref 1) s cards))
(define (button-released s cards e) ((lambda-ref 2) s cards e))
(define (button-clicked s) ((lambda-ref 3) s))

(define (saved-names) variable-list)
(define (snapshot)
  (list (vector-copy (harness-slots)) (get-score)
        (map (lambda (n) (module-ref game-module n)) (saved-names))))
(define (restore! snap)
  (harness-set-slots! (vector-copy (car snap)))
  (set-score! (cadr snap))
  (for-each (lambda (n v) (module-set! game-module n v)) (saved-names) (caddr snap)))

(define (card-text c)
  (string-append (if (caddr c) "" "#") (number->string (car c)) ":" (number->string (cadr c))))

(define (try-drag s n e)
  (let* ((snap (snapshot)) (cards (get-cards s)) (lifted (list-head cards n)))
    (set-cards! s (list-tail cards n))
    (let ((ok (catch #t (lambda () (button-released s lifted e)) (lambda args #f))))
      (if ok (list 'ok) (begin (restore! snap) #f)))))

(define (legal-plays)
  (let ((plays '()) (count (harness-slot-count)))
    (do ((s 0 (+ s 1))) ((= s count))
      (let ((cards (get-cards s)))
        (do ((n 1 (+ n 1))) ((> n (length cards)))
          (let ((lifted (list-head cards n)))
            (if (catch #t (lambda () (button-pressed s lifted)) (lambda args #f))
                (do ((e 0 (+ e 1))) ((= e count))
                  (if (not (= e s))
                      (let ((snap (snapshot)))
                        (if (try-drag s n e) (set! plays (cons (list 'move s n e) plays)))
                        (restore! snap)))))))))
    (do ((s 0 (+ s 1))) ((= s count))
      (let ((snap (snapshot)))
        (if (catch #t (lambda () (button-clicked s)) (lambda args #f))
            (set! plays (cons (list 'tap s) plays)))
        (restore! snap)))
    (reverse plays)))

(define (print-state plays)
  (display "slots")
  (do ((s 0 (+ s 1))) ((= s (harness-slot-count)))
    (display "|")
    (display (string-join (map card-text (reverse (get-cards s))) " ")))
  (newline)
  (display "vars")
  (for-each (lambda (n) (display "|") (display n) (display "=") (write (module-ref game-module n))) (saved-names))
  (newline)
  (display "plays")
  (for-each (lambda (p) (display "|")
              (if (eq? (car p) 'tap)
                  (begin (display "tap ") (display (cadr p)))
                  (begin (display "move ") (display (cadr p)) (display " ") (display (caddr p)) (display " ") (display (cadddr p)))))
            plays)
  (newline)
  (display "end")
  (newline)
  (force-output))

(define current '())
(let loop ((line (read-line)))
  (if (not (eof-object? line))
      (let ((words (string-split line #\space)))
        (cond ((string=? (car words) "deal")
               (harness-seed! (string->number (cadr words)))
               (new-game))
              ((string=? (car words) "state")
               (set! current (legal-plays))
               (print-state current))
              ((string=? (car words) "play")
               (let ((p (list-ref current (string->number (cadr words)))))
                 (if (eq? (car p) 'tap)
                     (button-clicked (cadr p))
                     (try-drag (cadr p) (caddr p) (cadddr p))))))
        (loop (read-line)))))
"""


def card(text):
    face_down = text.startswith("#")
    value, suit = text.lstrip("#").split(":")
    return ("#" if face_down else "") + RANKS.get(int(value), value) + SUITS[int(suit)]


class Driver:
    """One Guile process running one game file."""

    def __init__(self, folder, game_file):
        self.process = subprocess.Popen(["guile", "--no-auto-compile", "-L", folder, os.path.join(folder, "driver.scm"), game_file],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def state(self):
        self.send("state")
        lines = {}
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("guile stopped")
            line = line.rstrip("\n")
            if line == "end":
                return lines
            key, _, rest = line.partition("|")
            lines[key] = rest.split("|") if rest else []

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def parse_vars(items):
    values = {}
    for item in items:
        name, _, value = item.partition("=")
        values[name] = {"#t": True, "#f": False}.get(value, None if not value.lstrip("-").isdigit() else int(value))
    return values


def describe(play, names):
    words = play.split()
    if words[0] == "tap":
        return f"tap({names[int(words[1])]})"
    s, n, e = int(words[1]), int(words[2]), int(words[3])
    return f"{names[s]}{'' if n == 1 else f'x{n}'}->{names[e]}"


def make(name, target, out_dir, folder, checkout):
    game_file, slot_names, memory_of = GAMES[name]
    names = slot_names()
    driver = Driver(folder, os.path.join(checkout, "games", game_file))
    positions = []
    deal = 0
    while len(positions) < target and deal < MAX_DEALS:
        deal += 1
        rng = random.Random(f"{name}-{deal}")
        driver.send(f"deal {deal}")
        walk = []
        reverse = None
        for step in range(WALK_STEPS + 1):
            state = driver.state()
            plays = state["plays"]
            slots = state["slots"]
            assert len(slots) == len(names), f"{name}: {len(slots)} slots"
            memory, uses = memory_of(parse_vars(state["vars"]))
            walk.append({"deal": deal, "step": step,
                         "piles": {names[i]: " ".join(card(c) for c in text.split()) for i, text in enumerate(slots)},
                         "memory": memory, "uses": uses,
                         "plays": sorted(describe(p, names) for p in plays)})
            if not plays or step == WALK_STEPS:
                break
            texts = [describe(p, names) for p in plays]
            # The reverse of the last move is left out when anything else can be played.
            choices = [i for i, t in enumerate(texts) if t != reverse] or list(range(len(plays)))
            weights = [4 if "foundation" in texts[i].split("->")[-1] else 1 for i in choices]
            chosen = rng.choices(choices, weights)[0]
            source, _, destination = texts[chosen].partition("->")
            count = source.partition("x")[2]
            reverse = f"{destination}{'x' + count if count else ''}->{source.partition('x')[0]}" if destination else None
            driver.send(f"play {chosen}")
        # The opening, the first two plays (the choice of a start card, where a game has one) and
        # positions evenly spaced along the rest of the walk.
        if len(walk) <= PER_WALK:
            kept = walk
        else:
            spaced = [round(2 + i * (len(walk) - 3) / (PER_WALK - 3)) for i in range(PER_WALK - 2)]
            kept = [walk[i] for i in sorted(set([0, 1] + spaced))]
        positions.extend(kept[:target - len(positions)])
    driver.close()
    fixture = {"game": name, "rules": name, "aisleriot": {"file": f"games/{game_file}", "commit": commit(checkout)},
               "madeBy": "Scripts/make-aisleriot-move-fixtures.py", "positions": positions}
    path = os.path.join(out_dir, f"{name}.json")
    # One line a position, so that a regenerated fixture differs from the old one line by line.
    with open(path, "w") as f:
        f.write("{\n")
        for key in ["game", "rules", "aisleriot", "madeBy"]:
            f.write(f"  {json.dumps(key)}: {json.dumps(fixture[key])},\n")
        f.write('  "positions": [\n')
        f.write(",\n".join("    " + json.dumps(p) for p in positions))
        f.write("\n  ]\n}\n")
    print(f"wrote {path}: {len(positions)} positions from {deal} deals", file=sys.stderr)


def commit(checkout):
    try:
        return subprocess.run(["git", "-C", checkout, "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        return os.environ.get("AISLERIOT_COMMIT", "unknown")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--aisleriot", required=True, help="a folder holding Aisleriot's games/api.scm")
    parser.add_argument("--positions", type=int, default=TARGET)
    parser.add_argument("--out", default="Tests/Fixtures/aisleriot")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    if shutil.which("guile") is None:
        sys.exit("needs guile (apt-get install guile-3.0)")
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        os.makedirs(os.path.join(folder, "aisleriot"))
        with open(os.path.join(folder, "aisleriot", "interface.scm"), "w") as f:
            f.write(INTERFACE)
        shutil.copyfile(os.path.join(args.aisleriot, "games", "api.scm"), os.path.join(folder, "aisleriot", "api.scm"))
        with open(os.path.join(folder, "driver.scm"), "w") as f:
            f.write(DRIVER)
        for name in args.games:
            if name not in GAMES:
                sys.exit(f"unknown game {name}; known: {', '.join(GAMES)}")
            make(name, args.positions, args.out, folder, os.path.abspath(args.aisleriot))


if __name__ == "__main__":
    main()
