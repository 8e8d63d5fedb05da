#!/usr/bin/env python3
"""Tunes the guided phase's schedule (GuidedSchedule.portfolio) on FreeCell's Microsoft deals.

Every member of the portfolio goes on from where its last turn stopped, so the nodes a member
needs to solve a deal do not depend on the schedule, and a schedule can be rated from each
member's count alone. The script therefore works in two steps:

1. `measure`: runs `patience-bench solver --member WEIGHTS --guided-only` once for each member
   over deals FIRST..LAST, each deal capped at --max-states stored states, and writes one file per
   member into DIR: its weights on a first line `# weights W`, then a line a deal (deal, verdict,
   nodes, seconds, successors generated). Over 1..32000 that is two to five minutes a member on
   the project's machine (the bench also runs Freecell Solver once; it is not used here).

2. `tune`: reads DIR and searches for a prelude (turns of a member and a number of nodes, run in
   order) and shares (the slices each member gets after the prelude) that make the least cost over
   the odd deals (the even ones are left to check it on): the nodes each member expands, weighted
   by its cost per node in microseconds, plus LAMBDA times the same over the odd deals of 1..1000
   (both ranges are benchmarked), each relative to the schedule it starts from. A member's first
   256 nodes on a deal cost more than the rest (they rate more successors, fewer of which were
   seen before: about 5.5 against 3 microseconds), and both rates are read from the times its
   file records (`fit_rates`); --cost NAME=US sets one rate for both instead, as for files
   measured without times. The search is a random local search (change a turn's nodes, its
   member, swap or drop turns, add one, change a share), from --start; it prints the best prelude
   and shares it found, how they do on the deals checked and, where the files name their weights,
   the schedule as `patience-bench solver --schedule` takes it, so that it is measured before it
   is built in.

usage:
  tune-schedule.py measure BENCH DIR [--range 1..32000] [--max-states 200000] NAME=R,B,F,S,D,O[,N,SEED] ...
  tune-schedule.py tune DIR NAME,NAME,... [--iterations 500] [--lambda 1] [--seed 3]
         [--cost NAME=US ...] [--start 'M:NODES;M:NODES;...'] [--shares S,S,...]
e.g.
  swift build -c release --product patience-bench
  Scripts/tune-schedule.py measure .build/release/patience-bench /tmp/members --max-states 100000 \\
      spacious=10,2,3,6,2,2 patient=10,2,3,4,3,2 deepRoomy=10,2,3,8,-100,2 deepOrderly=10,1,3,6,-100,4 \\
      greedy=10,2,3,4,0,2 roomy=10,2,3,8,1,2 orderlyRoomy=10,2,3,8,2,4 orderly=10,1,3,6,2,5 \\
      orderlyAiry=10,2,3,10,2,5 tidy=10,2,3,8,2,6
  Scripts/tune-schedule.py tune /tmp/members spacious,patient,deepRoomy,deepOrderly,greedy,roomy,orderlyRoomy,orderly,orderlyAiry,tidy \\
      --cost spacious=2.45 --cost patient=2.55 --cost deepRoomy=1.98 --cost deepOrderly=1.93 --cost greedy=2.03 \\
      --cost roomy=2.40 --cost orderlyRoomy=2.45 --cost orderly=2.3 --cost orderlyAiry=2.45 --cost tidy=2.45 \\
      --lambda 3 --iterations 3000

N,SEED give a set noisy ratings (up to N added to each, from SEED; see Docs/Benchmarks.md for
what such sets did and why the model's figures must be checked by a measured run). A schedule the
model rates cheaper may still not be: a set that widens its search (more weight on depth) expands
fewer nodes but rates more new successors for each, and the model counts nodes (Docs/Benchmarks.md,
"Tried for FreeCell's schedule").

The committed schedule's sets and shares came from a few such runs in a row, each started from
the best of the one before (--start, --shares), the last with --lambda 3 (thirteen sets were
measured; the three that no turn of the best prelude named were then left out, which the model
rated as costing nothing). Its prelude was tuned again once the ten sets' counts had changed
(measured again over 1..32000 with --max-states 100000, with four more sets: orderlyLow=10,1,3,6,1,5
orderlyWide=10,1,3,8,2,6 unburied=10,0,3,6,2,5 orderlyTight=10,1,3,4,2,5; the two sets no turn
then named, deepRoomy and tidy, were left out), from the prelude before, with each set
given its mean time per node as its one rate (--cost NAME=US, the microseconds its file records
over its nodes), first with --lambda 0.2 (--iterations 4000), then from its best with --lambda
0.05 (6000); with the fitted rates the prelude chosen measured worse than the one before, and
with a plain node count it gained less. A random search
does not find the same one twice, and its figures on the even deals are what to compare; check
a schedule by instructions (valgrind --tool=callgrind over a sample of deals with --schedule):
the time of one run on a shared machine moves by more than the gains. Needs numpy. Deal 11982
(unsolvable: the exhaustive search proves it) is left out of the tuning.
"""
import os
import random
import subprocess
import sys

