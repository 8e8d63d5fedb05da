#!/usr/bin/env python3
"""Regenerates Tests/Fixtures/pysolfc/<Fixture>.json: positions reached by seeded
random walks in PySolFC, each with the moves PySolFC allows there.

PySolFC is not installed or fetched: it runs from a local checkout given with --pysolfc, with
its game logic driven without a display. The script imports the checkout's `pysollib`, puts
stand-ins in place of everything that draws (canvas items, card images, the status bar, sounds,
timers), builds each game the way PySolFC's preview does, deals PySolFC deal N
(`construct_random(str(N))`), and then plays a random walk through PySolFC's own moves:
`Stack.playMoveMove` for a move (with PySolFC's fill and auto-flip rules) and `Game.dealCards`
for a click on the talon. Nothing of PySolFC is copied here; only its answers are written.

The options are PySolFC's defaults with animations, sounds and auto-deal off and auto face-up
on. Auto-drop is on only for the games whose rule file moves complete runs off the table by
itself (Spider, Spiderette, Scorpion), so that each side reaches the same positions.

A move is legal in PySolFC when the source stack's canMoveCards(top n cards) and the
destination's acceptsCards(source, top n cards) both hold, which is what its drag and drop
asks; a deal is legal when Game.canDealCards() holds.

Needs, in the Python that runs it: the packages PySolFC imports (attrs, configobj,
pysol_cards), e.g.
    python3 -m venv .venv && .venv/bin/pip install attrs configobj pysol-cards
and a PySolFC checkout (any folder holding its `pysollib` package).
Usage (from the package root):
    .venv/bin/python Scripts/make-pysolfc-move-fixtures.py --pysolfc PATH [--positions N] [FIXTURE ...]
FIXTURE is a name from GAMES below, such as Klondike or Spider1Suit; without one, all are made.

The format of the fixtures is described in Tests/Fixtures/pysolfc/README.md.
"""

import argparse
import json
import os
import random
import subprocess
import sys

