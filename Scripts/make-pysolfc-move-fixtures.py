#!/usr/bin/env python3
"""Regenerates Tests/Fixtures/pysolfc/<Fixture>.json: seeded random walks played in PySolFC,
each play with the plays PySolFC allowed before it and the piles it changed.

PySolFC is not installed or fetched: it runs from a local checkout given with --pysolfc, with
its game logic driven without a display. The script imports the checkout's `pysollib`, puts
stand-ins in place of everything that draws (canvas items, card images, the status bar, sounds,
timers), builds each game the way PySolFC's preview does, deals PySolFC deal N
(`construct_random(str(N))`), and then plays a random walk through PySolFC's own gestures: a
drag and drop is the source stack's `dragMove` (with PySolFC's fill, auto face-up and auto-drop
rules after it), a click on the talon is `Game.dealCards`. Nothing of PySolFC is copied here;
only its answers are written.

A move is legal in PySolFC when the source stack's canMoveCards(top n cards) and the
destination's acceptsCards(source, top n cards) both hold, which is what its drag and drop
asks; a click on the talon is legal when Game.canDealCards() holds. PySolFC plays a pair (in the
pair games) by dropping one card on the other: that is a move here, and the test reads it as
the rule file's removal.

The walks: deals 1, 2, 3, ... are played until there are at least MIN_DEALS walks and MIN_PLAYS
plays in all; a walk makes at most WALK_PLAYS plays, each chosen at random (seeded by fixture
and deal) among the legal ones, moves to the foundations four times as likely and the reverse
of the last move left out when anything else is possible. It ends early when the game is won or
stuck.

The options are PySolFC's defaults with animations, sounds and auto-deal off and auto face-up
on. Auto-drop is on only for the games whose rule file moves complete runs off the table by
itself (Spider, Spiderette, Scorpion), so that each side reaches the same positions.

Adding a game is one line in GAMES:

    "FixtureName": Entry("PySolFC's game name", "RuleFile", {"option": "value"}),

The PySolFC name is the one its Select Game menu shows; the rule file is Rules/<RuleFile>.patience;
the options (a dict of strings, may be left out) are those that make the rule file PySolFC's game.
PySolFC's stacks are named after its stack groups: s.talon, s.waste, s.foundations, s.rows and
s.reserves, in that order, each going to the first zone of its list in ZONE_CHOICES that the rule
file (or a file it extends) declares, its stacks numbered from 1 in PySolFC's order (`tableau[3]`;
a zone of one pile is written without a number). A stack in no group, or in a group the rule file
has no zone for, must stay empty, or the script stops and says which. Where the choice is wrong,
the entry names the zone: `zones={"rows": "reserve"}`. Other keywords: `suits={"C": "S"}` writes
PySolFC's clubs as spades (its one-suit Spider), `autodrop=True` (see above). Then run the script
for the new fixture only, run `swift test --filter PySolFCMoveConformanceTests`, and declare in the
rule file each difference the test reports that is deliberate (`differs pysolfc ...`) or fix the
rule file.

Needs, in the Python that runs it: the packages PySolFC imports (attrs, configobj,
pysol_cards), e.g.
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install attrs configobj pysol-cards
and a PySolFC checkout (any folder holding its `pysollib` package), e.g.
    git clone https://github.com/shlomif/PySolFC
Usage (from the package root):
    /tmp/venv/bin/python Scripts/make-pysolfc-move-fixtures.py --pysolfc PATH [--commit SHA] [FIXTURE ...]
FIXTURE is a name from GAMES below, such as Klondike or Spider1Suit; without one, all are made.
--commit records PySolFC's commit when the checkout is not a git work tree.

The format of the fixtures is described in Tests/Fixtures/pysolfc/README.md.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys

# The games: fixture name -> Entry(PySolFC game name, rule file, rule file options, ...).
# Adding a game is one line here; see the docstring's "Adding a game".
class Entry:
    """One fixture: which PySolFC game plays which rule file, with which options.

    pysol:    PySolFC's game name, as in its Select Game menu ("Klondike (Draw 3)").
    rules:    the bundled rule file, without .patience ("Klondike").
    options:  the rule file's option values that make it PySolFC's game ({"draw": "3"}).
    zones:    PySolFC stack group -> rule file zone, only where the generic choice is wrong
              (see ZONE_CHOICES); e.g. {"rows": "reserve"}.
    suits:    PySolFC suit letter -> the suit written, where PySolFC deals other suits than the
              rule file ({"C": "S"} for one-suit Spider, which PySolFC deals in clubs).
    autodrop: PySolFC's auto-drop on, for the games whose rule file moves complete runs off the
              table by itself (Spider).
    """

    def __init__(self, pysol, rules, options=None, zones=None, suits=None, autodrop=False):
        self.pysol, self.rules = pysol, rules
        self.options, self.zones = options or {}, zones or {}
        self.suits, self.autodrop = suits or {}, autodrop


GAMES = {
    "Klondike": Entry("Klondike", "Klondike"),
    "KlondikeDraw3": Entry("Klondike (Draw 3)", "Klondike", {"draw": "3"}),
    "KlondikeNoRedeal": Entry("Vegas Klondike", "Klondike", {"redeals": "0"}),
    "KlondikeTwoRedeals": Entry("Casino Klondike", "Klondike", {"redeals": "2"}),
    "FreeCell": Entry("FreeCell", "FreeCell"),
    "Spider": Entry("Spider", "Spider", {"suits": "4"}, autodrop=True),
    "Spider2Suits": Entry("Spider (2 Suits)", "Spider", {"suits": "2"}, suits={"C": "S"}, autodrop=True),
    "Spider1Suit": Entry("Spider (1 Suit)", "Spider", {"suits": "1"}, suits={"C": "S"}, autodrop=True),
    "Spiderette": Entry("Spiderette", "Spiderette", autodrop=True),
    "Yukon": Entry("Yukon", "Yukon"),
    "FortyThieves": Entry("Forty Thieves", "FortyThieves"),
    "Canfield": Entry("Canfield", "Canfield"),
    "Scorpion": Entry("Scorpion", "Scorpion", autodrop=True),
    "Gypsy": Entry("Gypsy", "Gypsy"),
    "Golf": Entry("Golf", "Golf"),
    "DeadKingGolf": Entry("Dead King Golf", "Golf", {"dead_kings": "true"}),
    "RelaxedGolf": Entry("Relaxed Golf", "Golf", {"wrap": "true"}),
    "BakersDozen": Entry("Baker's Dozen", "BakersDozen"),
    "Fan": Entry("Fan", "Fan"),
    "BlackHole": Entry("Black Hole", "BlackHole"),
    "SimpleSimon": Entry("Simple Simon", "SimpleSimon"),
    "BakersGame": Entry("Baker's Game", "BakersGame"),
    "KingsOnlyBakersGame": Entry("King Only Baker's Game", "KingsOnlyBakersGame"),
    "EightOff": Entry("Eight Off", "EightOff"),
    "SeahavenTowers": Entry("Seahaven Towers", "SeahavenTowers"),
    "RelaxedSeahavenTowers": Entry("Relaxed Seahaven Towers", "RelaxedSeahavenTowers"),
    "RelaxedFreeCell": Entry("Relaxed FreeCell", "RelaxedFreeCell"),
    "Forecell": Entry("ForeCell", "Forecell"),
    "StreetsAndAlleys": Entry("Streets and Alleys", "StreetsAndAlleys"),
    "BeleagueredCastle": Entry("Beleaguered Castle", "BeleagueredCastle"),
    "Citadel": Entry("Citadel", "Citadel"),
    "DerKatzenschwanz": Entry("Cat's Tail", "DerKatzenschwanz"),
    "DieSchlange": Entry("Snake", "DieSchlange"),
    "Jamestown": Entry("Simple Pairs", "Jamestown"),
    "BlockTen": Entry("Block Ten", "BlockTen"),
    "MonteCarlo": Entry("Monte Carlo", "MonteCarlo"),
    "Quatorze": Entry("Quatorze", "Quatorze"),
    "Fourteen": Entry("Fourteen", "Fourteen"),
    "Neighbor": Entry("Neighbour", "Neighbor"),
    "Isabel": Entry("Patient Pairs", "Isabel"),
    "Cover": Entry("Cover", "Cover"),
    "Escalator": Entry("Escalator", "Escalator"),
    "Elevator": Entry("Elevator", "Elevator"),
    "Fortunes": Entry("Fortunes", "Fortunes"),
    "Thieves": Entry("Thieves", "Thieves"),
    "Cruel": Entry("Cruel", "Cruel", {"foundation_play": "true"}),
    "Doublets": Entry("Doublets", "Doublets", zones={"rows": "reserve"}),
    "Pileon": Entry("PileOn", "Pileon"),
    "TriplePeaks": Entry("Three Peaks", "TriplePeaks"),
    "Chessboard": Entry("Chessboard", "Chessboard"),
    "FallingStars": Entry("Falling Star", "FallingStars"),
    "GeneralsPatience": Entry("General's Patience", "GeneralsPatience"),
    "Signora": Entry("Signora", "Signora"),
    "Wood": Entry("Wood", "Wood"),
    # No fixture: PySolFC's Blondes and Brunettes has nine piles, the rule file eight.
    "Trigon": Entry("Trigon", "Trigon"),
    "Chinaman": Entry("Chinaman", "Chinaman"),
    "Smokey": Entry("Smokey", "Smokey"),
    "Eastcliff": Entry("Eastcliff", "Eastcliff"),
    "Westcliff": Entry("Westcliff", "Westcliff"),
    "PasSeul": Entry("Pas Seul", "PasSeul"),
    "BlindAlleys": Entry("Blind Alleys", "BlindAlleys"),
    "BigForty": Entry("Big Forty", "BigForty"),
    "AliBaba": Entry("Ali Baba", "AliBaba"),
    "Cassim": Entry("Cassim", "Cassim"),
    "EightTimesEight": Entry("8 x 8", "EightTimesEight"),
    "AchtmalAcht": Entry("Eight Times Eight", "AchtmalAcht"),
    "Somerset": Entry("Somerset", "Somerset"),
    "Morehead": Entry("Morehead", "Morehead"),
    "AmericanCanister": Entry("American Canister", "AmericanCanister"),
    "Canister": Entry("Canister", "Canister"),
    "BritishCanister": Entry("British Canister", "BritishCanister"),
    "FlowerGarden": Entry("Flower Garden", "FlowerGarden"),
    "Wildflower": Entry("Wildflower", "Wildflower"),
    "RelaxedSpider": Entry("Relaxed Spider", "RelaxedSpider", autodrop=True),
    "OpenSpider": Entry("Open Spider", "OpenSpider", autodrop=True),
    "BlackWidow": Entry("Black Widow", "BlackWidow", autodrop=True),
    "BabySpiderette": Entry("Baby Spiderette", "BabySpiderette", autodrop=True),
    "MrsMop": Entry("Mrs. Mop", "MrsMop", autodrop=True),
    "SimonJester": Entry("Simon Jester", "SimonJester", autodrop=True),
    "BigSpider": Entry("Big Spider", "BigSpider", {"suits": "4"}, autodrop=True),
    "BigSpider1Suit": Entry("Big Spider (1 Suit)", "BigSpider", {"suits": "1"}, suits={"C": "S"}, autodrop=True),
    "BigSpider2Suits": Entry("Big Spider (2 Suits)", "BigSpider", {"suits": "2"}, suits={"C": "S"}, autodrop=True),
    "Wasp": Entry("Wasp", "Wasp", autodrop=True),
    "ScorpionII": Entry("Scorpion II", "ScorpionII", autodrop=True),
    "ScorpionTail": Entry("Scorpion Tail", "ScorpionTail", autodrop=True),
    "DoubleScorpion": Entry("Double Scorpion", "DoubleScorpion", autodrop=True),
    "TripleScorpion": Entry("Triple Scorpion", "TripleScorpion", autodrop=True),
    "FairMaids": Entry("Fair Maids", "FairMaids", autodrop=True),
    "RussianSolitaire": Entry("Russian Solitaire", "RussianSolitaire"),
    "Moosehide": Entry("Moosehide", "Moosehide"),
    "Alaska": Entry("Alaska", "Alaska"),
    "Roslin": Entry("Roslin", "Roslin"),
    "DoubleYukon": Entry("Double Yukon", "DoubleYukon"),
    "DoubleRussianSolitaire": Entry("Double Russian Solitaire", "DoubleRussianSolitaire"),
    "TripleYukon": Entry("Triple Yukon", "TripleYukon"),
    "TripleRussianSolitaire": Entry("Triple Russian Solitaire", "TripleRussianSolitaire"),
    "ChineseDiscipline": Entry("Chinese Discipline", "ChineseDiscipline"),
    "ChineseSolitaire": Entry("Chinese Solitaire", "ChineseSolitaire"),
    "Queenie": Entry("Queenie", "Queenie"),
    "Rushdike": Entry("Rushdike", "Rushdike"),
    "RussianPoint": Entry("Russian Point", "RussianPoint"),
    "TasmanianPatience": Entry("Tasmanian Patience", "TasmanianPatience"),
    "Canberra": Entry("Canberra", "Canberra"),
    "RawPrawn": Entry("Raw Prawn", "RawPrawn"),
    "SuperiorCanfield": Entry("Superior Canfield", "SuperiorCanfield"),
    "Rainfall": Entry("Rainfall", "Rainfall"),
    "CasinoCanfield": Entry("Casino Canfield", "CasinoCanfield"),
    "Rainbow": Entry("Rainbow", "Rainbow"),
    "Chameleon": Entry("Chameleon", "Chameleon"),
    "Storehouse": Entry("Storehouse", "Storehouse"),
    "DoubleCanfield": Entry("Double Canfield", "DoubleCanfield"),
    "AmericanToad": Entry("American Toad", "AmericanToad"),
    "VariegatedCanfield": Entry("Variegated Canfield", "VariegatedCanfield"),
    "Gypsy3Decks": Entry("Gypsy (3 Decks)", "Gypsy3Decks"),
    "YeastDough": Entry("Yeast Dough", "YeastDough"),
    "MilliganHarp": Entry("Milligan Harp", "MilliganHarp"),
    "Carlton": Entry("Carlton", "Carlton"),
    "Steve": Entry("Steve", "Steve"),
    "LexingtonHarp": Entry("Lexington Harp", "LexingtonHarp"),
    "Brunswick": Entry("Brunswick", "Brunswick"),
    "Mississippi": Entry("Mississippi", "Mississippi"),
    "Griffon": Entry("Griffon", "Griffon"),
    "PhantomBlockade": Entry("Phantom Blockade", "PhantomBlockade"),
    "Blockade": Entry("Blockade", "Blockade"),
    "DoubleGolf": Entry("Double Golf", "DoubleGolf"),
    "DoublePutt": Entry("Double Putt", "DoublePutt"),
    "AllInARow": Entry("All in a Row", "AllInARow"),
    "Robert": Entry("Robert", "Robert"),
    "Wasatch": Entry("Wasatch", "Wasatch"),
    "FreeCellTwoCells": Entry("FreeCell (2 Reserves)", "FreeCellTwoCells"),
    "SevenByFour": Entry("Seven by Four", "SevenByFour"),
    "SevenByFive": Entry("Seven by Five", "SevenByFive"),
    "Bath": Entry("Bath", "Bath"),
    "KingCell": Entry("KingCell", "KingCell"),
    "Opera": Entry("Opera", "Opera"),
    "GermanFreeCell": Entry("German FreeCell", "GermanFreeCell"),
    "DoubleFreeCellTraditional": Entry("Double FreeCell (Traditional)", "DoubleFreeCellTraditional"),
    "TripleFreeCell": Entry("Triple FreeCell", "TripleFreeCell"),
    "BigCell": Entry("Big Cell", "BigCell"),
    "Repair": Entry("Repair", "Repair"),
    "DoubleSeahavenTowers": Entry("Double Seahaven Towers", "DoubleSeahavenTowers"),
    "BusyAces": Entry("Busy Aces", "BusyAces"),
    "Limited": Entry("Limited", "Limited"),
    "WaningMoon": Entry("Waning Moon", "WaningMoon"),
    "ThirtyNineSteps": Entry("Thirty-Nine Steps", "ThirtyNineSteps"),
    "Express": Entry("Express", "Express"),
    "Carnation": Entry("Carnation", "Carnation"),
    "FamousFifty": Entry("Famous Fifty", "FamousFifty"),
    "SixtyThieves": Entry("Sixty Thieves", "SixtyThieves"),
    "EightyThieves": Entry("Eighty Thieves", "EightyThieves"),
    "Lucas": Entry("Lucas", "Lucas"),
    "NapoleonsSquare": Entry("Napoleon's Square", "NapoleonsSquare"),
    "Josephine": Entry("Josephine", "Josephine"),
    "MarieRose": Entry("Marie Rose", "MarieRose"),
    "Malmaison": Entry("Malmaison", "Malmaison"),
    "SanJuanHill": Entry("San Juan Hill", "SanJuanHill"),
    "FortyAndEight": Entry("Forty and Eight", "FortyAndEight"),
    "Streets": Entry("Streets", "Streets"),
    "Maria": Entry("Maria", "Maria"),
    "BigStreets": Entry("Big Streets", "BigStreets"),
    "Roosevelt": Entry("Roosevelt", "Roosevelt"),
    "NumberTen": Entry("Number Ten", "NumberTen"),
    "NumberTwelve": Entry("Number Twelve", "NumberTwelve"),
    "RankAndFile": Entry("Rank and File", "RankAndFile"),
    "Emperor": Entry("Emperor", "Emperor"),
    "NapoleonsFolly": Entry("Napoleon's Folly", "NapoleonsFolly"),
    "Indian": Entry("Indian", "Indian"),
    "Midshipman": Entry("Midshipman", "Midshipman"),
    "Mumbai": Entry("Mumbai", "Mumbai"),
    "NapoleonsExile": Entry("Napoleon's Exile", "NapoleonsExile"),
    "DoubleRail": Entry("Double Rail", "DoubleRail"),
    "SingleRail": Entry("Single Rail", "SingleRail"),
    "TripleRail": Entry("Triple Rail", "TripleRail"),
    "FinalBattle": Entry("Final Battle", "FinalBattle"),
    "Courtyard": Entry("Courtyard", "Courtyard"),
    "BigCourtyard": Entry("Big Courtyard", "BigCourtyard"),
    "Corona": Entry("Corona", "Corona"),
    "TripleLine": Entry("Triple Line", "TripleLine"),
    "RedAndBlack": Entry("Red and Black", "RedAndBlack"),
    "Deuces": Entry("Deuces", "Deuces"),
    "CastlesInSpain": Entry("Castles in Spain", "CastlesInSpain"),
    "SpanishPatience": Entry("Spanish Patience", "SpanishPatience"),
    "PortugueseSolitaire": Entry("Portuguese Solitaire", "PortugueseSolitaire"),
    "SpanishPatienceII": Entry("Spanish Patience II", "SpanishPatienceII"),
    "GoodMeasure": Entry("Good Measure", "GoodMeasure"),
    "Vineyard": Entry("Vineyard", "Vineyard"),
    "RelaxedCruel": Entry("Relaxed Cruel", "RelaxedCruel", {"foundation_play": "true"}),
    "Perseverance": Entry("Perseverance", "Perseverance", {"foundation_play": "true"}),
    "Indefatigable": Entry("Indefatigable", "Indefatigable"),
    "RoyalFamily": Entry("Royal Family", "RoyalFamily", {"foundation_play": "true"}),
    "Unusual": Entry("Unusual", "Unusual", {"foundation_play": "true"}),
    "CeilingFan": Entry("Ceiling Fan", "CeilingFan"),
    "BoxFan": Entry("Box Fan", "BoxFan"),
    "ScotchPatience": Entry("Scotch Patience", "ScotchPatience"),
    "Shamrocks": Entry("Shamrocks", "Shamrocks"),
    "FreeFan": Entry("Free Fan", "FreeFan"),
    "LaBelleLucie": Entry("La Belle Lucie", "LaBelleLucie"),
    "SuperFlowerGarden": Entry("Super Flower Garden", "SuperFlowerGarden"),
    "Trefoil": Entry("Trefoil", "Trefoil"),
    "Stronghold": Entry("Stronghold", "Stronghold"),
    "PrivateLane": Entry("Private Lane", "PrivateLane"),
    "Siegecraft": Entry("Siegecraft", "Siegecraft"),
    "ExiledKings": Entry("Exiled Kings", "ExiledKings"),
    "Bastion": Entry("Bastion", "Bastion"),
    "TenByOne": Entry("Ten by One", "TenByOne"),
    "Lasker": Entry("Lasker", "Lasker"),
    "Morphy": Entry("Morphy", "Morphy"),
    "Alhambra": Entry("Alhambra", "Alhambra", zones={"rows": "waste"}),
    "Granada": Entry("Granada", "Granada", zones={"rows": "waste"}),
    "Reserves": Entry("Reserves", "Reserves", zones={"rows": "waste"}),
    "Frog": Entry("Frog", "Frog"),
    "GrandfathersClock": Entry("Grandfather's Clock", "GrandfathersClock"),
    "HitOrMiss": Entry("Hit or Miss", "HitOrMiss"),
}

# PySolFC's stack groups, in the order their stacks are named, each with the rule file's zones
# that may hold them, first choice first: the first zone the rule file declares is taken (an
# Entry's `zones` overrides the choice). Foundations are the hidden discard pile in the pair
# games, where PySolFC puts removed cards on a foundation; reserves are free cells or a reserve.
ZONE_CHOICES = [("talon", ["stock"]), ("waste", ["waste"]), ("foundations", ["foundation", "discard"]),
                ("rows", ["tableau"]), ("reserves", ["cell", "reserve"])]

SUIT_LETTERS = "CSHD"            # PySolFC's suit numbers 0 to 3
RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

WALK_PLAYS = 40                  # plays per walk at most
MIN_DEALS = 3                    # deals walked at least ...
MIN_PLAYS = 120                  # ... and until the walks hold this many plays in all
MAX_DEALS = 30


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


def rule_zones(rules, folder="Rules"):
    """The zone names a rule file declares, its base files' included (`extends`)."""
    zones, name = [], rules
    while name:
        with open(os.path.join(folder, name + ".patience")) as f:
            text = f.read()
        zones += [z for z in re.findall(r"^\s*(?:override\s+)?zone\s+(\w+)", text, re.M) if z not in zones]
        base = re.search(r'^\s*extends\s+"([^"]+)\.patience"', text, re.M)
        name = base.group(1) if base else None
    return zones


