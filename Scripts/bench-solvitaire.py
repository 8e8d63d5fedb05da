#!/usr/bin/env python3
"""Decides Solvitaire's seeded Klondike deals with Solvitaire and with `patience solve`, side by side.

Solvitaire (Blake and Gent's solver of perfect-information patience games) is not part of this
project and nothing here builds it: build it yourself as its README says (its Dockerfile lists what
it needs: a C++14 compiler, CMake and Boost's program_options) and give this script the path of
the binary.

For each seed N in FIRST..LAST the deal is the one `solvitaire --type klondike --random N` solves
(`klondike-deal-1` for draw 1; both presets redeal without limit). Solvitaire shows face-down cards
as ## everywhere, so the script deals it again itself the way Solvitaire does (std::mt19937 seeded
with N, Boost's uniform_int_distribution in a Fisher-Yates shuffle of the deck ordered rank by rank,
clubs, hearts, spades, diamonds; 24 cards to the stock, the rest in rows to the 7 piles), checks
every card `solvitaire --deal-only` shows against it, and writes it as a Patience position (the
stock's top card, Solvitaire's first card drawn, last in its list; tableau[k] is Solvitaire's k-th
pile, of k cards). Then, one at a time, each solver runs in a child process under RLIMIT_CPU:

  SOLVITAIRE --type PRESET --random N                      (limit: CPU_LIMIT seconds; it has no
                                                           CPU-time limit of its own, so the limit
                                                           cutting it off is its 'unknown')
  PATIENCE solve RULES --option draw=DRAW --board POSITION --clock cpu --max-seconds CPU_LIMIT
          --max-states 1000000000 --format json            (limit: CPU_LIMIT + 1 second of slack,
                                                           so that its own budget answers first)

CPU times are the children's user + system time (wait4). Every solution is replayed through
`patience replay` on the same position: Patience's plays as they are, and Solvitaire's solution,
which it prints as a list of tables, translated into Patience moves (its K+ stock moves become the
taps that reach the card). A solution that does not replay to a win, a card that differs from the
reconstructed deal, or a verdict conflict (one solver solves a deal the other proves unsolvable) is
reported loudly on standard error and makes the exit status 1.

Standard output: one JSON line per deal with both verdicts (solved, unsolvable or unknown),
cpu_seconds, stored states (Solvitaire's 'Final States In Cache', Patience's 'states'), the
seconds Patience spent shortening its solution (part of its cpu_seconds) and the replays.
Standard error, at the end: for each solver the deals decided (solved + proved unsolvable), the
median CPU time over the deals it decided (Patience's also without the shortening), and over
the deals both solve the median stored states of each and their ratio (Patience / Solvitaire).

usage: bench-solvitaire.py PATIENCE SOLVITAIRE DRAW FIRST LAST [CPU_LIMIT]
         [--preset PRESET] [--rules FILE] [--keep DIR]
  e.g. Scripts/bench-solvitaire.py .build/release/patience ~/Solvitaire/solvitaire 3 1 100
  CPU_LIMIT defaults to 2 (seconds a deal); --preset overrides Solvitaire's game type (such as
  klondike-arbitrary-built-moves); --keep DIR keeps each deal's position, outputs and move lists.
"""
import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

SUITS = "CHSD"  # Solvitaire's suit numbers 0 to 3 (card.cpp)
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_name(suit, rank):
    return RANKS.get(rank, str(rank)) + SUITS[suit]