# Fixture name -> (PySolFC game name, rule file, options, suit renaming, auto-drop).
# The suit renaming maps PySolFC's suits onto the rule file's deck where PySolFC deals other
# suits: its one-suit Spider uses clubs, its two-suit Spider clubs and hearts, where the rule
# file uses spades and spades and hearts (same colours, so no rule can tell).
GAMES = {
    "Klondike": ("Klondike", "Klondike", {}, {}, False),
    "KlondikeDraw3": ("Klondike (Draw 3)", "Klondike", {"draw": "3"}, {}, False),
    "KlondikeNoRedeal": ("Vegas Klondike", "Klondike", {"redeals": "0"}, {}, False),
    "KlondikeTwoRedeals": ("Casino Klondike", "Klondike", {"redeals": "2"}, {}, False),
    "FreeCell": ("FreeCell", "FreeCell", {}, {}, False),
    "Spider": ("Spider", "Spider", {"suits": "4"}, {}, True),
    "Spider2Suits": ("Spider (2 Suits)", "Spider", {"suits": "2"}, {"C": "S"}, True),
    "Spider1Suit": ("Spider (1 Suit)", "Spider", {"suits": "1"}, {"C": "S"}, True),
    "Spiderette": ("Spiderette", "Spiderette", {}, {}, True),
    "Yukon": ("Yukon", "Yukon", {}, {}, False),
    "FortyThieves": ("Forty Thieves", "FortyThieves", {}, {}, False),
    "Canfield": ("Canfield", "Canfield", {}, {}, False),
    "Scorpion": ("Scorpion", "Scorpion", {}, {}, True),
    "Gypsy": ("Gypsy", "Gypsy", {}, {}, False),
    "Golf": ("Golf", "Golf", {}, {}, False),
    "DeadKingGolf": ("Dead King Golf", "Golf", {"dead_kings": "true"}, {}, False),
    "RelaxedGolf": ("Relaxed Golf", "Golf", {"wrap": "true"}, {}, False),
    "BakersDozen": ("Baker's Dozen", "BakersDozen", {}, {}, False),
    "Fan": ("Fan", "Fan", {}, {}, False),
    "BlackHole": ("Black Hole", "BlackHole", {}, {}, False),
    "SimpleSimon": ("Simple Simon", "SimpleSimon", {}, {}, False),
    "BakersGame": ("Baker's Game", "BakersGame", {}, {}, False),
    "KingsOnlyBakersGame": ("King Only Baker's Game", "KingsOnlyBakersGame", {}, {}, False),
    "EightOff": ("Eight Off", "EightOff", {}, {}, False),
    "SeahavenTowers": ("Seahaven Towers", "SeahavenTowers", {}, {}, False),
    "RelaxedSeahavenTowers": ("Relaxed Seahaven Towers", "RelaxedSeahavenTowers", {}, {}, False),
    "RelaxedFreeCell": ("Relaxed FreeCell", "RelaxedFreeCell", {}, {}, False),
    "Forecell": ("ForeCell", "Forecell", {}, {}, False),
    "StreetsAndAlleys": ("Streets and Alleys", "StreetsAndAlleys", {}, {}, False),
    "BeleagueredCastle": ("Beleaguered Castle", "BeleagueredCastle", {}, {}, False),
    "Citadel": ("Citadel", "Citadel", {}, {}, False),
    "DerKatzenschwanz": ("Cat's Tail", "DerKatzenschwanz", {}, {}, False),
    "DieSchlange": ("Snake", "DieSchlange", {}, {}, False),
    "Jamestown": ("Simple Pairs", "Jamestown", {}, {}, False),
    "BlockTen": ("Block Ten", "BlockTen", {}, {}, False),
    "MonteCarlo": ("Monte Carlo", "MonteCarlo", {}, {}, False),
    "Quatorze": ("Quatorze", "Quatorze", {}, {}, False),
    "Fourteen": ("Fourteen", "Fourteen", {}, {}, False),
    "Neighbor": ("Neighbour", "Neighbor", {}, {}, False),
    "Isabel": ("Patient Pairs", "Isabel", {}, {}, False),
    "Cover": ("Cover", "Cover", {}, {}, False),
    "Escalator": ("Escalator", "Escalator", {}, {}, False),
    "Elevator": ("Elevator", "Elevator", {}, {}, False),
    "Fortunes": ("Fortunes", "Fortunes", {}, {}, False),
    "Thieves": ("Thieves", "Thieves", {}, {}, False),
    "Cruel": ("Cruel", "Cruel", {"foundation_play": "true"}, {}, False),
    "Doublets": ("Doublets", "Doublets", {}, {}, False),
    "Pileon": ("PileOn", "Pileon", {}, {}, False),
    "TriplePeaks": ("Three Peaks", "TriplePeaks", {}, {}, False),
    "Chessboard": ("Chessboard", "Chessboard", {}, {}, False),
    "FreeCellTwoCells": ("FreeCell (2 Reserves)", "FreeCellTwoCells", {}, {}, False),
    "SevenByFour": ("Seven by Four", "SevenByFour", {}, {}, False),
    "SevenByFive": ("Seven by Five", "SevenByFive", {}, {}, False),
    "Bath": ("Bath", "Bath", {}, {}, False),
    "KingCell": ("KingCell", "KingCell", {}, {}, False),
    "Opera": ("Opera", "Opera", {}, {}, False),
    "GermanFreeCell": ("German FreeCell", "GermanFreeCell", {}, {}, False),
    "DoubleFreeCellTraditional": ("Double FreeCell (Traditional)", "DoubleFreeCellTraditional", {}, {}, False),
    "TripleFreeCell": ("Triple FreeCell", "TripleFreeCell", {}, {}, False),
    "BigCell": ("Big Cell", "BigCell", {}, {}, False),
    "Repair": ("Repair", "Repair", {}, {}, False),
    "DoubleSeahavenTowers": ("Double Seahaven Towers", "DoubleSeahavenTowers", {}, {}, False),
    "BusyAces": ("Busy Aces", "BusyAces", {}, {}, False),
    "Limited": ("Limited", "Limited", {}, {}, False),
    "WaningMoon": ("Waning Moon", "WaningMoon", {}, {}, False),
    "ThirtyNineSteps": ("Thirty-Nine Steps", "ThirtyNineSteps", {}, {}, False),
    "Express": ("Express", "Express", {}, {}, False),
    "Carnation": ("Carnation", "Carnation", {}, {}, False),
    "FamousFifty": ("Famous Fifty", "FamousFifty", {}, {}, False),
    "SixtyThieves": ("Sixty Thieves", "SixtyThieves", {}, {}, False),
    "EightyThieves": ("Eighty Thieves", "EightyThieves", {}, {}, False),
    "Lucas": ("Lucas", "Lucas", {}, {}, False),
    "NapoleonsSquare": ("Napoleon's Square", "NapoleonsSquare", {}, {}, False),
    "Josephine": ("Josephine", "Josephine", {}, {}, False),
    "MarieRose": ("Marie Rose", "MarieRose", {}, {}, False),
    "Malmaison": ("Malmaison", "Malmaison", {}, {}, False),
    "SanJuanHill": ("San Juan Hill", "SanJuanHill", {}, {}, False),
    "FortyAndEight": ("Forty and Eight", "FortyAndEight", {}, {}, False),
    "Streets": ("Streets", "Streets", {}, {}, False),
    "Maria": ("Maria", "Maria", {}, {}, False),
    "BigStreets": ("Big Streets", "BigStreets", {}, {}, False),
    "Roosevelt": ("Roosevelt", "Roosevelt", {}, {}, False),
    "NumberTen": ("Number Ten", "NumberTen", {}, {}, False),
    "NumberTwelve": ("Number Twelve", "NumberTwelve", {}, {}, False),
    "RankAndFile": ("Rank and File", "RankAndFile", {}, {}, False),
    "Emperor": ("Emperor", "Emperor", {}, {}, False),
    "NapoleonsFolly": ("Napoleon's Folly", "NapoleonsFolly", {}, {}, False),
    "Indian": ("Indian", "Indian", {}, {}, False),
    "Midshipman": ("Midshipman", "Midshipman", {}, {}, False),
    "Mumbai": ("Mumbai", "Mumbai", {}, {}, False),
    "NapoleonsExile": ("Napoleon's Exile", "NapoleonsExile", {}, {}, False),
    "DoubleRail": ("Double Rail", "DoubleRail", {}, {}, False),
    "SingleRail": ("Single Rail", "SingleRail", {}, {}, False),
    "TripleRail": ("Triple Rail", "TripleRail", {}, {}, False),
    "FinalBattle": ("Final Battle", "FinalBattle", {}, {}, False),
    "Courtyard": ("Courtyard", "Courtyard", {}, {}, False),
    "BigCourtyard": ("Big Courtyard", "BigCourtyard", {}, {}, False),
    "Corona": ("Corona", "Corona", {}, {}, False),
    "TripleLine": ("Triple Line", "TripleLine", {}, {}, False),
    "RedAndBlack": ("Red and Black", "RedAndBlack", {}, {}, False),
    "Deuces": ("Deuces", "Deuces", {}, {}, False),
    "CastlesInSpain": ("Castles in Spain", "CastlesInSpain", {}, {}, False),
    "SpanishPatience": ("Spanish Patience", "SpanishPatience", {}, {}, False),
    "PortugueseSolitaire": ("Portuguese Solitaire", "PortugueseSolitaire", {}, {}, False),
    "SpanishPatienceII": ("Spanish Patience II", "SpanishPatienceII", {}, {}, False),
    "GoodMeasure": ("Good Measure", "GoodMeasure", {}, {}, False),
    "Vineyard": ("Vineyard", "Vineyard", {}, {}, False),
    "RelaxedCruel": ("Relaxed Cruel", "RelaxedCruel", {"foundation_play": "true"}, {}, False),
    "Perseverance": ("Perseverance", "Perseverance", {"foundation_play": "true"}, {}, False),
    "Indefatigable": ("Indefatigable", "Indefatigable", {}, {}, False),
    "RoyalFamily": ("Royal Family", "RoyalFamily", {"foundation_play": "true"}, {}, False),
    "Unusual": ("Unusual", "Unusual", {"foundation_play": "true"}, {}, False),
    "CeilingFan": ("Ceiling Fan", "CeilingFan", {}, {}, False),
    "BoxFan": ("Box Fan", "BoxFan", {}, {}, False),
    "ScotchPatience": ("Scotch Patience", "ScotchPatience", {}, {}, False),
    "Shamrocks": ("Shamrocks", "Shamrocks", {}, {}, False),
    "FreeFan": ("Free Fan", "FreeFan", {}, {}, False),
    "LaBelleLucie": ("La Belle Lucie", "LaBelleLucie", {}, {}, False),
    "SuperFlowerGarden": ("Super Flower Garden", "SuperFlowerGarden", {}, {}, False),
    "Trefoil": ("Trefoil", "Trefoil", {}, {}, False),
    "Stronghold": ("Stronghold", "Stronghold", {}, {}, False),
    "PrivateLane": ("Private Lane", "PrivateLane", {}, {}, False),
    "Siegecraft": ("Siegecraft", "Siegecraft", {}, {}, False),
    "ExiledKings": ("Exiled Kings", "ExiledKings", {}, {}, False),
    "Bastion": ("Bastion", "Bastion", {}, {}, False),
    "TenByOne": ("Ten by One", "TenByOne", {}, {}, False),
    "Lasker": ("Lasker", "Lasker", {}, {}, False),
    "Morphy": ("Morphy", "Morphy", {}, {}, False),
}