def stack_names(game, fixture):
    """Each stack of the game that holds cards in play, with its pile name in the rule file's notation."""
    entry = GAMES[fixture]
    declared = rule_zones(entry.rules)
    names = {}
    for group, choices in ZONE_CHOICES:
        stacks = getattr(game.s, group)
        if stacks is None:
            continue
        if not isinstance(stacks, (list, tuple)):
            stacks = [stacks]
        stacks = [s for s in stacks if s.id not in names]
        if not stacks:
            continue
        zone = entry.zones.get(group) or next((z for z in choices if z in declared), None)
        if zone is None:
            continue                                     # must stay empty: piles() checks
        if group == "foundations" and len([s for s in stacks if s.cards]) == 1:
            # A base card dealt to the foundations (Canfield, Falling Star): the rule files deal it
            # to the first foundation, PySolFC to its suit's, so that foundation is named first.
            stacks.sort(key=lambda s: 0 if s.cards else 1)
        for i, stack in enumerate(stacks):
            names[stack.id] = zone if len(stacks) == 1 else f"{zone}[{i + 1}]"
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


def piles(game, names, suits):
    """Every named pile's cards; PySolFC's other stacks must be empty."""
    for stack in game.allstacks:
        if stack.id not in names and stack.cards:
            sys.exit(f"{game.gameinfo.name}: {stack!r} holds cards but has no pile in the rule file; "
                     "name its zone in the entry's zones")
    return {names[s.id]: " ".join(card_text(c, suits) for c in s.cards) for s in game.allstacks if s.id in names}