def solvitaire_deal(seed):
    """Solvitaire's Klondike deal for --random seed (game_state.cpp): the tableau as 7 piles,
    bottom card first, of [card, face_up], and the stock, bottom card first (its top, drawn first,
    last)."""
    # std::mt19937(seed): Python's generator is the same MT19937, so only its seeding is redone.
    state = [seed & 0xFFFFFFFF]
    for i in range(1, 624):
        state.append((1812433253 * (state[-1] ^ (state[-1] >> 30)) + i) & 0xFFFFFFFF)
    rng = random.Random()
    rng.setstate((3, tuple(state) + (624,), None))

    def uniform(top):  # boost::random::uniform_int_distribution(0, top) over 32-bit draws
        bucket = 2**32 // (top + 1)
        while True:
            value = rng.getrandbits(32) // bucket
            if value <= top:
                return value

    deck = [card_name(suit, rank) for rank in range(1, 14) for suit in range(4)]
    for i in range(len(deck) - 1, 0, -1):
        j = uniform(i)
        deck[i], deck[j] = deck[j], deck[i]
    stock = [deck.pop() for _ in range(24)]
    tableau = [[] for _ in range(7)]
    t = 0
    while deck:  # rows, each from the last pile to the first, pile p taking rows 0..p
        row, p = divmod(t, 7)
        p = 6 - p
        if p >= row:
            tableau[p].append([deck.pop(), False])
        t += 1
    for pile in tableau:
        pile[-1][1] = True
    return tableau, stock


def check_deal_only(solvitaire, preset, seed, tableau, stock):
    """Every card `solvitaire --deal-only` shows must be the reconstructed deal's."""
    out = subprocess.run([solvitaire, "--type", preset, "--random", str(seed), "--deal-only"],
                         capture_output=True, text=True, check=True).stdout
    shown = json.loads(out)
    expected = sorted([[c if up else "##" for c, up in pile] for pile in tableau], key=len)
    if sorted(shown["tableau piles"], key=len) != expected or shown["stock"] != stock or shown.get("waste", "") not in ("", []):
        raise SystemExit(f"BAD DEAL: seed {seed}: solvitaire --deal-only shows {out}, reconstructed {tableau} {stock}")


def patience_position(tableau, stock, draw):
    def cards(pile):
        return [{"card": c, "face": "up" if up else "down"} for c, up in pile]
    piles = [{"address": "stock", "zone": "stock", "role": "stock", "cards": cards([c, False] for c in stock)},
             {"address": "waste", "zone": "waste", "role": "waste", "cards": []}]
    piles += [{"address": f"foundation[{i}]", "zone": "foundation", "role": "foundation", "cards": []} for i in range(1, 5)]
    piles += [{"address": f"tableau[{i + 1}]", "zone": "tableau", "role": "tableau", "cards": cards(pile)}
              for i, pile in enumerate(tableau)]
    return {"format": "patience-table", "version": 1, "game": "Klondike", "deal": None,
            "options": {"draw": draw, "redeals": "unlimited"},
            "actions": [{"action": "draw", "uses": 0}, {"action": "redeal", "uses": 0}], "piles": piles}


def run_limited(argv, cpu_limit, out_path):
    """Runs argv with RLIMIT_CPU = cpu_limit, standard output to out_path; returns (exit status or
    -signal, CPU seconds)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 1))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    with open(out_path, "w") as out, open(out_path + ".err", "w") as err:
        child = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, preexec_fn=limit)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    return child.returncode, round(usage.ru_utime + usage.ru_stime, 3)


# ---- Solvitaire's output -------------------------------------------------------------------------

def parse_rows(lines, columns):
    piles = [[] for _ in range(columns)]
    for line in lines:
        for k, cell in enumerate(line.split("\t")):
            if cell not in ("", "[]"):
                piles[k].append(cell)
    return piles


def parse_table(block):
    """One table as Solvitaire prints it: foundations (top cards), tableau rows (bottom card
    first), stock | waste rows."""
    sections, current = {}, None
    for line in block:
        m = re.match(r"--- (.*?) -+$", line)
        if m:
            current = sections.setdefault(m.group(1), [])
        elif current is not None:
            current.append(line)
    foundations = [None if c == "[]" else c for c in sections["Foundations"][0].split("\t")]
    tableau = parse_rows(sections["Tableau Piles"], 7)
    stock, waste = parse_rows(sections["Stock | Waste"], 2)
    return {"foundations": foundations, "tableau": tableau, "stock": stock, "waste": waste}


def size(foundation_top):
    """A foundation's size from its top card (each builds up in suit from the ace)."""
    return 0 if foundation_top is None else {"A": 1, "J": 11, "Q": 12, "K": 13}.get(foundation_top[:-1]) or int(foundation_top[:-1])