# PySolFC's stack groups -> the rule files' zones. Reserves are free cells, except in the
# games whose rule file calls them a reserve (Canfield's).
ZONES = [("talon", "stock"), ("waste", "waste"), ("foundations", "foundation"),
         ("rows", "tableau"), ("reserves", "cell")]
RESERVE_ZONE = {"Canfield": "reserve"}
# Games whose PySolFC rows are the rule file's reserve.
ROWS_ZONE = {"Doublets": "reserve"}
# PySolFC's pair games put the removed cards on a foundation; their rule files on a hidden discard pile.
FOUNDATION_ZONE = {name: "discard" for name in ["Jamestown", "BlockTen", "MonteCarlo", "Quatorze", "Fourteen", "Neighbor",
                                                 "Isabel", "Cover", "Fortunes"]}

SUIT_LETTERS = "CSHD"            # PySolFC's suit numbers 0 to 3
RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

WALK_STEPS = 160                 # moves and deals per walk at most
PER_WALK = 10                    # positions written per walk at most, evenly spaced along it
TARGET = 60                      # positions per fixture: deals are walked until there are this many
MAX_DEALS = 60


class Inert:
    """Stands for anything that draws or makes a sound: every call and attribute is another Inert."""

    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        return Inert()

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Inert()

    def __getitem__(self, key):
        return Inert()

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0


