#!/usr/bin/env python3
"""Regenerates Tests/Fixtures/aisleriot/<Fixture>.json: seeded random walks in GNOME Aisleriot's own
game files, with the plays Aisleriot allows at each position and the position each play reaches.

Aisleriot is not installed or fetched: its Scheme game files run from a local checkout given
with --aisleriot (any folder holding Aisleriot's `games/api.scm` and `games/<game>.scm`), under
Guile 3 (`apt-get install guile-3.0`). Aisleriot's C side, which draws the table and calls the
game's procedures, is replaced by a small stand-in written here (the module
`(aisleriot interface)`: the slots, the random numbers, the registered procedures, the calls a
game delays until its move is over); the rules are all in the game file and the API file, which
are loaded unchanged. Nothing of Aisleriot is copied here; only its answers are written.

The walk asks the game's procedures what Aisleriot's board asks them:
- a drag of the top N cards of a slot (N is 1 on a slot that shows only its top card, up to the
  cards shown on a partly spread slot, any on a spread one) is legal when `button-pressed`
  accepts them, and dropping
  them on another slot is legal when `button-released` (called, as the board does, with the
  cards already lifted off their slot) returns true;
- a tap on a slot is legal when `button-clicked` returns true.
After a play, the calls the game delayed (`delayed-call`, Aisleriot's moves to the foundations
by itself) are made, as the board makes them. Each question runs on a copy of the state (the
slots, the score, the redeal counter and the game's saved variables), so the position is
unchanged by it. A walk makes at most WALK_STEPS plays, chosen at random (seeded by fixture and
deal) among the legal ones, moves to the foundations four times as likely and the reverse of the
last move left out when anything else can be played. Deals 1, 2, 3, ... are walked until there
are at least MIN_DEALS walks and MIN_PLAYS plays (MAX_DEALS at most).

Usage (from the package root):
    python3 Scripts/make-aisleriot-move-fixtures.py --aisleriot PATH [FIXTURE ...]
FIXTURE is a name from the table made of GAMES below (a game, or a game and an option set such
as `Klondike-Draw1`); without one, all are made. Tests/Fixtures/aisleriot/README.md gives the
format.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

RANKS = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}   # 14: an ace in a game that sets aces high
SUITS = "CDHS"                   # Aisleriot's suit numbers 0 to 3: club, diamond, heart, spade

WALK_STEPS = 40
MIN_DEALS = 3
MIN_PLAYS = 120
MAX_DEALS = 40

# Each game: the rule file -> its Aisleriot game file, the slots in the order the game file adds
# them (each named by its pile in the rule file), and optionally its option sets and how its
# plays are compared.
#
# Slots are written compactly: `zone` is the zone's only pile, `zone*N` its piles 1 to N, `zone[K]`
# one pile, `zone[K-M]` piles K to M in order, `zone[M-K]` in reverse order, `-` a slot the game
# never uses (it must stay empty). Slots given the same pile make that one pile, the first slot's
# cards at the bottom (Triple Peaks' waste, Backbone's reserve of a card to a slot).
#
# `variants` lists the option sets: (fixture suffix, the Aisleriot options set true by their label,
# the rule file's options[, the slots when they differ from the game's]). Without it the game is walked with its default options once.
#
# `memory`: the rule file's memories the deal sets, each the rank of a pile's top card at the start
# (Agnes' base card).
#
# `rest`: the rule file's pile for the cards Aisleriot takes out of play (its slots then hold
# fewer cards than the deck).
#
# `options`: the rule file's options that make Aisleriot's game, for a game without variants.
#
# `gestures`: plays are compared by the positions they reach (pair and click games, whose
# gestures the rule file plays as removals or other moves), not by their notation.
# Row by row, a pile on each side of a foundation from the second row on; the rule file's tableau
# 1 to 5 are the left column from the top, 6 to 10 the right (Chessboard, Fortress).
CHESSBOARD = ("tableau[1] tableau[6] tableau[2] foundation[1] tableau[7] tableau[3] foundation[2] "
              "tableau[8] tableau[4] foundation[3] tableau[9] tableau[5] foundation[4] tableau[10]")
# Row by row, a foundation between two piles; tableau 1 to 4 on the left, 5 to 8 on the right
# (Beleaguered Castle, Streets and Alleys).
CASTLE = " ".join(f"tableau[{i}] foundation[{i}] tableau[{i + 4}]" for i in range(1, 5))

GAMES = {
    "Hamilton": {"file": "hamilton.scm", "slots": "stock chooser foundation*4 tableau*7"},
    "Labyrinth": {"file": "labyrinth.scm", "slots": "stock foundation*4 top_row*8 column*8"},
    "Chessboard": {"file": "chessboard.scm", "slots": CHESSBOARD},
    "Klondike": {"file": "klondike.scm", "slots": "stock waste foundation*4 tableau*7",
                 "variants": [("Draw3", ["Three card deals"], {"draw": "3", "redeals": "unlimited"}),
                              ("Draw1", ["Single card deals"], {"draw": "1", "redeals": "2"}),
                              ("NoRedeal", ["No redeals"], {"draw": "1", "redeals": "0"}),
                              ("Unlimited", ["Unlimited redeals"], {"draw": "1", "redeals": "unlimited"})]},
    "Accordion": {"file": "accordion.scm", "slots": "tableau*52", "rest": "discard", "gestures": True},
    "Agnes": {"file": "agnes.scm", "slots": "stock foundation*4 tableau*7", "memory": {"base": "foundation[1]"}},
    "Athena": {"file": "athena.scm", "slots": "stock waste foundation*4 tableau*7",
               "variants": [("", [], {"draw": "1"}), ("Draw3", ["Three card deals"], {"draw": "3"})]},
    "AuldLangSyne": {"file": "auld-lang-syne.scm", "slots": "stock foundation*4 reserve*4"},
    "AustralianPatience": {"file": "australian-patience.scm", "slots": "stock waste foundation*4 tableau*7"},
    "BakersDozen": {"file": "bakers-dozen.scm", "slots": "foundation*4 tableau*13"},
    "BakersGame": {"file": "bakers-game.scm", "slots": "cell*4 foundation*4 tableau*8"},
    "BearRiver": {"file": "bear-river.scm", "slots": "foundation*4 tableau*18"},
    "BeleagueredCastle": {"file": "beleaguered-castle.scm", "slots": CASTLE},
    "BlockTen": {"file": "block-ten.scm", "slots": "stock tableau*9", "rest": "discard", "gestures": True},
    # The two wings of nine reserve cards and the backbone card are a slot a card, each wing
    # bottom first: a wing is one reserve pile.
    "Backbone": {"file": "backbone.scm",
                 "slots": "tableau[1-2] foundation[1-4] tableau[3-4] foundation[5-8] tableau[5-6] stock waste tableau[7-8] "
                          + " ".join(["reserve[1]"] * 9 + ["reserve[2]"] * 9) + " reserve[3]"},
    "Bristol": {"file": "bristol.scm", "slots": "stock reserve*3 foundation*4 tableau*8"},
    "Canfield": {"file": "canfield.scm", "slots": "stock waste foundation*4 reserve tableau*4"},
    "Carpet": {"file": "carpet.scm", "slots": "stock waste foundation*4 tableau*20"},
    "Clock": {"file": "clock.scm",
              "slots": "clock[11] clock[12] clock[1] clock[10] clock[2] clock[9] middle clock[3] clock[8] clock[4] clock[7] "
                       "clock[6] clock[5]"},
    "Cover": {"file": "cover.scm", "slots": "stock tableau*4", "rest": "discard", "gestures": True},
    "Cruel": {"file": "cruel.scm", "slots": "stock foundation*4 tableau*12"},
    "DiamondMine": {"file": "diamond-mine.scm", "slots": "foundation tableau*13"},
    "Doublets": {"file": "doublets.scm", "slots": "stock waste reserve[1-6] foundation reserve[7]"},
    "EagleWing": {"file": "eagle-wing.scm", "slots": "stock waste foundation*4 tableau[1-4] reserve tableau[5-8]"},
    "Easthaven": {"file": "easthaven.scm", "slots": "stock foundation*4 tableau*7"},
    "EightOff": {"file": "eight-off.scm", "slots": "foundation*4 cell*8 tableau*8"},
    "Elevator": {"file": "elevator.scm", "slots": "stock waste tableau*28", "gestures": True},
    "Eliminator": {"file": "eliminator.scm", "slots": "foundation*6 tableau*4",
                   "variants": [("Six", ["Six Foundations"], {"foundations": "6"}),
                                ("Five", ["Five Foundations"], {"foundations": "5"}, "foundation*5 tableau*4"),
                                ("Four", ["Four Foundations"], {"foundations": "4"}, "foundation*4 tableau*4")]},
    "Escalator": {"file": "escalator.scm", "slots": "stock waste tableau*28", "gestures": True},
    "FirstLaw": {"file": "first-law.scm", "slots": "stock tableau*4", "rest": "discard", "gestures": True},
    "Fortress": {"file": "fortress.scm", "slots": CHESSBOARD},
    "Fortunes": {"file": "fortunes.scm", "slots": "stock tableau*4", "rest": "discard", "gestures": True},
    "FortyThieves": {"file": "forty-thieves.scm", "slots": "stock foundation*8 waste tableau*10"},
    "Fourteen": {"file": "fourteen.scm", "slots": "tableau*12 -", "rest": "discard", "gestures": True},
    "FreeCell": {"file": "freecell.scm", "slots": "cell*4 foundation*4 tableau*8"},
    "Gaps": {"file": "gaps.scm", "slots": "tableau*52", "rest": "discard",
             "variants": [("", [], {"random_gaps": "false"}),
                          ("RandomGaps", ["Randomly Placed Gaps on Redeal"], {"random_gaps": "true"})]},
    "GayGordons": {"file": "gay-gordons.scm", "slots": "reserve tableau*10 -", "rest": "discard", "gestures": True},
    "Giant": {"file": "giant.scm", "slots": "stock foundation*8 tableau*8 reserve",
              "variants": [("", ["Alternating colors"], {"same_suit": "false"}),
                           ("SameSuit", ["Same suit"], {"same_suit": "true"})]},
    "Glenwood": {"file": "glenwood.scm", "slots": "stock waste foundation*4 reserve[1] tableau*4 reserve[2-4]"},
    "GoldMine": {"file": "gold-mine.scm", "slots": "stock waste foundation*4 tableau*7"},
    "Golf": {"file": "golf.scm", "slots": "stock waste tableau*7", "options": {"dead_kings": "true"}, "gestures": True},
    "Gypsy": {"file": "gypsy.scm", "slots": "stock foundation*8 tableau*8"},
    "Helsinki": {"file": "helsinki.scm", "slots": "stock tableau*10", "rest": "discard", "gestures": True},
    "Hopscotch": {"file": "hopscotch.scm", "slots": "stock waste foundation*4 reserve*4"},
    "Isabel": {"file": "isabel.scm", "slots": "tableau*13 -", "rest": "discard", "gestures": True},
    "Jamestown": {"file": "jamestown.scm", "slots": "stock tableau*9", "rest": "discard", "gestures": True},
    "Jumbo": {"file": "jumbo.scm", "slots": "stock waste foundation*8 tableau*9"},
    "Kansas": {"file": "kansas.scm", "slots": "stock waste foundation*4 reserve tableau*3"},
    # The reserve in the order the game file fills its spaces, which is the rule file's order.
    "KingsAudience": {"file": "kings-audience.scm",
                      "slots": "reserve[1-5] throne*4 reserve[6-7] stock waste reserve[8-9] foundation*4 reserve[10-16]",
                      "rest": "hold", "gestures": True},
    "KingAlbert": {"file": "king-albert.scm", "slots": "foundation*4 tableau*9 reserve*7"},
    "LadyJane": {"file": "lady-jane.scm", "slots": "stock waste foundation*4 tableau*7 reserve*7",
                 "memory": {"base": "foundation[1]"}},
    "MonteCarlo": {"file": "monte-carlo.scm", "slots": "stock tableau*25", "rest": "discard", "gestures": True},
    "Neighbor": {"file": "neighbor.scm", "slots": "stock tableau*25", "rest": "discard", "gestures": True},
    "Odessa": {"file": "odessa.scm", "slots": "foundation[1] tableau*7 foundation[2-4]"},
    "Osmosis": {"file": "osmosis.scm",
                "slots": "reserve[1] foundation[1] reserve[2] foundation[2] reserve[3] foundation[3] reserve[4] foundation[4] stock waste",
                "variants": [("", [], {"draw": "1"}), ("Draw3", ["Three card deals"], {"draw": "3"})]},
    "Peek": {"file": "peek.scm",
             "slots": "reserve[1] foundation[1] reserve[2] foundation[2] reserve[3] foundation[3] reserve[4] foundation[4] stock waste",
             "variants": [("", [], {"draw": "1"}), ("Draw3", ["Three card deals"], {"draw": "3"})]},
    "Pileon": {"file": "pileon.scm", "slots": "tableau*15"},
    # The game file calls its waste `stock` and its stock `deck`.
    "Plait": {"file": "plait.scm",
              "slots": "edge[1] plait edge[2] foundation[1-2] field[1-4] waste stock foundation[3-4] field[5-8] "
                       "foundation[5-6] edge[3-4] foundation[7-8]"},
    "Poker": {"file": "poker.scm", "slots": "stock waste grid*25",
              "variants": [("", [], {"shuffle_mode": "false"}), ("Shuffle", ["Shuffle mode"], {"shuffle_mode": "true"})]},
    "Quatorze": {"file": "quatorze.scm", "slots": "stock tableau*25", "rest": "discard", "gestures": True},
    "RoyalEast": {"file": "royal-east.scm",
                  "slots": "stock waste foundation[1] tableau[1] foundation[2] tableau[2-4] foundation[3] tableau[5] foundation[4]"},
    "Saratoga": {"file": "saratoga.scm", "slots": "stock waste foundation*4 tableau*7",
                 "variants": [("", [], {"draw": "1"}), ("Draw3", ["Three card deals"], {"draw": "3"})]},
    "Scuffle": {"file": "scuffle.scm", "slots": "stock foundation*4 reserve*4"},
    # Aisleriot has no foundations: a completed suit stays in its column.
    "Scorpion": {"file": "scorpion.scm", "slots": "stock tableau*7"},
    "SeahavenTowers": {"file": "seahaven.scm", "slots": "foundation[1-2] cell*4 foundation[3-4] tableau*10"},
    "SirTommy": {"file": "sir-tommy.scm", "slots": "stock waste foundation*4 reserve*4"},
    "Spider": {"file": "spider.scm", "slots": "stock foundation*8 tableau*10",
               "variants": [("", ["Four Suits"], {"suits": "4"}), ("TwoSuits", ["Two Suits"], {"suits": "2"}),
                            ("OneSuit", ["One Suit"], {"suits": "1"})]},
    "Spiderette": {"file": "spiderette.scm", "slots": "stock foundation*4 tableau*7"},
    "StraightUp": {"file": "straight-up.scm", "slots": "stock waste foundation*4 reserve tableau*4"},
    "StreetsAndAlleys": {"file": "streets-and-alleys.scm", "slots": CASTLE},
    "TenAcross": {"file": "ten-across.scm", "slots": "cell*2 tableau*10",
                  "variants": [("", ["Allow temporary spots use"], {"reuse_spots": "true"}),
                               ("NoReuse", [], {"reuse_spots": "false"})]},
    "Terrace": {"file": "terrace.scm", "slots": "stock waste reserve foundation*8 tableau*9"},
    # Terrace's variations, each a rule file of its own.
    "BlondesAndBrunettes": {"file": "terrace.scm", "slots": "stock waste reserve foundation*8 tableau*8",
                            "variants": [("", ["Blondes and Brunettes"], {})], "memory": {"base": "foundation[1]"}},
    "Redheads": {"file": "terrace.scm", "slots": "stock waste reserve foundation*8 tableau*8",
                 "variants": [("", ["Redheads"], {})], "memory": {"base": "foundation[1]"}},
    "GeneralsPatience": {"file": "terrace.scm", "slots": "stock waste reserve foundation*8 tableau*9",
                         "variants": [("", ["General's Patience"], {})]},
    "FallingStars": {"file": "terrace.scm", "slots": "stock waste reserve foundation*8 tableau*9",
                     "variants": [("", ["Falling Stars"], {})], "memory": {"base": "foundation[1]"}},
    "Signora": {"file": "terrace.scm", "slots": "stock waste reserve foundation*8 tableau*9",
                "variants": [("", ["Signora"], {})], "memory": {"base": "foundation[1]"}},
    "Wood": {"file": "terrace.scm", "slots": "stock waste reserve foundation*8 tableau*9",
             "variants": [("", ["Wood"], {})], "memory": {"base": "foundation[1]"}},
    # The waste's earlier cards, turned down beside the stock at each deal, are the bottom of the
    # rule file's waste.
    # Multiplier Scoring changes only the score, which the rule file does not keep: it is walked to
    # show that its plays are the default's. Progressive Rounds is not written (Docs/Games.md).
    "TriplePeaks": {"file": "triple-peaks.scm", "slots": "stock waste waste tableau*28", "gestures": True,
                    "variants": [("", [], {}), ("MultiplierScoring", ["Multiplier Scoring"], {})]},
    "Thieves": {"file": "thieves.scm", "slots": "tableau*7 stock waste", "gestures": True},
    "Thirteen": {"file": "thirteen.scm", "slots": "stock waste pyramid*28", "rest": "discard", "gestures": True},
    "ThumbAndPouch": {"file": "thumb-and-pouch.scm", "slots": "stock waste foundation*4 tableau*7"},
    "UnionSquare": {"file": "union-square.scm",
                    "slots": "stock waste tableau[1-4] foundation[1] tableau[5-8] foundation[2] tableau[9-12] foundation[3] "
                             "tableau[13-16] foundation[4]"},
    "Valentine": {"file": "valentine.scm", "slots": "stock waste tableau*4"},
    # The kings of spades on the throne are made by the game file; the cards a fight uses up leave
    # the table.
    "Wall": {"file": "wall.scm", "slots": "throne high_guard*3 low_guard*4 wall*45 stock waste*3", "rest": "discard"},
    "Westhaven": {"file": "westhaven.scm", "slots": "stock waste foundation*4 tableau*10"},
    "Whitehead": {"file": "whitehead.scm", "slots": "stock waste foundation*4 tableau*7"},
    "WillOTheWisp": {"file": "will-o-the-wisp.scm", "slots": "stock foundation*4 tableau*7"},
    "Yukon": {"file": "yukon.scm", "slots": "foundation[1] tableau*7 foundation[2-4]"},
    "Zebra": {"file": "zebra.scm", "slots": "stock waste foundation*8 tableau*8"},
    "AuntMary": {"file": "aunt-mary.scm", "slots": "stock waste foundation*4 tableau*6"},
    "Camelot": {"file": "camelot.scm", "slots": "grid*16 stock waste", "rest": "discard", "gestures": True},
    "Maze": {"file": "maze.scm", "slots": "upper*27 lower*27", "rest": "kings"},
    "NapoleonsTomb": {"file": "napoleons-tomb.scm",
                      "slots": "stock waste corner[1] cell[1] corner[2] cell[2] centre cell[3] corner[3] cell[4] corner[4]",
                      "variants": [("", ["Single card deals"], {"draw": "1", "autoplay": "false"}),
                                   ("Draw3", ["Three card deals"], {"draw": "3", "autoplay": "false"}),
                                   ("Autoplay", ["Single card deals", "Autoplay"], {"draw": "1", "autoplay": "true"}),
                                   ("Draw3Autoplay", ["Three card deals", "Autoplay"], {"draw": "3", "autoplay": "true"})]},
    "SpiderThreeDecks": {"file": "spider-three-decks.scm", "slots": "stock foundation*12 tableau*12"},
    "Treize": {"file": "treize.scm", "slots": "stock first_card waste pyramid*28", "rest": "discard", "gestures": True},
    "Yield": {"file": "yield.scm", "slots": "stock first_card waste pyramid*28", "rest": "discard", "gestures": True},
}

# The stand-in for Aisleriot's C side: slots, lambdas, random numbers and delayed calls.
INTERFACE = r"""
(define-module (aisleriot interface)
  #:export (set-feature-word! get-feature-word set-statusbar-message-c reset-surface add-slot
            get-slot set-cards-c! set-slot-y-expansion! set-slot-x-expansion! set-lambda
            set-lambda! aisleriot-random click-to-move? update-score get-timeout set-timeout!
            delayed-call undo-set-sensitive redo-set-sensitive dealable-set-sensitive
            harness-slots harness-slot-count harness-slot-types harness-reach harness-lambdas harness-set-slots!
            harness-seed! harness-take-delayed!))