class Drag:
    """What PySolFC's drag and drop hands to the source stack's dragMove: the cards lifted."""

    def __init__(self, stack, count):
        self.stack, self.cards, self.index = stack, stack.cards[-count:], len(stack.cards) - count


def walk(new_game, fixture, deal):
    """One seeded random walk of one deal: its opening, and each play with the plays PySolFC
    allowed before it and the piles it changed."""
    entry = GAMES[fixture]
    game = new_game(entry.pysol, deal, entry.autodrop)
    names = stack_names(game, fixture)
    rng = random.Random(f"{fixture}:{deal}")
    before = piles(game, names, entry.suits)
    record = {"deal": deal, "maxRounds": game.s.talon.max_rounds if game.s.talon else 1,
              "start": before, "steps": []}
    last = None
    for _ in range(WALK_PLAYS + 1):
        moves = legal_moves(game, names)
        can_deal = bool(game.canDealCards())
        step = {"plays": [move_text(m, names) for m in moves] + (["tap(stock)"] if can_deal else [])}
        record["steps"].append(step)
        plays_made = len(record["steps"]) - 1
        if plays_made == WALK_PLAYS or game.isGameWon() or not (moves or can_deal):
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
            step["play"] = "tap(stock)"
            game.dealCards(sound=False)                   # what a click on the talon does
            last = None
        else:
            source, count, destination = choice
            step["play"] = move_text(choice, names)
            source.dragMove(Drag(source, count), destination, sound=False)
            last = choice
        after = piles(game, names, entry.suits)
        step["after"] = {name: cards for name, cards in after.items() if before[name] != cards}
        step["round"] = game.s.talon.round if game.s.talon else 1
        before = after
    return record