def load_pysolfc(path):
    """Imports PySolFC from the checkout and makes its game logic run without a display."""
    sys.path.insert(0, os.path.abspath(path))
    import pysollib.pysoltk as toolkit
    import pysollib.games  # noqa: F401  (registers the games)
    import pysollib.games.special  # noqa: F401
    import pysollib.stack  # noqa: F401
    import pysollib.layout  # noqa: F401
    from pysollib.acard import AbstractCard
    from pysollib.game import Game
    from pysollib.gamedb import GAME_DB
    from pysollib.options import Options
    from pysollib.pysolrandom import construct_random

    class HeadlessCard(AbstractCard):
        def __init__(self, *args, **kwargs):
            AbstractCard.__init__(self, *args, **kwargs)
            self.item = Inert()

        def showFace(self, unhide=1):
            self.face_up = 1

        def showBack(self, unhide=1):
            self.face_up = 0

        def updateCardBackground(self, image):
            pass

    drawing = [name for name in dir(toolkit) if name.startswith("Mfx")] + [
        "bind", "unbind_destroy", "after", "after_idle", "after_cancel", "wm_map", "markImage",
        "reset_solver_dialog"]
    for name, module in list(sys.modules.items()):
        if not name.startswith("pysollib") or module is None:
            continue
        for item in drawing:
            if hasattr(module, item):
                setattr(module, item, Inert)
        if hasattr(module, "get_text_width"):
            module.get_text_width = lambda *args, **kwargs: 10
        if module.__dict__.get("Card") is toolkit.Card:
            module.Card = HeadlessCard
    for method in ("updateStatus", "updateText", "updateMenus", "disableMenus", "setCursor",
                   "startPlayTimer", "stopPlayTimer", "updatePlayTime", "playSample", "stopSamples",
                   "stopSamplesLoop", "startDealSample", "redealAnimation", "stopWinAnimation",
                   "resizeGame", "updateStuck", "showHelp", "initBindings", "sleep", "interruptSleep"):
        setattr(Game, method, lambda self, *args, **kwargs: None)

    class Images:
        CARDW, CARDH, CARD_XOFFSET, CARD_YOFFSET = 73, 97, 20, 25
        SHADOW_XOFFSET = SHADOW_YOFFSET = 0
        _xfactor = _yfactor = 1

        def getSize(self):
            return (self.CARDW, self.CARDH)

        def getDelta(self):
            return (0, 0)

        def getOffsets(self):
            return (self.CARD_XOFFSET, self.CARD_YOFFSET)

        def __getattr__(self, name):
            if name.startswith("__"):
                raise AttributeError(name)
            return Inert()

    class Canvas(Inert):
        xmargin = ymargin = preview = 0
        busy = False

    class App:
        def __init__(self, autodrop):
            self.opt = Options()
            for option, value in (("animations", 0), ("autodrop", autodrop), ("autodeal", False),
                                  ("autofaceup", True), ("auto_scale", False), ("shadow", False),
                                  ("shade", False), ("sound", False), ("win_animation", False),
                                  ("flip_animation", False), ("redeal_animation", False),
                                  ("stuck_notification", False), ("display_win_message", False),
                                  ("randomize_place", False)):
                setattr(self.opt, option, value)
            self.images, self.canvas, self.top = Images(), Canvas(), Inert()
            self.intro = Inert()
            self.intro.progress = None
            self.stats, self.gamerandom, self.audio, self.gdb = Inert(), Inert(), None, GAME_DB

        def getGameTitleName(self, game_id):
            return GAME_DB.get(game_id).name

        def getFont(self, name):
            return ("helvetica", 12)

        def __getattr__(self, name):
            if name.startswith("__"):
                raise AttributeError(name)
            return Inert()

    def game_id(name):
        for gid in GAME_DB.getGamesIdSortedById():
            if GAME_DB.get(gid).name == name:
                return gid
        sys.exit(f"PySolFC has no game named {name!r}")

    def new_game(name, deal, autodrop):
        info = GAME_DB.get(game_id(name))
        game = info.gameclass(info)
        game.updateText = lambda *args, **kwargs: None  # some games override it to show a score
        game.create(App(autodrop))
        game.newGame(random=construct_random(str(deal)), autoplay=1)
        return game

    return game_id, new_game