INF = 10**9


def measure(bench, folder, members, first, last, max_states):
    os.makedirs(folder, exist_ok=True)
    for spec in members:
        name, weights = spec.split("=", 1)
        command = [bench, "solver", "--freecell", f"{first}..{last}", "--repetitions", "1", "--deals", "0",
                   "--game", "FreeCell", "--lengths", "0", "--verbose", "--guided-only",
                   "--max-states", str(max_states), "--member", weights]
        print(f"{name}: {' '.join(command)}", file=sys.stderr, flush=True)
        output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        rows = []
        for line in output.splitlines():
            parts = line.split()
            # "  FreeCell ms:N VERDICT (PHASE) S states N nodes G generated T s"
            if len(parts) > 11 and parts[1].startswith("ms:") and parts[7] == "nodes" and parts[9] == "generated":
                rows.append(f"{parts[1][3:]} {parts[2]} {parts[6]} {parts[10]} {parts[8]}\n")
        with open(os.path.join(folder, f"{name}.txt"), "w") as f:
            f.write(f"# weights {weights}\n")
            f.writelines(rows)
        print(f"{name}: {len(rows)} deals", file=sys.stderr, flush=True)


def load(folder, names):
    """The deals every member was measured on (11982 left out), each member's nodes on each
    (INF where it did not solve it), and each member's time on each in seconds (nan where the
    file has no times: files measured before they were recorded). A line `# weights W` names
    the member's weights (`weights_of`)."""
    import numpy as np
    counts, times = [], []
    for name in names:
        member, timed = {}, {}
        with open(os.path.join(folder, f"{name}.txt")) as f:
            for line in f:
                if line.startswith("#"):
                    continue
                fields = line.split()
                deal, verdict, nodes = fields[:3]
                member[int(deal)] = int(nodes) if verdict == "solved" else INF
                timed[int(deal)] = float(fields[3]) if len(fields) > 3 else float("nan")
        counts.append(member)
        times.append(timed)
    deals = sorted(d for d in counts[0] if d != 11982 and all(d in c for c in counts))
    return (np.array(deals), np.array([[c[d] for d in deals] for c in counts], dtype=np.int64),
            np.array([[t[d] for d in deals] for t in times]))


def weights_of(folder, name):
    """The weights `measure` recorded for a member, or None."""
    with open(os.path.join(folder, f"{name}.txt")) as f:
        first = f.readline().split()
    return first[2] if len(first) == 3 and first[:2] == ["#", "weights"] else None


EARLY = 256


def fit_rates(nodes, times):
    """A member's cost per node in microseconds, (first EARLY nodes, the rest), from its measured
    times: the early rate over the deals it solved within EARLY nodes, the late one over those it
    took longer on, less their first EARLY nodes at the early rate (the first nodes of a search
    rate more successors, fewer of which were seen before); None without times."""
    import numpy as np
    ok = np.isfinite(times) & (times > 0) & (nodes < INF)
    short = ok & (nodes <= EARLY)
    long = ok & (nodes > EARLY)
    if short.sum() < 100 or long.sum() < 100:
        return None
    early = times[short].sum() / nodes[short].sum()
    n = nodes[long].astype(np.float64)
    late = (times[long].sum() - early * EARLY * long.sum()) / (n - EARLY).sum()
    return early * 1e6, max(late, 0.0) * 1e6


def cost(nodes, prelude, shares, weights, slice_=256):
    """Each deal's cost under the schedule: each member's nodes times its cost per node, its
    first EARLY nodes on a deal at one rate and the rest at another (`weights` holds a pair or
    one number for each member). After the prelude only the deals still open are carried on,
    slice by slice (30 times faster than carrying all: a tuning run of thousands of steps takes
    minutes)."""
    import numpy as np
    rates = [w if isinstance(w, tuple) else (w, w) for w in weights]
    early = np.array([r[0] for r in rates])
    late = np.array([r[1] for r in rates])

    def run(m, spent, count):
        # The cost of `count` nodes of member(s) m after `spent` of theirs.
        first = np.clip(EARLY - spent, 0, count)
        return first * early[m] + (count - first) * late[m]

    members, deals = nodes.shape
    spent = np.zeros((members, deals), dtype=np.int64)
    total = np.zeros(deals)
    done = np.zeros(deals, dtype=bool)
    for m, q in prelude:
        need = nodes[m] - spent[m]
        now = ~done & (need <= q)
        total[now] += run(m, spent[m][now], need[now])
        rest = ~done & ~now
        total[rest] += run(m, spent[m][rest], q)
        spent[m][rest] += q
        done |= now
    # A deal no member solves costs 1e9, whatever the schedule.
    never = (nodes >= INF).all(axis=0)
    total[never] = 1e9
    left = np.flatnonzero(~done & ~never)
    share = np.array(shares, dtype=np.float64)[:, None]
    open_spent = spent[:, left]
    open_nodes = nodes[:, left]
    open_total = total[left].copy()
    alive = np.arange(len(left))
    while len(alive):
        m = np.argmin(open_spent[:, alive] / share, axis=0)
        need = open_nodes[m, alive] - open_spent[m, alive]
        now = need <= slice_
        open_total[alive[now]] += run(m[now], open_spent[m[now], alive[now]], need[now])
        rest = ~now
        open_total[alive[rest]] += run(m[rest], open_spent[m[rest], alive[rest]], slice_)
        open_spent[m[rest], alive[rest]] += slice_
        alive = alive[rest]
    total[left] = open_total
    return total