(define slots (make-vector 128 '()))
(define types (make-vector 128 'unknown))
;; How many of a slot's top cards the player can pick up: one on a normal slot, where only the
;; top card shows, N on a slot that shows its N top cards, all of them on an expanded slot.
(define reaches (make-vector 128 1))
(define slot-count 0)
(define features 0)
(define lambdas '())
(define delayed '())
(define state (seed->random-state 0))

(define (harness-slots) slots)
(define (harness-slot-count) slot-count)
(define (harness-slot-types) types)
(define (harness-reach s) (vector-ref reaches s))
(define (harness-lambdas) lambdas)
(define (harness-set-slots! v) (set! slots v))
(define (harness-seed! n) (set! state (seed->random-state n)))
(define (harness-take-delayed!) (let ((d delayed)) (set! delayed '()) (reverse d)))

(define (set-feature-word! w) (set! features w))
(define (get-feature-word) features)
(define (set-statusbar-message-c m) #t)
(define (reset-surface) (set! slot-count 0) (set! slots (make-vector 128 '())) (set! delayed '()))
(define (add-slot slot)
  (vector-set! slots (car slot) (cadr slot))
  (if (> (length slot) 3) (vector-set! types (car slot) (cadddr slot)))
  (let ((placement (caddr slot)))
    (vector-set! reaches (car slot)
                 (case (car placement)
                   ((normal) 1)
                   ((partially-expanded partially-expanded-right) (caddr placement))
                   (else 1000))))
  (set! slot-count (max slot-count (+ 1 (car slot))))
  #t)
(define (get-slot id) (list id (vector-ref slots id)))
(define (set-cards-c! id cards) (vector-set! slots id cards) #t)
(define (set-slot-y-expansion! id e) #t)
(define (set-slot-x-expansion! id e) #t)
(define (set-lambda . procedures) (set! lambdas procedures) #t)
(define lambda-names '(new-game button-pressed button-released button-clicked button-double-clicked
                       game-over winning-game? hint get-options apply-options timeout droppable? dealable?))
(define (set-lambda! name procedure)
  (let loop ((names lambda-names) (procedures lambdas) (kept '()))
    (if (not (null? names))
        (loop (cdr names) (if (null? procedures) '() (cdr procedures))
              (cons (if (eq? (car names) name) procedure (if (null? procedures) #f (car procedures))) kept))
        (set! lambdas (reverse kept))))
  #t)
(define (aisleriot-random n) (random n state))
(define (click-to-move?) #f)
(define (update-score s) #t)
(define (get-timeout) 0)
(define (set-timeout! t) #t)
(define (delayed-call p) (set! delayed (cons p delayed)) #t)
(define (undo-set-sensitive s) #t)
(define (redo-set-sensitive s) #t)
(define (dealable-set-sensitive s) #t)
"""

# Loads the game file, then answers the driver's questions on standard input: `options A|B`
# sets the options labelled A and B and clears the others; `deal N` deals; `types` prints the
# slots' types; `state` prints the position and its legal plays (with the slots each play
# changes when `outcomes` is on); `play K` makes the K-th legal play.
DRIVER = r"""
(use-modules (aisleriot interface) (aisleriot api) (ice-9 rdelim))
(define game-file (cadr (command-line)))
(define game-module (current-module))
(define api-module (resolve-module '(aisleriot api)))
(load game-file)

(define (lambda-ref i) (list-ref (harness-lambdas) i))
(define (new-game) ((lambda-ref 0)))
(define (button-pressed s cards) ((lambda-ref 1) s cards))
(define (button-released s cards e) ((lambda-ref 2) s cards e))
(define (button-clicked s) ((lambda-ref 3) s))
(define (get-options) ((lambda-ref 8)))
(define (apply-options o) ((lambda-ref 9) o))

(define (saved-names) variable-list)
(define (snapshot)
  (list (vector-copy (harness-slots)) (get-score)
        (map (lambda (n) (module-ref game-module n)) (saved-names))
        (module-ref api-module 'FLIP-COUNTER)))
(define (restore! snap)
  (harness-set-slots! (vector-copy (car snap)))
  (set-score! (cadr snap))
  (for-each (lambda (n v) (module-set! game-module n v)) (saved-names) (caddr snap))
  (module-set! api-module 'FLIP-COUNTER (cadddr snap))
  (harness-take-delayed!))

;; The calls a game delays until its move is over, and those they delay, as the board makes them.
(define (run-delayed!)
  (let loop ((calls (harness-take-delayed!)) (rounds 0))
    (if (and (not (null? calls)) (< rounds 500))
        (begin
          (for-each (lambda (p) (catch #t p (lambda args #f))) calls)
          (loop (harness-take-delayed!) (+ rounds 1))))))

(define (card-text c)
  (string-append (if (caddr c) "" "#") (number->string (car c)) ":" (number->string (cadr c))))
(define (slot-text s) (string-join (map card-text (reverse (vector-ref (harness-slots) s))) " "))

(define (try-drag s n e)
  (let* ((cards (get-cards s)) (lifted (list-head cards n)))
    (set-cards! s (list-tail cards n))
    (let ((ok (catch #t (lambda () (button-released s lifted e)) (lambda args #f))))
      (if ok (run-delayed!))
      ok)))

(define (try-click s)
  (let ((ok (catch #t (lambda () (button-clicked s)) (lambda args #f))))
    (if ok (run-delayed!))
    ok))

(define outcomes #f)
(define (changes before)
  (let ((texts '()))
    (do ((s 0 (+ s 1))) ((= s (harness-slot-count)))
      (if (not (equal? (vector-ref before s) (vector-ref (harness-slots) s)))
          (set! texts (cons (string-append (number->string s) "=" (slot-text s)) texts))))
    (string-join (reverse texts) ";")))

(define (legal-plays)
  (let ((plays '()) (count (harness-slot-count)))
    (do ((s 0 (+ s 1))) ((= s count))
      (let ((cards (get-cards s)))
        (do ((n 1 (+ n 1))) ((> n (min (length cards) (harness-reach s))))
          (let ((lifted (list-head cards n)))
            (if (catch #t (lambda () (button-pressed s lifted)) (lambda args #f))
                (do ((e 0 (+ e 1))) ((= e count))
                  (if (or outcomes (not (= e s)))
                      (let ((snap (snapshot)))
                        (if (try-drag s n e)
                            (set! plays (cons (list 'move s n e (if outcomes (changes (car snap)) "")) plays)))
                        (restore! snap)))))))))
    (do ((s 0 (+ s 1))) ((= s count))
      (let ((snap (snapshot)))
        (if (try-click s)
            (set! plays (cons (list 'tap s 0 0 (if outcomes (changes (car snap)) "")) plays)))
        (restore! snap)))
    (reverse plays)))

(define (print-state plays)
  (display "slots")
  (do ((s 0 (+ s 1))) ((= s (harness-slot-count)))
    (display "|")
    (display (slot-text s)))
  (newline)
  (display "plays")
  (for-each (lambda (p) (display "|")
              (display (car p)) (display " ") (display (cadr p)) (display " ") (display (caddr p))
              (display " ") (display (cadddr p)) (display " ") (display (list-ref p 4)))
            plays)
  (newline)
  (display "end")
  (newline)
  (force-output))

(define (set-options! labels)
  (let ((chosen (map (lambda (entry)
                       (if (pair? entry) (list (car entry) (if (member (car entry) labels) #t #f)) entry))
                     (get-options))))
    (apply-options chosen)))

(define current '())
(let loop ((line (read-line)))
  (if (not (eof-object? line))
      (let ((words (string-split line #\space)))
        (cond ((string=? (car words) "options")
               (set-options! (string-split (substring line 8) #\|)))
              ((string=? (car words) "outcomes") (set! outcomes #t))
              ((string=? (car words) "deal")
               (harness-seed! (string->number (cadr words)))
               (new-game)
               (run-delayed!))
              ((string=? (car words) "types")
               (display "types")
               (do ((s 0 (+ s 1))) ((= s (harness-slot-count)))
                 (display "|") (display (vector-ref (harness-slot-types) s)))
               (newline) (display "end") (newline) (force-output))
              ((string=? (car words) "state")
               (set! current (legal-plays))
               (print-state current))
              ((string=? (car words) "play")
               (let ((p (list-ref current (string->number (cadr words)))))
                 (if (eq? (car p) 'tap)
                     (try-click (cadr p))
                     (try-drag (cadr p) (caddr p) (cadddr p))))))
        (loop (read-line)))))
"""


def slot_names(spec):
    """The pile names of a compact slot list (see GAMES)."""
    names = []
    for token in spec.split():
        if "*" in token:
            zone, count = token.split("*")
            names += [f"{zone}[{i}]" for i in range(1, int(count) + 1)]
            continue
        match = re.fullmatch(r"(\w+)\[(\d+)-(\d+)\]", token)
        if match:
            zone, first, last = match.group(1), int(match.group(2)), int(match.group(3))
            step = 1 if last >= first else -1
            names += [f"{zone}[{i}]" for i in range(first, last + step, step)]
            continue
        names.append(token)
    return names


def fixtures():
    """Every fixture: its name -> (rule file, game spec, Aisleriot options, rule-file options)."""
    table = {}
    for name, spec in GAMES.items():
        for variant in spec.get("variants", [("", [], spec.get("options", {}))]):
            suffix, labels, options = variant[:3]
            # A variant whose slots differ gives its own list.
            chosen = dict(spec, slots=variant[3]) if len(variant) > 3 else spec
            table[f"{name}-{suffix}" if suffix else name] = (name, chosen, labels, options)
    return table


def card(text):
    face_down = text.startswith("#")
    value, suit = text.lstrip("#").split(":")
    if value == "0":                 # Aisleriot's jokers
        return ("#" if face_down else "") + "JK"
    return ("#" if face_down else "") + RANKS.get(int(value), value) + SUITS[int(suit)]


def pile_text(text):
    return " ".join(card(c) for c in text.split())


class Driver:
    """One Guile process running one game file."""

    def __init__(self, folder, game_file):
        self.process = subprocess.Popen(["guile", "--no-auto-compile", "-L", folder, "-L", os.path.dirname(game_file),
                                         os.path.join(folder, "driver.scm"), game_file],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def ask(self, line):
        self.send(line)
        lines = {}
        while True:
            answer = self.process.stdout.readline()
            if not answer:
                sys.exit("guile stopped")
            answer = answer.rstrip("\n")
            if answer == "end":
                return lines
            key, _, rest = answer.partition("|")
            lines[key] = rest.split("|") if rest else []

    def close(self):
        self.process.stdin.close()
        self.process.wait()


class Play:
    def __init__(self, text, names):
        kind, s, n, e, changed = (text.split(" ", 4) + [""])[:5]
        s, n, e = int(s), int(n), int(e)
        if kind == "tap":
            self.text = f"tap({names[s]})"
            self.reverse = None
        else:
            count = "" if n == 1 else f"x{n}"
            self.text = f"{names[s]}{count}->{names[e]}"
            self.reverse = f"{names[e]}{count}->{names[s]}"
        self.slots = {}              # the slots the play changes, by number, with their cards
        for item in filter(None, changed.split(";")):
            slot, _, cards = item.partition("=")
            self.slots[int(slot)] = cards

    def changes(self, slots, names):
        """The piles the play changes, by name, with their cards afterwards."""
        before = piles_of(slots, names)
        after = piles_of([self.slots.get(i, text) for i, text in enumerate(slots)], names)
        return {k: v for k, v in after.items() if before[k] != v}


def piles_of(slots, names):
    """The piles of the game's slots, by name; slots that share a name make one pile, the first
    slot's cards at the bottom (Backbone's reserve, a card to a slot)."""
    piles = {}
    for i, text in enumerate(slots):
        assert names[i] != "-" or not text, f"slot {i}, written '-', holds cards"
        if names[i] != "-":
            piles[names[i]] = " ".join(filter(None, [piles.get(names[i], ""), pile_text(text)]))
    return piles


def walk(driver, fixture, deal, names, spec):
    gestures = spec.get("gestures", False)
    rng = random.Random(f"{fixture}-{deal}")
    driver.send(f"deal {deal}")
    state = driver.ask("state")
    assert len(state["slots"]) == len(names), f"{fixture}: {len(state['slots'])} slots, {len(names)} names"
    start = piles_of(state["slots"], names)
    piles = dict(start)
    steps = []
    reverse = None
    for _ in range(WALK_STEPS):
        slots = state["slots"]
        plays = [Play(p, names) for p in state["plays"]]
        if not plays:
            break
        choices = [i for i, p in enumerate(plays) if p.text != reverse] or list(range(len(plays)))
        weights = [4 if "foundation" in plays[i].text.split("->")[-1] else 1 for i in choices]
        chosen = rng.choices(choices, weights)[0]
        driver.send(f"play {chosen}")
        state = driver.ask("state")
        after = piles_of(state["slots"], names)
        step = {"plays": " ".join(sorted(p.text for p in plays)), "play": plays[chosen].text,
                "after": {k: v for k, v in after.items() if piles[k] != v}}
        if gestures:
            step["outcomes"] = {p.text: p.changes(slots, names) for p in sorted(plays, key=lambda p: p.text)}
        steps.append(step)
        piles = after
        reverse = plays[chosen].reverse
    memory = {}
    for name, pile in spec.get("memory", {}).items():
        top = start[pile].split()[-1].lstrip("#")
        memory[name] = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(top[:-1], None) or int(top[:-1])
    return {"deal": deal, "piles": start, "memory": memory, "steps": steps}


def make(fixture, out_dir, folder, checkout):
    rules, spec, labels, options = fixtures()[fixture]
    names = slot_names(spec["slots"])
    driver = Driver(folder, os.path.join(checkout, "games", spec["file"]))
    if spec.get("variants"):
        driver.send("options " + "|".join(labels))
    gestures = spec.get("gestures", False)
    if gestures:
        driver.send("outcomes")
    walks = []
    deal = 0
    while deal < MAX_DEALS and (len(walks) < MIN_DEALS or sum(len(w["steps"]) for w in walks) < MIN_PLAYS):
        deal += 1
        walks.append(walk(driver, fixture, deal, names, spec))
    driver.close()
    head = {"fixture": fixture, "rules": rules, "options": options,
            "aisleriot": {"file": f"games/{spec['file']}", "options": labels, "commit": commit(checkout)},
            "madeBy": "Scripts/make-aisleriot-move-fixtures.py", "gestures": gestures}
    if spec.get("rest"):
        head["rest"] = spec["rest"]
    path = os.path.join(out_dir, f"{fixture}.json")
    # One line a step, so that a regenerated fixture differs from the old one line by line.
    with open(path, "w") as f:
        f.write("{\n")
        for key, value in head.items():
            f.write(f"  {json.dumps(key)}: {json.dumps(value)},\n")
        f.write('  "walks": [\n')
        texts = []
        for w in walks:
            steps = ",\n".join("      " + json.dumps(s, separators=(",", ":")) for s in w["steps"])
            texts.append(f'    {{"deal": {w["deal"]}, "memory": {json.dumps(w["memory"])}, "piles": {json.dumps(w["piles"], separators=(",", ":"))},\n'
                         f'     "steps": [\n{steps}\n     ]}}')
        f.write(",\n".join(texts))
        f.write("\n  ]\n}\n")
    plays = sum(len(w["steps"]) for w in walks)
    print(f"wrote {path}: {len(walks)} walks, {plays} plays", file=sys.stderr)


def commit(checkout):
    try:
        return subprocess.run(["git", "-C", checkout, "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        return os.environ.get("AISLERIOT_COMMIT", "unknown")


def prepare(folder, checkout):
    os.makedirs(os.path.join(folder, "aisleriot"))
    with open(os.path.join(folder, "aisleriot", "interface.scm"), "w") as f:
        f.write(INTERFACE)
    shutil.copyfile(os.path.join(checkout, "games", "api.scm"), os.path.join(folder, "aisleriot", "api.scm"))
    with open(os.path.join(folder, "driver.scm"), "w") as f:
        f.write(DRIVER)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--aisleriot", required=True, help="a folder holding Aisleriot's games/api.scm")
    parser.add_argument("--out", default="Tests/Fixtures/aisleriot")
    parser.add_argument("--types", metavar="FILE", help="print the slots' types and first cards of a game file, to write its slot list")
    parser.add_argument("fixtures", nargs="*")
    args = parser.parse_args()
    if shutil.which("guile") is None:
        sys.exit("needs guile (apt-get install guile-3.0)")
    checkout = os.path.abspath(args.aisleriot)
    table = fixtures()
    with tempfile.TemporaryDirectory() as folder:
        prepare(folder, checkout)
        if args.types:
            driver = Driver(folder, os.path.join(checkout, "games", args.types))
            driver.send("deal 1")
            types = driver.ask("types")["types"]
            slots = driver.ask("state")["slots"]
            driver.close()
            for i, (t, s) in enumerate(zip(types, slots)):
                print(i, t, len(s.split()), pile_text(s)[:60])
            return
        os.makedirs(args.out, exist_ok=True)
        names = args.fixtures or list(table)
        for name in names:
            chosen = [f for f in table if f == name or table[f][0] == name]
            if not chosen:
                sys.exit(f"unknown fixture {name}; known: {', '.join(table)}")
            for fixture in chosen:
                make(fixture, args.out, folder, checkout)


if __name__ == "__main__":
    main()