def stack_names(game, fixture):
    """Each stack of the game that holds cards in play, with its pile name in the rule file's notation."""
    names = {}
    for group, zone in ZONES:
        if zone == "cell":
            zone = RESERVE_ZONE.get(fixture, zone)
        if zone == "foundation":
            zone = FOUNDATION_ZONE.get(fixture, zone)
        if zone == "tableau":
            zone = ROWS_ZONE.get(fixture, zone)
        stacks = getattr(game.s, group)
        if stacks is None:
            continue
        if not isinstance(stacks, (list, tuple)):
            stacks = [stacks]
        stacks = [s for s in stacks if s.id not in names]
        base = getattr(game, "base_card", None)
        if base is not None and group == "foundations":
            # Canfield's rule file keeps the base card on the first foundation; PySolFC puts it on its suit's.
            stacks.sort(key=lambda s: 0 if s.cards and s.cards[0] is base else 1)
        for i, stack in enumerate(stacks):
            names[stack.id] = zone if len(stacks) == 1 else f"{zone}[{i + 1}]"
    for stack in game.allstacks:
        if stack.id not in names and stack.cards:
            sys.exit(f"{fixture}: {stack!r} holds cards but has no pile in the rule file")
    return names


def card_text(card, suits):
    if card.suit == 4:                                   # PySolFC's jokers have a suit of their own
        return ("" if card.face_up else "#") + "JK"
    letter = SUIT_LETTERS[card.suit]
    return ("" if card.face_up else "#") + RANK_NAMES[card.rank] + suits.get(letter, letter)


def legal_moves(game, names):
    """Every (source, count, destination) that PySolFC's drag and drop accepts."""
    stacks = [s for s in game.allstacks if s.id in names]
    moves = []
    for source in stacks:
        for count in range(1, len(source.cards) + 1):
            cards = source.cards[-count:]
            if not source.canMoveCards(cards):
                continue
            for destination in stacks:
                if destination is not source and destination.acceptsCards(source, cards):
                    moves.append((source, count, destination))
    return moves


def move_text(move, names):
    source, count, destination = move
    return f"{names[source.id]}{'' if count == 1 else f'x{count}'}->{names[destination.id]}"