def parse_solvitaire(text):
    stats = dict(re.findall(r"^([A-Za-z ()]+): (\S+)$", text, re.M))
    tables = []
    if "Solution:" in text:
        body = text.split("Solution:\n", 1)[1].split("\nSolution Type:", 1)[0]
        block = []
        for line in body.split("\n"):
            if line.startswith("====="):
                tables.append(parse_table(block))
                block = []
            elif line.strip():
                block.append(line)
    return stats, tables


class Table:
    """The table as Patience plays it, every card known, to turn Solvitaire's tables into moves."""

    def __init__(self, tableau, stock, draw):
        self.tableau = [[list(c) for c in pile] for pile in tableau]
        self.stock, self.waste, self.draw = list(stock), [], draw
        self.foundations = [[] for _ in range(4)]

    def tap(self):
        if self.stock:
            for _ in range(min(self.draw, len(self.stock))):
                self.waste.append(self.stock.pop())
        else:
            self.stock, self.waste = self.waste[::-1], []

    def talon(self):  # Solvitaire turns the waste over as soon as the stock is empty
        return (self.waste[::-1], []) if not self.stock else (self.stock, self.waste)

    def visible(self):
        return {"foundations": [f[-1][0] if f else None for f in self.foundations],
                "tableau": [[c if up else "##" for c, up in pile] for pile in self.tableau],
                "stock": self.talon()[0], "waste": self.talon()[1]}

    def take(self, address, count):
        zone, index = address
        if zone == "waste":
            return [[self.waste.pop(), True]]
        pile = self.foundations[index] if zone == "foundation" else self.tableau[index]
        run = pile[-count:]
        del pile[-count:]
        if zone == "tableau" and pile:
            pile[-1][1] = True
        return run

    def put(self, address, run):
        zone, index = address
        (self.foundations[index] if zone == "foundation" else self.tableau[index]).extend(run)


def name(address, count=1):
    zone, index = address
    text = "waste" if zone == "waste" else f"{zone}[{index + 1}]"
    return text + (f"x{count}" if count > 1 else "")


def translate(tableau, stock, draw, tables):
    """Patience moves for Solvitaire's list of tables, or raises ValueError."""
    table, moves = Table(tableau, stock, draw), []
    if table.visible() != tables[0]:
        raise ValueError("its first table is not the reconstructed deal")
    for step, after in enumerate(tables[1:], 1):
        before = table.visible()
        grown = [("tableau", k) for k in range(7) if len(after["tableau"][k]) > len(before["tableau"][k])] + \
                [("foundation", k) for k in range(4) if size(after["foundations"][k]) > size(before["foundations"][k])]
        if len(grown) != 1:
            raise ValueError(f"step {step}: no single pile grows")
        to = grown[0]
        gained = (len(after["tableau"][to[1]]) - len(before["tableau"][to[1]])) if to[0] == "tableau" else 1
        if len(after["stock"]) + len(after["waste"]) < len(before["stock"]) + len(before["waste"]):
            # A K+ move: tap until the card is on the waste and the stock and waste are as printed.
            card = after["tableau"][to[1]][-1] if to[0] == "tableau" else after["foundations"][to[1]]
            taps = 0
            for taps in range(0, 3 * 53):
                if table.waste and table.waste[-1] == card:
                    trial = Table([], [], draw)
                    trial.stock, trial.waste = list(table.stock), table.waste[:-1]
                    if trial.talon() == (after["stock"], after["waste"]):
                        break
                table.tap()
                moves.append("tap(stock)")
            else:
                raise ValueError(f"step {step}: no taps reach the waste card played")
            source, count = ("waste", 0), 1
        else:
            shrunk = [("tableau", k) for k in range(7) if len(after["tableau"][k]) < len(before["tableau"][k])] + \
                     [("foundation", k) for k in range(4) if size(after["foundations"][k]) < size(before["foundations"][k])]
            if len(shrunk) != 1:
                raise ValueError(f"step {step}: no single pile shrinks")
            source, count = shrunk[0], gained
        table.put(to, table.take(source, count))
        moves.append(f"{name(source, count)}->{name(to)}")
        if table.visible() != after:
            raise ValueError(f"step {step}: {moves[-1]} does not reach the table Solvitaire prints")
    return moves