def commit(path):
    try:
        return subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def make(fixture, out_dir, new_game, game_id, pysolfc_commit):
    entry = GAMES[fixture]
    walks = []
    deal = 0
    while (len(walks) < MIN_DEALS or sum(len(w["steps"]) - 1 for w in walks) < MIN_PLAYS) and deal < MAX_DEALS:
        deal += 1
        walks.append(walk(new_game, fixture, deal))
    header = {
        "fixture": fixture,
        "rules": entry.rules,
        "options": entry.options,
        "pysolfc": {"game": entry.pysol, "id": game_id(entry.pysol), "commit": pysolfc_commit},
        "madeBy": "Scripts/make-pysolfc-move-fixtures.py",
    }
    path = os.path.join(out_dir, f"{fixture}.json")
    with open(path, "w") as f:
        # One step per line keeps the file readable and its diffs small.
        f.write("{\n")
        for key, value in header.items():
            f.write(f"  {json.dumps(key)}: {json.dumps(value)},\n")
        f.write('  "walks": [\n')
        for n, w in enumerate(walks):
            f.write(f'    {{"deal": {w["deal"]}, "maxRounds": {w["maxRounds"]}, "start": {json.dumps(w["start"])}, "steps": [\n')
            f.write(",\n".join("      " + json.dumps(step) for step in w["steps"]))
            f.write("\n    ]}" + ("," if n + 1 < len(walks) else "") + "\n")
        f.write("  ]\n}\n")
    plays = sum(len(w["steps"]) - 1 for w in walks)
    print(f"wrote {path}: {len(walks)} deals, {plays} plays", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pysolfc", required=True, help="a PySolFC checkout (the folder holding pysollib)")
    parser.add_argument("--commit", help="PySolFC's commit, when the checkout is not a git work tree")
    parser.add_argument("--out", default="Tests/Fixtures/pysolfc")
    parser.add_argument("fixtures", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    for name in args.fixtures:
        if name not in GAMES:
            sys.exit(f"unknown fixture {name}; known: {', '.join(GAMES)}")
    game_id, new_game = load_pysolfc(args.pysolfc)
    os.makedirs(args.out, exist_ok=True)
    for name in args.fixtures:
        make(name, args.out, new_game, game_id, args.commit or commit(args.pysolfc))


if __name__ == "__main__":
    main()