def position(game, names, suits, deal, step, moves, can_deal):
    talon = game.s.talon
    return {
        "deal": deal,
        "step": step,
        "piles": {names[s.id]: " ".join(card_text(c, suits) for c in s.cards)
                  for s in game.allstacks if s.id in names},
        "round": talon.round,
        "maxRounds": talon.max_rounds,
        "canDeal": bool(can_deal),
        "moves": [move_text(m, names) for m in moves],
    }


def walk(new_game, fixture, deal):
    """Positions sampled along one seeded random walk of one deal."""
    pysol_name, _, _, suits, autodrop = GAMES[fixture]
    game = new_game(pysol_name, deal, autodrop)
    rng = random.Random(f"{fixture}:{deal}")
    seen, last = [], None
    for step in range(WALK_STEPS + 1):
        names = stack_names(game, fixture)
        moves = legal_moves(game, names)
        can_deal = game.canDealCards()
        seen.append(position(game, names, suits, deal, step, moves, can_deal))
        if game.isGameWon() or not (moves or can_deal):
            break
        # Prefer moves to the foundations and avoid undoing the last move, so that walks get on
        # into the game instead of shuffling a card back and forth.
        undo = [m for m in moves if last and (m[0], m[1], m[2]) == (last[2], last[1], last[0])]
        choices = [m for m in moves if m not in undo] or moves
        weights = [4 if m[2] in game.s.foundations else 1 for m in choices]
        if can_deal:
            choices.append("deal")
            weights.append(1)
        choice = rng.choices(choices, weights)[0]
        if choice == "deal":
            game.dealCards(sound=False)
            last = None
        else:
            source, count, destination = choice
            source.playMoveMove(count, destination, frames=0, sound=False)
            last = choice
    if len(seen) <= PER_WALK:
        return seen
    # The opening, the last position, and from each stretch between them the position with the
    # most moves, so that the rules are asked as many questions as the walk allows.
    picked = [seen[0]]
    bounds = [1 + round(i * (len(seen) - 2) / (PER_WALK - 2)) for i in range(PER_WALK - 1)]
    for start, end in zip(bounds, bounds[1:]):
        if start < end:
            picked.append(max(seen[start:end], key=lambda p: (len(p["moves"]), -p["step"])))
    return picked + [seen[-1]]


def commit(path):
    try:
        return subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def make(fixture, target, out_dir, new_game, game_id, pysolfc):
    pysol_name, rules, options, suits, _ = GAMES[fixture]
    positions = []
    deal = 0
    while len(positions) < target and deal < MAX_DEALS:
        deal += 1
        positions.extend(walk(new_game, fixture, deal))
    positions = positions[:target]
    data = {
        "fixture": fixture,
        "rules": rules,
        "options": options,
        "pysolfc": {"game": pysol_name, "id": game_id(pysol_name), "commit": commit(pysolfc)},
        "madeBy": "Scripts/make-pysolfc-move-fixtures.py",
        "positions": positions,
    }
    path = os.path.join(out_dir, f"{fixture}.json")
    with open(path, "w") as f:
        # One position per line keeps the file readable and its diffs small.
        f.write("{\n")
        for key in ("fixture", "rules", "options", "pysolfc", "madeBy"):
            f.write(f"  {json.dumps(key)}: {json.dumps(data[key])},\n")
        f.write('  "positions": [\n')
        f.write(",\n".join("    " + json.dumps(p) for p in positions))
        f.write("\n  ]\n}\n")
    print(f"wrote {path}: {len(positions)} positions", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pysolfc", required=True, help="a PySolFC checkout (the folder holding pysollib)")
    parser.add_argument("--positions", type=int, default=TARGET, help="positions per fixture")
    parser.add_argument("--out", default="Tests/Fixtures/pysolfc")
    parser.add_argument("fixtures", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    for name in args.fixtures:
        if name not in GAMES:
            sys.exit(f"unknown fixture {name}; known: {', '.join(GAMES)}")
    game_id, new_game = load_pysolfc(args.pysolfc)
    os.makedirs(args.out, exist_ok=True)
    for name in args.fixtures:
        make(name, args.positions, args.out, new_game, game_id, args.pysolfc)


if __name__ == "__main__":
    main()