def replay(patience, rules, draw, position, moves, path):
    with open(path, "w") as f:
        f.write("\n".join(moves) + "\n")
    out = subprocess.run([patience, "replay", rules, path, "--board", position, "--option", f"draw={draw}",
                          "--format", "json"], capture_output=True, text=True)
    result = json.loads(out.stdout) if out.stdout.strip().startswith("{") else {"error": out.stderr.strip()}
    return "won" if result.get("won") else f"not won: {json.dumps(result)}"


# ---- the run -------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(usage=__doc__.split("usage: ")[1].split("\n  e.g.")[0])
    parser.add_argument("patience")
    parser.add_argument("solvitaire")
    parser.add_argument("draw", type=int, choices=(1, 3))
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("cpu_limit", type=int, nargs="?", default=2)
    parser.add_argument("--preset")
    parser.add_argument("--rules", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Rules", "Klondike.patience"))
    parser.add_argument("--keep")
    args = parser.parse_args()
    preset = args.preset or ("klondike" if args.draw == 3 else "klondike-deal-1")
    work = args.keep or tempfile.mkdtemp(prefix="bench-solvitaire-")
    os.makedirs(work, exist_ok=True)
    problems, rows = [], []

    for seed in range(args.first, args.last + 1):
        tableau, stock = solvitaire_deal(seed)
        check_deal_only(args.solvitaire, preset, seed, tableau, stock)
        position = os.path.join(work, f"deal-{seed}.json")
        with open(position, "w") as f:
            json.dump(patience_position(tableau, stock, args.draw), f)
        row = {"deal": f"solvitaire:{seed}", "draw": args.draw, "preset": preset}

        # Solvitaire
        out = os.path.join(work, f"solvitaire-{seed}.txt")
        status, cpu = run_limited([args.solvitaire, "--type", preset, "--random", str(seed)], args.cpu_limit, out)
        with open(out) as f:
            stats, tables = parse_solvitaire(f.read())
        kind = stats.get("Solution Type")
        s = {"verdict": {"solved": "solved", "unsolvable": "unsolvable"}.get(kind, "unknown"), "cpu_seconds": cpu}
        if s["verdict"] == "unknown":
            s["reason"] = kind or (f"signal {-status} (CPU limit)" if status < 0 else f"exit status {status}")
        else:
            s["states"] = int(stats["Final States In Cache"])
            s["states_searched"] = int(stats["States Searched"])
            s["ms"] = int(stats["Time Taken (milliseconds)"])
        if s["verdict"] == "solved":
            try:
                moves = translate(tableau, stock, args.draw, tables)
                s["replay"] = replay(args.patience, args.rules, args.draw, position, moves,
                                     os.path.join(work, f"solvitaire-{seed}.moves"))
            except ValueError as error:
                s["replay"] = f"not translated: {error}"
            if s["replay"] != "won":
                problems.append(f"seed {seed}: Solvitaire's solution does not replay: {s['replay']}")
        row["solvitaire"] = s

        # Patience
        out = os.path.join(work, f"patience-{seed}.json")
        status, cpu = run_limited([args.patience, "solve", args.rules, "--option", f"draw={args.draw}", "--board", position,
                                   "--clock", "cpu", "--max-seconds", str(args.cpu_limit), "--max-states", "1000000000",
                                   "--format", "json"], args.cpu_limit + 1, out)
        with open(out) as f:
            text = f.read()
        p = {"cpu_seconds": cpu}
        if status in (0, 1, 2) and text.strip().startswith("{"):
            result = json.loads(text)
            p["verdict"] = {"solved": "solved", "unsolvable": "unsolvable"}.get(result["verdict"], "unknown")
            if p["verdict"] == "unknown":
                p["reason"] = result.get("reason")
            p.update(states=result["states"], nodes=result["nodes"], seconds=result["seconds"],
                     shortening=result.get("shortening", 0.0))
            if p["verdict"] == "solved":
                p["replay"] = replay(args.patience, args.rules, args.draw, position, result["plays"],
                                     os.path.join(work, f"patience-{seed}.moves"))
                if p["replay"] != "won":
                    problems.append(f"seed {seed}: Patience's solution does not replay: {p['replay']}")
        else:
            with open(out + ".err") as f:
                p.update(verdict="unknown", reason=f"status {status}: {f.read().strip()[-300:]}")
        row["patience"] = p

        verdicts = {s["verdict"], p["verdict"]}
        row["conflict"] = verdicts == {"solved", "unsolvable"}
        if row["conflict"]:
            problems.append(f"seed {seed}: VERDICT CONFLICT: Solvitaire {s['verdict']}, Patience {p['verdict']}")
            print(f"!!! VERDICT CONFLICT on seed {seed}: Solvitaire {s['verdict']}, Patience {p['verdict']}", file=sys.stderr, flush=True)
        rows.append(row)
        print(json.dumps(row), flush=True)

    summarize(args, preset, rows, problems)
    if not args.keep:
        shutil.rmtree(work)
    sys.exit(1 if problems else 0)


def summarize(args, preset, rows, problems):
    def median(values):
        return statistics.median(values) if values else float("nan")

    err = sys.stderr
    print(f"\nKlondike draw {args.draw}, Solvitaire seeds {args.first}..{args.last} ({len(rows)} deals), "
          f"{args.cpu_limit} CPU-s a deal, Solvitaire preset {preset}:", file=err)
    for who in ("solvitaire", "patience"):
        solved = [r for r in rows if r[who]["verdict"] == "solved"]
        proved = [r for r in rows if r[who]["verdict"] == "unsolvable"]
        times = [r[who]["cpu_seconds"] for r in solved + proved]
        over = sum(1 for r in solved + proved if r[who]["cpu_seconds"] > args.cpu_limit)
        # Patience's CPU time includes starting up and `solve`'s shortening of the solution.
        searching = [r[who]["cpu_seconds"] - r[who].get("shortening", 0.0) for r in solved + proved]
        print(f"  {who:10}  decided {len(solved) + len(proved)} ({len(solved)} solved + {len(proved)} proved unsolvable), "
              f"median {median(times):.3f} CPU-s over decided deals"
              + (f" ({median(searching):.3f} without shortening the solutions)" if who == "patience" else "")
              + (f"; {over} of them took more than {args.cpu_limit} CPU-s in all (finding a solution within its budget, "
                 f"then shortening it), {len(solved) + len(proved) - over} decided within {args.cpu_limit} CPU-s" if over else ""),
              file=err)
    both = [r for r in rows if r["solvitaire"]["verdict"] == "solved" and r["patience"]["verdict"] == "solved"]
    sv, pt = median([r["solvitaire"]["states"] for r in both]), median([r["patience"]["states"] for r in both])
    print(f"  deals both solve: {len(both)}; median stored states: Patience {pt:,.0f}, Solvitaire {sv:,.0f}, "
          f"ratio {pt / sv if sv else float('nan'):.1f}x; "
          f"median of per-deal ratios {median([r['patience']['states'] / max(r['solvitaire']['states'], 1) for r in both]):.1f}x",
          file=err)
    only = {who: [r["deal"] for r in rows if r[who]["verdict"] != "unknown" and r[other]["verdict"] == "unknown"]
            for who, other in (("solvitaire", "patience"), ("patience", "solvitaire"))}
    print(f"  decided by Solvitaire only: {len(only['solvitaire'])} {only['solvitaire']}", file=err)
    print(f"  decided by Patience only: {len(only['patience'])} {only['patience']}", file=err)
    if problems:
        print("\n!!! PROBLEMS:", file=err)
        for problem in problems:
            print(f"!!! {problem}", file=err)
    else:
        print("  no verdict conflict; every solution replayed to a win", file=err)


if __name__ == "__main__":
    main()