def mutate(prelude, members, rnd):
    p = list(prelude)
    r = rnd.random()
    if r < 0.35 and p:
        i = rnd.randrange(len(p))
        p[i] = (p[i][0], max(8, int(p[i][1] * rnd.choice([0.5, 0.7, 1.4, 2]))))
    elif r < 0.5 and p:
        i = rnd.randrange(len(p))
        p[i] = (rnd.randrange(members), p[i][1])
    elif r < 0.65 and len(p) > 1:
        i = rnd.randrange(len(p) - 1)
        p[i], p[i + 1] = p[i + 1], p[i]
    elif r < 0.8 and p:
        del p[rnd.randrange(len(p))]
    else:
        p.insert(rnd.randrange(len(p) + 1), (rnd.randrange(members), rnd.choice([64, 128, 256, 512, 1024, 2048, 4096])))
    merged = []
    for m, q in p:
        if merged and merged[-1][0] == m:
            merged[-1] = (m, merged[-1][1] + q)
        else:
            merged.append((m, q))
    return merged


def tune(folder, names, iterations, lam, seed, costs, start, shares):
    deals, nodes, times = load(folder, names)
    weights = []
    for i, n in enumerate(names):
        fitted = fit_rates(nodes[i], times[i])
        weights.append(costs[n] if n in costs else fitted if fitted else 1.0)
        if fitted and n not in costs:
            print(f"{n}: {fitted[0]:.2f} us a node for its first {EARLY} nodes on a deal, {fitted[1]:.2f} after", file=sys.stderr)
    train = deals % 2 == 1
    small = deals <= 1000

    def total(prelude, s, mask):
        return cost(nodes[:, mask], prelude, s, weights).sum()

    base = (start, shares)
    base_train, base_small = total(*base, train), total(*base, train & small)

    def objective(prelude, s):
        return total(prelude, s, train) / base_train + lam * total(prelude, s, train & small) / base_small

    rnd = random.Random(seed)
    best, best_shares = start, shares
    best_value = objective(best, best_shares)
    for k in range(iterations):
        s = list(best_shares)
        candidate = best
        if rnd.random() < 0.15:
            i = rnd.randrange(len(s))
            s[i] = max(1, s[i] + rnd.choice([-2, -1, 1, 2]))
        else:
            candidate = mutate(best, len(names), rnd)
        value = objective(candidate, s)
        if value < best_value:
            best, best_shares, best_value = candidate, s, value
            print(f"{k}: {value:.4f}", file=sys.stderr, flush=True)
    for label, mask in (("odd deals (tuned on)", train), ("even deals (checked on)", ~train),
                        ("even deals of 1..1000", ~train & small)):
        print(f"{label}: cost {total(best, best_shares, mask) / total(*base, mask):.3f} of the start's")
    print("prelude:", "; ".join(f"{names[m]} {q}" for m, q in best))
    print("shares:", ", ".join(f"{n} {s}" for n, s in zip(names, best_shares)))
    weights = [weights_of(folder, n) for n in names]
    if all(weights):
        # The same schedule as `patience-bench solver --schedule` reads it, to be measured as it is.
        members = " ".join(f"{w}:{s}" for w, s in zip(weights, best_shares))
        print(f"--schedule '{members} / " + " ".join(f"{m}:{q}" for m, q in best) + "'")


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(argv) >= 2 else 2
    args = argv[2:]
    options, positional = {}, []
    repeated = {"--cost": []}
    while args:
        a = args.pop(0)
        if a in repeated:
            repeated[a].append(args.pop(0))
        elif a.startswith("--"):
            options[a] = args.pop(0)
        else:
            positional.append(a)
    if argv[1] == "measure" and len(positional) >= 3:
        first, last = (int(x) for x in options.get("--range", "1..32000").split(".."))
        measure(positional[0], positional[1], positional[2:], first, last, int(options.get("--max-states", "200000")))
        return 0
    if argv[1] == "tune" and len(positional) == 2:
        names = positional[1].split(",")
        costs = {k: float(v) for k, v in (c.split("=") for c in repeated["--cost"])}
        start = [tuple(int(x) for x in t.split(":")) for t in options.get("--start", "0:512;1:512").split(";")]
        shares = [int(x) for x in options.get("--shares", ",".join("1" * len(names))).split(",")]
        if len(shares) != len(names):
            print("tune-schedule.py: --shares needs one share per member", file=sys.stderr)
            return 2
        tune(positional[0], names, int(options.get("--iterations", "500")), float(options.get("--lambda", "1")),
             int(options.get("--seed", "3")), costs, start, shares)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
